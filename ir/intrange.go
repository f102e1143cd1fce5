package ir

import "math/big"

// IntRange is what is known of an integer value (or of every element of a
// vector of integers): MLIR's IntegerValueRange over a ConstantIntRanges,
// its unsigned and signed bounds at the value's storage width (index: 64
// bits), of any width. Width 0 is MLIR's uninitialized range: nothing is
// known. The operations on ranges are in package arith/intrange; the type
// lives here so that OpDef.InferIntRanges can name it.
type IntRange struct {
	Width                  int
	UMin, UMax, SMin, SMax IntBits
}

// IntBits is one bound of an IntRange, as a Width-bit two's complement
// pattern: in Lo when Width is at most 64 bits (the signed bounds too, so
// a signed bound reads as the low Width bits of its value), else in Big
// (0 <= Big < 2^Width; never changed once made, so ranges may share it).
type IntBits struct {
	Lo  uint64
	Big *big.Int
}
