package memref

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/ir"
)

// TestBadInputNoPanic verifies randomly malformed generic ops of every op
// definition (printing and folding those that verify) and parses every
// prefix of every example: each must give a diagnostic, never a panic.
func TestBadInputNoPanic(t *testing.T) { checkNoPanic(t, Dialect(), newContext) }

func checkNoPanic(t *testing.T, d *ir.Dialect, newCtx func() *ir.Context) {
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
