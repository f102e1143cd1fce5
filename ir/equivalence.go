package ir

// EquivalentOps reports whether a and b do the same thing but for the
// identity of their results, as MLIR's OperationEquivalence does: the same
// name, result types, counts of operands, regions and successors,
// properties and discardable attributes (each list in any order) and,
// unless ignoreOperands, the same operand values. EquivalentTrees compares
// regions and successors too.
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

// EquivalentTrees reports whether a and b are equivalent as MLIR's
// OperationEquivalence::isEquivalentTo (locations ignored): EquivalentOps,
// the same operands (those of a commutative op in any order, here and in
// its regions) and equivalent regions (EquivalentRegions), inside which
// values a's regions define stand for those b's define at the same places.
func EquivalentTrees(a, b *Operation) bool {
	return valueEquivalence{vals: map[*Value]*Value{}, commutative: true}.ops(a, b)
}

// EquivalentRegions reports whether a and b are equivalent as MLIR's
// OperationEquivalence::isRegionEquivalentTo (locations ignored): block by
// block, the same argument types and, op by op, the comparison of
// EquivalentTrees with the successors at the same places. A value stands
// for its counterpart from its definition on, as in MLIR: a use that
// precedes its definition in block order matches only itself. Unless
// commutative, a commutative op's operands compare in order (MLIR's
// IgnoreCommutativity).
func EquivalentRegions(a, b *Region, commutative bool) bool {
	return valueEquivalence{vals: map[*Value]*Value{}, commutative: commutative}.regions(a, b)
}

// valueEquivalence pairs the values of compared regions, a's with b's, as
// MLIR's ValueEquivalenceCache, and says whether commutative ops may match
// with their operands permuted.
type valueEquivalence struct {
	vals        map[*Value]*Value
	commutative bool
}

// same reports whether v (of a) matches w (of b): the same value, or paired.
func (m valueEquivalence) same(v, w *Value) bool { return v == w || m.vals[v] == w }

func (m valueEquivalence) ops(a, b *Operation) bool {
	if a == b {
		return true
	}
	if !EquivalentOps(a, b, true) {
		return false
	}
	if m.commutative && a.HasTrait(Commutative) {
		if !m.sameMultiset(a.Operands(), b.Operands()) {
			return false
		}
	} else {
		for i, v := range a.Operands() {
			if !m.same(v, b.Operand(i)) {
				return false
			}
		}
	}
	for i, r := range a.Results() {
		m.vals[r] = b.Result(i)
	}
	for i := range a.NumRegions() {
		if !m.regions(a.Region(i), b.Region(i)) {
			return false
		}
	}
	return true
}

func (m valueEquivalence) sameMultiset(as, bs []*Value) bool {
	i := 0
	for i < len(as) && m.same(as[i], bs[i]) {
		i++
	}
	count := map[*Value]int{}
	for _, v := range as[i:] {
		if w, ok := m.vals[v]; ok {
			v = w
		}
		count[v]++
	}
	for _, w := range bs[i:] {
		if count[w] == 0 {
			return false
		}
		count[w]--
	}
	return true
}

func (m valueEquivalence) regions(a, b *Region) bool {
	la, lb := a.BlockList(), b.BlockList()
	if len(la) != len(lb) {
		return false
	}
	blocks := map[*Block]*Block{}
	// pair maps x to y unless x already stands for another block.
	pair := func(x, y *Block) bool {
		if z, ok := blocks[x]; ok {
			return z == y
		}
		blocks[x] = y
		return true
	}
	for i, x := range la {
		y := lb[i]
		if x.NumArgs() != y.NumArgs() || !pair(x, y) {
			return false
		}
		for j, arg := range x.Args() {
			if arg.Type() != y.Arg(j).Type() {
				return false
			}
			m.vals[arg] = y.Arg(j)
		}
		ox, oy := x.OpList(), y.OpList()
		if len(ox) != len(oy) {
			return false
		}
		for k, o := range ox {
			p := oy[k]
			if !m.ops(o, p) {
				return false
			}
			for n, s := range o.Successors() {
				if !pair(s, p.Successors()[n]) {
					return false
				}
			}
		}
	}
	return true
}
