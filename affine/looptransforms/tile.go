package looptransforms

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/kiln-gpu/kiln/affine"
	"github.com/kiln-gpu/kiln/affine/analysis"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/pass"
)

// defaultTileSize is MLIR's LoopTiling::kDefaultTileSize.
const defaultTileSize = 4

// TilePass is affine-loop-tile, MLIR's LoopTiling: each perfect nest of
// affine.for ops at the top of a func.func whose tiling is valid (no
// dependence with a component that is always negative, MLIR's
// isTilingValid) is tiled into tile-space loops around intra-tile loops.
// The tile sizes are tile-size for every loop, else tile-sizes (padded
// with 4), else sized from the nest's memory footprint so that a tile
// fits in cache-size KiB (4 when the footprint is unknown), reduced to
// divisors of constant trip counts. With separate, full tiles are split
// from partial ones (SeparateFullTiles).
func TilePass() *pass.Pass {
	return &pass.Pass{
		Name:     "AffineLoopTiling",
		Argument: "affine-loop-tile",
		Summary:  "Tile affine loop nests",
		Options: []pass.Option{
			{Name: "cache-size", Kind: pass.Uint64Option, Default: "512", Help: "Set size of cache to tile for in KiB (default: 512)"},
			{Name: "separate", Kind: pass.BoolOption, Default: "false", Help: "Separate full and partial tiles (default: false)"},
			{Name: "tile-size", Kind: pass.UnsignedOption, Default: "", Help: "Use this tile size for all loops"},
			{Name: "tile-sizes", Kind: pass.ListOption, Elem: pass.UnsignedOption, Help: "List of tile sizes for each perfect nest (overridden by -tile-size)", Check: checkTileSizes},
		},
		Run: func(root *ir.Operation, pc *pass.Context) error {
			o := pc.Options
			cacheKiB, _ := strconv.ParseUint(o.String("cache-size"), 10, 64)
			t := tiler{cacheKiB: cacheKiB, tileSizes: o.Ints("tile-sizes"), separate: o.Bool("separate")}
			if s := o.String("tile-size"); s != "" {
				t.tileSize, _ = strconv.ParseInt(s, 10, 64)
			}
			for _, fn := range functions(root) {
				if fn.Name() == "func.func" {
					t.run(fn)
				}
			}
			return nil
		},
	}
}

// checkTileSizes refuses a zero tile size, on which MLIR divides by zero.
func checkTileSizes(v string) error {
	for _, s := range strings.Split(v, ",") {
		if s == "0" {
			return fmt.Errorf("option 'tile-sizes' wants positive tile sizes, got 0")
		}
	}
	return nil
}

type tiler struct {
	cacheKiB  uint64
	tileSize  int64
	tileSizes []int64
	separate  bool
}

// run is MLIR's LoopTiling::runOnOperation on one function: the bands
// TilingValid refuses are left silently, as MLIR's
// getTopLevelTileableBands since PR 149750 (no remark).
func (t *tiler) run(fn *ir.Operation) {
	var bands [][]*ir.Operation
	for _, op := range fn.Region(0).Entry().OpList() {
		if op.Name() != "affine.for" {
			continue
		}
		if band := perfectlyNested(op); TilingValid(band) {
			bands = append(bands, band)
		}
	}
	for _, band := range bands {
		tiled, ok := TilePerfectlyNested(band, t.sizes(band))
		if ok && t.separate {
			SeparateFullTiles(tiled[len(band):])
		}
	}
}

// sizes is MLIR's LoopTiling::getTileSizes.
func (t *tiler) sizes(band []*ir.Operation) []int64 {
	n := len(band)
	switch {
	case t.tileSize != 0:
		return slices.Repeat([]int64{t.tileSize}, n)
	case len(t.tileSizes) > 0:
		sizes := slices.Repeat([]int64{defaultTileSize}, n)
		copy(sizes, t.tileSizes)
		return sizes
	case t.cacheKiB == 0:
		return slices.Repeat([]int64{1}, n)
	}
	fp, ok := analysis.MemoryFootprint(band[0])
	if !ok {
		sizes := slices.Repeat([]int64{defaultTileSize}, n)
		adjustToTripCountDivisors(band, sizes)
		return sizes
	}
	cacheBytes := t.cacheKiB * 1024
	excess := (uint64(fp) + cacheBytes - 1) / cacheBytes
	if excess <= 1 {
		return slices.Repeat([]int64{1}, n)
	}
	// The n-th root of the excess for all loops but the last, which takes
	// the balance.
	root := int64(math.Floor(math.Pow(float64(excess), 1/float64(n))))
	sizes := slices.Repeat([]int64{root}, n)
	product := int64(1)
	for _, s := range sizes[:n-1] {
		product *= s
	}
	sizes[n-1] = max(1, int64(excess)/product)
	adjustToTripCountDivisors(band, sizes)
	return sizes
}

// adjustToTripCountDivisors is MLIR's adjustToDivisorsOfTripCounts: each
// tile size becomes the largest divisor of its loop's constant trip count
// not above it (nor above half the trip count), so that no min bound is
// needed.
func adjustToTripCountDivisors(band []*ir.Operation, sizes []int64) {
	for i, loop := range band {
		tc, ok := affine.ConstantTripCount(loop)
		if !ok {
			continue
		}
		if tc > 1 && sizes[i] > tc/2 {
			sizes[i] = tc / 2
		}
		for tc%sizes[i] != 0 {
			sizes[i]--
		}
	}
}

// TilingValid is MLIR's isTilingValid: no dependence between the affine
// accesses in the band, at any depth, has a component along a loop that
// is known and always negative (a distance of exactly -1 included, the
// fix of MLIR PR 192858).
func TilingValid(band []*ir.Operation) bool {
	var accesses []analysis.Access
	band[0].Walk(func(op *ir.Operation) bool {
		if a, ok := analysis.AccessOf(op); ok {
			accesses = append(accesses, a)
		}
		return true
	})
	for d := 1; d <= len(band)+1; d++ {
		for _, src := range accesses {
			for _, dst := range accesses {
				r, comps := analysis.CheckDependenceComponents(src, dst, d)
				if r != analysis.HasDependence {
					continue
				}
				for _, c := range comps {
					if c.Lo.Known && c.Hi.Known && c.Lo.Value <= c.Hi.Value && c.Hi.Value < 0 {
						return false
					}
				}
			}
		}
	}
	return true
}

// hyperRectangular is MLIR's checkIfHyperRectangular: no loop's bounds use
// the induction variable of a loop around it in the band (through
// affine.apply ops too).
func hyperRectangular(band []*ir.Operation) bool {
	ivs := map[*ir.Value]bool{}
	var uses func(v *ir.Value) bool
	uses = func(v *ir.Value) bool {
		if ivs[v] {
			return true
		}
		if def := v.DefiningOp(); def != nil && def.Name() == "affine.apply" {
			return slices.ContainsFunc(def.Operands(), uses)
		}
		return false
	}
	for _, loop := range band {
		f := affine.For{Operation: loop}
		if slices.ContainsFunc(f.LowerBoundOperands(), uses) || slices.ContainsFunc(f.UpperBoundOperands(), uses) {
			return false
		}
		ivs[f.Body().Arg(0)] = true
	}
	return true
}

// TilePerfectlyNested is MLIR's tilePerfectlyNested: the band (perfectly
// nested, hyper-rectangular, without iter_args) becomes len(band)
// tile-space loops, each with its original bounds and step times the tile
// size, around len(band) intra-tile loops from the tile-space induction
// variable to it plus the tile size (bounded by the original upper bound
// too when the tile size does not divide the trip count); the body moves
// into the innermost. It returns the new loops, outermost first.
func TilePerfectlyNested(band []*ir.Operation, sizes []int64) ([]*ir.Operation, bool) {
	for _, loop := range band {
		if loop.NumResults() > 0 {
			return nil, false
		}
	}
	if !hyperRectangular(band) {
		return nil, false
	}
	width := len(band)
	ctx := band[0].Context()
	loc := band[0].Loc()
	tiled := make([]*ir.Operation, 2*width)
	top := band[0]
	var innermost *ir.Operation
	for i := range 2 * width {
		loop := newLoop(ctx, loc)
		loop.MoveBefore(top)
		body := affine.For{Operation: loop}.Body()
		top.MoveBefore(body.Terminator())
		tiled[2*width-1-i] = loop
		if i == 0 {
			innermost = loop
		}
		top = loop
	}
	// The original body moves into the innermost intra-tile loop.
	inner := affine.For{Operation: innermost}.Body()
	orig := affine.For{Operation: band[width-1]}.Body()
	for _, op := range orig.OpList() {
		if op != orig.Terminator() {
			op.MoveBefore(inner.Terminator())
		}
	}
	setTiledBounds(band, tiled, sizes)
	for i, loop := range band {
		affine.For{Operation: loop}.Body().Arg(0).ReplaceAllUsesWith(affine.For{Operation: tiled[width+i]}.Body().Arg(0))
	}
	band[0].Erase()
	return tiled, true
}

// newLoop is an affine.for from 0 to 0 with an empty body, as MLIR's
// AffineForOp builder makes it.
func newLoop(ctx *ir.Context, loc ir.Location) *ir.Operation {
	zero := ctx.AffineMapAttr(&ir.AffineMap{Results: []*ir.AffineExpr{ir.AffineConstExpr(0)}})
	st := &ir.OpState{Name: "affine.for", Loc: loc, Attrs: []ir.NamedAttr{
		{Name: "lowerBoundMap", Value: zero},
		{Name: "operandSegmentSizes", Value: ctx.DenseI32Array(0, 0, 0)},
		{Name: "step", Value: ctx.IndexAttr(1)},
		{Name: "upperBoundMap", Value: zero},
	}}
	body := ir.NewBlock([]ir.Type{ctx.Index()}, []ir.Location{loc})
	st.AddRegion().Append(body)
	loop := ctx.NewOp(st)
	body.Append(ctx.NewOp(&ir.OpState{Name: "affine.yield", Loc: loc}))
	return loop
}

// setTiledBounds is MLIR's constructTiledIndexSetHyperRect.
func setTiledBounds(orig, tiled []*ir.Operation, sizes []int64) {
	width := len(orig)
	for i, loop := range orig {
		f := affine.For{Operation: loop}
		affine.SetBound(tiled[i], true, lowerMap(loop), f.LowerBoundOperands())
		affine.SetBound(tiled[i], false, upperMap(loop), f.UpperBoundOperands())
		affine.SetStep(tiled[i], sizes[i]*f.Step())
	}
	d0 := ir.AffineDimExpr(0)
	for i, loop := range orig {
		f := affine.For{Operation: loop}
		step := f.Step()
		intra := tiled[width+i]
		tileIV := affine.For{Operation: tiled[i]}.Body().Arg(0)
		affine.SetBound(intra, true, &ir.AffineMap{Dims: 1, Results: []*ir.AffineExpr{d0}}, []*ir.Value{tileIV})
		affine.SetStep(intra, step)
		largestDiv := affine.LargestDivisorOfTripCount(loop)
		tc, constant := affine.ConstantTripCount(loop)
		shifted := func(by int64) *ir.AffineMap {
			return &ir.AffineMap{Dims: 1, Results: []*ir.AffineExpr{ir.AffineBinary(ir.AffineAdd, d0, ir.AffineConstExpr(by))}}
		}
		switch {
		case constant && tc < sizes[i]:
			affine.SetBound(intra, false, shifted(tc*step), []*ir.Value{tileIV})
		case largestDiv%sizes[i] != 0:
			// min(i + tile size * step, original upper bounds): the tile
			// IV is a dim after the original map's dims.
			ub := upperMap(loop)
			ops := f.UpperBoundOperands()
			results := []*ir.AffineExpr{ir.AffineBinary(ir.AffineAdd, ir.AffineDimExpr(ub.Dims), ir.AffineConstExpr(sizes[i]*step))}
			results = append(results, ub.Results...)
			m := &ir.AffineMap{Dims: ub.Dims + 1, Symbols: ub.Symbols, Results: results}
			affine.SetBound(intra, false, m, slices.Concat(ops[:ub.Dims], []*ir.Value{tileIV}, ops[ub.Dims:]))
		default:
			affine.SetBound(intra, false, shifted(sizes[i]*step), []*ir.Value{tileIV})
		}
	}
}
