package gpu

import "github.com/kiln-gpu/kiln/ir"

// Discardable attributes of the dialect.
const (
	// KernelAttrName marks a function as a kernel launchable from the host.
	KernelAttrName = "gpu.kernel"
	// ContainerModuleAttrName marks a builtin.module that holds gpu.modules
	// and launches their kernels with gpu.launch_func.
	ContainerModuleAttrName = "gpu.container_module"
	// KnownBlockSizeAttrName and KnownGridSizeAttrName give launch sizes on
	// functions other than gpu.func (and on gpu.func in MLIR 16).
	KnownBlockSizeAttrName = "gpu.known_block_size"
	KnownGridSizeAttrName  = "gpu.known_grid_size"
)

// Dialect returns the gpu dialect.
func Dialect() *ir.Dialect { return dialect }

var dialect = &ir.Dialect{
	Name: "gpu",
	// All ops inlinable, as MLIR's gpu inliner interface says.
	Inliner: ir.OpsInlinable(),
	Summary: "GPU kernels and launches: modules, kernel functions, thread and block ids, subgroup and workgroup collectives, device memory and async tokens.",
	Ops: []*ir.OpDef{
		moduleDef, moduleEndDef, binaryDef, funcDef, returnDef, launchDef, terminatorDef, launchFuncDef,
		threadIDDef, blockIDDef, blockDimDef, gridDimDef, globalIDDef,
		clusterIDDef, clusterDimDef, clusterDimBlocksDef, clusterBlockIDDef,
		laneIDDef, subgroupIDDef, numSubgroupsDef, subgroupSizeDef, dynamicSharedDef,
		allReduceDef, subgroupReduceDef, yieldDef, shuffleDef, subgroupBroadcastDef, rotateDef, barrierDef, initializeNamedBarrierDef,
		warpExecuteDef, ballotDef,
		mmaLoadDef, mmaStoreDef, mmaComputeDef, mmaConstantDef, mmaElementwiseDef, mmaExtractDef, mmaInsertDef,
		allocDef, deallocDef, memcpyDef, memsetDef, waitDef, hostRegisterDef, hostUnregisterDef, setDefaultDeviceDef, printfDef,
		createDnTensorDef, destroyDnTensorDef, createCooDef, createCsrDef, destroySpMatDef,
		spmvBufferSizeDef, spmvDef, spmmBufferSizeDef, spmmDef, sddmmBufferSizeDef, sddmmDef,
		createCooAoSDef, createCscDef, createBsrDef, create2To4SpMatDef, spgemmCreateDescrDef, spgemmDestroyDescrDef,
		spgemmWorkEstimationOrComputeDef, spgemmCopyDef, spmatGetSizeDef, setCsrPointersDef,
	},
	ParseType:  parseType,
	ParseAttr:  parseAttr,
	VerifyAttr: verifyAttr,
}
