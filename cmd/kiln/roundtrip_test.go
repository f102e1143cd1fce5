package main

import (
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/ir"
)

// brokenAsm has ops whose custom forms do not read back: rt.lossy's
// printer leaves out its attribute, rt.garbled's prints what its parser
// refuses.
var brokenAsm = &ir.Dialect{Name: "rt", Ops: []*ir.OpDef{
	{Name: "rt.lossy",
		Parse: func(p *ir.OpParser, st *ir.OpState) error { return nil },
		Print: func(p *ir.OpPrinter, op *ir.Operation) {}},
	{Name: "rt.garbled",
		Parse: func(p *ir.OpParser, st *ir.OpState) error { return nil },
		Print: func(p *ir.OpPrinter, op *ir.Operation) { p.WriteString(" %%%") }},
	{Name: "rt.fine",
		Parse: func(p *ir.OpParser, st *ir.OpState) error { return nil },
		Print: func(p *ir.OpPrinter, op *ir.Operation) {}},
}}

func TestVerifyRoundtrip(t *testing.T) {
	newCtx := func() *ir.Context { return ir.NewContext(brokenAsm) }
	for _, c := range []struct {
		src  string
		want []string // the error's text, then the one emitted before it
	}{
		{src: `"rt.fine"() : () -> ()`},
		{src: `"rt.lossy"() {a = 1 : i32} : () -> ()`,
			want: []string{"error: 'builtin.module' op textual roundTrip testing roundtripped module differs from reference:\n<<<<<<Reference\n",
				"\"rt.lossy\"() {a = 1 : i32} : () -> () loc(", "\n=====\n", "\"rt.lossy\"() : () -> () loc(", "\n>>>>>roundtripped"}},
		{src: `"rt.garbled"() : () -> ()`,
			want: []string{"in.mlir:0:0: error: 'builtin.module' op failed to parse textual content back, cannot verify round-trip.",
				"note: reading back the textual form: <textual round-trip>:2:14: error: invalid SSA name\n  rt.garbled %%% loc(#loc1)\n             ^"}},
	} {
		ctx := newCtx()
		var emitted []*ir.Diagnostic
		ctx.SetDiagnosticHandler(func(d *ir.Diagnostic) { emitted = append(emitted, d) })
		m, err := ir.Parse(ctx, c.src, "in.mlir")
		if err != nil {
			t.Fatal(err)
		}
		err = verifyRoundtrip(m, newCtx)
		if c.want == nil {
			if err != nil || len(emitted) != 0 {
				t.Errorf("%s: %v, emitted %v", c.src, err, emitted)
			}
			continue
		}
		if err == nil {
			t.Errorf("%s: no error", c.src)
			continue
		}
		// Only the custom form is broken: the generic one reads back.
		if len(emitted) != 0 {
			t.Errorf("%s: emitted %v besides %v", c.src, emitted, err)
		}
		for _, w := range c.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%s: error %q lacks %q", c.src, err, w)
			}
		}
	}
}

// TestVerifyRoundtripBothForms checks that a failure of each form is
// reported: here neither reads back, in a context that lacks the dialect.
func TestVerifyRoundtripBothForms(t *testing.T) {
	ctx := ir.NewContext(brokenAsm)
	var emitted []*ir.Diagnostic
	ctx.SetDiagnosticHandler(func(d *ir.Diagnostic) { emitted = append(emitted, d) })
	m, err := ir.Parse(ctx, `"rt.fine"() : () -> ()`, "in.mlir")
	if err != nil {
		t.Fatal(err)
	}
	err = verifyRoundtrip(m, func() *ir.Context { return ir.NewContext() })
	if len(emitted) != 1 || err == nil {
		t.Fatalf("emitted %v, error %v; want one of each", emitted, err)
	}
	for i, d := range []error{emitted[0], err} {
		want := "'builtin.module' op failed to parse " + []string{"textual", "generic"}[i] + " content back"
		if !strings.Contains(d.Error(), want) {
			t.Errorf("diagnostic %d: %q lacks %q", i, d, want)
		}
	}
}
