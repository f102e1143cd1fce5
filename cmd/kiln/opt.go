package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/pass"
)

// optOptions are the flags of `kiln opt`, with MLIR's names.
type optOptions struct {
	input             string
	output            string
	pipeline          []string // pass pipeline pieces, in order
	splitInput        bool
	verifyDiagnostics bool
	allowUnregistered bool
	print             ir.PrintOptions
	printBefore       bool
	printAfter        bool
	timing            bool
	disableThreading  bool
	verifyEach        bool
	noImplicitModule  bool
	in                *input
}

const optUsage = `usage: kiln opt [FILE|-] [flags]

Parses MLIR text, verifies it, runs passes and prints the result.

  --pass-pipeline=SPEC          run a textual pipeline, e.g. 'builtin.module(canonicalize,cse)'
  --<pass>[=options]            run one pass (appended to the pipeline in order)
  --split-input-file            process each '// -----' chunk separately
  --verify-diagnostics          check diagnostics against expected-* comments
  --allow-unregistered-dialect  accept ops, types and attributes of unknown dialects
  --no-implicit-module          the input is one top-level op, not wrapped in a module;
                                passes given as flags run on it
  --mlir-print-op-generic       print every op in the generic form
  --mlir-print-debuginfo        print locations
  --mlir-print-ir-before-all    print the IR before each pass
  --mlir-print-ir-after-all     print the IR after each pass
  --mlir-timing                 print the time each pass took
  --mlir-disable-threading      run passes, verify and print on one goroutine
  --verify-each=false           do not verify after each pass
  --max-input-size=SIZE         read inputs up to SIZE bytes (K, M, G suffixes; default 256M)
  -o FILE                       write output to FILE (default stdout)
`

func parseOptArgs(args []string) (*optOptions, error) {
	o := &optOptions{output: "-", verifyEach: true, in: newInput()}
	input, err := parseMLIRArgs(args, func(f mlirFlag) error {
		switch f.Name {
		case "o":
			v, err := f.Value()
			o.output = v
			return err
		case "pass-pipeline":
			v, err := f.Value()
			o.pipeline = append(o.pipeline, v)
			return err
		case "split-input-file":
			return f.Bool(&o.splitInput)
		case "verify-diagnostics":
			return f.Bool(&o.verifyDiagnostics)
		case "allow-unregistered-dialect":
			return f.Bool(&o.allowUnregistered)
		case "no-implicit-module":
			return f.Bool(&o.noImplicitModule)
		case "mlir-print-op-generic":
			return f.Bool(&o.print.Generic)
		case "mlir-print-debuginfo":
			return f.Bool(&o.print.DebugInfo)
		case "mlir-print-ir-before-all":
			return f.Bool(&o.printBefore)
		case "mlir-print-ir-after-all":
			return f.Bool(&o.printAfter)
		case "mlir-timing":
			return f.Bool(&o.timing)
		case "mlir-disable-threading":
			return f.Bool(&o.disableThreading)
		case "verify-each":
			return f.Bool(&o.verifyEach)
		case "max-input-size":
			v, err := f.Value()
			if err != nil {
				return err
			}
			return o.in.limit.Set(v)
		case "h", "help":
			return errHelp
		}
		// Any other flag names a pass: --canonicalize, --cse="opt=v".
		p := f.Name
		if f.hasValue {
			p += "{" + strings.Trim(f.value, `"'`) + "}"
		}
		o.pipeline = append(o.pipeline, "\x00"+p)
		return nil
	})
	o.input = input
	return o, err
}

var errHelp = fmt.Errorf("help requested")

// optFlags are kiln opt's own flags, for suggestions when a flag is
// neither one of them nor a pass.
var optFlags = []string{"o", "pass-pipeline", "split-input-file", "verify-diagnostics", "allow-unregistered-dialect",
	"no-implicit-module", "mlir-print-op-generic", "mlir-print-debuginfo", "mlir-print-ir-before-all",
	"mlir-print-ir-after-all", "mlir-timing", "mlir-disable-threading", "verify-each", "max-input-size", "help"}

// checkPassFlags reports a --<pass> flag that names no registered pass as
// a bad flag, with the closest flag or pass name as a suggestion, before
// any input is read.
func checkPassFlags(pipeline []string) error {
	reg := passRegistry()
	for _, piece := range pipeline {
		flag, isFlag := strings.CutPrefix(piece, "\x00")
		name, _, _ := strings.Cut(flag, "{")
		if !isFlag || reg[name] != nil {
			continue
		}
		best, dist := "", 3 // suggest only names within two edits
		for _, cand := range optFlags {
			if d := editDistance(name, cand); d < dist {
				best, dist = cand, d
			}
		}
		for cand := range reg {
			if d := editDistance(name, cand); d < dist || d == dist && cand < best {
				best, dist = cand, d
			}
		}
		msg := fmt.Sprintf("unknown flag \"--%s\": neither an option of kiln opt nor a registered pass (--help lists the options)", name)
		if best != "" {
			msg += fmt.Sprintf("; did you mean --%s?", best)
		}
		return fmt.Errorf("%s", msg)
	}
	return nil
}

// editDistance is the Levenshtein distance between a and b.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

func runOpt(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	o, err := parseOptArgs(args)
	if err == errHelp {
		fmt.Fprint(stdout, optUsage)
		return 0
	}
	if err == nil {
		err = checkPassFlags(o.pipeline)
	}
	if err != nil {
		fmt.Fprintf(stderr, "kiln opt: %v\n", err)
		return 2
	}
	src, name, err := o.in.readText(o.input, stdin)
	if err != nil {
		reportInput("kiln opt", err, stderr)
		return 1
	}
	dest, closeDest, err := openOutput(o.output, stdout)
	if err != nil {
		fmt.Fprintf(stderr, "kiln opt: %v\n", err)
		return 1
	}
	out := bufio.NewWriterSize(dest, 64<<10)
	var timing *pass.Timing // nil unless --mlir-timing
	if o.timing {
		timing = pass.NewTiming()
	}
	chunks := chunkRun{name: name, text: string(src), split: o.splitInput, verify: o.verifyDiagnostics, marker: ir.SplitMarker + "\n",
		context: func() *ir.Context {
			ctx := newContext()
			ctx.SetAllowUnregisteredDialects(o.allowUnregistered)
			ctx.SetMultithreading(!o.disableThreading)
			return ctx
		}}
	failed, problems, err := chunks.run(out, stderr, func(ctx *ir.Context, chunk string, last bool) error {
		m, err := optChunk(o, ctx, chunk, name, timing, stderr)
		if err != nil {
			return err
		}
		return timed(timing, "Output", func() error {
			if last && beforeOutput != nil {
				beforeOutput()
			}
			return ir.Print(out, m, o.print)
		})
	})
	if err != nil {
		// Not about the input (a bad pass pipeline, a write error): report
		// it as is.
		fmt.Fprintf(stderr, "kiln opt: %v\n", err)
		return 1
	}
	err = timed(timing, "Output", out.Flush)
	if err == nil {
		err = closeDest()
	} else {
		closeDest()
	}
	if timing != nil {
		timing.Report(stderr)
	}
	if err != nil {
		fmt.Fprintf(stderr, "kiln opt: %v\n", err)
		return 1
	}
	for _, p := range problems {
		fmt.Fprintln(stderr, p)
	}
	if failed || len(problems) > 0 {
		return 1
	}
	return 0
}

// openOutput returns the writer for -o (stdout for "-") and its closer.
func openOutput(path string, stdout io.Writer) (io.Writer, func() error, error) {
	if path == "-" {
		return stdout, func() error { return nil }, nil
	}
	f, err := os.Create(path)
	if err != nil {
		return nil, nil, err
	}
	return f, f.Close, nil
}

// optChunk parses, verifies and transforms one input.
func optChunk(o *optOptions, ctx *ir.Context, src, name string, timing *pass.Timing, stderr io.Writer) (*ir.Operation, error) {
	var m *ir.Operation
	parse := ir.Parse
	if o.noImplicitModule {
		parse = ir.ParseSingleOp
	}
	err := timed(timing, "Parser", func() (err error) {
		m, err = parse(ctx, src, name)
		return err
	})
	if err != nil {
		return nil, err
	}
	if err := timed(timing, "Verifier", func() error { return ir.Verify(m) }); err != nil {
		return nil, err
	}
	if err := runPipeline(m, o, timing, stderr); err != nil {
		return nil, err
	}
	return m, nil
}

// timed runs f, adding its wall time to timing's entry name when timing is
// on, as MLIR's --mlir-timing reports "Parser" and "Output".
func timed(timing *pass.Timing, name string, f func() error) error {
	if timing == nil {
		return f()
	}
	start := time.Now()
	err := f()
	timing.Add(name, time.Since(start))
	return err
}
