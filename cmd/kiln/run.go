package main

import (
	"bufio"
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/runner"
)

// runRun implements `kiln run FILE.mlir [--device=NAME|INDEX] [--entry=NAME]
// [--validate] [--time] [--reference] [--max-host-memory=SIZE]
// [--max-steps=N]`: it executes the host function and
// dispatches each gpu.launch_func on Vulkan (or simulates it with
// --reference), printing what the program prints.
func runRun(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("kiln run", flag.ContinueOnError)
	fs.SetOutput(stderr)
	device := fs.String("device", "", "Vulkan device by index or name substring (default $KILN_DEVICE, else the best device)")
	entry := fs.String("entry", "main", "the host function to run")
	validate := fs.Bool("validate", os.Getenv("KILN_VALIDATE") == "1", "turn on the Vulkan validation layer and fail on any message (default: KILN_VALIDATE=1)")
	timing := fs.Bool("time", false, "print a summary of the run's time (host interpretation, transfers, device, launch overhead) to stderr")
	reference := fs.Bool("reference", false, "run kernels in the reference interpreter instead of Vulkan")
	subgroup := fs.Int("subgroup-size", 0, "subgroup width of --reference runs (default: the selected device's, else 32)")
	fs.StringVar(entry, "e", "main", "the host function to run (mlir-runner's name for --entry)")
	maxSteps := fs.Int64("max-steps", 1<<28, "the most ops the interpreter executes (host code, and kernels with --reference) before it stops the run as a runaway loop")
	var maxMem byteSize
	fs.Var(&maxMem, "max-host-memory", "bound on the host memory of the program's memrefs, in bytes or with a K, M, G or T (binary) suffix (default: three quarters of the machine's memory)")
	var libs sharedLibs
	fs.Var(&libs, "shared-libs", "mlir-runner's runtime libraries, comma-separated: kiln run implements "+strings.Join(runtimeLibraries, ", ")+" and accepts them by name")
	result := fs.String("entry-point-result", "void", "mlir-runner's result type of the entry function: only void")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: kiln run FILE.mlir|- [--device=NAME|INDEX] [--entry=NAME] [--validate] [--time] [--reference [--subgroup-size=N]] [--max-host-memory=SIZE] [--max-steps=N]")
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
	if *maxSteps <= 0 {
		fmt.Fprintf(stderr, "kiln run: --max-steps=%d: the step limit must be positive\n", *maxSteps)
		return 2
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
	// The --time summary follows the program's output.
	var summary bytes.Buffer
	_, err = runner.Run(mod, runner.Options{
		Entry: *entry, Reference: *reference, Device: *device, Validate: *validate, Time: *timing, LaunchTimes: libs.vulkanRuntime, Err: &summary,
		Out: out, Passes: passRegistry(), SubgroupSize: *subgroup, MaxHostMemory: int64(maxMem), MaxSteps: *maxSteps,
	})
	out.Flush()
	stderr.Write(summary.Bytes())
	if err != nil {
		return reportDiag(ctx, "kiln run", err, stderr)
	}
	return 0
}

// byteSize is a flag value of bytes: a positive integer, optionally with a
// binary K, M, G or T suffix (and an optional "iB" or "B" after it).
type byteSize int64

func (b *byteSize) String() string { return fmt.Sprint(int64(*b)) }

func (b *byteSize) Set(v string) error {
	num := strings.TrimSuffix(strings.TrimSuffix(strings.TrimSpace(v), "B"), "i")
	shift := 0
	if i := len(num) - 1; i > 0 {
		if k := strings.IndexByte("KMGT", num[i]&^0x20); k >= 0 {
			shift, num = 10*(k+1), num[:i]
		}
	}
	n, err := strconv.ParseInt(num, 10, 64)
	if err != nil || n <= 0 || n > math.MaxInt64>>shift {
		return fmt.Errorf("%q is not a positive size in bytes that fits 63 bits", v)
	}
	*b = byteSize(n << shift)
	return nil
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
