package transforms

import (
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/pass"
	"github.com/kiln-gpu/kiln/spirv"
)

// RewriteInserts returns the spirv-rewrite-inserts pass.
func RewriteInserts() *pass.Pass {
	return &pass.Pass{
		Name:     "SPIRVRewriteInsertsPass",
		Argument: "spirv-rewrite-inserts",
		Summary:  "Rewrite sequential chains of `spirv.CompositeInsert` operations into `spirv.CompositeConstruct` operations",
		Run:      func(op *ir.Operation, _ *pass.Context) error { return eachModule(op, rewriteInserts) },
	}
}

// rewriteInserts replaces each chain of CompositeInserts that sets every
// element of a composite in order, 0 to n-1, with one CompositeConstruct
// of the inserted objects, and erases the inserts left unused (MLIR's
// RewriteInsertsPass).
func rewriteInserts(module *ir.Operation) error {
	var chains [][]*ir.Operation
	module.Walk(func(op *ir.Operation) bool {
		if chain := insertionChain(op); chain != nil {
			chains = append(chains, chain)
		}
		return true
	})
	for _, chain := range chains {
		last := chain[len(chain)-1]
		objects := make([]*ir.Value, len(chain))
		for i, ins := range chain {
			objects[i] = ins.Operand(0)
		}
		b := ir.NewBuilder(module.Context())
		b.SetInsertionPointBefore(last)
		c := b.CreateOp("spirv.CompositeConstruct", last.Loc(), objects, []ir.Type{last.Result(0).Type()})
		last.Result(0).ReplaceAllUsesWith(c.Result(0))
		for i := len(chain) - 1; i >= 0; i-- {
			if !chain[i].HasResultUses() {
				chain[i].Erase()
			}
		}
	}
	return nil
}

// insertionChain returns the inserts, by index, of a chain that op ends by
// inserting the last element of a composite, or nil.
func insertionChain(op *ir.Operation) []*ir.Operation {
	index, ok := insertIndex(op)
	if !ok {
		return nil
	}
	n := compositeLen(op.Operand(1).Type())
	if index+1 != n {
		return nil
	}
	chain := make([]*ir.Operation, n)
	for {
		chain[index] = op
		if index == 0 {
			return chain
		}
		op = op.Operand(1).DefiningOp()
		if i, ok := insertIndex(op); !ok || i != index-1 {
			return nil
		}
		index--
	}
}

// insertIndex returns the index of a CompositeInsert at one level.
func insertIndex(op *ir.Operation) (int64, bool) {
	if op == nil || op.Name() != "spirv.CompositeInsert" {
		return 0, false
	}
	idx, ok := op.Attr("indices").(*ir.ArrayAttr)
	if !ok || len(idx.Elems) != 1 {
		return 0, false
	}
	i, ok := idx.Elems[0].(*ir.IntegerAttr)
	if !ok {
		return 0, false
	}
	return i.Int(), true
}

// compositeLen is the number of elements of a vector, array or struct.
func compositeLen(t ir.Type) int64 {
	switch t := t.(type) {
	case *ir.VectorType:
		return ir.NumElements(t)
	case *spirv.ArrayType:
		return t.Len
	case *spirv.StructType:
		return int64(t.NumMembers())
	}
	return -1
}
