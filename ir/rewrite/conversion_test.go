package rewrite_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/rewrite"
)

// cv is the dialect converted from (i64 arithmetic), lo the one converted
// to (i32 arithmetic).
func cvDialect() *ir.Dialect {
	return &ir.Dialect{Name: "cv", Ops: []*ir.OpDef{
		{Name: "cv.func", Traits: ir.IsolatedFromAbove | ir.Symbol, Regions: ir.Exactly(1)},
		{Name: "cv.add", Traits: ir.Pure, Operands: ir.Exactly(2), Results: ir.Exactly(1)},
		{Name: "cv.mul", Traits: ir.Pure, Operands: ir.Exactly(2), Results: ir.Exactly(1)},
		{Name: "cv.keep", Operands: ir.Variadic, Regions: ir.Between(0, 1)},
		{Name: "cv.return", Traits: ir.Terminator | ir.ReturnLike, Operands: ir.Variadic},
		{Name: "cv.br", Traits: ir.Terminator, Operands: ir.Variadic, Successors: ir.Exactly(1),
			SuccessorOperands: func(op *ir.Operation, _ int) (int, int) { return 0, op.NumOperands() }},
	}}
}

func loDialect() *ir.Dialect {
	return &ir.Dialect{Name: "lo", Ops: []*ir.OpDef{
		{Name: "lo.add", Traits: ir.Pure, Operands: ir.Exactly(2), Results: ir.Exactly(1)},
		{Name: "lo.sext", Traits: ir.Pure, Operands: ir.Exactly(1), Results: ir.Exactly(1)},
		{Name: "lo.return", Traits: ir.Terminator | ir.ReturnLike, Operands: ir.Variadic},
		{Name: "lo.br", Traits: ir.Terminator, Operands: ir.Variadic, Successors: ir.Exactly(1),
			SuccessorOperands: func(op *ir.Operation, _ int) (int, int) { return 0, op.NumOperands() }},
	}}
}

// i64ToI32 converts i64 to i32 and tuples to their converted elements;
// other types are legal.
func i64ToI32(ctx *ir.Context) *rewrite.TypeConverter {
	tc := rewrite.NewTypeConverter()
	tc.AddConversion(func(t ir.Type) []ir.Type { return []ir.Type{t} })
	tc.AddConversion(func(t ir.Type) []ir.Type {
		if t == ctx.I(64) {
			return []ir.Type{ctx.I(32)}
		}
		return nil
	})
	tc.AddConversion(func(t ir.Type) []ir.Type {
		tt, ok := t.(*ir.TupleType)
		if !ok {
			return nil
		}
		out, ok := tc.ConvertTypes(tt.Elems)
		if !ok {
			return nil
		}
		return out
	})
	return tc
}

type conv struct {
	ctx      *ir.Context
	target   *rewrite.ConversionTarget
	types    *rewrite.TypeConverter
	patterns []*rewrite.ConversionPattern
}

func newConv() *conv {
	ctx := ir.NewContext(cvDialect(), loDialect())
	c := &conv{ctx: ctx, target: rewrite.NewConversionTarget(), types: i64ToI32(ctx)}
	c.target.AddLegalDialect("lo")
	c.target.AddLegalOp("builtin.module")
	c.target.AddIllegalOp("cv.add", "cv.return", "cv.br")
	c.target.AddDynamicallyLegalOp("cv.func", func(op *ir.Operation) bool {
		ft := op.Attr("function_type").(*ir.TypeAttr).Value.(*ir.FunctionType)
		return c.types.IsSignatureLegal(ft, op.Region(0))
	})
	c.target.AddDynamicallyLegalOp("cv.keep", c.types.IsLegalOp)
	c.patterns = []*rewrite.ConversionPattern{
		rewrite.FunctionSignature("cv.func"),
		rewrite.OneToOne("cv.add", "lo.add"),
		rewrite.OneToOne("cv.return", "lo.return"),
		rewrite.OneToOne("cv.br", "lo.br"),
	}
	return c
}

func (c *conv) run(t *testing.T, src string, full bool) (*ir.Operation, error) {
	t.Helper()
	m := parse(t, c.ctx, src)
	set := rewrite.NewConversionPatternSet(c.types, c.patterns...)
	if full {
		return m, rewrite.ApplyFullConversion(m, c.target, set)
	}
	return m, rewrite.ApplyPartialConversion(m, c.target, set)
}

const addFunc = `"cv.func"() ({
^bb0(%a: i64, %b: i64):
  %s = "cv.add"(%a, %b) : (i64, i64) -> i64
  %t = "cv.add"(%s, %b) : (i64, i64) -> i64
  "cv.return"(%t) : (i64) -> ()
}) {sym_name = "f", function_type = (i64, i64) -> i64} : () -> ()`

func TestFullConversion(t *testing.T) {
	c := newConv()
	m, err := c.run(t, addFunc, true)
	if err != nil {
		t.Fatal(err)
	}
	checkIR(t, m, `module {
  "cv.func"() ({
  ^bb0(%arg0: i32, %arg1: i32):
    %0 = "lo.add"(%arg0, %arg1) : (i32, i32) -> i32
    %1 = "lo.add"(%0, %arg1) : (i32, i32) -> i32
    "lo.return"(%1) : (i32) -> ()
  }) {function_type = (i32, i32) -> i32, sym_name = "f"} : () -> ()
}`)
}

func TestFullConversionFailsOnIllegalOp(t *testing.T) {
	c := newConv()
	_, err := c.run(t, `"cv.func"() ({
^bb0(%a: i64):
  %s = "cv.mul"(%a, %a) : (i64, i64) -> i64
  "cv.return"(%s) : (i64) -> ()
}) {sym_name = "f", function_type = (i64) -> i64} : () -> ()`, true)
	var d *ir.Diagnostic
	if !errors.As(err, &d) || d.Error() != "test.mlir:3:8: error: failed to legalize operation 'cv.mul'" {
		t.Errorf("err = %v", err)
	}
}

func TestPartialConversionKeepsUnknownOps(t *testing.T) {
	c := newConv()
	m, err := c.run(t, `"cv.func"() ({
^bb0(%a: i64):
  %s = "cv.add"(%a, %a) : (i64, i64) -> i64
  %p = "cv.mul"(%s, %a) : (i64, i64) -> i64
  "cv.return"(%p) : (i64) -> ()
}) {sym_name = "f", function_type = (i64) -> i64} : () -> ()`, false)
	if err != nil {
		t.Fatal(err)
	}
	checkIR(t, m, `module {
  "cv.func"() ({
  ^bb0(%arg0: i32):
    %0 = builtin.unrealized_conversion_cast %arg0 : i32 to i64
    %1 = "lo.add"(%arg0, %arg0) : (i32, i32) -> i32
    %2 = builtin.unrealized_conversion_cast %1 : i32 to i64
    %3 = "cv.mul"(%2, %0) : (i64, i64) -> i64
    %4 = builtin.unrealized_conversion_cast %3 : i64 to i32
    "lo.return"(%4) : (i32) -> ()
  }) {function_type = (i32) -> i32, sym_name = "f"} : () -> ()
}`)

	c = newConv()
	c.target.AddIllegalOp("cv.mul")
	_, err = c.run(t, `"cv.func"() ({
^bb0(%a: i64):
  %p = "cv.mul"(%a, %a) : (i64, i64) -> i64
  "cv.return"(%p) : (i64) -> ()
}) {sym_name = "f", function_type = (i64) -> i64} : () -> ()`, false)
	if err == nil || err.Error() != "test.mlir:3:8: error: failed to legalize operation 'cv.mul' that was explicitly marked illegal" {
		t.Errorf("err = %v", err)
	}
}

const keepFunc = `"cv.func"() ({
^bb0(%a: i64):
  %s = "cv.add"(%a, %a) : (i64, i64) -> i64
  "cv.keep"(%s) : (i64) -> ()
  "cv.return"() : () -> ()
}) {sym_name = "f", function_type = (i64) -> ()} : () -> ()`

func TestUnresolvedMaterialization(t *testing.T) {
	c := newConv()
	c.target.AddLegalOp("cv.keep")
	_, err := c.run(t, keepFunc, true)
	want := "test.mlir:3:8: error: failed to legalize unresolved materialization from (i32) to i64 that remained live after conversion\n" +
		"test.mlir:4:3: note: see existing live user here: 'cv.keep' op"
	if err == nil || err.Error() != want {
		t.Errorf("err = %v", err)
	}

	c = newConv()
	c.target.AddLegalOp("cv.keep")
	c.target.AddIllegalOp("builtin.unrealized_conversion_cast")
	if _, err = c.run(t, keepFunc, false); err == nil || err.Error() != want {
		t.Errorf("partial conversion with casts illegal: err = %v", err)
	}

	c = newConv()
	c.target.AddLegalOp("cv.keep", "builtin.unrealized_conversion_cast")
	if _, err := c.run(t, keepFunc, true); err != nil {
		t.Errorf("casts made legal: %v", err)
	}
}

func TestMaterializationHooks(t *testing.T) {
	c := newConv()
	c.target.AddLegalOp("cv.keep")
	c.types.AddSourceMaterialization(func(b *ir.Builder, t ir.Type, in []*ir.Value, loc ir.Location) *ir.Value {
		if len(in) != 1 {
			return nil
		}
		return b.Create(&ir.OpState{Name: "lo.sext", Loc: loc, Operands: in, ResultTypes: []ir.Type{t}}).Result(0)
	})
	m, err := c.run(t, keepFunc, true)
	if err != nil {
		t.Fatal(err)
	}
	checkIR(t, m, `module {
  "cv.func"() ({
  ^bb0(%arg0: i32):
    %0 = "lo.add"(%arg0, %arg0) : (i32, i32) -> i32
    %1 = "lo.sext"(%0) : (i32) -> i64
    "cv.keep"(%1) : (i64) -> ()
    "lo.return"() : () -> ()
  }) {function_type = (i32) -> (), sym_name = "f"} : () -> ()
}`)

	c = newConv()
	c.target.AddLegalOp("cv.keep")
	c.types.AddSourceMaterialization(func(*ir.Builder, ir.Type, []*ir.Value, ir.Location) *ir.Value { return nil })
	_, err = c.run(t, keepFunc, false)
	if err == nil || !strings.Contains(err.Error(), "error: failed to materialize conversion from (i32) to i64 that remained live after conversion") {
		t.Errorf("err = %v", err)
	}
}

func TestOneToManySignature(t *testing.T) {
	c := newConv()
	c.target.AddLegalOp("cv.keep")
	m, err := c.run(t, `"cv.func"() ({
^bb0(%t: tuple<i64, i64>, %u: tuple<>):
  "cv.keep"(%t) : (tuple<i64, i64>) -> ()
  "cv.return"() : () -> ()
}) {sym_name = "f", function_type = (tuple<i64, i64>, tuple<>) -> ()} : () -> ()`, false)
	if err != nil {
		t.Fatal(err)
	}
	checkIR(t, m, `module {
  "cv.func"() ({
  ^bb0(%arg0: i32, %arg1: i32):
    %0 = builtin.unrealized_conversion_cast %arg0, %arg1 : i32, i32 to tuple<i64, i64>
    "cv.keep"(%0) : (tuple<i64, i64>) -> ()
    "lo.return"() : () -> ()
  }) {function_type = (i32, i32) -> (), sym_name = "f"} : () -> ()
}`)
}

func TestBlockArgumentsAndBranches(t *testing.T) {
	c := newConv()
	m, err := c.run(t, `"cv.func"() ({
^bb0(%a: i64):
  "cv.br"(%a)[^bb2] : (i64) -> ()
^bb1(%x: i64):
  "cv.return"(%x) : (i64) -> ()
^bb2(%y: i64):
  %s = "cv.add"(%y, %y) : (i64, i64) -> i64
  "cv.br"(%s)[^bb1] : (i64) -> ()
}) {sym_name = "f", function_type = (i64) -> i64} : () -> ()`, true)
	if err != nil {
		t.Fatal(err)
	}
	checkIR(t, m, `module {
  "cv.func"() ({
  ^bb0(%arg0: i32):
    "lo.br"(%arg0)[^bb2] : (i32) -> ()
  ^bb1(%0: i32):  // pred: ^bb2
    "lo.return"(%0) : (i32) -> ()
  ^bb2(%1: i32):  // pred: ^bb0
    %2 = "lo.add"(%1, %1) : (i32, i32) -> i32
    "lo.br"(%2)[^bb1] : (i32) -> ()
  }) {function_type = (i32) -> i32, sym_name = "f"} : () -> ()
}`)
}

func TestUseBeforeConversionOfDefinition(t *testing.T) {
	// ^bb2 uses %s from ^bb1, which comes later in block order: the add is
	// converted after its user, through a target materialization that
	// finalization folds away.
	c := newConv()
	m, err := c.run(t, `"cv.func"() ({
^bb0(%a: i64):
  "cv.br"()[^bb1] : () -> ()
^bb2:
  "cv.return"(%s) : (i64) -> ()
^bb1:
  %s = "cv.add"(%a, %a) : (i64, i64) -> i64
  "cv.br"()[^bb2] : () -> ()
}) {sym_name = "f", function_type = (i64) -> i64} : () -> ()`, true)
	if err != nil {
		t.Fatal(err)
	}
	if out := ir.OpString(m, ir.PrintOptions{}); strings.Contains(out, "unrealized") || strings.Contains(out, "i64") {
		t.Errorf("casts or i64 left:\n%s", out)
	}
}

func TestConversionWithoutTypeConverter(t *testing.T) {
	ctx := ir.NewContext(cvDialect(), loDialect())
	m := parse(t, ctx, `"cv.keep"() ({
  %s = "cv.add"(%a, %a) : (i64, i64) -> i64
  %t = "cv.add"(%s, %s) : (i64, i64) -> i64
  "cv.return"(%t) : (i64) -> ()
}) : () -> ()
%a = "cv.mul"(%b, %b) : (i64, i64) -> i64
%b = "cv.mul"(%a, %a) : (i64, i64) -> i64`)
	target := rewrite.NewConversionTarget()
	target.AddIllegalOp("cv.add")
	set := rewrite.NewConversionPatternSet(nil, rewrite.OneToOne("cv.add", "lo.add"))
	if err := rewrite.ApplyPartialConversion(m, target, set); err != nil {
		t.Fatal(err)
	}
	if out := ir.OpString(m, ir.PrintOptions{}); strings.Count(out, "lo.add") != 2 || strings.Contains(out, "cv.add") {
		t.Errorf("got\n%s", out)
	}
}

func TestConversionPatternContract(t *testing.T) {
	c := newConv()
	c.patterns = append([]*rewrite.ConversionPattern{{
		Name: "liar", Root: "cv.add", Benefit: 10,
		Rewrite: func(op *ir.Operation, _ []*ir.Value, rw *rewrite.ConversionRewriter) error {
			rw.ModifyInPlace(op, func() { op.SetAttr("cv.x", op.Context().UnitAttr()) })
			return rewrite.NoMatch
		},
	}, {
		Name: "eraser", Root: "cv.return", Benefit: 10,
		Rewrite: func(op *ir.Operation, _ []*ir.Value, rw *rewrite.ConversionRewriter) error {
			rw.EraseOp(op.Operand(0).DefiningOp())
			return nil
		},
	}}, c.patterns...)
	_, err := c.run(t, addFunc, true)
	if err == nil || !strings.Contains(err.Error(), `'cv.add' op pattern "liar" changed the IR but reported no match`) {
		t.Errorf("err = %v", err)
	}
	c.patterns = c.patterns[1:]
	_, err = c.run(t, addFunc, true)
	if err == nil || !strings.Contains(err.Error(), "erased while its results are still used") {
		t.Errorf("err = %v", err)
	}
}

func TestPatternErrorsStopConversion(t *testing.T) {
	c := newConv()
	c.patterns = append(c.patterns, &rewrite.ConversionPattern{
		Name: "unsupported", Root: "cv.mul",
		Rewrite: func(op *ir.Operation, _ []*ir.Value, rw *rewrite.ConversionRewriter) error {
			return op.Errorf("cannot lower a multiplication by itself")
		},
	})
	_, err := c.run(t, `"cv.func"() ({
^bb0(%a: i64):
  %s = "cv.mul"(%a, %a) : (i64, i64) -> i64
  "cv.return"(%s) : (i64) -> ()
}) {sym_name = "f", function_type = (i64) -> i64} : () -> ()`, false)
	if err == nil || err.Error() != "test.mlir:3:8: error: 'cv.mul' op cannot lower a multiplication by itself" {
		t.Errorf("err = %v", err)
	}
}

func TestTargetLegality(t *testing.T) {
	ctx := ir.NewContext(cvDialect(), loDialect())
	ctx.SetAllowUnregisteredDialects(true)
	m := parse(t, ctx, `"cv.keep"() : () -> ()
"lo.add"(%x, %x) : (i32, i32) -> i32
"other.op"() : () -> ()
%x = "other.op"() : () -> i32`)
	ops := ir.ModuleBody(m).OpList()
	tg := rewrite.NewConversionTarget()
	tg.AddLegalDialect("cv")
	tg.AddIllegalOp("cv.keep")
	tg.AddDynamicallyLegalDialect("lo", func(op *ir.Operation) bool { return op.NumOperands() == 0 })
	got := []rewrite.Legality{tg.Legality(ops[0]), tg.Legality(ops[1]), tg.Legality(ops[2])}
	if got[0] != rewrite.Illegal || got[1] != rewrite.Illegal || got[2] != rewrite.Unknown {
		t.Errorf("legality %v", got)
	}
	tg.MarkUnknownOpsLegal()
	if l := tg.Legality(ops[2]); l != rewrite.Legal {
		t.Errorf("unknown op is %v after MarkUnknownOpsLegal", l)
	}
}

func TestRunawayPatternsFail(t *testing.T) {
	c := newConv()
	c.patterns = []*rewrite.ConversionPattern{rewrite.FunctionSignature("cv.func"), {
		Name: "again", Root: "cv.add",
		Rewrite: func(op *ir.Operation, operands []*ir.Value, rw *rewrite.ConversionRewriter) error {
			rw.ReplaceOpWith(op, &ir.OpState{Name: "cv.add", Operands: op.Operands(), ResultTypes: op.ResultTypes()})
			return nil
		},
	}}
	_, err := c.run(t, addFunc, false)
	if err == nil || !strings.Contains(err.Error(), `failed to legalize operation 'cv.add' created by pattern "again"`) {
		t.Errorf("err = %v", err)
	}
}

func TestReplaceOpMisuse(t *testing.T) {
	for _, tc := range []struct {
		name string
		vals func(op *ir.Operation) []*ir.Value
		want string
	}{
		{"count", func(*ir.Operation) []*ir.Value { return nil }, "replaced with 0 values, has 1 results"},
		{"nil", func(*ir.Operation) []*ir.Value { return []*ir.Value{nil} }, "result #0 is still used but was replaced by no value"},
	} {
		c := newConv()
		c.patterns = append([]*rewrite.ConversionPattern{{
			Name: tc.name, Root: "cv.add", Benefit: 10,
			Rewrite: func(op *ir.Operation, _ []*ir.Value, rw *rewrite.ConversionRewriter) error {
				rw.ReplaceOp(op, tc.vals(op))
				return nil
			},
		}}, c.patterns...)
		_, err := c.run(t, addFunc, true)
		if err == nil || !strings.Contains(err.Error(), "'cv.add' op "+tc.want) {
			t.Errorf("%s: err = %v", tc.name, err)
		}
	}
}

func TestReplaceOpWithSeveralResults(t *testing.T) {
	// A two-result op replaced by values of both converted and unconverted
	// types: only the result whose type changes goes through a cast, and a
	// nil value may replace the unused one.
	ctx := ir.NewContext(cvDialect(), loDialect())
	ctx.SetAllowUnregisteredDialects(true)
	m := parse(t, ctx, `%a = "other.src"() : () -> i64
%p, %q, %r = "other.pair"(%a) : (i64) -> (i64, i64, i64)
"cv.keep"(%p, %q) : (i64, i64) -> ()`)
	target := rewrite.NewConversionTarget()
	target.AddIllegalOp("other.pair")
	set := rewrite.NewConversionPatternSet(i64ToI32(ctx), &rewrite.ConversionPattern{
		Name: "pair", Root: "other.pair",
		Rewrite: func(op *ir.Operation, operands []*ir.Value, rw *rewrite.ConversionRewriter) error {
			rw.SetInsertionPointBefore(op)
			sum := rw.Create(&ir.OpState{Name: "lo.add", Operands: []*ir.Value{operands[0], operands[0]},
				ResultTypes: []ir.Type{operands[0].Type()}})
			rw.ReplaceOp(op, []*ir.Value{sum.Result(0), op.Operand(0), nil})
			return nil
		},
	})
	if err := rewrite.ApplyPartialConversion(m, target, set); err != nil {
		t.Fatal(err)
	}
	checkIR(t, m, `module {
  %0 = "other.src"() : () -> i64
  %1 = unrealized_conversion_cast %0 : i64 to i32
  %2 = "lo.add"(%1, %1) : (i32, i32) -> i32
  %3 = unrealized_conversion_cast %2 : i32 to i64
  "cv.keep"(%3, %0) : (i64, i64) -> ()
}`)
}

// The driver's error is about the op, as MLIR's op->emitError: no "'name'
// op" prefix, and the "see current operation" note when the context asks.
func TestConversionFailureNotesOp(t *testing.T) {
	c := newConv()
	c.ctx.SetPrintOpOnDiagnostic(true)
	_, err := c.run(t, `"cv.func"() ({
^bb0(%a: i64):
  %s = "cv.mul"(%a, %a) : (i64, i64) -> i64
  "cv.return"(%s) : (i64) -> ()
}) {sym_name = "f", function_type = (i64) -> i64} : () -> ()`, true)
	var d *ir.Diagnostic
	if !errors.As(err, &d) {
		t.Fatalf("err = %v", err)
	}
	got := d.Format(c.ctx)
	want := "test.mlir:3:8: error: failed to legalize operation 'cv.mul'\n"
	if !strings.HasPrefix(got, want) || !strings.Contains(got, "\ntest.mlir:3:8: note: see current operation: %1 = \"cv.mul\"(") {
		t.Errorf("got\n%s", got)
	}
}

// The live cast's error is about the cast, as MLIR's op->emitError: its
// note comes before the live user's.
func TestUnresolvedMaterializationNotesOp(t *testing.T) {
	c := newConv()
	c.ctx.SetPrintOpOnDiagnostic(true)
	c.target.AddLegalOp("cv.keep")
	_, err := c.run(t, keepFunc, true)
	var d *ir.Diagnostic
	if !errors.As(err, &d) || len(d.Notes) != 2 ||
		!strings.HasPrefix(d.Notes[0].Message, `see current operation: %`) ||
		!strings.Contains(d.Notes[0].Message, ` = "builtin.unrealized_conversion_cast"(`) ||
		d.Notes[1].Message != "see existing live user here: 'cv.keep' op" {
		t.Errorf("err = %v", err)
	}
}

// Materializations go where MLIR's dialect conversion puts them
// (computeInsertPoint): right after the definition of their input, or at
// the start of the block for block arguments, so the casts of one block's
// arguments come in reverse order of creation; a source cast follows the
// replacement value, not the replaced op.
func TestMaterializationPlacement(t *testing.T) {
	// Target casts of arguments the signature keeps, for one op's operands.
	c := newConv()
	c.ctx.SetAllowUnregisteredDialects(true)
	m, err := c.run(t, `"other.func"() ({
^bb0(%a: i64, %b: i64):
  %s = "cv.add"(%a, %b) : (i64, i64) -> i64
  "other.use"(%s) : (i64) -> ()
}) : () -> ()`, false)
	if err != nil {
		t.Fatal(err)
	}
	checkIR(t, m, `module {
  "other.func"() ({
  ^bb0(%arg0: i64, %arg1: i64):
    %0 = builtin.unrealized_conversion_cast %arg1 : i64 to i32
    %1 = builtin.unrealized_conversion_cast %arg0 : i64 to i32
    %2 = "lo.add"(%1, %0) : (i32, i32) -> i32
    %3 = builtin.unrealized_conversion_cast %2 : i32 to i64
    "other.use"(%3) : (i64) -> ()
  }) : () -> ()
}`)

	// Source casts of converted arguments that an unconverted op still uses.
	c = newConv()
	c.ctx.SetAllowUnregisteredDialects(true)
	m, err = c.run(t, `"cv.func"() ({
^bb0(%a: i64, %b: i64):
  "other.use"(%a, %b) : (i64, i64) -> ()
  "cv.return"() : () -> ()
}) {sym_name = "f", function_type = (i64, i64) -> ()} : () -> ()`, false)
	if err != nil {
		t.Fatal(err)
	}
	checkIR(t, m, `module {
  "cv.func"() ({
  ^bb0(%arg0: i32, %arg1: i32):
    %0 = builtin.unrealized_conversion_cast %arg1 : i32 to i64
    %1 = builtin.unrealized_conversion_cast %arg0 : i32 to i64
    "other.use"(%1, %0) : (i64, i64) -> ()
    "lo.return"() : () -> ()
  }) {function_type = (i32, i32) -> (), sym_name = "f"} : () -> ()
}`)

	// A dropped argument still used: a cast of nothing, at the block's start.
	c = newConv()
	c.ctx.SetAllowUnregisteredDialects(true)
	c.types.AddConversion(func(t ir.Type) []ir.Type {
		if t == c.ctx.I(1) {
			return []ir.Type{}
		}
		return nil
	})
	m, err = c.run(t, `"cv.func"() ({
^bb0(%a: i1, %b: i64):
  "other.use"(%a, %b) : (i1, i64) -> ()
  "cv.return"() : () -> ()
}) {sym_name = "f", function_type = (i1, i64) -> ()} : () -> ()`, false)
	if err != nil {
		t.Fatal(err)
	}
	checkIR(t, m, `module {
  "cv.func"() ({
  ^bb0(%arg0: i32):
    %0 = builtin.unrealized_conversion_cast %arg0 : i32 to i64
    %1 = builtin.unrealized_conversion_cast to i1
    "other.use"(%1, %0) : (i1, i64) -> ()
    "lo.return"() : () -> ()
  }) {function_type = (i32) -> (), sym_name = "f"} : () -> ()
}`)

	// A replacement defined before other ops the pattern makes.
	ctx := ir.NewContext(cvDialect(), loDialect())
	ctx.SetAllowUnregisteredDialects(true)
	m = parse(t, ctx, `%a = "other.src"() : () -> i32
%p = "other.widen"(%a) : (i32) -> i64
"cv.keep"(%p) : (i64) -> ()`)
	target := rewrite.NewConversionTarget()
	target.AddIllegalOp("other.widen")
	set := rewrite.NewConversionPatternSet(i64ToI32(ctx), &rewrite.ConversionPattern{
		Name: "widen", Root: "other.widen",
		Rewrite: func(op *ir.Operation, operands []*ir.Value, rw *rewrite.ConversionRewriter) error {
			rw.SetInsertionPointBefore(op)
			ext := rw.Create(&ir.OpState{Name: "lo.sext", Operands: operands, ResultTypes: []ir.Type{ctx.I(32)}})
			rw.Create(&ir.OpState{Name: "other.after", Operands: ext.Results()})
			rw.ReplaceOp(op, ext.Results())
			return nil
		},
	})
	if err := rewrite.ApplyPartialConversion(m, target, set); err != nil {
		t.Fatal(err)
	}
	checkIR(t, m, `module {
  %0 = "other.src"() : () -> i32
  %1 = "lo.sext"(%0) : (i32) -> i32
  %2 = unrealized_conversion_cast %1 : i32 to i64
  "other.after"(%1) : (i32) -> ()
  "cv.keep"(%2) : (i64) -> ()
}`)
}
