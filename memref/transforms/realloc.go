package transforms

import (
	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/pass"
	"github.com/kiln-gpu/kiln/memref"
)

// ExpandReallocPass is expand-realloc (MLIR's ExpandReallocPass).
func ExpandReallocPass() *pass.Pass {
	return &pass.Pass{Name: "ExpandReallocPass", Argument: "expand-realloc",
		Summary: "Expand memref.realloc operations into its components",
		Options: []pass.Option{{Name: "emit-deallocs", Kind: pass.BoolOption, Default: "true",
			Help: "Emit deallocation operations for the original MemRef"}},
		Run: func(op *ir.Operation, pc *pass.Context) error {
			var reallocs []*ir.Operation
			op.Walk(func(o *ir.Operation) bool {
				if o.Name() == "memref.realloc" {
					reallocs = append(reallocs, o)
				}
				return true
			})
			for _, r := range reallocs {
				expandRealloc(r, pc.Options.Bool("emit-deallocs"))
			}
			return nil
		}}
}

// expandRealloc replaces a memref.realloc (1-D, identity layouts, as its
// verifier requires) with an scf.if on whether the buffer grows: then a new
// buffer takes a copy of the old one, which is freed with emitDeallocs;
// else a reinterpret_cast gives the old buffer the new size (alone when
// both sizes are static and the buffer does not grow).
func expandRealloc(op *ir.Operation, emitDeallocs bool) {
	ctx := op.Context()
	loc := op.Loc()
	b := ir.NewBuilder(ctx)
	b.SetInsertionPointBefore(op)
	src := op.Operand(0)
	srcT, resT := src.Type().(*ir.MemRefType), op.Result(0).Type().(*ir.MemRefType)
	idx := ctx.Index()
	curr := memref.Mixed{Static: srcT.Dims[0]}
	if srcT.Dims[0] == ir.Dynamic {
		zero := arith.NewConstant(b, ctx.IndexAttr(0), idx, loc)
		curr = memref.Mixed{Value: b.CreateOp("memref.dim", loc, []*ir.Value{src, zero}, []ir.Type{idx}).Result(0)}
	}
	var dynSize []*ir.Value
	target := memref.Mixed{Static: resT.Dims[0]}
	if resT.Dims[0] == ir.Dynamic {
		target = memref.Mixed{Value: op.Operand(1)}
		dynSize = []*ir.Value{op.Operand(1)}
	}
	value := func(m memref.Mixed) *ir.Value {
		if m.Value != nil {
			return m.Value
		}
		return arith.NewConstant(b, ctx.IndexAttr(m.Static), idx, loc)
	}
	if curr.Value == nil && target.Value == nil && curr.Static >= target.Static {
		// A static shrink never takes the copying branch, whose subview of
		// the smaller buffer would fail verification (MLIR emits it).
		op.Result(0).ReplaceAllUsesWith(viewOp(b, "memref.reinterpret_cast", loc, src, resT, target))
		op.Erase()
		return
	}
	lhs, rhs := value(curr), value(target)
	cond := b.CreateOp("arith.cmpi", loc, []*ir.Value{lhs, rhs}, []ir.Type{ctx.I(1)},
		ir.NamedAttr{Name: "predicate", Value: ctx.I64Attr(int64(arith.CmpIULT))}).Result(0)
	st := &ir.OpState{Name: "scf.if", Loc: loc, Operands: []*ir.Value{cond}, ResultTypes: []ir.Type{resT}}
	then, els := ir.NewBlock(nil, nil), ir.NewBlock(nil, nil)
	st.AddRegion().Append(then)
	st.AddRegion().Append(els)
	ifOp := b.Create(st)

	b.SetInsertionPointToEnd(then)
	attrs := []ir.NamedAttr{{Name: "operandSegmentSizes", Value: ctx.DenseI32Array(int64(len(dynSize)), 0)}}
	if a := op.Attr("alignment"); a != nil {
		attrs = append(attrs, ir.NamedAttr{Name: "alignment", Value: a})
	}
	newAlloc := b.CreateOp("memref.alloc", loc, dynSize, []ir.Type{resT}, attrs...).Result(0)
	svT, _ := memref.SubViewResultType(ctx, resT, []int64{0}, []int64{srcT.Dims[0]}, []int64{1})
	sv := viewOp(b, "memref.subview", loc, newAlloc, svT, curr)
	b.CreateOp("memref.copy", loc, []*ir.Value{src, sv}, nil)
	if emitDeallocs {
		b.CreateOp("memref.dealloc", loc, []*ir.Value{src}, nil)
	}
	b.CreateOp("scf.yield", loc, []*ir.Value{newAlloc}, nil)

	b.SetInsertionPointToEnd(els)
	cast := viewOp(b, "memref.reinterpret_cast", loc, src, resT, target)
	b.CreateOp("scf.yield", loc, []*ir.Value{cast}, nil)

	op.Result(0).ReplaceAllUsesWith(ifOp.Result(0))
	op.Erase()
}

// viewOp creates a 1-D subview or reinterpret_cast of base, of type t, at
// offset 0 with stride 1 and the given size.
func viewOp(b *ir.Builder, name string, loc ir.Location, base *ir.Value, t ir.Type, size memref.Mixed) *ir.Value {
	ctx := b.Context()
	operands := []*ir.Value{base}
	static := size.Static
	if size.Value != nil {
		operands = append(operands, size.Value)
		static = ir.Dynamic
	}
	return b.CreateOp(name, loc, operands, []ir.Type{t},
		ir.NamedAttr{Name: "operandSegmentSizes", Value: ctx.DenseI32Array(1, 0, int64(len(operands)-1), 0)},
		ir.NamedAttr{Name: "static_offsets", Value: ctx.DenseI64Array(0)},
		ir.NamedAttr{Name: "static_sizes", Value: ctx.DenseI64Array(static)},
		ir.NamedAttr{Name: "static_strides", Value: ctx.DenseI64Array(1)}).Result(0)
}
