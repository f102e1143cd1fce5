package transforms

import (
	"github.com/kiln-gpu/kiln/affine/analysis"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/pass"
	"github.com/kiln-gpu/kiln/ir/rewrite"
	"github.com/kiln-gpu/kiln/scf"
)

// ForLoopCanonicalizationPass is scf-for-loop-canonicalization.
func ForLoopCanonicalizationPass() *pass.Pass {
	return &pass.Pass{Name: "SCFForLoopCanonicalization", Argument: "scf-for-loop-canonicalization",
		Summary: "Canonicalize operations within scf.for loop bodies",
		Run: func(op *ir.Operation, _ *pass.Context) error {
			minMax := func(o *ir.Operation, rw *ir.Rewriter) bool { return CanonicalizeMinMaxInLoop(rw, o) }
			var patterns []*ir.Pattern
			for _, name := range []string{"affine.min", "affine.max"} {
				patterns = append(patterns, &ir.Pattern{Name: "affine-op-scf-canonicalization", Root: name, Rewrite: minMax})
			}
			for _, name := range []string{"tensor.dim", "memref.dim"} {
				patterns = append(patterns, &ir.Pattern{Name: "dim-of-loop", Root: name, Rewrite: foldDimOfLoop})
			}
			return rewrite.ApplyGreedily(op, patterns...)
		}}
}

// loopRange returns the bounds and step of the scf.for, scf.parallel or
// scf.forall whose induction variable iv is (MLIR's matchForLikeLoop), each
// a value or, for a forall's static entries, a constant.
func loopRange(iv *ir.Value) (lb, ub, step scf.Bound, ok bool) {
	if !iv.IsBlockArgument() || iv.OwnerBlock() == nil {
		return lb, ub, step, false
	}
	loop := iv.OwnerBlock().ParentOp()
	if loop == nil || iv.OwnerBlock() != loop.Region(0).Entry() {
		return lb, ub, step, false
	}
	value := func(v *ir.Value) scf.Bound { return scf.Bound{Static: ir.Dynamic, Value: v} }
	i := iv.Index()
	switch loop.Name() {
	case "scf.for":
		f := scf.For{Operation: loop}
		if iv != f.InductionVar() {
			return lb, ub, step, false
		}
		return value(f.LowerBound()), value(f.UpperBound()), value(f.Step()), true
	case "scf.parallel":
		p := scf.Parallel{Operation: loop}
		if i >= len(p.Steps()) {
			return lb, ub, step, false
		}
		return value(p.LowerBounds()[i]), value(p.UpperBounds()[i]), value(p.Steps()[i]), true
	case "scf.forall":
		f := scf.Forall{Operation: loop}
		lbs, ubs, steps := f.LowerBounds(), f.UpperBounds(), f.Steps()
		if i >= len(lbs) || i >= len(ubs) || i >= len(steps) {
			return lb, ub, step, false
		}
		return lbs[i], ubs[i], steps[i], true
	}
	return lb, ub, step, false
}

// CanonicalizeMinMaxInLoop is MLIR's canonicalizeMinMaxOpInLoop: an
// affine.min or affine.max op is replaced by the result it always takes
// given the ranges of the loops whose induction variables it uses
// (lb <= iv <= lb + step * ((ub - lb - 1) floordiv step), a constant
// step required).
func CanonicalizeMinMaxInLoop(rw *ir.Rewriter, o *ir.Operation) bool {
	cs := &analysis.Constraints{}
	seen := map[*ir.Value]bool{}
	neg := func(e *ir.AffineExpr) *ir.AffineExpr { return ir.AffineBinary(ir.AffineMul, e, ir.AffineConstExpr(-1)) }
	add := func(a, b *ir.AffineExpr) *ir.AffineExpr { return ir.AffineBinary(ir.AffineAdd, a, b) }
	for _, iv := range o.Operands() {
		if seen[iv] {
			continue
		}
		lb, ub, step, ok := loopRange(iv)
		if !ok {
			continue
		}
		seen[iv] = true
		s, ok := step.Constant()
		if !ok {
			return false
		}
		lbc, lbOK := lb.Constant()
		ubc, ubOK := ub.Constant()
		if s <= 0 || lbOK && ubOK && lbc >= ubc {
			// A loop that never runs says nothing of its induction variable.
			return false
		}
		// The bounds are dimensions after iv, or constants when static.
		operands := []*ir.Value{iv}
		expr := func(b scf.Bound) *ir.AffineExpr {
			if b.Value == nil {
				return ir.AffineConstExpr(b.Static)
			}
			operands = append(operands, b.Value)
			return ir.AffineDimExpr(len(operands) - 1)
		}
		d0, lbe, ube := ir.AffineDimExpr(0), expr(lb), expr(ub)
		// iv - lb >= 0
		cs.AddExprBound(add(d0, neg(lbe)), len(operands), operands, 0, false)
		if lbOK && ubOK && lbc+s >= ubc {
			// One iteration: lb - iv >= 0.
			cs.AddExprBound(add(lbe, neg(d0)), len(operands), operands, 0, false)
			continue
		}
		// lb + step * ((ub - lb - 1) floordiv step) - iv >= 0
		last := ir.AffineBinary(ir.AffineMul, ir.AffineBinary(ir.AffineFloorDiv,
			add(add(ube, neg(lbe)), ir.AffineConstExpr(-1)), ir.AffineConstExpr(s)), ir.AffineConstExpr(s))
		cs.AddExprBound(add(add(lbe, last), neg(d0)), len(operands), operands, 0, false)
	}
	return replaceMinMax(rw, o, cs)
}

// foldDimOfLoop makes a tensor.dim or memref.dim of a loop's iter_arg or
// result read the loop's init instead, when the loop keeps the shape of
// that value (MLIR's DimOfIterArgFolder and DimOfLoopResultFolder).
func foldDimOfLoop(o *ir.Operation, rw *ir.Rewriter) bool {
	src := o.Operand(0)
	var f scf.For
	var i int
	if src.IsBlockArgument() {
		p := src.OwnerBlock().ParentOp()
		if p == nil || p.Name() != "scf.for" || src.Index() == 0 || src.OwnerBlock() != p.Region(0).Entry() {
			return false
		}
		f, i = scf.For{Operation: p}, src.Index()-1
	} else {
		d := src.DefiningOp()
		if d.Name() != "scf.for" {
			return false
		}
		f, i = scf.For{Operation: d}, src.Index()
	}
	if !shapePreserving(f, i) {
		return false
	}
	rw.ModifyInPlace(o, func() { o.SetOperand(0, f.Inits()[i]) })
	return true
}

// shapePreserving reports whether the loop's i-th carried value keeps the
// runtime shape of its init: the yielded value is the iter_arg, through
// tensor.insert_slice destinations and inner loops that keep it too.
func shapePreserving(f scf.For, i int) bool {
	v := f.Yield().Operand(i)
	for v != nil {
		if v == f.RegionIterArgs()[i] {
			return true
		}
		d := v.DefiningOp()
		switch {
		case d == nil:
			return false
		case d.Name() == "tensor.insert_slice":
			v = d.Operand(1)
		case d.Name() == "scf.for" && shapePreserving(scf.For{Operation: d}, v.Index()):
			v = scf.For{Operation: d}.Inits()[v.Index()]
		default:
			return false
		}
	}
	return false
}
