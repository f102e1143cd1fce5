package main

import (
	"github.com/kiln-gpu/kiln/ir"
)

// verifyRoundtrip is mlir-opt's --verify-roundtrip: op, printed with its
// locations, must parse back in a fresh context (newContext) into IR that
// prints the same in the generic form. MLIR checks two printed forms, the
// custom text ("textual") and bytecode; Kiln has no bytecode, so its second
// form is the generic text, which does not go through the ops' custom
// printers and parsers. Both forms are checked; a failure is an error on
// op worded as MLIR's, the first of two emitted to op's context.
func verifyRoundtrip(op *ir.Operation, newContext func() *ir.Context) error {
	reference := string(ir.PrintBytes(op, ir.PrintOptions{Generic: true, DebugInfo: true}))
	var failed *ir.Diagnostic
	// The generic form is the reference itself, printed once.
	textual := string(ir.PrintBytes(op, ir.PrintOptions{DebugInfo: true}))
	for _, form := range []struct{ name, text string }{{"textual", textual}, {"generic", reference}} {
		err := roundtripForm(op, newContext, form.name, form.text, reference)
		if err == nil {
			continue
		}
		if failed != nil {
			op.Context().Emit(failed)
		}
		failed = err
	}
	if failed != nil {
		return failed
	}
	return nil
}

// roundtripForm checks text, one printed form of op, against reference,
// op's generic text.
func roundtripForm(op *ir.Operation, newContext func() *ir.Context, name, text, reference string) *ir.Diagnostic {
	ctx := newContext()
	back, err := ir.ParseSingleOp(ctx, text, "<"+name+" round-trip>")
	if err == nil {
		err = ir.Verify(back)
	}
	if err != nil {
		d := op.Errorf("failed to parse %s content back, cannot verify round-trip.", name)
		if pd, ok := err.(*ir.Diagnostic); ok {
			// The error is in the printed text, shown with its line.
			return d.Note(op.Loc(), "reading back the %s form: %s", name, pd.Format(ctx))
		}
		return d.Note(op.Loc(), "reading back the %s form: %v", name, err)
	}
	roundtrip := string(ir.PrintBytes(back, ir.PrintOptions{Generic: true, DebugInfo: true}))
	if roundtrip != reference {
		return op.Errorf("%s roundTrip testing roundtripped module differs from reference:\n<<<<<<Reference\n%s\n=====\n%s\n>>>>>roundtripped\n", name, reference, roundtrip)
	}
	return nil
}
