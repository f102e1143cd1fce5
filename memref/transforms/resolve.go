package transforms

import (
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/pass"
	"github.com/kiln-gpu/kiln/ir/rewrite"
	"github.com/kiln-gpu/kiln/memref"
)

// ResolveRankedPass is resolve-ranked-shaped-type-result-dims and
// ResolveShapedPass resolve-shaped-type-result-dims (MLIR's
// ResolveRankedShapeTypeResultDimsPass and ResolveShapedTypeResultDimsPass).
// Kiln has no op with MLIR's InferShapedTypeOpInterface, so both resolve
// the dims that ops reify from their operands (ReifyRankedShapedTypeOp).
func ResolveRankedPass() *pass.Pass {
	return resolvePass("ResolveRankedShapeTypeResultDimsPass", "resolve-ranked-shaped-type-result-dims",
		"Resolve memref.dim of result values of ranked shape type")
}

// ResolveShapedPass is resolve-shaped-type-result-dims.
func ResolveShapedPass() *pass.Pass {
	return resolvePass("ResolveShapedTypeResultDimsPass", "resolve-shaped-type-result-dims",
		"Resolve memref.dim of result values")
}

func resolvePass(name, arg, summary string) *pass.Pass {
	return &pass.Pass{Name: name, Argument: arg, Summary: summary,
		Options: []pass.Option{{Name: "error-on-pattern-iteration-limit", Kind: pass.BoolOption, Default: "true",
			Help: "Throw an error when pattern rewriter hits iteration limit"}},
		Run: func(op *ir.Operation, pc *pass.Context) error {
			set := rewrite.NewPatternSet(
				&ir.Pattern{Name: "dim-of-reified-memref", Root: "memref.dim", Rewrite: resolveDim},
				&ir.Pattern{Name: "dim-of-reified-tensor", Root: "tensor.dim", Rewrite: resolveDim})
			converged, err := rewrite.ApplyPatternsGreedily(op, set, rewrite.GreedyConfig{})
			if err != nil {
				return err
			}
			if !converged && pc.Options.Bool("error-on-pattern-iteration-limit") {
				return op.Errorf("dim resolution did not converge")
			}
			return nil
		}}
}

// resolveDim replaces a dim, at a constant index within the rank, of a
// result whose op reifies its shape by that size.
func resolveDim(op *ir.Operation, rw *ir.Rewriter) bool {
	src := op.Operand(0)
	def := src.DefiningOp()
	idx, ok := ir.ConstantIntAttr(op.Operand(1))
	if def == nil || !ok {
		return false
	}
	shape := reifiedShape(def, src)
	i := idx.Int()
	if i < 0 || i >= int64(len(shape)) {
		return false
	}
	rw.SetInsertionPointBefore(op)
	rw.ReplaceOp(op, []*ir.Value{valueOf(rw, op.Loc(), shape[i])})
	return true
}

// reifiedShape is the shape of r, a result of def, in terms of def's
// operands (MLIR's reifyResultShapes), nil when def does not reify it.
func reifiedShape(def *ir.Operation, r *ir.Value) []memref.Mixed {
	t, ok := r.Type().(*ir.RankedTensorType)
	if !ok {
		return nil
	}
	switch def.Name() {
	case "tensor.empty":
		return mixedSizes(t.Dims, def.Operands())
	case "tensor.splat", "tensor.expand_shape":
		return mixedSizes(t.Dims, def.Operands()[1:])
	case "tensor.extract_slice":
		sizes, ok := def.Attr("static_sizes").(*ir.DenseArrayAttr)
		if !ok || len(ir.OperandSegmentSizes(def)) != 4 {
			return nil
		}
		return keptSizes(mixedSizes(sizes.Ints, ir.OperandSegment(def, 2)), t.Dims)
	}
	return nil
}

// mixedSizes pairs static sizes with the dynamic values, in order, of
// their Dynamic entries; nil when the values run out.
func mixedSizes(static []int64, dyn []*ir.Value) []memref.Mixed {
	out := make([]memref.Mixed, len(static))
	for i, s := range static {
		out[i] = memref.Mixed{Static: s}
		if s == ir.Dynamic {
			if len(dyn) == 0 {
				return nil
			}
			out[i].Value, dyn = dyn[0], dyn[1:]
		}
	}
	return out
}

// keptSizes drops from a slice's sizes those of the dims a rank-reducing
// slice drops, so the rest line up with the result's dims (MLIR's
// ExtractSliceOp::getDroppedDims: a constant size 1 is dropped unless the
// next result dim is a static 1 too).
func keptSizes(sizes []memref.Mixed, result []int64) []memref.Mixed {
	var out []memref.Mixed
	for _, s := range sizes {
		one := s.Value == nil && s.Static == 1
		if s.Value != nil {
			c, ok := ir.ConstantIntAttr(s.Value)
			one = ok && c.Int() == 1
		}
		if one && (len(out) >= len(result) || result[len(out)] != 1) {
			continue
		}
		out = append(out, s)
	}
	if len(out) != len(result) {
		return nil
	}
	return out
}
