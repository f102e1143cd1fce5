package vector

import (
	"slices"

	"github.com/kiln-gpu/kiln/ir"
)

// Canonicalizations of vector.insert, vector.insert_strided_slice,
// vector.shuffle, vector.transpose and vector.shape_cast, as MLIR's ops
// have them, and the rewrite helpers the dialect's patterns share.

// replaceWithBroadcast replaces op by a broadcast of v to op's type.
func replaceWithBroadcast(rw *ir.Rewriter, op *ir.Operation, v *ir.Value) {
	rw.ReplaceOpWith(op, &ir.OpState{Name: "vector.broadcast", Loc: op.Loc(), Operands: []*ir.Value{v}, ResultTypes: op.ResultTypes()})
}

// replaceWithConstantMask replaces op by a constant_mask of op's type.
func replaceWithConstantMask(rw *ir.Rewriter, op *ir.Operation, sizes []int64) {
	rw.ReplaceOpWith(op, &ir.OpState{Name: "vector.constant_mask", Loc: op.Loc(), ResultTypes: op.ResultTypes(),
		Attrs: []ir.NamedAttr{{Name: "mask_dim_sizes", Value: op.Context().DenseI64Array(sizes...)}}})
}

// scalarSplatSource returns the scalar that v splats (by vector.splat or a
// broadcast of a scalar), or nil.
func scalarSplatSource(v *ir.Value) *ir.Value {
	def := v.DefiningOp()
	if def == nil || def.Name() != "vector.splat" && def.Name() != "vector.broadcast" {
		return nil
	}
	if _, isVec := vectorOf(def.Operand(0)); isVec {
		return nil
	}
	return def.Operand(0)
}

// splatToBroadcast is MLIR's family of splat folds: a root op whose first
// n operands all splat one scalar is a broadcast of that scalar.
func splatToBroadcast(name, root string, n int) *ir.Pattern {
	return &ir.Pattern{Name: name, Root: root, Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
		s := scalarSplatSource(op.Operand(0))
		for i := 1; i < n && s != nil; i++ {
			if scalarSplatSource(op.Operand(i)) != s {
				s = nil
			}
		}
		if s == nil {
			return false
		}
		replaceWithBroadcast(rw, op, s)
		return true
	}}
}

var (
	// Inserting a splat of v into a splat of v broadcasts v.
	insertSplatToSplat = splatToBroadcast("InsertSplatToSplat", "vector.insert", 2)
	// A shuffle of two splats of one scalar is a broadcast of it.
	shuffleSplat = splatToBroadcast("ShuffleSplat", "vector.shuffle", 2)
	// Transposes and strided slices of a splat broadcast its scalar.
	transposeOfSplat    = splatToBroadcast("FoldTransposeSplat", "vector.transpose", 1)
	stridedSliceOfSplat = splatToBroadcast("StridedSliceSplat", "vector.extract_strided_slice", 1)
)

// insertToBroadcast: an insert whose source fills the whole destination
// is a broadcast of the source.
var insertToBroadcast = &ir.Pattern{
	Name: "InsertToBroadcast",
	Root: "vector.insert",
	Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
		src, ok := vectorOf(op.Operand(0))
		dst, _ := vectorOf(op.Operand(1))
		if !ok || ir.NumElements(src) != ir.NumElements(dst) {
			return false
		}
		replaceWithBroadcast(rw, op, op.Operand(0))
		return true
	},
}

// insertStridedSplat: inserting a splat of v into a splat of v is the
// destination.
var insertStridedSplat = &ir.Pattern{
	Name: "FoldInsertStridedSliceSplat",
	Root: "vector.insert_strided_slice",
	Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
		s := scalarSplatSource(op.Operand(0))
		if s == nil || scalarSplatSource(op.Operand(1)) != s {
			return false
		}
		rw.ReplaceOp(op, []*ir.Value{op.Operand(1)})
		return true
	},
}

// insertStridedOfExtract: putting back a slice of the destination where
// it was taken from is the destination.
var insertStridedOfExtract = &ir.Pattern{
	Name: "FoldInsertStridedSliceOfExtract",
	Root: "vector.insert_strided_slice",
	Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
		ex := op.Operand(0).DefiningOp()
		if ex == nil || ex.Name() != "vector.extract_strided_slice" || ex.Operand(0) != op.Operand(1) ||
			!slices.Equal(attrInts(ex, "strides"), attrInts(op, "strides")) || !slices.Equal(attrInts(ex, "offsets"), attrInts(op, "offsets")) {
			return false
		}
		rw.ReplaceOp(op, []*ir.Value{op.Operand(1)})
		return true
	},
}

// transposeOfMask permutes the bounds of a create_mask or constant_mask.
var transposeOfMask = &ir.Pattern{
	Name: "FoldTransposeCreateMask",
	Root: "vector.transpose",
	Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
		def := op.Operand(0).DefiningOp()
		perm := attrInts(op, "permutation")
		if def == nil {
			return false
		}
		switch def.Name() {
		case "vector.create_mask":
			ops := make([]*ir.Value, len(perm))
			for i, p := range perm {
				ops[i] = def.Operand(int(p))
			}
			rw.ReplaceOpWith(op, &ir.OpState{Name: "vector.create_mask", Loc: op.Loc(), ResultTypes: op.ResultTypes(), Operands: ops})
		case "vector.constant_mask":
			sizes := attrInts(def, "mask_dim_sizes")
			out := make([]int64, len(perm))
			for i, p := range perm {
				out[i] = sizes[p]
			}
			replaceWithConstantMask(rw, op, out)
		default:
			return false
		}
		return true
	},
}

// transposeOfShapeCast: an order-preserving transpose of a shape_cast is
// a shape_cast.
var transposeOfShapeCast = &ir.Pattern{
	Name: "FoldTransposeShapeCast",
	Root: "vector.transpose",
	Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
		def := op.Operand(0).DefiningOp()
		if def == nil || def.Name() != "vector.shape_cast" || !isOrderPreserving(op) {
			return false
		}
		rw.ReplaceOpWith(op, &ir.OpState{Name: "vector.shape_cast", Loc: op.Loc(), Operands: []*ir.Value{def.Operand(0)}, ResultTypes: op.ResultTypes()})
		return true
	},
}

// transposeOfBroadcast: a transpose of a broadcast that only permutes
// within groups of dims (runs of unit dims of the source, or a single
// non-unit one) is a broadcast.
var transposeOfBroadcast = &ir.Pattern{
	Name: "FoldTransposeBroadcast",
	Root: "vector.transpose",
	Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
		def := op.Operand(0).DefiningOp()
		if def == nil || def.Name() != "vector.broadcast" {
			return false
		}
		in, isVec := vectorOf(def.Operand(0))
		if !isVec {
			replaceWithBroadcast(rw, op, def.Operand(0))
			return true
		}
		perm := attrInts(op, "permutation")
		delta := len(perm) - len(in.Dims)
		low := 0
		for i := range in.Dims {
			if in.Dims[i] != 1 || i > 0 && in.Dims[i-1] != 1 {
				high := i + delta
				for j := low; j < high; j++ {
					if perm[j] < int64(low) || perm[j] >= int64(high) {
						return false
					}
				}
				low = high
			}
		}
		replaceWithBroadcast(rw, op, def.Operand(0))
		return true
	},
}

// shapeCastOfBroadcast: a shape_cast of a broadcast is a shape_cast of
// its source when they have as many elements, or else a broadcast when
// the source broadcasts to the new shape.
var shapeCastOfBroadcast = &ir.Pattern{
	Name: "ShapeCastBroadcastFolder",
	Root: "vector.shape_cast",
	Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
		def := op.Operand(0).DefiningOp()
		if def == nil || def.Name() != "vector.broadcast" {
			return false
		}
		src := def.Operand(0)
		dst := op.Result(0).Type().(*ir.VectorType)
		if st, ok := vectorOf(src); ok && ir.NumElements(st) == ir.NumElements(dst) {
			rw.ReplaceOpWith(op, &ir.OpState{Name: "vector.shape_cast", Loc: op.Loc(), Operands: []*ir.Value{src}, ResultTypes: op.ResultTypes()})
			return true
		}
		if broadcastMismatch(src.Type(), dst) != "" {
			return false
		}
		replaceWithBroadcast(rw, op, src)
		return true
	},
}
