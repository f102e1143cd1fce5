package vector

import (
	"slices"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/memref"
)

// loadOp is vector.load:
//
//	%r = vector.load %m[%i, %j] : memref<?x?xf32>, vector<8xf32>
var loadOp = &ir.OpDef{
	Name:     "vector.load",
	Summary:  "reads an n-D slice of memory into an n-D vector",
	Example:  "%r = vector.load %m[%i, %j] : memref<?x?xf32>, vector<8xf32>",
	Traits:   ir.ReadOnly,
	Operands: ir.AtLeast(1),
	Results:  ir.Exactly(1),
	Inherent: []string{"nontemporal", "alignment"},
	Format: &ir.Format{Syntax: "$base `[` $indices `]` attr-dict `:` type($base) `,` type($result)",
		Operands: []string{"base", "indices*"}, Results: []string{"result"}, Types: map[string]func(*ir.Context) ir.Type{"indices": indexType},
		Kinds: map[string]ir.TypeKind{"base": memref.MemRefKind, "result": vectorKind}, Attrs: []ir.FormatAttr{alignmentAttr, memref.NontemporalAttr}},
	Verify: func(op *ir.Operation) error {
		return verifyLoadStore(op, op.Result(0).Type(), "result", "destination memref has lower rank than the result vector")
	},
	Fold: foldBaseCast,
}

// storeOp is vector.store:
//
//	vector.store %v, %m[%i, %j] : memref<?x?xf32>, vector<8xf32>
var storeOp = &ir.OpDef{
	Name:     "vector.store",
	Summary:  "writes an n-D vector to an n-D slice of memory",
	Example:  "vector.store %v, %m[%i, %j] : memref<?x?xf32>, vector<8xf32>",
	Operands: ir.AtLeast(2),
	Results:  ir.Exactly(0),
	Inherent: []string{"nontemporal", "alignment"},
	Format: &ir.Format{Syntax: "$valueToStore `,` $base `[` $indices `]` attr-dict `:` type($base) `,` type($valueToStore)",
		Operands: []string{"valueToStore", "base", "indices*"}, Types: map[string]func(*ir.Context) ir.Type{"indices": indexType},
		Kinds: map[string]ir.TypeKind{"base": memref.MemRefKind, "valueToStore": vectorKind}, Attrs: []ir.FormatAttr{alignmentAttr, memref.NontemporalAttr}},
	Verify: func(op *ir.Operation) error {
		return verifyLoadStore(op, op.Operand(0).Type(), "valueToStore", "source memref has lower rank than the vector to store")
	},
	Fold: foldBaseCast,
}

// foldBaseCast is the folder of the memory ops (load, store, their masked,
// gather/scatter and expand/compress forms), as MLIR's: the op reads or
// writes the ranked source of a memref.cast of its base in place.
func foldBaseCast(op *ir.Operation, _ []ir.Attribute) ([]ir.FoldResult, bool) {
	return nil, memref.FoldMemRefCast(op, nil)
}

// Base and Indices name the memref and indices of load, store,
// maskedload, maskedstore, gather and scatter ops (see the views).
func baseIndex(op *ir.Operation) int {
	switch op.Name() {
	case "vector.store", "vector.transfer_write":
		return 1
	}
	return 0
}

func verifyLoadStore(op *ir.Operation, vt ir.Type, what, rankMsg string) error {
	bi := baseIndex(op)
	mt, ok := op.Operand(bi).Type().(*ir.MemRefType)
	if !ok {
		return op.Errorf("operand #%d must be memref of any type values, but got %s", bi, typeQuoted(op.Operand(bi).Type()))
	}
	v, ok := vt.(*ir.VectorType)
	if !ok {
		return op.Errorf("%s must be vector of any type values, but got %s", what, typeQuoted(vt))
	}
	if err := verifyIndices(op, bi+1, op.NumOperands(), len(mt.Dims)); err != nil {
		return err
	}
	if err := verifyAlignment(op); err != nil {
		return err
	}
	if negativeStride(mt) {
		return op.Errorf("memref strides must be non-negative")
	}
	if ev, ok := mt.Elem.(*ir.VectorType); ok {
		if ev != v {
			return op.Errorf("base memref and %s vector types should match", what)
		}
	} else {
		if mt.Elem != v.Elem {
			return op.Errorf("base and %s element type should match", what)
		}
		if len(v.Dims) > len(mt.Dims) {
			return op.Errorf("%s", rankMsg)
		}
	}
	return verifyMinorUnitStride(op, mt, v)
}

// verifyMinorUnitStride checks that a vector memory op reads or writes
// consecutive elements: the memref's minor stride is statically 1 (load
// and store; the masked, expand and compress ops since MLIR PR 216485). A
// 0-d or one-element fixed vector is a scalar access: any stride will do.
func verifyMinorUnitStride(op *ir.Operation, mt *ir.MemRefType, v *ir.VectorType) error {
	oneElem := !slices.Contains(v.Scalable, true) && ir.NumElements(v) == 1
	if !oneElem && !LastDimUnitStride(mt) {
		return op.Errorf("most minor memref dim must have unit stride")
	}
	return nil
}

// negativeStride reports whether a stride of mt is statically negative:
// MLIR's vector memory ops reject such memrefs (PRs 204611 and 205869),
// so lowerings may assume non-negative strides.
func negativeStride(mt *ir.MemRefType) bool {
	if mt.Layout == nil {
		return false
	}
	strides, _, ok := mt.StridesAndOffset()
	return ok && slices.ContainsFunc(strides, func(s int64) bool { return s != ir.Dynamic && s < 0 })
}

// LastDimUnitStride reports whether mt's minor dimension has stride 1
// (MLIR's MemRefType::isLastDimUnitStride).
func LastDimUnitStride(mt *ir.MemRefType) bool {
	if mt.Layout == nil || len(mt.Dims) == 0 {
		return true
	}
	strides, _, ok := mt.StridesAndOffset()
	return ok && (len(strides) == 0 || strides[len(strides)-1] == 1)
}

// verifyIndices checks that operands [from, to) are rank index values.
func verifyIndices(op *ir.Operation, from, to, rank int) error {
	if to-from != rank {
		return op.Errorf("requires %d indices", rank)
	}
	for i := from; i < to; i++ {
		if op.Operand(i).Type() != op.Context().Index() {
			return op.Errorf("operand #%d must be variadic of index, but got %s", i, typeQuoted(op.Operand(i).Type()))
		}
	}
	return nil
}

// parseBaseIndices parses `%base[%i, %j]`.
func parseBaseIndices(p *ir.OpParser) (ir.UnresolvedOperand, []ir.UnresolvedOperand, error) {
	base, err := p.ParseOperand()
	if err != nil {
		return base, nil, err
	}
	if err := p.ParsePunct("["); err != nil {
		return base, nil, err
	}
	idx, err := p.ParseOperandList()
	if err != nil {
		return base, nil, err
	}
	return base, idx, p.ParsePunct("]")
}

func resolveBaseIndices(p *ir.OpParser, base ir.UnresolvedOperand, bt ir.Type, idx []ir.UnresolvedOperand) error {
	if err := p.ResolveOperands([]ir.UnresolvedOperand{base}, []ir.Type{bt}); err != nil {
		return err
	}
	return p.ResolveOperandsSameType(idx, p.Context().Index())
}

func printBaseIndices(p *ir.OpPrinter, base *ir.Value, idx []*ir.Value) {
	p.Operand(base)
	p.WriteByte('[')
	p.Operands(idx)
	p.WriteByte(']')
}
