package transforms

import (
	"slices"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/pass"
	"github.com/kiln-gpu/kiln/scf"
	"github.com/kiln-gpu/kiln/tensor"
	"github.com/kiln-gpu/kiln/vector"
)

// LoopInvariantSubsetHoistingPass is loop-invariant-subset-hoisting (MLIR's
// hoistLoopInvariantSubsets, LoopInvariantCodeMotionUtils.cpp): in each
// scf.for, innermost first, a matching pair of a subset extraction
// (tensor.extract_slice, vector.transfer_read) and insertion
// (tensor.insert_slice, vector.transfer_write on a tensor) on a loop-carried
// tensor, at the same loop-invariant subset, moves out of the loop: the
// extraction before it, the insertion after it, and the extracted value
// becomes a new loop-carried value.
func LoopInvariantSubsetHoistingPass() *pass.Pass {
	return &pass.Pass{Name: "LoopInvariantSubsetHoisting", Argument: "loop-invariant-subset-hoisting",
		Summary: "Hoist loop invariant subset ops outside of the loop",
		Run: func(op *ir.Operation, _ *pass.Context) error {
			return walkPost(op, "scf.for", func(rw *ir.Rewriter, o *ir.Operation) error {
				f := scf.For{Operation: o}
				// Hoisting adds iter_args, which may be hoisted from in turn.
				for i := 0; i < len(f.RegionIterArgs()); i++ {
					f = hoistSubsetsAt(rw, f, i)
				}
				return nil
			})
		}}
}

// subsetOp is one op of MLIR's SubsetOpInterface as Kiln has them.
type subsetOp struct {
	op *ir.Operation
	// insertion: source is the inserted value, dest the tensor inserted into;
	// an extraction reads source (dest is -1).
	insertion    bool
	source, dest int
	// sl is the slice the op accesses, when slicing reads it (slOK).
	sl   slice
	slOK bool
}

func asSubsetOp(op *ir.Operation) (subsetOp, bool) {
	var s subsetOp
	switch op.Name() {
	case "tensor.extract_slice", "vector.transfer_read":
		s = subsetOp{op: op, source: 0, dest: -1}
	case "tensor.insert_slice", "vector.transfer_write":
		s = subsetOp{op: op, insertion: true, source: 0, dest: 1}
	default:
		return subsetOp{}, false
	}
	// Read once: equivalent and disjoint compare every pair of a chain.
	s.sl, s.slOK = accessed(op)
	return s, true
}

// slice is the hyperrectangle a subset op accesses, each entry a linear
// form over index values.
type slice struct{ offsets, sizes, strides []linForm }

// accessed is MLIR's getAccessedHyperrectangularSlice for a subset op.
func accessed(op *ir.Operation) (slice, bool) {
	if x, ok := vector.TransferOf(op); ok {
		var sl slice
		for _, v := range x.Indices {
			sl.offsets = append(sl.offsets, formOf(v, 0))
		}
		// MLIR's getTransferChunkAccessed; a dim that the vector does not
		// span still reads one element.
		sizes := make([]int64, len(x.Indices))
		for i := range sizes {
			sizes[i] = 1
		}
		for i, r := range x.Map.Results {
			if r.Kind == ir.AffineDim && int(r.Value) < len(sizes) {
				sizes[r.Value] = x.VT.Dims[i]
			}
		}
		for _, n := range sizes {
			sl.sizes = append(sl.sizes, constForm(n))
			sl.strides = append(sl.strides, constForm(1))
		}
		return sl, true
	}
	static, dyn, ok := tensor.SliceLists(op)
	if !ok {
		return slice{}, false
	}
	var lists [3][]linForm
	for i := range lists {
		k := 0
		for _, n := range static[i] {
			if n != ir.Dynamic {
				lists[i] = append(lists[i], constForm(n))
				continue
			}
			if k >= len(dyn[i]) {
				return slice{}, false
			}
			lists[i] = append(lists[i], formOf(dyn[i][k], 0))
			k++
		}
	}
	return slice{lists[0], lists[1], lists[2]}, true
}

// equivalent is MLIR's operatesOnEquivalentSubset: both ops access the
// same slice (of tensors that the use-def chain makes equivalent).
func (s subsetOp) equivalent(o subsetOp) bool {
	a, b := s.sl, o.sl
	if !s.slOK || !o.slOK || len(a.offsets) != len(b.offsets) {
		return false
	}
	for i := range a.offsets {
		if !a.offsets[i].equal(b.offsets[i]) || !a.sizes[i].equal(b.sizes[i]) || !a.strides[i].equal(b.strides[i]) {
			return false
		}
	}
	return true
}

// disjoint is MLIR's operatesOnDisjointSubset: in some dimension one slice
// provably ends before the other starts.
func (s subsetOp) disjoint(o subsetOp) bool {
	a, b := s.sl, o.sl
	if !s.slOK || !o.slOK || len(a.offsets) != len(b.offsets) {
		return false
	}
	for i := range a.offsets {
		endA, okA := a.end(i)
		endB, okB := b.end(i)
		if okA && endA.sub(b.offsets[i]).atMost(0) || okB && endB.sub(a.offsets[i]).atMost(0) {
			return true
		}
	}
	return false
}

// end returns one past the last position the slice accesses in dim i.
func (sl slice) end(i int) (linForm, bool) {
	st, ok := sl.strides[i].constant()
	if ok && st == 1 {
		return sl.offsets[i].add(sl.sizes[i]), true
	}
	n, okN := sl.sizes[i].constant()
	if !ok || !okN || n < 1 {
		return linForm{}, false
	}
	return sl.offsets[i].add(constForm((n-1)*st + 1)), true
}

// subsetChains is MLIR's MatchingSubsets: the subset ops found on the
// use-def chain of a loop's iter_arg, with extractions and insertions of
// equivalent subsets paired up (a nil op of a pair is missing).
type subsetChains struct {
	extractions, insertions []*subsetOp
	all                     []subsetOp
}

func (m *subsetChains) insert(s subsetOp, hoistable bool) {
	m.all = append(m.all, s)
	if !hoistable {
		return
	}
	mine, other := &m.extractions, &m.insertions
	if s.insertion {
		mine, other = other, mine
	}
	for i, o := range *other {
		if o != nil && o.equivalent(s) {
			(*mine)[i] = &s
			return
		}
	}
	*mine = append(*mine, &s)
	*other = append(*other, nil)
}

// allDisjoint reports whether every other subset op of the chain works on
// a subset disjoint from those of the pair.
func (m *subsetChains) allDisjoint(ex, in *subsetOp) bool {
	for _, o := range m.all {
		if o.op != ex.op && o.op != in.op && (!o.disjoint(*ex) || !o.disjoint(*in)) {
			return false
		}
	}
	return true
}

// singleTerminatorUse returns the only use of v when a terminator owns it.
func singleTerminatorUse(v *ir.Value) *ir.OpOperand {
	if !v.HasOneUse() {
		return nil
	}
	for u := range v.Uses() {
		if u.Owner().HasTrait(ir.Terminator) {
			return u
		}
	}
	return nil
}

// populate is MLIR's populateSubsetOpsAtIterArg: it follows the chain from
// f's i-th iter_arg through subset ops (and loops nested in f) to the loop
// yield and fails when the value has other uses, the chain branches or it
// does not end at the tied yield operand.
func (m *subsetChains) populate(f scf.For, i int, hoistable bool) bool {
	v := f.RegionIterArgs()[i]
	var yielded *ir.OpOperand
	for yielded = singleTerminatorUse(v); yielded == nil; yielded = singleTerminatorUse(v) {
		var next *ir.Value
		for u := range v.Uses() {
			owner := u.Owner()
			if owner.HasTrait(ir.LoopLike) {
				// Subset ops of nested loops only count against hoisting.
				nested, ok := scf.AsFor(owner)
				if !ok || u.Index() < 3 || !m.populate(nested, u.Index()-3, false) {
					return false
				}
				next = owner.Result(u.Index() - 3)
				continue
			}
			s, ok := asSubsetOp(owner)
			if !ok {
				return false
			}
			m.insert(s, hoistable)
			if s.insertion {
				// A destination-style op with tensor semantics, used as its
				// destination (a source would be read whole), and the only
				// insertion: the chain does not branch.
				if owner.NumResults() != 1 || u.Index() != s.dest || next != nil {
					return false
				}
				next = owner.Result(0)
			}
		}
		if next == nil {
			return false
		}
		v = next
	}
	return yielded.Owner() == f.Yield() && yielded.Index() == i
}

// hoistSubsetsAt is MLIR's hoistSubsetAtIterArg for f's i-th iter_arg; it
// returns the loop that replaced f, or f.
func hoistSubsetsAt(rw *ir.Rewriter, f scf.For, i int) scf.For {
	var m subsetChains
	if !m.populate(f, i, true) {
		return f
	}
	for k, pex := range m.extractions {
		pin := m.insertions[k]
		// Standalone loop-invariant extractions or insertions stay, as in MLIR.
		if pex == nil || pin == nil {
			continue
		}
		ex, in := pex.op, pin.op
		if ex.Result(0).Type() != in.Operand(pin.source).Type() || !m.allDisjoint(pex, pin) ||
			!invariantBut(f, ex, pex.source) || !invariantBut(f, in, pin.source, pin.dest) {
			continue
		}
		f = withExtraIterArg(rw, f, ex.Result(0), in.OpOperand(pin.source))
		loopResult := f.Result(i)
		newResult := f.Result(f.NumResults() - 1)
		ex.MoveBefore(f.Operation)
		in.MoveAfter(f.Operation)
		in.Result(0).ReplaceAllUsesWith(in.Operand(pin.dest))
		ex.SetOperand(pex.source, f.Inits()[i])
		loopResult.ReplaceUsesIf(in.Result(0), func(u *ir.OpOperand) bool { return u.Owner() != in })
		in.SetOperand(pin.source, newResult)
		in.SetOperand(pin.dest, loopResult)
	}
	return f
}

// invariantBut reports whether op uses only values defined outside f but
// for its operands at the given indices (MLIR's canBeHoisted).
func invariantBut(f scf.For, op *ir.Operation, skip ...int) bool {
	for k, v := range op.Operands() {
		if slices.Contains(skip, k) {
			continue
		}
		if r := v.ParentRegion(); r != nil && f.IsAncestorOf(r.ParentOp()) {
			return false
		}
	}
	return true
}

// withExtraIterArg replaces f with a loop that also carries init: its uses
// in the loop read the new iter_arg, and the loop yields in's source
// operand for it, read once init is replaced (MLIR's
// replaceWithAdditionalYields with replaceInitOperandUsesInLoop).
func withExtraIterArg(rw *ir.Rewriter, f scf.For, init *ir.Value, yielded *ir.OpOperand) scf.For {
	iter := f.RegionIterArgs()
	resTypes := append(types(iter), init.Type())
	rw.SetInsertionPointBefore(f.Operation)
	st := &ir.OpState{Name: "scf.for", Loc: f.Loc(), ResultTypes: resTypes, Attrs: f.Attrs()}
	st.Operands = append(append([]*ir.Value{f.LowerBound(), f.UpperBound(), f.Step()}, f.Inits()...), init)
	nb := ir.NewBlock(append([]ir.Type{f.InductionVar().Type()}, resTypes...), nil)
	st.AddRegion().Append(nb)
	n := scf.For{Operation: rw.Create(st)}
	rw.MergeBlocks(f.Body(), nb, nb.Args()[:len(nb.Args())-1])
	arg := nb.Arg(nb.NumArgs() - 1)
	init.ReplaceUsesIf(arg, func(u *ir.OpOperand) bool { return n.IsAncestorOf(u.Owner()) && u.Owner() != n.Operation })
	y := n.Yield()
	rw.ModifyInPlace(y, func() { y.SetOperands(append(y.Operands(), yielded.Get())) })
	rw.ReplaceOp(f.Operation, n.Results()[:len(iter)])
	return n
}

// linForm is an index value as a linear form: c plus the sum of coeffs
// times opaque values, read through arith constants, addi, subi and muli
// by a constant (a small part of MLIR's ValueBoundsConstraintSet).
type linForm struct {
	c      int64
	coeffs map[*ir.Value]int64
}

func constForm(c int64) linForm { return linForm{c: c} }

// formOf reads v as a linear form, at most a few ops deep.
func formOf(v *ir.Value, depth int) linForm {
	if c, ok := ir.ConstantIntAttr(v); ok {
		return constForm(c.Int())
	}
	opaque := linForm{coeffs: map[*ir.Value]int64{v: 1}}
	d := v.DefiningOp()
	if d == nil || depth > 8 || !slices.Contains([]string{"arith.addi", "arith.subi", "arith.muli"}, d.Name()) {
		return opaque
	}
	a, b := formOf(d.Operand(0), depth+1), formOf(d.Operand(1), depth+1)
	switch d.Name() {
	case "arith.addi":
		return a.add(b)
	case "arith.subi":
		return a.sub(b)
	case "arith.muli":
		if c, ok := b.constant(); ok {
			return a.scale(c)
		}
		if c, ok := a.constant(); ok {
			return b.scale(c)
		}
	}
	return opaque
}

func (f linForm) constant() (int64, bool) { return f.c, len(f.coeffs) == 0 }

func (f linForm) scale(k int64) linForm {
	out := linForm{c: f.c * k, coeffs: map[*ir.Value]int64{}}
	for v, c := range f.coeffs {
		if c*k != 0 {
			out.coeffs[v] = c * k
		}
	}
	return out
}

func (f linForm) add(g linForm) linForm {
	out := f.scale(1)
	out.c += g.c
	for v, c := range g.coeffs {
		if out.coeffs[v] += c; out.coeffs[v] == 0 {
			delete(out.coeffs, v)
		}
	}
	return out
}

func (f linForm) sub(g linForm) linForm { return f.add(g.scale(-1)) }

func (f linForm) equal(g linForm) bool {
	d, ok := f.sub(g).constant()
	return ok && d == 0
}

func (f linForm) atMost(k int64) bool {
	c, ok := f.constant()
	return ok && c <= k
}
