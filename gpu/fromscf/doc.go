// Package fromscf maps scf.parallel loops to GPU hardware ids and converts
// them to gpu.launch: MLIR's gpu-map-parallel-loops
// (Dialect/GPU/Transforms/ParallelLoopMapper.cpp) and
// convert-parallel-loops-to-gpu (Conversion/SCFToGPU).
package fromscf
