package transforms

import (
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/pass"
)

// FuseNaNMinMax returns the spirv-fuse-nan-min-max pass.
func FuseNaNMinMax() *pass.Pass {
	return &pass.Pass{
		Name:     "SPIRVFuseNaNMinMax",
		Argument: "spirv-fuse-nan-min-max",
		Summary: "Kiln only: fuse GL FMax/FMin with the IsNan selects that return the other operand " +
			"for a NaN (arith.maxnumf/minnumf's lowering) into GL NMax/NMin",
		Run: func(op *ir.Operation, _ *pass.Context) error { return eachModule(op, NaNMinMax) },
	}
}

// nanFused maps GLSL.std.450's FMax and FMin to the instructions that
// return the other operand when one is a NaN.
var nanFused = map[string]string{"spirv.GL.FMax": "spirv.GL.NMax", "spirv.GL.FMin": "spirv.GL.NMin"}

// NaNMinMax replaces, in module, each
//
//	select(isnan(x), y, select(isnan(y), x, FMax(x, y)))
//
// (either select outermost, either operand order of FMax, scalars or
// vectors; FMin alike) by NMax(x, y): FMax leaves NaN operands undefined,
// the selects give arith.maxnumf's "the other operand for a NaN", which is
// NMax's definition. The NaN-propagating shape of maximumf, whose selects
// pick the NaN operand, is a different function and stays. The FMax and
// the inner select must have no other use; an IsNan left without uses goes
// too.
func NaNMinMax(module *ir.Operation) error {
	type match struct{ op, mm *ir.Operation } // the outer select, its FMax or FMin
	var matches []match
	module.Walk(func(op *ir.Operation) bool {
		if mm := nanMinMaxOf(op); mm != nil {
			matches = append(matches, match{op, mm})
		}
		return true
	})
	// An inner select has the min/max as its false value, never a
	// select, so no op is part of two matches.
	b := ir.NewBuilder(module.Context())
	for _, m := range matches {
		op, mm := m.op, m.mm
		inner := op.Operand(2).DefiningOp()
		b.SetInsertionPointBefore(op)
		fused := b.Create(&ir.OpState{Name: nanFused[mm.Name()], Loc: mm.Loc(),
			Operands: mm.Operands(), ResultTypes: mm.ResultTypes()})
		op.ReplaceAllUsesWith(fused.Results())
		conds := []*ir.Operation{op.Operand(0).DefiningOp(), inner.Operand(0).DefiningOp()}
		op.Erase()
		inner.Erase()
		mm.Erase()
		for _, c := range conds {
			eraseDead(c)
		}
	}
	return nil
}

// nanMinMaxOf returns the FMax or FMin at the heart of the shape op is the
// outer select of, or nil.
func nanMinMaxOf(op *ir.Operation) *ir.Operation {
	if op.Name() != "spirv.Select" {
		return nil
	}
	inner := op.Operand(2).DefiningOp()
	if inner == nil || inner.Name() != "spirv.Select" || !inner.Result(0).HasOneUse() {
		return nil
	}
	mm := inner.Operand(2).DefiningOp()
	if mm == nil || nanFused[mm.Name()] == "" || !mm.Result(0).HasOneUse() || mm.Result(0).Type() != op.Result(0).Type() {
		return nil
	}
	x, y := mm.Operand(0), mm.Operand(1)
	// otherOnNaN reports whether sel picks, for a NaN operand of mm, the
	// other operand, and which operand it tests.
	otherOnNaN := func(sel *ir.Operation) (*ir.Value, bool) {
		isNaN := sel.Operand(0).DefiningOp()
		if isNaN == nil || isNaN.Name() != "spirv.IsNan" {
			return nil, false
		}
		tested, picked := isNaN.Operand(0), sel.Operand(1)
		return tested, tested == x && picked == y || tested == y && picked == x
	}
	t1, ok1 := otherOnNaN(op)
	t2, ok2 := otherOnNaN(inner)
	if !ok1 || !ok2 || t1 == t2 && x != y {
		return nil
	}
	return mm
}
