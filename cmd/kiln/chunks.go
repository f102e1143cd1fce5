package main

import (
	"fmt"
	"io"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/irtest"
)

// chunkRun is how kiln opt and kiln translate go through a text input:
// split at `// -----` lines with --split-input-file, each chunk processed
// in a context of its own whose diagnostics are collected, then checked
// against the chunk's expected-* comments (--verify-diagnostics) or
// printed.
type chunkRun struct {
	name, text string
	split      string // the marker to split at (--split-input-file), "" for none
	verify     bool
	// onlyExpected (--verify-diagnostics=only-expected) leaves the
	// diagnostics no comment expects unreported.
	onlyExpected bool
	printOp      bool   // --mlir-print-op-on-diagnostic, off under verify
	printStack   bool   // --mlir-print-stacktrace-on-diagnostic
	marker       string // written between the outputs of chunks
	// shown filters the diagnostics printed (not verified): nil shows all.
	shown   func(*ir.Diagnostic) *ir.Diagnostic
	context func() *ir.Context
}

// run calls do for each chunk with its context and whether it is the
// last. do writes the chunk's output and returns a diagnostic about the
// input, or another error, which ends the run and is returned. Diagnostics
// are printed to stderr as they come, unless verified; failed says that a
// chunk failed (do returned its diagnostic: the input did not parse or
// verify, or a pass failed), and problems are what --verify-diagnostics
// found. As with mlir-opt, an error a pass reports while it succeeds (say
// lower-affine on a reduction kind it cannot lower) is printed but does
// not make the run fail.
func (r chunkRun) run(out, stderr io.Writer, do func(ctx *ir.Context, chunk string, last bool) error) (failed bool, problems []string, err error) {
	chunks := []string{r.text}
	if r.split != "" {
		var nearMisses []int
		chunks, nearMisses = ir.SplitInputAt(r.text, r.split)
		if len(nearMisses) > 0 {
			// As mlir-opt, straight to stderr while splitting, verified
			// or not.
			ctx := r.context()
			ctx.AddSource(r.name, r.text)
			for _, off := range nearMisses {
				d := ir.NewDiagnostic(ir.SeverityWarning, ctx.OffsetLoc(r.name, r.text, off), "near miss with file split marker")
				if _, err := io.WriteString(stderr, d.Format(ctx)); err != nil {
					return false, nil, err
				}
			}
		}
	}
	for i, chunk := range chunks {
		if i > 0 {
			if _, err := io.WriteString(out, r.marker); err != nil {
				return failed, problems, err
			}
		}
		ctx := r.context()
		ctx.SetPrintOpOnDiagnostic(r.printOp && !r.verify)
		ctx.SetPrintStackTraceOnDiagnostic(r.printStack)
		ctx.AddSource(r.name, r.text)
		var diags []*ir.Diagnostic
		ctx.SetDiagnosticHandler(func(d *ir.Diagnostic) { diags = append(diags, d) })
		if err := do(ctx, chunk, i == len(chunks)-1); err != nil {
			d, ok := err.(*ir.Diagnostic)
			if !ok {
				return failed, problems, err
			}
			diags = append(diags, d)
			failed = failed || !r.verify
		}
		if r.verify {
			// Chunks keep their original line numbers, so each chunk's own
			// expected-* comments are checked against its diagnostics.
			problems = append(problems, irtest.VerifyExpectedDiagnostics(chunk, r.name, diags, r.onlyExpected)...)
			continue
		}
		for _, d := range diags {
			if r.shown != nil {
				if d = r.shown(d); d == nil {
					continue
				}
			}
			fmt.Fprint(stderr, d.Format(ctx))
		}
	}
	return failed, problems, nil
}
