package ir_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/irtest"
)

// fmtDialect's ops exercise each element of the assembly format engine.
var fmtDialect = &ir.Dialect{
	Name: "fmt",
	Ops: []*ir.OpDef{
		{Name: "fmt.add", Traits: ir.SameOperandsAndResultType, Operands: ir.Exactly(2), Results: ir.Exactly(1),
			Format: &ir.Format{Syntax: "$lhs `,` $rhs attr-dict `:` type($result)",
				Operands: []string{"lhs", "rhs"}, Results: []string{"result"}}},
		{Name: "fmt.cast", Operands: ir.Exactly(1), Results: ir.Exactly(1),
			Format: &ir.Format{Syntax: "$in attr-dict `:` type($in) `to` type($out)",
				Operands: []string{"in"}, Results: []string{"out"},
				Kinds: map[string]ir.TypeKind{"out": {Name: "builtin.float", Is: func(t ir.Type) bool { _, ok := t.(*ir.FloatType); return ok }}}}},
		{Name: "fmt.opt", Operands: ir.Between(0, 1),
			Format: &ir.Format{Syntax: "($v^ `:` type($v))? attr-dict", Operands: []string{"v?"}}},
		{Name: "fmt.call", Operands: ir.Variadic, Results: ir.Variadic, Inherent: []string{"callee"},
			Format: &ir.Format{Syntax: "$callee `(` $args `)` attr-dict `:` functional-type($args, results)",
				Operands: []string{"args*"}, Results: []string{"res*"}, Attrs: []ir.FormatAttr{{Name: "callee", Kind: isSymbolRef}}}},
		{Name: "fmt.clamp", Traits: ir.SameOperandsAndResultType, Operands: ir.Exactly(3), Results: ir.Exactly(1),
			Inherent: []string{"flag"},
			Format: &ir.Format{Syntax: "$x `to` ` ` `[` $lo `,` $hi `]` (`flag` $flag^)? attr-dict `:` type($r)",
				Operands: []string{"x", "lo", "hi"}, Results: []string{"r"}, Attrs: []ir.FormatAttr{{Name: "flag", Unit: true}}}},
		{Name: "fmt.const", Results: ir.Exactly(1), Inherent: []string{"value"},
			Format: &ir.Format{Syntax: "attr-dict $value", Results: []string{"r"},
				Attrs: []ir.FormatAttr{{Name: "value", Type: indexType}}, Types: map[string]func(*ir.Context) ir.Type{"r": indexType}}},
		{Name: "fmt.bound", Results: ir.Exactly(1), Inherent: []string{"ub"},
			Format: &ir.Format{Syntax: "(`ub` $ub^)? attr-dict `:` type($r)", Results: []string{"r"},
				Attrs: []ir.FormatAttr{{Name: "ub", Type: indexType}}}},
		{Name: "fmt.mode", Operands: ir.Exactly(1), Results: ir.Exactly(1), Inherent: []string{"mode"},
			Format: &ir.Format{Syntax: "$x (`mode` `` $mode^)? attr-dict `:` type($x)",
				Operands: []string{"x"}, Results: []string{"r"}, Attrs: []ir.FormatAttr{modeAttr},
				TypesFrom: []ir.TypeFrom{{From: "x", To: "r", Transform: func(ctx *ir.Context, _ ir.Type) ir.Type { return ctx.I(1) },
					Check: func(t ir.Type) bool { _, ok := t.(*ir.IntegerType); return !ok }, Desc: "not an integer"}}}},
		{Name: "fmt.pair", Operands: ir.Exactly(2),
			Format: &ir.Format{Syntax: "custom<Pair>($a, $b) attr-dict `:` type($a)",
				Operands: []string{"a", "b"}, TypesMatch: [][]string{{"a", "b"}},
				Custom: map[string]ir.CustomDirective{"Pair": {Parse: parsePair, Print: printPair}}}},
		{Name: "fmt.else", Inherent: []string{"kind"},
			Format: &ir.Format{Syntax: "(`kind` $kind^) : (`plain`)? attr-dict", Attrs: []ir.FormatAttr{{Name: "kind"}}}},
		{Name: "fmt.infer", Operands: ir.Exactly(1), Results: ir.Exactly(2),
			Format: &ir.Format{Syntax: "$x attr-dict `:` type($x)", Operands: []string{"x"}, Results: []string{"a", "b"},
				InferResults: func(ctx *ir.Context, ts []ir.Type, _ []ir.NamedAttr) ([]ir.Type, error) {
					if ts[0] == ctx.I(32) {
						return nil, errors.New("fmt.infer does not take i32")
					}
					return []ir.Type{ts[0], ts[0]}, nil
				}}},
		{Name: "fmt.seg", Traits: ir.AttrSizedOperandSegments, Operands: ir.Variadic,
			Format: &ir.Format{Syntax: "`[` $a `]` `[` $b `]` attr-dict `:` type($a) `|` type($b)", Operands: []string{"a*", "b*"}}},
		{Name: "fmt.sel", Operands: ir.Between(1, 2),
			Format: &ir.Format{Syntax: "$c (`,` $v^)? attr-dict `:` type($c)", Operands: []string{"c", "v?"},
				TypesMatch: [][]string{{"c", "v"}}}},
		{Name: "fmt.regions", Regions: ir.Variadic,
			Format: &ir.Format{Syntax: "`each` $rs attr-dict", Regions: []string{"rs*"}}},
		{Name: "fmt.region", Regions: ir.Exactly(1),
			Format: &ir.Format{Syntax: "attr-dict-with-keyword $body", Regions: []string{"body"}}},
		{Name: "fmt.idx", Operands: ir.Variadic, Results: ir.Variadic, Traits: ir.AttrSizedResultSegments,
			Format: &ir.Format{Syntax: "`(` $xs `)` attr-dict `:` type($rs) `|` type($tail)", Operands: []string{"xs*"},
				Results: []string{"rs*", "tail*"}, Types: map[string]func(*ir.Context) ir.Type{"xs": indexType}}},
		{Name: "fmt.round", Operands: ir.Exactly(1), Results: ir.Exactly(1), Inherent: []string{"dir"},
			Format: &ir.Format{Syntax: "$x ($dir^)? attr-dict `:` type($x) `to` type($r)",
				Operands: []string{"x"}, Results: []string{"r"}, Attrs: []ir.FormatAttr{dirAttr}}},
		{Name: "fmt.weights", Inherent: []string{"w"},
			Format: &ir.Format{Syntax: "(`weights` `(` $w^ `)`)? attr-dict", Attrs: []ir.FormatAttr{ir.DenseIntArrayFormat("w", 32)}}},
		{Name: "fmt.icall", Operands: ir.AtLeast(1), Results: ir.Variadic,
			Format: &ir.Format{Syntax: "$f `(` $args `)` attr-dict `:` type($f)", Operands: []string{"f", "args*"}, Results: []string{"rs*"},
				TypesFrom: []ir.TypeFrom{
					{From: "f", To: "args", Types: func(_ *ir.Context, t ir.Type) []ir.Type { return t.(*ir.FunctionType).Inputs },
						Check: isFunctionType, Desc: "function type"},
					{From: "f", To: "rs", Types: func(_ *ir.Context, t ir.Type) []ir.Type { return t.(*ir.FunctionType).Results }}}}},
		{Name: "fmt.syms", Operands: ir.Variadic, Traits: ir.AttrSizedOperandSegments,
			Format: &ir.Format{Syntax: "`(` $d `)` (`` `[` $s^ `]`)? attr-dict", Operands: []string{"d*", "s*"},
				Types: map[string]func(*ir.Context) ir.Type{"d": indexType, "s": indexType}}},
		{Name: "fmt.all", Operands: ir.AtLeast(1), Results: ir.Exactly(1), Inherent: []string{"n"},
			Format: &ir.Format{Syntax: "operands $n attr-dict `:` type(operands)", Operands: []string{"x", "rest*"}, Results: []string{"r"},
				Attrs: []ir.FormatAttr{{Name: "n", Type: indexType, Constraint: func(_ *ir.Context, a ir.Attribute) bool { _, ok := a.(*ir.IntegerAttr); return ok },
					ConstraintDesc: "integer attribute"}},
				InferResults: func(ctx *ir.Context, ts []ir.Type, attrs []ir.NamedAttr) ([]ir.Type, error) {
					if n, ok := ir.GetAttr(attrs, "n").(*ir.IntegerAttr); ok && n.Int() == 0 {
						return []ir.Type{ctx.Index()}, nil
					}
					return ts[:1], nil
				}}},
		{Name: "fmt.sym", Inherent: []string{"sym_name", "vis", "label", "kind"},
			Format: &ir.Format{Syntax: "($vis^)? $sym_name oilist(`label` $label | `kind` $kind) attr-dict",
				Attrs: []ir.FormatAttr{{Name: "vis", Str: true}, {Name: "sym_name", SymbolName: true}, {Name: "label"}, modeAttrNamed("kind")}}},
		{Name: "fmt.br", Traits: ir.Terminator, Successors: ir.Exactly(1),
			Format: &ir.Format{Syntax: "$dest attr-dict", Successors: []string{"dest"}}},
		{Name: "fmt.cases", Traits: ir.Terminator, Operands: ir.AtLeast(1), Successors: ir.Variadic, Inherent: []string{"segs"},
			Format: &ir.Format{Syntax: "$flag `:` type($flag) `[` custom<Cases>(ref(type($flag)), $dests, $uses, type($uses)) `]` attr-dict",
				Operands: []string{"flag", "uses*"}, Successors: []string{"dests*"}, OperandSegments: map[string]string{"uses": "segs"},
				Custom: map[string]ir.CustomDirective{"Cases": {Parse: parseCases, Print: printCases}}}},
		{Name: "fmt.arms", Operands: ir.Exactly(1), Regions: ir.AtLeast(1), Inherent: []string{"n"},
			Format: &ir.Format{Syntax: "$x attr-dict `:` type($x) custom<Arms>($n, $arms) `\\n` `` `else` $other",
				Operands: []string{"x"}, Regions: []string{"other", "arms*"}, Attrs: []ir.FormatAttr{{Name: "n"}},
				ImplicitTerminator: "fmt.end",
				Custom:             map[string]ir.CustomDirective{"Arms": {Parse: parseArms, Print: printArms, NewlineFirst: true}}}},
		{Name: "fmt.end", Traits: ir.Terminator, Format: &ir.Format{Syntax: "attr-dict"}},
		{Name: "fmt.wide", Operands: ir.Exactly(1), Results: ir.Exactly(1),
			Format: &ir.Format{Syntax: "$x attr-dict `:` type($x) (`->` type($r)^)?", Operands: []string{"x"}, Results: []string{"r"},
				TypesFrom: []ir.TypeFrom{{From: "x", To: "r", Transform: func(ctx *ir.Context, _ ir.Type) ir.Type { return ctx.I(64) }}}}},
	},
}

func isSymbolRef(a ir.Attribute) bool { _, ok := a.(*ir.SymbolRefAttr); return ok }

func isFunctionType(t ir.Type) bool { _, ok := t.(*ir.FunctionType); return ok }

func indexType(ctx *ir.Context) ir.Type { return ctx.Index() }

// modeAttr is a string attribute whose stripped form is `<word>`.
var modeAttr = ir.FormatAttr{
	Name: "mode",
	Parse: func(p *ir.Parser) (ir.Attribute, error) {
		if err := p.ParsePunct("<"); err != nil {
			return nil, err
		}
		kw, err := p.ParseKeywordAny()
		if err != nil {
			return nil, err
		}
		return p.Context().StringAttr(kw), p.ParsePunct(">")
	},
	Print: func(p *ir.Printer, a ir.Attribute) {
		p.WriteString("<" + a.(*ir.StringAttr).Value + ">")
	},
	Default: func(ctx *ir.Context) ir.Attribute { return ctx.StringAttr("none") },
}

// modeAttrNamed is modeAttr under another name.
func modeAttrNamed(name string) ir.FormatAttr {
	a := modeAttr
	a.Name = name
	return a
}

// dirAttr is a string attribute whose stripped form is the bare word up
// or down, as an enum's is.
var dirAttr = ir.FormatAttr{
	Name:     "dir",
	Keywords: []string{"up", "down"},
	Parse: func(p *ir.Parser) (ir.Attribute, error) {
		kw, err := p.ParseKeywordAny()
		return p.Context().StringAttr(kw), err
	},
	Print: func(p *ir.Printer, a ir.Attribute) { p.WriteString(a.(*ir.StringAttr).Value) },
}

// parsePair reads `<%a | %b>`.
func parsePair(p *ir.OpParser, args []*ir.FormatArg) error {
	if err := p.ParsePunct("<"); err != nil {
		return err
	}
	for i, sep := range []string{"|", ">"} {
		u, err := p.ParseOperand()
		if err != nil {
			return err
		}
		args[i].Operands = []ir.UnresolvedOperand{u}
		if err := p.ParsePunct(sep); err != nil {
			return err
		}
	}
	return nil
}

func printPair(p *ir.OpPrinter, _ *ir.Operation, args []*ir.FormatArg) {
	p.WriteString("<")
	p.Operand(args[0].Values[0])
	p.WriteString(" | ")
	p.Operand(args[1].Values[0])
	p.WriteString(">")
}

// parseCases reads `^bb1(%a, %b), ^bb2`: successors whose operands have
// the type of the flag, a ref(type(...)) argument.
func parseCases(p *ir.OpParser, args []*ir.FormatArg) error {
	flag, dests, uses, types := args[0], args[1], args[2], args[3]
	for {
		b, err := p.ParseSuccessor()
		if err != nil {
			return err
		}
		dests.Blocks = append(dests.Blocks, b)
		var us []ir.UnresolvedOperand
		if p.ParseOptionalPunct("(") {
			if us, err = p.ParseOperandList(); err != nil {
				return err
			}
			if err := p.ParsePunct(")"); err != nil {
				return err
			}
		}
		for range us {
			types.Types = append(types.Types, flag.Types[0])
		}
		uses.Operands = append(uses.Operands, us...)
		uses.Segments = append(uses.Segments, int64(len(us)))
		if !p.ParseOptionalPunct(",") {
			return nil
		}
	}
}

func printCases(p *ir.OpPrinter, _ *ir.Operation, args []*ir.FormatArg) {
	at := 0
	for i, b := range args[1].Blocks {
		if i > 0 {
			p.WriteString(", ")
		}
		p.Successor(b)
		if n := int(args[2].Segments[i]); n > 0 {
			p.WriteByte('(')
			p.Operands(args[2].Values[at : at+n])
			p.WriteByte(')')
			at += n
		}
	}
}

// parseArms reads `arm {...}` for each region of a variadic region part,
// counting them in an attribute.
func parseArms(p *ir.OpParser, args []*ir.FormatArg) error {
	for p.ParseOptionalKeyword("arm") {
		r := &ir.Region{}
		if err := p.ParseRegion(r, nil); err != nil {
			return err
		}
		args[1].Regions = append(args[1].Regions, r)
	}
	args[0].Attr = p.Context().IndexAttr(int64(len(args[1].Regions)))
	return nil
}

func printArms(p *ir.OpPrinter, _ *ir.Operation, args []*ir.FormatArg) {
	for _, r := range args[1].Regions {
		p.Newline()
		p.WriteString("arm ")
		p.Region(r, false, true)
	}
}

var newFmtContext = irtest.ContextWith(fmtDialect)

const fmtDefs = "%a = \"test.def\"() : () -> i32\n%b = \"test.def\"() : () -> i32\n%f = \"test.def\"() : () -> f32\n"

func TestFormatPrintsAsMLIR(t *testing.T) {
	cases := []struct{ in, want string }{
		{"%r = fmt.add %a,%b : i32", "%3 = fmt.add %0, %1 : i32"},
		{"%r = fmt.add %a, %b {x = 1 : i32} : i32", "%3 = fmt.add %0, %1 {x = 1 : i32} : i32"},
		{"%r = fmt.cast %a : i32 to f32", "%3 = fmt.cast %0 : i32 to f32"},
		{"fmt.opt %f : f32", "fmt.opt %2 : f32"},
		{"fmt.opt", "fmt.opt"},
		{"fmt.opt {u}", "fmt.opt {u}"},
		{"%r:2 = fmt.call @g(%a, %f) : (i32, f32) -> (i32, i32)", "%3:2 = fmt.call @g(%0, %2) : (i32, f32) -> (i32, i32)"},
		{"fmt.call @g() : () -> ()", "fmt.call @g() : () -> ()"},
		{"%r = fmt.call @g(%a) : (i32) -> f32", "%3 = fmt.call @g(%0) : (i32) -> f32"},
		{"%r = fmt.clamp %a to [%a, %b] : i32", "%3 = fmt.clamp %0 to [%0, %1] : i32"},
		{"%r = fmt.clamp %a to [%a, %b] flag : i32", "%3 = fmt.clamp %0 to [%0, %1] flag : i32"},
		{"%r = fmt.const 42", "%3 = fmt.const 42"},
		{"%r = fmt.const {x} -3", "%3 = fmt.const {x} -3"},
		{"%r = fmt.bound ub 4 : index", "%3 = fmt.bound ub 4 : index"}, // the typed attribute leaves `:` to the format
		{"%r = fmt.mode %f : f32", "%3 = fmt.mode %2 : f32"},
		{"%r = fmt.mode %f mode<none> : f32", "%3 = fmt.mode %2 : f32"},
		{"%r = fmt.mode %f mode<fast> {y} : f32", "%3 = fmt.mode %2 mode<fast> {y} : f32"},
		{"fmt.pair <%a | %b> : i32", "fmt.pair <%0 | %1> : i32"},
		{"%g = \"test.def\"() : () -> ((i32, i32) -> (f32, i32))\n%r:2 = fmt.icall %g(%a, %b) : (i32, i32) -> (f32, i32)",
			"%3 = \"test.def\"() : () -> ((i32, i32) -> (f32, i32))\n%4:2 = fmt.icall %3(%0, %1) : (i32, i32) -> (f32, i32)"},
		{"%i = \"test.def\"() : () -> index\nfmt.syms(%i) [%i, %i]", "%3 = \"test.def\"() : () -> index\nfmt.syms(%3)[%3, %3]"},
		{"%i = \"test.def\"() : () -> index\nfmt.syms() {k}", "%3 = \"test.def\"() : () -> index\nfmt.syms() {k}"},
		{"fmt.weights", "fmt.weights"},
		{"fmt.weights weights([1,-2]) {q}", "fmt.weights weights([1, -2]) {q}"},
		{"fmt.weights weights([])", "fmt.weights weights([])"},
		{"%r = fmt.round %f : f32 to f32", "%3 = fmt.round %2 : f32 to f32"},
		{"%r = fmt.round %f down {y} : f32 to i32", "%3 = fmt.round %2 down {y} : f32 to i32"},
		{"fmt.else kind 3", "fmt.else kind 3 : i64"},
		{"fmt.else plain", "fmt.else plain"},
		{"%r:2 = fmt.infer %f : f32", "%3:2 = fmt.infer %2 : f32"},
		{"fmt.sel %a : i32", "fmt.sel %0 : i32"},
		{"fmt.seg [%a, %b] [%f] : i32, i32 | f32", "fmt.seg[%0, %1] [%2] : i32, i32 | f32"},
		{"fmt.seg [] [%f] {k} : | f32", "fmt.seg[] [%2] {k} :  | f32"},
		{"fmt.sel %a, %b : i32", "fmt.sel %0, %1 : i32"},
		{"%i = \"test.def\"() : () -> index\n%x:3 = fmt.idx (%i, %i) : i32 | f32, f32", "%3 = \"test.def\"() : () -> index\n%4:3 = fmt.idx(%3, %3) : i32 | f32, f32"},
		{"fmt.region attributes {z} {\n}", "fmt.region attributes {z} {\n}"},
		{"fmt.regions each {\n}, {\n}", "fmt.regions each {\n}, {\n}"},
		{"fmt.regions each", "fmt.regions each"},
		{"%r = fmt.all %a, %b, %a 3 : i32, i32, i32", "%3 = fmt.all %0, %1, %0 3 : i32, i32, i32"},
		{"%r = fmt.all %f 0 {k} : f32", "%3 = fmt.all %2 0 {k} : f32"},
		{"fmt.sym @s", "fmt.sym @s"},
		{"fmt.sym \"private\" @s kind <fast> label 4 {u}", "fmt.sym \"private\" @s label 4 : i64 kind <fast> {u}"},
		{"fmt.sym @s kind <none>", "fmt.sym @s"},
		{"fmt.arms %a : i32\nelse {\n}", "fmt.arms %0 : i32\nelse {\n}"},
		{"fmt.arms %a {k} : i32 arm {\n} arm {\n  fmt.end {e}\n}\nelse {\n}",
			"fmt.arms %0 {k} : i32\narm {\n  fmt.end\n}\narm {\n  fmt.end {e}\n}\nelse {\n}"},
		{"%r = fmt.wide %a : i32", "%3 = fmt.wide %0 : i32 -> i64"},
		{"%r = fmt.wide %a : i32 -> f32", "%3 = fmt.wide %0 : i32 -> f32"},
	}
	for _, tc := range cases {
		text := printModule(t, fmtDefs+tc.in, false)
		if got := lastOps(text); got != tc.want {
			t.Errorf("%s:\ngot  %s\nwant %s", tc.in, got, tc.want)
			continue
		}
		if again := printModule(t, text, false); again != text {
			t.Errorf("%s does not round-trip: %s", tc.want, again)
		}
		generic := printModule(t, text, true)
		if back := printModule(t, generic, false); back != text {
			t.Errorf("%s through the generic form:\n%s\nprints %s", tc.in, generic, back)
		}
	}
}

// printModule parses and verifies src and prints it.
func printModule(t *testing.T, src string, generic bool) string {
	t.Helper()
	m, err := irtest.ParseAndVerify(newFmtContext(), src)
	if err != nil {
		t.Fatalf("%s: %v", src, err)
	}
	return string(ir.PrintBytes(m, ir.PrintOptions{Generic: generic}))
}

// lastOps returns what a printed module holds after fmtDefs, dedented.
func lastOps(text string) string {
	_, rest, _ := strings.Cut(text, "-> f32\n")
	rest = strings.TrimSuffix(strings.TrimSpace(rest), "}")
	lines := strings.Split(strings.TrimRight(rest, "\n"), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimPrefix(l, "  ")
	}
	return strings.Join(lines, "\n")
}

func TestFormatSuccessorsAndRegions(t *testing.T) {
	src := fmtDefs + "fmt.region {\n  fmt.br ^bb1\n^bb1:\n  fmt.br ^bb1\n}"
	want := "fmt.region {\n  fmt.br ^bb1\n^bb1:  // 2 preds: ^bb0, ^bb1\n  fmt.br ^bb1\n}"
	if got := lastOps(printModule(t, src, false)); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	// A custom directive reads successors and a VariadicOfVariadic operand,
	// whose group sizes go to an attribute that attr-dict leaves out.
	src = fmtDefs + "fmt.region {\n  fmt.cases %a : i32 [^bb1(%a, %b), ^bb2, ^bb1(%b)] {k}\n^bb1:\n  fmt.br ^bb2\n^bb2:\n  fmt.br ^bb2\n}"
	want = "fmt.region {\n  fmt.cases %0 : i32[^bb1(%0, %1), ^bb2, ^bb1(%1)] {k}\n^bb1:  // 2 preds: ^bb0, ^bb0\n  fmt.br ^bb2\n" +
		"^bb2:  // 3 preds: ^bb0, ^bb1, ^bb2\n  fmt.br ^bb2\n}"
	text := printModule(t, src, false)
	if got := lastOps(text); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	generic := printModule(t, text, true)
	if !strings.Contains(generic, "segs = array<i32: 2, 0, 1>") {
		t.Errorf("segment sizes missing from the generic form:\n%s", generic)
	}
	if back := printModule(t, generic, false); back != text {
		t.Errorf("through the generic form:\n%s\nprints %s", generic, back)
	}
}

func TestFormatDiagnostics(t *testing.T) {
	tests := []irtest.Invalid{
		{In: fmtDefs + "%r = fmt.add %a %b : i32", Err: "t.mlir:4:16: error: expected ','"},
		{In: fmtDefs + "%r = fmt.add %a, %f : i32", Err: "t.mlir:4:18: error: use of value '%f' expects different type than prior uses: 'i32' vs 'f32'"},
		{In: fmtDefs + "%r = fmt.cast %a : i32 into f32", Err: "t.mlir:4:23: error: expected 'to'"},
		{In: fmtDefs + "%r = fmt.mode %f mode<fast : f32", Err: "t.mlir:4:27: error: expected '>'"},
		{In: fmtDefs + "%r = fmt.const", Err: "t.mlir:4:14: error: unexpected end of input: expected attribute value"},
		{In: fmtDefs + "fmt.call @g(%a) : (i32, i32) -> ()", Err: "t.mlir:4:13: error: custom op 'fmt.call' number of operands and types do not match: got 1 operands and 2 types"},
		{In: fmtDefs + "fmt.pair <%a, %b> : i32", Err: "t.mlir:4:13: error: expected '|'"},
		{In: fmtDefs + "%r:2 = fmt.infer %a : i32", Err: "t.mlir:4:8: error: fmt.infer does not take i32"},
		{In: fmtDefs + "fmt.opt %a i32", Err: "t.mlir:4:11: error: expected ':'"},
		{In: fmtDefs + "fmt.call 3() : () -> ()", Err: "t.mlir:4:10: error: custom op 'fmt.call' invalid kind of attribute specified"},
		{In: fmtDefs + "fmt.icall %a() : i32", Err: "t.mlir:4:18: error: 'f' must be function type, but got 'i32'"},
		{In: fmtDefs + "%g = \"test.def\"() : () -> ((i32) -> ())\nfmt.icall %g(%a, %a) : (i32) -> ()", Err: "t.mlir:5:14: error: custom op 'fmt.icall' number of operands and types do not match: got 2 operands and 1 types"},
		{In: fmtDefs + "%r = fmt.cast %a : i32 to i64", Err: "t.mlir:4:27: error: custom op 'fmt.cast' invalid kind of type specified: expected builtin.float, but found 'i64'"},
		{In: fmtDefs + "fmt.weights weights([1 2])", Err: "t.mlir:4:23: error: expected ','"},
		{In: fmtDefs + "%r = fmt.mode %a : i32", Err: "t.mlir:4:20: error: 'x' must be not an integer, but got 'i32'"},
		{In: fmtDefs + "%r = fmt.all %a \"3\" : i32", Err: "t.mlir:4:26: error: custom op 'fmt.all' 'fmt.all' op attribute 'n' failed to satisfy constraint: integer attribute"},
		{In: fmtDefs + "%r = fmt.all %a : i32", Err: "t.mlir:4:16: error: expected attribute value"},
		{In: fmtDefs + "fmt.sym @s label 1 label 2", Err: "t.mlir:4:1: error: custom op 'fmt.sym' `label` clause can appear at most once in the expansion of the oilist directive"},
		{In: fmtDefs + "fmt.sym \"x\"", Err: "t.mlir:4:12: error: custom op 'fmt.sym' expected valid '@'-identifier for symbol name"},
		{In: fmtDefs + "fmt.region {\n  fmt.cases %a : i32 [^bb1(%f)]\n^bb1:\n  fmt.br ^bb1\n}",
			Err: "t.mlir:5:28: error: use of value '%f' expects different type than prior uses: 'i32' vs 'f32'"},
	}
	irtest.CheckInvalid(t, newFmtContext, "t.mlir", tests, irtest.FirstLine)
}

func TestFormatErrorsInSyntax(t *testing.T) {
	cases := []struct{ syntax, want string }{
		{"$x", "'attr-dict' directive not found"},
		{"attr-dict", "operand #0, named 'x', not found"},
		{"$x $x attr-dict", "'x' is already bound"},
		{"$y attr-dict", "expected variable to refer to an argument, region, result, or successor: $y"},
		{"$x attr-dict attr-dict", "'attr-dict' directive has already been seen"},
		{"($x)? attr-dict", "optional group has no anchor element"},
		{"$x^ attr-dict", "'^' is only valid within an optional group"},
		{"$x attr-dict `:", "unterminated literal `:"},
		{"custom<Nope>($x) attr-dict", "custom directive 'Nope' has no Go hooks"},
		{"$x attr-dict : type($r)", "unexpected ':'"},
		{"($m^)? $x attr-dict", "an optional group cannot start with 'm', an attribute read by a Parse hook without Keywords"},
		{"(`` $m^)? $x attr-dict", "an optional group cannot start with 'm', an attribute read by a Parse hook without Keywords"},
		{"$x attr-dict", "type of result #0, named 'r', is not buildable and a buildable type cannot be inferred"},
		{"$x attr-dict `:` type($r)", "type of operand #0, named 'x', is not buildable and a buildable type cannot be inferred"},
		{"$x operands attr-dict", "'operands' directive creates overlap in format: 'x' is already bound"},
		{"$x oilist(`a` | `b` $m) attr-dict", "oilist clause 'a' binds no variable"},
		{"$x oilist($m) attr-dict", "oilist clause must start with a keyword"},
		{"custom<C>(ref($x)) $x attr-dict", "'ref' of '$x' is not bound by a prior element"},
		{"$x custom<C>(ref(type($x))) attr-dict `:` type($x)", "'ref' of 'type($x)' is not bound by a prior element"},
		{"$x custom<C>(ref($y)) attr-dict", "expected a variable in a 'ref' directive, got '$y'"},
		{"$x attr-dict `:` type($x) `->` type($r)", "'x' is a VariadicOfVariadic operand: only a custom directive can read it"},
	}
	for _, tc := range cases {
		var segs map[string]string
		if strings.Contains(tc.want, "VariadicOfVariadic") {
			segs = map[string]string{"x": "segs"}
		}
		def := &ir.OpDef{Name: "bad.op", Operands: ir.Exactly(1), Results: ir.Exactly(1),
			Format: &ir.Format{Syntax: tc.syntax, Operands: []string{"x"}, Results: []string{"r"}, OperandSegments: segs,
				Attrs:  []ir.FormatAttr{{Name: "m", Parse: modeAttr.Parse}},
				Custom: map[string]ir.CustomDirective{"C": {Parse: parsePair, Print: printPair}}}}
		want := "bad.op: assembly format: " + tc.want
		if err := def.CheckFormat(); err == nil || err.Error() != want {
			t.Errorf("%s: got %v, want %s", tc.syntax, err, want)
		}
		// Parsing or printing the op panics: its dialect has a bug.
		ctx := ir.NewContext(&ir.Dialect{Name: "bad", Ops: []*ir.OpDef{def}})
		got := func() (err any) {
			defer func() { err = recover() }()
			ir.Parse(ctx, "bad.op", "bad.mlir")
			return nil
		}()
		if got != want {
			t.Errorf("%s: parse panicked with %v, want %s", tc.syntax, got, want)
		}
	}
}

// A generically written op gets the defaults of its DefaultValuedAttrs,
// as MLIR's populateDefaultProperties gives them to every op it creates:
// the generic and custom forms make the same op.
func TestFormatDefaultsInGenericForm(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{`%r = "fmt.mode"(%f) : (f32) -> i1`, `%3 = "fmt.mode"(%2) <{mode = "none"}> : (f32) -> i1`},
		{`%r = fmt.mode %f : f32`, `%3 = "fmt.mode"(%2) <{mode = "none"}> : (f32) -> i1`},
		{`%r = "fmt.mode"(%f) <{mode = "fast"}> : (f32) -> i1`, `%3 = "fmt.mode"(%2) <{mode = "fast"}> : (f32) -> i1`},
		// An inherent attribute among the discardable ones is the property.
		{`%r = "fmt.mode"(%f) {mode = "fast"} : (f32) -> i1`, `%3 = "fmt.mode"(%2) <{mode = "fast"}> : (f32) -> i1`},
	} {
		got := strings.TrimSuffix(lastOps(printModule(t, fmtDefs+tc.in, true)), "\n}) : () -> ()")
		if got != tc.want {
			t.Errorf("%s:\ngot  %s\nwant %s", tc.in, got, tc.want)
		}
	}
}
