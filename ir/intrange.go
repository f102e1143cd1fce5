package ir

// IntRange is what is known of an integer value (or of every element of a
// vector of integers): MLIR's IntegerValueRange over a ConstantIntRanges,
// its unsigned and signed bounds at the value's storage width (index: 64
// bits). Width 0 is MLIR's uninitialized range: nothing is known. The
// operations on ranges are in package arith/intrange; the type lives here
// so that OpDef.InferIntRanges can name it.
type IntRange struct {
	Width      int
	UMin, UMax uint64 // the low Width bits
	SMin, SMax int64  // sign-extended from Width bits
}
