package main

import (
	"fmt"
	"io"

	"github.com/kiln-gpu/kiln"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/spirv"
	"github.com/kiln-gpu/kiln/spirv/spv"
	"github.com/kiln-gpu/kiln/spirv/validate"
)

// runCompile implements `kiln compile FILE.mlir [-o OUT] [--target-env=vulkan1.X]`:
// it runs the kernel pipeline on every gpu.module and writes OUT/<module>.spv
// for each, validated by spirv-val, and OUT/manifest.json describing entry
// points, bindings and workgroup sizes.
//
// With --spirv-opt=FLAGS each module then goes through spirv-opt (see
// optimizeCompiled).
func runCompile(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	cl := newCommandLine("kiln compile", "kiln compile FILE.mlir|- [-o DIR] [--target-env=vulkan1.0..1.3|opengl4.5] [--spirv-opt=FLAGS]",
		"Compiles every gpu.module to a spirv-val-checked DIR/<module>.spv and writes\n"+
			"DIR/manifest.json (entry points, bindings, workgroup sizes).")
	fs := cl.fs
	outDir := fs.String("o", ".", "output `DIR` for the .spv files and manifest.json")
	envFlag := fs.String("target-env", "", "spirv-val `ENV`ironment, vulkan1.0 to vulkan1.3 or opengl4.5 (OpenGL 4.5 with GL_ARB_gl_spirv: SPIR-V 1.0, scalar arguments in uniform blocks); also the SPIR-V version of modules without a spirv.target_env")
	in := cl.inputFlag()
	optFlags := fs.String("spirv-opt", "", "run SPIRV-Tools' spirv-opt with these `FLAGS` (e.g. -O) on each module, then spirv-val again")
	files, code := cl.parse(args, stdout, stderr)
	if code >= 0 {
		return code
	}
	if len(files) != 1 {
		return cl.usageError(stderr, "give one input file")
	}
	ctx, mod, err := loadKernelFile(in, files[0], stdin)
	if err != nil {
		return reportDiag(ctx, "kiln compile", err, stderr)
	}
	reg := kiln.Passes()
	c := &kiln.Compiler{Passes: reg}
	var env *spirv.TargetEnvAttr
	if *envFlag != "" {
		v, ok := vulkanVersions[*envFlag]
		if !ok {
			fmt.Fprintf(stderr, "kiln compile: unknown --target-env %q (want vulkan1.0, vulkan1.1, vulkan1.2, vulkan1.3 or opengl4.5)\n", *envFlag)
			return 2
		}
		c.Validator = &validate.Validator{Env: validate.Env(*envFlag)}
		c.MaxVersion = v
		env = versionedEnv(ctx, v)
		if *envFlag == string(validate.OpenGL4_5) {
			c.API = spirv.APIOpenGL
			t := env.TargetEnv
			t.API = spirv.APIOpenGL
			env = spirv.NewTargetEnv(ctx, t)
		}
	}
	if err := kiln.Outline(mod, reg); err != nil {
		return reportDiag(ctx, "kiln compile", err, stderr)
	}
	compiled, err := c.CompileAll(mod, env)
	if err != nil {
		return reportDiag(ctx, "kiln compile", err, stderr)
	}
	if *optFlags != "" {
		if err := optimizeCompiled(compiled, *optFlags); err != nil {
			fmt.Fprintf(stderr, "kiln compile: %v\n", err)
			return 1
		}
	}
	if err := (&kiln.Program{Modules: compiled}).WriteDir(*outDir); err != nil {
		fmt.Fprintf(stderr, "kiln compile: %v\n", err)
		return 1
	}
	return 0
}

// vulkanVersions maps --target-env values to the SPIR-V version each accepts.
var vulkanVersions = map[string]spv.Version{
	"vulkan1.0": spv.MakeVersion(1, 0), "vulkan1.1": spv.MakeVersion(1, 3),
	"vulkan1.2": spv.MakeVersion(1, 5), "vulkan1.3": spv.MakeVersion(1, 6),
	// GL_ARB_gl_spirv: SPIR-V 1.0 for OpenGL 4.5, kiln run --backend=gl.
	string(validate.OpenGL4_5): spv.MakeVersion(1, 0),
}

// versionedEnv is spirv's default target environment at SPIR-V version v.
func versionedEnv(ctx *ir.Context, v spv.Version) *spirv.TargetEnvAttr {
	d := spirv.DefaultTargetEnv(ctx)
	t := d.TargetEnv
	t.VCE = spirv.VCE(ctx, v, d.Capabilities(), d.Extensions())
	t.API = spirv.APIVulkan
	return spirv.NewTargetEnv(ctx, t)
}
