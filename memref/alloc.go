package memref

import (
	"slices"

	"github.com/kiln-gpu/kiln/ir"
)

var alloc = allocLike("memref.alloc", "Allocates a buffer on the heap.",
	"%r = memref.alloc(%d) {alignment = 64 : i64} : memref<4x?xf32>")

var alloca = allocLike("memref.alloca", "Allocates a buffer on the stack of the enclosing allocation scope.",
	"%r = memref.alloca(%d) : memref<?xf32, 3>")

func allocLike(name, summary, example string) *ir.OpDef {
	d := &ir.OpDef{
		Name: name, Summary: summary, Example: example,
		Traits:   ir.AllocOnly | ir.AttrSizedOperandSegments,
		Operands: ir.Variadic,
		Results:  ir.Exactly(1),
		Inherent: []string{"alignment"},
		Format: &ir.Format{Syntax: "`(` $dynamicSizes `)` (`` `[` $symbolOperands^ `]`)? attr-dict `:` type($memref)",
			Operands: []string{"dynamicSizes*", "symbolOperands*"}, Results: []string{"memref"},
			Types: indexTypes("dynamicSizes", "symbolOperands")},
		Verify:      verifyAlloc,
		ResultNames: resultName(name[len("memref."):]),
	}
	d.Canonicalize = []*ir.Pattern{
		{Name: "simplify-alloc-const", Root: name, Rewrite: simplifyAllocConst},
		{Name: "simplify-dead-alloc", Root: name, Rewrite: simplifyDeadAlloc},
	}
	return d
}

// resultName suggests one SSA name for every result.
func resultName(n string) func(op *ir.Operation, name func(v *ir.Value, name string)) {
	return func(op *ir.Operation, name func(v *ir.Value, name string)) {
		if op.NumResults() > 0 {
			name(op.Result(0), n)
		}
	}
}

func verifyAlloc(op *ir.Operation) error {
	if err := checkIndexOperands(op, 0, op.NumOperands()); err != nil {
		return err
	}
	if err := checkResult(op, 0, isRankedMemRef, rankedMemRef); err != nil {
		return err
	}
	if err := checkAlignment(op, "alignment"); err != nil {
		return err
	}
	t := op.Result(0).Type().(*ir.MemRefType)
	if err := verifyLayout(op, t); err != nil {
		return err
	}
	if n, want := len(ir.OperandSegment(op, 0)), numDynamicDims(t); n != want {
		return op.Errorf("incorrect number of dynamic sizes, has %d, expected %d", n, want)
	}
	if n, want := len(ir.OperandSegment(op, 1)), numSymbols(t); n != want {
		return op.Errorf("symbol operand count does not equal memref symbol count: expected %d, got %d", want, n)
	}
	if op.Name() == "memref.alloca" {
		for p := op.ParentOp(); ; p = p.ParentOp() {
			if p == nil {
				return op.Errorf("requires an ancestor op with AutomaticAllocationScope trait")
			}
			if p.HasTrait(ir.AutomaticAllocationScope) {
				break
			}
		}
	}
	return nil
}

// simplifyAllocConst folds constant dynamic sizes into the type of an
// allocation (keeping its layout and symbols) and casts back to the old
// type, as MLIR's SimplifyAllocConst does.
func simplifyAllocConst(op *ir.Operation, rw *ir.Rewriter) bool {
	t, ok := op.Result(0).Type().(*ir.MemRefType)
	if !ok {
		return false
	}
	syms := ir.OperandSegment(op, 1)
	dyn := ir.OperandSegment(op, 0)
	shape, keep, changed := ConstantSizes(t.Dims, dyn)
	if !changed {
		return false
	}
	ctx := op.Context()
	nt := ctx.MemRef(shape, t.Elem, t.Layout, t.MemorySpace)
	rw.SetInsertionPointBefore(op)
	st := &ir.OpState{Name: op.Name(), Loc: op.Loc(), Operands: append(keep, syms...), ResultTypes: []ir.Type{nt}, Attrs: op.DiscardableAttrs()}
	if a := op.Attr("alignment"); a != nil {
		st.AddAttr("alignment", a)
	}
	setSegments(st, ctx, len(keep), len(syms))
	n := rw.Create(st)
	c := rw.Create(&ir.OpState{Name: "memref.cast", Loc: op.Loc(), Operands: n.Results(), ResultTypes: []ir.Type{t}})
	rw.ReplaceOp(op, c.Results())
	return true
}

// ConstantSizes folds into a copy of dims the non-negative constants
// among sizes, the operands giving dims' dynamic entries in order: the new
// shape, the sizes still dynamic, and whether any folded (the shape
// folding of MLIR's SimplifyAllocConst, ViewOpShapeFolder and
// StaticTensorGenerate).
func ConstantSizes(dims []int64, sizes []*ir.Value) (shape []int64, keep []*ir.Value, changed bool) {
	shape = slices.Clone(dims)
	k := 0
	for i, d := range shape {
		if d != ir.Dynamic || k >= len(sizes) {
			continue
		}
		v := sizes[k]
		k++
		if c, ok := ir.ConstantIntAttr(v); ok && c.Int() >= 0 {
			shape[i] = c.Int()
			changed = true
			continue
		}
		keep = append(keep, v)
	}
	return shape, keep, changed
}

// simplifyDeadAlloc erases an allocation that is only stored into and
// deallocated, with those users (MLIR's SimplifyDeadAlloc).
func simplifyDeadAlloc(op *ir.Operation, rw *ir.Rewriter) bool {
	v := op.Result(0)
	var users []*ir.Operation
	for u := range v.Uses() {
		o := u.Owner()
		switch {
		case o.Name() == "memref.dealloc":
		case o.Name() == "memref.store" && u.Index() == 1:
		default:
			return false
		}
		users = append(users, o)
	}
	if len(users) == 0 {
		return false // trivially dead: the driver erases it
	}
	for _, o := range users {
		rw.EraseOp(o)
	}
	rw.EraseOp(op)
	return true
}

var dealloc = &ir.OpDef{
	Name: "memref.dealloc", Summary: "Frees a buffer made by memref.alloc.",
	Traits:   ir.MemRefsNormalizable,
	Example:  "memref.dealloc %m : memref<4x?xf32>",
	Operands: ir.Exactly(1),
	Format:   &ir.Format{Syntax: "$memref attr-dict `:` type($memref)", Operands: []string{"memref"}},
	Verify:   func(op *ir.Operation) error { return checkOperand(op, 0, isMemRef, anyMemRef) },
	Fold:     foldCastOperands(-1),
}
