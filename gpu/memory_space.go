package gpu

import "github.com/kiln-gpu/kiln/ir"

// LowerMemorySpaceAttributes is MLIR's gpu-lower-memory-space-attributes:
// it replaces every #gpu.address_space memory space in the types under
// root (results, block arguments, and types inside attributes such as a
// function's signature) with the integer space spaces gives it, as an i64
// attribute, or with no memory space for 0.
func LowerMemorySpaceAttributes(root *ir.Operation, spaces map[AddressSpace]int64) {
	ctx := root.Context()
	var lowerType func(t ir.Type) ir.Type
	space := func(a ir.Attribute) ir.Attribute {
		s, ok := a.(*AddressSpaceAttr)
		if !ok {
			return a
		}
		if n := spaces[s.Value]; n != 0 {
			return ctx.IntegerAttr(ctx.I(64), n)
		}
		return nil
	}
	lowerType = func(t ir.Type) ir.Type {
		switch t := t.(type) {
		case *ir.MemRefType:
			e, s := lowerType(t.Elem), space(t.MemorySpace)
			if e != t.Elem || s != t.MemorySpace {
				return ctx.MemRef(t.Dims, e, t.Layout, s)
			}
		case *ir.UnrankedMemRefType:
			e, s := lowerType(t.Elem), space(t.MemorySpace)
			if e != t.Elem || s != t.MemorySpace {
				return ctx.UnrankedMemRef(e, s)
			}
		case *ir.FunctionType:
			ins, insChanged := lowerTypes(t.Inputs, lowerType)
			outs, outsChanged := lowerTypes(t.Results, lowerType)
			if insChanged || outsChanged {
				return ctx.FunctionType(ins, outs)
			}
		}
		return t
	}
	var lowerAttr func(a ir.Attribute) ir.Attribute
	lowerAttr = func(a ir.Attribute) ir.Attribute {
		switch a := a.(type) {
		case *ir.TypeAttr:
			if t := lowerType(a.Value); t != a.Value {
				return ctx.TypeAttr(t)
			}
		case *ir.ArrayAttr:
			elems, changed := make([]ir.Attribute, len(a.Elems)), false
			for i, e := range a.Elems {
				elems[i] = lowerAttr(e)
				changed = changed || elems[i] != e
			}
			if changed {
				return ctx.ArrayAttr(elems...)
			}
		case *ir.DictionaryAttr:
			entries, changed := make([]ir.NamedAttr, len(a.Entries)), false
			for i, e := range a.Entries {
				entries[i] = ir.NamedAttr{Name: e.Name, Value: lowerAttr(e.Value)}
				changed = changed || entries[i].Value != e.Value
			}
			if changed {
				return ctx.DictionaryAttr(entries)
			}
		}
		return a
	}
	root.Walk(func(op *ir.Operation) bool {
		for _, r := range op.Results() {
			r.SetType(lowerType(r.Type()))
		}
		for _, reg := range op.Regions() {
			for b := range reg.Blocks() {
				for _, arg := range b.Args() {
					arg.SetType(lowerType(arg.Type()))
				}
			}
		}
		for _, na := range op.Attrs() {
			if a := lowerAttr(na.Value); a != na.Value {
				op.SetAttr(na.Name, a)
			}
		}
		return true
	})
}

// lowerTypes maps ts through f, reporting whether any type changed.
func lowerTypes(ts []ir.Type, f func(ir.Type) ir.Type) ([]ir.Type, bool) {
	out, changed := make([]ir.Type, len(ts)), false
	for i, t := range ts {
		out[i] = f(t)
		changed = changed || out[i] != t
	}
	return out, changed
}
