package vector

import (
	"github.com/kiln-gpu/kiln/ir"
)

// transferReadOp is vector.transfer_read: a (possibly out-of-bounds,
// masked, permuted and broadcast) read of a vector from a memref or tensor:
//
//	%r = vector.transfer_read %m[%i, %j], %pad, %mask {in_bounds = [true]} : memref<?x?xf32>, vector<4xf32>
var transferReadOp = &ir.OpDef{
	Name:     "vector.transfer_read",
	Summary:  "Reads a supervector from memory into an SSA vector value.",
	Example:  "%r = vector.transfer_read %m[%i, %j], %pad, %mask {in_bounds = [true, false], permutation_map = affine_map<(d0, d1) -> (d1, d0)>} : memref<?x?xf32>, vector<4x8xf32>",
	Traits:   ir.ReadOnly | ir.AttrSizedOperandSegments,
	Effects:  func(op *ir.Operation) ir.Trait { return transferEffects(op.Operand(0), ir.ReadOnly) },
	Operands: ir.AtLeast(2),
	Results:  ir.Exactly(1),
	Inherent: []string{"permutation_map", "in_bounds"},
	// Hand-written as in MLIR (TransferReadOp::parse, VectorOps.cpp): the
	// permutation map and in_bounds are elided at their defaults, the mask
	// type implied.
	Parse: func(p *ir.OpParser, st *ir.OpState) error {
		base, idx, err := parseBaseIndices(p)
		if err != nil {
			return err
		}
		if err := p.ParsePunct(","); err != nil {
			return err
		}
		rest, err := p.ParseOperandList()
		if err != nil {
			return err
		}
		if err := p.ParseOptionalAttrDict(); err != nil {
			return err
		}
		shaped, vt, typesAt, err := parseTransferTypes(p, "vector.transfer_read", false)
		if err != nil {
			return err
		}
		m, err := transferDefaults(p, st, shaped, vt, typesAt, "vector.transfer_read")
		if err != nil {
			return err
		}
		if err := resolveBaseIndices(p, base, shaped, idx); err != nil {
			return err
		}
		if len(rest) == 0 || len(rest) > 2 {
			return customError(p.Loc(), "vector.transfer_read", "expected padding and optional mask operands")
		}
		if err := p.ResolveOperands(rest[:1], []ir.Type{shapedElem(shaped)}); err != nil {
			return err
		}
		if len(rest) == 2 {
			if err := resolveTransferMask(p, rest[1], shaped, vt, m, typesAt); err != nil {
				return err
			}
		}
		st.AddAttr("operandSegmentSizes", p.Context().DenseI32Array(1, int64(len(idx)), 1, int64(len(rest)-1)))
		st.ResultTypes = []ir.Type{vt}
		return nil
	},
	Print: func(p *ir.OpPrinter, op *ir.Operation) {
		v := TransferRead{op}
		p.WriteByte(' ')
		printBaseIndices(p, v.Base(), v.Indices())
		p.WriteString(", ")
		p.Operand(v.Padding())
		if m := v.Mask(); m != nil {
			p.WriteString(", ")
			p.Operand(m)
		}
		printTransferAttrs(p, op)
		p.WriteString(" : ")
		p.Type(v.Base().Type())
		p.WriteString(", ")
		p.Type(op.Result(0).Type())
	},
	Verify: func(op *ir.Operation) error {
		v := TransferRead{op}
		seg, err := transferSegments(op, 4)
		if err != nil {
			return err
		}
		shaped := v.Base().Type()
		vt, err := vectorResult(op)
		if err != nil {
			return err
		}
		if err := verifyTransfer(op, shaped, vt, seg[1], v.Mask()); err != nil {
			return err
		}
		pad := v.Padding().Type()
		if ev, ok := ir.ElementTypeOrSelf(shaped).(*ir.VectorType); ok {
			if pad != ev {
				return op.Errorf("requires source element type and padding type to match.")
			}
		} else if pad != ir.ElementTypeOrSelf(shaped) {
			return op.Errorf("requires formal padding and source of the same elemental type")
		}
		return nil
	},
	Fold:         foldTransferRead,
	Canonicalize: []*ir.Pattern{readAfterWriteToBroadcast, foldExtractSliceIntoTransferRead, size1TransferMap("vector.transfer_read")},
}

// transferEffects are the effect traits of a transfer on base: as MLIR's
// getEffects and getSpeculatability, a transfer on a tensor has no memory
// effect and may be speculated (Pure, so loop-invariant-code-motion hoists
// it, cse merges it and an unused one is dead); one on a memref has
// onMemref.
func transferEffects(base *ir.Value, onMemref ir.Trait) ir.Trait {
	if _, ok := base.Type().(*ir.RankedTensorType); ok {
		return ir.Pure
	}
	return onMemref
}

// transferWriteOp is vector.transfer_write, the inverse of transfer_read;
// on tensors it returns the updated tensor:
//
//	vector.transfer_write %v, %m[%i, %j], %mask {in_bounds = [true]} : vector<4xf32>, memref<?x?xf32>
var transferWriteOp = &ir.OpDef{
	Name:     "vector.transfer_write",
	Summary:  "The vector.transfer_write op writes a supervector to memory.",
	Example:  "vector.transfer_write %v, %m[%i, %j], %mask {in_bounds = [true]} : vector<4xf32>, memref<?x?xf32>",
	Traits:   ir.AttrSizedOperandSegments,
	Effects:  func(op *ir.Operation) ir.Trait { return transferEffects(op.Operand(1), 0) },
	Operands: ir.AtLeast(2),
	Results:  ir.Between(0, 1),
	Inherent: []string{"permutation_map", "in_bounds"},
	// Hand-written as in MLIR (TransferWriteOp::parse, VectorOps.cpp): the
	// permutation map and in_bounds are elided at their defaults, the mask
	// type implied.
	Parse: func(p *ir.OpParser, st *ir.OpState) error {
		val, err := p.ParseOperand()
		if err != nil {
			return err
		}
		if err := p.ParsePunct(","); err != nil {
			return err
		}
		base, idx, err := parseBaseIndices(p)
		if err != nil {
			return err
		}
		var mask []ir.UnresolvedOperand
		if p.ParseOptionalPunct(",") {
			u, err := p.ParseOperand()
			if err != nil {
				return err
			}
			mask = append(mask, u)
		}
		if err := p.ParseOptionalAttrDict(); err != nil {
			return err
		}
		shaped, vt, typesAt, err := parseTransferTypes(p, "vector.transfer_write", true)
		if err != nil {
			return err
		}
		m, err := transferDefaults(p, st, shaped, vt, typesAt, "vector.transfer_write")
		if err != nil {
			return err
		}
		if err := p.ResolveOperands([]ir.UnresolvedOperand{val}, []ir.Type{vt}); err != nil {
			return err
		}
		if err := resolveBaseIndices(p, base, shaped, idx); err != nil {
			return err
		}
		if len(mask) == 1 {
			if err := resolveTransferMask(p, mask[0], shaped, vt, m, typesAt); err != nil {
				return err
			}
		}
		st.AddAttr("operandSegmentSizes", p.Context().DenseI32Array(1, 1, int64(len(idx)), int64(len(mask))))
		if _, ok := shaped.(*ir.RankedTensorType); ok {
			st.ResultTypes = []ir.Type{shaped}
		}
		return nil
	},
	Print: func(p *ir.OpPrinter, op *ir.Operation) {
		v := TransferWrite{op}
		p.WriteByte(' ')
		p.Operand(v.Value())
		p.WriteString(", ")
		printBaseIndices(p, v.Base(), v.Indices())
		if m := v.Mask(); m != nil {
			p.WriteString(", ")
			p.Operand(m)
		}
		printTransferAttrs(p, op)
		p.WriteString(" : ")
		p.Type(v.Value().Type())
		p.WriteString(", ")
		p.Type(v.Base().Type())
	},
	Verify: func(op *ir.Operation) error {
		v := TransferWrite{op}
		seg, err := transferSegments(op, 4)
		if err != nil {
			return err
		}
		shaped := v.Base().Type()
		vt, ok := vectorOf(v.Value())
		if !ok {
			return op.Errorf("operand #0 must be vector of any type values, but got %s", typeQuoted(v.Value().Type()))
		}
		_, isTensor := shaped.(*ir.RankedTensorType)
		if isTensor != (op.NumResults() == 1) || isTensor && op.Result(0).Type() != shaped {
			return op.Errorf("expects a result of the tensor type when writing to a tensor")
		}
		if err := verifyTransfer(op, shaped, vt, seg[2], v.Mask()); err != nil {
			return err
		}
		for _, r := range v.PermutationMap().Results {
			if r.Kind == ir.AffineConst {
				return op.Errorf("should not have broadcast dimensions")
			}
		}
		return nil
	},
	Fold:         foldTransferWrite,
	Canonicalize: []*ir.Pattern{foldWAW, foldInsertSliceIntoTransferWrite, swapExtractSliceOfTransferWrite, size1TransferMap("vector.transfer_write")},
}

// parseTransferTypes parses `: shaped, vector` (write: `: vector, shaped`)
// and returns the types and the place of the colon, MLIR's typesLoc.
func parseTransferTypes(p *ir.OpParser, name string, write bool) (ir.Type, *ir.VectorType, ir.Pos, error) {
	at := p.Pos() // at the colon, as MLIR's typesLoc
	if err := p.ParsePunct(":"); err != nil {
		return nil, nil, ir.Pos{}, err
	}
	ts, err := p.ParseTypeList()
	if err != nil {
		return nil, nil, ir.Pos{}, err
	}
	if len(ts) != 2 {
		return nil, nil, ir.Pos{}, customError(p.LocAt(at), name, "requires two types")
	}
	shaped, vec := ts[0], ts[1]
	if write {
		shaped, vec = vec, shaped
	}
	// The types are checked in the order they are written.
	vt, isVector := vec.(*ir.VectorType)
	if write && !isVector {
		return nil, nil, ir.Pos{}, customError(p.LocAt(at), name, "requires vector type")
	}
	switch shaped.(type) {
	case *ir.MemRefType, *ir.RankedTensorType:
	default:
		return nil, nil, ir.Pos{}, customError(p.LocAt(at), name, "requires memref or ranked tensor type")
	}
	if !isVector {
		return nil, nil, ir.Pos{}, customError(p.LocAt(at), name, "requires vector type")
	}
	return shaped, vt, at, nil
}

// resolveTransferMask resolves a transfer's mask operand to the type
// inferred from the vector type and permutation map m.
func resolveTransferMask(p *ir.OpParser, mask ir.UnresolvedOperand, shaped ir.Type, vt *ir.VectorType, m *ir.AffineMap, typesAt ir.Pos) error {
	if _, ok := shapedElem(shaped).(*ir.VectorType); ok {
		return ir.Errorf(p.OperandLoc(mask), "does not support masks with vector element type")
	}
	if len(vt.Dims) != len(m.Results) {
		return ir.Errorf(p.LocAt(typesAt), "expected the same rank for the vector and the results of the permutation map")
	}
	return p.ResolveOperands([]ir.UnresolvedOperand{mask}, []ir.Type{InferTransferMaskType(p.Context(), vt, m)})
}

// transferDefaults adds the default permutation_map and in_bounds when
// the attribute dictionary left them out, and returns the map.
func transferDefaults(p *ir.OpParser, st *ir.OpState, shaped ir.Type, vt *ir.VectorType, typesAt ir.Pos, name string) (*ir.AffineMap, error) {
	ctx := p.Context()
	var m *ir.AffineMap
	if a, ok := ir.GetAttr(st.Attrs, "permutation_map").(*ir.AffineMapAttr); ok {
		m = a.Map
	} else {
		rank := len(shaped.(ir.ShapedType).Shape())
		elemRank := 0
		if ev, ok := ir.ElementTypeOrSelf(shaped).(*ir.VectorType); ok {
			elemRank = len(ev.Dims)
		}
		if len(vt.Dims)-elemRank > rank {
			return nil, customError(p.LocAt(typesAt), name, "expected a custom permutation_map when rank(source) != rank(destination)")
		}
		m = TransferMinorIdentityMap(shaped.(ir.ShapedType), vt)
		st.AddAttr("permutation_map", ctx.AffineMapAttr(m))
	}
	if ir.GetAttr(st.Attrs, "in_bounds") == nil {
		st.AddAttr("in_bounds", BoolArrayAttr(ctx, make([]bool, len(m.Results))))
	}
	return m, nil
}

// TransferMinorIdentityMap is the default permutation map of a transfer
// between shaped and vector: the minor identity, or ()->(0) for a 0-d
// source read as vector<1xT>.
func TransferMinorIdentityMap(shaped ir.ShapedType, vt *ir.VectorType) *ir.AffineMap {
	rank := len(shaped.Shape())
	n := len(vt.Dims)
	if ev, ok := shaped.ElementType().(*ir.VectorType); ok {
		n -= len(ev.Dims)
	}
	if rank == 0 && len(vt.Dims) == 1 && vt.Dims[0] == 1 {
		return &ir.AffineMap{Results: []*ir.AffineExpr{ir.AffineConstExpr(0)}}
	}
	m := &ir.AffineMap{Dims: rank}
	for i := rank - n; i < rank; i++ {
		m.Results = append(m.Results, ir.AffineDimExpr(i))
	}
	return m
}

// InferTransferMaskType is the mask type of a transfer with vector type vt
// and permutation map m: the vector shape in the order of the source
// dimensions that m uses (broadcast dimensions have no mask).
func InferTransferMaskType(ctx *ir.Context, vt *ir.VectorType, m *ir.AffineMap) *ir.VectorType {
	var shape []int64
	var sc []bool
	for d := 0; d < m.Dims; d++ {
		if i := resultIndex(m, d); i >= 0 && i < len(vt.Dims) {
			shape = append(shape, vt.Dims[i])
			sc = append(sc, isScalableDim(vt, i))
		}
	}
	if len(shape) == 0 {
		shape, sc = []int64{1}, nil
	}
	return ctx.ScalableVector(shape, scalableOrNil(sc), ctx.I(1))
}

func shapedElem(t ir.Type) ir.Type { return t.(ir.ShapedType).ElementType() }

func printTransferAttrs(p *ir.OpPrinter, op *ir.Operation) {
	elided := []string{"operandSegmentSizes"}
	if a, ok := op.Attr("permutation_map").(*ir.AffineMapAttr); ok {
		if a.Map.IsMinorIdentity() {
			elided = append(elided, "permutation_map")
		}
	}
	if ib, ok := Bools(op.Attr("in_bounds")); ok {
		any := false
		for _, b := range ib {
			any = any || b
		}
		if !any {
			elided = append(elided, "in_bounds")
		}
	}
	p.OptionalAttrDict(op.Attrs(), elided...)
}

// transferSegments returns the operandSegmentSizes of a transfer op.
func transferSegments(op *ir.Operation, n int) ([]int64, error) {
	a, ok := op.Attr("operandSegmentSizes").(*ir.DenseArrayAttr)
	if !ok || len(a.Ints) != n {
		return nil, op.Errorf("operandSegmentSizes attribute must have %d elements", n)
	}
	return a.Ints, nil
}

func verifyTransfer(op *ir.Operation, shaped ir.Type, vt *ir.VectorType, nIdx int64, mask *ir.Value) error {
	st, ok := shaped.(ir.ShapedType)
	switch shaped.(type) {
	case *ir.MemRefType, *ir.RankedTensorType:
	default:
		ok = false
	}
	if !ok {
		return op.Errorf("requires source to be a memref or ranked tensor type")
	}
	rank := len(st.Shape())
	if nIdx != int64(rank) {
		return op.Errorf("requires %d indices", rank)
	}
	ma, ok := op.Attr("permutation_map").(*ir.AffineMapAttr)
	if !ok {
		return op.Errorf("requires attribute 'permutation_map'")
	}
	m := ma.Map
	bits := bitWidth
	if ev, ok := st.ElementType().(*ir.VectorType); ok && len(ev.Dims) > 0 {
		src := bits(ev.Elem) * ev.Dims[len(ev.Dims)-1]
		var res int64
		if len(vt.Dims) > 0 {
			res = bits(vt.Elem) * vt.Dims[len(vt.Dims)-1]
		}
		if src == 0 || res%src != 0 {
			return op.Errorf("requires the bitwidth of the minor 1-D vector to be an integral multiple of the bitwidth of the minor 1-D vector of the source")
		}
		if len(ev.Dims) > len(vt.Dims) {
			return op.Errorf("requires source vector element and vector result ranks to match.")
		}
		if len(m.Results) != len(vt.Dims)-len(ev.Dims) {
			return op.Errorf("requires a permutation_map with result dims of the same rank as the vector type")
		}
		if mask != nil {
			return op.Errorf("does not support masks with vector element type")
		}
	} else {
		minor := int64(1)
		if len(vt.Dims) > 0 {
			minor = vt.Dims[len(vt.Dims)-1]
		}
		if eb := bits(st.ElementType()); eb == 0 || bits(vt.Elem)*minor%eb != 0 {
			return op.Errorf("requires the bitwidth of the minor 1-D vector to be an integral multiple of the bitwidth of the source element type")
		}
		if len(m.Results) != len(vt.Dims) {
			return op.Errorf("requires a permutation_map with result dims of the same rank as the vector type")
		}
	}
	if m.Symbols != 0 {
		return op.Errorf("requires permutation_map without symbols")
	}
	if m.Dims != rank {
		return op.Errorf("requires a permutation_map with input dims of the same rank as the source type")
	}
	if mask != nil {
		if want := InferTransferMaskType(op.Context(), vt, m); mask.Type() != want {
			return op.Errorf("inferred mask type (%s) and mask operand type (%s) don't match", typeQuoted(want), typeQuoted(mask.Type()))
		}
	}
	ib, ok := Bools(op.Attr("in_bounds"))
	if !ok {
		return op.Errorf("requires attribute 'in_bounds'")
	}
	if len(ib) != len(m.Results) {
		return op.Errorf("expects the in_bounds attr of same rank as permutation_map results: %s vs inBounds of size: %d", ir.AttrString(ma), len(ib))
	}
	seen := make([]bool, m.Dims)
	for _, r := range m.Results {
		switch {
		case r.Kind == ir.AffineConst && r.Value == 0:
		case r.Kind != ir.AffineDim:
			return op.Errorf("requires a projected permutation_map (at most one dim or the zero constant can appear in each result)")
		case seen[r.Value]:
			return op.Errorf("requires a permutation_map that is a permutation (found one dim used more than once)")
		default:
			seen[r.Value] = true
		}
	}
	return nil
}

// NewTransferRead builds a vector.transfer_read of vt from base at
// indices through m, padded with pad, with an optional mask; inb of
// another length than m's results (nil) means no dim is known in bounds.
func NewTransferRead(b *ir.Builder, loc ir.Location, vt *ir.VectorType, base *ir.Value, indices []*ir.Value, m *ir.AffineMap, pad, mask *ir.Value, inb []bool) *ir.Operation {
	ctx := b.Context()
	operands := append(append([]*ir.Value{base}, indices...), pad)
	var nmask int64
	if mask != nil {
		operands, nmask = append(operands, mask), 1
	}
	return b.CreateOp("vector.transfer_read", loc, operands, []ir.Type{vt},
		ir.NamedAttr{Name: "in_bounds", Value: BoolArrayAttr(ctx, inBoundsOf(inb, len(m.Results)))},
		ir.NamedAttr{Name: "operandSegmentSizes", Value: ctx.DenseI32Array(1, int64(len(indices)), 1, nmask)},
		ir.NamedAttr{Name: "permutation_map", Value: ctx.AffineMapAttr(m)})
}

// NewTransferWrite builds a vector.transfer_write of vec to base (with a
// result on tensors), its other arguments as NewTransferRead's.
func NewTransferWrite(b *ir.Builder, loc ir.Location, vec, base *ir.Value, indices []*ir.Value, m *ir.AffineMap, mask *ir.Value, inb []bool) *ir.Operation {
	ctx := b.Context()
	operands := append([]*ir.Value{vec, base}, indices...)
	var nmask int64
	if mask != nil {
		operands, nmask = append(operands, mask), 1
	}
	var results []ir.Type
	if _, ok := base.Type().(*ir.RankedTensorType); ok {
		results = []ir.Type{base.Type()}
	}
	return b.CreateOp("vector.transfer_write", loc, operands, results,
		ir.NamedAttr{Name: "in_bounds", Value: BoolArrayAttr(ctx, inBoundsOf(inb, len(m.Results)))},
		ir.NamedAttr{Name: "operandSegmentSizes", Value: ctx.DenseI32Array(1, 1, int64(len(indices)), nmask)},
		ir.NamedAttr{Name: "permutation_map", Value: ctx.AffineMapAttr(m)})
}

func inBoundsOf(inb []bool, n int) []bool {
	if len(inb) == n {
		return inb
	}
	return make([]bool, n)
}
