package transforms

import (
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/pass"
	"github.com/kiln-gpu/kiln/ir/rewrite"
	"github.com/kiln-gpu/kiln/spirv"
)

// Canonicalize returns the spirv-canonicalize pass: canonicalize (folders
// and every loaded dialect's patterns, the spirv dialect's chained access
// chains, negated comparisons and selection-to-select among them) plus the
// patterns of Patterns.
func Canonicalize() *pass.Pass {
	var patterns *rewrite.PatternSet
	return &pass.Pass{
		Name:     "SPIRVCanonicalize",
		Argument: "spirv-canonicalize",
		Summary:  "Canonicalize, with the spirv dialect's canonicalization patterns",
		Init: func(ctx *ir.Context, _ *pass.Options) error {
			patterns = rewrite.NewPatternSet(append(rewrite.CanonicalizationPatterns(ctx), Patterns()...)...)
			return nil
		},
		Run: func(op *ir.Operation, _ *pass.Context) error {
			_, err := rewrite.ApplyPatternsGreedily(op, patterns, rewrite.GreedyConfig{TopDown: true})
			return err
		},
	}
}

// Patterns returns the spirv patterns spirv-canonicalize adds to the
// dialect's own: CompositeExtract through CompositeInsert,
// CompositeConstruct and constants; Select with equal operands or a
// constant condition; integer identities (x+0, x*1, x&~0, x<<0, ...) and
// absorbing values (x*0, x&0, x|~0); involutions (!!x, ~~x, -(-x));
// bitcasts to the same type or of bitcasts.
func Patterns() []*ir.Pattern {
	ps := []*ir.Pattern{
		{Name: "ExtractThroughComposite", Root: "spirv.CompositeExtract", Benefit: 1, Rewrite: extractThrough},
		{Name: "SimplifySelect", Root: "spirv.Select", Benefit: 1, Rewrite: simplifySelect},
		{Name: "SimplifyBitcast", Root: "spirv.Bitcast", Benefit: 1, Rewrite: simplifyBitcast},
	}
	for _, id := range identities {
		ps = append(ps, &ir.Pattern{Name: "IntegerIdentity", Root: id.name, Benefit: 1, Rewrite: simplifyIdentity})
	}
	for _, name := range []string{"spirv.LogicalNot", "spirv.Not", "spirv.SNegate", "spirv.FNegate", "spirv.BitReverse"} {
		ps = append(ps, &ir.Pattern{Name: "Involution", Root: name, Benefit: 1, Rewrite: involution})
	}
	return ps
}

// extractThrough replaces an extract by the value it reads: the object
// of a CompositeInsert at the same indices (skipping inserts elsewhere),
// a constituent of a CompositeConstruct, or an element of a constant.
func extractThrough(op *ir.Operation, rw *ir.Rewriter) bool {
	idx := indices(op)
	if idx == nil {
		return false
	}
	src := op.Operand(0)
	for {
		ins := src.DefiningOp()
		if ins == nil || ins.Name() != "spirv.CompositeInsert" {
			break
		}
		at := indices(ins)
		if at == nil {
			break
		}
		if equalInts(at, idx) {
			rw.ReplaceOp(op, []*ir.Value{ins.Operand(0)})
			return true
		}
		if isPrefix(at, idx) || isPrefix(idx, at) {
			break // the insert overlaps what is read
		}
		src = ins.Operand(1)
	}
	def := src.DefiningOp()
	switch {
	case def != nil && def.Name() == "spirv.CompositeConstruct":
		return extractFromConstruct(op, rw, def, idx)
	case def != nil && def.Name() == "spirv.Constant" && len(idx) == 1:
		if d, ok := def.Attr("value").(*ir.DenseElementsAttr); ok && idx[0] < int64(d.Len()) {
			e, ok := d.ElementAttr(op.Context(), int(idx[0])).(ir.TypedAttr)
			if ok && e.Type() == op.Result(0).Type() {
				rw.SetInsertionPointBefore(op)
				rw.ReplaceOp(op, []*ir.Value{spirv.NewConstant(&rw.Builder, e, e.Type(), op.Loc())})
				return true
			}
		}
	}
	if src != op.Operand(0) {
		rw.ModifyInPlace(op, func() { op.SetOperand(0, src) })
		return true
	}
	return false
}

// extractFromConstruct finds the constituent of construct that holds the
// element at idx (vectors may be built from smaller vectors) and reads it.
func extractFromConstruct(op *ir.Operation, rw *ir.Rewriter, construct *ir.Operation, idx []int64) bool {
	part, rest := (*ir.Value)(nil), idx[1:]
	switch t := construct.Result(0).Type().(type) {
	case *ir.VectorType:
		at := idx[0]
		for _, c := range construct.Operands() {
			n := int64(1)
			if v, ok := c.Type().(*ir.VectorType); ok {
				n = v.Dims[0]
			}
			if at < n {
				part = c
				if n > 1 || c.Type() != op.Result(0).Type() {
					rest = []int64{at}
				}
				break
			}
			at -= n
		}
	case *spirv.StructType:
		if idx[0] < int64(construct.NumOperands()) && construct.NumOperands() == t.NumMembers() {
			part = construct.Operand(int(idx[0]))
		}
	case *spirv.ArrayType:
		if idx[0] < int64(construct.NumOperands()) && int64(construct.NumOperands()) == t.Len {
			part = construct.Operand(int(idx[0]))
		}
	}
	if part == nil || len(rest) == 0 && part.Type() != op.Result(0).Type() {
		return false
	}
	if len(rest) == 0 {
		rw.ReplaceOp(op, []*ir.Value{part})
		return true
	}
	ctx := op.Context()
	attrs := make([]ir.Attribute, len(rest))
	for i, r := range rest {
		attrs[i] = ctx.I32Attr(r)
	}
	rw.ReplaceOpWith(op, &ir.OpState{Name: "spirv.CompositeExtract", Loc: op.Loc(), Operands: []*ir.Value{part},
		ResultTypes: []ir.Type{op.Result(0).Type()}, Attrs: []ir.NamedAttr{{Name: "indices", Value: ctx.ArrayAttr(attrs...)}}})
	return true
}

// simplifySelect: select(c, x, x) is x; a constant condition picks a side.
func simplifySelect(op *ir.Operation, rw *ir.Rewriter) bool {
	if op.Operand(1) == op.Operand(2) {
		rw.ReplaceOp(op, []*ir.Value{op.Operand(1)})
		return true
	}
	if c, ok := constInt(op.Operand(0)); ok {
		pick := op.Operand(2)
		if c != 0 {
			pick = op.Operand(1)
		}
		rw.ReplaceOp(op, []*ir.Value{pick})
		return true
	}
	return false
}

// simplifyBitcast: a bitcast to its operand's type is the operand; a
// bitcast of a bitcast casts the original value once.
func simplifyBitcast(op *ir.Operation, rw *ir.Rewriter) bool {
	src := op.Operand(0)
	if src.Type() == op.Result(0).Type() {
		rw.ReplaceOp(op, []*ir.Value{src})
		return true
	}
	if inner := src.DefiningOp(); inner != nil && inner.Name() == "spirv.Bitcast" {
		rw.ModifyInPlace(op, func() { op.SetOperand(0, inner.Operand(0)) })
		return true
	}
	return false
}

// involution: f(f(x)) is x.
func involution(op *ir.Operation, rw *ir.Rewriter) bool {
	inner := op.Operand(0).DefiningOp()
	if inner == nil || inner.Name() != op.Name() {
		return false
	}
	rw.ReplaceOp(op, []*ir.Value{inner.Operand(0)})
	return true
}

func indices(op *ir.Operation) []int64 {
	arr, ok := op.Attr("indices").(*ir.ArrayAttr)
	if !ok || len(arr.Elems) == 0 {
		return nil
	}
	out := make([]int64, len(arr.Elems))
	for i, e := range arr.Elems {
		ia, ok := e.(*ir.IntegerAttr)
		if !ok || ia.Int() < 0 {
			return nil
		}
		out[i] = ia.Int()
	}
	return out
}

func equalInts(a, b []int64) bool { return len(a) == len(b) && isPrefix(a, b) }

// isPrefix reports whether a is a prefix of b.
func isPrefix(a, b []int64) bool {
	if len(a) > len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
