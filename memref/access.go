package memref

import (
	"github.com/kiln-gpu/kiln/ir"
)

var load = &ir.OpDef{
	Name: "memref.load", Summary: "Reads one element of a memref.",
	Example:  "%r = memref.load %m[%i, %j] : memref<4x4xf32>",
	Traits:   ir.ReadOnly,
	Operands: ir.AtLeast(1),
	Results:  ir.Exactly(1),
	Inherent: []string{"nontemporal", "alignment"},
	Parse:    parseLoad,
	Print:    printLoad,
	Verify:   verifyLoad,
	Fold:     foldCastOperands(-1),
}

// parseAccess parses `%m[%i, %j] attr-dict : memref-type`, resolving the
// memref and its indices, and defaults nontemporal to false.
func parseAccess(p *ir.OpParser, st *ir.OpState) (ir.Type, error) {
	m, err := p.ParseOperand()
	if err != nil {
		return nil, err
	}
	idx, err := parseIndices(p)
	if err != nil {
		return nil, err
	}
	if err := p.ParseOptionalAttrDict(); err != nil {
		return nil, err
	}
	if ir.GetAttr(st.Attrs, "nontemporal") == nil {
		st.AddAttr("nontemporal", p.Context().BoolAttr(false))
	}
	loc := p.Loc()
	t, err := p.ParseColonType()
	if err != nil {
		return nil, err
	}
	mt, ok := t.(*ir.MemRefType)
	if !ok {
		return nil, ir.Errorf(loc, "invalid kind of type specified: expected builtin.memref, but found '%s'", ir.TypeString(t))
	}
	if err := p.ResolveOperands([]ir.UnresolvedOperand{m}, []ir.Type{t}); err != nil {
		return nil, err
	}
	return mt.Elem, resolveIndex(p, idx)
}

// printAccess writes `%m[%i] attr-dict : type` for the memref at operand i.
func printAccess(p *ir.OpPrinter, op *ir.Operation, i int) {
	p.Operand(op.Operand(i))
	printIndices(p, op.Operands()[i+1:])
	attrs := op.Attrs()
	if b, ok := op.Attr("nontemporal").(*ir.IntegerAttr); ok && !b.Bool() {
		p.OptionalAttrDict(attrs, "nontemporal")
	} else {
		p.OptionalAttrDict(attrs)
	}
	p.WriteString(" : ")
	p.Type(op.Operand(i).Type())
}

func parseLoad(p *ir.OpParser, st *ir.OpState) error {
	elem, err := parseAccess(p, st)
	st.ResultTypes = []ir.Type{elem}
	return err
}

func printLoad(p *ir.OpPrinter, op *ir.Operation) {
	p.WriteByte(' ')
	printAccess(p, op, 0)
}

// verifyAccess checks the memref operand at i, the indices after it and
// the access attributes.
func verifyAccess(op *ir.Operation, i int) (*ir.MemRefType, error) {
	if err := checkOperand(op, i, isRankedMemRef, rankedMemRef); err != nil {
		return nil, err
	}
	if err := checkIndexOperands(op, i+1, op.NumOperands()-i-1); err != nil {
		return nil, err
	}
	if a := op.Attr("nontemporal"); a != nil {
		if b, ok := a.(*ir.IntegerAttr); !ok || ir.IntOrFloatBitWidth(b.Type()) != 1 {
			return nil, op.Errorf("attribute 'nontemporal' failed to satisfy constraint: bool attribute")
		}
	}
	if err := checkAlignment(op, "alignment"); err != nil {
		return nil, err
	}
	t := op.Operand(i).Type().(*ir.MemRefType)
	return t, checkIndexCount(op, t, op.NumOperands()-i-1)
}

func verifyLoad(op *ir.Operation) error {
	t, err := verifyAccess(op, 0)
	if err != nil {
		return err
	}
	if op.Result(0).Type() != t.Elem {
		return op.Errorf("failed to verify that result type matches element type of 'memref'")
	}
	return nil
}

var store = &ir.OpDef{
	Name: "memref.store", Summary: "Writes one element of a memref.",
	Example:  "memref.store %v, %m[%i, %j] {nontemporal = true} : memref<4x4xf32>",
	Operands: ir.AtLeast(2),
	Inherent: []string{"nontemporal", "alignment"},
	Parse: func(p *ir.OpParser, st *ir.OpState) error {
		v, err := p.ParseOperand()
		if err != nil {
			return err
		}
		if err := p.ParsePunct(","); err != nil {
			return err
		}
		// The value comes first among the operands: resolve it after the
		// memref's type is known, then move it to the front.
		elem, err := parseAccess(p, st)
		if err != nil {
			return err
		}
		val, err := p.Resolve(v, elem)
		if err != nil {
			return err
		}
		st.Operands = append([]*ir.Value{val}, st.Operands...)
		return nil
	},
	Print: func(p *ir.OpPrinter, op *ir.Operation) {
		p.WriteByte(' ')
		p.Operand(op.Operand(0))
		p.WriteString(", ")
		printAccess(p, op, 1)
	},
	Verify: func(op *ir.Operation) error {
		t, err := verifyAccess(op, 1)
		if err != nil {
			return err
		}
		if op.Operand(0).Type() != t.Elem {
			return op.Errorf("failed to verify that type of 'value' matches element type of 'memref'")
		}
		return nil
	},
	Fold: foldCastOperands(0),
}

// foldCastOperands returns a folder that makes op use the ranked source of
// memref.cast operands directly (MLIR's foldMemRefCast), except for
// operand skip (the stored value).
func foldCastOperands(skip int) func(op *ir.Operation, _ []ir.Attribute) ([]ir.FoldResult, bool) {
	return func(op *ir.Operation, _ []ir.Attribute) ([]ir.FoldResult, bool) {
		folded := false
		for i, v := range op.Operands() {
			if i == skip {
				continue
			}
			if src := castSource(v); src != nil {
				op.SetOperand(i, src)
				folded = true
			}
		}
		return nil, folded
	}
}

// castSource returns the ranked source of a memref.cast that defines v.
func castSource(v *ir.Value) *ir.Value {
	d := v.DefiningOp()
	if d == nil || d.Name() != "memref.cast" || d.NumOperands() != 1 {
		return nil
	}
	if _, ok := d.Operand(0).Type().(*ir.MemRefType); !ok {
		return nil
	}
	return d.Operand(0)
}
