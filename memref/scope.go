package memref

import (
	"github.com/kiln-gpu/kiln/ir"
)

var allocaScope = &ir.OpDef{
	Name: "memref.alloca_scope", Summary: "Scope whose memref.alloca allocations are freed when it ends.",
	Example: "%r = memref.alloca_scope -> (f32) {\n  %a = memref.alloca() : memref<4xf32>\n  %v = memref.load %a[%i] : memref<4xf32>\n" +
		"  memref.alloca_scope.return %v : f32\n}",
	Traits:  ir.AutomaticAllocationScope | ir.RecursiveEffects | ir.SingleBlock,
	Results: ir.Variadic,
	Regions: ir.Exactly(1),
	// MLIR's RegionBranchOpInterface: the op enters its region with no
	// values, and the region's return gives the results.
	RegionSuccessors: func(op *ir.Operation, from *ir.Operation) []ir.RegionSuccessor {
		if from != nil {
			return []ir.RegionSuccessor{{Region: -1, N: op.NumResults(), Inputs: op.Results()}}
		}
		return []ir.RegionSuccessor{{Region: 0}}
	},
	Canonicalize: []*ir.Pattern{
		{Name: "alloca-scope-inliner", Root: "memref.alloca_scope", Rewrite: inlineAllocaScope},
		{Name: "alloca-scope-hoister", Root: "memref.alloca_scope", Rewrite: hoistAllocaScopeAllocas},
	},
	// (-> (types))? region attr-dict
	// Hand-written as in MLIR (hasCustomAssemblyFormat): the results
	// before the region.
	Parse: func(p *ir.OpParser, st *ir.OpState) error {
		var err error
		if st.ResultTypes, err = p.ParseOptionalArrowTypeList(); err != nil {
			return err
		}
		loc := p.Loc()
		r := st.AddRegion()
		if err := p.ParseRegion(r, nil); err != nil {
			return err
		}
		if r.Empty() {
			r.Append(ir.NewBlock(nil, nil))
		}
		if last := r.Entry().Last(); last == nil || !last.HasTrait(ir.Terminator) {
			r.Entry().Append(p.Context().NewOp(&ir.OpState{Name: "memref.alloca_scope.return", Loc: loc}))
		}
		return p.ParseOptionalAttrDict()
	},
	Print: func(p *ir.OpPrinter, op *ir.Operation) {
		if op.NumResults() > 0 {
			p.WriteString(" -> (")
			p.TypeList(op.ResultTypes())
			p.WriteByte(')')
		}
		p.WriteByte(' ')
		p.Region(op.Region(0), false, op.NumResults() > 0)
		p.OptionalAttrDict(op.Attrs())
	},
	Verify: func(op *ir.Operation) error {
		if b := op.Region(0).Entry(); b != nil && b.NumArgs() > 0 {
			return op.Errorf("region #0 should have no arguments")
		}
		return nil
	},
	VerifyRegions: func(op *ir.Operation) error {
		b := op.Region(0).Entry()
		if b == nil || b.Last() == nil || b.Last().Name() != "memref.alloca_scope.return" {
			return op.Errorf("expects region to end with 'memref.alloca_scope.return'")
		}
		ret := b.Last()
		if ret.NumOperands() != op.NumResults() {
			return op.Errorf("region control flow edge from Operation memref.alloca_scope.return to parent results: source has %d operands, but target successor <to parent> needs %d",
				ret.NumOperands(), op.NumResults())
		}
		for i, v := range ret.Operands() {
			if v.Type() != op.Result(i).Type() {
				return op.Errorf("along control flow edge from Operation memref.alloca_scope.return to parent results: source type #%d '%s' should match input type #%d '%s'",
					i, ir.TypeString(v.Type()), i, ir.TypeString(op.Result(i).Type()))
			}
		}
		return nil
	},
}

var allocaScopeReturn = &ir.OpDef{
	Name: "memref.alloca_scope.return", Summary: "Ends a memref.alloca_scope, returning its values.",
	Example:  "%r = memref.alloca_scope -> (i32) {\n  memref.alloca_scope.return %v : i32\n}",
	Traits:   ir.Terminator | ir.ReturnLike | ir.Pure,
	Operands: ir.Variadic,
	Format:   &ir.Format{Syntax: "attr-dict ($results^ `:` type($results))?", Operands: []string{"results*"}},
	Verify: func(op *ir.Operation) error {
		if pa := op.ParentOp(); pa == nil || pa.Name() != "memref.alloca_scope" {
			return op.Errorf("expects parent op 'memref.alloca_scope'")
		}
		return nil
	},
}
