package memref

import (
	"slices"

	"github.com/kiln-gpu/kiln/ir"
)

// parseCastLike parses `%x attr-dict : from to into`.
func parseCastLike(p *ir.OpParser, st *ir.OpState) error {
	u, err := p.ParseOperand()
	if err != nil {
		return err
	}
	return parseCastTail(p, st, u)
}

// parseCastTail parses `attr-dict : from to into` after the operand u.
func parseCastTail(p *ir.OpParser, st *ir.OpState, u ir.UnresolvedOperand) error {
	from, to, err := ir.ParseAttrDictColonTypes(p, "to")
	if err != nil {
		return err
	}
	st.ResultTypes = []ir.Type{to}
	return p.ResolveOperands([]ir.UnresolvedOperand{u}, []ir.Type{from})
}

func printCastLike(p *ir.OpPrinter, op *ir.Operation) {
	p.WriteByte(' ')
	p.Operand(op.Operand(0))
	p.OptionalAttrDict(op.Attrs())
	p.WriteString(" : ")
	p.Type(op.Operand(0).Type())
	p.WriteString(" to ")
	p.Type(op.Result(0).Type())
}

func castIncompatible(op *ir.Operation) error {
	return op.Errorf("operand type '%s' and result type '%s' are cast incompatible",
		ir.TypeString(op.Operand(0).Type()), ir.TypeString(op.Result(0).Type()))
}

var cast = &ir.OpDef{
	Name: "memref.cast", Summary: "Converts a memref to a compatible memref type (static/dynamic sizes, strides, rank).",
	Example:     "%r = memref.cast %m : memref<4xf32> to memref<?xf32>",
	Traits:      ir.Pure,
	Operands:    ir.Exactly(1),
	Results:     ir.Exactly(1),
	Parse:       parseCastLike,
	Print:       printCastLike,
	ResultNames: resultName("cast"),
	Verify: func(op *ir.Operation) error {
		if err := checkOperand(op, 0, isMemRef, anyMemRef); err != nil {
			return err
		}
		if err := checkResult(op, 0, isMemRef, anyMemRef); err != nil {
			return err
		}
		if !IsCastCompatible(op.Operand(0).Type(), op.Result(0).Type()) {
			return castIncompatible(op)
		}
		return nil
	},
	Fold: func(op *ir.Operation, _ []ir.Attribute) ([]ir.FoldResult, bool) {
		src := op.Operand(0)
		if src.Type() == op.Result(0).Type() {
			return []ir.FoldResult{{Value: src}}, true
		}
		// cast(cast(x)) to x's type is x; otherwise skip the middle cast
		// when that is still a valid cast.
		if d := src.DefiningOp(); d != nil && d.Name() == "memref.cast" {
			inner := d.Operand(0)
			if inner.Type() == op.Result(0).Type() {
				return []ir.FoldResult{{Value: inner}}, true
			}
			if IsCastCompatible(inner.Type(), op.Result(0).Type()) && isRankedMemRef(src.Type()) {
				op.SetOperand(0, inner)
				return nil, true
			}
		}
		return nil, false
	},
}

var memorySpaceCast = &ir.OpDef{
	Name: "memref.memory_space_cast", Summary: "Moves a memref to another memory space, keeping everything else.",
	Example:     "%r = memref.memory_space_cast %m : memref<4xf32, 3> to memref<4xf32>",
	Traits:      ir.Pure,
	Operands:    ir.Exactly(1),
	Results:     ir.Exactly(1),
	Parse:       parseCastLike,
	Print:       printCastLike,
	ResultNames: resultName("memspacecast"),
	Verify: func(op *ir.Operation) error {
		if err := checkOperand(op, 0, isMemRef, anyMemRef); err != nil {
			return err
		}
		if err := checkResult(op, 0, isMemRef, anyMemRef); err != nil {
			return err
		}
		a, b := op.Operand(0).Type(), op.Result(0).Type()
		ar, aRanked := a.(*ir.MemRefType)
		br, bRanked := b.(*ir.MemRefType)
		switch {
		case aRanked && bRanked:
			if !slices.Equal(ar.Dims, br.Dims) || ar.Elem != br.Elem || ar.Layout != br.Layout {
				return castIncompatible(op)
			}
		case aRanked || bRanked || ir.ElementTypeOrSelf(a) != ir.ElementTypeOrSelf(b):
			return castIncompatible(op)
		}
		return nil
	},
	Fold: func(op *ir.Operation, _ []ir.Attribute) ([]ir.FoldResult, bool) {
		if op.Operand(0).Type() == op.Result(0).Type() {
			return []ir.FoldResult{{Value: op.Operand(0)}}, true
		}
		if d := op.Operand(0).DefiningOp(); d != nil && d.Name() == "memref.memory_space_cast" {
			op.SetOperand(0, d.Operand(0))
			return nil, true
		}
		return nil, false
	},
}

var dim = &ir.OpDef{
	Name: "memref.dim", Summary: "Returns the size of one dimension of a memref.",
	Example:     "%r = memref.dim %m, %i : memref<4x?xf32>",
	Traits:      ir.Pure, // the shape is not memory (MLIR's NoMemoryEffect)
	Operands:    ir.Exactly(2),
	Results:     ir.Exactly(1),
	ResultNames: resultName("dim"),
	// attr-dict %m, %i : type
	Parse: func(p *ir.OpParser, st *ir.OpState) error {
		if err := p.ParseOptionalAttrDict(); err != nil {
			return err
		}
		m, err := p.ParseOperand()
		if err != nil {
			return err
		}
		if err := p.ParsePunct(","); err != nil {
			return err
		}
		i, err := p.ParseOperand()
		if err != nil {
			return err
		}
		t, err := p.ParseColonType()
		if err != nil {
			return err
		}
		idx := p.Context().Index()
		st.ResultTypes = []ir.Type{idx}
		return p.ResolveOperands([]ir.UnresolvedOperand{m, i}, []ir.Type{t, idx})
	},
	Print: func(p *ir.OpPrinter, op *ir.Operation) {
		p.OptionalAttrDict(op.Attrs())
		p.WriteByte(' ')
		p.Operands(op.Operands())
		p.WriteString(" : ")
		p.Type(op.Operand(0).Type())
	},
	Verify: func(op *ir.Operation) error {
		nonZeroRank := func(t ir.Type) bool {
			r, ok := t.(*ir.MemRefType)
			return !ok && isMemRef(t) || ok && len(r.Dims) > 0
		}
		if err := checkOperand(op, 0, nonZeroRank, "unranked.memref of any type values or non-0-ranked.memref of any type values"); err != nil {
			return err
		}
		if err := checkOperand(op, 1, isIndex, "index"); err != nil {
			return err
		}
		if err := checkResult(op, 0, isIndex, "index"); err != nil {
			return err
		}
		// A constant index out of range is allowed (the result is poison), as in MLIR.
		return nil
	},
	Fold: foldDim,
}

// foldDim folds a static dimension to a constant, the dynamic size of an
// allocation to its operand, and looks through memref.cast.
func foldDim(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool) {
	ctx := op.Context()
	c, ok := operands[1].(*ir.IntegerAttr)
	t, ranked := op.Operand(0).Type().(*ir.MemRefType)
	if ok && ranked {
		i := c.Int()
		if i < 0 || i >= int64(len(t.Dims)) {
			return nil, false
		}
		if t.Dims[i] != ir.Dynamic {
			return []ir.FoldResult{{Attr: ctx.IndexAttr(t.Dims[i])}}, true
		}
		if d := op.Operand(0).DefiningOp(); d != nil && (d.Name() == "memref.alloc" || d.Name() == "memref.alloca") {
			k := 0
			for _, s := range t.Dims[:i] {
				if s == ir.Dynamic {
					k++
				}
			}
			if dyn := ir.OperandSegment(d, 0); k < len(dyn) {
				return []ir.FoldResult{{Value: dyn[k]}}, true
			}
		}
	}
	return foldCastOperands(1)(op, operands)
}

var rank = &ir.OpDef{
	Name: "memref.rank", Summary: "Returns the rank of a memref.",
	Example:  "%r = memref.rank %m : memref<*xf32>",
	Traits:   ir.Pure,
	Operands: ir.Exactly(1),
	Results:  ir.Exactly(1),
	Parse: func(p *ir.OpParser, st *ir.OpState) error {
		m, err := p.ParseOperand()
		if err != nil {
			return err
		}
		if err := p.ParseOptionalAttrDict(); err != nil {
			return err
		}
		t, err := p.ParseColonType()
		if err != nil {
			return err
		}
		st.ResultTypes = []ir.Type{p.Context().Index()}
		return p.ResolveOperands([]ir.UnresolvedOperand{m}, []ir.Type{t})
	},
	Print: ir.PrintOperandColonType,
	Verify: func(op *ir.Operation) error {
		if err := checkOperand(op, 0, isMemRef, anyMemRef); err != nil {
			return err
		}
		return checkResult(op, 0, isIndex, "index")
	},
	Fold: func(op *ir.Operation, _ []ir.Attribute) ([]ir.FoldResult, bool) {
		if t, ok := op.Operand(0).Type().(*ir.MemRefType); ok {
			return []ir.FoldResult{{Attr: op.Context().IndexAttr(int64(len(t.Dims)))}}, true
		}
		return nil, false
	},
}
