// Package runner executes host programs whose gpu.launch_func ops run on
// Vulkan: what `kiln run` does, and what mlir-vulkan-runner does upstream,
// without an LLVM JIT.
//
// Host code (func.func @main with memref.alloc, constants, loops, calls to
// the runner utilities) runs in package interp. Each gpu.launch_func is
// handed to a launcher: Vulkan, which compiles the kernel's gpu.module once
// per target environment (Compiler: pass pipeline by name, serialize,
// spirv-val), binds each argument by its spirv.interface_var_abi (set,
// binding) and dispatches `blocks in (x, y, z)` workgroups; GL (Options.
// Backend "gl", gl.go), which does the same on an OpenGL 4.5 context with
// kernels compiled for OpenGL (GLTargetEnv); or, with Options.Reference,
// interp's simulation.
//
// Host memrefs stay interp memrefs. Around each launch the runner copies
// every memref argument into a Vulkan buffer it keeps per host view (the
// buffer is allocated once and reused by later launches) and copies it back
// after the dispatch's fence, so the next host op sees the kernel's
// results. Copying rather than backing interp buffers with mapped memory
// keeps interp independent of Vulkan and works the same when the device
// memory is not host-visible; for the small buffers of test programs the
// copies cost less than the submission itself.
//
//	mod, _ := ir.Parse(ctx, src, "addf.mlir")
//	rep, err := runner.Run(mod, runner.Options{
//		Passes:    kiln.Passes(),
//		Device:    "lavapipe",
//		Validate:  true,
//		Out:       os.Stdout,
//	})
//	for _, l := range rep.Launches { fmt.Println(l.Kernel, l.Device, l.Host) }
package runner
