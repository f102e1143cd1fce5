package vector

import (
	"github.com/kiln-gpu/kiln/arith"
	"slices"

	"github.com/kiln-gpu/kiln/ir"
)

// fmaOp is vector.fma, elementwise a*b+c:
//
//	%r = vector.fma %a, %b, %c : vector<4xf32>
var fmaOp = &ir.OpDef{
	Name:     "vector.fma",
	Summary:  "vector fused multiply-add",
	Example:  "%r = vector.fma %a, %b, %c : vector<4xf32>",
	Traits:   ir.Pure | ir.SameOperandsAndResultType | ir.ElementwiseMappable,
	Operands: ir.Exactly(3),
	Results:  ir.Exactly(1),
	Format: &ir.Format{Syntax: "$lhs `,` $rhs `,` $acc attr-dict `:` type($lhs)",
		Operands: []string{"lhs", "rhs", "acc"}, Results: []string{"result"}},
	Verify: func(op *ir.Operation) error {
		for i, v := range op.Operands() {
			if vt, ok := vectorOf(v); !ok || !ir.IsFloat(vt.Elem) {
				return op.Errorf("operand #%d must be vector of floating-point values, but got %s", i, typeQuoted(v.Type()))
			}
		}
		return nil
	},
}

// reductionOp is vector.reduction of a 1-D (or 0-D) vector to a scalar,
// with an optional accumulator:
//
//	%r = vector.reduction <add>, %v, %acc : vector<4xf32> into f32
var reductionOp = &ir.OpDef{
	Name:     "vector.reduction",
	Summary:  "reduction operation",
	Example:  "%r = vector.reduction <maxnumf>, %v, %acc fastmath<nnan> : vector<4xf32> into f32",
	Traits:   ir.Pure,
	Operands: ir.Between(1, 2),
	Results:  ir.Exactly(1),
	Inherent: []string{"kind", "fastmath"},
	Format: &ir.Format{Syntax: "$kind `,` $vector (`,` $acc^)? (`fastmath` `` $fastmath^)? attr-dict `:` type($vector) `into` type($dest)",
		Operands: []string{"vector", "acc?"}, Results: []string{"dest"},
		Attrs:     []ir.FormatAttr{kindFormat("vector.reduction"), arith.FastMathFormat},
		TypesFrom: []ir.TypeFrom{{From: "dest", To: "acc"}}},
	Verify: func(op *ir.Operation) error {
		k, err := verifyKindAttr(op)
		if err != nil {
			return err
		}
		vt, err := vectorOperand(op, 0)
		if err != nil {
			return err
		}
		rt := op.Result(0).Type()
		if vt.Elem != rt {
			return op.Errorf("failed to verify that source operand and result have same element type")
		}
		if op.NumOperands() == 2 && op.Operand(1).Type() != rt {
			return op.Errorf("failed to verify that all of {acc, dest} have same type")
		}
		if len(vt.Dims) > 1 {
			return op.Errorf("unsupported reduction rank: %d", len(vt.Dims))
		}
		if !k.SupportsType(rt) {
			return op.Errorf("unsupported reduction type %s for kind '%s'", typeQuoted(rt), k)
		}
		return nil
	},
	Canonicalize: []*ir.Pattern{elideSingleElementReduction},
}

// elideSingleElementReduction rewrites the reduction of a one-element
// vector to an extract (combined with the accumulator, if any, through
// the arith op of the kind).
var elideSingleElementReduction = &ir.Pattern{
	Name: "ElideSingleElementReduction",
	Root: "vector.reduction",
	Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
		vt, ok := vectorOf(op.Operand(0))
		if !ok || vt.IsScalable() || ir.NumElements(vt) != 1 {
			return false
		}
		rt := op.Result(0).Type()
		combine := ""
		if op.NumOperands() == 2 {
			if combine = ArithCombiner(KindOf(op), rt); combine == "" {
				return false
			}
		}
		// Under a vector.mask, masked-off lanes keep the accumulator.
		root, mask, ok := maskingRoot(op)
		if !ok {
			return false
		}
		rw.SetInsertionPointBefore(root)
		pos := op.Context().DenseI64Array(make([]int64, len(vt.Dims))...)
		extract := func(v *ir.Value, t ir.Type) *ir.Value {
			return rw.Create(&ir.OpState{Name: "vector.extract", Loc: op.Loc(), Operands: []*ir.Value{v},
				ResultTypes: []ir.Type{t}, Attrs: []ir.NamedAttr{{Name: "static_position", Value: pos}}}).Result(0)
		}
		if mask != nil {
			mask = extract(mask, op.Context().I(1))
		}
		v := extract(op.Operand(0), rt)
		if combine != "" {
			v = rw.Create(&ir.OpState{Name: combine, Loc: op.Loc(), Operands: []*ir.Value{v, op.Operand(1)}, ResultTypes: []ir.Type{rt}}).Result(0)
			if mask != nil {
				v = rw.Create(&ir.OpState{Name: "arith.select", Loc: op.Loc(), Operands: []*ir.Value{mask, v, op.Operand(1)}, ResultTypes: []ir.Type{rt}}).Result(0)
			}
		}
		rw.ReplaceOp(root, []*ir.Value{v})
		return true
	},
}

// ArithCombiner names the arith op that combines two values of type t
// with kind k ("" when there is none, e.g. a float kind on integers).
func ArithCombiner(k CombiningKind, t ir.Type) string {
	isFloat := ir.IsFloat(ir.ElementTypeOrSelf(t))
	if isFloat {
		switch k {
		case KindAdd:
			return "arith.addf"
		case KindMul:
			return "arith.mulf"
		case KindMinNumF:
			return "arith.minnumf"
		case KindMaxNumF:
			return "arith.maxnumf"
		case KindMinimumF:
			return "arith.minimumf"
		case KindMaximumF:
			return "arith.maximumf"
		}
		return ""
	}
	return map[CombiningKind]string{KindAdd: "arith.addi", KindMul: "arith.muli", KindMinUI: "arith.minui",
		KindMinSI: "arith.minsi", KindMaxUI: "arith.maxui", KindMaxSI: "arith.maxsi", KindAnd: "arith.andi",
		KindOr: "arith.ori", KindXor: "arith.xori"}[k]
}

// multiReductionOp is vector.multi_reduction over some dimensions:
//
//	%r = vector.multi_reduction <add>, %v, %acc [1] : vector<4x8xf32> to vector<4xf32>
var multiReductionOp = &ir.OpDef{
	Name:     "vector.multi_reduction",
	Summary:  "Multi-dimensional reduction operation",
	Example:  "%r = vector.multi_reduction <add>, %v, %acc [1] : vector<4x8xf32> to vector<4xf32>",
	Traits:   ir.Pure,
	Operands: ir.Exactly(2),
	Results:  ir.Exactly(1),
	Inherent: []string{"kind", "reduction_dims"},
	Format: &ir.Format{Syntax: "$kind `,` $source `,` $acc attr-dict $reduction_dims `:` type($source) `to` type($dest)",
		Operands: []string{"source", "acc"}, Results: []string{"dest"},
		Attrs:      []ir.FormatAttr{kindFormat("vector.multi_reduction"), ir.DenseIntArrayFormat("reduction_dims", 64)},
		TypesMatch: [][]string{{"dest", "acc"}}},
	Verify: func(op *ir.Operation) error {
		k, err := verifyKindAttr(op)
		if err != nil {
			return err
		}
		vt, err := vectorOperand(op, 0)
		if err != nil {
			return err
		}
		dims := attrInts(op, "reduction_dims")
		var shape []int64
		var sc []bool
		for i, d := range vt.Dims {
			if !slices.Contains(dims, int64(i)) {
				shape = append(shape, d)
				sc = append(sc, isScalableDim(vt, i))
			}
		}
		for _, d := range dims {
			if d < 0 || d >= int64(len(vt.Dims)) {
				return op.Errorf("reduction dimension %d is out of range", d)
			}
		}
		var want ir.Type = vt.Elem
		if len(shape) > 0 {
			want = op.Context().ScalableVector(shape, scalableOrNil(sc), vt.Elem)
		}
		rt := op.Result(0).Type()
		if rt != want {
			return op.Errorf("destination type %s is incompatible with source type %s", typeQuoted(rt), typeQuoted(vt))
		}
		if op.Operand(1).Type() != rt {
			return op.Errorf("failed to verify that all of {dest, acc} have same type")
		}
		if !k.SupportsType(vt.Elem) {
			return op.Errorf("unsupported reduction type %s for kind '%s'", typeQuoted(vt.Elem), k)
		}
		return nil
	},
	Fold: func(op *ir.Operation, _ []ir.Attribute) ([]ir.FoldResult, bool) {
		// A single parallel dimension is a no-op (MLIR's fold, which keeps
		// the accumulator out of it).
		if vt, ok := vectorOf(op.Operand(0)); ok && len(vt.Dims) == 1 && len(attrInts(op, "reduction_dims")) == 0 {
			return foldTo(op.Operand(0))
		}
		return nil, false
	},
	Canonicalize: []*ir.Pattern{elideUnitDimsMultiReduction},
}

// ReductionDims returns which source dimensions a multi_reduction reduces.
func ReductionDims(op *ir.Operation) []int64 { return attrInts(op, "reduction_dims") }
