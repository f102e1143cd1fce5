package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/runner"
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
	cl := newCommandLine("kiln compile", "kiln compile FILE.mlir|- [-o DIR] [--target-env=vulkan1.0..1.3] [--spirv-opt=FLAGS]",
		"Compiles every gpu.module to a spirv-val-checked DIR/<module>.spv and writes\n"+
			"DIR/manifest.json (entry points, bindings, workgroup sizes).")
	fs := cl.fs
	outDir := fs.String("o", ".", "output `DIR` for the .spv files and manifest.json")
	envFlag := fs.String("target-env", "", "spirv-val `ENV`ironment, vulkan1.0 to vulkan1.3; also the SPIR-V version of modules without a spirv.target_env")
	optFlags := fs.String("spirv-opt", "", "run SPIRV-Tools' spirv-opt with these `FLAGS` (e.g. -O) on each module, then spirv-val again")
	files, code := cl.parse(args, stdout, stderr)
	if code >= 0 {
		return code
	}
	if len(files) != 1 {
		return cl.usageError(stderr, "give one input file")
	}
	ctx, mod, err := loadKernelFile(files[0], stdin)
	if err != nil {
		return reportDiag(ctx, "kiln compile", err, stderr)
	}
	reg := passRegistry()
	c := &runner.Compiler{Passes: reg}
	var env *spirv.TargetEnvAttr
	if *envFlag != "" {
		v, ok := vulkanVersions[*envFlag]
		if !ok {
			fmt.Fprintf(stderr, "kiln compile: unknown --target-env %q (want vulkan1.0, vulkan1.1, vulkan1.2 or vulkan1.3)\n", *envFlag)
			return 2
		}
		c.Validator = &validate.Validator{Env: validate.Env(*envFlag)}
		c.MaxVersion = v
		env = versionedEnv(ctx, v)
	}
	if err := runner.Outline(mod, reg); err != nil {
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
	if err := writeCompiled(*outDir, compiled); err != nil {
		fmt.Fprintf(stderr, "kiln compile: %v\n", err)
		return 1
	}
	return 0
}

// vulkanVersions maps --target-env values to the SPIR-V version each accepts.
var vulkanVersions = map[string]spv.Version{
	"vulkan1.0": spv.MakeVersion(1, 0), "vulkan1.1": spv.MakeVersion(1, 3),
	"vulkan1.2": spv.MakeVersion(1, 5), "vulkan1.3": spv.MakeVersion(1, 6),
}

// versionedEnv is spirv's default target environment at SPIR-V version v.
func versionedEnv(ctx *ir.Context, v spv.Version) *spirv.TargetEnvAttr {
	d := spirv.DefaultTargetEnv(ctx)
	t := d.TargetEnv
	t.VCE = spirv.VCE(ctx, v, d.Capabilities(), d.Extensions())
	t.API = spirv.APIVulkan
	return spirv.NewTargetEnv(ctx, t)
}

// writeCompiled writes each module's words and the manifest into dir.
func writeCompiled(dir string, compiled []*runner.Compiled) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	var man runner.Manifest
	for _, c := range compiled {
		m := c.Manifest
		m.File = m.Module + ".spv"
		b := make([]byte, 4*len(c.Words))
		for i, w := range c.Words {
			b[4*i], b[4*i+1], b[4*i+2], b[4*i+3] = byte(w), byte(w>>8), byte(w>>16), byte(w>>24)
		}
		if err := os.WriteFile(filepath.Join(dir, m.File), b, 0o644); err != nil {
			return err
		}
		man.Modules = append(man.Modules, m)
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false) // memref<8xf32>, not memref\u003c8xf32\u003e
	enc.SetIndent("", "  ")
	if err := enc.Encode(man); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "manifest.json"), buf.Bytes(), 0o644)
}
