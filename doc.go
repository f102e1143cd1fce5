// Package kiln compiles GPU kernels written in MLIR (the gpu, arith, math,
// memref, scf, vector, ... dialects) to SPIR-V and runs them on Vulkan or
// on the reference interpreter, with Go data:
//
//	dev, err := kiln.Open("lavapipe") // a Vulkan device; kiln.Reference: the interpreter
//	prog, err := dev.Compile(src)     // every gpu.module of src, checked by spirv-val
//	x, err := kiln.Upload(dev, []float32{1, 2, 3})
//	y, err := kiln.Alloc[float32](dev, 3)
//	err = prog.Launch("scale", kiln.Grid{1, 1, 1}, x, y, 2.5, 3)
//	out, err := kiln.Read[float32](y)
//
// Compile compiles without a device, for a target environment given or
// spirv's default; it and everything but Open of a Vulkan device build
// without cgo. A Program holds, per gpu.module, the SPIR-V words and, per
// kernel, its entry point, workgroup size and argument bindings: what
// `kiln compile` writes as manifest.json (Program.WriteDir, ReadDir).
//
// NewContext and Passes give every dialect and pass Kiln defines, for
// programs that parse, build or transform IR themselves (package ir,
// package ir/pass). Errors about the IR are *ir.Diagnostic values located
// in the source.
package kiln
