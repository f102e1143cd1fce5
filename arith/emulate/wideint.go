package emulate

import (
	"fmt"
	"math"
	"math/big"

	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/rewrite"
)

// WideIntConverter is MLIR's WideIntEmulationConverter for targets whose
// widest integer has n bits: iN and narrower stay, i2N becomes
// vector<2xiN> (low half first), a vector of i2N gains a trailing
// dimension of 2 (vector<4xi64> -> vector<4x2xi32>), and wider integers
// do not convert, so the ops using them fail to legalize. With memrefs,
// a memref of i2N becomes a memref of vector<2xiN> (MLIR's
// populateMemRefWideIntEmulationConversions). Other types stay. n must
// be a power of two of at least 2.
func WideIntConverter(ctx *ir.Context, n int, memrefs bool) *rewrite.TypeConverter {
	var conv func(t ir.Type) ir.Type
	conv = func(t ir.Type) ir.Type {
		switch t := t.(type) {
		case *ir.IntegerType:
			switch {
			case t.Width <= n:
				return t
			case t.Width == 2*n:
				return ctx.Vector([]int64{2}, ctx.I(n))
			}
			return nil
		case *ir.VectorType:
			it, ok := t.Elem.(*ir.IntegerType)
			switch {
			case !ok || it.Width <= n:
				return t
			case it.Width == 2*n && t.Scalable == nil:
				return ctx.Vector(append(append([]int64(nil), t.Dims...), 2), ctx.I(n))
			}
			return nil
		case *ir.MemRefType:
			if _, ok := t.Elem.(*ir.IntegerType); !ok || !memrefs {
				return t
			}
			switch elem := conv(t.Elem); elem {
			case nil:
				return nil
			case t.Elem:
				return t
			default:
				return ctx.MemRef(t.Dims, elem, t.Layout, t.MemorySpace)
			}
		}
		return t
	}
	tc := rewrite.NewTypeConverter()
	// One conversion for every type: a nil answer for a too-wide integer
	// is then a failure, not a pass to an identity conversion.
	tc.AddConversion(func(t ir.Type) []ir.Type {
		if c := conv(t); c != nil {
			return []ir.Type{c}
		}
		return nil
	})
	return tc
}

// checkWidth is the pass's check of widest-int-supported.
func checkWidth(n int) error {
	if n < 2 || n&(n-1) != 0 {
		return fmt.Errorf("widest-int-supported must be a power of two no less than 2, got %d", n)
	}
	return nil
}

// WideInt runs arith-emulate-wide-int (MLIR's ArithEmulateWideInt) on op:
// the arith ops, function signatures, calls, returns and vector.print
// that use integers of 2n bits compute on pairs of n-bit halves instead
// (a partial conversion: other ops keep unrealized casts). An op on a
// type that does not convert (wider than 2n) fails to legalize.
func WideInt(op *ir.Operation, n int) error {
	if err := checkWidth(n); err != nil {
		return err
	}
	tc := WideIntConverter(op.Context(), n, false)
	target := rewrite.NewConversionTarget()
	target.AddDynamicallyLegalOp("func.func", func(op *ir.Operation) bool {
		ta, _ := op.Attr("function_type").(*ir.TypeAttr)
		if ta == nil {
			return true
		}
		ft, _ := ta.Value.(*ir.FunctionType)
		return ft == nil || tc.IsSignatureLegal(ft, nil)
	})
	for _, name := range []string{"func.call", "func.return", "vector.print"} {
		target.AddDynamicallyLegalOp(name, tc.IsLegalOp)
	}
	target.AddDynamicallyLegalDialect("arith", tc.IsLegalOp)
	target.AddLegalDialect("vector")
	patterns := append(WideIntPatterns(n), rewrite.FunctionSignature("func.func"),
		rewrite.OneToOne("func.call", "func.call"), rewrite.OneToOne("func.return", "func.return"))
	return rewrite.ApplyPartialConversion(op, target, rewrite.NewConversionPatternSet(tc, patterns...))
}

// WideIntPatterns are MLIR's arith wide integer emulation patterns for a
// WideIntConverter of n bits (populateArithWideIntEmulationPatterns).
func WideIntPatterns(n int) []*rewrite.ConversionPattern {
	return []*rewrite.ConversionPattern{
		wide("arith.constant", convertConstant),
		wide("arith.addi", convertAddI), wide("arith.subi", convertSubI), wide("arith.muli", convertMulI),
		wide("arith.andi", bitwise), wide("arith.ori", bitwise), wide("arith.xori", bitwise),
		wide("arith.cmpi", convertCmpI), wide("arith.select", convertSelect),
		wide("arith.maxui", maxMin(arith.CmpIUGT)), wide("arith.maxsi", maxMin(arith.CmpISGT)),
		wide("arith.minui", maxMin(arith.CmpIULT)), wide("arith.minsi", maxMin(arith.CmpISLT)),
		wide("arith.shli", convertShLI), wide("arith.shrui", convertShRUI), wide("arith.shrsi", convertShRSI),
		wide("arith.extsi", convertExtSI), wide("arith.extui", convertExtUI), wide("arith.trunci", convertTruncI),
		wide("arith.index_cast", indexToIndex), wide("arith.index_castui", indexToIndex),
		wide("arith.index_cast", indexFromIndex(n, "arith.extsi")), wide("arith.index_castui", indexFromIndex(n, "arith.extui")),
		wide("arith.sitofp", convertSIToFP), wide("arith.uitofp", convertUIToFP),
		wide("arith.fptosi", convertFPToSI), wide("arith.fptoui", convertFPToUI),
		wide("vector.print", convertPrint),
	}
}

// wideOp is what an emulation pattern sees: the op, its converted
// operands, the type converter and a builder before the op.
type wideOp struct {
	builder
	op       *ir.Operation
	operands []*ir.Value
	tc       *rewrite.TypeConverter
}

// converted returns the vector t converts to, or nil (no match: the type
// is not emulated).
func (w *wideOp) converted(t ir.Type) *ir.VectorType {
	vt, _ := w.tc.ConvertType(t).(*ir.VectorType)
	return vt
}

// wide makes an emulation pattern: emulate returns the values replacing
// op's results, or nil when it does not apply; it must then have built
// nothing.
func wide(root string, emulate func(w *wideOp) []*ir.Value) *rewrite.ConversionPattern {
	return &rewrite.ConversionPattern{
		Name: root + "-emulate-wide-int",
		Root: root,
		Rewrite: func(op *ir.Operation, operands []*ir.Value, rw *rewrite.ConversionRewriter) error {
			rw.SetInsertionPointBefore(op)
			w := &wideOp{builder: builder{arith.NewBuilder(&rw.Builder, op)}, op: op, operands: operands, tc: rw.TypeConverter()}
			vals := emulate(w)
			if vals == nil {
				return rewrite.NoMatch
			}
			rw.ReplaceOp(op, vals)
			return nil
		},
	}
}

func one(v *ir.Value) []*ir.Value { return []*ir.Value{v} }

// halvesOf splits an integer into its low and high n bits.
func halvesOf(v *big.Int, n int) (lo, hi *big.Int) {
	mask := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(n)), big.NewInt(1))
	lo = new(big.Int).And(v, mask)
	hi = new(big.Int).And(new(big.Int).Rsh(v, uint(n)), mask)
	return lo, hi
}

func convertConstant(w *wideOp) []*ir.Value {
	nt := w.converted(w.op.Result(0).Type())
	if nt == nil {
		return nil
	}
	n := nt.Elem.(*ir.IntegerType).Width
	var vals []*big.Int
	switch a := w.op.Attr("value").(type) {
	case *ir.IntegerAttr:
		lo, hi := halvesOf(a.Big(), n)
		vals = []*big.Int{lo, hi}
	case *ir.DenseElementsAttr:
		for i := range a.Len() {
			lo, hi := halvesOf(a.BigIntAt(i), n)
			vals = append(vals, lo, hi)
		}
	default:
		return nil
	}
	return one(arith.NewConstant(w.B, w.Ctx.DenseBigInts(nt, vals), nt, w.Loc))
}

// convertAddI adds the low halves with their carry out, and the carry and
// both high halves.
func convertAddI(w *wideOp) []*ir.Value {
	return convertCarried(w, "arith.addui_extended", func(carry, l1, r1 *ir.Value) *ir.Value {
		return w.Bin("arith.addi", w.Bin("arith.addi", carry, l1), r1)
	})
}

// convertSubI subtracts the low halves with their borrow out (MLIR PR
// 197762), and the borrow and the right high half from the left one.
func convertSubI(w *wideOp) []*ir.Value {
	return convertCarried(w, "arith.subui_extended", func(borrow, l1, r1 *ir.Value) *ir.Value {
		return w.Bin("arith.subi", w.Bin("arith.subi", l1, borrow), r1)
	})
}

// convertCarried applies the extended op ext (whose second result is the
// carry bit) to the low halves and high to the carry, widened, and the
// high halves.
func convertCarried(w *wideOp, ext string, high func(carry, l1, r1 *ir.Value) *ir.Value) []*ir.Value {
	nt := w.converted(w.op.Result(0).Type())
	if nt == nil {
		return nil
	}
	ct := componentType(w.Ctx, nt)
	l0, l1 := w.halves(w.operands[0])
	r0, r1 := w.halves(w.operands[1])
	low := w.make(ext, []*ir.Value{l0, r0}, []ir.Type{ct, arith.I1SameShape(w.Ctx, ct)})
	carry := w.Make("arith.extui", ct, nil, low.Result(1))
	return one(w.join(nt, low.Result(0), high(carry, l1, r1)))
}

// convertMulI is long multiplication that drops the top 2N bits.
func convertMulI(w *wideOp) []*ir.Value {
	nt := w.converted(w.op.Result(0).Type())
	if nt == nil {
		return nil
	}
	ct := componentType(w.Ctx, nt)
	l0, l1 := w.halves(w.operands[0])
	r0, r1 := w.halves(w.operands[1])
	ll := w.make("arith.mului_extended", []*ir.Value{l0, r0}, []ir.Type{ct, ct})
	lh := w.Bin("arith.muli", l0, r1)
	hl := w.Bin("arith.muli", l1, r0)
	hi := w.Bin("arith.addi", w.Bin("arith.addi", ll.Result(1), lh), hl)
	return one(w.join(nt, ll.Result(0), hi))
}

func bitwise(w *wideOp) []*ir.Value {
	nt := w.converted(w.op.Result(0).Type())
	if nt == nil {
		return nil
	}
	l0, l1 := w.halves(w.operands[0])
	r0, r1 := w.halves(w.operands[1])
	name := w.op.Name()
	return one(w.join(nt, w.Bin(name, l0, r0), w.Bin(name, l1, r1)))
}

// unsignedPred is the unsigned form of a signed ordering predicate.
func unsignedPred(p arith.CmpIPredicate) arith.CmpIPredicate {
	switch p {
	case arith.CmpISGE:
		return arith.CmpIUGE
	case arith.CmpISGT:
		return arith.CmpIUGT
	case arith.CmpISLE:
		return arith.CmpIULE
	case arith.CmpISLT:
		return arith.CmpIULT
	}
	return p
}

func convertCmpI(w *wideOp) []*ir.Value {
	p := arith.CmpIPredicate(pred(w.op))
	if w.converted(w.op.Operand(0).Type()) == nil || p < arith.CmpIEQ || p > arith.CmpIUGE {
		return nil
	}
	l0, l1 := w.halves(w.operands[0])
	r0, r1 := w.halves(w.operands[1])
	lo := w.CmpI(unsignedPred(p), l0, r0)
	hi := w.CmpI(p, l1, r1)
	var res *ir.Value
	switch p {
	case arith.CmpIEQ:
		res = w.Bin("arith.andi", lo, hi)
	case arith.CmpINE:
		res = w.Bin("arith.ori", lo, hi)
	default:
		// The high halves decide unless they are equal.
		res = w.Select(w.CmpI(arith.CmpIEQ, l1, r1), lo, hi)
	}
	return one(w.dropX1(res))
}

func convertSelect(w *wideOp) []*ir.Value {
	nt := w.converted(w.op.Result(0).Type())
	if nt == nil {
		return nil
	}
	t0, t1 := w.halves(w.operands[1])
	f0, f1 := w.halves(w.operands[2])
	c := w.appendX1(w.operands[0])
	return one(w.join(nt, w.Select(c, t0, f0), w.Select(c, t1, f1)))
}

// maxMin rewrites a min or max into a compare and a select of the
// original operands, which the other patterns then emulate.
func maxMin(p arith.CmpIPredicate) func(w *wideOp) []*ir.Value {
	return func(w *wideOp) []*ir.Value {
		if w.converted(w.op.Result(0).Type()) == nil {
			return nil
		}
		a, b := w.op.Operand(0), w.op.Operand(1)
		return one(w.Select(w.CmpI(p, a, b), a, b))
	}
}

// shiftParts returns what the logical shifts share: the halves of the
// shifted value, the low half of the amount (the high half only matters
// for amounts >= 2N, which give poison), the constants 0 and N of a
// half's type, and whether the amount reaches N.
func (w *wideOp) shiftParts(nt *ir.VectorType) (l0, l1, amt, zero, width, over *ir.Value) {
	ct := componentType(w.Ctx, nt)
	l0, l1 = w.halves(w.operands[0])
	amt = w.slice(w.operands[1], 0)
	zero = w.IConst(ct, 0)
	width = w.IConst(ct, int64(nt.Elem.(*ir.IntegerType).Width))
	over = w.CmpI(arith.CmpIUGE, amt, width)
	return l0, l1, amt, zero, width, over
}

// convertShLI shifts each half and moves the bits that cross from the low
// half into the high one. A shift by 0 would shift the low half right by
// N for those bits, which is poison, so the high half is then the input's
// (MLIR's pattern leaves that case poison: docs/RATIONALE.md).
func convertShLI(w *wideOp) []*ir.Value {
	nt := w.converted(w.op.Result(0).Type())
	if nt == nil {
		return nil
	}
	l0, l1, amt, zero, width, over := w.shiftParts(nt)
	r0 := w.Select(over, zero, w.Bin("arith.shli", l0, amt))
	capped := w.Select(over, width, amt)
	right := w.Bin("arith.shrui", l0, w.Bin("arith.subi", width, capped))
	left := w.Bin("arith.shli", l0, w.Bin("arith.subi", amt, width))
	high := w.Select(over, zero, w.Bin("arith.shli", l1, amt))
	r1 := w.Bin("arith.ori", w.Select(over, left, right), high)
	r1 = w.Select(w.CmpI(arith.CmpIEQ, amt, zero), l1, r1)
	return one(w.join(nt, r0, r1))
}

// convertShRUI mirrors convertShLI: bits cross from the high half into the
// low one, and a shift by 0 keeps the low half.
func convertShRUI(w *wideOp) []*ir.Value {
	nt := w.converted(w.op.Result(0).Type())
	if nt == nil {
		return nil
	}
	l0, l1, amt, zero, width, over := w.shiftParts(nt)
	low := w.Select(over, zero, w.Bin("arith.shrui", l0, amt))
	r1 := w.Select(over, zero, w.Bin("arith.shrui", l1, amt))
	capped := w.Select(over, width, amt)
	left := w.Bin("arith.shli", l1, w.Bin("arith.subi", width, capped))
	right := w.Bin("arith.shrui", l1, w.Bin("arith.subi", amt, width))
	r0 := w.Bin("arith.ori", low, w.Select(over, right, left))
	r0 = w.Select(w.CmpI(arith.CmpIEQ, amt, zero), l0, r0)
	return one(w.join(nt, r0, r1))
}

// convertShRSI is a logical shift of the original operands or'ed with the
// sign bits shifted in, all built on wide types for the other patterns to
// emulate; a shift by 0 is the input.
func convertShRSI(w *wideOp) []*ir.Value {
	nt := w.converted(w.op.Result(0).Type())
	if nt == nil {
		return nil
	}
	old := w.op.Result(0).Type()
	l1 := w.slice(w.operands[0], 1)
	amt := w.slice(w.operands[1], 0)
	narrow := amt.Type()
	zero := w.IConst(narrow, 0)
	sign := w.dropX1(w.CmpI(arith.CmpISLT, l1, zero))
	allSign := w.Make("arith.extsi", old, nil, sign)
	unshifted := w.Bin("arith.subi", w.IConst(narrow, int64(2*nt.Elem.(*ir.IntegerType).Width)), amt)
	signBits := w.Bin("arith.shli", allSign, w.Make("arith.extui", old, nil, w.dropX1(unshifted)))
	a, b := w.op.Operand(0), w.op.Operand(1)
	shrsi := w.Bin("arith.ori", w.Bin("arith.shrui", a, b), signBits)
	noop := w.dropX1(w.CmpI(arith.CmpIEQ, amt, zero))
	return one(w.Select(noop, a, shrsi))
}

func convertExtSI(w *wideOp) []*ir.Value {
	nt := w.converted(w.op.Result(0).Type())
	if nt == nil {
		return nil
	}
	ct := componentType(w.Ctx, nt)
	ext := w.cast("arith.extsi", ct, w.appendX1(w.operands[0]))
	sign := w.CmpI(arith.CmpISLT, ext, w.IConst(ct, 0))
	return one(w.join(nt, ext, w.Make("arith.extsi", ct, nil, sign)))
}

func convertExtUI(w *wideOp) []*ir.Value {
	nt := w.converted(w.op.Result(0).Type())
	if nt == nil {
		return nil
	}
	ext := w.cast("arith.extui", componentType(w.Ctx, nt), w.appendX1(w.operands[0]))
	return one(w.insert(ext, w.IConst(nt, 0), 0))
}

func convertTruncI(w *wideOp) []*ir.Value {
	rt := w.op.Result(0).Type()
	if !w.tc.IsLegal(rt) || w.converted(w.op.Operand(0).Type()) == nil {
		return nil
	}
	return one(w.cast("arith.trunci", rt, w.dropX1(w.slice(w.operands[0], 0))))
}

func isIndexLike(t ir.Type) bool {
	_, ok := ir.ElementTypeOrSelf(t).(*ir.IndexType)
	return ok
}

// indexToIndex casts the low half of a wide integer to index.
func indexToIndex(w *wideOp) []*ir.Value {
	rt := w.op.Result(0).Type()
	if !isIndexLike(rt) || w.converted(w.op.Operand(0).Type()) == nil {
		return nil
	}
	return one(w.Make(w.op.Name(), rt, nil, w.dropX1(w.slice(w.operands[0], 0))))
}

// indexFromIndex casts an index to iN and extends that to the wide type
// with ext, which the extension patterns then emulate.
func indexFromIndex(n int, ext string) func(w *wideOp) []*ir.Value {
	return func(w *wideOp) []*ir.Value {
		rt := w.op.Result(0).Type()
		if !isIndexLike(w.op.Operand(0).Type()) || w.converted(rt) == nil {
			return nil
		}
		narrow := arith.SameShape(w.Ctx, rt, w.Ctx.I(n))
		return one(w.Make(ext, rt, nil, w.Make(w.op.Name(), narrow, nil, w.operands[0])))
	}
}

// convertSIToFP converts the absolute value and negates the result of
// negative inputs, on wide types the other patterns emulate.
func convertSIToFP(w *wideOp) []*ir.Value {
	in := w.op.Operand(0)
	if w.converted(in.Type()) == nil {
		return nil
	}
	zero := w.IConst(in.Type(), 0)
	neg := w.CmpI(arith.CmpISLT, in, zero)
	abs := w.Select(neg, w.Bin("arith.subi", zero, in), in)
	res := w.Make("arith.uitofp", w.op.Result(0).Type(), nil, abs)
	return one(w.Select(neg, w.Make("arith.negf", res.Type(), nil, res), res))
}

// floatKind is the float kind of t's elements.
func floatKind(t ir.Type) (ir.FloatKind, bool) {
	ft, ok := ir.ElementTypeOrSelf(t).(*ir.FloatType)
	if !ok {
		return 0, false
	}
	return ft.Kind, true
}

// convertUIToFP is uitofp(low) + uitofp(high) * 2^N, or uitofp(low) alone
// when the high half is 0 (which folds when it is known).
func convertUIToFP(w *wideOp) []*ir.Value {
	nt := w.converted(w.op.Operand(0).Type())
	rt := w.op.Result(0).Type()
	k, ok := floatKind(rt)
	if nt == nil || !ok {
		return nil
	}
	lo, hi := w.halves(w.operands[0])
	lo, hi = w.dropX1(lo), w.dropX1(hi)
	hiZero := w.CmpI(arith.CmpIEQ, hi, w.IConst(hi.Type(), 0))
	loF := w.Make("arith.uitofp", rt, nil, lo)
	hiF := w.Make("arith.uitofp", rt, nil, hi)
	pow := w.FConst(rt, arith.RoundTo(k, math.Ldexp(1, nt.Elem.(*ir.IntegerType).Width), arith.ToNearestEven))
	sum := w.Bin("arith.addf", loF, w.Bin("arith.mulf", hiF, pow))
	return one(w.Select(hiZero, loF, sum))
}

// convertFPToSI converts the absolute value and negates the result of
// negative inputs, on wide types the other patterns emulate.
func convertFPToSI(w *wideOp) []*ir.Value {
	rt := w.op.Result(0).Type()
	in := w.operands[0]
	if w.converted(rt) == nil {
		return nil
	}
	zero := w.FConst(in.Type(), 0)
	zeroInt := w.IConst(rt, 0)
	neg := w.CmpF(arith.CmpFOLT, in, zero)
	abs := w.Select(neg, w.Make("arith.negf", in.Type(), nil, in), in)
	res := w.Make("arith.fptoui", rt, nil, abs)
	return one(w.Select(neg, w.Bin("arith.subi", zeroInt, res), res))
}

// convertFPToUI computes the high half as fptoui(x / 2^N) and the low one
// as fptoui(x rem 2^N). 2^N is rounded toward zero into the float type, as
// MLIR converts it (the largest finite value when it overflows).
func convertFPToUI(w *wideOp) []*ir.Value {
	rt := w.op.Result(0).Type()
	in := w.operands[0]
	nt := w.converted(rt)
	k, ok := floatKind(in.Type())
	if nt == nil || !ok {
		return nil
	}
	n := nt.Elem.(*ir.IntegerType).Width
	half := arith.SameShape(w.Ctx, in.Type(), w.Ctx.I(n))
	pow := w.FConst(in.Type(), arith.RoundTo(k, math.Ldexp(1, n), arith.TowardZero))
	hi := w.Make("arith.fptoui", half, nil, w.Bin("arith.divf", in, pow))
	lo := w.Make("arith.fptoui", half, nil, w.Bin("arith.remf", in, pow))
	hi, lo = w.appendX1(hi), w.appendX1(lo)
	return one(w.join(nt, lo, hi))
}

// convertPrint prints the converted value.
func convertPrint(w *wideOp) []*ir.Value {
	w.B.Create(&ir.OpState{Name: "vector.print", Loc: w.Loc, Operands: w.operands, Attrs: w.op.Attrs()})
	return []*ir.Value{}
}
