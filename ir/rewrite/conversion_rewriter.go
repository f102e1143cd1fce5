package rewrite

import (
	"github.com/kiln-gpu/kiln/ir"
)

// ConversionRewriter is the rewriter conversion patterns change the IR
// through. It is an ir.Rewriter (insertion point, Create, ModifyInPlace,
// block and region moves) whose replacements bridge type changes with
// materializations, so the ops that are not converted yet keep seeing
// values of the types they expect.
type ConversionRewriter struct {
	*ir.Rewriter
	c *converter
}

// TypeConverter returns the pattern set's type converter (nil if none).
func (rw *ConversionRewriter) TypeConverter() *TypeConverter { return rw.c.set.Types }

// fail records the first misuse of the rewriter; the conversion reports it.
func (rw *ConversionRewriter) fail(err error) {
	if rw.c.misuse == nil {
		rw.c.misuse = err
	}
}

// ReplaceOp replaces op's results with vals and erases op. A value whose
// type differs from the result it replaces reaches the remaining users of
// that result through a source materialization. A nil value may replace
// only an unused result.
func (rw *ConversionRewriter) ReplaceOp(op *ir.Operation, vals []*ir.Value) {
	if len(vals) != op.NumResults() {
		rw.fail(op.Errorf("replaced with %d values, has %d results", len(vals), op.NumResults()))
		return
	}
	for i, v := range vals {
		if v == nil && op.Result(i).HasUses() {
			rw.fail(op.Errorf("result #%d is still used but was replaced by no value", i))
			return
		}
	}
	// The converter only counts changes, so this skips the rewriter's
	// notifications per use and per nested op; vals is only read, so a
	// caller's literal slice needs no allocation.
	rw.c.changes++
	for i, v := range vals {
		res := op.Result(i)
		if !res.HasUses() {
			continue
		}
		if v.Type() != res.Type() {
			v = rw.c.castAt(sourceCast, res.Type(), []*ir.Value{v}, v.OwnerBlock(), op.Loc()).Result(0)
		}
		res.ReplaceAllUsesWith(v)
	}
	op.Erase()
}

// ReplaceOpWith creates an op from st at op's position and replaces op with it.
func (rw *ConversionRewriter) ReplaceOpWith(op *ir.Operation, st *ir.OpState) *ir.Operation {
	rw.SetInsertionPointBefore(op)
	n := rw.Create(st)
	if n.NumResults() == 1 {
		rw.ReplaceOp(op, []*ir.Value{n.Result(0)}) // Results would allocate
	} else {
		rw.ReplaceOp(op, n.Results())
	}
	return n
}

// EraseOp erases op, whose results must be unused.
func (rw *ConversionRewriter) EraseOp(op *ir.Operation) {
	if op.HasResultUses() {
		rw.fail(op.Errorf("erased while its results are still used"))
		return
	}
	rw.c.changes++
	op.Erase()
}

// ApplySignatureConversion rewrites the arguments of b to sc's converted
// types. Uses of an original argument whose type changed go through a
// source materialization of the new arguments it maps to.
func (rw *ConversionRewriter) ApplySignatureConversion(b *ir.Block, sc *SignatureConversion) {
	old := append([]*ir.Value(nil), b.Args()...)
	if len(old) != sc.NumInputs() {
		rw.fail(ir.Errorf(rw.locOfBlock(b), "signature conversion of a block with %d arguments for %d inputs", len(old), sc.NumInputs()))
		return
	}
	rw.c.changes++
	var added []*ir.Value
	for i := range old {
		start, n := sc.Mapping(i)
		for _, t := range sc.ConvertedTypes()[start : start+n] {
			added = append(added, b.AddArgument(t, old[i].Loc()))
		}
	}
	for i, a := range old {
		start, n := sc.Mapping(i)
		ins := added[start : start+n]
		switch {
		case !a.HasUses():
		case n == 1 && ins[0].Type() == a.Type():
			a.ReplaceAllUsesWith(ins[0])
		default:
			a.ReplaceAllUsesWith(rw.c.castAt(sourceCast, a.Type(), ins, b, a.Loc()).Result(0))
		}
	}
	for i := len(old) - 1; i >= 0; i-- {
		b.EraseArgument(i)
	}
}

// ConvertRegionTypes converts the argument types of every block of r with
// the type converter; the entry block takes entry instead when it is not
// nil. It returns NoMatch, having changed nothing, when a block's types do
// not convert.
func (rw *ConversionRewriter) ConvertRegionTypes(r *ir.Region, entry *SignatureConversion) error {
	tc := rw.TypeConverter()
	var blocks []*ir.Block
	var convs []*SignatureConversion
	for b := range r.Blocks() {
		sc := entry
		if !b.IsEntry() || sc == nil {
			if tc == nil {
				return NoMatch
			}
			var ok bool
			if sc, ok = tc.ConvertSignature(b.ArgTypes()); !ok {
				return NoMatch
			}
		}
		if sc.NumInputs() != b.NumArgs() {
			return NoMatch
		}
		blocks, convs = append(blocks, b), append(convs, sc)
	}
	for i, b := range blocks {
		if !sameTypes(b.ArgTypes(), convs[i].ConvertedTypes()) {
			rw.ApplySignatureConversion(b, convs[i])
		}
	}
	return nil
}

func sameTypes(a, b []ir.Type) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func (rw *ConversionRewriter) locOfBlock(b *ir.Block) ir.Location {
	if op := b.ParentOp(); op != nil {
		return op.Loc()
	}
	return rw.Context().UnknownLoc()
}
