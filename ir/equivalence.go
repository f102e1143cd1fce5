package ir

// EquivalentOps reports whether a and b do the same thing but for the
// identity of their results, as MLIR's OperationEquivalence does: the same
// name, result types, counts of operands, regions and successors,
// properties and discardable attributes (each list in any order) and,
// unless ignoreOperands, the same operand values. Callers that need the
// regions or successors themselves compared do that on their own.
func EquivalentOps(a, b *Operation, ignoreOperands bool) bool {
	if a.Name() != b.Name() || a.NumOperands() != b.NumOperands() || a.NumResults() != b.NumResults() ||
		a.NumRegions() != b.NumRegions() || a.NumSuccessors() != b.NumSuccessors() {
		return false
	}
	if !ignoreOperands {
		for i := range a.NumOperands() {
			if a.Operand(i) != b.Operand(i) {
				return false
			}
		}
	}
	for i := range a.NumResults() {
		if a.Result(i).Type() != b.Result(i).Type() {
			return false
		}
	}
	return SameAttrs(a.Props(), b.Props()) && SameAttrs(a.DiscardableAttrs(), b.DiscardableAttrs())
}

// SameAttrs reports whether two attribute lists hold the same pairs.
func SameAttrs(a, b []NamedAttr) bool {
	if len(a) != len(b) {
		return false
	}
	for _, x := range a {
		if GetAttr(b, x.Name) != x.Value {
			return false
		}
	}
	return true
}
