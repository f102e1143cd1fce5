package lowering

import (
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/spirv"
	"github.com/kiln-gpu/kiln/spirv/spv"
)

// The env's caches of what patterns make for most kernels: memref access
// chains, built-in variables and their addresses, kernel argument ABIs.

// indexConst returns `spirv.Constant v` of the index type.
func (e *env) indexConst(b *ir.Builder, v int64, loc ir.Location) *ir.Value {
	a := e.indexAttrs[v]
	if a == nil {
		a = b.Context().IntegerAttr(e.index, v)
		e.indexAttrs[v] = a
	}
	return spirv.NewConstant(b, a, e.index, loc)
}

type pointerKey struct {
	pointee ir.Type
	sc      spv.StorageClass
}

// pointer returns spirv.Pointer(pointee, sc).
func (e *env) pointer(pointee ir.Type, sc spv.StorageClass) *spirv.PointerType {
	k := pointerKey{pointee, sc}
	p := e.pointers[k]
	if p == nil {
		p = spirv.Pointer(e.ctx, pointee, sc)
		e.pointers[k] = p
	}
	return p
}

type builtinKey struct {
	bi spv.BuiltIn
	t  ir.Type
}

// builtinVar is what the global of a built-in value is made of.
type builtinVar struct {
	name string
	ptr  *spirv.PointerType
	attr ir.NamedAttr
}

// builtinVarOf returns the global of built-in bi, of type t.
func (e *env) builtinVarOf(bi spv.BuiltIn, t ir.Type) *builtinVar {
	k := builtinKey{bi, t}
	v := e.builtins[k]
	if v == nil {
		v = &builtinVar{name: "__builtin__" + bi.String() + "__", ptr: e.pointer(t, spv.StorageClassInput),
			attr: ir.NamedAttr{Name: "built_in", Value: e.ctx.StringAttr(bi.String())}}
		e.builtins[k] = v
	}
	return v
}

// address is what `spirv.mlir.addressof @g` needs of g.
type address struct {
	t   ir.Type
	ref ir.NamedAttr
}

// addressOf returns `spirv.mlir.addressof @g`.
func (e *env) addressOf(b *ir.Builder, g *ir.Operation, loc ir.Location) *ir.Value {
	a, ok := e.addresses[g]
	if !ok {
		a = address{g.Attr("type").(*ir.TypeAttr).Value,
			ir.NamedAttr{Name: "variable", Value: b.Context().SymbolRef(ir.SymbolName(g))}}
		e.addresses[g] = a
	}
	return op(b, "spirv.mlir.addressof", loc, a.t, nil, a.ref).Result(0)
}

// position returns the composite indices [i].
func (e *env) position(i int64) *ir.ArrayAttr {
	a := e.positions[i]
	if a == nil {
		a = i32Array(e.ctx, i)
		e.positions[i] = a
	}
	return a
}

// defaultArgsKey says which of a kernel's n inputs are not memrefs, which
// is all that their default spirv.interface_var_abi attributes depend on.
type defaultArgsKey struct {
	n      int
	notMem uint64
}
