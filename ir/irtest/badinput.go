package irtest

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/ir"
)

// CheckGenericOpsNoPanic builds generic forms of each op with random
// operand and result counts, scalar, vector, tensor and memref types and
// arith-style attributes, operands defined by "test.def" or by
// arith.constant: parsing and verifying must give a diagnostic or succeed,
// and ops that verify must print, re-parse and fold without panicking.
// Fold gets the operands' constants from constantValue (arith.ConstantValue).
func CheckGenericOpsNoPanic(t *testing.T, newCtx func() *ir.Context, defs []*ir.OpDef, constantValue func(*ir.Value) ir.Attribute) {
	rng := rand.New(rand.NewSource(3))
	types := []string{"i1", "i8", "i32", "i64", "i128", "index", "f16", "f32", "f64", "bf16", "f80", "none",
		"vector<2xi32>", "vector<2xi1>", "vector<2xf32>", "vector<[2]xi32>", "tensor<?xf32>", "tensor<2xi32>",
		"tensor<2xi1>", "tensor<*xi8>", "memref<4xi32>", "memref<4xindex>", "ui32", "complex<f32>"}
	attrs := []string{"", "{value = 1 : i32}", "{value = 1.5 : f32}", "{value = dense<1> : vector<2xi32>}",
		"{predicate = 3 : i64}", "{predicate = 3}", "{predicate = 99 : i64}", "{predicate = \"x\"}",
		"<{fastmath = #arith.fastmath<fast>}>", "<{overflowFlags = #arith.overflow<nsw>}>",
		"<{roundingmode = 2 : i32}>", "<{fastmath = 3 : i32}>", "{isExact}", "{value = \"s\"}"}
	for _, d := range defs {
		for range 600 {
			nOps, nRes := rng.Intn(4), rng.Intn(3)
			if rng.Intn(5) > 0 { // mostly the counts the op wants
				nOps, nRes = d.Operands.Min, d.Results.Min
			}
			base := types[rng.Intn(len(types))]
			pick := func() string {
				if rng.Intn(3) > 0 {
					return base
				}
				return types[rng.Intn(len(types))]
			}
			var src strings.Builder
			var opTypes, operands, resTypes []string
			for i := range nOps {
				ty := pick()
				if v := constantText(rng, ty); v != "" && rng.Intn(2) == 0 {
					fmt.Fprintf(&src, "%%a%d = \"arith.constant\"() {value = %s} : () -> %s\n", i, v, ty)
				} else {
					fmt.Fprintf(&src, "%%a%d = \"test.def\"() : () -> %s\n", i, ty)
				}
				opTypes = append(opTypes, ty)
				operands = append(operands, fmt.Sprintf("%%a%d", i))
			}
			for range nRes {
				resTypes = append(resTypes, pick())
			}
			res := ""
			if nRes > 0 {
				res = "%r:" + fmt.Sprint(nRes) + " = "
			}
			fmt.Fprintf(&src, "%s\"%s\"(%s) %s : (%s) -> (%s)\n", res, d.Name, strings.Join(operands, ", "),
				attrs[rng.Intn(len(attrs))], strings.Join(opTypes, ", "), strings.Join(resTypes, ", "))
			c := newCtx()
			m, err := ir.Parse(c, src.String(), "bad.mlir")
			if err != nil || ir.Verify(m) != nil {
				continue
			}
			text := string(ir.PrintBytes(m, ir.PrintOptions{}))
			if _, err := ir.Parse(c, text, "again.mlir"); err != nil {
				t.Errorf("verified op does not re-parse: %v\n%s", err, text)
			}
			op := ir.ModuleBody(m).Last()
			if op.Def().Fold != nil {
				operands := make([]ir.Attribute, op.NumOperands())
				for i, v := range op.Operands() {
					operands[i] = constantValue(v)
				}
				op.Def().Fold(op, operands)
			}
		}
	}
}

// constantText returns a random constant of type ty in attribute syntax,
// or "" for types arith.constant cannot hold.
func constantText(rng *rand.Rand, ty string) string {
	ints, floats := []string{"0", "1", "-1", "7"}, []string{"0.0", "-0.0", "1.5", "-3.0"}
	elem := ty
	if i := strings.LastIndex(ty, "x"); i >= 0 && strings.HasSuffix(ty, ">") {
		if strings.Contains(ty, "?") || strings.Contains(ty, "*") || strings.Contains(ty, "[") || strings.HasPrefix(ty, "memref") {
			return ""
		}
		elem = ty[i+1 : len(ty)-1]
	}
	var v string
	switch {
	case elem == "i1":
		v = []string{"true", "false"}[rng.Intn(2)]
	case strings.HasPrefix(elem, "i") || elem == "index":
		v = ints[rng.Intn(len(ints))]
	case strings.HasPrefix(elem, "f") || elem == "bf16":
		v = floats[rng.Intn(len(floats))]
	default:
		return ""
	}
	if elem != ty {
		return "dense<" + v + "> : " + ty
	}
	if elem == "i1" {
		return v
	}
	return v + " : " + ty
}

// CheckOpStatesNoPanic builds ops of every op definition of d with random
// operands, results, attributes (inherent ones and memref/scf-style
// names) and regions, directly as OpStates: verifying must give a
// diagnostic or succeed, and ops that verify must print and fold. It also
// parses every prefix of every example inside a func.func (the func
// dialect must be loaded). Nothing may panic.
func CheckOpStatesNoPanic(t *testing.T, d *ir.Dialect, newCtx func() *ir.Context) {
	ctx := newCtx()
	r := rand.New(rand.NewSource(1))
	types := []ir.Type{
		ctx.Index(), ctx.I(1), ctx.I(32), ctx.F32(),
		ctx.MemRef([]int64{4}, ctx.F32(), nil, nil), ctx.MemRef(nil, ctx.F32(), nil, nil),
		ctx.MemRef([]int64{ir.Dynamic, 4}, ctx.I(32), ctx.StridedLayout(ir.Dynamic, []int64{ir.Dynamic, 1}), ctx.I64Attr(3)),
		ctx.UnrankedMemRef(ctx.F32(), nil), ctx.Tensor([]int64{4}, ctx.F32(), nil),
	}
	attrs := []ir.Attribute{
		ctx.UnitAttr(), ctx.StringAttr("x"), ctx.I64Attr(-1), ctx.I32Attr(3), ctx.DenseI64Array(1, ir.Dynamic),
		ctx.DenseI32Array(1, 0, 0, 0), ctx.ArrayAttr(ctx.ArrayAttr(ctx.I64Attr(0))), ctx.TypeAttr(types[4]),
		ctx.SymbolRef("g"), ctx.BoolAttr(true),
	}
	pick := func() ir.Type { return types[r.Intn(len(types))] }
	for _, def := range d.Ops {
		for range 400 {
			st := &ir.OpState{Name: def.Name, Loc: ctx.UnknownLoc()}
			fnBlock := ir.NewBlock(nil, nil)
			for range r.Intn(6) {
				st.Operands = append(st.Operands, fnBlock.AddArgument(pick(), ctx.UnknownLoc()))
			}
			for range r.Intn(3) {
				st.ResultTypes = append(st.ResultTypes, pick())
			}
			names := append(append([]string{}, def.Inherent...), "operandSegmentSizes", "static_offsets", "static_sizes", "static_strides", "kind", "cases")
			for _, n := range names {
				if r.Intn(2) == 0 {
					st.AddAttr(n, attrs[r.Intn(len(attrs))])
				}
			}
			for range r.Intn(3) {
				reg := st.AddRegion()
				switch r.Intn(3) {
				case 1:
					reg.Append(ir.NewBlock(nil, nil))
				case 2:
					b := ir.NewBlock([]ir.Type{pick(), pick()}, nil)
					reg.Append(b)
					if r.Intn(2) == 0 {
						b.Append(ctx.NewOp(&ir.OpState{Name: d.Ops[r.Intn(len(d.Ops))].Name, Operands: b.Args()[:r.Intn(3)], Loc: ctx.UnknownLoc()}))
					}
				}
			}
			op := ctx.NewOp(st)
			fnBlock.Append(op)
			// An unregistered holder makes a graph region, so operands
			// need not dominate.
			holder := &ir.OpState{Name: "test.holder"}
			holder.AddRegion().Append(fnBlock)
			ctx.NewOp(holder)
			func() {
				defer func() {
					if e := recover(); e != nil {
						t.Fatalf("%s: panic on %s: %v", def.Name, ir.OpString(op, ir.PrintOptions{Generic: true}), e)
					}
				}()
				if ir.Verify(op) != nil {
					return
				}
				// Ops that verify must print and fold.
				_ = ir.OpString(op, ir.PrintOptions{})
				if def.Fold != nil {
					def.Fold(op, make([]ir.Attribute, op.NumOperands()))
				}
			}()
		}
		for i := range len(def.Example) {
			src := def.Example[:i]
			func() {
				defer func() {
					if e := recover(); e != nil {
						t.Fatalf("%s: panic parsing %q: %v", def.Name, src, e)
					}
				}()
				if m, err := ir.Parse(ctx, wrapFunc(src), "prefix.mlir"); err == nil {
					_ = ir.Verify(m)
				}
			}()
		}
	}
}

// wrapFunc puts a fragment inside a function, with its free values as arguments of unknown type.
func wrapFunc(src string) string {
	var b strings.Builder
	b.WriteString("func.func @f() {\n")
	for i, n := range ssaName.FindAllString(src, -1) {
		fmt.Fprintf(&b, "%s_%d = \"test.def\"() : () -> index\n", n, i)
	}
	b.WriteString(src + "\n}")
	return b.String()
}
