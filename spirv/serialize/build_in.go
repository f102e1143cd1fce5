package serialize

import (
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/spirv"
	"github.com/kiln-gpu/kiln/spirv/spv"
)

// Builders of the ops the structurizer makes.

func (d *deserializer) newConstructOp(c construct, body *ir.Region) *ir.Operation {
	st := &ir.OpState{Name: "spirv.mlir.selection", Loc: d.loc(), Regions: []*ir.Region{body}}
	kind, attr := spv.KindSelectionControl, "selection_control"
	if c.loop {
		st.Name, kind, attr = "spirv.mlir.loop", spv.KindLoopControl, "loop_control"
	}
	st.AddAttr(attr, spirv.Enum(d.ctx, kind, c.control))
	return d.ctx.NewOp(st)
}

func (d *deserializer) newBranch(dest *ir.Block, args []*ir.Value) *ir.Operation {
	return d.ctx.NewOp(&ir.OpState{Name: "spirv.Branch", Loc: d.loc(), Operands: args, Successors: []*ir.Block{dest}})
}

func (d *deserializer) newMerge() *ir.Operation {
	return d.ctx.NewOp(&ir.OpState{Name: "spirv.mlir.merge", Loc: d.loc()})
}

// newFunctionVar adds a Function variable of type t at the start of the
// function's entry block.
func (d *deserializer) newFunctionVar(entry *ir.Block, t ir.Type) *ir.Value {
	st := &ir.OpState{Name: "spirv.Variable", Loc: d.loc(), ResultTypes: []ir.Type{spirv.Pointer(d.ctx, t, spv.StorageClassFunction)}}
	st.AddAttr("storage_class", spirv.Enum(d.ctx, spv.KindStorageClass, uint32(spv.StorageClassFunction)))
	op := d.ctx.NewOp(st)
	entry.InsertBefore(op, entry.First())
	return op.Result(0)
}

func (d *deserializer) newLoad(ptr *ir.Value, t ir.Type) *ir.Operation {
	return d.ctx.NewOp(&ir.OpState{Name: "spirv.Load", Loc: d.loc(), Operands: []*ir.Value{ptr}, ResultTypes: []ir.Type{t}})
}

func (d *deserializer) newStore(ptr, v *ir.Value) *ir.Operation {
	return d.ctx.NewOp(&ir.OpState{Name: "spirv.Store", Loc: d.loc(), Operands: []*ir.Value{ptr, v}})
}

// insertStore stores v through ptr just before op.
func (d *deserializer) insertStore(op *ir.Operation, ptr, v *ir.Value) {
	op.Block().InsertBefore(d.newStore(ptr, v), op)
}

// dropSuccessorOperands removes what a branch passes to successor si.
func (d *deserializer) dropSuccessorOperands(t *ir.Operation, si int) {
	start, n := t.SuccessorOperands(si)
	var seg []int64
	if t.Name() == "spirv.BranchConditional" {
		seg = []int64{1, 0, 0}
		for i := range 2 {
			_, c := t.SuccessorOperands(i)
			seg[i+1] = int64(c)
		}
		seg[si+1] = 0
	}
	ops := t.Operands()
	t.SetOperands(append(ops[:start:start], ops[start+n:]...))
	if seg != nil {
		t.SetAttr("operandSegmentSizes", d.ctx.DenseI32Array(seg...))
	}
}

// newConst creates an i32 spirv.Constant in b before op (nil: at the end).
func (d *deserializer) newConst(b *ir.Block, before *ir.Operation, v int64) *ir.Value {
	st := &ir.OpState{Name: "spirv.Constant", Loc: d.loc(), ResultTypes: []ir.Type{d.ctx.I(32)}}
	st.AddAttr("value", d.ctx.I32Attr(v))
	op := d.ctx.NewOp(st)
	b.InsertBefore(op, before)
	return op.Result(0)
}

// newCondBranch branches on cond to t, passing targs, or to f.
func (d *deserializer) newCondBranch(cond *ir.Value, t *ir.Block, targs []*ir.Value, f *ir.Block) *ir.Operation {
	st := &ir.OpState{Name: "spirv.BranchConditional", Loc: d.loc(), Operands: append([]*ir.Value{cond}, targs...), Successors: []*ir.Block{t, f}}
	st.AddAttr("operandSegmentSizes", d.ctx.DenseI32Array(1, int64(len(targs)), 0))
	return d.ctx.NewOp(st)
}
