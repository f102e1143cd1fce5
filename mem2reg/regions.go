package mem2reg

import (
	"slices"

	"github.com/kiln-gpu/kiln/ir"
)

// RegionOp is an op whose regions may hold loads and stores of a slot
// defined outside it (MLIR's PromotableRegionOpInterface): promotion
// threads the slot's value through it.
type RegionOp interface {
	// Promotable reports whether the slot can be promoted through op;
	// stores is set when some op nested in it stores to the slot.
	Promotable(op *ir.Operation, stores bool) bool
	// Promote processes op's regions with region(r, in), which rewrites
	// the slot's uses in r given the value on entry and returns the value
	// at the end of each block it reached. When stores is set op is
	// rebuilt to carry the value out, and Promote returns the value after
	// op; otherwise it returns in. reaching turns a nil value (none stored
	// yet) into the slot's default.
	Promote(op *ir.Operation, in *ir.Value, elem ir.Type, stores bool,
		region func(r *ir.Region, in *ir.Value) map[*ir.Block]*ir.Value, reaching func(*ir.Value) *ir.Value) *ir.Value
}

var regionOps = map[string]RegionOp{}

// RegisterRegionOp makes ops named name regions promotion goes through.
func RegisterRegionOp(name string, r RegionOp) { regionOps[name] = r }

// The SCF ops, as MLIR's SCF MemorySlot.cpp: a storing scf.if,
// scf.index_switch or scf.execute_region yields the value from every
// exit (an if gets an else branch yielding the value on entry if it has
// none), a storing scf.for carries it as a new iter_arg and a storing
// scf.while through both regions' arguments. scf.forall, scf.parallel and
// scf.reduce run their bodies in parallel, so only loads pass through
// them. affine.for is a loop as scf.for (MLIR PR 221123) and
// memref.alloca_scope a region as scf.execute_region (MLIR PR 214221).
func init() {
	RegisterRegionOp("scf.if", branches{})
	RegisterRegionOp("scf.index_switch", branches{})
	RegisterRegionOp("scf.execute_region", branches{})
	RegisterRegionOp("memref.alloca_scope", branches{})
	RegisterRegionOp("scf.for", loop{})
	RegisterRegionOp("affine.for", loop{})
	RegisterRegionOp("scf.while", loop{})
	RegisterRegionOp("scf.forall", loadsOnly{})
	RegisterRegionOp("scf.parallel", loadsOnly{})
	RegisterRegionOp("scf.reduce", loadsOnly{})
}

// exits are the terminators that leave a region op registered here for
// its parent, the ones a storing op passes the value out through.
var exits = map[string]bool{"scf.yield": true, "scf.condition": true, "affine.yield": true,
	"memref.alloca_scope.return": true}

// visit runs region on each non-empty region of op with the value in.
func visit(op *ir.Operation, in *ir.Value, region func(*ir.Region, *ir.Value) map[*ir.Block]*ir.Value) {
	for _, r := range op.Regions() {
		if !r.Empty() {
			region(r, in)
		}
	}
}

// yieldOut appends to each exit ending a block of r the value reaching the
// block's end (def when the walk did not reach it).
func yieldOut(r *ir.Region, def *ir.Value, atEnd map[*ir.Block]*ir.Value, reaching func(*ir.Value) *ir.Value) {
	for b := range r.Blocks() {
		y := b.Last()
		if y == nil || !exits[y.Name()] {
			continue
		}
		v, ok := atEnd[b]
		if !ok {
			v = def
		}
		y.SetOperands(append(y.Operands(), reaching(v)))
	}
}

type branches struct{}

func (branches) Promotable(*ir.Operation, bool) bool { return true }

func (branches) Promote(op *ir.Operation, in *ir.Value, elem ir.Type, stores bool,
	region func(*ir.Region, *ir.Value) map[*ir.Block]*ir.Value, reaching func(*ir.Value) *ir.Value) *ir.Value {
	if !stores {
		visit(op, in, region)
		return in
	}
	for _, r := range op.Regions() {
		if r.Empty() {
			// Only an scf.if's else region may be empty.
			b := ir.NewBlock(nil, nil)
			b.Append(op.Context().NewOp(&ir.OpState{Name: "scf.yield", Loc: op.Loc(),
				Operands: []*ir.Value{reaching(in)}}))
			r.Append(b)
			continue
		}
		yieldOut(r, in, region(r, in), reaching)
	}
	return rebuild(op, nil, elem)
}

// loop is a loop whose regions each begin with the loop-carried values
// (scf.for's and affine.for's one body, scf.while's before and after
// regions).
type loop struct{}

func (loop) Promotable(*ir.Operation, bool) bool { return true }

// Promote gives a storing loop one more loop-carried value: an init, an
// argument of each region, an operand of each exit (scf.yield,
// scf.condition, affine.yield), and a result.
func (loop) Promote(op *ir.Operation, in *ir.Value, elem ir.Type, stores bool,
	region func(*ir.Region, *ir.Value) map[*ir.Block]*ir.Value, reaching func(*ir.Value) *ir.Value) *ir.Value {
	if !stores {
		visit(op, in, region)
		return in
	}
	init := reaching(in)
	for _, r := range op.Regions() {
		arg := r.Entry().AddArgument(elem, op.Loc())
		yieldOut(r, arg, region(r, arg), reaching)
	}
	return rebuild(op, init, elem)
}

type loadsOnly struct{}

func (loadsOnly) Promotable(_ *ir.Operation, stores bool) bool { return !stores }

func (loadsOnly) Promote(op *ir.Operation, in *ir.Value, _ ir.Type, _ bool,
	region func(*ir.Region, *ir.Value) map[*ir.Block]*ir.Value, _ func(*ir.Value) *ir.Value) *ir.Value {
	visit(op, in, region)
	return in
}

// rebuild replaces op by a copy with one more result of type t (and, when
// extra is set, one more operand, which joins the last operand segment),
// taking over its regions, and returns the new result.
func rebuild(op *ir.Operation, extra *ir.Value, t ir.Type) *ir.Value {
	if extra != nil {
		if seg := ir.OperandSegmentSizes(op); len(seg) > 0 {
			last := len(seg) - 1
			ir.SetOperandSegment(op, last, append(slices.Clone(ir.OperandSegment(op, last)), extra))
		} else {
			op.SetOperands(append(op.Operands(), extra))
		}
	}
	st := &ir.OpState{Name: op.Name(), Loc: op.Loc(), Operands: op.Operands(),
		ResultTypes: append(op.ResultTypes(), t), Attrs: op.Attrs()}
	for _, r := range op.Regions() {
		st.AddRegion().TakeBody(r)
	}
	b := ir.NewBuilder(op.Context())
	b.SetInsertionPointBefore(op)
	n := b.Create(st)
	op.ReplaceAllUsesWith(n.Results()[:op.NumResults()])
	op.Erase()
	return n.Result(n.NumResults() - 1)
}
