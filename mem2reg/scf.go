package mem2reg

import "github.com/kiln-gpu/kiln/ir"

// RegionOp is an op whose regions may hold loads and stores of a slot
// defined outside it (MLIR's PromotableRegionOpInterface): promotion
// threads the slot's value through it.
type RegionOp interface {
	// Promote processes op's blocks with block(b, in), which rewrites the
	// slot's uses in b given the value on entry and returns the value at
	// its end. When stores is set (some nested op stores to the slot) op
	// is rebuilt to carry the value out, and Promote returns the value
	// after op; otherwise it returns in. reaching turns a nil value (none
	// stored yet) into the slot's default.
	Promote(op *ir.Operation, in *ir.Value, elem ir.Type, stores bool,
		block func(b *ir.Block, in *ir.Value) *ir.Value, reaching func(*ir.Value) *ir.Value) *ir.Value
}

var regionOps = map[string]RegionOp{}

// RegisterRegionOp makes ops named name regions promotion goes through.
func RegisterRegionOp(name string, r RegionOp) { regionOps[name] = r }

// scf.if and scf.for, as MLIR's SCF implementations: a storing if yields
// the value from both branches (an else branch is made if missing), a
// storing for loop carries it as a new iter_arg.
func init() {
	RegisterRegionOp("scf.if", ifRegion{})
	RegisterRegionOp("scf.for", forRegion{})
}

type ifRegion struct{}

func (ifRegion) Promote(op *ir.Operation, in *ir.Value, elem ir.Type, stores bool,
	block func(*ir.Block, *ir.Value) *ir.Value, reaching func(*ir.Value) *ir.Value) *ir.Value {
	if !stores {
		for _, r := range op.Regions() {
			if !r.Empty() {
				block(r.Entry(), in)
			}
		}
		return in
	}
	if op.Region(1).Empty() {
		b := ir.NewBlock(nil, nil)
		b.Append(op.Context().NewOp(&ir.OpState{Name: "scf.yield", Loc: op.Loc()}))
		op.Region(1).Append(b)
	}
	for _, r := range op.Regions() {
		out := reaching(block(r.Entry(), in))
		y := r.Entry().Last()
		y.SetOperands(append(y.Operands(), out))
	}
	return rebuild(op, nil, elem)
}

type forRegion struct{}

func (forRegion) Promote(op *ir.Operation, in *ir.Value, elem ir.Type, stores bool,
	block func(*ir.Block, *ir.Value) *ir.Value, reaching func(*ir.Value) *ir.Value) *ir.Value {
	body := op.Region(0).Entry()
	if !stores {
		block(body, in)
		return in
	}
	init := reaching(in)
	out := block(body, body.AddArgument(elem, op.Loc()))
	y := body.Last()
	y.SetOperands(append(y.Operands(), out))
	return rebuild(op, init, elem)
}

// rebuild replaces op by a copy with one more result of type t (and, when
// extra is set, one more operand), taking over its regions, and returns
// the new result.
func rebuild(op *ir.Operation, extra *ir.Value, t ir.Type) *ir.Value {
	operands := op.Operands()
	if extra != nil {
		operands = append(operands, extra)
	}
	st := &ir.OpState{Name: op.Name(), Loc: op.Loc(), Operands: operands,
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
