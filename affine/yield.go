package affine

import (
	"slices"
	"strings"

	"github.com/kiln-gpu/kiln/ir"
)

var yieldParents = []string{"affine.for", "affine.if", "affine.parallel"}

var yield = &ir.OpDef{
	Name:     "affine.yield",
	Summary:  "Ends the body of an affine loop, passing the loop-carried values on.",
	Example:  "%r = affine.for %i = 0 to 4 iter_args(%a = %x) -> (f32) {\n  affine.yield %a : f32\n}",
	Traits:   ir.Terminator | ir.ReturnLike | ir.Pure | ir.MemRefsNormalizable,
	Operands: ir.Variadic,
	Format:   &ir.Format{Syntax: "attr-dict ($operands^ `:` type($operands))?", Operands: []string{"operands*"}},

	SuccessorForOperands: yieldTaken,
	Verify: func(op *ir.Operation) error {
		pa := op.ParentOp()
		if pa == nil || !slices.Contains(yieldParents, pa.Name()) {
			return op.Errorf("expects parent op to be one of '%s'", strings.Join(yieldParents, ", "))
		}
		if pa.NumResults() != op.NumOperands() {
			return op.Errorf("parent of yield must have same number of results as the yield operands")
		}
		for i, v := range op.Operands() {
			if v.Type() != pa.Result(i).Type() {
				return op.Errorf("types mismatch between yield op and its parent")
			}
		}
		return nil
	},
}

// ensureYield appends the implicit affine.yield to a body without a
// terminator, as MLIR's ImplicitAffineTerminator does when parsing.
// at is where the body starts, the implicit yield's location.
func ensureYield(p *ir.OpParser, r *ir.Region, at ir.Pos) {
	if r.Empty() {
		r.Append(ir.NewBlock(nil, nil))
	}
	b := r.Entry()
	if last := b.Last(); last != nil && last.HasTrait(ir.Terminator) {
		return
	}
	b.Append(p.Context().NewOp(&ir.OpState{Name: "affine.yield", Loc: p.LocAt(at)}))
}
