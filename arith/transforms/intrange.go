package transforms

import (
	"slices"

	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/arith/intrange"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/pass"
	"github.com/kiln-gpu/kiln/ir/rewrite"
)

// The passes on the integer range analysis (MLIR's
// IntRangeOptimizations.cpp and UnsignedWhenEquivalent.cpp).

// IntRangeOptsPass is int-range-optimizations, MLIR's ArithIntRangeOpts:
// values whose range is one constant become that constant, and a
// remainder whose dividend is known to lie in [0, modulus) goes.
func IntRangeOptsPass() *pass.Pass {
	return &pass.Pass{
		Name:     "ArithIntRangeOpts",
		Argument: "int-range-optimizations",
		Summary:  "Do optimizations based on integer range analysis",
		Run: func(op *ir.Operation, _ *pass.Context) error {
			a := intrange.Analyze(op)
			patterns := []*ir.Pattern{
				{Name: "MaterializeKnownConstantValues", Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
					return materializeKnownConstants(a, op, rw)
				}},
				deleteTrivialRem(a, "arith.remsi", true),
				deleteTrivialRem(a, "arith.remui", false),
			}
			// As current MLIR, without folding or region simplification:
			// both can drop block arguments, whose ranges would then be
			// stale (llvm-project issue 137281).
			_, err := rewrite.ApplyPatternsGreedily(op, rewrite.NewPatternSet(patterns...), rewrite.GreedyConfig{NoFold: true, NoRegionSimplify: true})
			return err
		},
	}
}

// knownConstant returns the constant v's range stands for, if v is used.
func knownConstant(a *intrange.Analysis, v *ir.Value) ir.Attribute {
	if !v.HasUses() {
		return nil
	}
	r, ok := a.Range(v)
	if !ok {
		return nil
	}
	return intrange.ConstantAttr(a.Context(), v.Type(), r)
}

// replaceWithConstant is MLIR's maybeReplaceWithConstant: the constant is
// built by the dialect of v's op (of its region's op for an argument),
// else by arith.
func replaceWithConstant(a *intrange.Analysis, rw *ir.Rewriter, v *ir.Value) bool {
	c := knownConstant(a, v)
	if c == nil {
		return false
	}
	owner := v.DefiningOp()
	if owner == nil {
		owner = v.ParentRegion().ParentOp()
	}
	var made *ir.Operation
	if d := owner.Def(); d != nil {
		made = rewrite.MaterializeConstant(rw, d.Dialect(), c, v.Type(), v.Loc())
	}
	if made == nil {
		made = rewrite.MaterializeConstant(rw, arith.Dialect(), c, v.Type(), v.Loc())
	}
	if made == nil {
		return false
	}
	a.Copy(v, made.Result(0))
	rw.ReplaceAllUsesWith(v, made.Result(0))
	return true
}

// materializeKnownConstants is MLIR's MaterializeKnownConstantValues.
func materializeKnownConstants(a *intrange.Analysis, op *ir.Operation, rw *ir.Rewriter) bool {
	if op.HasTrait(ir.ConstantLike) {
		return false
	}
	known := func(v *ir.Value) bool { return knownConstant(a, v) != nil }
	found := slices.ContainsFunc(op.Results(), known)
	for _, reg := range op.Regions() {
		for b := range reg.Blocks() {
			found = found || slices.ContainsFunc(b.Args(), known)
		}
	}
	if !found {
		return false
	}
	all, changed := op.NumResults() != 0, false
	rw.SetInsertionPointBefore(op)
	for _, r := range op.Results() {
		replaced := replaceWithConstant(a, rw, r)
		changed = changed || replaced
		all = all && (replaced || !r.HasUses())
	}
	if all && ir.IsTriviallyDead(op) {
		rw.EraseOp(op)
		return true
	}
	for _, reg := range op.Regions() {
		for b := range reg.Blocks() {
			rw.SetInsertionPointToStart(b)
			for _, arg := range b.Args() {
				changed = replaceWithConstant(a, rw, arg) || changed
			}
		}
	}
	// MLIR reports a match even when no constant could be built; that
	// would only make the driver run to its iteration limit.
	return changed
}

// deleteTrivialRem is MLIR's DeleteTrivialRem: x rem m is x when x is
// known to lie in [0, m) for a constant m > 0.
func deleteTrivialRem(a *intrange.Analysis, name string, signed bool) *ir.Pattern {
	return &ir.Pattern{Name: "DeleteTrivialRem", Root: name, Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
		m, ok := constantInt(op.Operand(1))
		if !ok || m <= 0 {
			return false
		}
		r, ok := a.Range(op.Operand(0))
		if !ok {
			return false
		}
		lo, hi := r.UMin, r.UMax
		if signed {
			lo, hi = r.SMin, r.SMax
		}
		in := func(b intrange.Bits) bool { return !intrange.Negative(r.Width, b) && intrange.Below(b, uint64(m)) }
		if !in(lo) || !in(hi) || intrange.UnsignedValue(lo).Cmp(intrange.UnsignedValue(hi)) > 0 {
			return false
		}
		rw.ReplaceOp(op, []*ir.Value{op.Operand(0)})
		return true
	}}
}

// constantInt is MLIR's getConstantIntValue: a constant integer or splat,
// sign-extended; false for a value that does not fit 64 bits.
func constantInt(v *ir.Value) (int64, bool) {
	if c, ok := ir.ConstantIntAttr(v); ok {
		b := c.Big()
		return b.Int64(), b.IsInt64()
	}
	d := v.DefiningOp()
	if d == nil || !d.HasTrait(ir.ConstantLike) {
		return 0, false
	}
	if s, ok := d.Attr("value").(*ir.DenseElementsAttr); ok && s.IsSplat() {
		if _, isFloat := s.ShapedType().ElementType().(*ir.FloatType); !isFloat {
			return s.IntAt(0), true
		}
	}
	return 0, false
}

// UnsignedWhenEquivalentPass is arith-unsigned-when-equivalent: signed
// divisions, remainders, min/max, extensions and comparisons whose
// operands and results are all known non-negative become their unsigned
// forms. It rewrites each op once, as MLIR's walkAndApplyPatterns: no
// folding, no dead code removal.
func UnsignedWhenEquivalentPass() *pass.Pass {
	return &pass.Pass{
		Name:     "ArithUnsignedWhenEquivalentPass",
		Argument: "arith-unsigned-when-equivalent",
		Summary:  "Replace signed ops with unsigned ones where they are proven equivalent",
		Run: func(root *ir.Operation, _ *pass.Context) error {
			a := intrange.Analyze(root)
			rw := ir.NewRewriter(root.Context(), nil)
			var ops []*ir.Operation
			root.Walk(func(op *ir.Operation) bool {
				if op != root {
					ops = append(ops, op)
				}
				return true
			})
			for _, op := range ops {
				toUnsigned(a, op, rw)
			}
			return nil
		},
	}
}

var unsignedOf = map[string]string{
	"arith.divsi": "arith.divui", "arith.ceildivsi": "arith.ceildivui", "arith.floordivsi": "arith.divui",
	"arith.remsi": "arith.remui", "arith.minsi": "arith.minui", "arith.maxsi": "arith.maxui", "arith.extsi": "arith.extui",
}

var unsignedPred = map[arith.CmpIPredicate]arith.CmpIPredicate{
	arith.CmpISLE: arith.CmpIULE, arith.CmpISLT: arith.CmpIULT, arith.CmpISGE: arith.CmpIUGE, arith.CmpISGT: arith.CmpIUGT,
}

// unsignedPredOf is the unsigned form of arith.cmpi op's predicate; false
// when that is not a signed ordering.
func unsignedPredOf(op *ir.Operation) (arith.CmpIPredicate, bool) {
	p, ok := op.Attr("predicate").(*ir.IntegerAttr)
	if !ok {
		return 0, false
	}
	u, ok := unsignedPred[arith.CmpIPredicate(p.Int())]
	return u, ok
}

func nonNegative(a *intrange.Analysis, vs []*ir.Value) bool {
	for _, v := range vs {
		if r, ok := a.Range(v); !ok || intrange.Negative(r.Width, r.SMin) {
			return false
		}
	}
	return true
}

func toUnsigned(a *intrange.Analysis, op *ir.Operation, rw *ir.Rewriter) {
	if name, ok := unsignedOf[op.Name()]; ok {
		if nonNegative(a, op.Operands()) && nonNegative(a, op.Results()) {
			rw.SetInsertionPointBefore(op)
			rw.ReplaceOpWith(op, &ir.OpState{Name: name, Loc: op.Loc(), Operands: op.Operands(),
				ResultTypes: op.ResultTypes(), Attrs: op.Attrs()})
		}
		return
	}
	if op.Name() != "arith.cmpi" {
		return
	}
	u, signed := unsignedPredOf(op)
	if !signed || !nonNegative(a, op.Operands()) {
		return
	}
	rw.SetInsertionPointBefore(op)
	x := arith.NewBuilder(&rw.Builder, op)
	rw.ReplaceOp(op, []*ir.Value{x.CmpI(u, op.Operand(0), op.Operand(1))})
}

// IntRangeNarrowingPass is arith-int-range-narrowing, MLIR's
// ArithIntRangeNarrowing: elementwise ops, comparisons and loop bounds
// whose values all fit one of the given narrower widths are computed at
// that width, between casts.
func IntRangeNarrowingPass() *pass.Pass {
	return &pass.Pass{
		Name:     "ArithIntRangeNarrowing",
		Argument: "arith-int-range-narrowing",
		Summary:  "Reduce integer operations bitwidth based on integer range analysis",
		Options: []pass.Option{
			{Name: "int-bitwidths-supported", Kind: pass.ListOption, Elem: pass.UnsignedOption, Help: "Integer bitwidths supported"},
		},
		Run: func(op *ir.Operation, pc *pass.Context) error {
			var widths []int
			for _, n := range pc.Options.Ints("int-bitwidths-supported") {
				widths = append(widths, int(n))
			}
			a := intrange.Analyze(op)
			n := narrower{a: a, widths: widths}
			patterns := []*ir.Pattern{
				{Name: "NarrowElementwise", Rewrite: n.elementwise},
				{Name: "NarrowCmpI", Root: "arith.cmpi", Rewrite: n.cmpi},
				{Name: "FoldIndexCastChain", Root: "arith.index_cast", Rewrite: n.foldCastChain},
				{Name: "FoldIndexCastChain", Root: "arith.index_castui", Rewrite: n.foldCastChain},
				{Name: "NarrowLoopBounds", Root: "scf.for", Rewrite: n.loopBounds},
			}
			_, err := rewrite.ApplyPatternsGreedily(op, rewrite.NewPatternSet(patterns...), rewrite.GreedyConfig{})
			return err
		},
	}
}

// signedOps are the elementwise ops that read their operands as signed.
var signedOps = map[string]bool{
	"arith.divsi": true, "arith.ceildivsi": true, "arith.floordivsi": true, "arith.remsi": true,
	"arith.maxsi": true, "arith.minsi": true, "arith.shrsi": true,
}

// unsignedOps are the elementwise ops whose result depends on their
// operands read as unsigned numbers, not only on their low bits or their
// unsigned order.
var unsignedOps = map[string]bool{"arith.divui": true, "arith.ceildivui": true, "arith.remui": true, "arith.shrui": true}

var shiftOps = map[string]bool{"arith.shli": true, "arith.shrui": true, "arith.shrsi": true}

// castKind is how a narrowed value extends back: MLIR's CastKind.
type castKind int

const (
	castNone castKind = iota
	castSigned
	castUnsigned
	castBoth
)

func truncatability(r intrange.Range, w int) castKind {
	s, u := intrange.Truncatable(r, w)
	switch {
	case s && u:
		return castBoth
	case s:
		return castSigned
	case u:
		return castUnsigned
	}
	return castNone
}

// castKindOf is the cast kind every range in ranges allows at w bits.
func castKindOf(ranges []intrange.Range, w int) castKind {
	kind := castBoth
	for _, r := range ranges {
		if kind = merge(kind, truncatability(r, w)); kind == castNone {
			break
		}
	}
	return kind
}

func merge(a, b castKind) castKind {
	switch {
	case a == castNone || b == castNone:
		return castNone
	case a == castBoth:
		return b
	case b == castBoth, a == b:
		return a
	}
	return castNone
}

type narrower struct {
	a      *intrange.Analysis
	widths []int
}

func (n narrower) ranges(vs []*ir.Value) ([]intrange.Range, bool) {
	out := make([]intrange.Range, len(vs))
	for i, v := range vs {
		r, ok := n.a.Range(v)
		if !ok {
			return nil, false
		}
		out[i] = r
	}
	return out, true
}

// targetType is iw, or a vector or tensor of iw for one of those; nil
// for others (unranked tensors).
func targetType(ctx *ir.Context, t ir.Type, w int) ir.Type {
	switch t := t.(type) {
	case *ir.IntegerType, *ir.IndexType:
		return ctx.I(w)
	case *ir.VectorType:
		return ctx.ScalableVector(t.Dims, t.Scalable, ctx.I(w))
	case *ir.RankedTensorType:
		return ctx.Tensor(t.Dims, ctx.I(w), t.Encoding)
	}
	return nil
}

// doCast is MLIR's: index casts where index is involved, else trunci or
// the extension kind says.
func doCast(rw *ir.Rewriter, loc ir.Location, v *ir.Value, to ir.Type, kind castKind) *ir.Value {
	from := v.Type()
	if from == to {
		return v
	}
	var name string
	_, fi := ir.ElementTypeOrSelf(from).(*ir.IndexType)
	_, ti := ir.ElementTypeOrSelf(to).(*ir.IndexType)
	switch {
	case fi || ti:
		name = "arith.index_castui"
		if kind == castSigned {
			name = "arith.index_cast"
		}
	case ir.ElementTypeOrSelf(to).(*ir.IntegerType).Width < ir.ElementTypeOrSelf(from).(*ir.IntegerType).Width:
		name = "arith.trunci"
	case kind == castSigned:
		name = "arith.extsi"
	default:
		name = "arith.extui"
	}
	return rw.CreateOp(name, loc, []*ir.Value{v}, []ir.Type{to}).Result(0)
}

// elementwise is MLIR's NarrowElementwise.
func (n narrower) elementwise(op *ir.Operation, rw *ir.Rewriter) bool {
	if !op.HasTrait(ir.ElementwiseMappable) || op.NumResults() == 0 || op.NumOperands() == 0 {
		return false
	}
	ranges, ok := n.ranges(append(op.Operands(), op.Results()...))
	if !ok {
		return false
	}
	src := op.Result(0).Type()
	for _, t := range op.ResultTypes() {
		if t != src {
			return false
		}
	}
	for _, v := range op.Operands() {
		if v.Type() != src {
			return false
		}
	}
	// Ops that read their operands as signed narrow only by signed casts
	// (llvm-project PR 189676); divisions and right shifts that read them
	// as unsigned only by unsigned ones (MLIR lacks this half: see
	// docs/RATIONALE.md).
	opKind := castBoth
	switch {
	case signedOps[op.Name()]:
		opKind = castSigned
	case unsignedOps[op.Name()]:
		opKind = castUnsigned
	}
	for _, w := range n.widths {
		// A shift by the narrow width or more is poison: the amount must
		// stay below it (MLIR narrows shifts without that check, a
		// miscompile; see docs/RATIONALE.md).
		if shiftOps[op.Name()] && !intrange.Below(ranges[1].UMax, uint64(w)) {
			continue
		}
		kind := merge(castKindOf(ranges, w), opKind)
		target := targetType(op.Context(), src, w)
		if kind == castNone || target == nil || target == src {
			continue
		}
		loc := op.Loc()
		rw.SetInsertionPointBefore(op)
		m := ir.NewMapping()
		for i, v := range op.Operands() {
			k := kind
			// index_cast keeps a non-negative index non-negative, which
			// unsigned-when-equivalent cannot recover.
			if k == castSigned && !intrange.Negative(ranges[i].Width, ranges[i].SMin) {
				k = castBoth
			}
			m.Map(v, doCast(rw, loc, v, target, k))
		}
		clone := rw.Clone(op, m)
		for _, r := range clone.Results() {
			r.SetType(target)
		}
		results := make([]*ir.Value, clone.NumResults())
		for i, r := range clone.Results() {
			results[i] = doCast(rw, loc, r, src, kind)
			n.a.Copy(op.Result(i), results[i])
		}
		rw.ReplaceOp(op, results)
		return true
	}
	return false
}

// cmpi is MLIR's NarrowCmpI.
func (n narrower) cmpi(op *ir.Operation, rw *ir.Rewriter) bool {
	ranges, ok := n.ranges(op.Operands())
	if !ok {
		return false
	}
	lhs, rhs := op.Operand(0), op.Operand(1)
	src := lhs.Type()
	// A signed predicate reads the operands' sign bit: they narrow only by
	// signed casts (llvm-project PR 189676).
	predKind := castBoth
	if _, signed := unsignedPredOf(op); signed {
		predKind = castSigned
	}
	for _, w := range n.widths {
		lk, rk := truncatability(ranges[0], w), truncatability(ranges[1], w)
		target := targetType(op.Context(), src, w)
		if merge(merge(lk, rk), predKind) == castNone || target == nil || target == src {
			continue
		}
		loc := op.Loc()
		rw.SetInsertionPointBefore(op)
		m := ir.NewMapping()
		l := doCast(rw, loc, lhs, target, lk)
		r := doCast(rw, loc, rhs, target, rk)
		m.Map(lhs, l)
		m.Map(rhs, r)
		clone := rw.Clone(op, m)
		n.a.Copy(op.Result(0), clone.Result(0))
		rw.ReplaceOp(op, clone.Results())
		return true
	}
	return false
}

// foldCastChain is MLIR's FoldIndexCastChain: a cast of a value to index
// and back to one of the narrowing widths is the value.
func (n narrower) foldCastChain(op *ir.Operation, rw *ir.Rewriter) bool {
	src := op.Operand(0).DefiningOp()
	if src == nil || src.Name() != op.Name() {
		return false
	}
	in := src.Operand(0)
	if in.Type() != op.Result(0).Type() {
		return false
	}
	if _, ok := src.Result(0).Type().(*ir.IndexType); !ok {
		return false
	}
	it, ok := op.Result(0).Type().(*ir.IntegerType)
	if !ok {
		return false
	}
	for _, w := range n.widths {
		if w == it.Width {
			rw.ReplaceOp(op, []*ir.Value{in})
			return true
		}
	}
	return false
}

// loopBounds is MLIR's NarrowLoopBounds for scf.for: bounds, step and
// induction variable that all fit a narrower width, with the induction
// variable plus the step fitting it too, make the loop count at that
// width; the body gets the induction variable cast back.
func (n narrower) loopBounds(op *ir.Operation, rw *ir.Rewriter) bool {
	body := op.Region(0).Entry()
	if body == nil || body.NumArgs() == 0 {
		return false
	}
	iv := body.Arg(0)
	vals := []*ir.Value{op.Operand(0), op.Operand(1), op.Operand(2), iv}
	ranges, ok := n.ranges(vals)
	if !ok {
		return false
	}
	src := op.Operand(0).Type()
	// The induction variable plus the step must fit both ways. Current MLIR
	// builds this range with its signed sums in the unsigned bounds' places
	// and the other way round, so each sum is checked in the other order
	// too; Kiln does the same, which only narrows fewer loops.
	sum := intrange.AddSat(ranges[3], ranges[2])
	fits := func(w int) bool {
		c := func(b intrange.Bits) intrange.Range { return intrange.Point(sum.Width, b) }
		s1, _ := intrange.Truncatable(c(sum.UMin), w)
		s2, _ := intrange.Truncatable(c(sum.UMax), w)
		_, u1 := intrange.Truncatable(c(sum.SMin), w)
		_, u2 := intrange.Truncatable(c(sum.SMax), w)
		return s1 && s2 && u1 && u2
	}
	for _, w := range n.widths {
		target := targetType(op.Context(), src, w)
		if target == nil || target == src {
			continue
		}
		kind := castKindOf(ranges, w)
		if kind == castNone || !fits(w) {
			continue
		}
		loc := op.Loc()
		rw.SetInsertionPointBefore(op)
		bounds := make([]*ir.Value, 3)
		for i := range bounds {
			bounds[i] = doCast(rw, loc, op.Operand(i), target, kind)
		}
		rw.ModifyInPlace(op, func() {
			for i, b := range bounds {
				op.SetOperand(i, b)
			}
			iv.SetType(target)
		})
		rw.SetInsertionPointToStart(body)
		back := doCast(rw, loc, iv, src, kind)
		n.a.Copy(iv, back)
		for _, u := range slices.Collect(iv.Uses()) {
			if u.Owner() != back.DefiningOp() {
				rw.ModifyInPlace(u.Owner(), func() { u.Set(back) })
			}
		}
		return true
	}
	return false
}
