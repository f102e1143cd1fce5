package kiln

import (
	"sync"

	"github.com/kiln-gpu/kiln/interp"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/spirv"
	"github.com/kiln-gpu/kiln/spirv/spv"
)

// refDevice runs kernels in interp's simulation, with the workgroup size
// the compiled kernel declares, as a Vulkan dispatch would use it.
type refDevice struct {
	ctx *ir.Context // owns the element types of buffers
	mu  sync.Mutex  // serializes launches, which share buffers
}

func openReference() *Device {
	lim := spirv.DefaultResourceLimits()
	return &Device{
		Name: Reference,
		Type: Reference,
		Limits: Limits{
			MaxWorkgroupInvocations: uint32(lim.MaxComputeWorkgroupInvocations),
			MaxWorkgroupSize:        [3]uint32{uint32(lim.MaxComputeWorkgroupSize[0]), uint32(lim.MaxComputeWorkgroupSize[1]), uint32(lim.MaxComputeWorkgroupSize[2])},
			MaxWorkgroupCount:       [3]uint32{65535, 65535, 65535},
			MaxSharedMemory:         uint32(lim.MaxComputeSharedMemorySize),
			MaxStorageBufferRange:   1<<31 - 1,
			SubgroupSize:            uint32(lim.SubgroupSize),
		},
		be: &refDevice{ctx: NewContext()},
	}
}

// targetEnv is what a Vulkan 1.1 desktop device offers: the simulation
// runs every type and subgroup op, so kernels compile as they would for
// such a device.
func (r *refDevice) targetEnv(ctx *ir.Context) *spirv.TargetEnvAttr {
	caps := []spv.Capability{spv.CapabilityShader, spv.CapabilityInt64, spv.CapabilityFloat64, spv.CapabilityInt16,
		spv.CapabilityInt8, spv.CapabilityFloat16, spv.CapabilityStorageBuffer8BitAccess, spv.CapabilityStorageBuffer16BitAccess,
		spv.CapabilityGroupNonUniform, spv.CapabilityGroupNonUniformVote, spv.CapabilityGroupNonUniformArithmetic,
		spv.CapabilityGroupNonUniformBallot, spv.CapabilityGroupNonUniformShuffle, spv.CapabilityGroupNonUniformShuffleRelative,
		spv.CapabilityGroupNonUniformClustered, spv.CapabilityGroupNonUniformQuad}
	exts := []string{"SPV_KHR_storage_buffer_storage_class", "SPV_KHR_8bit_storage", "SPV_KHR_16bit_storage"}
	return spirv.NewTargetEnv(ctx, spirv.TargetEnv{
		VCE:      spirv.VCE(ctx, spv.MakeVersion(1, 3), caps, exts),
		API:      spirv.APIVulkan,
		DeviceID: spirv.UnknownDeviceID,
		Limits:   spirv.Limits(ctx, spirv.DefaultResourceLimits()),
	})
}

func (r *refDevice) close() error { return nil }

func (r *refDevice) release(*Program) {}

type refBuffer struct{ mr *interp.MemRef }

func (r *refDevice) alloc(elem string, shape []int64, _ int64) (bufferImpl, error) {
	t, err := ir.ParseTypeString(r.ctx, elem)
	if err != nil {
		return nil, err
	}
	return refBuffer{interp.NewMemRef(t, shape, nil)}, nil
}

func (b refBuffer) write(data []byte) error { return b.mr.SetBytes(data) }

func (b refBuffer) read(data []byte) error {
	copy(data, b.mr.Bytes())
	return nil
}

func (b refBuffer) free() { b.mr.Buf.Freed = true }

func (r *refDevice) launch(p *Program, m *Module, k *Kernel, fn *ir.Operation, grid [3]uint32, args []any) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	vals := make([]interp.Value, len(args))
	entry := fn.Region(0).Entry()
	for i, a := range args {
		switch a := a.(type) {
		case *Buffer:
			mr := a.impl.(refBuffer).mr
			// The kernel's element type (of the kernel's context), the
			// view's shape.
			elem := entry.Arg(i).Type().(*ir.MemRefType).Elem
			strides := make([]int64, len(a.shape))
			for d, st := len(a.shape)-1, int64(1); d >= 0; d-- {
				strides[d], st = st, st*a.shape[d]
			}
			vals[i] = &interp.MemRef{Buf: mr.Buf, Elem: elem, Sizes: a.shape, Strides: strides}
		case interp.Scalar:
			vals[i] = a
		}
	}
	mach := interp.New(p.mod)
	mach.SubgroupSize = int(p.dev.Limits.SubgroupSize)
	// Vulkan devices run with robustBufferAccess: out-of-bounds accesses
	// are defined there, so they are in the simulation too.
	mach.RobustAccess = true
	g := [3]int64{int64(grid[0]), int64(grid[1]), int64(grid[2])}
	ws := k.WorkgroupSize
	return interp.Simulate(mach, fn, fn, g, [3]int64{int64(ws[0]), int64(ws[1]), int64(ws[2])}, vals)
}
