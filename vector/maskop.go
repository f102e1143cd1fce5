package vector

import (
	"slices"

	"github.com/kiln-gpu/kiln/ir"
)

// maskOp is vector.mask: its region holds one maskable op, which runs
// under the mask; lanes the mask turns off take the pass-through (for a
// transfer_read) or do nothing.
//
//	%r = vector.mask %m, %pass { vector.transfer_read %a[%i], %pad : memref<?xf32>, vector<8xf32> } : vector<8xi1> -> vector<8xf32>
var maskOp = &ir.OpDef{
	Name:     "vector.mask",
	Summary:  "Predicates a maskable vector operation",
	Example:  "%r = vector.mask %m, %pass { vector.transfer_read %a[%i], %pad : memref<?xf32>, vector<8xf32> } : vector<8xi1> -> vector<8xf32>",
	Traits:   ir.SingleBlock | ir.RecursiveEffects,
	Operands: ir.Between(1, 2),
	Results:  ir.Variadic,
	Regions:  ir.Exactly(1),
	// Hand-written as in MLIR (MaskOp::parse, VectorOps.cpp): the region
	// may omit its implicit terminator, and the maskable op prints inside it.
	Parse:        parseMask,
	Print:        printMask,
	Verify:       verifyMask,
	Canonicalize: []*ir.Pattern{elideEmptyMask, unmaskAllTrue},
}

// yieldOp is vector.yield, the terminator of vector.mask's region.
//
//	vector.yield %v : vector<8xf32>
var yieldOp = &ir.OpDef{
	Name:     "vector.yield",
	Summary:  "Terminates and yields values from vector regions.",
	Example:  "%r = vector.mask %m { vector.yield %a : vector<8xf32> } : vector<8xi1> -> vector<8xf32>",
	Traits:   ir.Pure | ir.Terminator | ir.ReturnLike,
	Operands: ir.Variadic,
	Results:  ir.Exactly(0),
	Format:   &ir.Format{Syntax: "attr-dict ($operands^ `:` type($operands))?", Operands: []string{"operands*"}},
	Verify: func(op *ir.Operation) error {
		if parent := op.ParentOp(); parent == nil || parent.Name() != "vector.mask" && parent.Name() != "vector.warp_execute_on_lane_0" {
			return op.Errorf("expects parent op to be one of 'vector.mask, vector.warp_execute_on_lane_0'")
		}
		return nil
	},
}

func parseMask(p *ir.OpParser, st *ir.OpState) error {
	us, err := p.ParseOperandList()
	if err != nil {
		return err
	}
	if len(us) == 0 || len(us) > 2 {
		return ir.Errorf(p.Loc(), "expected a mask and an optional passthru")
	}
	r := st.AddRegion()
	if err := p.ParseRegion(r, nil); err != nil {
		return err
	}
	if err := p.ParseOptionalAttrDict(); err != nil {
		return err
	}
	nameLoc := p.State().Loc
	mt, err := p.ParseColonType()
	if err != nil {
		return err
	}
	rts, err := p.ParseOptionalArrowTypeList()
	if err != nil {
		return err
	}
	st.ResultTypes = rts
	ts := []ir.Type{mt}
	if len(us) == 2 {
		if len(rts) == 0 {
			return customError(nameLoc, "vector.mask", "expects a result if passthru operand is provided")
		}
		ts = append(ts, rts[0])
	}
	ensureYield(p.Context(), r, st.Loc)
	return p.ResolveOperands(us, ts)
}

// ensureYield ends the region with a vector.yield of the masked op's
// results when the text left it implicit, as MLIR's MaskOp does.
func ensureYield(ctx *ir.Context, r *ir.Region, loc ir.Location) {
	if r.Empty() {
		r.Append(ir.NewBlock(nil, nil))
	}
	b := r.Entry()
	last := b.Last()
	if last != nil && last.HasTrait(ir.Terminator) {
		return
	}
	st := &ir.OpState{Name: "vector.yield", Loc: loc}
	if last != nil {
		st.Operands = last.Results()
	}
	b.Append(ctx.NewOp(st))
}

// MaskedOp returns the op a vector.mask predicates, or nil when its region
// only yields.
func MaskedOp(op *ir.Operation) *ir.Operation {
	if op.NumRegions() == 0 || op.Region(0).Empty() {
		return nil
	}
	first := op.Region(0).Entry().First()
	if first == nil || first.HasTrait(ir.Terminator) {
		return nil
	}
	return first
}

// printMask writes the masked op inline, without its result names and
// the implicit yield, as MLIR prints it.
func printMask(p *ir.OpPrinter, op *ir.Operation) {
	p.WriteByte(' ')
	p.Operands(op.Operands())
	if op.NumOperands() == 0 || op.NumRegions() == 0 {
		return // malformed; the verifier says why
	}
	inner := MaskedOp(op)
	if inner == nil && !op.Region(0).Empty() {
		inner = op.Region(0).Entry().First()
	}
	switch {
	case inner == nil:
		p.WriteString(" {\n}")
	case inner.Def() != nil && inner.Def().PrintFunc() != nil && yieldsResultsOf(op, inner):
		p.WriteString(" { ")
		p.WriteString(inner.Name())
		inner.Def().PrintFunc()(&ir.OpPrinter{Printer: p.Printer}, inner)
		p.WriteString(" }")
	default:
		p.WriteByte(' ')
		p.Region(op.Region(0), false, true)
	}
	p.OptionalAttrDict(op.Attrs())
	p.WriteString(" : ")
	p.Type(op.Operand(0).Type())
	p.ArrowTypes(op.ResultTypes())
}

// yieldsResultsOf reports whether the region is just inner followed by a
// yield of exactly inner's results (or inner is that yield), so the
// inline form reads back to the same IR.
func yieldsResultsOf(op, inner *ir.Operation) bool {
	b := op.Region(0).Entry()
	if inner.HasTrait(ir.Terminator) {
		return b.First() == b.Last()
	}
	y := b.Last()
	return inner.NextOp() == y && y.Name() == "vector.yield" && slices.Equal(y.Operands(), inner.Results())
}

func verifyMask(op *ir.Operation) error {
	if m, ok := vectorOf(op.Operand(0)); !ok || m.Elem != op.Context().I(1) || len(m.Dims) == 0 {
		return op.Errorf("operand #0 must be vector of 1-bit signless integer values, but got %s", typeQuoted(op.Operand(0).Type()))
	}
	b := op.Region(0).Entry()
	if b == nil || b.Empty() {
		return op.Errorf("expects a terminator within the mask region")
	}
	ops := b.OpList()
	if len(ops) > 2 {
		return op.Errorf("expects only one operation to mask")
	}
	y := b.Last()
	if y.Name() != "vector.yield" {
		return op.Errorf("expects a terminator within the mask region")
	}
	if y.NumOperands() != op.NumResults() {
		return op.Errorf("expects number of results to match mask region yielded values")
	}
	if len(ops) == 1 {
		return nil
	}
	inner := ops[0]
	want, supportsPassthru, ok := expectedMaskType(inner)
	if !ok {
		return op.Errorf("expects a MaskableOpInterface within the mask region")
	}
	if inner.NumResults() != op.NumResults() {
		return op.Errorf("expects number of results to match maskable operation number of results")
	}
	if !slices.Equal(inner.Results(), y.Operands()) {
		return op.Errorf("expects all the results from the MaskableOpInterface to match all the values returned by the terminator")
	}
	if !slices.Equal(inner.ResultTypes(), op.ResultTypes()) {
		return op.Errorf("expects result type to match maskable operation result type")
	}
	if op.Operand(0).Type() != want {
		return op.Errorf("expects a %s mask for the maskable operation", typeQuoted(want))
	}
	if op.NumOperands() == 2 {
		if !supportsPassthru {
			return op.Errorf("doesn't expect a passthru argument for this maskable operation")
		}
		if inner.NumResults() != 1 {
			return op.Errorf("expects result when passthru argument is provided")
		}
		if op.Operand(1).Type() != inner.Result(0).Type() {
			return op.Errorf("expects passthru type to match result type")
		}
	}
	return nil
}

// expectedMaskType is the mask type a maskable op takes under vector.mask
// and whether it takes a pass-through; ok is false for ops that are not
// maskable (or too malformed to tell).
func expectedMaskType(op *ir.Operation) (mask ir.Type, passthru, ok bool) {
	ctx := op.Context()
	i1Like := func(v *ir.Value) (ir.Type, bool, bool) {
		vt, isVec := vectorOf(v)
		if !isVec {
			return nil, false, false
		}
		return ctx.ScalableVector(vt.Dims, vt.Scalable, ctx.I(1)), false, true
	}
	switch op.Name() {
	case "vector.transfer_read", "vector.transfer_write":
		pm, isMap := op.Attr("permutation_map").(*ir.AffineMapAttr)
		v := op.Operand(0)
		if op.Name() == "vector.transfer_read" {
			v = op.Result(0)
		}
		vt, isVec := vectorOf(v)
		if !isMap || !isVec {
			return nil, false, false
		}
		return InferTransferMaskType(ctx, vt, pm.Map), op.Name() == "vector.transfer_read", true
	case "vector.reduction", "vector.multi_reduction":
		return i1Like(op.Operand(0))
	case "vector.gather":
		if op.NumResults() != 1 {
			return nil, false, false
		}
		m, _, ok := i1Like(op.Result(0))
		return m, true, ok
	case "vector.contract":
		maps := ContractMaps(op)
		if len(maps) != 3 {
			return nil, false, false
		}
		shape := make([]int64, maps[0].Dims)
		scalable := make([]bool, len(shape))
		for d := range shape {
			for k, m := range maps {
				if i := resultIndex(m, d); i >= 0 {
					if s := shapeOf(op.Operand(k).Type()); i < len(s) {
						shape[d] = s[i]
						vt, _ := vectorOf(op.Operand(k))
						scalable[d] = vt != nil && isScalableDim(vt, i)
						break
					}
				}
			}
		}
		return ctx.ScalableVector(shape, scalableOrNil(scalable), ctx.I(1)), false, true
	}
	return nil, false, false
}
