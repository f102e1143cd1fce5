// Package interp is Kiln's reference interpreter: it executes host
// functions and GPU kernels written in the func, cf, arith, math, memref,
// scf, vector, gpu, index and ub dialects on the CPU with MLIR's semantics.
// It is the oracle that Vulkan results are checked against.
//
// Each function (and each gpu.launch body) is compiled once, at its first
// call, into slot-indexed frames and blocks of ops resolved to handlers
// (each dialect's resolver, in handlers.go, picks an op's handler then, so
// nothing dispatches on names while running): scalar arith ops, scf.for,
// scf.if, func.call and scalar memref loads and stores run on the slots
// without allocation, elementwise arith and math ops and fma on vectors,
// scalar broadcasts, extracts and inserts at static positions, and vector
// loads, stores and unmasked transfers along a memref's trailing
// dimensions on the vectors' native slices, and every other op (or a fast
// op meeting poison, undefined behaviour or an unusual operand) runs its
// general handler. Ops are read generically through package ir, by name
// and attributes; the dialect packages it imports give it their semantics
// where they define them: arith and math ops are computed by
// arith.EvalInt/EvalFloat/EvalCmpI/EvalCmpF/EvalCast/EvalExtended and
// mathd's Eval functions, the same code the folders use, so folding and
// interpretation agree by construction; index's predicate attribute,
// vector's mask and reduction helpers, memref's dma operand layout and
// gpu's barrier scopes come from their packages too. It imports no lowering, runtime or SPIR-V
// package.
//
// Values are Scalars (integers as their low bits with two's-complement
// wraparound, floats rounded to their type after each op, and poison), n-d
// Vectors (unboxed: a float64 or the bits of each element, and a poison
// flag per element only once one is poison), and MemRefs: strided
// descriptors over a shared Buffer that holds the elements in their native
// layout (ElementSize bytes each, little-endian, i1 as one byte as MLIR's
// runner stores it; which bytes hold poison is tracked beside them once
// poison is stored), so that subview, reinterpret_cast, cast, expand_shape
// and collapse_shape alias their source. Undefined behaviour (division by
// zero, out-of-bounds accesses, barrier divergence, deadlock, runaway
// loops past MaxSteps) is returned as a located *ir.Diagnostic, never a
// panic.
//
// memref.view's typed views read and write the bytes of their i8 source. Memrefs of vectors come only from
// vector.type_cast: each vector element is its lanes' consecutive
// scalars, and only memref.load/store and vector.load/store of a whole
// element (plus dim, rank and casts) accept them.
// vector.mask applies its mask to transfers, vector.reduction,
// vector.multi_reduction and vector.contract (whose mask covers the
// iteration space: masked-off points do not contribute).
//
// gpu.launch_func calls Machine.Launch, by default Simulate: workgroups
// run one after another; within one, threads run as coroutines that meet
// at gpu.barrier and at the subgroup collectives (gpu.shuffle,
// gpu.subgroup_reduce, gpu.subgroup_broadcast, gpu.all_reduce) with
// workgroup attributions shared per workgroup and private ones per thread.
// gpu.ballot and gpu.warp_execute_on_lane_0 complete per subgroup too: the
// warp op needs warp_size equal to the subgroup size and runs its region
// once in lane 0's frame, gathering distributed vector arguments and
// slicing yielded vectors along their one distributed dimension (lane l
// holds slice l); its region may not contain collectives.
// gpu.dynamic_shared_memory is one i8 buffer per workgroup of the
// launch's dynamic_shared_memory_size.
// Bodiless functions resolve through Machine.Externals, which New fills
// with Utilities (the runner's fillResource and printMemref functions).
//
//	m := interp.New(module)
//	m.SubgroupSize = 16
//	m.Externals["myPrint"] = func(m *interp.Machine, call *ir.Operation, args []interp.Value) ([]interp.Value, error) { ... }
//	results, err := m.Call("main")
package interp
