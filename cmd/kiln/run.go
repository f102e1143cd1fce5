package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/runner"
	"github.com/kiln-gpu/kiln/runtime/vulkan"
)

// runRun implements `kiln run FILE.mlir [--device=NAME|INDEX] [--entry=NAME]
// [--validate] [--time] [--reference]`: it executes the host function and
// dispatches each gpu.launch_func on Vulkan (or simulates it with
// --reference), printing what the program prints.
func runRun(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("kiln run", flag.ContinueOnError)
	fs.SetOutput(stderr)
	device := fs.String("device", "", "Vulkan device by index or name substring (default $KILN_DEVICE, else the best device)")
	entry := fs.String("entry", "main", "the host function to run")
	validate := fs.Bool("validate", os.Getenv("KILN_VALIDATE") == "1", "turn on the Vulkan validation layer and fail on any message (default: KILN_VALIDATE=1)")
	timing := fs.Bool("time", false, "print each kernel's device time and host overhead")
	reference := fs.Bool("reference", false, "run kernels in the reference interpreter instead of Vulkan")
	timeout := fs.Duration("timeout", vulkan.DefaultDispatchTimeout, "give up on a dispatch that has not finished after this long (a hung device)")
	subgroup := fs.Int("subgroup-size", 0, "subgroup width of --reference runs (default: the selected device's, else 32)")
	fs.StringVar(entry, "e", "main", "the host function to run (mlir-runner's name for --entry)")
	in := newInput()
	fs.Var(&in.limit, "max-input-size", "read inputs up to `SIZE` bytes (K, M, G suffixes)")
	var libs sharedLibs
	fs.Var(&libs, "shared-libs", "mlir-runner's runtime libraries, comma-separated: kiln run implements "+strings.Join(runtimeLibraries, ", ")+" and accepts them by name")
	result := fs.String("entry-point-result", "void", "mlir-runner's result type of the entry function: only void")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: kiln run FILE.mlir|- [--device=NAME|INDEX] [--entry=NAME] [--validate] [--time] [--timeout=1m] [--reference [--subgroup-size=N]]")
		fs.PrintDefaults()
	}
	files, code := parseInterleaved(fs, args)
	if code >= 0 {
		return code
	}
	if len(files) != 1 {
		fs.Usage()
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
	ctx, mod, err := loadKernelFile(in, files[0], stdin)
	if err != nil {
		return reportDiag(ctx, "kiln run", err, stderr)
	}
	var inst *vulkan.Instance
	if !*reference {
		// The device is chosen here, so that a bad --device or a missing
		// driver is reported as what it is, not against the module.
		var code int
		if inst, code = openInstance(*device, *validate, *timeout, stderr); inst == nil {
			return code
		}
	}
	out := bufio.NewWriter(stdout)
	_, err = runner.Run(mod, runner.Options{
		Entry: *entry, Reference: *reference, Device: *device, Validate: *validate, Time: *timing || libs.vulkanRuntime,
		Out: out, Passes: passRegistry(), SubgroupSize: *subgroup, Instance: inst,
	})
	out.Flush()
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
	return 0
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

// parseInterleaved parses flags that may come before or after the file
// names, which it returns; code is the exit status when parsing ends the
// command (help or a bad flag), else -1.
func parseInterleaved(fs *flag.FlagSet, args []string) (files []string, code int) {
	for {
		if err := fs.Parse(args); err != nil {
			if err == flag.ErrHelp {
				return nil, 0
			}
			return nil, 2
		}
		if fs.NArg() == 0 {
			return files, -1
		}
		files = append(files, fs.Arg(0))
		args = fs.Args()[1:]
	}
}

// loadKernelFile reads, parses and verifies FILE ("-": stdin).
func loadKernelFile(in *input, path string, stdin io.Reader) (*ir.Context, *ir.Operation, error) {
	ctx := newContext()
	src, path, err := in.readText(path, stdin)
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
	if _, ok := err.(*inputError); ok {
		reportInput(cmd, err, stderr)
	} else if errors.As(err, &d) {
		fmt.Fprint(stderr, d.Format(ctx))
	} else {
		fmt.Fprintf(stderr, "%s: %v\n", cmd, err)
	}
	return 1
}
