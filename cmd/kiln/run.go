package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/runner"
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
	validate := fs.Bool("validate", false, "turn on the Vulkan validation layer and fail on any message")
	timing := fs.Bool("time", false, "print each kernel's device time and host overhead")
	reference := fs.Bool("reference", false, "run kernels in the reference interpreter instead of Vulkan")
	subgroup := fs.Int("subgroup-size", 0, "subgroup width of --reference runs (default: the selected device's, else 32)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: kiln run FILE.mlir [--device=NAME|INDEX] [--entry=NAME] [--validate] [--time] [--reference [--subgroup-size=N]]")
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
	ctx, mod, err := loadKernelFile(files[0], stdin)
	if err != nil {
		return reportDiag(ctx, "kiln run", err, stderr)
	}
	out := bufio.NewWriter(stdout)
	_, err = runner.Run(mod, runner.Options{
		Entry: *entry, Reference: *reference, Device: *device, Validate: *validate, Time: *timing,
		Out: out, Passes: passRegistry(), SubgroupSize: *subgroup,
	})
	out.Flush()
	if err != nil {
		return reportDiag(ctx, "kiln run", err, stderr)
	}
	return 0
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
