package toscf

import (
	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/vector"
)

// decomposePrint is MLIR's DecomposePrintOpConversion: vector.print of a
// vector becomes one scf.for per dimension printing the elements of the
// vector flattened to 1-d, with the brackets and commas between them,
// then the original punctuation. Integers narrower than 8 bits or of odd
// widths print widened to the next power of two.
func decomposePrint(op *ir.Operation, rw *ir.Rewriter) bool {
	p := vector.Print{Operation: op}
	src := p.Source()
	if src == nil {
		return false
	}
	vt, ok := src.Type().(*ir.VectorType)
	if !ok || len(vt.Dims) > 1 && vt.IsScalable() {
		return false
	}
	ctx := op.Context()
	rw.SetInsertionPointBefore(op)
	bd := b{vector.Builder{RW: rw, Loc: op.Loc()}}
	value := src
	if it, ok := vt.Elem.(*ir.IntegerType); ok {
		legal := 8
		for legal < it.Width {
			legal *= 2
		}
		if legal != it.Width {
			signless := ctx.ScalableVector(vt.Dims, vt.Scalable, ctx.I(it.Width))
			wide := ctx.ScalableVector(vt.Dims, vt.Scalable, ctx.I(legal))
			target := ctx.ScalableVector(vt.Dims, vt.Scalable, ctx.IntegerType(legal, it.Signedness))
			if it.Signedness != ir.Signless {
				value = bd.Op("vector.bitcast", []*ir.Value{value}, []ir.Type{signless})
			}
			ext := "arith.extsi"
			if it.Width == 1 || it.Signedness == ir.Unsigned {
				ext = "arith.extui"
			}
			value = bd.Op(ext, []*ir.Value{value}, []ir.Type{wide})
			if it.Signedness != ir.Signless {
				value = bd.Op("vector.bitcast", []*ir.Value{value}, []ir.Type{target})
			}
			vt = target
		}
	}
	shape := vt.Dims
	if len(shape) == 0 {
		shape = []int64{1}
	}
	if len(vt.Dims) != 1 {
		value = bd.Op("vector.shape_cast", []*ir.Value{value}, []ir.Type{ctx.Vector([]int64{vector.Product(shape)}, vt.Elem)})
	}
	punct := func(bd b, operands []*ir.Value, pu vector.Punctuation) *ir.Operation {
		return bd.RW.CreateOp("vector.print", bd.Loc, operands, nil,
			ir.NamedAttr{Name: "punctuation", Value: vector.PunctuationOf(ctx, pu)})
	}
	var firstClose *ir.Operation
	var ivs []*ir.Value
	for d, n := range shape {
		lb, ub, step := bd.Index(0), bd.Index(n), bd.Index(1)
		if len(vt.Scalable) > d && vt.Scalable[d] {
			vscale := bd.Op("vector.vscale", nil, []ir.Type{ctx.Index()})
			ub = bd.Op("arith.muli", []*ir.Value{ub, vscale}, []ir.Type{ctx.Index()})
		}
		last := bd.Op("arith.subi", []*ir.Value{ub, step}, []ir.Type{ctx.Index()})
		punct(bd, nil, vector.Open)
		loop := bd.loop(lb, ub, step, nil, func(b, *ir.Value, *ir.Value) *ir.Value { return nil })
		if c := punct(bd, nil, vector.Close); firstClose == nil {
			firstClose = c
		}
		iv := loop.Region(0).Entry().Arg(0)
		ivs = append(ivs, iv)
		rw.SetInsertionPointToStart(loop.Region(0).Entry())
		notLast := bd.cmpi(arith.CmpIULT, iv, last)
		bd.ifOp(notLast, nil, func(bd b) *ir.Value {
			punct(bd, nil, vector.Comma)
			return nil
		}, nil)
		rw.SetInsertionPointToStart(loop.Region(0).Entry())
	}
	var flat *ir.Value
	stride := int64(1)
	for d := len(shape) - 1; d >= 0; d-- {
		idx := bd.Op("arith.muli", []*ir.Value{bd.Index(stride), ivs[d]}, []ir.Type{ctx.Index()})
		if flat == nil {
			flat = idx
		} else {
			flat = bd.Op("arith.addi", []*ir.Value{flat, idx}, []ir.Type{ctx.Index()})
		}
		stride *= shape[d]
	}
	punct(bd, []*ir.Value{bd.ExtractAt(value, flat)}, vector.NoPunctuation)
	rw.SetInsertionPointAfter(firstClose)
	punct(bd, nil, p.Punctuation())
	rw.EraseOp(op)
	return true
}
