package arith

import (
	"math"

	"github.com/kiln-gpu/kiln/ir"
)

// castOp defines a cast `%r = arith.<name> %in <clauses> : T1 to T2`
// between types of one shape.
func castOp(name, summary, example string, from, to Constraint, compatible func(in, out ir.Type) bool, cs []Clause, simplify func(op *ir.Operation) *ir.FoldResult, canon ...*ir.Pattern) *ir.OpDef {
	full := "arith." + name
	return &ir.OpDef{
		Name:         full,
		Summary:      summary,
		Example:      example,
		Traits:       ir.Pure | ir.ElementwiseMappable,
		Operands:     ir.Exactly(1),
		Results:      ir.Exactly(1),
		Inherent:     ClauseNames(cs),
		Format:       castFormat(cs...),
		Canonicalize: canon,
		Verify: func(op *ir.Operation) error {
			if err := VerifyClauses(op, cs); err != nil {
				return err
			}
			if err := CheckOperands(op, from); err != nil {
				return err
			}
			if err := CheckResults(op, to); err != nil {
				return err
			}
			if err := VerifySameShape(op); err != nil {
				return err
			}
			if err := verifySameTensorDims(op); err != nil {
				return err
			}
			in, out := op.Operand(0).Type(), op.Result(0).Type()
			if !compatible(ir.ElementTypeOrSelf(in), ir.ElementTypeOrSelf(out)) || !sameEncoding(in, out) {
				return op.Errorf("operand type '%s' and result type '%s' are cast incompatible", ir.TypeString(in), ir.TypeString(out))
			}
			return VerifyElementwise(op)
		},
		Fold: func(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool) {
			// A cast to its own type is its operand (MLIR's CastOpInterface fold).
			if op.Operand(0).Type() == op.Result(0).Type() {
				return []ir.FoldResult{*value(op.Operand(0))}, true
			}
			if simplify != nil {
				if r := simplify(op); r != nil {
					if r.Attr == nil && r.Value == nil {
						return nil, true // updated in place
					}
					return []ir.FoldResult{*r}, true
				}
			}
			if p := PoisonOf(operands); p != nil {
				return []ir.FoldResult{{Attr: p}}, true
			}
			in, out := ir.ElementTypeOrSelf(op.Operand(0).Type()), ir.ElementTypeOrSelf(op.Result(0).Type())
			// An extf is exact, so it folds into f80 and f128 too: the
			// result holds the operand's value unchanged.
			if (!foldableCast(in) || !foldableCast(out)) && !(full == "arith.extf" && ir.IsFloat(in) && ir.IsFloat(out)) {
				return nil, false
			}
			return foldTo(FoldElementwise(op.Context(), op.Result(0).Type(), operands, func(xs []Scalar) (Scalar, bool) {
				r, ok := EvalCast(full, in, out, xs[0])
				// MLIR folds truncf only when no rounding happens, whatever the
				// mode: not when a value overflows to an infinity or a NaN,
				// saturates (f4, f6), or a NaN has no NaN to become (f4, f6).
				if (full == "arith.truncf" || full == "arith.convertf") && r.Float != xs[0].Float && !(math.IsNaN(r.Float) && math.IsNaN(xs[0].Float)) {
					return r, false
				}
				return r, ok
			}))
		},
	}
}

// foldableCast reports whether constants of element type t fold exactly.
func foldableCast(t ir.Type) bool {
	if ir.IsFloat(t) {
		_, ok := foldableKind(t)
		return ok
	}
	return intWidth(t) <= 64
}

// sameEncoding rejects casts between ranked tensors of different encodings.
func sameEncoding(a, b ir.Type) bool {
	ta, okA := a.(*ir.RankedTensorType)
	tb, okB := b.(*ir.RankedTensorType)
	return !okA || !okB || ta.Encoding == tb.Encoding
}

func intWider(in, out ir.Type) bool {
	return isSignlessInt(in) && isSignlessInt(out) && intWidth(out) > intWidth(in)
}

func intNarrower(in, out ir.Type) bool { return intWider(out, in) }

func floatWider(in, out ir.Type) bool {
	return ir.IsFloat(in) && ir.IsFloat(out) && ir.IntOrFloatBitWidth(out) > ir.IntOrFloatBitWidth(in)
}

func floatNarrower(in, out ir.Type) bool { return floatWider(out, in) }

func floatSameWidth(in, out ir.Type) bool {
	return ir.IsFloat(in) && ir.IsFloat(out) && ir.IntOrFloatBitWidth(out) == ir.IntOrFloatBitWidth(in)
}

func isIntToFloat(in, out ir.Type) bool { return isSignlessInt(in) && ir.IsFloat(out) }

func isFloatToInt(in, out ir.Type) bool { return ir.IsFloat(in) && isSignlessInt(out) }

func indexCastable(in, out ir.Type) bool {
	_, inIdx := in.(*ir.IndexType)
	_, outIdx := out.(*ir.IndexType)
	return inIdx && isSignlessInt(out) || outIdx && isSignlessInt(in)
}

func bitcastable(in, out ir.Type) bool {
	ok := func(t ir.Type) bool { return isSignlessInt(t) || ir.IsFloat(t) }
	return ok(in) && ok(out) && ir.IntOrFloatBitWidth(in) == ir.IntOrFloatBitWidth(out)
}

// chain returns the input of op's operand when it is defined by one of names.
func chain(op *ir.Operation, names ...string) *ir.Value {
	d := op.Operand(0).DefiningOp()
	if d == nil {
		return nil
	}
	for _, n := range names {
		if d.Name() == n {
			return d.Operand(0)
		}
	}
	return nil
}

// inPlace sets op's operand to v and reports the in-place update.
func inPlace(op *ir.Operation, v *ir.Value) *ir.FoldResult {
	op.SetOperand(0, v)
	return &ir.FoldResult{}
}

// collapseSame folds op(op(x)) to op(x), as extsi and trunci do.
func collapseSame(op *ir.Operation) *ir.FoldResult {
	if x := chain(op, op.Name()); x != nil {
		return inPlace(op, x)
	}
	return nil
}

// extuiOfExtui folds extui(extui(x)) to extui(x). The merged extension
// keeps nneg only when the inner one has it: the outer flag speaks of the
// inner result, which is non-negative whatever x is (MLIR PR 216315).
func extuiOfExtui(op *ir.Operation) *ir.FoldResult {
	d := op.Operand(0).DefiningOp()
	if d == nil || d.Name() != op.Name() {
		return nil
	}
	if !NonNeg(d) {
		op.RemoveAttr("nonNeg")
	}
	return inPlace(op, d.Operand(0))
}

// NonNeg reports whether op carries the nneg flag (extui, uitofp,
// index_castui).
func NonNeg(op *ir.Operation) bool { return op.Attr("nonNeg") != nil }

// nonNegAttrs returns the nonNeg attribute when nneg holds, for a new op.
func nonNegAttrs(op *ir.Operation, nneg bool) []ir.NamedAttr {
	if !nneg {
		return nil
	}
	return []ir.NamedAttr{{Name: "nonNeg", Value: op.Context().UnitAttr()}}
}

// indexCastRoundTrip folds index_cast(index_cast(x)) to x, likewise
// index_castui, when x has the result type and the middle type is at least
// as wide as x, index counting as 64 bits: the first cast then loses
// nothing (MLIR PR 189042; narrowing first, e.g. index to i8 to index,
// does not fold).
func indexCastRoundTrip(op *ir.Operation) *ir.FoldResult {
	x := chain(op, op.Name())
	if x == nil || x.Type() != op.Result(0).Type() {
		return nil
	}
	if elemWidth(op.Operand(0).Type()) < elemWidth(x.Type()) {
		return nil
	}
	return value(x)
}

// truncISimplify folds trunci(ext(x)) to x or trunci(x), and trunci(trunci(x)) to trunci(x).
func truncISimplify(op *ir.Operation) *ir.FoldResult {
	if x := chain(op, "arith.extsi", "arith.extui"); x != nil {
		switch src, dst := ir.ElementTypeOrSelf(x.Type()), ir.ElementTypeOrSelf(op.Result(0).Type()); {
		case src == dst:
			return value(x)
		case intWidth(src) > intWidth(dst):
			return inPlace(op, x)
		}
	}
	return collapseSame(op)
}

// truncfOfExtf folds truncf(extf(x)) to x when x has the result type, and
// to truncf(x) when x is wider than the result (MLIR's TruncFOp::fold).
func truncfOfExtf(op *ir.Operation) *ir.FoldResult {
	x := chain(op, "arith.extf")
	if x == nil {
		return nil
	}
	switch src, dst := ir.ElementTypeOrSelf(x.Type()), ir.ElementTypeOrSelf(op.Result(0).Type()); {
	case src == dst:
		return value(x)
	case ir.IntOrFloatBitWidth(src) > ir.IntOrFloatBitWidth(dst):
		return inPlace(op, x)
	}
	return nil
}

// extfOfContractTruncf folds extf(truncf(x)) to x when both casts allow
// contraction (fastmath contract) and x has the result type (MLIR's
// ExtFOp::fold).
func extfOfContractTruncf(op *ir.Operation) *ir.FoldResult {
	t := op.Operand(0).DefiningOp()
	if t == nil || t.Name() != "arith.truncf" || t.Operand(0).Type() != op.Result(0).Type() {
		return nil
	}
	if !hasContract(op) || !hasContract(t) {
		return nil
	}
	return value(t.Operand(0))
}

func hasContract(op *ir.Operation) bool {
	fm, ok := op.Attr("fastmath").(*FastMathAttr)
	return ok && fm.Flags&FastMathContract != 0
}

// truncfOfIntToFloat rewrites truncf(sitofp(x)) to sitofp(x) of the
// narrower type, and likewise uitofp, when the truncf has no rounding mode
// (MLIR's TruncFSIToFPToSIToFP and TruncFUIToFPToUIToFP).
func truncfOfIntToFloat(conv string) *ir.Pattern {
	return &ir.Pattern{
		Name: "arith.truncf-of-" + conv,
		Root: "arith.truncf",
		Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
			d := op.Operand(0).DefiningOp()
			if d == nil || d.Name() != conv || op.Attr("roundingmode") != nil {
				return false
			}
			replaceWith(rw, op, conv, []*ir.Value{d.Operand(0)}, nonNegAttrs(op, NonNeg(d)))
			return true
		},
	}
}

// bitcastSimplify folds bitcast(bitcast(x)) to x or bitcast(x).
func bitcastSimplify(op *ir.Operation) *ir.FoldResult {
	if x := chain(op, "arith.bitcast"); x != nil {
		if x.Type() == op.Result(0).Type() {
			return value(x)
		}
		return inPlace(op, x)
	}
	return nil
}

// nonNeg is the clause list of the casts that take the nneg flag.
var nonNeg = []Clause{ClauseNonNeg}

var (
	extui = castOp("extui", "integer zero extension operation", "%r = arith.extui %a nneg : vector<4xi8> to vector<4xi32>",
		FixedWidthIntLike, FixedWidthIntLike, intWider, nonNeg, extuiOfExtui)
	extsi = castOp("extsi", "integer sign extension operation", "%r = arith.extsi %a : i8 to i32",
		FixedWidthIntLike, FixedWidthIntLike, intWider, nil, collapseSame, extsiOfExtui)
	trunci = castOp("trunci", "integer truncation operation", "%r = arith.trunci %a overflow<nuw> : i32 to i8",
		FixedWidthIntLike, FixedWidthIntLike, intNarrower, overflow, truncISimplify, truncIOfExt, truncIShrSI, truncIMulHigh)
	extf = castOp("extf", "cast from floating-point to wider floating-point", "%r = arith.extf %a fastmath<contract> : f16 to f32",
		FloatLike, FloatLike, floatWider, []Clause{ClauseFastMathOptional}, extfOfContractTruncf)
	truncf = castOp("truncf", "cast from floating-point to narrower floating-point", "%r = arith.truncf %a toward_zero fastmath<fast> : f32 to bf16",
		FloatLike, FloatLike, floatNarrower, []Clause{ClauseRounding, ClauseFastMathOptional}, truncfOfExtf,
		truncfOfIntToFloat("arith.sitofp"), truncfOfIntToFloat("arith.uitofp"))
	// convertf is current MLIR's conversion between float types of one
	// width (f16 and bf16, the f8 types; PR 188041), modeled on truncf.
	convertf = castOp("convertf", "cast between floating-point types of the same width", "%r = arith.convertf %a : vector<2xf16> to vector<2xbf16>",
		FloatLike, FloatLike, floatSameWidth, []Clause{ClauseRounding, ClauseFastMathOptional}, nil)
	sitofp = castOp("sitofp", "cast from integer type to floating-point", "%r = arith.sitofp %a : i32 to f32",
		FixedWidthIntLike, FloatLike, isIntToFloat, nil, nil, intToFloatOfExt("arith.sitofp", "arith.extsi"),
		intToFloatOfExt("arith.sitofp", "arith.extui"))
	uitofp = castOp("uitofp", "cast from unsigned integer type to floating-point", "%r = arith.uitofp %a nneg : vector<2xi64> to vector<2xf16>",
		FixedWidthIntLike, FloatLike, isIntToFloat, nonNeg, nil, intToFloatOfExt("arith.uitofp", "arith.extui"))
	fptosi = castOp("fptosi", "cast from floating-point type to integer type", "%r = arith.fptosi %a : f32 to i32",
		FloatLike, FixedWidthIntLike, isFloatToInt, nil, nil)
	fptoui = castOp("fptoui", "cast from floating-point type to integer type", "%r = arith.fptoui %a : f64 to i8",
		FloatLike, FixedWidthIntLike, isFloatToInt, nil, nil)
	indexCast = castOp("index_cast", "cast between index and integer types", "%r = arith.index_cast %a : index to i32",
		indexCastType, indexCastType, indexCastable, nil, indexCastRoundTrip,
		indexCastOfExt("arith.index_cast", "arith.extsi"))
	indexCastUI = castOp("index_castui", "unsigned cast between index and integer types", "%r = arith.index_castui %a nneg : i32 to index",
		indexCastType, indexCastType, indexCastable, nonNeg, indexCastRoundTrip,
		indexCastOfExt("arith.index_castui", "arith.extui"))
	bitcast = castOp("bitcast", "bitcast between values of equal bit width", "%r = arith.bitcast %a : f32 to i32",
		bitcastType, bitcastType, bitcastable, nil, bitcastSimplify)
)
