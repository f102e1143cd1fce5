package ir

// ValueNamer names values as the printer does when it prints top: %name
// or %N, with #i for one result of a group (MLIR's Value::printAsOperand,
// whose AsmState numbers the outermost op).
type ValueNamer struct {
	p      Printer
	states map[*Operation]*nameState // top's and each isolated op's
}

// NewValueNamer numbers the values under top.
func NewValueNamer(top *Operation) *ValueNamer {
	n := &ValueNamer{states: map[*Operation]*nameState{}}
	root := newNameState()
	root.numberOp(top)
	n.states[top] = root
	var visit func(s *nameState, op *Operation)
	visit = func(s *nameState, op *Operation) {
		for _, r := range op.regs() {
			for b := r.first; b != nil; b = b.next {
				for o := b.first; o != nil; o = o.next {
					if isolatedWithRegions(o) && s.deferred[r] != nil {
						child := s.numberIsolated(o, nil)
						n.states[o] = child
						visit(child, o)
					} else {
						visit(s, o)
					}
				}
			}
		}
	}
	visit(root, top)
	return n
}

// Name returns v's name, "<<UNKNOWN SSA VALUE>>" for a value not under
// the top op.
func (n *ValueNamer) Name(v *Value) string {
	var scope *Operation
	if o := v.DefiningOp(); o != nil {
		scope = o.ParentOp()
	} else if b := v.OwnerBlock(); b != nil {
		scope = b.ParentOp()
	}
	for scope != nil && n.states[scope] == nil {
		scope = scope.ParentOp()
	}
	n.p.buf = n.p.buf[:0]
	n.p.names = n.states[scope]
	if n.p.names == nil {
		// A result of the top op itself.
		n.p.names = n.states[v.DefiningOp()]
	}
	if n.p.names == nil {
		return "<<UNKNOWN SSA VALUE>>"
	}
	n.p.valueName(v)
	return string(n.p.buf)
}
