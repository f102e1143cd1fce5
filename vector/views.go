package vector

import (
	"github.com/kiln-gpu/kiln/ir"
)

// Typed views give names to the operands and attributes of vector ops,
// for passes and the interpreter. They assume verified IR.

// Extract is a view of vector.extract.
type Extract struct{ *ir.Operation }

// StaticPosition returns the position, with Dynamic where an operand gives it.
func (v Extract) StaticPosition() []int64 { return attrInts(v.Operation, "static_position") }

// DynamicPosition returns the index operands of the dynamic positions.
func (v Extract) DynamicPosition() []*ir.Value { return v.Operands()[1:] }

// Position returns the static and dynamic positions merged, in order.
func (v Extract) Position() []Position { return mixedPositions(v.Operation, v.DynamicPosition()) }

// Insert is a view of vector.insert.
type Insert struct{ *ir.Operation }

// StaticPosition returns the position, with Dynamic where an operand gives it.
func (v Insert) StaticPosition() []int64 { return attrInts(v.Operation, "static_position") }

// Position returns the static and dynamic positions merged, in order.
func (v Insert) Position() []Position { return mixedPositions(v.Operation, v.Operands()[2:]) }

func optOperand(op *ir.Operation, i int) *ir.Value {
	if i < op.NumOperands() {
		return op.Operand(i)
	}
	return nil
}

// StridedSlice is a view of vector.extract_strided_slice and
// vector.insert_strided_slice (Sizes is nil for the latter: the source
// shape gives them).
type StridedSlice struct{ *ir.Operation }

// Offsets returns the offsets attribute.
func (v StridedSlice) Offsets() []int64 { return attrInts(v.Operation, "offsets") }

// Sizes returns the sizes attribute.
func (v StridedSlice) Sizes() []int64 { return attrInts(v.Operation, "sizes") }

// Strides returns the strides attribute.
func (v StridedSlice) Strides() []int64 { return attrInts(v.Operation, "strides") }

// Shuffle is a view of vector.shuffle.
type Shuffle struct{ *ir.Operation }

// Mask returns the shuffle mask (Poison entries are -1).
func (v Shuffle) Mask() []int64 { return attrInts(v.Operation, "mask") }

// Reduction is a view of vector.reduction.
type Reduction struct{ *ir.Operation }

// Vector returns the reduced vector.
func (v Reduction) Vector() *ir.Value { return v.Operand(0) }

// Acc returns the accumulator (nil when absent).
func (v Reduction) Acc() *ir.Value { return optOperand(v.Operation, 1) }

// MultiReduction is a view of vector.multi_reduction.
type MultiReduction struct{ *ir.Operation }

// Kind returns the combining kind.
func (v MultiReduction) Kind() CombiningKind { return KindOf(v.Operation) }

// Source returns the reduced vector; Acc the accumulator.
func (v MultiReduction) Source() *ir.Value { return v.Operand(0) }

// Acc returns the accumulator.
func (v MultiReduction) Acc() *ir.Value { return v.Operand(1) }

// ReductionDims returns the reduced dimensions.
func (v MultiReduction) ReductionDims() []int64 { return ReductionDims(v.Operation) }

// Contract is a view of vector.contract.
type Contract struct{ *ir.Operation }

// Kind returns the combining kind.
func (v Contract) Kind() CombiningKind { return KindOf(v.Operation) }

// IndexingMaps returns the lhs, rhs and acc maps.
func (v Contract) IndexingMaps() []*ir.AffineMap { return ContractMaps(v.Operation) }

// IteratorTypes returns the iterator types.
func (v Contract) IteratorTypes() []IteratorType { return IteratorTypes(v.Operation) }

// LHS, RHS and Acc return the operands.
func (v Contract) LHS() *ir.Value { return v.Operand(0) }

// RHS returns the right-hand operand.
func (v Contract) RHS() *ir.Value { return v.Operand(1) }

// Acc returns the accumulator.
func (v Contract) Acc() *ir.Value { return v.Operand(2) }

// OuterProduct is a view of vector.outerproduct.
type OuterProduct struct{ *ir.Operation }

// Kind returns the combining kind.
func (v OuterProduct) Kind() CombiningKind { return KindOf(v.Operation) }

// Acc returns the accumulator (nil when absent).
func (v OuterProduct) Acc() *ir.Value { return optOperand(v.Operation, 2) }

// Transpose is a view of vector.transpose.
type Transpose struct{ *ir.Operation }

// Permutation returns the permutation: result dim i is source dim Permutation()[i].
func (v Transpose) Permutation() []int64 { return attrInts(v.Operation, "permutation") }

// Memory is a view of vector.load, store, maskedload, maskedstore, gather
// and scatter.
type Memory struct{ *ir.Operation }

// Base returns the memref (or tensor for gather).
func (v Memory) Base() *ir.Value { return v.Operand(baseIndex(v.Operation)) }

// Indices returns the index operands into the base.
func (v Memory) Indices() []*ir.Value {
	b := baseIndex(v.Operation)
	n := v.NumOperands()
	switch v.Name() {
	case "vector.maskedload", "vector.maskedstore":
		n -= 2
	case "vector.gather", "vector.scatter":
		n -= 3
	}
	return v.Operands()[b+1 : n]
}

// IndexVec returns the index vector of gather and scatter.
func (v Memory) IndexVec() *ir.Value { return v.Operand(v.NumOperands() - 3) }

// Mask returns the mask of the masked ops, gather and scatter (nil otherwise).
func (v Memory) Mask() *ir.Value {
	switch v.Name() {
	case "vector.maskedload", "vector.maskedstore", "vector.gather", "vector.scatter":
		return v.Operand(v.NumOperands() - 2)
	}
	return nil
}

// Value returns the stored vector (store, maskedstore, scatter) or the
// pass-through (maskedload, gather); nil for load.
func (v Memory) Value() *ir.Value {
	switch v.Name() {
	case "vector.store":
		return v.Operand(0)
	case "vector.load":
		return nil
	}
	return v.Operand(v.NumOperands() - 1)
}

// TransferRead is a view of vector.transfer_read.
type TransferRead struct{ *ir.Operation }

func segmentValue(op *ir.Operation, i int) *ir.Value {
	if vs := ir.OperandSegment(op, i); len(vs) == 1 {
		return vs[0]
	}
	return nil
}

// Base returns the memref or tensor read.
func (v TransferRead) Base() *ir.Value { return v.Operand(0) }

// Indices returns the start indices.
func (v TransferRead) Indices() []*ir.Value { return ir.OperandSegment(v.Operation, 1) }

// Padding returns the value of out-of-bounds elements.
func (v TransferRead) Padding() *ir.Value { return segmentValue(v.Operation, 2) }

// Mask returns the mask (nil when absent).
func (v TransferRead) Mask() *ir.Value { return segmentValue(v.Operation, 3) }

// PermutationMap returns the map from source dimensions to vector dimensions.
func (v TransferRead) PermutationMap() *ir.AffineMap { return permutationMap(v.Operation) }

// InBounds returns which vector dimensions are known in bounds.
func (v TransferRead) InBounds() []bool { b, _ := Bools(v.Attr("in_bounds")); return b }

// TransferWrite is a view of vector.transfer_write.
type TransferWrite struct{ *ir.Operation }

// Value returns the written vector.
func (v TransferWrite) Value() *ir.Value { return v.Operand(0) }

// Base returns the memref or tensor written.
func (v TransferWrite) Base() *ir.Value { return v.Operand(1) }

// Indices returns the start indices.
func (v TransferWrite) Indices() []*ir.Value { return ir.OperandSegment(v.Operation, 2) }

// Mask returns the mask (nil when absent).
func (v TransferWrite) Mask() *ir.Value { return segmentValue(v.Operation, 3) }

// PermutationMap returns the map from source dimensions to vector dimensions.
func (v TransferWrite) PermutationMap() *ir.AffineMap { return permutationMap(v.Operation) }

// InBounds returns which vector dimensions are known in bounds.
func (v TransferWrite) InBounds() []bool { b, _ := Bools(v.Attr("in_bounds")); return b }

func permutationMap(op *ir.Operation) *ir.AffineMap {
	if a, ok := op.Attr("permutation_map").(*ir.AffineMapAttr); ok {
		return a.Map
	}
	return &ir.AffineMap{}
}

// Print is a view of vector.print.
type Print struct{ *ir.Operation }

// Source returns the printed value (nil when printing only a string or punctuation).
func (v Print) Source() *ir.Value { return optOperand(v.Operation, 0) }

// Punctuation returns what follows the value (NewLine by default).
func (v Print) Punctuation() Punctuation {
	if a, ok := v.Attr("punctuation").(*PunctuationAttr); ok {
		return a.Value
	}
	return NewLine
}

// TransferParts is what the folds and lowerings of either transfer op
// read of it: a transfer_read (Pad set) or transfer_write (Write, Vector
// set) of VT at Indices of Base through Map.
type TransferParts struct {
	Op       *ir.Operation
	Write    bool
	Base     *ir.Value
	Vector   *ir.Value // the written vector (nil for a read)
	Pad      *ir.Value // the padding (nil for a write)
	Mask     *ir.Value // nil when absent
	Indices  []*ir.Value
	Map      *ir.AffineMap
	InBounds []bool
	VT       *ir.VectorType
}

// TransferOf views a transfer_read or transfer_write; false for other ops
// and for a vector type or permutation map the op's verifier would reject.
func TransferOf(op *ir.Operation) (TransferParts, bool) {
	x := TransferParts{Op: op}
	switch op.Name() {
	case "vector.transfer_read":
		v := TransferRead{op}
		x.Base, x.Indices, x.Pad, x.Mask, x.Map, x.InBounds = v.Base(), v.Indices(), v.Padding(), v.Mask(), v.PermutationMap(), v.InBounds()
		x.VT, _ = op.Result(0).Type().(*ir.VectorType)
	case "vector.transfer_write":
		v := TransferWrite{op}
		x.Write, x.Vector = true, v.Value()
		x.Base, x.Indices, x.Mask, x.Map, x.InBounds = v.Base(), v.Indices(), v.Mask(), v.PermutationMap(), v.InBounds()
		x.VT, _ = x.Vector.Type().(*ir.VectorType)
	}
	return x, x.VT != nil && len(x.Map.Results) == len(x.VT.Dims)
}

// UnderMask reports whether the transfer is the op of a vector.mask (whose
// lowering rewrites it).
func (x TransferParts) UnderMask() bool {
	p := x.Op.ParentOp()
	return p != nil && p.Name() == "vector.mask"
}
