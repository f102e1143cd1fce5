package pass

import (
	"github.com/kiln-gpu/kiln/ir"
)

// SymbolDCE returns the symbol-dce pass: it erases the symbols of the op's
// symbol table and of the symbol tables nested in it that nothing live
// refers to, as MLIR's SymbolDCE. Public symbols and ops that are not
// symbols are live; nested symbols are live too unless their table is
// hidden from the IR above it (the top-level op, a table that is not a
// symbol, a private table, or one inside a hidden table); a symbol referred
// to (through any SymbolRefAttr) from a live op is live.
func SymbolDCE() *Pass {
	return &Pass{
		Name:       "SymbolDCE",
		Argument:   "symbol-dce",
		Summary:    "Eliminate dead symbols",
		Statistics: []Statistic{{Name: "num-dce'd", Desc: "Number of symbols DCE'd"}},
		Run: func(op *ir.Operation, pc *Context) error {
			if !op.HasTrait(ir.SymbolTable) {
				return op.Errorf("was scheduled to run under SymbolDCE, but does not define a symbol table")
			}
			live := map[*ir.Operation]bool{}
			hidden := op.ParentOp() == nil || !ir.IsNamedSymbol(op) || ir.Visibility(op) == "private"
			if err := liveness(op, hidden, live); err != nil {
				return err
			}
			op.Walk(func(t *ir.Operation) bool {
				if t.HasTrait(ir.SymbolTable) && t.NumRegions() > 0 {
					for b := range t.Region(0).Blocks() {
						for s := range b.Ops() {
							if ir.IsNamedSymbol(s) && !live[s] && !s.HasResultUses() {
								s.Erase()
								pc.AddStatistic("num-dce'd", 1)
							}
						}
					}
				}
				return true
			})
			return nil
		},
	}
}

// liveness marks the live symbols of table and of the symbol tables nested
// in live ops. In a hidden table only public symbols are live by
// themselves; in one the IR above may see, nested symbols too.
func liveness(table *ir.Operation, hidden bool, live map[*ir.Operation]bool) error {
	var work []*ir.Operation
	if table.NumRegions() > 0 {
		for b := range table.Region(0).Blocks() {
			for op := range b.Ops() {
				if !ir.IsNamedSymbol(op) {
					work = append(work, op)
				} else if vis := ir.Visibility(op); (vis == "public" || !hidden && vis != "private") && !live[op] {
					live[op] = true
					work = append(work, op)
				}
			}
		}
	}
	for len(work) > 0 {
		op := work[len(work)-1]
		work = work[:len(work)-1]
		if op.HasTrait(ir.SymbolTable) {
			nestedHidden := hidden || !ir.IsNamedSymbol(op) || ir.Visibility(op) == "private"
			if err := liveness(op, nestedHidden, live); err != nil {
				return err
			}
		}
		err := symbolUses(op, func(ref *ir.SymbolRefAttr) {
			for _, s := range ir.SymbolRefChain(op.ParentOp(), ref) {
				if !live[s] {
					live[s] = true
					work = append(work, s)
				}
			}
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// symbolUses calls fn for the symbol references in op's attributes and in
// the ops nested in it, without entering nested symbol tables, which
// resolve their own references. An unregistered op with regions might be a
// symbol table: then uses cannot be known and it fails, as MLIR does.
func symbolUses(op *ir.Operation, fn func(*ir.SymbolRefAttr)) error {
	var err error
	op.WalkPre(func(o *ir.Operation) (bool, bool) {
		if o.NumRegions() > 0 && !o.IsRegistered() {
			// MLIR's wording, typo included: tests match it.
			err = ir.Errorf(o.Loc(), "operation contains potentially unknown symbol table, meaning that we can't reliable compute symbol uses")
			return false, false
		}
		for _, a := range o.Attrs() {
			ir.WalkSymbolRefs(a.Value, fn)
		}
		return !o.HasTrait(ir.SymbolTable), true
	})
	return err
}
