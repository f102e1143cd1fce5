//go:build cgo

package kiln

import (
	"fmt"
	"os"
	"strings"
	"sync"

	"github.com/kiln-gpu/kiln/interp"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/runtime/vulkan"
	"github.com/kiln-gpu/kiln/spirv"
)

// vkDevice runs kernels on a Vulkan device.
type vkDevice struct {
	inst *vulkan.Instance
	dev  *vulkan.Device
	info vulkan.DeviceInfo
	ctx  *ir.Context // owns the types of scalar arguments
	// validation is on: every message of the layer fails the launch
	// that caused it.
	validation bool

	mu      sync.Mutex
	kernels map[*Kernel]*vulkan.Kernel // pipelines, built on first launch
	scalars map[string]*vulkan.Buffer  // scalar arguments' buffers, by their bytes
}

// maxScalarBuffers bounds vkDevice.scalars; launches with other values
// make a buffer of their own.
const maxScalarBuffers = 256

func openVulkan(spec string) (*Device, error) {
	validation := os.Getenv("KILN_VALIDATE") == "1"
	inst, err := vulkan.NewInstance(vulkan.InstanceConfig{Validation: validation})
	if err != nil {
		return nil, fmt.Errorf("kiln.Open: cannot start Vulkan: %v", err)
	}
	if strings.EqualFold(spec, "lavapipe") {
		spec = "llvmpipe" // Mesa's lavapipe driver names its device llvmpipe
	}
	idx, err := inst.Select(spec)
	var dev *vulkan.Device
	if err == nil {
		dev, err = inst.Open(idx, vulkan.DeviceConfig{})
	}
	if err != nil {
		inst.Close()
		return nil, fmt.Errorf("kiln.Open: %v", err)
	}
	info := dev.Info()
	l := info.Limits
	return &Device{
		Name: info.Name,
		Type: info.Type,
		Limits: Limits{
			MaxWorkgroupInvocations: l.MaxComputeWorkGroupInvocations,
			MaxWorkgroupSize:        l.MaxComputeWorkGroupSize,
			MaxWorkgroupCount:       l.MaxComputeWorkGroupCount,
			MaxSharedMemory:         l.MaxComputeSharedMemorySize,
			MaxStorageBufferRange:   uint64(l.MaxStorageBufferRange),
			SubgroupSize:            info.Subgroup.Size,
		},
		be: &vkDevice{inst: inst, dev: dev, info: info, ctx: NewContext(), validation: validation,
			kernels: map[*Kernel]*vulkan.Kernel{}, scalars: map[string]*vulkan.Buffer{}},
	}, nil
}

func (v *vkDevice) targetEnv(ctx *ir.Context) *spirv.TargetEnvAttr {
	return DeviceTargetEnv(ctx, v.info)
}

func (v *vkDevice) close() error {
	v.mu.Lock()
	for _, k := range v.kernels {
		k.Free()
	}
	v.kernels = nil
	for _, b := range v.scalars {
		b.Free()
	}
	v.scalars = nil
	v.mu.Unlock()
	err := v.dev.Close()
	if merr := v.messages(); err == nil {
		err = merr // leaks included
	}
	v.inst.Close()
	return err
}

func (v *vkDevice) release(p *Program) {
	v.mu.Lock()
	defer v.mu.Unlock()
	for _, m := range p.Modules {
		for i := range m.Kernels {
			if vk := v.kernels[&m.Kernels[i]]; vk != nil {
				vk.Free()
				delete(v.kernels, &m.Kernels[i])
			}
		}
	}
}

type vkBuffer struct{ buf *vulkan.Buffer }

func (v *vkDevice) alloc(_ string, _ []int64, bytes int64) (bufferImpl, error) {
	// Vulkan has no empty buffers, and storage blocks are read in words.
	b, err := v.dev.NewBuffer(uint64(max(4, (bytes+3)/4*4)))
	if err != nil {
		return nil, err
	}
	return vkBuffer{b}, nil
}

func (b vkBuffer) write(data []byte) error { return b.buf.Write(0, data) }
func (b vkBuffer) read(data []byte) error  { return b.buf.Read(0, data) }
func (b vkBuffer) free()                   { b.buf.Free() }

func (v *vkDevice) launch(p *Program, m *Module, k *Kernel, fn *ir.Operation, grid [3]uint32, args []any) error {
	vk, err := v.kernel(m, k)
	if err != nil {
		return launchError(fn, "cannot make a Vulkan pipeline for kernel '%s': %v", k.Name, err)
	}
	var vkArgs []vulkan.Arg
	for i, a := range args {
		bd := k.Args[i]
		if bd.Unused {
			continue
		}
		var buf *vulkan.Buffer
		switch a := a.(type) {
		case *Buffer:
			buf = a.impl.(vkBuffer).buf
			if bd.Size > 0 && uint64(bd.Size) > buf.Size() {
				return launchError(fn, "argument %d of kernel '%s' holds %d bytes, the kernel reads %d", i, k.Name, buf.Size(), bd.Size)
			}
		case interp.Scalar:
			t, err := ir.ParseTypeString(v.ctx, bd.Elem)
			if err != nil {
				return launchError(fn, "argument %d of kernel '%s': %v", i, k.Name, err)
			}
			one := interp.NewMemRef(t, []int64{1}, nil)
			one.Set(a, 0)
			data := one.Bytes()
			if bd.Size > 0 && int64(len(data)) > bd.Size {
				data = data[:bd.Size] // an index lowered to i32
			}
			var temp bool
			buf, temp, err = v.scalarBuffer(data)
			if temp {
				defer buf.Free()
			}
			if err != nil {
				return launchError(fn, "argument %d of kernel '%s': %v", i, k.Name, err)
			}
		}
		vkArgs = append(vkArgs, vulkan.Arg{Set: bd.Set, Binding: bd.Binding, Buffer: buf})
	}
	_, err = v.dev.Dispatch(vk, grid, vkArgs, nil)
	if err == nil {
		err = v.messages()
	}
	if err != nil {
		return launchError(fn, "launch of kernel '%s' failed: %v", k.Name, err)
	}
	return nil
}

// scalarBuffer returns a buffer holding data, a scalar argument's bytes.
// Kernels only read their scalar arguments, so launches share one buffer
// for each value: a launch repeated with the same scalars then neither
// allocates nor uploads (on a discrete GPU an upload is a staged copy and
// a wait). Past maxScalarBuffers values the buffer is temp, the caller's
// to free.
func (v *vkDevice) scalarBuffer(data []byte) (buf *vulkan.Buffer, temp bool, err error) {
	v.mu.Lock()
	defer v.mu.Unlock()
	if buf := v.scalars[string(data)]; buf != nil {
		return buf, false, nil
	}
	if buf, err = v.dev.NewBuffer(uint64(max(4, len(data)))); err != nil {
		return nil, false, err
	}
	if err := buf.Write(0, data); err != nil {
		buf.Free()
		return nil, false, err
	}
	if len(v.scalars) >= maxScalarBuffers {
		return buf, true, nil
	}
	v.scalars[string(data)] = buf
	return buf, false, nil
}

// messages turns the validation layer's messages into an error.
func (v *vkDevice) messages() error {
	if !v.validation {
		return nil
	}
	var lines []string
	for _, m := range v.inst.TakeMessages() {
		lines = append(lines, m.String())
	}
	if len(lines) == 0 {
		return nil
	}
	return fmt.Errorf("the validation layer reported:\n%s", strings.Join(lines, "\n"))
}

// kernel returns the pipeline of k, built on first use.
func (v *vkDevice) kernel(m *Module, k *Kernel) (*vulkan.Kernel, error) {
	v.mu.Lock()
	defer v.mu.Unlock()
	if vk := v.kernels[k]; vk != nil {
		return vk, nil
	}
	spec := vulkan.KernelSpec{Code: m.Words, Entry: k.Entry, WorkgroupSize: k.WorkgroupSize}
	for _, a := range k.Args {
		if a.Unused {
			continue
		}
		b := vulkan.Binding{Set: a.Set, Binding: a.Binding}
		if a.StorageClass == "Uniform" {
			b.Class = vulkan.Uniform
		}
		spec.Bindings = append(spec.Bindings, b)
	}
	vk, err := v.dev.NewKernel(spec)
	if err != nil {
		return nil, err
	}
	if err := v.messages(); err != nil {
		vk.Free()
		return nil, err
	}
	v.kernels[k] = vk
	return vk, nil
}
