package transforms

import (
	"slices"

	"github.com/kiln-gpu/kiln/affine"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/pass"
)

// RaiseMemrefPass is affine-raise-from-memref, MLIR's RaiseMemrefDialect:
// in each func.func, a memref.load or memref.store whose indices are sums
// and products (by a symbolic or constant factor) of constants, valid
// symbols and valid dims becomes an affine.load or affine.store with the
// map those indices make; others stay.
func RaiseMemrefPass() *pass.Pass {
	return &pass.Pass{
		Name:     "RaiseMemrefDialect",
		Argument: "affine-raise-from-memref",
		Summary:  "Turn some memref operators to affine operators where supported",
		Run: func(root *ir.Operation, _ *pass.Context) error {
			root.Walk(func(fn *ir.Operation) bool {
				if fn.Name() == "func.func" {
					raiseMemrefOps(fn)
				}
				return true
			})
			return nil
		},
	}
}

func raiseMemrefOps(fn *ir.Operation) {
	var ops []*ir.Operation
	fn.Walk(func(op *ir.Operation) bool {
		if op.Name() == "memref.load" || op.Name() == "memref.store" {
			ops = append(ops, op)
		}
		return true
	})
	ctx := fn.Context()
	b := ir.NewBuilder(ctx)
	for _, op := range ops {
		first := 1 // memref.load: memref, indices; memref.store: value, memref, indices
		if op.Name() == "memref.store" {
			first = 2
		}
		m, args, ok := affineMapOf(op.Operands()[first:])
		if !ok {
			continue
		}
		name := "affine.load"
		if first == 2 {
			name = "affine.store"
		}
		st := &ir.OpState{Name: name, Loc: op.Loc(), Operands: slices.Concat(op.Operands()[:first], args),
			ResultTypes: op.ResultTypes(), Attrs: []ir.NamedAttr{{Name: "map", Value: ctx.AffineMapAttr(m)}}}
		b.SetInsertionPointBefore(op)
		raised := b.Create(st)
		op.ReplaceAllUsesWith(raised.Results())
		op.Erase()
	}
}

// affineMapOf is MLIR's computeAffineMapAndArgs: the map of the indices,
// over the dims then the symbols they use.
func affineMapOf(indices []*ir.Value) (*ir.AffineMap, []*ir.Value, bool) {
	var dims, syms []*ir.Value
	results := make([]*ir.AffineExpr, 0, len(indices))
	for _, v := range indices {
		e := toAffineExpr(v, &dims, &syms)
		if e == nil {
			return nil, nil, false
		}
		results = append(results, e)
	}
	return &ir.AffineMap{Dims: len(dims), Symbols: len(syms), Results: results}, slices.Concat(dims, syms), true
}

// toAffineExpr is MLIR's toAffineExpr: a constant, an arith.addi or
// arith.muli (not of two dimensional terms) of such values, or a value
// that is a valid symbol (else a valid dim); nil otherwise.
func toAffineExpr(v *ir.Value, dims, syms *[]*ir.Value) *ir.AffineExpr {
	if c, ok := ir.ConstantIntAttr(v); ok {
		return ir.AffineConstExpr(c.Int())
	}
	if def := v.DefiningOp(); def != nil && (def.Name() == "arith.addi" || def.Name() == "arith.muli") {
		lhs := toAffineExpr(def.Operand(0), dims, syms)
		rhs := toAffineExpr(def.Operand(1), dims, syms)
		if lhs == nil || rhs == nil {
			return nil
		}
		if def.Name() == "arith.addi" {
			return ir.AffineBinary(ir.AffineAdd, lhs, rhs)
		}
		if !symbolicOrConstant(lhs) && !symbolicOrConstant(rhs) {
			return nil
		}
		return ir.AffineBinary(ir.AffineMul, lhs, rhs)
	}
	if i := slices.Index(*syms, v); i >= 0 {
		return ir.AffineSymbolExpr(i)
	}
	if affine.IsValidSymbol(v) {
		*syms = append(*syms, v)
		return ir.AffineSymbolExpr(len(*syms) - 1)
	}
	if i := slices.Index(*dims, v); i >= 0 {
		return ir.AffineDimExpr(i)
	}
	if affine.IsValidDim(v) {
		*dims = append(*dims, v)
		return ir.AffineDimExpr(len(*dims) - 1)
	}
	return nil
}

// symbolicOrConstant is MLIR's isSymbolicOrConstant.
func symbolicOrConstant(e *ir.AffineExpr) bool {
	switch e.Kind {
	case ir.AffineDim:
		return false
	case ir.AffineConst, ir.AffineSymbol:
		return true
	}
	return symbolicOrConstant(e.LHS) && symbolicOrConstant(e.RHS)
}
