package affine

import "github.com/kiln-gpu/kiln/ir"

// The affine validity rules of dimension and symbol operands, as MLIR's
// isValidDim and isValidSymbol (AffineOps.cpp) state them: a symbol is an
// index value that is fixed for the whole affine scope (defined at its top
// level, a constant, a pure function of symbols, or the size of a memref
// whose size is one); a dimension may also vary with affine loops.

// affineScope returns the region, enclosing op, of the nearest op with the
// AffineScope trait, or nil.
func affineScope(op *ir.Operation) *ir.Region {
	for cur := op; ; {
		pa := cur.ParentOp()
		if pa == nil {
			return nil
		}
		if pa.HasTrait(ir.AffineScope) {
			return cur.ParentRegion()
		}
		cur = pa
	}
}

// isTopLevel reports whether v is defined at the top level of an
// AffineScope op's region.
func isTopLevel(v *ir.Value) bool {
	r := v.ParentRegion()
	return r != nil && r.ParentOp() != nil && r.ParentOp().HasTrait(ir.AffineScope)
}

// validSymbol is MLIR's isValidSymbol(value, region).
func validSymbol(v *ir.Value, region *ir.Region) bool {
	if !isIndex(v.Type()) {
		return false
	}
	if region != nil && v.ParentRegion() == region {
		return true
	}
	if def := v.DefiningOp(); def != nil {
		if def.HasTrait(ir.ConstantLike) {
			return true
		}
		if def.HasTrait(ir.Pure) && allValid(def.Operands(), region, validSymbol) {
			return true
		}
		if isDimOp(def) {
			return dimOpValidSymbol(def, region)
		}
	}
	// A value that dominates the region's (not isolated) parent op.
	if region != nil {
		if pa := region.ParentOp(); pa != nil && !pa.HasTrait(ir.IsolatedFromAbove) && pa.ParentRegion() != nil {
			return validSymbol(v, pa.ParentRegion())
		}
	}
	return false
}

// validDim is MLIR's isValidDim(value, region).
func validDim(v *ir.Value, region *ir.Region) bool {
	if !isIndex(v.Type()) {
		return false
	}
	if validSymbol(v, region) {
		return true
	}
	def := v.DefiningOp()
	switch {
	case def == nil:
		return isInductionVar(v)
	case def.Name() == "affine.apply", def.Name() == "affine.delinearize_index", def.Name() == "affine.linearize_index":
		// The index ops are special forms of affine.apply.
		return allValid(def.Operands(), region, validDim)
	case isDimOp(def):
		return isTopLevel(def.Operand(0))
	}
	return false
}

func allValid(vs []*ir.Value, region *ir.Region, valid func(*ir.Value, *ir.Region) bool) bool {
	for _, v := range vs {
		if !valid(v, region) {
			return false
		}
	}
	return true
}

// isInductionVar reports whether v is an induction variable of an
// affine.for or affine.parallel.
func isInductionVar(v *ir.Value) bool {
	b := v.OwnerBlock()
	if b == nil || b.Parent() == nil || b.Parent().ParentOp() == nil {
		return false
	}
	switch pa := b.Parent().ParentOp(); pa.Name() {
	case "affine.for":
		return v.Index() == 0
	case "affine.parallel":
		return true
	}
	return false
}

func isDimOp(op *ir.Operation) bool {
	return (op.Name() == "memref.dim" || op.Name() == "tensor.dim") && op.NumOperands() == 2
}

// dimOpValidSymbol is MLIR's isDimOpValidSymbol: the size of a top-level
// shaped value, or a static or symbol-sized dimension of an allocation,
// view or subview (through casts).
func dimOpValidSymbol(dim *ir.Operation, region *ir.Region) bool {
	src := dim.Operand(0)
	if isTopLevel(src) {
		return true
	}
	if src.IsBlockArgument() {
		return false
	}
	idx, ok := ir.ConstantIntAttr(dim.Operand(1))
	if !ok {
		return false
	}
	def := src.DefiningOp()
	for def != nil && def.Name() == "memref.cast" {
		if _, ranked := def.Operand(0).Type().(*ir.MemRefType); !ranked {
			return false
		}
		def = def.Operand(0).DefiningOp()
	}
	if def == nil || def.NumResults() != 1 {
		return false
	}
	var sizes []*ir.Value
	switch def.Name() {
	case "memref.alloc":
		sizes = ir.OperandSegment(def, 0)
	case "memref.view": // source, byte shift, sizes
		if def.NumOperands() >= 2 {
			sizes = def.Operands()[2:]
		}
	case "memref.subview":
		sizes = ir.OperandSegment(def, 2)
	default:
		return false
	}
	t, ok := def.Result(0).Type().(*ir.MemRefType)
	i := idx.Int()
	if !ok || i < 0 || i >= int64(len(t.Shape())) {
		return false
	}
	if t.Shape()[i] != ir.Dynamic {
		return true
	}
	pos := 0
	for _, d := range t.Shape()[:i] {
		if d == ir.Dynamic {
			pos++
		}
	}
	return pos < len(sizes) && validSymbol(sizes[pos], region)
}

// verifyDimsAndSymbols checks that operands (dims first) are valid
// dimensions and symbols in op's affine scope, as MLIR's
// verifyDimAndSymbolIdentifiers.
func verifyDimsAndSymbols(op *ir.Operation, operands []*ir.Value, numDims int) error {
	scope := affineScope(op)
	for i, v := range operands {
		if i < numDims {
			if !validDim(v, scope) {
				return op.Errorf("operand cannot be used as a dimension id")
			}
		} else if !validSymbol(v, scope) {
			return op.Errorf("operand cannot be used as a symbol")
		}
	}
	return nil
}
