package memref

import "github.com/kiln-gpu/kiln/arith/intrange"

// memref.dim's integer range (MLIR's ShapedDimOpInterface rule).
func init() { dim.InferIntRanges = intrange.ShapedDim }
