// Package looptransforms holds MLIR's affine loop transformations that
// need no dependence analysis: affine-loop-normalize, affine-loop-unroll,
// affine-loop-unroll-jam, affine-loop-tile, affine-loop-coalescing and
// affine-simplify-structures (MLIR's Affine/Transforms and
// Affine/Utils/LoopUtils.cpp).
package looptransforms

import (
	"fmt"
	"strconv"

	"github.com/kiln-gpu/kiln/affine"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/pass"
)

// Register adds the package's passes to reg.
func Register(reg pass.Registry) {
	reg.Add(UnrollPass, UnrollJamPass, NormalizePass, CoalescePass, SimplifyStructuresPass, TilePass)
}

// functions returns the function-like ops with a body in root (root
// itself when it is one): the ops MLIR's FunctionOpInterface passes run on.
func functions(root *ir.Operation) []*ir.Operation {
	var out []*ir.Operation
	root.WalkPre(func(op *ir.Operation) (bool, bool) {
		if ir.FunctionTypeOf(op) != nil {
			if op.NumRegions() > 0 && op.Region(0).Entry() != nil {
				out = append(out, op)
			}
			return false, true
		}
		return true, true
	})
	return out
}

// loops returns the affine.for ops in op, in post-order (inner loops
// before the loops around them).
func loops(op *ir.Operation) []*ir.Operation {
	var out []*ir.Operation
	op.Walk(func(o *ir.Operation) bool {
		if o != op && o.Name() == "affine.for" {
			out = append(out, o)
		}
		return true
	})
	return out
}

// innermost reports whether no affine.for is nested in op.
func innermost(op *ir.Operation) bool { return len(loops(op)) == 0 }

// UnrollPass is affine-loop-unroll, MLIR's LoopUnroll: the innermost
// loops of each function are unrolled by unroll-factor (fully with
// unroll-full), unroll-num-reps times; with unroll-full and
// unroll-full-threshold set, every loop of at most that constant trip
// count is fully unrolled instead. An unroll-factor of -1 is unroll-full,
// as in current MLIR (which keeps unroll-full for older pipelines too).
func UnrollPass() *pass.Pass {
	return &pass.Pass{
		Name:     "AffineLoopUnroll",
		Argument: "affine-loop-unroll",
		Summary:  "Unroll affine loops",
		Options: []pass.Option{
			{Name: "unroll-factor", Kind: pass.IntOption, Default: "4", Help: "Use this unroll factor for all loops being unrolled, set it to -1, and it will fully unroll.", Check: checkUnrollFactor},
			{Name: "unroll-up-to-factor", Kind: pass.BoolOption, Default: "false", Help: "Allow unrolling up to the factor specified"},
			{Name: "unroll-full", Kind: pass.BoolOption, Default: "false", Help: "Fully unroll loops"},
			{Name: "unroll-num-reps", Kind: pass.UnsignedOption, Default: "1", Help: "Unroll innermost loops repeatedly this many times"},
			{Name: "unroll-full-threshold", Kind: pass.UnsignedOption, Default: "", Help: "Unroll all loops with trip count less than or equal to this"},
			{Name: "cleanup-unroll", Kind: pass.BoolOption, Default: "false", Help: "Fully unroll the cleanup loop when possible."},
		},
		Run: func(root *ir.Operation, pc *pass.Context) error {
			o := pc.Options
			for _, fn := range functions(root) {
				unrollFunction(fn, o)
			}
			return nil
		},
	}
}

// checkUnrollFactor refuses the unroll factors other than -1 (a full
// unroll) that are not positive, where MLIR only asserts.
func checkUnrollFactor(v string) error {
	if f, _ := strconv.Atoi(v); f == 0 || f < -1 {
		return fmt.Errorf("option 'unroll-factor' wants a positive integer or -1, got '%d'", f)
	}
	return nil
}

func unrollFunction(fn *ir.Operation, o *pass.Options) {
	full := o.Bool("unroll-full") || o.Int("unroll-factor") == -1
	if full && o.String("unroll-full-threshold") != "" {
		threshold := int64(o.Int("unroll-full-threshold"))
		var short []*ir.Operation
		for _, l := range loops(fn) {
			if n, ok := affine.ConstantTripCount(l); ok && n <= threshold {
				short = append(short, l)
			}
		}
		for _, l := range short {
			UnrollFull(l)
		}
		return
	}
	factor := int64(o.Int("unroll-factor"))
	for range o.Int("unroll-num-reps") {
		var inner []*ir.Operation
		for _, l := range loops(fn) {
			if innermost(l) {
				inner = append(inner, l)
			}
		}
		unrolled := false
		for _, l := range inner {
			switch {
			case full:
				unrolled = UnrollFull(l) || unrolled
			case o.Bool("unroll-up-to-factor"):
				unrolled = UnrollUpToFactor(l, factor) || unrolled
			default:
				unrolled = UnrollByFactor(l, factor, o.Bool("cleanup-unroll")) || unrolled
			}
		}
		if len(inner) == 0 || !unrolled {
			return
		}
	}
}
