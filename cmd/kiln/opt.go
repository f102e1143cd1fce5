package main

import (
	"bufio"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/kiln-gpu/kiln"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/pass"
)

// optOptions are the flags of `kiln opt`, with MLIR's names.
type optOptions struct {
	diagnosticOptions
	input             string
	output            string
	pipeline          []string // pass pipeline pieces, in order
	outputSplitMarker string
	noVerifyOnParse   bool
	assumeVerified    bool
	verbosity         string
	noNotes           bool
	allowUnregistered bool
	print             ir.PrintOptions
	printBefore       bool
	printAfter        bool
	printBeforePasses []string
	printAfterPasses  []string
	printAfterChange  bool
	printAfterFailure bool
	printModuleScope  bool
	printTreeDir      string
	timing            bool
	timingList        bool
	timingJSON        bool
	statistics        bool
	statisticsList    bool
	disableThreading  bool
	verifyEach        bool
	noImplicitModule  bool
	verifyRoundtrip   bool
	dumpPipeline      bool
	logActionsTo      string
	actionLog         io.Writer
	listPasses        bool
	showDialects      bool
	in                *input
	ignoredPlugins    []string
	reproducerFile    string // --mlir-pass-pipeline-crash-reproducer
	localReproducer   bool
	runReproducer     bool
}

// optCommandLine declares kiln opt's flags on o. A flag that is not one of
// them names a registered pass (--canonicalize, --cse="opt=v"), appended
// to the pipeline in command-line order with the --pass-pipeline texts.
func optCommandLine(o *optOptions, reg pass.Registry) *commandLine {
	c := newCommandLine("kiln opt", "kiln opt [FILE|-] [flags] [--<pass>[=options]...]",
		"Parses MLIR text, verifies it, runs passes and prints the result (like mlir-opt).")
	fs := c.fs
	fs.StringVar(&o.output, "o", "-", "write output to `FILE` (- for stdout)")
	fs.Var(pipelineText{o}, "pass-pipeline", "run a textual `PIPELINE`, e.g. 'builtin.module(canonicalize,cse)'")
	fs.Var(pipelineText{o}, "p", "short for --pass-pipeline=`PIPELINE`")
	c.diagnosticFlags(&o.diagnosticOptions)
	fs.StringVar(&o.outputSplitMarker, "output-split-marker", ir.SplitMarker, "write `MARKER` between the outputs of the chunks of --split-input-file")
	fs.BoolVar(&o.assumeVerified, "mlir-print-assume-verified", false, "print the output in its custom form without verifying it first (with --verify-each=false or --mlir-very-unsafe-disable-verifier-on-parsing; otherwise it is verified already)")
	fs.BoolVar(&o.noVerifyOnParse, "mlir-very-unsafe-disable-verifier-on-parsing", false, "do not verify the IR after parsing (very unsafe: passes may fail or crash on invalid IR)")
	fs.Func("mlir-diagnostic-verbosity-level", "print the diagnostics up to `LEVEL`: errors, warnings or remarks (default remarks)", func(v string) error {
		if v != "errors" && v != "warnings" && v != "remarks" {
			return unknownEnumValue(v)
		}
		o.verbosity = v
		return nil
	})
	fs.BoolVar(&o.noNotes, "mlir-disable-diagnostic-notes", false, "print diagnostics without their notes")
	for _, plugin := range [...]struct{ flag, what string }{{"load-pass-plugin", "passes from"}, {"load-dialect-plugin", "dialect plugin from"}} {
		// As mlir-opt when a plugin does not load; Kiln loads none.
		fs.Func(plugin.flag, "ignored: Kiln loads no plugin `LIBRARY` (as mlir-opt, it says so and goes on)", func(v string) error {
			o.ignoredPlugins = append(o.ignoredPlugins, fmt.Sprintf("Failed to load %s '%s'. Request ignored.", plugin.what, v))
			return nil
		})
	}
	fs.BoolVar(&o.allowUnregistered, "allow-unregistered-dialect", false, "accept ops, types and attributes of unknown dialects")
	fs.BoolVar(&o.noImplicitModule, "no-implicit-module", false, "the input is one top-level op, not wrapped in a module; passes given as flags run on it")
	c.printFlags(&o.print)
	fs.BoolVar(&o.printBefore, "mlir-print-ir-before-all", false, "print the IR before each pass")
	fs.BoolVar(&o.printAfter, "mlir-print-ir-after-all", false, "print the IR after each pass")
	fs.Var(passNames{&o.printBeforePasses, reg}, "mlir-print-ir-before", "print the IR before the passes named in `PASS[,PASS...]`")
	fs.Var(passNames{&o.printAfterPasses, reg}, "mlir-print-ir-after", "print the IR after the passes named in `PASS[,PASS...]`")
	fs.BoolVar(&o.printAfterChange, "mlir-print-ir-after-change", false, "print the IR after a pass only if the pass changed it")
	fs.BoolVar(&o.printAfterFailure, "mlir-print-ir-after-failure", false, "print the IR after a pass only if the pass failed")
	fs.StringVar(&o.printTreeDir, "mlir-print-ir-tree-dir", "", "write each IR dump to its own file in a tree under `DIR` instead of stderr")
	fs.BoolVar(&o.printModuleScope, "mlir-print-ir-module-scope", false, "print the whole top-level op in IR dumps (needs --mlir-disable-threading)")
	fs.BoolVar(&o.timing, "mlir-timing", false, "print the time each pass took")
	fs.Var(choice{&o.timingJSON, "text", "json"}, "mlir-output-format", "write the timing report as `text` or json")
	fs.Var(choice{&o.timingList, "tree", "list"}, "mlir-timing-display", "lay the timing report out as a `tree` or a list (entries merged by name, slowest first)")
	fs.BoolVar(&o.statistics, "mlir-pass-statistics", false, "print the passes' statistics to stderr after they run")
	fs.Var(choice{&o.statisticsList, "pipeline", "list"}, "mlir-pass-statistics-display", "lay the statistics out as the `pipeline` or as a list (summed per pass)")
	fs.BoolVar(&o.disableThreading, "mlir-disable-threading", false, "run passes, verify and print on one goroutine")
	fs.BoolVar(&o.verifyEach, "verify-each", true, "verify the IR after each pass")
	fs.BoolVar(&o.verifyRoundtrip, "verify-roundtrip", false, "check that the parsed IR reads back the same from its custom and its generic form")
	fs.BoolVar(&o.dumpPipeline, "dump-pass-pipeline", false, "print the pass pipeline to stderr before it runs")
	fs.StringVar(&o.logActionsTo, "log-actions-to", "", "log each pass run on each op to `FILE` (- for stdout)")
	fs.StringVar(&o.reproducerFile, "mlir-pass-pipeline-crash-reproducer", "", "when the pass pipeline fails or a pass panics, write the IR as it was before the pipeline, with the pipeline, to `FILE` (rerun it with --run-reproducer)")
	fs.BoolVar(&o.localReproducer, "mlir-pass-pipeline-local-reproducer", false, "with --mlir-pass-pipeline-crash-reproducer, write the IR as it was before the failing pass, with that pass alone (needs --mlir-disable-threading)")
	fs.BoolVar(&o.runReproducer, "run-reproducer", false, "run the pipeline (and threading and verify-each settings) that the input's mlir_reproducer resource holds, before the passes on the command line")
	c.refuseDebugFlags("follow the passes with --mlir-print-ir-after-all")
	const noBytecode = "Kiln has no MLIR bytecode; it reads and writes the text form"
	c.refused = append(c.refused, refusedFlags{[]string{"emit-bytecode"}, noBytecode},
		refusedFlags{[]string{"emit-bytecode-version", "elide-resource-data-from-bytecode"}, noBytecode},
		refusedFlags{[]string{"irdl-file"}, "Kiln has no IRDL dialect to define dialects at run time"})
	o.in = c.inputFlag()
	fs.BoolVar(&o.listPasses, "list-passes", false, "list the registered passes with their options and exit")
	fs.BoolVar(&o.showDialects, "show-dialects", false, "list the registered dialects and exit")
	c.other = func(name, value string, hasValue bool) (bool, error) {
		if _, ok := reg[name]; !ok {
			return false, nil
		}
		if hasValue {
			name += "{" + strings.Trim(value, `"'`) + "}"
		}
		o.pipeline = append(o.pipeline, "\x00"+name)
		return true, nil
	}
	c.candidates = func() []string { return slices.Collect(maps.Keys(reg)) }
	c.more = func(w io.Writer) { writePasses(w, reg) }
	return c
}

// passNames is a flag holding registered pass arguments, comma-separated
// and accumulated over occurrences, as mlir-opt's --mlir-print-ir-before.
type passNames struct {
	list *[]string
	reg  pass.Registry
}

func (p passNames) String() string {
	if p.list == nil {
		return ""
	}
	return strings.Join(*p.list, ",")
}

func (p passNames) Set(v string) error {
	for _, name := range strings.Split(v, ",") {
		if _, ok := p.reg[name]; !ok {
			return unknownEnumValue(name)
		}
		*p.list = append(*p.list, name)
	}
	return nil
}

// choice is a flag with two values, off (the default) and on, such as
// --mlir-timing-display=tree|list.
type choice struct {
	on      *bool
	off, to string
}

func (c choice) String() string {
	if c.on != nil && *c.on {
		return c.to
	}
	return c.off
}

func (c choice) Set(v string) error {
	if v != c.off && v != c.to {
		return unknownEnumValue(v)
	}
	*c.on = v == c.to
	return nil
}

// pipelineText appends each --pass-pipeline text to the pipeline, keeping
// its order among pass flags.
type pipelineText struct{ o *optOptions }

func (p pipelineText) String() string { return "" }

func (p pipelineText) Set(v string) error {
	p.o.pipeline = append(p.o.pipeline, v)
	return nil
}

// writePasses lists every registered pass, sorted, with its summary and
// options, as mlir-opt's --help does.
func writePasses(w io.Writer, reg pass.Registry) {
	fmt.Fprintln(w, "\npasses (--<pass>, --<pass>=\"option=value ...\", or inside --pass-pipeline):")
	for _, name := range slices.Sorted(maps.Keys(reg)) {
		p := reg[name]()
		writeRows(w, [][2]string{{"--" + name, p.Summary}})
		for _, opt := range p.Options {
			text := opt.Help
			if opt.Default != "" {
				text += fmt.Sprintf(" (default %s)", opt.Default)
			}
			kind := optionKindName[opt.Kind]
			switch opt.Kind {
			case pass.ListOption:
				kind = "LIST of " + optionKindName[opt.Elem]
			case pass.EnumOption:
				kind = strings.Join(opt.Values, "|")
			}
			writeRows(w, [][2]string{{"    " + opt.Name + "=" + kind, text}})
		}
	}
}

var optionKindName = [...]string{pass.StringOption: "STRING", pass.BoolOption: "BOOL", pass.IntOption: "INT", pass.ListOption: "LIST",
	pass.UnsignedOption: "UINT", pass.Int64Option: "INT64", pass.EnumOption: "ENUM", pass.Uint64Option: "UINT64"}

func runOpt(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	o := &optOptions{}
	reg := kiln.Passes()
	files, code := optCommandLine(o, reg).parse(args, stdout, stderr)
	if code >= 0 {
		return code
	}
	if o.listPasses {
		writePasses(stdout, reg)
		return 0
	}
	if o.showDialects {
		var names []string
		for _, d := range newContext().Dialects() {
			names = append(names, d.Name)
		}
		slices.Sort(names)
		fmt.Fprintf(stdout, "Available Dialects: %s\n", strings.Join(names, ","))
		return 0
	}
	for _, msg := range o.ignoredPlugins {
		fmt.Fprintln(stderr, msg)
	}
	if o.input, code = oneInput(files, "kiln opt", stderr); code >= 0 {
		return code
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
	if o.logActionsTo != "" {
		// On standard output the log goes with the IR, in order.
		log, closeLog, err := openOutput(o.logActionsTo, stdout)
		if err != nil {
			fmt.Fprintf(stderr, "kiln opt: %v\n", err)
			return 1
		}
		defer closeLog()
		if o.logActionsTo == "-" && o.output == "-" {
			log = out
		}
		o.actionLog = log
	}
	var timing *pass.Timing // nil unless --mlir-timing
	if o.timing {
		timing = pass.NewTiming()
		timing.List, timing.JSON = o.timingList, o.timingJSON
	}
	chunks := chunkRun{name: name, text: sharedText(src), split: o.splitInput, verify: o.verifyDiagnostics != "",
		onlyExpected: o.verifyDiagnostics == "only-expected", printOp: o.printOpOnDiag && !o.noNotes, printStack: o.printStackOnDiag && !o.noNotes,
		marker: o.outputSplitMarker + "\n", context: o.context, shown: o.shownDiagnostic}
	failed, problems, err := chunks.run(out, stderr, func(ctx *ir.Context, chunk string, last bool) error {
		m, err := optChunk(o, ctx, chunk, name, timing, stderr)
		if err != nil {
			return err
		}
		return timed(timing, "Output", func() error {
			if last && beforeOutput != nil {
				beforeOutput()
			}
			opts := o.print
			if !opts.Generic && !o.assumeVerified && (o.noVerifyOnParse || !o.verifyEach) && ir.Verify(m) != nil {
				// As MLIR's printer, which verifies the op and prints
				// the generic form of an invalid one.
				opts.Generic = true
			}
			return ir.Print(out, m, opts)
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

// shownDiagnostic filters the printed diagnostics as
// --mlir-diagnostic-verbosity-level and --mlir-disable-diagnostic-notes
// ask: nil for one left out.
func (o *optOptions) shownDiagnostic(d *ir.Diagnostic) *ir.Diagnostic {
	switch {
	case d.Severity == ir.SeverityWarning && o.verbosity == "errors",
		d.Severity == ir.SeverityRemark && (o.verbosity == "errors" || o.verbosity == "warnings"):
		return nil
	case o.noNotes && len(d.Notes) > 0:
		c := *d
		c.Notes = nil
		return &c
	}
	return d
}

// context returns a context for one input, as the flags want it.
func (o *optOptions) context() *ir.Context {
	ctx := newContext()
	ctx.SetAllowUnregisteredDialects(o.allowUnregistered)
	ctx.SetMultithreading(!o.disableThreading)
	return ctx
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
	var repro *reproducerOptions
	if o.runReproducer {
		repro = &reproducerOptions{}
		ctx.HandleExternalResources("mlir_reproducer", repro.take)
	}
	// As mlir-opt's parser verifies what it read, "Parser" times both.
	err := timed(timing, "Parser", func() (err error) {
		if m, err = parse(ctx, src, name); err != nil || o.noVerifyOnParse {
			return err
		}
		return ir.Verify(m)
	})
	if err != nil {
		return nil, err
	}
	if o.verifyRoundtrip {
		// As mlir-opt, on the IR as parsed, before any pass.
		if err := verifyRoundtrip(m, o.context); err != nil {
			return nil, err
		}
	}
	if err := runPipeline(m, o, repro, timing, stderr); err != nil {
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
