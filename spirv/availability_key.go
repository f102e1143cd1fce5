package spirv

import "github.com/kiln-gpu/kiln/ir"

// AvailabilityKey is what Availability reads of an op: its name, the
// attributes it looks at (enums, types, built_in) and its operand and
// result types. Attributes and types are uniqued, so ops with equal keys
// have equal requirements: a module's thousands of ops fall into a few
// dozen keys, and checks can be cached per key.
type AvailabilityKey struct {
	name        string
	attrs       [2]ir.Attribute
	types       [4]ir.Type
	nIn, nAttrs uint8
}

// AvailabilityKeyOf returns op's key, or false when op has more attributes
// or types than a key holds (such ops are checked directly).
func AvailabilityKeyOf(op *ir.Operation) (AvailabilityKey, bool) {
	k := AvailabilityKey{name: op.Name()}
	for _, list := range [2][]ir.NamedAttr{op.Props(), op.DiscardableAttrs()} {
		for _, a := range list {
			switch a.Value.(type) {
			case *EnumAttr, *ir.TypeAttr:
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
