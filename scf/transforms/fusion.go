package transforms

import (
	"slices"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/pass"
	"github.com/kiln-gpu/kiln/memref"
	"github.com/kiln-gpu/kiln/scf"
	"github.com/kiln-gpu/kiln/vector"
)

// ParallelLoopFusionPass is scf-parallel-loop-fusion: in every block, each
// scf.parallel is fused into the next one when only memory-effect-free ops
// without regions lie between them, they have the same iteration space, no
// scf.parallel nested, no use of the first's results before the second's
// end, and every location one loop reads that the other writes is written
// by the same iteration (MLIR's naivelyFuseParallelOps).
func ParallelLoopFusionPass() *pass.Pass {
	return &pass.Pass{Name: "SCFParallelLoopFusion", Argument: "scf-parallel-loop-fusion",
		Summary: "Fuse adjacent parallel loops",
		Run: func(op *ir.Operation, _ *pass.Context) error {
			var regions []*ir.Region
			op.Walk(func(o *ir.Operation) bool {
				regions = append(regions, o.Regions()...)
				return true
			})
			for _, r := range regions {
				FuseParallelLoops(r)
			}
			return nil
		}}
}

// FuseParallelLoops fuses the adjacent scf.parallel ops of each block of r
// where that is legal, the first into the second.
func FuseParallelLoops(r *ir.Region) {
	for _, b := range r.BlockList() {
		chains := [][]*ir.Operation{nil}
		effectFree := true
		for op := range b.Ops() {
			if op.Name() == "scf.parallel" {
				if !effectFree {
					chains = append(chains, nil)
					effectFree = true
				}
				chains[len(chains)-1] = append(chains[len(chains)-1], op)
				continue
			}
			effectFree = effectFree && ir.IsPure(op) && op.NumRegions() == 0
		}
		for _, loops := range chains {
			for i := 0; i+1 < len(loops); i++ {
				loops[i+1] = fuseIfLegal(loops[i], loops[i+1])
			}
		}
	}
}

// fuseIfLegal fuses first into second and returns the fused loop, or
// second when fusing is not legal.
func fuseIfLegal(first, second *ir.Operation) *ir.Operation {
	p1, p2 := scf.Parallel{Operation: first}, scf.Parallel{Operation: second}
	if hasNestedParallel(p1) || hasNestedParallel(p2) || !sameIterationSpace(p1, p2) || !resultsUsedAfter(first, second) {
		return second
	}
	acc1, ok1 := accesses(p1)
	acc2, ok2 := accesses(p2)
	if !ok1 || !ok2 {
		return second
	}
	firstToSecond := map[*ir.Value]*ir.Value{}
	secondToFirst := map[*ir.Value]*ir.Value{}
	for i, a := range p1.Body().Args() {
		firstToSecond[a] = p2.Body().Arg(i)
		secondToFirst[p2.Body().Arg(i)] = a
	}
	if !noUncoveredReads(acc1, acc2, firstToSecond) || !noUncoveredReads(acc2, acc1, secondToFirst) {
		return second
	}
	return fuse(p1, p2)
}

func hasNestedParallel(p scf.Parallel) bool {
	found := false
	p.Body().Parent().Walk(func(o *ir.Operation) bool {
		found = found || o.Name() == "scf.parallel"
		return !found
	})
	return found
}

// sameIterationSpace reports whether both loops have the very same bound
// and step values, compared the same way.
func sameIterationSpace(a, b scf.Parallel) bool {
	return slices.Equal(a.LowerBounds(), b.LowerBounds()) && slices.Equal(a.UpperBounds(), b.UpperBounds()) &&
		slices.Equal(a.Steps(), b.Steps()) && a.IsUnsigned() == b.IsUnsigned()
}

// resultsUsedAfter reports whether every user of first's results comes
// after second in their block (MLIR: second properly dominates the user,
// not enclosing it).
func resultsUsedAfter(first, second *ir.Operation) bool {
	for _, r := range first.Results() {
		for u := range r.Users() {
			anc := u
			for anc != nil && anc.Block() != second.Block() {
				anc = anc.ParentOp()
			}
			if anc == nil || anc == second || !second.IsBeforeInBlock(anc) {
				return false
			}
		}
	}
	return true
}

// index is one subscript of an access: a constant or a value.
type index struct {
	val   *ir.Value
	c     int64
	konst bool
}

// access is a read or write of a memref in a loop body: per dimension of
// base, the first index and the extent.
type access struct {
	base   *ir.Value
	idx    []index
	ext    []int64
	write  bool
	masked bool
}

// accesses returns the memory accesses nested in the loop's body, each
// through full views resolved to the viewed memref, and whether every op
// with memory effects there is one the analysis knows. An induction
// variable of a single-iteration dimension counts as its constant lower
// bound.
func accesses(p scf.Parallel) ([]access, bool) {
	single := singleIterationValues(p)
	var out []access
	ok := true
	p.Body().Parent().Walk(func(o *ir.Operation) bool {
		a, isAccess, known := accessOf(o, single)
		switch {
		case !known:
			ok = false
		case isAccess:
			if d := a.base.DefiningOp(); d != nil && p.IsAncestorOf(d) {
				// A view made in the body that is not a full view.
				ok = false
			}
			out = append(out, a)
		}
		return ok
	})
	return out, ok
}

// singleIterationValues maps the induction variables of dimensions with
// constant bounds and one iteration to their lower bound.
func singleIterationValues(p scf.Parallel) map[*ir.Value]int64 {
	out := map[*ir.Value]int64{}
	lbs, ubs, steps := p.LowerBounds(), p.UpperBounds(), p.Steps()
	for i, iv := range p.Body().Args() {
		lb, ok1 := ir.ConstantIntAttr(lbs[i])
		ub, ok2 := ir.ConstantIntAttr(ubs[i])
		st, ok3 := ir.ConstantIntAttr(steps[i])
		if ok1 && ok2 && ok3 && ub.Int() > lb.Int() && ub.Int()-lb.Int() <= st.Int() {
			out[iv] = lb.Int()
		}
	}
	return out
}

// accessOf describes o's memory access; known is false for an op with
// memory effects of its own the analysis does not model.
func accessOf(o *ir.Operation, single map[*ir.Value]int64) (a access, isAccess, known bool) {
	var base *ir.Value
	var idx []*ir.Value
	var vec *ir.VectorType
	var perm *ir.AffineMap
	switch o.Name() {
	case "memref.load":
		base, idx = o.Operand(0), o.Operands()[1:]
	case "memref.store":
		base, idx, a.write = o.Operand(1), o.Operands()[2:], true
	case "vector.load":
		base, idx = o.Operand(0), o.Operands()[1:]
		vec, _ = o.Result(0).Type().(*ir.VectorType)
	case "vector.store":
		base, idx, a.write = o.Operand(1), o.Operands()[2:], true
		vec, _ = o.Operand(0).Type().(*ir.VectorType)
	case "vector.transfer_read":
		t := vector.TransferRead{Operation: o}
		base, idx, perm, a.masked = t.Base(), t.Indices(), t.PermutationMap(), t.Mask() != nil
		vec, _ = o.Result(0).Type().(*ir.VectorType)
	case "vector.transfer_write":
		t := vector.TransferWrite{Operation: o}
		base, idx, perm, a.masked, a.write = t.Base(), t.Indices(), t.PermutationMap(), t.Mask() != nil, true
		vec, _ = t.Value().Type().(*ir.VectorType)
	default:
		return a, false, o.HasTrait(ir.Pure) || o.HasTrait(ir.RecursiveEffects)
	}
	mt, isMemref := base.Type().(*ir.MemRefType)
	if !isMemref {
		// Transfers on tensors touch no memory.
		return a, false, perm != nil
	}
	if len(idx) != len(mt.Dims) || (o.Name() != "memref.load" && o.Name() != "memref.store" && vec == nil) {
		return a, false, false
	}
	a.idx = make([]index, len(idx))
	for i, v := range idx {
		a.idx[i] = indexOf(v, single)
	}
	a.ext = slices.Repeat([]int64{1}, len(idx))
	switch {
	case perm != nil && len(perm.Results) > 0:
		if len(perm.Results) != len(vec.Dims) {
			return a, false, false
		}
		for i, e := range perm.Results {
			if e.Kind == ir.AffineDim {
				a.ext[e.Value] = vec.Dims[i]
			}
		}
	case vec != nil:
		// Vector loads and stores and minor identity transfers cover the
		// trailing dimensions.
		if len(vec.Dims) > len(idx) {
			return a, false, false
		}
		copy(a.ext[len(idx)-len(vec.Dims):], vec.Dims)
	}
	a.base = base
	return resolveFullViews(a), true, true
}

func indexOf(v *ir.Value, single map[*ir.Value]int64) index {
	if c, ok := ir.ConstantIntAttr(v); ok {
		return index{c: c.Int(), konst: true}
	}
	if c, ok := single[v]; ok {
		return index{c: c, konst: true}
	}
	return index{val: v}
}

// resolveFullViews rewrites an access through memref.subview ops whose
// sizes are their source's whole shape with unit strides (rank-reducing
// ones included) as an access of the source: a dropped dimension gets
// index 0, the offsets being 0 in bounds.
func resolveFullViews(a access) access {
	for {
		d := a.base.DefiningOp()
		if d == nil || d.Name() != "memref.subview" {
			return a
		}
		_, sizes, strides, dropped, ok := memref.SubViewParts(d)
		src, _ := d.Operand(0).Type().(*ir.MemRefType)
		if !ok || src == nil {
			return a
		}
		for i := range sizes {
			if sizes[i].Value != nil || sizes[i].Static != src.Dims[i] || strides[i].Value != nil || strides[i].Static != 1 {
				return a
			}
		}
		var idx []index
		var ext []int64
		k := 0
		for i := range src.Dims {
			if dropped[i] {
				idx, ext = append(idx, index{konst: true}), append(ext, 1)
				continue
			}
			if k >= len(a.idx) {
				return a
			}
			idx, ext = append(idx, a.idx[k]), append(ext, a.ext[k])
			k++
		}
		a.base, a.idx, a.ext = d.Operand(0), idx, ext
	}
}

// noUncoveredReads reports whether every location the reads of readers
// touch that writers' writes may touch is written, in the same
// iteration, by each of those writes. m maps the writers' loop's values
// to the readers' (induction variables first).
func noUncoveredReads(writers, readers []access, m map[*ir.Value]*ir.Value) bool {
	for _, w := range writers {
		if !w.write {
			continue
		}
		for _, r := range readers {
			if r.write {
				continue
			}
			if w.base != r.base {
				if memref.MayAlias(w.base, r.base) {
					return false
				}
				continue
			}
			if !covers(w, r, m) {
				return false
			}
		}
	}
	return true
}

// covers reports whether write w touches every location read r does.
func covers(w, r access, m map[*ir.Value]*ir.Value) bool {
	mt := w.base.Type().(*ir.MemRefType)
	if w.masked || len(w.idx) != len(r.idx) {
		return false
	}
	for d := range w.idx {
		wi, ri := w.idx[d], r.idx[d]
		switch {
		case wi.konst && ri.konst:
			if ri.c < wi.c || ri.c+r.ext[d] > wi.c+w.ext[d] {
				return false
			}
		case wi.konst && wi.c == 0 && w.ext[d] == mt.Dims[d] && mt.Dims[d] != ir.Dynamic:
			// The write spans the whole dimension.
		case !wi.konst && !ri.konst && sameValue(wi.val, ri.val, m, 4) && r.ext[d] <= w.ext[d]:
		default:
			return false
		}
	}
	return true
}

// sameValue reports whether a, in the writers' loop, computes what b does
// in the readers' loop: the value m maps it to, or the result of an
// equivalent pure op on such values (MLIR's OperationEquivalence check).
func sameValue(a, b *ir.Value, m map[*ir.Value]*ir.Value, depth int) bool {
	if mapped, ok := m[a]; ok {
		a = mapped
	}
	if a == b {
		return true
	}
	da, db := a.DefiningOp(), b.DefiningOp()
	if depth == 0 || da == nil || db == nil || a.Index() != b.Index() || !ir.IsPure(da) || !ir.IsPure(db) ||
		da.NumRegions() > 0 || !ir.EquivalentOps(da, db, true) {
		return false
	}
	for i := range da.NumOperands() {
		if !sameValue(da.Operand(i), db.Operand(i), m, depth-1) {
			return false
		}
	}
	return true
}

// fuse builds, where second is, a loop over their iteration space whose
// body runs first's body then second's, reducing both loops' values, and
// replaces both loops with it.
func fuse(p1, p2 scf.Parallel) *ir.Operation {
	ctx := p2.Context()
	loc := p2.Loc()
	n := len(p2.LowerBounds())
	inits := append(slices.Clone(p1.Inits()), p2.Inits()...)
	st := &ir.OpState{Name: "scf.parallel", Loc: loc,
		Operands:    slices.Concat(p2.LowerBounds(), p2.UpperBounds(), p2.Steps(), inits),
		ResultTypes: types(inits)}
	st.AddAttr("operandSegmentSizes", ctx.DenseI32Array(int64(n), int64(n), int64(n), int64(len(inits))))
	if p2.IsUnsigned() {
		st.AddAttr("unsignedCmp", ctx.UnitAttr())
	}
	body := ir.NewBlock(p2.Body().ArgTypes(), slices.Repeat([]ir.Location{loc}, n))
	st.AddRegion().Append(body)
	b := ir.NewBuilder(ctx)
	b.SetInsertionPointBefore(p2.Operation)
	fused := b.Create(st)

	red1, red2 := p1.Reduce(), p2.Reduce()
	for _, p := range []scf.Parallel{p1, p2} {
		for i, a := range p.Body().Args() {
			a.ReplaceAllUsesWith(body.Arg(i))
		}
		for _, o := range p.Body().OpList() {
			if o != p.Reduce() {
				body.Append(o)
			}
		}
	}
	rst := &ir.OpState{Name: "scf.reduce", Loc: red2.Loc(), Operands: append(red1.Operands(), red2.Operands()...)}
	for _, r := range append(red1.Regions(), red2.Regions()...) {
		rst.AddRegion().TakeBody(r)
	}
	b.SetInsertionPointToEnd(body)
	b.Create(rst)

	res := fused.Results()
	p1.ReplaceAllUsesWith(res[:len(p1.Inits())])
	p2.ReplaceAllUsesWith(res[len(p1.Inits()):])
	p1.Erase()
	p2.Erase()
	return fused
}
