package transforms

import (
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/spirv"
)

// identity says how an integer or boolean op simplifies with a constant
// operand or equal operands. Values are compared as bit patterns of the
// element width, so allOnes is -1 and true.
type identity struct {
	name        string
	neutral     int64 // op(x, neutral) = x
	absorbing   int64 // op(x, absorbing) = absorbing, when hasAbsorbing
	hasAbsorb   bool
	commutative bool // the constant may be on either side
	self        int  // op(x, x): 0 nothing, 1 x, 2 zero
}

const allOnes = -1

var identities = []identity{
	{name: "spirv.IAdd", neutral: 0, commutative: true},
	{name: "spirv.ISub", neutral: 0, self: 2},
	{name: "spirv.IMul", neutral: 1, absorbing: 0, hasAbsorb: true, commutative: true},
	{name: "spirv.UDiv", neutral: 1},
	{name: "spirv.SDiv", neutral: 1},
	{name: "spirv.BitwiseAnd", neutral: allOnes, absorbing: 0, hasAbsorb: true, commutative: true, self: 1},
	{name: "spirv.BitwiseOr", neutral: 0, absorbing: allOnes, hasAbsorb: true, commutative: true, self: 1},
	{name: "spirv.BitwiseXor", neutral: 0, commutative: true, self: 2},
	{name: "spirv.ShiftLeftLogical", neutral: 0},
	{name: "spirv.ShiftRightLogical", neutral: 0},
	{name: "spirv.ShiftRightArithmetic", neutral: 0},
	{name: "spirv.LogicalAnd", neutral: allOnes, absorbing: 0, hasAbsorb: true, commutative: true, self: 1},
	{name: "spirv.LogicalOr", neutral: 0, absorbing: allOnes, hasAbsorb: true, commutative: true, self: 1},
	{name: "spirv.LogicalNotEqual", neutral: 0, commutative: true, self: 2},
}

func identityOf(name string) *identity {
	for i := range identities {
		if identities[i].name == name {
			return &identities[i]
		}
	}
	return nil
}

// simplifyIdentity applies op's identity row.
func simplifyIdentity(op *ir.Operation, rw *ir.Rewriter) bool {
	id := identityOf(op.Name())
	x, y := op.Operand(0), op.Operand(1)
	w := elemWidth(x.Type())
	if x == y && id.self != 0 {
		if id.self == 1 {
			rw.ReplaceOp(op, []*ir.Value{x})
			return true
		}
		rw.SetInsertionPointBefore(op)
		rw.ReplaceOp(op, []*ir.Value{zero(rw, op.Result(0).Type(), op.Loc())})
		return true
	}
	sides := [][2]*ir.Value{{x, y}}
	if id.commutative {
		sides = append(sides, [2]*ir.Value{y, x})
	}
	for _, s := range sides {
		c, ok := constInt(s[1])
		if !ok {
			continue
		}
		switch {
		case sameBits(c, id.neutral, w) && s[0].Type() == op.Result(0).Type():
			rw.ReplaceOp(op, []*ir.Value{s[0]})
			return true
		case id.hasAbsorb && sameBits(c, id.absorbing, w) && s[1].Type() == op.Result(0).Type():
			rw.ReplaceOp(op, []*ir.Value{s[1]})
			return true
		}
	}
	return false
}

// constInt returns the value of a scalar or splat integer spirv.Constant.
func constInt(v *ir.Value) (int64, bool) {
	def := v.DefiningOp()
	if def == nil || def.Name() != "spirv.Constant" {
		return 0, false
	}
	switch a := def.Attr("value").(type) {
	case *ir.IntegerAttr:
		return a.Int(), true
	case *ir.DenseElementsAttr:
		if a.IsSplat() {
			if e, ok := a.ElementAttr(def.Context(), 0).(*ir.IntegerAttr); ok {
				return e.Int(), true
			}
		}
	}
	return 0, false
}

// sameBits compares the low w bits of a and b.
func sameBits(a, b int64, w int) bool {
	if w <= 0 || w >= 64 {
		return a == b
	}
	mask := int64(1)<<w - 1
	return a&mask == b&mask
}

func elemWidth(t ir.Type) int {
	if v, ok := t.(*ir.VectorType); ok {
		t = v.Elem
	}
	if i, ok := t.(*ir.IntegerType); ok {
		return i.Width
	}
	return 0
}

// zero returns a new spirv.Constant 0 (false) of integer or boolean type t.
func zero(rw *ir.Rewriter, t ir.Type, loc ir.Location) *ir.Value {
	ctx := rw.Context()
	var a ir.Attribute
	if v, ok := t.(*ir.VectorType); ok {
		a = ctx.DenseSplat(v, ctx.IntegerAttr(v.Elem, 0))
	} else {
		a = ctx.IntegerAttr(t, 0)
	}
	return spirv.NewConstant(&rw.Builder, a, t, loc)
}
