package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/runner"
)

// runRun implements `kiln run FILE.mlir [--device=NAME|INDEX] [--entry=NAME]
// [--validate] [--time] [--reference]`: it executes the host function and
// dispatches each gpu.launch_func on Vulkan (or simulates it with
// --reference), printing what the program prints.
func runRun(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	c := newCommandLine("kiln run", "kiln run FILE.mlir|- [flags]",
		"Executes the host function; each gpu.launch_func dispatches on Vulkan (or in the\n"+
			"reference interpreter with --reference). Prints what the program prints.")
	fs := c.fs
	device := fs.String("device", "", "Vulkan device by index or name substring (default $KILN_DEVICE, else the best device)")
	entry := fs.String("entry", "main", "the host function to run")
	validate := fs.Bool("validate", os.Getenv("KILN_VALIDATE") == "1", "turn on the Vulkan validation layer and fail on any message (default: KILN_VALIDATE=1)")
	timing := fs.Bool("time", false, "print each kernel's device time and host overhead")
	reference := fs.Bool("reference", false, "run kernels in the reference interpreter instead of Vulkan")
	backend := fs.String("backend", runner.BackendVulkan, "where kernels run: vulkan, or gl (an OpenGL 4.5 context through EGL; --device is then an EGL device index, default the surfaceless platform)")
	subgroup := fs.Int("subgroup-size", 0, "subgroup width of --reference runs (default: the selected device's, else 32)")
	fs.StringVar(entry, "e", "main", "the host function to run (mlir-runner's name for --entry)")
	var libs sharedLibs
	fs.Var(&libs, "shared-libs", "mlir-runner's runtime libraries, comma-separated: kiln run implements "+strings.Join(runtimeLibraries, ", ")+" and accepts them by name")
	result := fs.String("entry-point-result", "void", "mlir-runner's result type of the entry function: only void")
	files, code := c.parse(args, stdout, stderr)
	if code >= 0 {
		return code
	}
	if len(files) != 1 {
		return c.usageError(stderr, "give one input file")
	}
	if *result != "void" {
		fmt.Fprintf(stderr, "kiln run: --entry-point-result=%s: the entry function must return nothing (void)\n", *result)
		return 2
	}
	ctx, mod, err := loadKernelFile(files[0], stdin)
	if err != nil {
		return reportDiag(ctx, "kiln run", err, stderr)
	}
	out := bufio.NewWriter(stdout)
	_, err = runner.Run(mod, runner.Options{
		Entry: *entry, Reference: *reference, Backend: *backend, Device: *device, Validate: *validate, Time: *timing || libs.vulkanRuntime,
		Out: out, Passes: passRegistry(), SubgroupSize: *subgroup,
	})
	out.Flush()
	if err != nil {
		return reportDiag(ctx, "kiln run", err, stderr)
	}
	return 0
}

// runtimeLibraries are the runtime libraries of MLIR's runners whose
// functions kiln run implements itself (see runner's utilities).
var runtimeLibraries = []string{"libvulkan-runtime-wrappers", "libmlir_runner_utils", "libmlir_c_runner_utils"}

// sharedLibs checks mlir-runner's --shared-libs: each library must be one
// whose functions kiln run provides; nothing is loaded. It records whether
// MLIR's Vulkan runtime library was named: that library prints each
// dispatch's times, so kiln run then does as --time.
type sharedLibs struct{ vulkanRuntime bool }

func (*sharedLibs) String() string { return "" }

func (l *sharedLibs) Set(v string) error {
	for _, lib := range strings.Split(v, ",") {
		base := strings.TrimSuffix(strings.TrimSuffix(filepath.Base(lib), ".so"), ".dylib")
		if !slices.Contains(runtimeLibraries, base) {
			return fmt.Errorf("%q: kiln run loads no libraries; it implements the functions of %s", lib, strings.Join(runtimeLibraries, ", "))
		}
		l.vulkanRuntime = l.vulkanRuntime || base == runtimeLibraries[0]
	}
	return nil
}

// loadKernelFile reads, parses and verifies FILE ("-": stdin).
func loadKernelFile(path string, stdin io.Reader) (*ir.Context, *ir.Operation, error) {
	ctx := newContext()
	var src []byte
	var err error
	if path == "-" {
		src, err = io.ReadAll(stdin)
		path = "<stdin>"
	} else {
		src, err = os.ReadFile(path)
	}
	if err != nil {
		return ctx, nil, err
	}
	ctx.AddSource(path, string(src))
	mod, err := ir.Parse(ctx, string(src), path)
	if err != nil {
		return ctx, nil, err
	}
	return ctx, mod, ir.Verify(mod)
}

// reportDiag prints err, as a located diagnostic when it is one, and returns 1.
func reportDiag(ctx *ir.Context, cmd string, err error, stderr io.Writer) int {
	var d *ir.Diagnostic
	if errors.As(err, &d) {
		fmt.Fprint(stderr, d.Format(ctx))
	} else {
		fmt.Fprintf(stderr, "%s: %v\n", cmd, err)
	}
	return 1
}
