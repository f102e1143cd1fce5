package mathd

import (
	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/ir"
)

// fastMathOf returns op's fast-math flags (none without the attribute).
func fastMathOf(op *ir.Operation) arith.FastMathFlags {
	if a, ok := op.Attr("fastmath").(*arith.FastMathAttr); ok {
		return a.Flags
	}
	return arith.FastMathNone
}

// fastMathAttrs is the fastmath attribute for flags f, none when f is.
func fastMathAttrs(ctx *ir.Context, f arith.FastMathFlags) []ir.NamedAttr {
	if f == arith.FastMathNone {
		return nil
	}
	return []ir.NamedAttr{{Name: "fastmath", Value: arith.FastMath(ctx, f)}}
}

// UpliftToFMAPatterns returns MLIR's math-uplift-to-fma pattern: addf of
// a mulf, both allowing contraction, becomes math.fma with the flags they
// share.
func UpliftToFMAPatterns() []*ir.Pattern { return []*ir.Pattern{upliftFMA} }

var upliftFMA = &ir.Pattern{
	Name: "math-uplift-fma",
	Root: "arith.addf",
	Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
		if fastMathOf(op)&arith.FastMathContract == 0 {
			return false
		}
		mul, c := op.Operand(0).DefiningOp(), op.Operand(1)
		if mul == nil || mul.Name() != "arith.mulf" {
			mul, c = op.Operand(1).DefiningOp(), op.Operand(0)
		}
		if mul == nil || mul.Name() != "arith.mulf" || fastMathOf(mul)&arith.FastMathContract == 0 {
			return false
		}
		f := fastMathOf(op) & fastMathOf(mul)
		rw.ReplaceOpWith(op, &ir.OpState{Name: "math.fma", Loc: op.Loc(), ResultTypes: op.ResultTypes(),
			Operands: []*ir.Value{mul.Operand(0), mul.Operand(1), c}, Attrs: fastMathAttrs(op.Context(), f)})
		return true
	},
}

// SincosFusionPatterns returns MLIR's math-sincos-fusion pattern: a
// math.sin and the first math.cos of the same operand and fast-math flags
// in its block become one math.sincos where the earlier of the two was.
func SincosFusionPatterns() []*ir.Pattern { return []*ir.Pattern{sincosFusion} }

var sincosFusion = &ir.Pattern{
	Name: "math-sincos-fusion",
	Root: "math.sin",
	Rewrite: func(sin *ir.Operation, rw *ir.Rewriter) bool {
		x, flags := sin.Operand(0), fastMathOf(sin)
		var cos *ir.Operation
		for op := range sin.Block().Ops() {
			if op.Name() == "math.cos" && op.Operand(0) == x && fastMathOf(op) == flags {
				cos = op
				break
			}
		}
		if cos == nil {
			return false
		}
		first := sin
		if cos.IsBeforeInBlock(sin) {
			first = cos
		}
		rw.SetInsertionPointBefore(first)
		t := sin.Result(0).Type()
		sc := rw.Create(&ir.OpState{Name: "math.sincos", Loc: first.Loc(), Operands: []*ir.Value{x},
			ResultTypes: []ir.Type{t, t}, Attrs: fastMathAttrs(sin.Context(), flags)})
		rw.ReplaceOp(sin, []*ir.Value{sc.Result(0)})
		rw.ReplaceOp(cos, []*ir.Value{sc.Result(1)})
		return true
	},
}
