package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/kiln-gpu/kiln"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/runner"
	"github.com/kiln-gpu/kiln/runtime/vulkan"
)

// runRun implements `kiln run FILE.mlir [--device=NAME|INDEX] [--entry=NAME]
// [--validate] [--time] [--reference|--compare] [--max-host-memory=SIZE]
// [--max-steps=N] [--input=VALUE]... [--output=@FILE.npy|-]...
// [--expected_output=VALUE]... [--tolerance=T]`: it executes the host
// function with the --input arguments and dispatches each
// gpu.launch_func on Vulkan (or simulates it with --reference), printing
// what the program prints, then its results (see hostIO).
func runRun(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	c := newCommandLine("kiln run", "kiln run FILE.mlir|- [flags]",
		"Executes the host function; each gpu.launch_func dispatches on Vulkan (or in the\n"+
			"reference interpreter with --reference). Prints what the program prints.")
	fs := c.fs
	device := fs.String("device", "", "Vulkan device by index or name substring (default $KILN_DEVICE, else the best device)")
	entry := fs.String("entry", "main", "the host function to run")
	validate := fs.Bool("validate", os.Getenv("KILN_VALIDATE") == "1", "turn on the Vulkan validation layer and fail on any message (default: KILN_VALIDATE=1)")
	timing := fs.Bool("time", false, "print a summary of the run's time (host interpretation, transfers, device, launch overhead) to stderr")
	reference := fs.Bool("reference", false, "run kernels in the reference interpreter instead of Vulkan")
	timeout := fs.Duration("timeout", vulkan.DefaultDispatchTimeout, "give up on a dispatch that has not finished after this long (a hung device)")
	compare := fs.Bool("compare", false, "run each kernel on Vulkan and in the reference interpreter and fail at the first launch whose buffers differ")
	repro := fs.String("save-repro", "", "with --compare, write an AmberScript reproducer of a launch that differs into DIR")
	defBackend := os.Getenv("KILN_BACKEND")
	if defBackend == "" {
		defBackend = runner.BackendVulkan
	}
	backend := fs.String("backend", defBackend, "where kernels run: vulkan, or gl (an OpenGL 4.5 context through EGL; --device is then an EGL device index, default the surfaceless platform) (default $KILN_BACKEND, else vulkan)")
	subgroup := fs.Int("subgroup-size", 0, "subgroup width of --reference runs (default: the selected device's, else 32)")
	fs.StringVar(entry, "e", "main", "the host function to run (mlir-runner's name for --entry)")
	maxSteps := fs.Int64("max-steps", 1<<28, "the most ops the interpreter executes (host code, and kernels with --reference) before it stops the run as a runaway loop")
	var maxMem byteSize
	fs.Var(&maxMem, "max-host-memory", "bound on the host memory of the program's memrefs, in bytes or with a K, M, G or T (binary) suffix (default: three quarters of the machine's memory)")
	var libs sharedLibs
	fs.Var(&libs, "shared-libs", "mlir-runner's runtime libraries, comma-separated: kiln run implements "+strings.Join(runtimeLibraries, ", ")+" and accepts them by name")
	result := fs.String("entry-point-result", "void", "mlir-runner's result type of the entry function: only void")
	var inputs, outputs, expected stringList
	fs.Var(&inputs, "input", "an argument of the entry function, in order (repeatable): TYPE=VALUES (2x2xf32=1,2,3,4; f32=1.5) or @FILE.npy")
	fs.Var(&outputs, "output", "where a result of the entry function goes, in order (repeatable): @FILE.npy, or - to print it (results without --output print)")
	fs.Var(&expected, "expected_output", "the expected value of a result, in order (repeatable), as --input gives values: the run fails on a difference")
	tolerance := fs.Float64("tolerance", 1e-4, "the absolute difference allowed between float results and --expected_output")
	in := c.inputFlag()
	files, code := c.parse(args, stdout, stderr)
	if code >= 0 {
		return code
	}
	if len(files) != 1 {
		return c.usageError(stderr, "give one input file")
	}
	if *maxSteps <= 0 {
		fmt.Fprintf(stderr, "kiln run: --max-steps=%d: the step limit must be positive\n", *maxSteps)
		return 2
	}
	if *result != "void" {
		fmt.Fprintf(stderr, "kiln run: --entry-point-result=%s: the entry function must return nothing (void)\n", *result)
		return 2
	}
	if *timeout <= 0 {
		fmt.Fprintf(stderr, "kiln run: --timeout=%v: want a positive duration\n", *timeout)
		return 2
	}
	if *tolerance < 0 || math.IsNaN(*tolerance) {
		fmt.Fprintf(stderr, "kiln run: --tolerance=%v: want a non-negative number\n", *tolerance)
		return 2
	}
	ctx, mod, err := loadKernelFile(in, files[0], stdin)
	if err != nil {
		return reportDiag(ctx, "kiln run", err, stderr)
	}
	hio := hostIO{inputs: inputs, outputs: outputs, expected: expected, tolerance: *tolerance, limit: int64(in.limit)}
	hostArgs, code := hio.arguments(ctx, mod, *entry, stderr)
	if code >= 0 {
		return code
	}
	var inst *vulkan.Instance
	if !*reference && *backend != runner.BackendGL {
		// The device is chosen here, so that a bad --device or a missing
		// driver is reported as what it is, not against the module.
		var code int
		if inst, code = openInstance(*device, *validate, *timeout, stderr); inst == nil {
			return code
		}
	}
	out := bufio.NewWriter(stdout)
	// The --time summary follows the program's output.
	var summary bytes.Buffer
	rep, err := runner.Run(mod, runner.Options{
		Entry: *entry, Args: hostArgs, Reference: *reference, Compare: *compare, SaveRepro: *repro, Backend: *backend, Device: *device, Validate: *validate,
		Time: *timing, LaunchTimes: libs.vulkanRuntime, Err: &summary, Out: out, Passes: kiln.Passes(), SubgroupSize: *subgroup,
		MaxHostMemory: int64(maxMem), MaxSteps: *maxSteps, Instance: inst,
	})
	out.Flush()
	stderr.Write(summary.Bytes())
	if inst != nil {
		// What the layer says while the instance goes (objects left
		// behind) comes after the runner's own report.
		inst.Close()
		if msgs := inst.TakeMessages(); len(msgs) > 0 && err == nil {
			for _, m := range msgs {
				fmt.Fprintf(stderr, "kiln run: validation: %v\n", m)
			}
			return 1
		}
	}
	if err != nil {
		return reportDiag(ctx, "kiln run", err, stderr)
	}
	return hio.results(ctx, mod, *entry, rep.Results, stdout, stderr)
}

// openInstance starts Vulkan for kiln run and checks that --device (or
// $KILN_DEVICE) selects a device. On failure it reports and returns the
// exit status: 2 for a bad --device, 1 when Vulkan cannot start.
func openInstance(device string, validate bool, timeout time.Duration, stderr io.Writer) (*vulkan.Instance, int) {
	inst, err := vulkan.NewInstance(vulkan.InstanceConfig{Validation: validate, DispatchTimeout: timeout})
	if err != nil {
		fmt.Fprintf(stderr, "kiln run: cannot start Vulkan (--reference runs without it): %v\n", err)
		return nil, 1
	}
	if _, err := inst.Select(device); err != nil {
		inst.Close()
		flag := "--device=" + device
		if device == "" {
			flag = "the default device"
			if env := os.Getenv("KILN_DEVICE"); env != "" {
				flag = "KILN_DEVICE=" + env
			}
		}
		fmt.Fprintf(stderr, "kiln run: %s: %v\n", flag, err)
		if device == "" {
			return nil, 1
		}
		return nil, 2
	}
	return inst, 0
}

// runtimeLibraries are the runtime libraries of MLIR's runners whose
// functions kiln run implements itself (see runner's utilities).
var runtimeLibraries = []string{"libvulkan-runtime-wrappers", "libmlir_runner_utils", "libmlir_c_runner_utils"}

// sharedLibs checks mlir-runner's --shared-libs: each library must be one
// whose functions kiln run provides; nothing is loaded. It records whether
// MLIR's Vulkan runtime library was named: that library prints each
// dispatch's times, so kiln run then prints them too.
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
func loadKernelFile(in *input, path string, stdin io.Reader) (*ir.Context, *ir.Operation, error) {
	ctx := newContext()
	src, path, err := in.readText(path, stdin)
	if err != nil {
		return ctx, nil, err
	}
	text := sharedText(src)
	ctx.AddSource(path, text)
	mod, err := ir.Parse(ctx, text, path)
	if err != nil {
		return ctx, nil, err
	}
	return ctx, mod, ir.Verify(mod)
}

// reportDiag prints err, as a located diagnostic when it is one, and returns 1.
func reportDiag(ctx *ir.Context, cmd string, err error, stderr io.Writer) int {
	var d *ir.Diagnostic
	if _, ok := err.(*inputError); ok {
		reportInput(cmd, err, stderr)
	} else if errors.As(err, &d) {
		fmt.Fprint(stderr, d.Format(ctx))
	} else {
		fmt.Fprintf(stderr, "%s: %v\n", cmd, err)
	}
	return 1
}
