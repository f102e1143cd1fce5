package serialize

import (
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/spirv"
	"github.com/kiln-gpu/kiln/spirv/spv"
)

// Builders of the ops the structurizer makes. Each fills d.buildState,
// which NewOp copies (all but the regions, which it takes over).

// build returns d.buildState emptied for an op of the given name.
func (d *deserializer) build(name string) *ir.OpState {
	st := reuse(&d.buildState)
	st.Name, st.Loc = name, d.loc()
	return st
}

func (d *deserializer) newConstructOp(c construct, body *ir.Region) *ir.Operation {
	st := d.build("spirv.mlir.selection")
	st.Regions = []*ir.Region{body}
	kind, attr := spv.KindSelectionControl, "selection_control"
	if c.loop {
		st.Name, kind, attr = "spirv.mlir.loop", spv.KindLoopControl, "loop_control"
	}
	st.AddAttr(attr, d.enum(kind, c.control))
	return d.ctx.NewOp(st)
}

func (d *deserializer) newBranch(dest *ir.Block, args []*ir.Value) *ir.Operation {
	st := d.build("spirv.Branch")
	st.Operands = append(st.Operands, args...)
	st.Successors = append(st.Successors[:0], dest)
	return d.ctx.NewOp(st)
}

func (d *deserializer) newMerge() *ir.Operation {
	return d.ctx.NewOp(d.build("spirv.mlir.merge"))
}

// newFunctionVar adds a Function variable of type t at the start of the
// function's entry block.
func (d *deserializer) newFunctionVar(entry *ir.Block, t ir.Type) *ir.Value {
	st := d.build("spirv.Variable")
	st.ResultTypes = append(st.ResultTypes, spirv.Pointer(d.ctx, t, spv.StorageClassFunction))
	st.AddAttr("storage_class", d.enum(spv.KindStorageClass, uint32(spv.StorageClassFunction)))
	op := d.ctx.NewOp(st)
	entry.InsertBefore(op, entry.First())
	return op.Result(0)
}

func (d *deserializer) newLoad(ptr *ir.Value, t ir.Type) *ir.Operation {
	st := d.build("spirv.Load")
	st.Operands = append(st.Operands, ptr)
	st.ResultTypes = append(st.ResultTypes, t)
	return d.ctx.NewOp(st)
}

func (d *deserializer) newStore(ptr, v *ir.Value) *ir.Operation {
	st := d.build("spirv.Store")
	st.Operands = append(st.Operands, ptr, v)
	return d.ctx.NewOp(st)
}

// insertStore stores v through ptr just before op.
func (d *deserializer) insertStore(op *ir.Operation, ptr, v *ir.Value) {
	op.Block().InsertBefore(d.newStore(ptr, v), op)
}

// dropSuccessorOperands removes what a branch passes to successor si.
func (d *deserializer) dropSuccessorOperands(t *ir.Operation, si int) {
	start, n := t.SuccessorOperands(si)
	// spirv.BranchConditional and spirv.Switch count their successors'
	// operands: segment 1 is successor 0's, segment 2 the others'.
	segmented := t.Name() == "spirv.BranchConditional" || t.Name() == "spirv.Switch"
	var seg [2]int
	var cases []int64 // a spirv.Switch's counts per case target
	if segmented {
		for i := range t.NumSuccessors() {
			_, c := t.SuccessorOperands(i)
			if i == si {
				c = 0
			}
			if i == 0 {
				seg[0] = c
			} else {
				cases = append(cases, int64(c))
				seg[1] += c
			}
		}
	}
	ops := t.Operands()
	t.SetOperands(append(ops[:start:start], ops[start+n:]...))
	if segmented {
		t.SetAttr("operandSegmentSizes", d.segments(seg[0], seg[1]))
	}
	if t.Name() == "spirv.Switch" {
		t.SetAttr("case_operand_segments", d.ctx.DenseI32Array(cases...))
	}
}

// newConst creates an i32 spirv.Constant in b before op (nil: at the end).
func (d *deserializer) newConst(b *ir.Block, before *ir.Operation, v int64) *ir.Value {
	st := d.build("spirv.Constant")
	st.ResultTypes = append(st.ResultTypes, d.ctx.I(32))
	st.AddAttr("value", d.i32(v))
	op := d.ctx.NewOp(st)
	b.InsertBefore(op, before)
	return op.Result(0)
}

// newCondBranch branches on cond to t, passing targs, or to f, passing fargs.
func (d *deserializer) newCondBranch(cond *ir.Value, t *ir.Block, targs []*ir.Value, f *ir.Block, fargs []*ir.Value) *ir.Operation {
	st := d.build("spirv.BranchConditional")
	st.Operands = append(append(append(st.Operands, cond), targs...), fargs...)
	st.Successors = append(st.Successors[:0], t, f)
	st.AddAttr("operandSegmentSizes", d.segments(len(targs), len(fargs)))
	return d.ctx.NewOp(st)
}

// Attributes the deserializer makes over and over, cached: uniquing one
// costs a key and a lookup.

type enumKey struct {
	kind *spv.OperandKind
	v    uint32
}

// enum is spirv.Enum(ctx, kind, v).
func (d *deserializer) enum(kind *spv.OperandKind, v uint32) ir.Attribute {
	k := enumKey{kind, v}
	a, ok := d.enums[k]
	if !ok {
		a = spirv.Enum(d.ctx, kind, v)
		d.enums[k] = a
	}
	return a
}

// segments is the operandSegmentSizes of a spirv.BranchConditional passing
// t and f values (of a spirv.Switch: default and all case values).
func (d *deserializer) segments(t, f int) ir.Attribute {
	k := [2]int{t, f}
	a, ok := d.segs[k]
	if !ok {
		a = d.ctx.DenseI32Array(1, int64(t), int64(f))
		d.segs[k] = a
	}
	return a
}

// i32 is an i32 integer attribute.
func (d *deserializer) i32(v int64) ir.Attribute {
	a, ok := d.i32s[v]
	if !ok {
		a = d.ctx.I32Attr(v)
		d.i32s[v] = a
	}
	return a
}
