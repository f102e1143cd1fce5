package looptransforms

import (
	"github.com/kiln-gpu/kiln/affine"
	"github.com/kiln-gpu/kiln/affine/analysis"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/pass"
	"github.com/kiln-gpu/kiln/ir/rewrite"
)

// SimplifyStructuresPass is affine-simplify-structures, MLIR's
// SimplifyAffineStructures: in each func.func every affine map attribute
// is simplified (simplifyAffineExpr on each result) and every integer set
// attribute too (analysis.SimplifyIntegerSet: an empty set becomes 1 == 0,
// trivially redundant constraints go), then the canonicalization patterns
// of affine.apply, affine.for and affine.if run with folding on those ops
// only (MLIR's strict applyOpPatternsAndFold), which removes the affine.if
// ops whose set became always true or false.
func SimplifyStructuresPass() *pass.Pass {
	return &pass.Pass{
		Name:     "SimplifyAffineStructures",
		Argument: "affine-simplify-structures",
		Summary:  "Simplify affine expressions in maps/sets and normalize memrefs",
		Run: func(root *ir.Operation, pc *pass.Context) error {
			ctx := root.Context()
			var patterns []*ir.Pattern
			for _, name := range []string{"affine.apply", "affine.for", "affine.if"} {
				if def := ctx.LookupOp(name); def != nil {
					patterns = append(patterns, def.Canonicalize...)
				}
			}
			set := rewrite.NewPatternSet(patterns...)
			for _, fn := range functions(root) {
				if fn.Name() != "func.func" {
					continue
				}
				if err := rewrite.ApplyOpPatternsAndFold(fn, simplifyAttributes(fn), set); err != nil {
					return err
				}
			}
			return nil
		},
	}
}

// simplifyAttributes replaces the affine map and integer set attributes of
// the ops in fn by their simplified forms, simplifying each distinct
// (uniqued) attribute once, and returns fn's affine.apply, affine.for and
// affine.if ops in post-order.
func simplifyAttributes(fn *ir.Operation) []*ir.Operation {
	var ops []*ir.Operation
	ctx := fn.Context()
	simplified := map[ir.Attribute]ir.Attribute{}
	fn.Walk(func(op *ir.Operation) bool {
		for _, na := range op.Attrs() {
			s, ok := simplified[na.Value]
			if !ok {
				s = na.Value
				switch a := na.Value.(type) {
				case *ir.AffineMapAttr:
					s = ctx.AffineMapAttr(affine.SimplifyMap(a.Map))
				case *ir.IntegerSetAttr:
					s = ctx.IntegerSetAttr(analysis.SimplifyIntegerSet(a.Set))
				}
				simplified[na.Value] = s
			}
			if s != na.Value {
				op.SetAttr(na.Name, s)
			}
		}
		switch op.Name() {
		case "affine.apply", "affine.for", "affine.if":
			ops = append(ops, op)
		}
		return true
	})
	return ops
}
