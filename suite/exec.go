package suite

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/kiln-gpu/kiln/amber"
	"github.com/kiln-gpu/kiln/lit"
	"github.com/kiln-gpu/kiln/runtime/vulkan"
)

// Env is what the tests of a suite share: the devices, opened once,
// the shader cache, and the lit environment. Its Exec method is the
// suite's Executor.
type Env struct {
	// Devices are the open devices of the matrix; Indexes their indexes
	// in the instance, which RUN lines and host programs get as
	// KILN_DEVICE / the device to select.
	Devices []*vulkan.Device
	Indexes []int
	// Lit runs .mlir files with RUN lines (nil: they are errors).
	Lit *lit.Env
	// Host runs a host program on the device of instance index dev and
	// returns what it printed (nil: host programs are errors). An error
	// wrapping ErrUnsupported makes the test unsupported.
	Host func(ctx context.Context, path string, dev int) (string, error)
	// FileCheck is the FileCheck binary host programs' output is checked
	// with.
	FileCheck string

	compiler amber.Compiler
}

// ErrUnsupported marks a Host error that says the device cannot run the
// program (a capability, extension or SPIR-V version it lacks).
var ErrUnsupported = errors.New("unsupported on this device")

// OpenDevices opens the devices specs name (an index or a name
// substring each, or "all" for every device Kiln can use), each once.
func OpenDevices(inst *vulkan.Instance, specs []string) ([]*vulkan.Device, []int, error) {
	var idx []int
	for _, s := range specs {
		if s == "all" {
			for _, d := range inst.Devices() {
				if d.Unsupported == "" {
					idx = append(idx, d.Index)
				}
			}
			continue
		}
		i, err := inst.Select(s)
		if err != nil {
			return nil, nil, err
		}
		idx = append(idx, i)
	}
	var devs []*vulkan.Device
	var out []int
	for _, i := range idx {
		if slices.Contains(out, i) {
			continue
		}
		d, err := inst.Open(i, vulkan.DeviceConfig{})
		if err != nil {
			for _, d := range devs {
				d.Close()
			}
			return nil, nil, err
		}
		devs, out = append(devs, d), append(out, i)
	}
	if len(devs) == 0 {
		return nil, nil, fmt.Errorf("no device Kiln can use")
	}
	return devs, out, nil
}

// Names are the names of the devices, for Config.Devices.
func (e *Env) Names() []string {
	names := make([]string, len(e.Devices))
	for i, d := range e.Devices {
		names[i] = d.Info().Name
	}
	return names
}

// Exec runs test t on device dev (an index into Devices).
func (e *Env) Exec(ctx context.Context, t Test, dev int) Result {
	switch t.Kind {
	case Amber:
		return e.amber(ctx, t, dev)
	case Lit:
		return e.lit(ctx, t, dev)
	}
	return e.host(ctx, t, dev)
}

// expectFail reports whether an Amber file is expected to fail, as
// google/amber's own runner marks them: ".expect_fail." in the name.
func expectFail(path string) bool { return strings.Contains(path, ".expect_fail.") }

func (e *Env) amber(ctx context.Context, t Test, dev int) Result {
	src, err := os.ReadFile(t.Path)
	if err != nil {
		return Result{Outcome: Error, Message: err.Error()}
	}
	s, err := amber.Parse(t.Path, src)
	if err == nil {
		err = s.Run(ctx, e.Devices[dev], &e.compiler)
	}
	var u *amber.UnsupportedError
	var m *amber.Mismatch
	r := Result{Outcome: Pass}
	switch {
	case errors.As(err, &u):
		return Result{Outcome: Unsupported, Message: u.Error()}
	case errors.As(err, &m):
		r = Result{Outcome: Fail, Message: m.Error()}
	case err != nil:
		return Result{Outcome: Error, Message: err.Error()}
	}
	if expectFail(t.Path) {
		if r.Outcome == Fail {
			return Result{Outcome: Pass, Message: "failed as its name expects: " + r.Message}
		}
		return Result{Outcome: Fail, Message: "passed, but its name (.expect_fail.) expects a failure"}
	}
	return r
}

func (e *Env) lit(ctx context.Context, t Test, dev int) Result {
	if e.Lit == nil {
		return Result{Outcome: Error, Message: "no lit environment (FileCheck missing?)"}
	}
	src, err := os.ReadFile(t.Path)
	if err != nil {
		return Result{Outcome: Error, Message: err.Error()}
	}
	tmp, err := os.MkdirTemp("", "kiln-test-")
	if err != nil {
		return Result{Outcome: Error, Message: err.Error()}
	}
	defer os.RemoveAll(tmp)
	env := *e.Lit
	env.Environ = append(append([]string{}, env.Environ...), "KILN_DEVICE="+strconv.Itoa(e.Indexes[dev]))
	if d, ok := ctx.Deadline(); ok {
		env.Timeout = max(time.Until(d), time.Millisecond)
	}
	lr := env.Run(t.Path, string(src), tmp)
	why := lr.Why
	if lr.Command != "" {
		why = "RUN: " + lr.Command + "\n" + why
	}
	switch lr.Status {
	case lit.Pass:
		return Result{Outcome: Pass}
	case lit.Unsupported:
		return Result{Outcome: Unsupported, Message: why}
	case lit.XFail:
		return Result{Outcome: XFail, Message: "XFAIL in the file: " + why}
	case lit.XPass:
		return Result{Outcome: Fail, Message: "marked XFAIL in the file, but passed"}
	}
	return Result{Outcome: Fail, Message: why}
}

func (e *Env) host(ctx context.Context, t Test, dev int) Result {
	if e.Host == nil || e.FileCheck == "" {
		return Result{Outcome: Error, Message: "host programs need kiln run and FileCheck"}
	}
	out, err := e.Host(ctx, t.Path, e.Indexes[dev])
	if errors.Is(err, ErrUnsupported) {
		return Result{Outcome: Unsupported, Message: err.Error()}
	}
	if err != nil {
		return Result{Outcome: Fail, Message: "kiln run: " + err.Error()}
	}
	cmd := exec.CommandContext(ctx, e.FileCheck, t.Path)
	cmd.Stdin = strings.NewReader(out)
	var msg bytes.Buffer
	cmd.Stdout, cmd.Stderr = &msg, &msg
	if err := cmd.Run(); err != nil {
		return Result{Outcome: Fail, Message: fmt.Sprintf("FileCheck: %v\n%s", err, msg.String())}
	}
	return Result{Outcome: Pass}
}
