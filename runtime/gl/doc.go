// Package gl runs SPIR-V compute kernels through OpenGL 4.5 with
// GL_ARB_gl_spirv: Kiln's second runtime beside runtime/vulkan, for machines
// whose Vulkan is absent or broken, and a second opinion on every kernel.
// Like the Vulkan runtime it takes SPIR-V words and buffers and never
// imports the compiler's IR; what both share (the SPIR-V module checks,
// the workgroup limit checks, the error sentinels) is runtime/compute.
//
// Open makes a headless OpenGL 4.5 core context through a small EGL shim
// (kiln_egl.c) on EGL's surfaceless platform (EGL_PLATFORM_SURFACELESS_MESA)
// or on an EGL device Devices lists (EGL_PLATFORM_DEVICE_EXT),
// loading libEGL at run time: a machine without EGL gets an error wrapping
// ErrNoContext, not a binary that does not start. go-gl/gl's v4.5-core
// package supplies the GL calls, its function table filled from
// eglGetProcAddress. A GL context belongs to one thread, so each Context
// runs every call on a goroutine locked to a thread of its own, and is safe
// for concurrent use.
//
// NewKernel checks a module before Mesa sees it (Mesa crashes on SPIR-V
// written for Vulkan): SPIR-V 1.0 (1.3, for GroupNonUniform operations,
// with GL_KHR_shader_subgroup), no push constants, descriptor set 0
// only, 32-bit specialization constants, and the same structural and
// workgroup size checks as the Vulkan runtime. Run checks group counts,
// ranges, offset alignments and block sizes against the context's limits,
// dispatches with a memory barrier between dependent launches, and times
// each with GL_TIMESTAMP queries. Every GL error is checked and named
// (GL_INVALID_OPERATION, ...); with Config.Debug, the KHR_debug log's
// errors fail the call that caused them, and TakeMessages returns its
// errors, undefined, deprecated and portability messages (not the driver's
// notifications and performance hints).
package gl

//go:generate sh testdata/gen.sh
