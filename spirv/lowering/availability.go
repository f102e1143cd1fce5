package lowering

import (
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/spirv"
)

// availKey is what spirv.Availability reads of an op: its name, the
// attributes it looks at (enums, types, built_in) and its operand and
// result types. Attributes and types are uniqued, so equal keys mean equal
// requirements, and a kernel's thousands of ops share a few dozen checks.
type availKey struct {
	name        string
	attrs       [2]ir.Attribute
	types       [4]ir.Type
	nIn, nAttrs uint8
}

// availKeyOf returns op's key, or false when op has more attributes or
// types than a key holds (it is then checked directly).
func availKeyOf(op *ir.Operation) (availKey, bool) {
	k := availKey{name: op.Name()}
	for _, list := range [2][]ir.NamedAttr{op.Props(), op.DiscardableAttrs()} {
		for _, a := range list {
			switch a.Value.(type) {
			case *spirv.EnumAttr, *ir.TypeAttr:
			case *ir.StringAttr:
				if a.Name != "built_in" {
					continue
				}
			default:
				continue
			}
			if int(k.nAttrs) == len(k.attrs) {
				return k, false
			}
			k.attrs[k.nAttrs] = a.Value
			k.nAttrs++
		}
	}
	n, nr := op.NumOperands(), op.NumResults()
	if n+nr > len(k.types) {
		return k, false
	}
	for i := range n {
		k.types[i] = op.Operand(i).Type()
	}
	for i := range nr {
		k.types[n+i] = op.Result(i).Type()
	}
	k.nIn = uint8(n)
	return k, true
}

// available checks op against the target, remembering the answer per key.
func (e *env) available(op *ir.Operation) error {
	k, ok := availKeyOf(op)
	if ok {
		if err, seen := e.availability[k]; seen {
			return err
		}
	}
	err := spirv.Availability(op).Check(e.target.Version(), e.target.Capabilities(), e.target.Extensions())
	if ok {
		e.availability[k] = err
	}
	return err
}
