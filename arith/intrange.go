package arith

import (
	"github.com/kiln-gpu/kiln/arith/intrange"
	"github.com/kiln-gpu/kiln/ir"
)

// The ops' integer range rules (MLIR's InferIntRangeInterfaceImpls.cpp for
// arith), the OpDef.InferIntRanges hooks of int-range-optimizations and
// the passes on its analysis.
func init() {
	binary := map[*ir.OpDef]func(l, r intrange.Range) intrange.Range{
		divui: intrange.DivU, divsi: intrange.DivS, ceildivui: intrange.CeilDivU, ceildivsi: intrange.CeilDivS,
		floordivsi: intrange.FloorDivS, remui: intrange.RemU, remsi: intrange.RemS,
		andi: intrange.And, ori: intrange.Or, xori: intrange.Xor, shrui: intrange.ShrU, shrsi: intrange.ShrS,
		maxsi: intrange.MaxS, maxui: intrange.MaxU, minsi: intrange.MinS, minui: intrange.MinU,
	}
	for d, rule := range binary {
		d.InferIntRanges = intrange.Binary(rule)
	}
	withFlags := map[*ir.OpDef]func(l, r intrange.Range, f intrange.Overflow) intrange.Range{
		addi: intrange.Add, subi: intrange.Sub, muli: intrange.Mul, shli: intrange.Shl,
	}
	for d, rule := range withFlags {
		d.InferIntRanges = intrange.Infer(func(op *ir.Operation, args []intrange.Range) intrange.Range {
			return rule(args[0], args[1], overflowOf(op))
		})
	}
	width := func(op *ir.Operation) int { return intrange.StorageWidth(op.Result(0).Type()) }
	extui.InferIntRanges = intrange.Infer(func(op *ir.Operation, a []intrange.Range) intrange.Range {
		return intrange.ExtU(a[0], width(op))
	})
	extsi.InferIntRanges = intrange.Infer(func(op *ir.Operation, a []intrange.Range) intrange.Range {
		return intrange.ExtS(a[0], width(op))
	})
	trunci.InferIntRanges = intrange.Infer(func(op *ir.Operation, a []intrange.Range) intrange.Range {
		return intrange.Trunc(a[0], width(op))
	})
	indexCast.InferIntRanges = intrange.Infer(func(op *ir.Operation, a []intrange.Range) intrange.Range {
		return intrange.Cast(a[0], width(op), true)
	})
	indexCastUI.InferIntRanges = intrange.Infer(func(op *ir.Operation, a []intrange.Range) intrange.Range {
		return intrange.Cast(a[0], width(op), false)
	})
	cmpi.InferIntRanges = intrange.Infer(func(op *ir.Operation, a []intrange.Range) intrange.Range {
		p, _ := cmpiEnum.value(op)
		return intrange.CmpRange(int(p), a[0], a[1])
	})
	constantOp.InferIntRanges = inferConstant
	selectOp.InferIntRanges = inferSelect
}

func overflowOf(op *ir.Operation) intrange.Overflow {
	var f intrange.Overflow
	if a, ok := op.Attr("overflowFlags").(*OverflowAttr); ok {
		if a.Flags&OverflowNSW != 0 {
			f |= intrange.NSW
		}
		if a.Flags&OverflowNUW != 0 {
			f |= intrange.NUW
		}
	}
	return f
}

// inferConstant gives an integer constant its value, a dense one the
// union of its elements.
func inferConstant(op *ir.Operation, _ []intrange.Range, set func(*ir.Value, intrange.Range)) {
	w := intrange.StorageWidth(op.Result(0).Type())
	if w == 0 {
		return
	}
	switch a := op.Attr("value").(type) {
	case *ir.IntegerAttr:
		if w > 64 {
			set(op.Result(0), intrange.ConstantBig(w, a.Big()))
		} else {
			set(op.Result(0), intrange.Constant(w, a.Uint()))
		}
	case *ir.DenseElementsAttr:
		n := 1
		if !a.IsSplat() {
			n = a.Len()
		}
		var r intrange.Range
		for i := range n {
			if w > 64 {
				r = intrange.Join(r, intrange.ConstantBig(w, a.BigIntAt(i)))
			} else {
				r = intrange.Join(r, intrange.Constant(w, uint64(a.IntAt(i))))
			}
		}
		set(op.Result(0), r)
	}
}

// inferSelect is SelectOp's inferResultRangesFromOptional: the chosen
// operand's range when the condition is known, else the union (maximal if
// one side has no range).
func inferSelect(op *ir.Operation, a []intrange.Range, set func(*ir.Value, intrange.Range)) {
	if c, ok := intrange.ConstantValue(a[0]); ok {
		if c == 0 {
			set(op.Result(0), a[2])
		} else {
			set(op.Result(0), a[1])
		}
		return
	}
	if a[1].Width == 0 || a[2].Width == 0 {
		set(op.Result(0), intrange.MaxRangeOf(op.Result(0)))
		return
	}
	set(op.Result(0), intrange.Join(a[1], a[2]))
}
