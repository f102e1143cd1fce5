package lowering

import (
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/spirv"
	"github.com/kiln-gpu/kiln/spirv/spv"
)

// Small builders of spirv ops for the patterns.

// op creates one spirv op with a single result (t nil: none) and returns
// the op.
func op(b *ir.Builder, name string, loc ir.Location, t ir.Type, operands []*ir.Value, attrs ...ir.NamedAttr) *ir.Operation {
	if t == nil {
		return b.CreateOp(name, loc, operands, nil, attrs...)
	}
	rt := [1]ir.Type{t}
	return b.CreateOp(name, loc, operands, rt[:], attrs...)
}

// val creates a one-result spirv op and returns its result.
func val(b *ir.Builder, name string, loc ir.Location, t ir.Type, operands ...*ir.Value) *ir.Value {
	return op(b, name, loc, t, operands).Result(0)
}

// intConst returns `spirv.Constant v : t` (t an integer type).
func intConst(b *ir.Builder, t ir.Type, v int64, loc ir.Location) *ir.Value {
	ctx := b.Context()
	if it, ok := t.(*ir.IntegerType); ok && it.Width == 1 {
		return spirv.NewConstant(b, ctx.BoolAttr(v != 0), t, loc)
	}
	return spirv.NewConstant(b, ctx.IntegerAttr(t, v), t, loc)
}

// splatConst returns the constant v of scalar or vector type t.
func splatConst(b *ir.Builder, t ir.Type, v int64, loc ir.Location) *ir.Value {
	ctx := b.Context()
	vt, ok := t.(*ir.VectorType)
	if !ok {
		if ft, ok := t.(*ir.FloatType); ok {
			return spirv.NewConstant(b, ctx.FloatAttr(ft, float64(v)), t, loc)
		}
		return intConst(b, t, v, loc)
	}
	var elem ir.Attribute
	if ft, ok := vt.Elem.(*ir.FloatType); ok {
		elem = ctx.FloatAttr(ft, float64(v))
	} else if it := vt.Elem.(*ir.IntegerType); it.Width == 1 {
		elem = ctx.BoolAttr(v != 0)
	} else {
		elem = ctx.IntegerAttr(vt.Elem, v)
	}
	return spirv.NewConstant(b, ctx.DenseSplat(vt, elem), t, loc)
}

// i32Array is an array of i32 attributes (composite indices).
func i32Array(ctx *ir.Context, vs ...int64) *ir.ArrayAttr {
	as := make([]ir.Attribute, len(vs))
	for i, v := range vs {
		as[i] = ctx.I32Attr(v)
	}
	return ctx.ArrayAttr(as...)
}

// extract returns `spirv.CompositeExtract v[i...]`.
func extract(b *ir.Builder, v *ir.Value, t ir.Type, loc ir.Location, idx ...int64) *ir.Value {
	return op(b, "spirv.CompositeExtract", loc, t, []*ir.Value{v},
		ir.NamedAttr{Name: "indices", Value: i32Array(b.Context(), idx...)}).Result(0)
}

// insert returns `spirv.CompositeInsert obj, v[i...]`.
func insert(b *ir.Builder, obj, v *ir.Value, loc ir.Location, idx ...int64) *ir.Value {
	return op(b, "spirv.CompositeInsert", loc, v.Type(), []*ir.Value{obj, v},
		ir.NamedAttr{Name: "indices", Value: i32Array(b.Context(), idx...)}).Result(0)
}

// enum returns a spirv enum attribute.
func enum(ctx *ir.Context, k *spv.OperandKind, v uint32) ir.NamedAttr {
	return ir.NamedAttr{Value: spirv.Enum(ctx, k, v)}
}

// named gives a to a name.
func named(name string, a ir.NamedAttr) ir.NamedAttr { a.Name = name; return a }

// symbolTableOf returns the nearest symbol table op around op.
func symbolTableOf(op *ir.Operation) *ir.Operation {
	for p := op.ParentOp(); p != nil; p = p.ParentOp() {
		if p.HasTrait(ir.SymbolTable) {
			return p
		}
	}
	return nil
}

// global returns the spirv.GlobalVariable @name of type t in the symbol
// table around at, creating it at the table's start with attrs. Each
// table's symbols are indexed once, so lookups stay constant-time however
// many kernels a module holds.
func (e *env) global(at *ir.Operation, name string, t *spirv.PointerType, attrs ...ir.NamedAttr) *ir.Operation {
	table := symbolTableOf(at)
	if g := e.symbolOf(table, name); g != nil {
		return g
	}
	syms := e.symbols[table]
	g := spirv.NewGlobalVariable(at.Context(), name, t, at.Loc())
	for _, a := range attrs {
		g.SetAttr(a.Name, a.Value)
	}
	b := ir.NewBuilder(at.Context())
	b.SetInsertionPointToStart(table.Region(0).Entry())
	b.Insert(g)
	syms[name] = g
	return g
}

// symbolOf returns the op of table named name, or nil; the table's
// symbols are indexed once per conversion.
func (e *env) symbolOf(table *ir.Operation, name string) *ir.Operation {
	syms := e.symbols[table]
	if syms == nil {
		syms = map[string]*ir.Operation{}
		for o := range table.Region(0).Entry().Ops() {
			if n := ir.SymbolName(o); n != "" {
				syms[n] = o
			}
		}
		e.symbols[table] = syms
	}
	return syms[name]
}

// builtin loads the built-in variable bi (a vector<3xi32> or an i32) at b.
func (e *env) builtin(b *ir.Builder, at *ir.Operation, bi spv.BuiltIn, t ir.Type) *ir.Value {
	v := e.builtinVarOf(bi, t)
	g := e.global(at, v.name, v.ptr, v.attr)
	return val(b, "spirv.Load", at.Loc(), t, e.addressOf(b, g, at.Loc()))
}

// structuredOp creates an empty spirv.mlir.loop or spirv.mlir.selection
// (name) with no loop or selection control, for its blocks to be added.
func structuredOp(b *ir.Builder, name string, loc ir.Location) *ir.Operation {
	ctx := b.Context()
	control := named("loop_control", enum(ctx, spv.KindLoopControl, uint32(spv.LoopControlNone)))
	if name == "spirv.mlir.selection" {
		control = named("selection_control", enum(ctx, spv.KindSelectionControl, uint32(spv.SelectionControlNone)))
	}
	return b.Create(&ir.OpState{Name: name, Loc: loc, Regions: []*ir.Region{ir.NewRegion()}, Attrs: []ir.NamedAttr{control}})
}

// loadAll loads the values of the Function variables vars, of types types.
func loadAll(b *ir.Builder, loc ir.Location, types []ir.Type, vars []*ir.Value) []*ir.Value {
	res := make([]*ir.Value, len(vars))
	for i, v := range vars {
		res[i] = val(b, "spirv.Load", loc, types[i], v)
	}
	return res
}
