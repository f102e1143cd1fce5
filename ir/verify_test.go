package ir_test

import (
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/ir"
)

// testDialect has a function-like op with an SSACFG region, a terminator
// and a branch, enough to exercise the verifier's structural checks.
var testDialect = &ir.Dialect{
	Name: "t",
	Ops: []*ir.OpDef{
		{Name: "t.fn", Traits: ir.IsolatedFromAbove, Regions: ir.Exactly(1)},
		// t.iso is isolated and takes operands, like gpu.all_reduce.
		{Name: "t.iso", Traits: ir.IsolatedFromAbove, Operands: ir.Variadic, Regions: ir.Exactly(1)},
		{Name: "t.ret", Traits: ir.Terminator | ir.ReturnLike, Operands: ir.Variadic},
		{Name: "t.br", Traits: ir.Terminator, Operands: ir.Variadic, Successors: ir.Exactly(1),
			SuccessorOperands: func(op *ir.Operation, i int) (int, int) { return 0, op.NumOperands() }},
		{Name: "t.def", Traits: ir.Pure, Results: ir.Exactly(1)},
		{Name: "t.use", Operands: ir.Variadic},
		{Name: "t.same", Traits: ir.Pure | ir.SameOperandsAndResultType, Operands: ir.Exactly(2), Results: ir.Exactly(1)},
	},
}

func TestVerifier(t *testing.T) {
	cases := []struct{ name, src, want string }{
		{"ok", `"t.fn"() ({
  %0 = "t.def"() : () -> i32
  "t.br"(%0) [^bb1] : (i32) -> ()
^bb1(%a: i32):
  "t.use"(%a, %0) : (i32, i32) -> ()
  "t.ret"() : () -> ()
}) : () -> ()`, ""},
		{"dominance in block", `"t.fn"() ({
  "t.use"(%0) : (i32) -> ()
  %0 = "t.def"() : () -> i32
  "t.ret"() : () -> ()
}) : () -> ()`, "v.mlir:2:3: error: 't.use' op operand #0 does not dominate this use"},
		{"dominance across blocks", `"t.fn"() ({
  "t.br"() [^bb2] : () -> ()
^bb1:
  %0 = "t.def"() : () -> i32
  "t.br"() [^bb2] : () -> ()
^bb2:
  "t.use"(%0) : (i32) -> ()
  "t.ret"() : () -> ()
}) : () -> ()`, "v.mlir:7:3: error: 't.use' op operand #0 does not dominate this use"},
		{"no dominance in an unreachable block", `"t.fn"() ({
  "t.ret"() : () -> ()
^bb1:
  %0 = "t.same"(%0, %0) : (i32, i32) -> i32
  "t.br"() [^bb1] : () -> ()
}) : () -> ()`, ""},
		{"missing terminator", `"t.fn"() ({
  %0 = "t.def"() : () -> i32
}) : () -> ()`, "v.mlir:2:8: error: block with no terminator, has 't.def'"},
		{"op error before missing terminator", `"t.fn"() ({
  "t.same"() : () -> i32
}) : () -> ()`, "v.mlir:2:3: error: 't.same' op expected 2 operands, but found 0"},
		{"terminator not last", `"t.fn"() ({
  "t.ret"() : () -> ()
  %0 = "t.def"() : () -> i32
  "t.ret"() : () -> ()
}) : () -> ()`, "'t.ret' op must be the last operation in the parent block"},
		{"isolation", `%0 = "t.def"() : () -> i32
"t.fn"() ({
  "t.use"(%0) : (i32) -> ()
  "t.ret"() : () -> ()
}) : () -> ()`, "use of undeclared SSA value name '%0'"},
		{"successor operands", `"t.fn"() ({
  "t.br"() [^bb1] : () -> ()
^bb1(%a: i32):
  "t.ret"() : () -> ()
}) : () -> ()`, "branch has 0 operands for successor #0, but target block has 1"},
		{"same types", `"t.fn"() ({
  %0 = "t.def"() : () -> i32
  %1 = "t.def"() : () -> i64
  %2 = "t.same"(%0, %1) : (i32, i64) -> i32
  "t.ret"() : () -> ()
}) : () -> ()`, "requires the same type for all operands and results"},
		{"operand count", `"t.fn"() ({
  %0 = "t.def"() : () -> i32
  %2 = "t.same"(%0) : (i32) -> i32
  "t.ret"() : () -> ()
}) : () -> ()`, "'t.same' op expected 2 operands, but found 1"},
		{"entry predecessors", `"t.fn"() ({
^bb0:
  "t.br"() [^bb0] : () -> ()
}) : () -> ()`, "entry block of region may not have predecessors"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ctx := ir.NewContext(testDialect)
			m, err := ir.Parse(ctx, c.src, "v.mlir")
			if err == nil {
				err = ir.Verify(m)
			}
			switch {
			case c.want == "" && err != nil:
				t.Fatalf("unexpected error: %v", err)
			case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
				t.Fatalf("got %v, want %q", err, c.want)
			}
		})
	}
}

// TestVerifierReportsEachIsolatedOp checks that every failing isolated
// sibling reports its error, in order, on one goroutine and on several:
// all but the last through the handler, the last returned; and the first
// returned when there is no handler.
func TestVerifierReportsEachIsolatedOp(t *testing.T) {
	bad := `"t.fn"() ({
  "t.same"() : () -> i32
  "t.ret"() : () -> ()
}) : () -> ()
`
	good := `"t.fn"() ({
  "t.ret"() : () -> ()
}) : () -> ()
`
	src := bad + good + bad + good + bad
	for _, threads := range []bool{false, true} {
		ctx := ir.NewContext(testDialect)
		ctx.SetMultithreading(threads)
		m, err := ir.Parse(ctx, src, "v.mlir")
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		ctx.SetDiagnosticHandler(func(d *ir.Diagnostic) { got = append(got, d.Error()) })
		if err := ir.Verify(m); err != nil {
			got = append(got, err.Error())
		}
		want := []string{"v.mlir:2:3:", "v.mlir:9:3:", "v.mlir:16:3:"}
		if len(got) != len(want) {
			t.Fatalf("threads %v: got %q, want errors at %q", threads, got, want)
		}
		for i := range want {
			if !strings.HasPrefix(got[i], want[i]) {
				t.Errorf("threads %v: error %d is %q, want it at %s", threads, i, got[i], want[i])
			}
		}
		ctx.SetDiagnosticHandler(nil)
		if err := ir.Verify(m); err == nil || !strings.HasPrefix(err.Error(), want[0]) {
			t.Errorf("threads %v, no handler: got %v, want the first error", threads, err)
		}
	}
}

// TestDiagnosticFormat checks MLIR's rendering: location, severity,
// message, the source line and a caret under the column.
func TestDiagnosticFormat(t *testing.T) {
	ctx := ir.NewContext(testDialect)
	src := "\"t.fn\"() ({\n  \"t.use\"(%0) : (i32) -> ()\n  %0 = \"t.def\"() : () -> i32\n  \"t.ret\"() : () -> ()\n}) : () -> ()\n"
	m, err := ir.Parse(ctx, src, "v.mlir")
	if err != nil {
		t.Fatal(err)
	}
	err = ir.Verify(m)
	d, ok := err.(*ir.Diagnostic)
	if !ok {
		t.Fatalf("want a diagnostic, got %v", err)
	}
	want := "v.mlir:2:3: error: 't.use' op operand #0 does not dominate this use\n" +
		"  \"t.use\"(%0) : (i32) -> ()\n" +
		"  ^\n" +
		"v.mlir:3:8: note: operand defined here (op in the same block)\n" +
		"  %0 = \"t.def\"() : () -> i32\n" +
		"       ^\n"
	if got := d.Format(ctx); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

// TestDeepNesting checks the region nesting limit: regions nested as deep
// as the parser accepts parse, verify, walk, clone and print (the printed
// text parses back to the same), and one level more is refused with a
// located error. The text of each level is indented, so printing is
// quadratic in depth, as MLIR's is; the limit keeps it small.
func TestDeepNesting(t *testing.T) {
	nest := func(depth int) string {
		var b strings.Builder
		for i := 0; i < depth; i++ {
			b.WriteString(`"t.fn"() ({` + "\n")
		}
		for i := 0; i < depth; i++ {
			b.WriteString(`"t.ret"() : () -> ()` + "\n" + `}) : () -> ()` + "\n")
		}
		return b.String()
	}
	const limit = 1023 // and the module's region
	ctx := ir.NewContext(testDialect)
	m, err := ir.Parse(ctx, nest(limit), "deep.mlir")
	if err != nil {
		t.Fatal(err)
	}
	if err := ir.Verify(m); err != nil {
		t.Fatal(err)
	}
	ops := 0
	m.Walk(func(*ir.Operation) bool { ops++; return true })
	if ops != 2*limit+1 {
		t.Errorf("walked %d ops, want %d", ops, 2*limit+1)
	}
	clone := m.Clone(ir.NewMapping())
	if err := ir.Verify(clone); err != nil {
		t.Fatal(err)
	}
	out := ir.PrintBytes(clone, ir.PrintOptions{})
	if len(out) > 4*limit*limit {
		t.Errorf("printed %d bytes, want at most 4 per level squared", len(out))
	}
	back, err := ir.Parse(ir.NewContext(testDialect), string(out), "printed.mlir")
	if err != nil {
		t.Fatal(err)
	}
	if again := ir.PrintBytes(back, ir.PrintOptions{}); string(again) != string(out) {
		t.Error("the printed nest does not print back the same")
	}
	_, err = ir.Parse(ir.NewContext(testDialect), nest(limit+1), "deeper.mlir")
	if err == nil || err.Error() != "deeper.mlir:1024:11: error: regions nested too deep (more than 1024 levels)" {
		t.Errorf("one level more: got %v", err)
	}
}
