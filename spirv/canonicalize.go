package spirv

import (
	"slices"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/spirv/spv"
)

// MLIR's folds and canonicalization patterns of the spirv dialect that go
// beyond constant folding (fold.go): algebraic identities, chained
// bitcasts and access chains, composite extraction through inserts and
// constructs, negated comparisons, nested unsigned modulos, and selections
// that store one of two values.

// identityFolds fold an op whose operands are not all constants; they run
// after constant folding failed.
var identityFolds = map[string]func(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool){
	"spirv.IAdd": rhsZeroIsIdentity,
	"spirv.IMul": func(op *ir.Operation, cs []ir.Attribute) ([]ir.FoldResult, bool) {
		if splatIntIs(cs[1], 0) {
			return []ir.FoldResult{{Attr: cs[1]}}, true
		}
		return valueIf(op.Operand(0), splatIntIs(cs[1], 1))
	},
	"spirv.ISub": func(op *ir.Operation, _ []ir.Attribute) ([]ir.FoldResult, bool) {
		if op.Operand(0) != op.Operand(1) {
			return nil, false
		}
		return []ir.FoldResult{{Attr: intAttrOf(op.Context(), op.Result(0).Type(), 0)}}, true
	},
	"spirv.LogicalAnd": func(op *ir.Operation, cs []ir.Attribute) ([]ir.FoldResult, bool) {
		if b, ok := splatBool(cs[1]); ok {
			if !b {
				return []ir.FoldResult{{Attr: cs[1]}}, true
			}
			return valueIf(op.Operand(0), true)
		}
		return nil, false
	},
	"spirv.LogicalOr": func(op *ir.Operation, cs []ir.Attribute) ([]ir.FoldResult, bool) {
		if b, ok := splatBool(cs[1]); ok {
			if b {
				return []ir.FoldResult{{Attr: cs[1]}}, true
			}
			return valueIf(op.Operand(0), true)
		}
		return nil, false
	},
	"spirv.LogicalNotEqual": func(op *ir.Operation, cs []ir.Attribute) ([]ir.FoldResult, bool) {
		if b, ok := splatBool(cs[1]); ok && !b {
			return valueIf(op.Operand(0), true)
		}
		return sameOperandsAre(false)(op, cs)
	},
	"spirv.UDiv":                 rhsOneIsIdentity,
	"spirv.SDiv":                 rhsOneIsIdentity,
	"spirv.UMod":                 rhsOneIsZero,
	"spirv.SMod":                 rhsOneIsZero,
	"spirv.SRem":                 rhsOneIsZero,
	"spirv.ShiftLeftLogical":     rhsZeroIsIdentity,
	"spirv.ShiftRightLogical":    rhsZeroIsIdentity,
	"spirv.ShiftRightArithmetic": rhsZeroIsIdentity,
	"spirv.IEqual":               sameOperandsAre(true),
	"spirv.LogicalEqual":         sameOperandsAre(true),
	"spirv.INotEqual":            sameOperandsAre(false),
	"spirv.BitwiseAnd": func(op *ir.Operation, cs []ir.Attribute) ([]ir.FoldResult, bool) {
		switch {
		case op.Operand(0) == op.Operand(1) || isAllOnes(cs[1], op.Result(0).Type()):
			return valueIf(op.Operand(0), true)
		case splatIntIs(cs[1], 0):
			return valueIf(op.Operand(1), true)
		}
		return nil, false
	},
	"spirv.BitwiseOr": func(op *ir.Operation, cs []ir.Attribute) ([]ir.FoldResult, bool) {
		switch {
		case op.Operand(0) == op.Operand(1) || splatIntIs(cs[1], 0):
			return valueIf(op.Operand(0), true)
		case isAllOnes(cs[1], op.Result(0).Type()):
			return valueIf(op.Operand(1), true)
		}
		return nil, false
	},
	"spirv.BitwiseXor": func(op *ir.Operation, cs []ir.Attribute) ([]ir.FoldResult, bool) {
		if splatIntIs(cs[1], 0) {
			return valueIf(op.Operand(0), true)
		}
		if op.Operand(0) == op.Operand(1) {
			return []ir.FoldResult{{Attr: intAttrOf(op.Context(), op.Result(0).Type(), 0)}}, true
		}
		return nil, false
	},
	"spirv.Bitcast":          foldBitcast,
	"spirv.CompositeExtract": foldCompositeExtract,
}

var patterns = map[string][]*ir.Pattern{
	"spirv.AccessChain":         {combineChains("spirv.AccessChain", "spirv.combine-chained-access-chain")},
	"spirv.InBoundsAccessChain": {combineChains("spirv.InBoundsAccessChain", "spirv.combine-chained-inbounds-access-chain")},
	"spirv.LogicalNot":          {negatedComparison},
	"spirv.UMod":                {nestedUMod},
	"spirv.mlir.selection":      {selectionToSelect},
}

// attachCanonicalization adds the folds and patterns above to ops, and to
// commutative ops the fold of MLIR's Commutative trait (after the op's own
// fold fails): a constant left operand moves to the right.
func attachCanonicalization(ops []*ir.OpDef) {
	for _, d := range ops {
		folds := []func(op *ir.Operation, cs []ir.Attribute) ([]ir.FoldResult, bool){d.Fold, identityFolds[d.Name]}
		if d.Traits&ir.Commutative != 0 {
			folds = append(folds, constantToRight)
		}
		folds = slices.DeleteFunc(folds, func(f func(*ir.Operation, []ir.Attribute) ([]ir.FoldResult, bool)) bool { return f == nil })
		if len(folds) > 1 {
			d.Fold = func(op *ir.Operation, cs []ir.Attribute) ([]ir.FoldResult, bool) {
				for _, f := range folds {
					if r, ok := f(op, cs); ok {
						return r, ok
					}
				}
				return nil, false
			}
		} else if len(folds) == 1 {
			d.Fold = folds[0]
		}
		d.Canonicalize = append(d.Canonicalize, patterns[d.Name]...)
	}
}

// constantToRight swaps a constant left operand with a non-constant right one.
func constantToRight(op *ir.Operation, cs []ir.Attribute) ([]ir.FoldResult, bool) {
	if len(cs) != 2 || cs[0] == nil || cs[1] != nil {
		return nil, false
	}
	l, r := op.Operand(0), op.Operand(1)
	op.SetOperand(0, r)
	op.SetOperand(1, l)
	return nil, true
}

func valueIf(v *ir.Value, ok bool) ([]ir.FoldResult, bool) {
	if !ok {
		return nil, false
	}
	return []ir.FoldResult{{Value: v}}, true
}

// splatInt returns the value of an integer scalar or splat constant.
func splatInt(a ir.Attribute) (int64, bool) {
	switch a := a.(type) {
	case *ir.IntegerAttr:
		return a.Int(), true
	case *ir.DenseElementsAttr:
		if _, ok := a.ShapedType().ElementType().(*ir.IntegerType); ok && a.IsSplat() {
			return a.IntAt(0), true
		}
	}
	return 0, false
}

func splatIntIs(a ir.Attribute, v int64) bool {
	x, ok := splatInt(a)
	return ok && x == v
}

// splatBool returns the value of a bool scalar or splat constant.
func splatBool(a ir.Attribute) (bool, bool) {
	x, ok := splatInt(a)
	return x != 0, ok
}

// intAttrOf returns v (1 is true) of an integer or bool scalar or vector type.
func intAttrOf(ctx *ir.Context, t ir.Type, v int64) ir.Attribute {
	if vt, ok := t.(*ir.VectorType); ok {
		return ctx.DenseSplat(vt, ctx.IntegerAttr(vt.Elem, v))
	}
	return ctx.IntegerAttr(t, v)
}

// isAllOnes reports whether a is an integer scalar or splat with all bits set.
func isAllOnes(a ir.Attribute, t ir.Type) bool {
	v, ok := splatInt(a)
	mask := ^uint64(0) >> (64 - bitWidth(elemType(t)))
	return ok && uint64(v)&mask == mask
}

func rhsOneIsIdentity(op *ir.Operation, cs []ir.Attribute) ([]ir.FoldResult, bool) {
	return valueIf(op.Operand(0), splatIntIs(cs[1], 1))
}

func rhsZeroIsIdentity(op *ir.Operation, cs []ir.Attribute) ([]ir.FoldResult, bool) {
	return valueIf(op.Operand(0), splatIntIs(cs[1], 0))
}

func rhsOneIsZero(op *ir.Operation, cs []ir.Attribute) ([]ir.FoldResult, bool) {
	if !splatIntIs(cs[1], 1) {
		return nil, false
	}
	return []ir.FoldResult{{Attr: intAttrOf(op.Context(), op.Result(0).Type(), 0)}}, true
}

// sameOperandsAre folds a comparison of a value with itself to b.
func sameOperandsAre(b bool) func(op *ir.Operation, cs []ir.Attribute) ([]ir.FoldResult, bool) {
	return func(op *ir.Operation, _ []ir.Attribute) ([]ir.FoldResult, bool) {
		if op.Operand(0) != op.Operand(1) {
			return nil, false
		}
		return []ir.FoldResult{{Attr: intAttrOf(op.Context(), op.Result(0).Type(), b2i(b))}}, true
	}
}

// foldBitcast folds a bitcast to its operand's type away and looks through
// a bitcast of a bitcast (updating the operand in place).
func foldBitcast(op *ir.Operation, _ []ir.Attribute) ([]ir.FoldResult, bool) {
	in := op.Operand(0)
	if in.Type() == op.Result(0).Type() {
		return valueIf(in, true)
	}
	prev := in.DefiningOp()
	if prev == nil || prev.Name() != "spirv.Bitcast" {
		return nil, false
	}
	if prev.Operand(0).Type() == op.Result(0).Type() {
		return valueIf(prev.Operand(0), true)
	}
	op.SetOperand(0, prev.Operand(0))
	return nil, true
}

// foldCompositeExtract looks through inserts at other indices, takes the
// inserted value at the same indices or a constituent of a construct that
// has one per element, or extracts from a constant.
func foldCompositeExtract(op *ir.Operation, cs []ir.Attribute) ([]ir.FoldResult, bool) {
	idx := indicesOf(op)
	c := op.Operand(0)
	for ins := c.DefiningOp(); ins != nil && ins.Name() == "spirv.CompositeInsert"; ins = c.DefiningOp() {
		if slices.Equal(indicesOf(ins), idx) {
			return valueIf(ins.Operand(0), true)
		}
		c = ins.Operand(1)
	}
	if con := c.DefiningOp(); con != nil && con.Name() == "spirv.CompositeConstruct" && len(idx) == 1 {
		if n, ok := numCompositeElements(con.Result(0).Type()); ok && int64(con.NumOperands()) == n && idx[0] < n {
			return valueIf(con.Operand(int(idx[0])), true)
		}
	}
	a := cs[0]
	for _, i := range idx {
		a = compositeElementAttr(op.Context(), a, i)
	}
	if a == nil {
		return nil, false
	}
	return []ir.FoldResult{{Attr: a}}, true
}

// indicesOf returns the indices attribute of a CompositeExtract or CompositeInsert.
func indicesOf(op *ir.Operation) []int64 {
	arr, _ := op.Attr("indices").(*ir.ArrayAttr)
	if arr == nil {
		return nil
	}
	idx := make([]int64, len(arr.Elems))
	for i, e := range arr.Elems {
		if ia, ok := e.(*ir.IntegerAttr); ok {
			idx[i] = ia.Int()
		}
	}
	return idx
}

// numCompositeElements returns the number of elements of a vector, array
// or struct type.
func numCompositeElements(t ir.Type) (int64, bool) {
	switch t := t.(type) {
	case *ir.VectorType:
		return numElements(t), true
	case *ArrayType:
		return t.Len, true
	case *StructType:
		return int64(t.NumMembers()), true
	}
	return 0, false
}

// compositeElementAttr returns element i of a constant array or 1-D dense
// vector (nil if a is not one).
func compositeElementAttr(ctx *ir.Context, a ir.Attribute, i int64) ir.Attribute {
	switch a := a.(type) {
	case *ir.ArrayAttr:
		if i >= 0 && i < int64(len(a.Elems)) {
			return a.Elems[i]
		}
	case *ir.DenseElementsAttr:
		if len(a.ShapedType().Shape()) == 1 && i >= 0 && i < int64(a.Len()) {
			return a.ElementAttr(ctx, int(i))
		}
	}
	return nil
}

// combineChains rewrites X(X(base, i...), j...) to X(base, i..., j...) for
// X spirv.AccessChain, and for X spirv.InBoundsAccessChain, where both
// segments being in bounds keeps the combined chain in bounds (MLIR's
// CombineChainedAccessChain and CombineChainedInBoundsAccessChain).
func combineChains(name, patternName string) *ir.Pattern {
	return &ir.Pattern{
		Name: patternName,
		Root: name,
		Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
			parent := op.Operand(0).DefiningOp()
			if parent == nil || parent.Name() != name {
				return false
			}
			operands := append(slices.Clone(parent.Operands()), op.Operands()[1:]...)
			rw.ReplaceOpWith(op, &ir.OpState{Name: op.Name(), Loc: op.Loc(), Operands: operands,
				ResultTypes: op.ResultTypes(), Attrs: op.Attrs()})
			return true
		},
	}
}

// negations maps a comparison to its negation.
var negations = map[string]string{
	"spirv.IEqual": "spirv.INotEqual", "spirv.INotEqual": "spirv.IEqual",
	"spirv.LogicalEqual": "spirv.LogicalNotEqual", "spirv.LogicalNotEqual": "spirv.LogicalEqual",
}

// negatedComparison rewrites LogicalNot(IEqual(a, b)) to INotEqual(a, b),
// and likewise for INotEqual, LogicalEqual and LogicalNotEqual.
var negatedComparison = &ir.Pattern{
	Name: "spirv.negated-comparison",
	Root: "spirv.LogicalNot",
	Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
		cmp := op.Operand(0).DefiningOp()
		if cmp == nil || negations[cmp.Name()] == "" {
			return false
		}
		rw.ReplaceOpWith(op, &ir.OpState{Name: negations[cmp.Name()], Loc: op.Loc(), Operands: cmp.Operands(),
			ResultTypes: op.ResultTypes()})
		return true
	},
}

// nestedUMod rewrites UMod(UMod(x, a), b) to UMod(x, b) for scalar
// constants where b divides a.
var nestedUMod = &ir.Pattern{
	Name: "spirv.nested-umod",
	Root: "spirv.UMod",
	Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
		inner := op.Operand(0).DefiningOp()
		if inner == nil || inner.Name() != "spirv.UMod" {
			return false
		}
		a, ok1 := scalarIntConstant(inner.Operand(1))
		b, ok2 := scalarIntConstant(op.Operand(1))
		if !ok1 || !ok2 || b == 0 || a%b != 0 {
			return false
		}
		rw.ModifyInPlace(op, func() { op.SetOperand(0, inner.Operand(0)) })
		return true
	},
}

// scalarIntConstant returns the unsigned value of a scalar integer constant.
func scalarIntConstant(v *ir.Value) (uint64, bool) {
	op := v.DefiningOp()
	if op == nil || !op.HasTrait(ir.ConstantLike) {
		return 0, false
	}
	a, ok := op.Attr("value").(*ir.IntegerAttr)
	if !ok {
		return 0, false
	}
	return uint64(a.Int()) & (^uint64(0) >> (64 - bitWidth(a.Type()))), true
}

// selectionToSelect rewrites a spirv.mlir.selection whose two cases only
// store a scalar or vector to the same pointer, with the same attributes,
// into a spirv.Select and one store.
var selectionToSelect = &ir.Pattern{
	Name: "spirv.selection-to-select",
	Root: "spirv.mlir.selection",
	Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
		if op.NumResults() != 0 {
			return false
		}
		blocks := op.Region(0).BlockList()
		if len(blocks) != 4 {
			return false
		}
		br := blocks[0].First()
		if br == nil || br != blocks[0].Last() || br.Name() != "spirv.BranchConditional" {
			return false
		}
		merge := op.Region(0).Last()
		t, f := caseStore(br.Successor(0), merge), caseStore(br.Successor(1), merge)
		if t == nil || f == nil || t.Operand(0) != f.Operand(0) || !slices.Equal(t.Attrs(), f.Attrs()) ||
			!scalarOrVector.OK(t.Operand(1).Type()) {
			return false
		}
		if _, vec := t.Operand(1).Type().(*ir.VectorType); vec && !scalarSelectsVectors(op) {
			return false
		}
		rw.SetInsertionPointBefore(op)
		v := t.Operand(1)
		sel := rw.CreateOp("spirv.Select", op.Loc(), []*ir.Value{br.Operand(0), v, f.Operand(1)}, []ir.Type{v.Type()})
		rw.CreateOp("spirv.Store", sel.Loc(), []*ir.Value{t.Operand(0), sel.Result(0)}, nil, t.Attrs()...)
		rw.EraseOp(op)
		return true
	},
}

// scalarSelectsVectors reports whether a spirv.Select with a scalar
// condition may pick between vectors where op is: SPIR-V allows it from
// version 1.4, so inside a spirv.module whose vce triple is older (or not
// deduced yet) the rewrite would make an invalid module. MLIR rewrites
// vectors everywhere; outside any spirv.module (MLIR's tests) Kiln does too.
func scalarSelectsVectors(op *ir.Operation) bool {
	for p := op.ParentOp(); p != nil; p = p.ParentOp() {
		if p.Name() == "spirv.module" {
			vce := ModuleVCE(p)
			return vce != nil && vce.Version >= spv.MakeVersion(1, 4)
		}
	}
	return true
}

// caseStore returns the store of a block that holds only a spirv.Store
// and a spirv.Branch to merge, or nil.
func caseStore(b, merge *ir.Block) *ir.Operation {
	st := b.First()
	if st == nil || st.Name() != "spirv.Store" {
		return nil
	}
	br := st.NextOp()
	if br == nil || br != b.Last() || br.Name() != "spirv.Branch" || br.Successor(0) != merge {
		return nil
	}
	return st
}
