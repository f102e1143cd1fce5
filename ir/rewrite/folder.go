package rewrite

import "github.com/kiln-gpu/kiln/ir"

// folder folds ops and keeps the known constants, as MLIR's
// OperationFolder: one constant per (scope, dialect, value, type), placed
// at the start of the scope's entry block so that it dominates every use
// in the scope. A scope is the closest region whose parent op is isolated
// from above (or unregistered, which might be), or a region of the
// driver's root op, so constants never leave the IR being rewritten.
type folder struct {
	root   *ir.Operation
	consts map[ConstKey]*ir.Operation
	keys   map[*ir.Operation]ConstKey
}

// ConstKey identifies a uniqued constant: one per scope (ConstScope),
// dialect, value and type.
type ConstKey struct {
	Scope   *ir.Region
	Dialect *ir.Dialect
	Value   ir.Attribute
	Type    ir.Type
}

func newFolder(root *ir.Operation) *folder {
	return &folder{root: root, consts: map[ConstKey]*ir.Operation{}, keys: map[*ir.Operation]ConstKey{}}
}

func (f *folder) scopeOf(op *ir.Operation) *ir.Region {
	return ConstScope(op.ParentRegion(), f.root)
}

// ConstScope returns the region whose entry block holds the constants
// used in r: the closest region, from r outwards, whose parent op is
// isolated from above, unregistered, detached, or root (nil for none).
func ConstScope(r *ir.Region, root *ir.Operation) *ir.Region {
	for {
		p := r.ParentOp()
		if p == nil || p == root || p.Def() == nil || p.HasTrait(ir.IsolatedFromAbove) || p.ParentRegion() == nil {
			return r
		}
		r = p.ParentRegion()
	}
}

// MaterializeConstant builds value of type t through d at rw's insertion
// point, as ir.MaterializeConstant.
func MaterializeConstant(rw *ir.Rewriter, d *ir.Dialect, value ir.Attribute, t ir.Type, loc ir.Location) *ir.Operation {
	return ir.MaterializeConstant(&rw.Builder, d, value, t, loc)
}

// forget drops an op that is being erased.
func (f *folder) forget(op *ir.Operation) {
	if k, ok := f.keys[op]; ok {
		delete(f.keys, op)
		if f.consts[k] == op {
			delete(f.consts, k)
		}
	}
}

// insertKnownConstant records a ConstantLike op. It replaces the op by an
// equal constant already owned in its scope, and reports that it did; it
// hoists any other constant to the start of the scope unless it already
// follows the run of constants there, so that their order stays stable.
func (f *folder) insertKnownConstant(op *ir.Operation, rw *ir.Rewriter) (erased bool) {
	if _, ok := f.keys[op]; ok {
		return false
	}
	value := ir.ConstantAttr(op)
	if value == nil {
		return false
	}
	scope := f.scopeOf(op)
	k := ConstKey{scope, op.Def().Dialect(), value, op.Result(0).Type()}
	unknown := op.Context().UnknownLoc()
	if existing := f.consts[k]; existing != nil {
		// The kept constant stands for both now: as MLIR's folder (PR
		// 75415), it has no one source location.
		rw.ReplaceOp(op, existing.Results())
		rw.ModifyInPlace(existing, func() { existing.SetLoc(unknown) })
		return true
	}
	f.consts[k] = op
	f.keys[op] = k
	entry := scope.Entry()
	switch {
	case op.Block() != entry:
		// Hoisted out of its block, it loses its location (MLIR keeps it
		// only for a move within the block, PR 151573).
		rw.ModifyInPlace(op, func() {
			op.MoveBefore(entry.First())
			op.SetLoc(unknown)
		})
	case op.PrevOp() != nil && !f.owns(op.PrevOp()):
		rw.ModifyInPlace(op, func() { op.MoveBefore(entry.First()) })
	}
	return false
}

func (f *folder) owns(op *ir.Operation) bool {
	_, ok := f.keys[op]
	return ok
}

// tryFold folds op when its definition's folder succeeds and every result
// can be materialized, and reports whether the IR changed. The constants
// a fold makes go right before op, at op's location, as MLIR's driver
// makes them (processWorklist, which bypasses the OperationFolder since
// PR 75897): the next sweep's seed merges them with equal known constants
// or hoists them.
func tryFold(op *ir.Operation, rw *ir.Rewriter) bool {
	blk, before := rw.InsertionPoint()
	rw.SetInsertionPointBefore(op)
	vals, ok := rw.TryFold(op, nil)
	rw.RestoreInsertionPoint(blk, before)
	switch {
	case !ok:
		return false
	case len(vals) == 0:
		// Folded in place.
		rw.ModifyInPlace(op, func() {})
	default:
		rw.ReplaceOp(op, vals)
	}
	return true
}
