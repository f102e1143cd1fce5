package analysis

import (
	"github.com/kiln-gpu/kiln/affine"
	"github.com/kiln-gpu/kiln/ir"
)

// Access is MLIR's MemRefAccess: an affine load or store (or their vector
// forms) with its memref, map and index operands.
type Access struct {
	Op      *ir.Operation
	MemRef  *ir.Value
	Map     *ir.AffineMap
	Indices []*ir.Value
	Write   bool
}

// AccessOf returns the access op makes, if it is an affine read or write
// (MLIR's AffineReadOpInterface and AffineWriteOpInterface).
func AccessOf(op *ir.Operation) (Access, bool) {
	at := 0
	switch op.Name() {
	case "affine.load", "affine.vector_load":
	case "affine.store", "affine.vector_store":
		at = 1
	default:
		return Access{}, false
	}
	m := affine.MapOf(op, "map")
	if m == nil || op.NumOperands() <= at {
		return Access{}, false
	}
	return Access{Op: op, MemRef: op.Operand(at), Map: m, Indices: op.Operands()[at+1:], Write: at == 1}, true
}

// Result is the outcome of a dependence check.
type Result uint8

const (
	// NoDependence: the accesses never touch the same element in the
	// order asked for.
	NoDependence Result = iota
	// HasDependence: they may.
	HasDependence
	// Failure: the accesses could not be analysed (treat as dependent).
	Failure
)

func isLoop(op *ir.Operation) bool {
	return op.Name() == "affine.for" || op.Name() == "affine.parallel"
}

// analysisScope is MLIR's getAffineAnalysisScope: the region of the
// closest op around op that starts an affine scope (func.func and the
// like), nil when there is none.
func analysisScope(op *ir.Operation) *ir.Region {
	for cur := op; cur.ParentOp() != nil; cur = cur.ParentOp() {
		if cur.ParentOp().HasTrait(ir.AffineScope) {
			return cur.ParentRegion()
		}
	}
	return nil
}

// enclosing returns the affine.for, affine.parallel and affine.if ops
// around op inside its affine scope, outermost first (MLIR's
// getEnclosingAffineOps).
func enclosing(op *ir.Operation) []*ir.Operation {
	var ops []*ir.Operation
	for p := op.ParentOp(); p != nil && !p.HasTrait(ir.AffineScope); p = p.ParentOp() {
		if isLoop(p) || p.Name() == "affine.if" {
			ops = append([]*ir.Operation{p}, ops...)
		}
	}
	return ops
}

// ivs returns the induction variables of the loops among ops, in order.
func ivs(ops []*ir.Operation) []*ir.Value {
	var out []*ir.Value
	for _, l := range ops {
		switch l.Name() {
		case "affine.for":
			out = append(out, l.Region(0).Entry().Arg(0))
		case "affine.parallel":
			out = append(out, l.Region(0).Entry().Args()...)
		}
	}
	return out
}

// NestingDepth is MLIR's getNestingDepth: how many loop induction
// variables surround op in its affine scope (an affine.parallel counts
// each of its).
func NestingDepth(op *ir.Operation) int { return len(ivs(enclosing(op))) }

// CommonLoops is MLIR's getNumCommonSurroundingLoops within the analysis
// scope: how many loop induction variables surround both a and b.
func CommonLoops(a, b *ir.Operation) int {
	ia, ib := ivs(enclosing(a)), ivs(enclosing(b))
	n := 0
	for n < len(ia) && n < len(ib) && ia[n] == ib[n] {
		n++
	}
	return n
}

// SameScope reports whether a and b lie in the same affine analysis scope.
func SameScope(a, b *ir.Operation) bool { return analysisScope(a) == analysisScope(b) }

// side flattens the values of one access: the induction variables of its
// loops are its own dims; any other value is a symbol shared by both
// sides, which must be defined outside every loop of both sides (else it
// may differ between iterations, and the check fails).
type side struct {
	b     builder
	dims  map[*ir.Value]int
	syms  map[*ir.Value]int
	loops []*ir.Operation
}

func (s *side) col(v *ir.Value) (int, bool) {
	if j, ok := s.dims[v]; ok {
		return j, true
	}
	if j, ok := s.syms[v]; ok {
		return j, true
	}
	def := v.DefiningOp()
	if def == nil {
		if b := v.OwnerBlock(); b != nil {
			def = b.ParentOp()
		}
	}
	for _, l := range s.loops {
		if def == nil || l.IsAncestorOf(def) {
			return 0, false
		}
	}
	j := s.b.cs.AppendVar(Symbol, v)
	s.syms[v] = j
	return j, true
}

// domain adds the constraints of the loops and ifs in ops (MLIR's
// getIndexSet): each loop's bounds, its step when its lower bound is a
// constant, and an affine.if's conditions for ops in its then region.
func (s *side) domain(ops []*ir.Operation, inner *ir.Operation) bool {
	cs := s.b.cs
	bound := func(iv *ir.Value, e *ir.AffineExpr, dims int, operands []*ir.Value, lower bool) bool {
		l, ok := s.b.expr(e, dims, operands, 0)
		if !ok {
			return false
		}
		x := Linear{Coeffs: map[int]int64{s.dims[iv]: 1}}
		if lower { // iv - lb >= 0
			cs.AddInequality(cs.Row(sum(x, scaled(l, -1))))
		} else { // ub - 1 - iv >= 0
			cs.AddInequality(cs.Row(sum(l, sum(scaled(x, -1), constant(-1)))))
		}
		return true
	}
	step := func(iv *ir.Value, lb *ir.AffineMap, st int64) {
		if st <= 1 || len(lb.Results) != 1 || lb.Results[0].Kind != ir.AffineConst {
			return
		}
		q := cs.AppendVar(Local, nil)
		cs.AddEquality(cs.Row(Linear{Coeffs: map[int]int64{s.dims[iv]: 1, q: -st}, Const: -lb.Results[0].Value}))
	}
	for i, op := range ops {
		switch op.Name() {
		case "affine.for":
			f := affine.For{Operation: op}
			iv := f.Body().Arg(0)
			s.dims[iv] = cs.AppendVar(Dim, iv)
			lb, ub := affine.MapOf(op, "lowerBoundMap"), affine.MapOf(op, "upperBoundMap")
			if lb == nil || ub == nil {
				return false
			}
			for _, e := range lb.Results {
				if !bound(iv, e, lb.Dims, f.LowerBoundOperands(), true) {
					return false
				}
			}
			for _, e := range ub.Results {
				if !bound(iv, e, ub.Dims, f.UpperBoundOperands(), false) {
					return false
				}
			}
			step(iv, lb, f.Step())
		case "affine.parallel":
			p := affine.Parallel{Operation: op}
			args := op.Region(0).Entry().Args()
			for _, iv := range args {
				s.dims[iv] = cs.AppendVar(Dim, iv)
			}
			lb, ub := affine.MapOf(op, "lowerBoundsMap"), affine.MapOf(op, "upperBoundsMap")
			lg, ug, steps := p.Groups(true), p.Groups(false), p.Steps()
			if lb == nil || ub == nil || len(lg) != len(args) || len(ug) != len(args) || len(steps) != len(args) {
				return false
			}
			lo, hi := 0, 0
			for k, iv := range args {
				for _, e := range lb.Results[lo : lo+int(lg[k])] {
					if !bound(iv, e, lb.Dims, p.LowerBoundsOperands(), true) {
						return false
					}
				}
				for _, e := range ub.Results[hi : hi+int(ug[k])] {
					if !bound(iv, e, ub.Dims, p.UpperBoundsOperands(), false) {
						return false
					}
				}
				if lg[k] == 1 {
					step(iv, &ir.AffineMap{Dims: lb.Dims, Symbols: lb.Symbols, Results: lb.Results[lo : lo+1]}, steps[k])
				}
				lo, hi = lo+int(lg[k]), hi+int(ug[k])
			}
		case "affine.if":
			next := inner
			if i+1 < len(ops) {
				next = ops[i+1]
			}
			if regionOf(op, next) != op.Region(0) {
				continue
			}
			set, ok := op.Attr("condition").(*ir.IntegerSetAttr)
			if !ok {
				return false
			}
			for k, e := range set.Set.Constraints {
				l, ok := s.b.expr(e, set.Set.Dims, op.Operands(), 0)
				if !ok {
					return false
				}
				if set.Set.IsEq[k] {
					cs.AddEquality(cs.Row(l))
				} else {
					cs.AddInequality(cs.Row(l))
				}
			}
		}
	}
	return true
}

// regionOf returns the region of op that holds inner.
func regionOf(op, inner *ir.Operation) *ir.Region {
	for o := inner; o != nil; o = o.ParentOp() {
		if o.ParentOp() == op {
			return o.ParentRegion()
		}
	}
	return nil
}

// commonBlock is MLIR's getCommonBlockInAffineScope: the innermost block
// holding both ops within their affine scope, or nil.
func commonBlock(a, b *ir.Operation) *ir.Block {
	chain := func(op *ir.Operation) []*ir.Block {
		var out []*ir.Block
		for blk := op.Block(); blk != nil; {
			out = append([]*ir.Block{blk}, out...)
			p := blk.ParentOp()
			if p == nil || p.HasTrait(ir.AffineScope) {
				break
			}
			blk = p.Block()
		}
		return out
	}
	ca, cb := chain(a), chain(b)
	var common *ir.Block
	for i := 0; i < len(ca) && i < len(cb) && ca[i] == cb[i]; i++ {
		common = ca[i]
	}
	return common
}

// AncestorIn is MLIR's Block::findAncestorOpInBlock: the ancestor of op
// (op included) directly in blk, or nil.
func AncestorIn(blk *ir.Block, op *ir.Operation) *ir.Operation {
	for o := op; o != nil; o = o.ParentOp() {
		if o.Block() == blk {
			return o
		}
	}
	return nil
}

// CheckDependence is MLIR's checkMemrefAccessDependence (without
// read-after-read): whether an instance of src may touch the element an
// instance of dst touches, dst running after src at loopDepth (1: a later
// iteration of the outermost common loop; one more than the common loops:
// the same iteration of all of them, src before dst in their block).
// Accesses of different memref values never depend on each other, as in
// MLIR.
func CheckDependence(src, dst Access, loopDepth int) Result {
	r, _ := checkDependence(src, dst, loopDepth, false)
	return r
}

// Component is MLIR's DependenceComponent: the bounds of the distance
// (dst's iteration minus src's) along one common loop.
type Component struct {
	Lo, Hi Bound
}

// CheckDependenceComponents is CheckDependence that also returns, when
// there is a dependence, its components along each loop common to src and
// dst, outermost first (MLIR's computeDirectionVector).
func CheckDependenceComponents(src, dst Access, loopDepth int) (Result, []Component) {
	return checkDependence(src, dst, loopDepth, true)
}

// checkDependence computes the components, one projection per common
// loop, only when asked.
func checkDependence(src, dst Access, loopDepth int, components bool) (Result, []Component) {
	if src.MemRef != dst.MemRef || (!src.Write && !dst.Write) {
		return NoDependence, nil
	}
	if analysisScope(src.Op) != analysisScope(dst.Op) {
		return Failure, nil
	}
	blk := commonBlock(src.Op, dst.Op)
	if blk == nil {
		return Failure, nil
	}
	srcOps, dstOps := enclosing(src.Op), enclosing(dst.Op)
	srcIVs, dstIVs := ivs(srcOps), ivs(dstOps)
	common := 0
	for common < len(srcIVs) && common < len(dstIVs) && srcIVs[common] == dstIVs[common] {
		common++
	}
	if loopDepth > common && !AncestorIn(blk, src.Op).IsBeforeInBlock(AncestorIn(blk, dst.Op)) {
		return NoDependence, nil
	}
	cs := &Constraints{}
	syms := map[*ir.Value]int{}
	var loops []*ir.Operation
	for _, l := range append(srcOps, dstOps...) {
		if isLoop(l) {
			loops = append(loops, l)
		}
	}
	mk := func() *side {
		s := &side{dims: map[*ir.Value]int{}, syms: syms, loops: loops}
		s.b = builder{cs: cs, col: s.col}
		return s
	}
	ss, ds := mk(), mk()
	if !ss.domain(srcOps, src.Op) || !ds.domain(dstOps, dst.Op) {
		return Failure, nil
	}
	if len(src.Map.Results) != len(dst.Map.Results) {
		return Failure, nil
	}
	for k := range src.Map.Results {
		l, ok1 := ss.b.expr(src.Map.Results[k], src.Map.Dims, src.Indices, 0)
		r, ok2 := ds.b.expr(dst.Map.Results[k], dst.Map.Dims, dst.Indices, 0)
		if !ok1 || !ok2 {
			return Failure, nil
		}
		cs.AddEquality(cs.Row(sum(l, scaled(r, -1))))
	}
	// Ordering: equal common induction variables above loopDepth, a later
	// iteration at it.
	for i := range min(common, loopDepth) {
		d := Linear{Coeffs: map[int]int64{ds.dims[dstIVs[i]]: 1, ss.dims[srcIVs[i]]: -1}}
		if i == loopDepth-1 {
			cs.AddInequality(cs.Row(sum(d, constant(-1))))
		} else {
			cs.AddEquality(cs.Row(d))
		}
	}
	if cs.IsEmpty() {
		return NoDependence, nil
	}
	if !components {
		return HasDependence, nil
	}
	// One component per common induction variable (MLIR's
	// getNumCommonLoops).
	comps := make([]Component, common)
	for i := range common {
		d := cs.AppendVar(Local, nil)
		cs.AddEquality(cs.Row(Linear{Coeffs: map[int]int64{d: 1, ds.dims[dstIVs[i]]: -1, ss.dims[srcIVs[i]]: 1}}))
	}
	for i := range comps {
		comps[i].Lo, comps[i].Hi = cs.ConstantBounds(cs.NumVars() - len(comps) + i)
	}
	return HasDependence, comps
}
