package fromscf

import (
	"github.com/kiln-gpu/kiln/affine"
	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/gpu"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/pass"
	"github.com/kiln-gpu/kiln/scf"
	scftransforms "github.com/kiln-gpu/kiln/scf/transforms"
)

// ParallelLoopsToGPU returns the convert-parallel-loops-to-gpu pass: MLIR's
// ConvertParallelLoopToGpuPass, which turns each outermost scf.parallel
// with a mapping attribute into a gpu.launch. Loops it cannot convert stay
// as they are.
func ParallelLoopsToGPU() *pass.Pass {
	return &pass.Pass{
		Name:     "ConvertParallelLoopToGpuPass",
		Argument: "convert-parallel-loops-to-gpu",
		Summary:  "Convert mapped scf.parallel ops to gpu launch operations",
		Run: func(op *ir.Operation, _ *pass.Context) error {
			var loops []*ir.Operation
			op.Walk(func(o *ir.Operation) bool {
				if o != op && o.Name() == "scf.parallel" && o.HasAttr(gpu.MappingAttrName) &&
					o.ParentOfName("scf.parallel") == nil {
					loops = append(loops, o)
				}
				return true
			})
			for _, l := range loops {
				if err := ParallelToLaunch(l); err != nil {
					return err
				}
			}
			return nil
		},
	}
}

// Register adds gpu-map-parallel-loops, convert-parallel-loops-to-gpu and
// convert-affine-for-to-gpu to reg.
func Register(reg pass.Registry) {
	reg.Add(MapParallelLoops, ParallelLoopsToGPU, AffineForToGPU)
}

// converter holds the state of one scf.parallel nest's conversion (MLIR's
// ParallelToGpuLaunchLowering).
type converter struct {
	b        *ir.Rewriter
	launch   *ir.Operation
	cloning  *ir.Mapping
	worklist []*ir.Operation
	bounds   map[gpu.Processor]*ir.Value
}

// ParallelToLaunch replaces par, an scf.parallel with a mapping attribute
// and no scf.parallel around it, by a gpu.launch whose ids its mapped
// dimensions use, its sequential dimensions becoming scf.for loops. When
// the nest cannot be converted (no mapping on a nested loop, bounds that
// vary inside the nest, side effects outside the innermost loop, ...) par
// is left unchanged and the result is nil; a mapping entry that is no
// #gpu.loop_dim_map is an error.
func ParallelToLaunch(par *ir.Operation) error {
	// Launches inside parallel loops are not supported.
	if par.ParentOfName("scf.parallel") != nil {
		return nil
	}
	ctx := par.Context()
	b := ir.NewRewriter(ctx, nil)
	b.SetInsertionPointBefore(par)
	first := par.PrevOp()
	loc := par.Loc()
	one := arith.NewConstant(&b.Builder, ctx.IndexAttr(1), ctx.Index(), loc)
	c := &converter{b: b, cloning: ir.NewMapping(), bounds: map[gpu.Processor]*ir.Value{}}
	c.launch = newLaunch(&b.Builder, one, loc)
	b.SetInsertionPointBefore(c.launch.Region(0).Entry().Terminator())
	ok, err := c.run(par)
	// The loop's results could not be replaced by the launch.
	if err != nil || !ok || par.HasResultUses() {
		// Undo: erase what was built before par, last first.
		for o := par.PrevOp(); o != first; {
			prev := o.PrevOp()
			o.Erase()
			o = prev
		}
		return err
	}
	for p, v := range c.bounds {
		c.launch.SetOperand(launchArg(p), v)
	}
	par.Erase()
	return nil
}

// newLaunch inserts a gpu.launch of size one everywhere whose body holds
// only gpu.terminator.
func newLaunch(b *ir.Builder, one *ir.Value, loc ir.Location) *ir.Operation {
	ctx := b.Context()
	types := make([]ir.Type, 12)
	locs := make([]ir.Location, 12)
	for i := range types {
		types[i], locs[i] = ctx.Index(), loc
	}
	st := &ir.OpState{Name: "gpu.launch", Loc: loc, Operands: []*ir.Value{one, one, one, one, one, one},
		Attrs: []ir.NamedAttr{{Name: "operandSegmentSizes", Value: ctx.DenseI32Array(0, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0)},
			{Name: "workgroup_attributions", Value: ctx.I64Attr(0)}}}
	st.AddRegion().Append(ir.NewBlock(types, locs))
	l := b.Create(st)
	body := l.Region(0).Entry()
	body.Append(ctx.NewOp(&ir.OpState{Name: "gpu.terminator", Loc: loc}))
	return l
}

// launchArg is the position of a processor's id among the launch body's
// arguments and of its size among the launch's operands.
func launchArg(p gpu.Processor) int { return int(p - gpu.ProcessorBlockX) }

// run clones par's nest into the launch body, reporting false when the
// nest cannot be converted.
func (c *converter) run(par *ir.Operation) (bool, error) {
	if ok, err := c.processLoop(par); !ok || err != nil {
		return false, err
	}
	seenSideEffects, leftNestingScope := false, false
	for len(c.worklist) > 0 {
		op := c.worklist[len(c.worklist)-1]
		c.worklist = c.worklist[:len(c.worklist)-1]
		switch {
		case op.Name() == "scf.parallel":
			// Only the innermost scope may have side effects.
			if seenSideEffects {
				return false, nil
			}
			if ok, err := c.processLoop(op); !ok || err != nil {
				return false, err
			}
		case op == c.launch:
			// The sentinel: the ops of one nesting level are done.
			c.b.SetInsertionPointAfter(c.b.InsertionBlock().ParentOp())
			leftNestingScope, seenSideEffects = true, false
		case op.Name() == "scf.reduce":
			if !c.reduce(op) {
				return false, nil
			}
		default:
			clone := c.b.Clone(op, c.cloning)
			seenSideEffects = seenSideEffects || !ir.IsPure(clone) || clone.NumRegions() != 0
			if seenSideEffects && leftNestingScope {
				return false, nil
			}
		}
	}
	return true, nil
}

// launchIndependent reports whether v is defined outside the launch.
func (c *converter) launchIndependent(v *ir.Value) bool {
	return v.ParentRegion().IsAncestor(c.launch.ParentRegion())
}

// isConstant reports whether v is an arith.constant's result.
func isConstant(v *ir.Value) bool {
	d := v.DefiningOp()
	return d != nil && d.Name() == "arith.constant"
}

// ensureLaunchIndependent returns v when it is defined outside the launch,
// a new copy of it at the insertion point when it is a constant, else its
// copy inside the launch.
func (c *converter) ensureLaunchIndependent(v *ir.Value) *ir.Value {
	if c.launchIndependent(v) {
		return v
	}
	if isConstant(v) {
		return c.b.Clone(v.DefiningOp(), ir.NewMapping()).Result(0)
	}
	return c.cloning.Lookup(v)
}

func (c *converter) apply(m *ir.AffineMap, operands []*ir.Value, loc ir.Location) *ir.Value {
	ctx := c.b.Context()
	return c.b.Create(&ir.OpState{Name: "affine.apply", Loc: loc, Operands: operands, ResultTypes: []ir.Type{ctx.Index()},
		Attrs: []ir.NamedAttr{{Name: "map", Value: ctx.AffineMapAttr(m)}}}).Result(0)
}

// lowerAndStep is (d0)[s0, s1] -> (d0 * s0 + s1): the loop index of
// hardware id d0 for step s0 and lower bound s1.
var lowerAndStep = &ir.AffineMap{Dims: 1, Symbols: 2, Results: []*ir.AffineExpr{ir.AffineBinary(ir.AffineAdd,
	ir.AffineBinary(ir.AffineMul, ir.AffineDimExpr(0), ir.AffineSymbolExpr(0)), ir.AffineSymbolExpr(1))}}

// tripCount is (d0)[s0, s1] -> ((d0 - s0) ceildiv s1): the iterations
// from lower bound s0 to upper bound d0 by step s1.
var tripCount = &ir.AffineMap{Dims: 1, Symbols: 2, Results: []*ir.AffineExpr{ir.AffineBinary(ir.AffineCeilDiv,
	ir.AffineBinary(ir.AffineAdd, ir.AffineDimExpr(0), ir.AffineBinary(ir.AffineMul, ir.AffineSymbolExpr(0), ir.AffineConstExpr(-1))),
	ir.AffineSymbolExpr(1))}}

// compose returns f after g (MLIR's AffineMap::compose): f's one
// dimension becomes g's result; g's symbols come first, then f's.
func compose(f, g *ir.AffineMap) *ir.AffineMap {
	syms := make([]*ir.AffineExpr, f.Symbols)
	for i := range syms {
		syms[i] = ir.AffineSymbolExpr(g.Symbols + i)
	}
	out := &ir.AffineMap{Dims: g.Dims, Symbols: g.Symbols + f.Symbols}
	for _, r := range f.Results {
		out.Results = append(out.Results, affine.ReplaceDimsSyms(r, g.Results, syms))
	}
	return out
}

// processLoop maps one scf.parallel of the nest (MLIR's
// processParallelLoop): each mapped dimension's index becomes an
// affine.apply of its hardware id and sets that id's launch size; each
// sequential one becomes an scf.for. Then the loop's body ops join the
// worklist, after a sentinel for every scope opened.
func (c *converter) processLoop(op *ir.Operation) (bool, error) {
	par, _ := scf.AsParallel(op)
	mapping, _ := op.Attr(gpu.MappingAttrName).(*ir.ArrayAttr)
	if mapping == nil || op.NumResults() > 1 {
		return false, nil
	}
	ivs := par.Body().Args()
	if len(mapping.Elems) != len(ivs) {
		return false, op.Errorf("expected %d mapping attributes for lowering to GPU, got %d", len(ivs), len(mapping.Elems))
	}
	lbs, ubs, steps := par.LowerBounds(), par.UpperBounds(), par.Steps()
	loc := op.Loc()
	for i, iv := range ivs {
		ann, ok := mapping.Elems[i].(*gpu.LoopDimMapAttr)
		if !ok {
			return false, op.Errorf("expected mapping attribute for lowering to GPU")
		}
		if !unary(ann.Map) || !unary(ann.Bound) {
			return false, op.Errorf("expected the map and bound of mapping %d to take one dimension to one result", i)
		}
		lb, ub, step := lbs[i], ubs[i], steps[i]
		var index *ir.Value
		if ann.Processor == gpu.ProcessorSequential {
			index = c.sequential(lb, ub, step, loc)
		} else {
			if !c.launchIndependent(lb) && !isConstant(lb) || !c.launchIndependent(step) && !isConstant(step) {
				return false, nil
			}
			id := c.launch.Region(0).Entry().Arg(launchArg(ann.Processor))
			index = c.apply(compose(ann.Map, lowerAndStep), []*ir.Value{id, c.ensureLaunchIndependent(step), c.ensureLaunchIndependent(lb)}, loc)
			precise := c.launchIndependent(ub) || isConstant(ub)
			if !c.setBound(ann, ub, lb, step, precise, loc) {
				return false, nil
			}
			if !precise {
				// The launch size over-approximates: guard the body.
				ctx := c.b.Context()
				pred := c.b.CreateOp("arith.cmpi", loc, []*ir.Value{index, c.cloning.Lookup(ub)}, []ir.Type{ctx.I(1)},
					ir.NamedAttr{Name: "predicate", Value: ctx.I64Attr(int64(arith.CmpISLT))})
				st := &ir.OpState{Name: "scf.if", Loc: loc, Operands: []*ir.Value{pred.Result(0)}}
				st.AddRegion().Append(ir.NewBlock(nil, nil))
				st.AddRegion()
				ifOp := c.b.Create(st)
				then := ifOp.Region(0).Entry()
				then.Append(ctx.NewOp(&ir.OpState{Name: "scf.yield", Loc: loc}))
				c.b.SetInsertionPointToStart(then)
				c.worklist = append(c.worklist, c.launch)
			}
		}
		c.cloning.Map(iv, index)
	}
	// Other attributes go to the launch, for later stages to use.
	for _, a := range op.Attrs() {
		if a.Name != gpu.MappingAttrName && a.Name != "operandSegmentSizes" {
			c.launch.SetAttr(a.Name, a.Value)
		}
	}
	body := par.Body()
	if red := body.Terminator(); red != nil && red.Name() == "scf.reduce" && red.NumOperands() == 1 {
		c.worklist = append(c.worklist, red)
	}
	ops := body.OpList()
	for i := len(ops) - 2; i >= 0; i-- {
		c.worklist = append(c.worklist, ops[i])
	}
	return true, nil
}

// unary reports whether m is (d0) -> (e): what the conversion composes
// with an index or trip-count map.
func unary(m *ir.AffineMap) bool {
	return m.Dims == 1 && m.Symbols == 0 && len(m.Results) == 1
}

// sequential inserts an scf.for over a sequential dimension and moves the
// insertion point into its body.
func (c *converter) sequential(lb, ub, step *ir.Value, loc ir.Location) *ir.Value {
	body := scftransforms.NewFor(c.b, loc, c.cloning.Lookup(lb), c.cloning.Lookup(ub), c.cloning.Lookup(step), nil, false).Body()
	c.b.SetInsertionPointToStart(body)
	c.worklist = append(c.worklist, c.launch)
	return body.Arg(0)
}

// setBound computes the launch size of ann's processor before the launch:
// its bound map of the trip count, the upper bound replaced by a static
// one when it varies inside the nest. It fails when there is no static
// bound or the processor has one already.
func (c *converter) setBound(ann *gpu.LoopDimMapAttr, ub, lb, step *ir.Value, precise bool, loc ir.Location) bool {
	blk, before := c.b.InsertionPoint()
	defer c.b.RestoreInsertionPoint(blk, before)
	if _, dup := c.bounds[ann.Processor]; dup {
		return false
	}
	c.b.SetInsertionPointBefore(c.launch)
	if !precise {
		if ub = c.staticUpperBound(ub); ub == nil {
			return false
		}
	}
	c.bounds[ann.Processor] = c.apply(compose(ann.Bound, tripCount), []*ir.Value{c.ensureLaunchIndependent(c.cloning.Lookup(ub)),
		c.ensureLaunchIndependent(c.cloning.Lookup(lb)), c.ensureLaunchIndependent(c.cloning.Lookup(step))}, loc)
	return true
}

// constantIndex returns v's value when an arith.constant of index type
// defines it.
func constantIndex(v *ir.Value) (int64, bool) {
	if v == nil || !isConstant(v) || v.Type() != v.DefiningOp().Context().Index() {
		return 0, false
	}
	a, ok := v.DefiningOp().Attr("value").(*ir.IntegerAttr)
	if !ok {
		return 0, false
	}
	return a.Int(), true
}

// staticUpperBound derives a constant upper bound of ub from the op that
// defines it (MLIR's deriveStaticUpperBound): a constant, an affine.min
// with a constant result, an arith.minsi of a boundable operand, or an
// arith.muli of two same-signed bounds. It returns nil if there is none.
func (c *converter) staticUpperBound(ub *ir.Value) *ir.Value {
	if _, ok := constantIndex(ub); ok {
		return ub
	}
	def := ub.DefiningOp()
	if def == nil {
		return nil
	}
	ctx := c.b.Context()
	switch def.Name() {
	case "affine.min":
		for _, r := range def.Attr("map").(*ir.AffineMapAttr).Map.Results {
			if r.Kind == ir.AffineConst {
				return arith.NewConstant(&c.b.Builder, ctx.IndexAttr(r.Value), ctx.Index(), def.Loc())
			}
		}
	case "arith.minsi":
		for _, o := range def.Operands() {
			if v := c.staticUpperBound(o); v != nil {
				return v
			}
		}
	case "arith.muli":
		l, lok := constantIndex(c.staticUpperBound(def.Operand(0)))
		r, rok := constantIndex(c.staticUpperBound(def.Operand(1)))
		// A product of mixed signs no longer bounds the minimum.
		if lok && rok && (l < 0) == (r < 0) {
			return arith.NewConstant(&c.b.Builder, ctx.IndexAttr(l*r), ctx.Index(), def.Loc())
		}
	}
	return nil
}

// reduce turns the innermost loop's scf.reduce of one value into a
// gpu.all_reduce with a copy of its region, its result standing for the
// loop's.
func (c *converter) reduce(red *ir.Operation) bool {
	loop := red.ParentOp()
	operand := red.Operand(0)
	v := c.cloning.Lookup(operand)
	// The region is copied as is, so it must use no value defined above it.
	usesAbove := !red.Region(0).VisitUsesAbove(func(*ir.OpOperand) bool { return false })
	if v == operand || !isSignlessIntOrFloat(operand.Type()) || usesAbove {
		return false
	}
	st := &ir.OpState{Name: "gpu.all_reduce", Loc: red.Loc(), Operands: []*ir.Value{v}, ResultTypes: []ir.Type{v.Type()}}
	st.AddRegion()
	all := c.b.Create(st)
	red.Region(0).CloneInto(all.Region(0), nil, ir.NewMapping())
	ret := all.Region(0).Entry().Terminator()
	ret.Block().InsertBefore(red.Context().NewOp(&ir.OpState{Name: "gpu.yield", Loc: ret.Loc(), Operands: ret.Operands()[:1]}), ret)
	ret.Erase()
	c.cloning.Map(loop.Result(0), all.Result(0))
	return true
}

func isSignlessIntOrFloat(t ir.Type) bool {
	if it, ok := t.(*ir.IntegerType); ok {
		return it.IsSignless()
	}
	_, ok := t.(*ir.FloatType)
	return ok
}
