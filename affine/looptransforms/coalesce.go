package looptransforms

import (
	"github.com/kiln-gpu/kiln/affine"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/pass"
)

// CoalescePass is affine-loop-coalescing, MLIR's LoopCoalescing for
// affine.for: each band of perfectly nested normalized loops whose bounds
// are defined above the band becomes one loop over the product of their
// trip counts. (MLIR's pass also coalesces scf.for nests, which Kiln's
// does not yet.)
func CoalescePass() *pass.Pass {
	return &pass.Pass{
		Name:     "LoopCoalescing",
		Argument: "affine-loop-coalescing",
		Summary:  "Coalesce nested loops with independent bounds into a single loop",
		Run: func(root *ir.Operation, _ *pass.Context) error {
			for _, fn := range functions(root) {
				var outer []*ir.Operation
				fn.WalkPre(func(op *ir.Operation) (bool, bool) {
					if op.Name() == "affine.for" {
						outer = append(outer, op)
					}
					return true, true
				})
				for _, op := range outer {
					if fn.IsAncestorOf(op) {
						CoalescePerfectlyNested(op)
					}
				}
			}
			return nil
		},
	}
}

// perfectlyNested is MLIR's getPerfectlyNestedLoops: root and the
// affine.for ops each alone (with the terminator) in the one before.
func perfectlyNested(root *ir.Operation) []*ir.Operation {
	out := []*ir.Operation{root}
	for {
		ops := affine.For{Operation: out[len(out)-1]}.Body().OpList()
		if len(ops) != 2 || ops[0].Name() != "affine.for" {
			return out
		}
		out = append(out, ops[0])
	}
}

// definedAbove reports whether every value is defined outside op.
func definedAbove(values []*ir.Value, op *ir.Operation) bool {
	for _, v := range values {
		owner := v.DefiningOp()
		if owner == nil {
			owner = v.OwnerBlock().ParentOp()
		}
		if owner != nil && op.IsAncestorOf(owner) {
			return false
		}
	}
	return true
}

// CoalescePerfectlyNested is MLIR's coalescePerfectlyNestedAffineLoops:
// bottom-up, the longest band whose loops' operands are all defined above
// its first loop is coalesced.
func CoalescePerfectlyNested(root *ir.Operation) bool {
	loops := perfectlyNested(root)
	if len(loops) <= 1 {
		return false
	}
	above := make([]int, len(loops))
	for i := range loops {
		above[i] = i
		for j := range i {
			if definedAbove(loops[i].Operands(), loops[j]) {
				above[i] = j
				break
			}
		}
	}
	done := false
	for end := len(loops); end > 0; end-- {
		start := 0
		for ; start < end-1; start++ {
			maxPos := 0
			for _, a := range above[start:end] {
				maxPos = max(maxPos, a)
			}
			if maxPos > start {
				continue
			}
			if coalesce(loops[start:end]) {
				done = true
			}
			break
		}
		if start != end-1 {
			end = start + 1
		}
	}
	return done
}

// coalesce is MLIR's coalesceLoops for affine.for: the outermost loop runs
// to the product of the upper bounds, each old induction variable is the
// linear one divided by the inner loops' ranges modulo its own, and the
// innermost body moves into the outermost loop. Only normalized loops
// (from 0 by 1) are taken; Kiln also leaves loops with iter_args and
// bounds that are no valid symbols (which MLIR would turn into invalid
// IR).
func coalesce(loops []*ir.Operation) bool {
	if len(loops) < 2 {
		return true
	}
	for _, l := range loops {
		f := affine.For{Operation: l}
		if c, ok := constantLowerBound(l); !ok || c != 0 || f.Step() != 1 || l.NumResults() > 0 {
			return false
		}
		for _, v := range f.UpperBoundOperands() {
			if !affine.IsValidSymbol(v) {
				return false
			}
		}
	}
	outer, inner := loops[0], loops[len(loops)-1]
	ctx := outer.Context()
	loc := outer.Loc()
	b := ir.NewBuilder(ctx)
	b.SetInsertionPointBefore(outer)
	ubValue := func(l *ir.Operation) *ir.Value {
		m, operands := upperMap(l), affine.For{Operation: l}.UpperBoundOperands()
		if len(m.Results) == 1 {
			return apply(b, loc, m, operands)
		}
		return b.CreateOp("affine.min", loc, operands, []ir.Type{ctx.Index()}, ir.NamedAttr{Name: "map", Value: ctx.AffineMapAttr(m)}).Result(0)
	}
	d0, s0 := ir.AffineDimExpr(0), ir.AffineSymbolExpr(0)
	binary := func(kind ir.AffineExprKind, x, y *ir.Value) *ir.Value {
		return apply(b, loc, &ir.AffineMap{Dims: 1, Symbols: 1, Results: []*ir.AffineExpr{ir.AffineBinary(kind, d0, s0)}}, []*ir.Value{x, y})
	}
	prev := ubValue(outer)
	ubs := []*ir.Value{prev}
	for _, l := range loops[1:] {
		ub := ubValue(l)
		ubs = append(ubs, ub)
		prev = binary(ir.AffineMul, prev, ub)
	}
	affine.SetBound(outer, false, &ir.AffineMap{Symbols: 1, Results: []*ir.AffineExpr{s0}}, []*ir.Value{prev})

	b.SetInsertionPointToStart(affine.For{Operation: outer}.Body())
	previous := affine.For{Operation: outer}.Body().Arg(0)
	for idx := len(loops); idx > 0; idx-- {
		if idx != len(loops) {
			previous = binary(ir.AffineFloorDiv, previous, ubs[idx])
		}
		iv := previous
		if idx != 1 {
			iv = binary(ir.AffineMod, previous, ubs[idx-1])
		}
		old := affine.For{Operation: loops[idx-1]}.Body().Arg(0)
		old.ReplaceUsesIf(iv, func(u *ir.OpOperand) bool { return u.Owner() != inner && inner.IsAncestorOf(u.Owner()) })
	}
	second := loops[1]
	body := affine.For{Operation: inner}.Body()
	body.Terminator().Erase()
	for _, o := range body.OpList() {
		o.MoveBefore(second)
	}
	second.Erase()
	return true
}
