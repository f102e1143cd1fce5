package spirv

import (
	"slices"
	"strings"

	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/spirv/spv"
)

// Elementwise ops of the core instruction set are rows of tables: a name,
// a summary and an operand constraint; elementwiseOp turns a row into an
// OpDef with the shared syntax `%r = spirv.<Name> %a, %b : T`.

// elemRow is one elementwise op.
type elemRow struct {
	name, summary string
	traits        ir.Trait
}

// elemShape says how many operands an elementwise op has and what it returns.
type elemShape struct {
	operands   int
	constraint arith.Constraint
	boolResult bool // comparisons: i1 or vector of i1 of the operand's shape
	exampleTy  string
}

func elementwiseOp(r elemRow, s elemShape) *ir.OpDef {
	example := "%r = spirv." + r.name + " %a"
	if s.operands >= 2 {
		example += ", %b"
	}
	example += " : " + s.exampleTy
	// The verifier's constraints, one per operand (their number is checked first).
	cs := make([]arith.Constraint, s.operands)
	for i := range cs {
		cs[i] = s.constraint
	}
	traits := r.traits | ir.Pure
	if !s.boolResult {
		traits |= ir.SameOperandsAndResultType
	}
	return &ir.OpDef{
		Name:     "spirv." + r.name,
		Summary:  r.summary,
		Example:  example,
		Traits:   traits,
		Operands: ir.Exactly(s.operands),
		Results:  ir.Exactly(1),
		Format:   elementwiseFormat(s),
		Fold:     elementwiseFold("spirv." + r.name),
		Verify: func(op *ir.Operation) error {
			if err := arith.CheckOperands(op, cs...); err != nil {
				return err
			}
			if s.boolResult {
				if err := arith.CheckResults(op, boolLike); err != nil {
					return err
				}
				for _, v := range op.Operands()[1:] {
					if v.Type() != op.Operand(0).Type() {
						return op.Errorf("requires all operands to have the same type")
					}
				}
				if numElements(op.Result(0).Type()) != numElements(op.Operand(0).Type()) {
					return op.Errorf("requires the same shape for all operands and results")
				}
				return nil
			}
			if err := arith.CheckResults(op, s.constraint); err != nil {
				return err
			}
			return checkAllSame(op)
		},
	}
}

// elementwiseFormat is SPIRVArithmeticOps.td's and SPIRVBitOps.td's
// `operands attr-dict : type($result)` (the operands spelled out), or
// SPIRVLogicalOps.td's `$operand1, $operand2 : type($operand1) attr-dict`
// with the result the i1 equivalent of the operand.
func elementwiseFormat(s elemShape) *ir.Format {
	operands, vars := []string{"operand"}, "$operand"
	if s.operands == 2 {
		operands, vars = []string{"operand1", "operand2"}, "$operand1 `,` $operand2"
	}
	if !s.boolResult {
		return &ir.Format{Syntax: vars + " attr-dict `:` type($result)", Operands: operands, Results: []string{"result"}}
	}
	return &ir.Format{Syntax: vars + " `:` type($" + operands[0] + ") attr-dict", Operands: operands, Results: []string{"result"},
		TypesMatch: [][]string{operands},
		TypesFrom:  []ir.TypeFrom{{From: operands[0], To: "result", Transform: boolOfShape}}}
}

func elementwiseOps(rows []elemRow, s elemShape) []*ir.OpDef {
	out := make([]*ir.OpDef, len(rows))
	for i, r := range rows {
		out[i] = elementwiseOp(r, s)
	}
	return out
}

var (
	intBinary   = elemShape{2, intLike, false, "i32"}
	floatBinary = elemShape{2, floatLike, false, "f32"}
	intUnary    = elemShape{1, intLike, false, "i32"}
	floatUnary  = elemShape{1, floatLike, false, "vector<4xf32>"}
	intCompare  = elemShape{2, intLike, true, "vector<4xi32>"}
	floatCmp    = elemShape{2, floatLike, true, "f32"}
	floatTest   = elemShape{1, floatLike, true, "f32"}
	boolBinary  = elemShape{2, boolLike, true, "i1"}
	boolUnary   = elemShape{1, boolLike, true, "vector<4xi1>"}
)

func arithOps() []*ir.OpDef {
	var ops []*ir.OpDef
	// Arithmetic and negation take cooperative matrices too.
	ops = append(ops, elementwiseOps([]elemRow{
		{"IAdd", "Integer addition of two operands (wrapping).", ir.Commutative},
		{"ISub", "Integer subtraction (wrapping).", 0},
		{"UDiv", "Unsigned integer division.", 0},
		{"SDiv", "Signed integer division.", 0},
		{"IMul", "Integer multiplication (wrapping).", ir.Commutative},
		{"UMod", "Unsigned modulo.", 0},
		{"SRem", "Signed remainder; the sign matches the dividend.", 0},
		{"SMod", "Signed modulo; the sign matches the divisor.", 0},
	}, withCoopMatrix(intBinary, isSPIRVInt))...)
	ops = append(ops, elementwiseOps([]elemRow{
		{"FAdd", "Floating-point addition.", ir.Commutative},
		{"FSub", "Floating-point subtraction.", 0},
		{"FDiv", "Floating-point division.", 0},
		{"FMul", "Floating-point multiplication.", ir.Commutative},
		{"FRem", "Floating-point remainder; the sign matches the dividend.", 0},
		{"FMod", "Floating-point modulo; the sign matches the divisor.", 0},
	}, withCoopMatrix(floatBinary, isSPIRVFloat))...)
	ops = append(ops, elementwiseOps([]elemRow{
		{"SNegate", "Signed integer negation.", ir.Involution},
	}, withCoopMatrix(intUnary, isSPIRVInt))...)
	ops = append(ops, elementwiseOps([]elemRow{
		{"FNegate", "Floating-point negation.", ir.Involution},
	}, withCoopMatrix(floatUnary, isSPIRVFloat))...)
	ops = append(ops, elementwiseOps([]elemRow{
		{"BitwiseAnd", "Bitwise AND.", ir.Commutative},
		{"BitwiseOr", "Bitwise OR.", ir.Commutative},
		{"BitwiseXor", "Bitwise XOR.", ir.Commutative},
	}, intBinary)...)
	ops = append(ops, elementwiseOps([]elemRow{
		{"Not", "Bitwise complement.", ir.Involution},
		{"BitCount", "Number of set bits in each component.", 0},
		{"BitReverse", "Reverses the bits of each component.", ir.Involution},
	}, intUnary)...)
	ops = append(ops, elementwiseOps([]elemRow{
		{"IEqual", "Integer equality.", ir.Commutative},
		{"INotEqual", "Integer inequality.", ir.Commutative},
		{"SGreaterThan", "Signed greater-than.", 0},
		{"SGreaterThanEqual", "Signed greater-than-or-equal.", 0},
		{"SLessThan", "Signed less-than.", 0},
		{"SLessThanEqual", "Signed less-than-or-equal.", 0},
		{"UGreaterThan", "Unsigned greater-than.", 0},
		{"UGreaterThanEqual", "Unsigned greater-than-or-equal.", 0},
		{"ULessThan", "Unsigned less-than.", 0},
		{"ULessThanEqual", "Unsigned less-than-or-equal.", 0},
	}, intCompare)...)
	ops = append(ops, elementwiseOps([]elemRow{
		{"FOrdEqual", "Ordered floating-point equality.", ir.Commutative},
		{"FOrdNotEqual", "Ordered floating-point inequality.", ir.Commutative},
		{"FOrdLessThan", "Ordered floating-point less-than.", 0},
		{"FOrdLessThanEqual", "Ordered floating-point less-than-or-equal.", 0},
		{"FOrdGreaterThan", "Ordered floating-point greater-than.", 0},
		{"FOrdGreaterThanEqual", "Ordered floating-point greater-than-or-equal.", 0},
		{"FUnordEqual", "Unordered floating-point equality.", ir.Commutative},
		{"FUnordNotEqual", "Unordered floating-point inequality.", ir.Commutative},
		{"FUnordLessThan", "Unordered floating-point less-than.", 0},
		{"FUnordLessThanEqual", "Unordered floating-point less-than-or-equal.", 0},
		{"FUnordGreaterThan", "Unordered floating-point greater-than.", 0},
		{"FUnordGreaterThanEqual", "Unordered floating-point greater-than-or-equal.", 0},
		{"Ordered", "True when neither operand is NaN.", ir.Commutative},
		{"Unordered", "True when either operand is NaN.", ir.Commutative},
	}, floatCmp)...)
	ops = append(ops, elementwiseOps([]elemRow{
		{"IsNan", "True for NaN components.", 0},
		{"IsInf", "True for infinite components.", 0},
		{"IsFinite", "True for finite components (neither NaN nor infinite; Kernel only).", 0},
		{"IsNormal", "True for normal components (not zero, subnormal, infinite or NaN; Kernel only).", 0},
	}, floatTest)...)
	ops = append(ops, elementwiseOps([]elemRow{
		{"LogicalAnd", "Logical AND of booleans.", ir.Commutative},
		{"LogicalOr", "Logical OR of booleans.", ir.Commutative},
		{"LogicalEqual", "Boolean equality.", ir.Commutative},
		{"LogicalNotEqual", "Boolean inequality.", ir.Commutative},
	}, boolBinary)...)
	ops = append(ops, elementwiseOps([]elemRow{
		{"LogicalNot", "Logical negation of booleans.", ir.Involution},
	}, boolUnary)...)
	ops = append(ops, shiftOps()...)
	ops = append(ops, bitFieldOps()...)
	ops = append(ops, conversionOps()...)
	ops = append(ops, selectOp, vectorTimesScalarOp, dotOp)
	ops = append(ops, extendedOps()...)
	ops = append(ops, integerDotOps()...)
	ops = append(ops, matrixOps()...)
	return ops
}

func shiftOps() []*ir.OpDef {
	var ops []*ir.OpDef
	for _, r := range []elemRow{
		{"ShiftLeftLogical", "Shifts left, filling with zeros.", 0},
		{"ShiftRightLogical", "Shifts right, filling with zeros.", 0},
		{"ShiftRightArithmetic", "Shifts right, filling with the sign bit.", 0},
	} {
		ops = append(ops, &ir.OpDef{
			Name: "spirv." + r.name, Summary: r.summary,
			Example:  "%r = spirv." + r.name + " %a, %b : vector<4xi32>, vector<4xi16>",
			Traits:   ir.Pure,
			Operands: ir.Exactly(2), Results: ir.Exactly(1),
			Format: operandTypesFormat(2),
			Verify: func(op *ir.Operation) error {
				if err := arith.CheckOperands(op, intLike, intLike); err != nil {
					return err
				}
				if op.Result(0).Type() != op.Operand(0).Type() {
					return op.Errorf("failed to verify that all of {operand1, result} have same type")
				}
				if numElements(op.Operand(0).Type()) != numElements(op.Operand(1).Type()) {
					return op.Errorf("requires the same shape for all operands and results")
				}
				return nil
			},
		})
	}
	return ops
}

// bitFieldOps: BitFieldInsert `%base, %insert, %offset, %count : T, Toff, Tcount`
// and the extracts `%base, %offset, %count : T, Toff, Tcount`.
func bitFieldOps() []*ir.OpDef {
	verify := func(op *ir.Operation) error {
		n := op.NumOperands()
		cs := []arith.Constraint{intLike}
		if n == 4 {
			cs = append(cs, intLike)
		}
		cs = append(cs, intType, intType)
		if err := arith.CheckOperands(op, cs...); err != nil {
			return err
		}
		if n == 4 && (op.Operand(1).Type() != op.Operand(0).Type() || op.Result(0).Type() != op.Operand(0).Type()) {
			return op.Errorf("failed to verify that all of {base, insert, result} have same type")
		}
		if op.Result(0).Type() != op.Operand(0).Type() {
			return op.Errorf("failed to verify that all of {base, result} have same type")
		}
		return nil
	}
	insert := &ir.Format{Syntax: "$base `,` $insert `,` $offset `,` $count attr-dict `:` type($base) `,` type($offset) `,` type($count)",
		Operands: []string{"base", "insert", "offset", "count"}, Results: []string{"result"},
		TypesMatch: [][]string{{"base", "insert", "result"}}}

	mk := func(name, summary string, n int, f *ir.Format, example string) *ir.OpDef {
		return &ir.OpDef{Name: "spirv." + name, Summary: summary, Example: example, Traits: ir.Pure,
			Operands: ir.Exactly(n), Results: ir.Exactly(1), Format: f, Verify: verify}
	}
	return []*ir.OpDef{
		mk("BitFieldInsert", "Inserts count bits of insert into base at offset.", 4, insert,
			"%r = spirv.BitFieldInsert %base, %insert, %offset, %count : vector<3xi32>, i8, i8"),
		mk("BitFieldSExtract", "Extracts a sign-extended bit field.", 3, operandTypesFormat(3),
			"%r = spirv.BitFieldSExtract %base, %offset, %count : vector<3xi32>, i8, i8"),
		mk("BitFieldUExtract", "Extracts a zero-extended bit field.", 3, operandTypesFormat(3),
			"%r = spirv.BitFieldUExtract %base, %offset, %count : i32, i32, i32"),
	}
}

// conversionOps: `%r = spirv.ConvertFToS %a : f32 to i32`.
func conversionOps() []*ir.OpDef {
	type conv struct {
		name, summary string
		from, to      arith.Constraint
		verify        func(op *ir.Operation, in, out ir.Type) error
		example       string
	}
	intOrCoop, floatOrCoop := orCoopMatrix(intLike, isSPIRVInt), orCoopMatrix(floatLike, isSPIRVFloat)
	rows := []conv{
		{"ConvertFToS", "Converts floats to signed integers, rounding toward zero.", floatOrCoop, intOrCoop, verifyCast(false), "f32 to i32"},
		{"ConvertFToU", "Converts floats to unsigned integers, rounding toward zero.", floatOrCoop, intOrCoop, verifyCast(false), "f32 to i32"},
		{"ConvertSToF", "Converts signed integers to floats.", intOrCoop, floatOrCoop, verifyCast(false), "i32 to f32"},
		{"ConvertUToF", "Converts unsigned integers to floats.", intOrCoop, floatOrCoop, verifyCast(false), "vector<2xi32> to vector<2xf32>"},
		{"FConvert", "Converts between float widths.", floatOrCoop, floatOrCoop, verifyCast(true), "f32 to f64"},
		{"SConvert", "Converts between integer widths, sign-extending.", intOrCoop, intOrCoop, verifyCast(true), "i32 to i64"},
		{"UConvert", "Converts between integer widths, zero-extending.", intOrCoop, intOrCoop, verifyCast(true), "i64 to i32"},
		{"Bitcast", "Reinterprets the bits of a value as another type.", scalarOrVectorOrPtr, scalarOrVectorOrPtr, verifyBitcast, "f32 to i32"},
		{"ConvertPtrToU", "Converts a physical pointer to an unsigned integer.", pointer, intType, verifyPhysicalPointer(0, "operand"), "!spirv.ptr<i32, CrossWorkgroup> to i64"},
		{"ConvertUToPtr", "Converts an unsigned integer to a physical pointer.", intType, pointer, verifyPhysicalPointer(1, "result"), "i64 to !spirv.ptr<i32, CrossWorkgroup>"},
		{"PtrCastToGeneric", "Converts a pointer's storage class to Generic.", pointer, pointer, verifyGenericCast(false),
			"!spirv.ptr<f32, CrossWorkgroup> to !spirv.ptr<f32, Generic>"},
		{"GenericCastToPtr", "Converts a Generic pointer to a Workgroup, CrossWorkgroup or Function one.", pointer, pointer, verifyGenericCast(true),
			"!spirv.ptr<f32, Generic> to !spirv.ptr<f32, CrossWorkgroup>"},
		{"GenericCastToPtrExplicit", "Converts a Generic pointer to the given storage class, or null when it does not point there.", pointer, pointer, verifyGenericCast(true),
			"!spirv.ptr<f32, Generic> to !spirv.ptr<f32, Workgroup>"},
	}
	var ops []*ir.OpDef
	for _, c := range rows {
		ops = append(ops, &ir.OpDef{
			Name: "spirv." + c.name, Summary: c.summary,
			Example: "%r = spirv." + c.name + " %a : " + c.example,
			Traits:  ir.Pure, Operands: ir.Exactly(1), Results: ir.Exactly(1),
			Format: castFormat(),
			Verify: func(op *ir.Operation) error {
				if err := arith.CheckOperands(op, c.from); err != nil {
					return err
				}
				if err := arith.CheckResults(op, c.to); err != nil {
					return err
				}
				if c.verify == nil {
					return nil
				}
				return c.verify(op, op.Operand(0).Type(), op.Result(0).Type())
			},
		})
	}
	return ops
}

// verifyPhysicalPointer checks, as MLIR does, that the operand (which 0)
// or result (1) pointer of a pointer/integer conversion is physical under
// the enclosing spirv.module's addressing model: never in a Logical module,
// and only a PhysicalStorageBuffer pointer in a PhysicalStorageBuffer64 one.
func verifyPhysicalPointer(which int, what string) func(op *ir.Operation, in, out ir.Type) error {
	return func(op *ir.Operation, in, out ir.Type) error {
		m := op.ParentOfName("spirv.module")
		if m == nil {
			return nil
		}
		am, ok := m.Attr("addressing_model").(*EnumAttr)
		if !ok {
			return nil
		}
		ptr := []ir.Type{in, out}[which].(*PointerType)
		switch spv.AddressingModel(am.Value) {
		case spv.AddressingModelLogical:
		case spv.AddressingModelPhysicalStorageBuffer64:
			if ptr.StorageClass == spv.StorageClassPhysicalStorageBuffer {
				return nil
			}
		default:
			return nil
		}
		return ir.Errorf(op.Loc(), "%s must be a physical pointer", what)
	}
}

// shapeOf returns the shape of a vector or cooperative matrix (nil for scalars).
func shapeOf(t ir.Type) []int64 {
	switch t := t.(type) {
	case *ir.VectorType:
		return t.Dims
	case *CoopMatrixType:
		return []int64{t.Rows, t.Columns}
	case *NVCoopMatrixType:
		return []int64{t.Rows, t.Columns}
	}
	return nil
}

// compositeKind tells scalars (0), vectors (1), KHR (2) and NV (3)
// cooperative matrices apart.
func compositeKind(t ir.Type) int {
	switch t.(type) {
	case *ir.VectorType:
		return 1
	case *CoopMatrixType:
		return 2
	case *NVCoopMatrixType:
		return 3
	}
	return 0
}

// verifyCast is MLIR's verifyCastOp for numeric conversions: same shape,
// the same kind of composite, and (for width conversions) different widths.
func verifyCast(widthChange bool) func(op *ir.Operation, in, out ir.Type) error {
	return func(op *ir.Operation, in, out ir.Type) error {
		if !slices.Equal(shapeOf(in), shapeOf(out)) {
			return op.Errorf("requires the same shape for all operands and results")
		}
		if compositeKind(in) != compositeKind(out) {
			return op.Errorf("incompatible operand and result types")
		}
		ie, oe := elemType(in), elemType(out)
		if e := coopMatrixElem(in); e != nil {
			ie, oe = e, coopMatrixElem(out)
		}
		if widthChange && bitWidth(ie) == bitWidth(oe) {
			return op.Errorf("expected the different bit widths for operand type and result type, but provided '%s' and '%s'",
				typeString(ie), typeString(oe))
		}
		return nil
	}
}

func verifyBitcast(op *ir.Operation, in, out ir.Type) error {
	_, pin := in.(*PointerType)
	_, pout := out.(*PointerType)
	switch {
	case in == out:
		return op.Errorf("result type must be different from operand type")
	case pin && !pout:
		return op.Errorf("unhandled bit cast conversion from pointer type to non-pointer type")
	case !pin && pout:
		return op.Errorf("unhandled bit cast conversion from non-pointer type to pointer type")
	case pin:
		return nil
	}
	bi := int64(bitWidth(elemType(in))) * numElements(in)
	bo := int64(bitWidth(elemType(out))) * numElements(out)
	if bi != bo {
		return op.Errorf("mismatch in result type bitwidth %d and operand type bitwidth %d", bo, bi)
	}
	return nil
}

// verifyGenericCast checks a cast between a Generic pointer and a
// Workgroup, CrossWorkgroup or Function one (toSpecific: from Generic).
func verifyGenericCast(toSpecific bool) func(op *ir.Operation, in, out ir.Type) error {
	specific := func(sc spv.StorageClass) bool {
		return sc == spv.StorageClassWorkgroup || sc == spv.StorageClassCrossWorkgroup || sc == spv.StorageClassFunction
	}
	return func(op *ir.Operation, in, out ir.Type) error {
		pin, pout := in.(*PointerType), out.(*PointerType)
		switch {
		case toSpecific && pin.StorageClass != spv.StorageClassGeneric:
			return op.Errorf("pointer type must be of storage class Generic")
		case toSpecific && !specific(pout.StorageClass):
			return op.Errorf("result must point to the Workgroup, CrossWorkgroup, or Function Storage Class")
		case !toSpecific && !specific(pin.StorageClass):
			return op.Errorf("pointer must point to the Workgroup, CrossWorkgroup, or Function Storage Class")
		case !toSpecific && pout.StorageClass != spv.StorageClassGeneric:
			return op.Errorf("result type must be of storage class Generic")
		case pin.Pointee != pout.Pointee:
			return op.Errorf("pointer operand's pointee type must have the same as the op result type, but found %s vs %s",
				typeString(pin.Pointee), typeString(pout.Pointee))
		}
		return nil
	}
}

// selectOp: `%r = spirv.Select %cond, %a, %b : i1, vector<3xi32>`.
var selectOp = &ir.OpDef{
	Name:     "spirv.Select",
	Summary:  "Chooses between two values by a condition.",
	Example:  "%r = spirv.Select %cond, %a, %b : vector<3xi1>, vector<3xi32>",
	Traits:   ir.Pure,
	Operands: ir.Exactly(3), Results: ir.Exactly(1),
	Format: &ir.Format{Syntax: "$condition `,` $true_value `,` $false_value attr-dict `:` type($condition) `,` type($result)",
		Operands: []string{"condition", "true_value", "false_value"}, Results: []string{"result"},
		TypesMatch: [][]string{{"true_value", "false_value", "result"}}},
	Verify: func(op *ir.Operation) error {
		if err := arith.CheckOperands(op, boolLike); err != nil {
			return err
		}
		if op.Operand(1).Type() != op.Operand(2).Type() || op.Result(0).Type() != op.Operand(1).Type() {
			return op.Errorf("failed to verify that all of {true_value, false_value, result} have same type")
		}
		if cond, ok := op.Operand(0).Type().(*ir.VectorType); ok {
			res, ok := op.Result(0).Type().(*ir.VectorType)
			if !ok {
				return op.Errorf("result expected to be of vector type when condition is of vector type")
			}
			if numElements(res) != numElements(cond) {
				return op.Errorf("result should have the same number of elements as the condition when condition is of vector type")
			}
		}
		return nil
	},
}

// vectorTimesScalarOp: `%r = spirv.VectorTimesScalar %v, %s : (vector<4xf32>, f32) -> vector<4xf32>`.
var vectorTimesScalarOp = &ir.OpDef{
	Name:     "spirv.VectorTimesScalar",
	Summary:  "Scales a float vector by a scalar.",
	Example:  "%r = spirv.VectorTimesScalar %v, %s : (vector<4xf32>, f32) -> vector<4xf32>",
	Traits:   ir.Pure,
	Operands: ir.Exactly(2), Results: ir.Exactly(1),
	Format: functionalFormat(),
	Verify: func(op *ir.Operation) error {
		if err := arith.CheckOperands(op, vecFloat, floatLike); err != nil {
			return err
		}
		if op.Result(0).Type() != op.Operand(0).Type() {
			return op.Errorf("vector operand and result type mismatch")
		}
		if elemType(op.Operand(0).Type()) != op.Operand(1).Type() {
			return op.Errorf("scalar operand and result element type match")
		}
		return nil
	},
}

// dotOp: `%r = spirv.Dot %a, %b : vector<4xf32> -> f32`.
var dotOp = &ir.OpDef{
	Name:     "spirv.Dot",
	Summary:  "Dot product of two float vectors.",
	Example:  "%r = spirv.Dot %a, %b : vector<4xf32> -> f32",
	Traits:   ir.Pure | ir.Commutative,
	Operands: ir.Exactly(2), Results: ir.Exactly(1),
	Format: arrowFormat(2, false),
	Verify: func(op *ir.Operation) error {
		if err := arith.CheckOperands(op, vecFloat, vecFloat); err != nil {
			return err
		}
		if op.Operand(0).Type() != op.Operand(1).Type() {
			return op.Errorf("failed to verify that all of {vector1, vector2} have same type")
		}
		if elemType(op.Operand(0).Type()) != op.Result(0).Type() {
			return op.Errorf("failed to verify that all of {vector1, result} have same element type")
		}
		return nil
	},
}

// extendedOps: `%r = spirv.IAddCarry %a, %b : !spirv.struct<(i32, i32)>`.
func extendedOps() []*ir.OpDef {
	var ops []*ir.OpDef
	for _, r := range []elemRow{
		{"IAddCarry", "Integer addition returning the sum and the carry.", ir.Commutative},
		{"ISubBorrow", "Integer subtraction returning the difference and the borrow.", 0},
		{"SMulExtended", "Signed multiplication returning the low and high halves.", ir.Commutative},
		{"UMulExtended", "Unsigned multiplication returning the low and high halves.", ir.Commutative},
	} {
		ops = append(ops, &ir.OpDef{
			Name: "spirv." + r.name, Summary: r.summary,
			Example:  "%r = spirv." + r.name + " %a, %b : !spirv.struct<(i32, i32)>",
			Traits:   ir.Pure | r.traits,
			Operands: ir.Exactly(2), Results: ir.Exactly(1),
			// Hand-written: like MLIR's custom parser it rejects a result
			// type that is not a two-member struct while parsing.
			Parse: func(p *ir.OpParser, st *ir.OpState) error {
				us, err := ir.ParseOperandsN(p, 2)
				if err != nil {
					return err
				}
				if err := p.ParseOptionalAttrDict(); err != nil {
					return err
				}
				at := p.Pos()
				t, err := p.ParseColonType()
				if err != nil {
					return err
				}
				s, ok := t.(*StructType)
				if !ok || s.NumMembers() != 2 {
					return ir.Errorf(p.LocAt(at), "expected spirv.struct type with two members")
				}
				st.ResultTypes = []ir.Type{t}
				return p.ResolveOperandsSameType(us, s.Member(0))
			},
			Print: func(p *ir.OpPrinter, op *ir.Operation) {
				p.WriteString(" ")
				p.Operands(op.Operands())
				p.OptionalAttrDict(op.Attrs())
				p.WriteString(" : ")
				p.Type(op.Result(0).Type())
			},
			Verify: func(op *ir.Operation) error {
				if err := arith.CheckOperands(op, intLike, intLike); err != nil {
					return err
				}
				s, ok := op.Result(0).Type().(*StructType)
				if !ok || s.NumMembers() != 2 {
					return op.Errorf("expected result struct type containing two members")
				}
				t := op.Operand(0).Type()
				if op.Operand(1).Type() != t || s.Member(0) != t || s.Member(1) != t {
					return op.Errorf("expected all operand types and struct member types are the same")
				}
				return nil
			},
		})
	}
	return ops
}

// integerDotOps: `%r = spirv.SDot %a, %b, <PackedVectorFormat4x8Bit> : i32 -> i32`
// and the saturating `%r = spirv.SDotAccSat %a, %b, %acc : vector<4xi8> -> i32`.
func integerDotOps() []*ir.OpDef {
	var ops []*ir.OpDef
	for _, r := range []elemRow{
		{"SDot", "Signed integer dot product.", 0},
		{"UDot", "Unsigned integer dot product.", 0},
		{"SUDot", "Mixed-signedness integer dot product.", 0},
		{"SDotAccSat", "Signed integer dot product added to an accumulator with saturation.", 0},
		{"UDotAccSat", "Unsigned integer dot product added to an accumulator with saturation.", 0},
		{"SUDotAccSat", "Mixed-signedness integer dot product added to an accumulator with saturation.", 0},
	} {
		n := 2
		example := "%r = spirv." + r.name + " %a, %b : vector<4xi8> -> i32"
		if strings.HasSuffix(r.name, "AccSat") {
			n = 3
			example = "%r = spirv." + r.name + " %a, %b, %acc, <PackedVectorFormat4x8Bit> : i32 -> i32"
		}
		ops = append(ops, &ir.OpDef{
			Name: "spirv." + r.name, Summary: r.summary, Example: example,
			Traits: ir.Pure, Operands: ir.Exactly(n), Results: ir.Exactly(1),
			Inherent: []string{"format"},
			Format:   integerDotFormat(n),
			Verify: func(op *ir.Operation) error {
				if err := checkEnumAttr(op, "format", spv.KindPackedVectorFormat, true); err != nil {
					return err
				}
				t := op.Operand(0).Type()
				if !isSPIRVInt(t) && !onlyVector(isSPIRVInt)(t) {
					return op.Errorf("operand #0 must be 8/16/32/64-bit integer or vector of 8/16/32/64-bit integer%s, but got '%s'", vecLens, typeString(t))
				}
				rt := op.Result(0).Type()
				if !isSPIRVInt(rt) {
					return op.Errorf("result #0 must be 8/16/32/64-bit integer, but got '%s'", typeString(rt))
				}
				// MLIR's ODS traits, then its verifyIntegerDotProduct.
				if op.Operand(1).Type() != t {
					return op.Errorf("failed to verify that all of {vector1, vector2} have same type")
				}
				if n == 3 && op.Operand(2).Type() != rt {
					return op.Errorf("failed to verify that all of {accumulator, result} have same type")
				}
				if isSPIRVInt(t) {
					if op.Attr("format") == nil {
						return op.Errorf("requires Packed Vector Format attribute for integer vector operands")
					}
					if bitWidth(t) != 32 {
						return op.Errorf("with specified Packed Vector Format (PackedVectorFormat4x8Bit) requires integer vector operands to be 32-bits wide")
					}
				} else if op.Attr("format") != nil {
					return op.Errorf("with invalid format attribute for vector operands of type %s", quotedType(t))
				}
				if fw, rw := int64(bitWidth(elemType(t)))*numElements(t), int64(bitWidth(rt)); fw > rw {
					return op.Errorf("result type has insufficient bit-width (%d bits) for the specified vector operand type (%d bits)", rw, fw)
				}
				return nil
			},
		})
	}
	return ops
}

// integerDotFormat is MLIR's `$vector1, $vector2 [, $accumulator]
// (, $format^)? attr-dict : type($vector1) -> type($result)`.
func integerDotFormat(n int) *ir.Format {
	f := &ir.Format{Syntax: "$vector1 `,` $vector2 (`,` $format^)? attr-dict `:` type($vector1) `->` type($result)",
		Operands: []string{"vector1", "vector2"}, Results: []string{"result"},
		Attrs:      []ir.FormatAttr{enumFormatAttr("format", spv.KindPackedVectorFormat, angled)},
		TypesMatch: [][]string{{"vector1", "vector2"}}}
	if n == 3 {
		f.Syntax = "$vector1 `,` $vector2 `,` $accumulator (`,` $format^)? attr-dict `:` type($vector1) `->` type($result)"
		f.Operands = append(f.Operands, "accumulator")
		f.TypesMatch = append(f.TypesMatch, []string{"accumulator", "result"})
	}
	return f
}

// matrixOps: MatrixTimesScalar `%m, %s : !spirv.matrix<...>, f32`,
// MatrixTimesMatrix / MatrixTimesVector / VectorTimesMatrix `%a, %b : A, B -> R`,
// Transpose `%m : A -> R`. Their checks are MLIR's ODS traits, in its
// order: element types first, then one dimension pair at a time.
func matrixOps() []*ir.OpDef {
	mat := arith.Constraint{Desc: "any SPIR-V matrix type", OK: func(t ir.Type) bool { _, ok := t.(*MatrixType); return ok }}
	floatMat := arith.Constraint{Desc: "matrix of 16/32/64-bit float values", OK: func(t ir.Type) bool {
		m, ok := t.(*MatrixType)
		return ok && isSPIRVFloat(m.Elem())
	}}
	m3 := "!spirv.matrix<3 x vector<3xf32>>"
	// check runs the operand constraints, the element-type groups and the
	// dimension matches; names are the ODS operand and result names.
	check := func(op *ir.Operation, names []string, cs []arith.Constraint, elems [][]string, dims []matrixDim) error {
		if err := arith.CheckOperands(op, cs...); err != nil {
			return err
		}
		val := func(name string) ir.Type {
			for i, n := range names {
				if n == name {
					if i < op.NumOperands() {
						return op.Operand(i).Type()
					}
					return op.Result(0).Type()
				}
			}
			return nil
		}
		for _, g := range elems {
			first := matrixElemType(val(g[0]))
			for _, n := range g[1:] {
				if matrixElemType(val(n)) != first {
					return op.Errorf("failed to verify that all of {%s} have same element type", strings.Join(g, ", "))
				}
			}
		}
		for _, d := range dims {
			if matrixDimCount(val(d.lhs), d.lhsDim) != matrixDimCount(val(d.rhs), d.rhsDim) {
				return op.Errorf("failed to verify that %s %s count matches %s %s count", d.lhs, d.lhsDim, d.rhs, d.rhsDim)
			}
		}
		return nil
	}
	return []*ir.OpDef{
		{Name: "spirv.MatrixTimesScalar", Summary: "Scales a matrix by a scalar.",
			Example: "%r = spirv.MatrixTimesScalar %m, %s : " + m3 + ", f32",
			Traits:  ir.Pure, Operands: ir.Exactly(2), Results: ir.Exactly(1), Format: operandTypesFormat(2),
			Verify: func(op *ir.Operation) error {
				if err := arith.CheckOperands(op, orCoopMatrix(mat, isSPIRVFloat), floatType); err != nil {
					return err
				}
				if op.Result(0).Type() != op.Operand(0).Type() {
					return op.Errorf("failed to verify that all of {matrix, result} have same type")
				}
				return check(op, []string{"matrix", "scalar", "result"}, nil, [][]string{{"matrix", "scalar"}}, nil)
			}},
		{Name: "spirv.MatrixTimesMatrix", Summary: "Linear-algebraic matrix product.",
			Example: "%r = spirv.MatrixTimesMatrix %a, %b : " + m3 + ", " + m3 + " -> " + m3,
			Traits:  ir.Pure, Operands: ir.Exactly(2), Results: ir.Exactly(1), Format: arrowFormat(2, true),
			Verify: func(op *ir.Operation) error {
				if err := arith.CheckResults(op, mat); err != nil {
					return err
				}
				return check(op, []string{"leftmatrix", "rightmatrix", "result"}, []arith.Constraint{mat, mat},
					[][]string{{"leftmatrix", "rightmatrix", "result"}},
					[]matrixDim{{"leftmatrix", "columns", "rightmatrix", "rows"},
						{"rightmatrix", "columns", "result", "columns"},
						{"leftmatrix", "rows", "result", "rows"}})
			}},
		{Name: "spirv.MatrixTimesVector", Summary: "Linear-algebraic matrix times column vector.",
			Example: "%r = spirv.MatrixTimesVector %m, %v : " + m3 + ", vector<3xf32> -> vector<3xf32>",
			Traits:  ir.Pure, Operands: ir.Exactly(2), Results: ir.Exactly(1), Format: arrowFormat(2, true),
			Verify: func(op *ir.Operation) error {
				if err := arith.CheckResults(op, vecFloat); err != nil {
					return err
				}
				return check(op, []string{"matrix", "vector", "result"}, []arith.Constraint{floatMat, vecFloat},
					[][]string{{"matrix", "result"}, {"vector", "result"}},
					[]matrixDim{{"matrix", "columns", "vector", "elements"}, {"matrix", "rows", "result", "elements"}})
			}},
		{Name: "spirv.VectorTimesMatrix", Summary: "Linear-algebraic row vector times matrix.",
			Example: "%r = spirv.VectorTimesMatrix %v, %m : vector<3xf32>, " + m3 + " -> vector<3xf32>",
			Traits:  ir.Pure, Operands: ir.Exactly(2), Results: ir.Exactly(1), Format: arrowFormat(2, true),
			Verify: func(op *ir.Operation) error {
				if err := arith.CheckResults(op, vecFloat); err != nil {
					return err
				}
				return check(op, []string{"vector", "matrix", "result"}, []arith.Constraint{vecFloat, floatMat},
					[][]string{{"vector", "result"}, {"matrix", "result"}},
					[]matrixDim{{"matrix", "rows", "vector", "elements"}, {"matrix", "columns", "result", "elements"}})
			}},
		{Name: "spirv.Transpose", Summary: "Transposes a matrix.",
			Example: "%r = spirv.Transpose %m : !spirv.matrix<2 x vector<3xf32>> -> !spirv.matrix<3 x vector<2xf32>>",
			Traits:  ir.Pure, Operands: ir.Exactly(1), Results: ir.Exactly(1), Format: arrowFormat(1, true),
			Verify: func(op *ir.Operation) error {
				if err := arith.CheckResults(op, mat); err != nil {
					return err
				}
				return check(op, []string{"matrix", "result"}, []arith.Constraint{mat},
					[][]string{{"matrix", "result"}},
					[]matrixDim{{"matrix", "rows", "result", "columns"}, {"matrix", "columns", "result", "rows"}})
			}},
	}
}

// matrixDim is one of MLIR's matrix dimension traits: lhs's lhsDim count
// ("rows", "columns", or a vector's "elements") equals rhs's rhsDim count.
type matrixDim struct{ lhs, lhsDim, rhs, rhsDim string }

// matrixDimCount returns a matrix's rows or columns, or a vector's length.
func matrixDimCount(t ir.Type, dim string) int64 {
	m, ok := t.(*MatrixType)
	switch {
	case ok && dim == "rows":
		return m.Rows()
	case ok && dim == "columns":
		return m.Columns
	}
	return numElements(t)
}

// matrixElemType is MLIR's getElementTypeOrSelf for the shaped SPIR-V
// types (matrices and cooperative matrices) and vectors.
func matrixElemType(t ir.Type) ir.Type {
	if m, ok := t.(*MatrixType); ok {
		return m.Elem()
	}
	if e := coopMatrixElem(t); e != nil {
		return e
	}
	return elemType(t)
}
