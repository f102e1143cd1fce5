package transforms

import (
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/pass"
	"github.com/kiln-gpu/kiln/spirv"
)

// PromoteToReplicatedConstants returns the spirv-promote-to-replicated-constants
// pass: splat composite spirv.Constant and spirv.SpecConstantComposite ops
// become the replicated forms of SPV_EXT_replicated_composites, which write
// the repeated value once.
func PromoteToReplicatedConstants() *pass.Pass {
	return &pass.Pass{
		Name:     "SPIRVReplicatedConstantCompositePass",
		Argument: "spirv-promote-to-replicated-constants",
		Summary:  "Convert splat composite constants and spec constants to corresponding replicated constant composite ops defined by SPV_EXT_replicated_composites",
		Run: func(op *ir.Operation, _ *pass.Context) error {
			return eachModule(op, func(m *ir.Operation) error {
				promoteReplicated(m)
				return nil
			})
		},
	}
}

func promoteReplicated(m *ir.Operation) {
	var consts, specs []*ir.Operation
	m.Walk(func(op *ir.Operation) bool {
		switch op.Name() {
		case "spirv.Constant":
			consts = append(consts, op)
		case "spirv.SpecConstantComposite":
			specs = append(specs, op)
		}
		return true
	})
	ctx := m.Context()
	for _, op := range consts {
		t := op.Result(0).Type()
		v, n := splatOf(ctx, op.Attr("value"), t)
		if v == nil || n == 1 {
			continue
		}
		st := &ir.OpState{Name: "spirv.EXT.ConstantCompositeReplicate", Loc: op.Loc(), ResultTypes: []ir.Type{t}}
		st.AddAttr("value", v)
		r := ctx.NewOp(st)
		op.Block().InsertBefore(r, op)
		op.Result(0).ReplaceAllUsesWith(r.Result(0))
		op.Erase()
	}
	for _, op := range specs {
		ta, _ := op.Attr("type").(*ir.TypeAttr)
		cs, _ := op.Attr("constituents").(*ir.ArrayAttr)
		if ta == nil || cs == nil || len(cs.Elems) < 2 || spirv.CompositeElement(ta.Value) == nil || !allEqual(cs.Elems) {
			continue
		}
		ref, ok := cs.Elems[0].(*ir.SymbolRefAttr)
		if !ok || len(ref.Nested) > 0 {
			continue
		}
		st := &ir.OpState{Name: "spirv.EXT.SpecConstantCompositeReplicate", Loc: op.Loc()}
		st.AddAttr("sym_name", op.Attr("sym_name"))
		st.AddAttr("type", ta)
		st.AddAttr("constituent", ref)
		op.Block().InsertBefore(ctx.NewOp(st), op)
		op.Erase()
	}
}

// splatOf returns the value a composite constant of type t repeats and how
// many times, looking through arrays of splats (MLIR's
// getSplatAttrAndNumElements); nil when it is not a splat.
func splatOf(ctx *ir.Context, v ir.Attribute, t ir.Type) (ir.Attribute, int64) {
	if spirv.CompositeElement(t) == nil {
		return nil, 1
	}
	switch v := v.(type) {
	case *ir.DenseElementsAttr:
		if v.IsSplat() {
			return v.ElementAttr(ctx, 0), int64(v.Len())
		}
	case *ir.ArrayAttr:
		if len(v.Elems) == 0 || !allEqual(v.Elems) {
			return nil, 1
		}
		a, n := v.Elems[0], int64(len(v.Elems))
		if inner, m := splatOf(ctx, a, spirv.ReplicateValueType(ctx, a)); inner != nil {
			a, n = inner, n*m
		}
		return a, n
	}
	return nil, 1
}

func allEqual(as []ir.Attribute) bool {
	for _, a := range as {
		if a != as[0] {
			return false
		}
	}
	return true
}
