package suite

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/kiln-gpu/kiln/runtime/gl"
	"github.com/kiln-gpu/kiln/runtime/vulkan"
)

// Backends of a Device.
const (
	Vulkan = "vulkan"
	GL     = "gl"
)

// A Device is one device of a suite's matrix: a Vulkan device or an
// OpenGL 4.5 context.
type Device struct {
	// Name is what reports call the device: the Vulkan device's name, or
	// "OpenGL " and the GL renderer.
	Name    string
	Backend string
	// Select chooses the device for RUN lines (KILN_DEVICE) and host
	// programs: its index in the Vulkan instance, or the EGL device index
	// ("" for EGL's surfaceless platform).
	Select string
	// Vulkan and its Instance, or GL, is the open device.
	Vulkan   *vulkan.Device
	Instance *vulkan.Instance
	GL       *gl.Context

	// validate is set under Env.Validate: the tests that use the device
	// in this process run one at a time (sem), so that each message of
	// its instance or debug context belongs to the test that caused it.
	validate bool
	ownInst  bool
	sem      chan struct{}
}

// acquire waits for the device under validation; it fails when ctx ends
// first (the test before holds the device past its timeout).
func (d *Device) acquire(ctx context.Context) error {
	if !d.validate {
		return nil
	}
	select {
	case d.sem <- struct{}{}:
		// Messages from before the test (none, unless an abandoned test
		// still runs) are not its own.
		d.messages()
		return nil
	case <-ctx.Done():
		return fmt.Errorf("waiting for device %s, held by an earlier test: %w", d.Name, ctx.Err())
	}
}

func (d *Device) release() {
	if d.validate {
		<-d.sem
	}
}

// messages returns and forgets what the validation layer (Vulkan) or the
// debug output (GL) reported since the last call.
func (d *Device) messages() []string {
	if !d.validate {
		return nil
	}
	if d.GL != nil {
		return d.GL.TakeMessages()
	}
	var out []string
	for _, m := range d.Instance.TakeMessages() {
		out = append(out, m.String())
	}
	return out
}

// Close closes the device, and its instance when it has its own, and
// returns what the validation layer or debug output reported meanwhile
// (objects left behind), which belongs to no test.
func (d *Device) Close() []string {
	if d.GL != nil {
		msgs := d.messages()
		d.GL.Close()
		return msgs
	}
	d.Vulkan.Close()
	if d.ownInst {
		d.Instance.Close()
	}
	return d.messages()
}

// Devices are the open devices of a suite.
type Devices []*Device

// Close closes every device and returns what their validation layers or
// debug outputs reported that no test caused, each message prefixed with
// its device's name.
func (ds Devices) Close() []string {
	var out []string
	for _, d := range ds {
		for _, m := range d.Close() {
			out = append(out, d.Name+": "+m)
		}
	}
	return out
}

// Names are the names of the devices, for Config.Devices.
func (ds Devices) Names() []string {
	names := make([]string, len(ds))
	for i, d := range ds {
		names[i] = d.Name
	}
	return names
}

// OpenDevices opens the devices specs name, each once: a Vulkan device
// by index or name substring ("" for $KILN_DEVICE, else the best), "gl"
// for an OpenGL 4.5 context on EGL's surfaceless platform, "gl:N" for one
// on EGL device N, or "all": every Vulkan device Kiln can use and, when
// a context can be made, the surfaceless GL one. inst lists the Vulkan
// devices (nil: no Vulkan; only GL specs then open). With validate, each
// Vulkan device gets an instance of its own with the validation layer
// on, and GL contexts are debug contexts: a device's messages then come
// from its own tests only, which run one at a time.
func OpenDevices(inst *vulkan.Instance, specs []string, validate bool) (Devices, error) {
	type spec struct {
		backend, sel string
	}
	var want []spec
	add := func(s spec) {
		if !slices.Contains(want, s) {
			want = append(want, s)
		}
	}
	for _, s := range specs {
		switch {
		case s == "all":
			if inst != nil {
				for _, d := range inst.Devices() {
					if d.Unsupported == "" {
						add(spec{Vulkan, fmt.Sprint(d.Index)})
					}
				}
			}
			if c, err := gl.Open(gl.Config{}); err == nil {
				c.Close()
				add(spec{GL, ""})
			} else if !errors.Is(err, gl.ErrNoContext) {
				return nil, err
			}
		case s == GL || strings.HasPrefix(s, GL+":"):
			add(spec{GL, strings.TrimPrefix(strings.TrimPrefix(s, GL), ":")})
		default:
			if inst == nil {
				return nil, fmt.Errorf("device %q: Vulkan is not available", s)
			}
			i, err := inst.Select(s)
			if err != nil {
				return nil, err
			}
			add(spec{Vulkan, fmt.Sprint(i)})
		}
	}
	var devs Devices
	for _, s := range want {
		d, err := openDevice(inst, s.backend, s.sel, validate)
		if err != nil {
			devs.Close()
			return nil, err
		}
		devs = append(devs, d)
	}
	if len(devs) == 0 {
		return nil, fmt.Errorf("no device Kiln can use")
	}
	return devs, nil
}

func openDevice(inst *vulkan.Instance, backend, sel string, validate bool) (*Device, error) {
	d := &Device{Backend: backend, Select: sel, validate: validate, sem: make(chan struct{}, 1)}
	if backend == GL {
		c, err := gl.Open(gl.Config{Debug: validate, Device: sel})
		if err != nil {
			return nil, err
		}
		d.GL, d.Name = c, "OpenGL "+c.Info().Renderer
		return d, nil
	}
	d.Instance = inst
	if validate {
		own, err := vulkan.NewInstance(vulkan.InstanceConfig{Validation: true})
		if err != nil {
			return nil, err
		}
		d.Instance, d.ownInst = own, true
	}
	idx, err := strconv.Atoi(sel)
	var dev *vulkan.Device
	if err == nil {
		dev, err = d.Instance.Open(idx, vulkan.DeviceConfig{})
	}
	if err != nil {
		if d.ownInst {
			d.Instance.Close()
		}
		return nil, err
	}
	d.Vulkan, d.Name = dev, dev.Info().Name
	// What opening said belongs to no test: it fails the suite's start.
	if msgs := d.messages(); len(msgs) > 0 {
		d.Close()
		return nil, fmt.Errorf("opening %s, the validation layer reported:\n%s", d.Name, strings.Join(msgs, "\n"))
	}
	return d, nil
}
