package ir

import (
	"strings"
	"testing"
)

// reportSomething stands for the code a stack note should name.
func reportSomething(ctx *Context) *Diagnostic {
	return Errorf(ctx.FileLineColLoc("s.mlir", 1, 1), "something")
}

func TestStackTraceOnDiagnostic(t *testing.T) {
	ctx := NewContext()
	// Off: no note, even while another context records stacks.
	other := NewContext()
	other.SetPrintStackTraceOnDiagnostic(true)
	if d := reportSomething(ctx); strings.Contains(d.Format(ctx), "trace") {
		t.Errorf("a stack note in a context without it:\n%s", d.Format(ctx))
	}
	ctx.SetPrintStackTraceOnDiagnostic(true)
	d := reportSomething(ctx).Note(ctx.FileLineColLoc("s.mlir", 2, 1), "later")
	text := d.Format(ctx)
	// MLIR's words, the note first, one frame a line down from where the
	// diagnostic was made.
	if len(d.Notes) != 2 || !strings.HasPrefix(d.Notes[0].Message, "diagnostic emitted with trace:\n #0 0x") ||
		!strings.Contains(d.Notes[0].Message, "\n #1 0x") || !strings.Contains(d.Notes[0].Message, "ir.reportSomething ") ||
		!strings.Contains(text, "s.mlir:1:1: note: diagnostic emitted with trace:") {
		t.Errorf("got\n%s", text)
	}
	// Formatting again adds no second note.
	if d.Format(ctx) != text {
		t.Errorf("the note came twice:\n%s", d.Format(ctx))
	}
	// Emitted diagnostics get it too.
	var got *Diagnostic
	ctx.SetDiagnosticHandler(func(d *Diagnostic) { got = d })
	ctx.Emit(reportSomething(ctx))
	if got == nil || len(got.Notes) != 1 || !strings.Contains(got.Notes[0].Message, "ir.reportSomething ") {
		t.Errorf("emitted: %v", got)
	}
}
