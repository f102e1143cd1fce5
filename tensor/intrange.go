package tensor

import "github.com/kiln-gpu/kiln/arith/intrange"

// tensor.dim's integer range (MLIR's ShapedDimOpInterface rule).
func init() { dim.InferIntRanges = intrange.ShapedDim }
