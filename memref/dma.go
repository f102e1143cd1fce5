package memref

import "github.com/kiln-gpu/kiln/ir"

// dmaStart is memref.dma_start: an asynchronous copy of num elements from
// src to dst whose completion is signalled through the tag memref, with an
// optional stride and number of elements per stride:
//
//	memref.dma_start %src[%i], %dst[%j], %n, %tag[%k] : memref<64xf32>, memref<64xf32, 1>, memref<1xi32>
var dmaStart = &ir.OpDef{
	Name:     "memref.dma_start",
	Summary:  "non-blocking DMA operation that starts a transfer",
	Example:  "memref.dma_start %src[%i], %dst[%j], %n, %tag[%k] : memref<64xf32>, memref<64xf32, 1>, memref<1xi32>",
	Operands: ir.Variadic, // counted by verifyDmaStart, as MLIR does
	Results:  ir.Exactly(0),
	// Hand-written as in MLIR (hasCustomAssemblyFormat).
	Parse:  parseDmaStart,
	Print:  printDmaStart,
	Verify: verifyDmaStart,
	Fold:   foldCastOperands(-1),
}

// dmaWait is memref.dma_wait: it blocks until the DMA operation that
// signals the tag element completes.
//
//	memref.dma_wait %tag[%k], %n : memref<1xi32>
var dmaWait = &ir.OpDef{
	Name:     "memref.dma_wait",
	Summary:  "blocking DMA operation that waits for transfer completion",
	Example:  "memref.dma_wait %tag[%k], %n : memref<1xi32>",
	Operands: ir.AtLeast(2),
	Results:  ir.Exactly(0),
	Format: &ir.Format{Syntax: "$tagMemRef `[` $tagIndices `]` `,` $numElements attr-dict `:` type($tagMemRef)",
		Operands: []string{"tagMemRef", "tagIndices*", "numElements"}, Types: indexTypes("tagIndices", "numElements")},
	Verify: func(op *ir.Operation) error {
		mt, ok := op.Operand(0).Type().(*ir.MemRefType)
		if !ok {
			return op.Errorf("operand #0 must be memref of any type values, but got '%s'", ir.TypeString(op.Operand(0).Type()))
		}
		for _, v := range op.Operands()[1:] {
			if !isIndex(v.Type()) {
				return op.Errorf("operand #1 must be variadic of index, but got '%s'", ir.TypeString(v.Type()))
			}
		}
		if got := op.NumOperands() - 2; got != len(mt.Dims) {
			return op.Errorf("expected tagIndices to have the same number of elements as the tagMemRef rank, expected %d, but got %d", len(mt.Dims), got)
		}
		return nil
	},
	Fold: foldCastOperands(-1),
}

func parseDmaStart(p *ir.OpParser, st *ir.OpState) error {
	var refs [3]ir.UnresolvedOperand
	var idx [3][]ir.UnresolvedOperand
	var num ir.UnresolvedOperand
	for i := range refs {
		if i > 0 {
			if err := p.ParsePunct(","); err != nil {
				return err
			}
		}
		if i == 2 {
			u, err := p.ParseOperand()
			if err != nil {
				return err
			}
			num = u
			if err := p.ParsePunct(","); err != nil {
				return err
			}
		}
		u, err := p.ParseOperand()
		if err != nil {
			return err
		}
		refs[i] = u
		if idx[i], err = parseIndices(p); err != nil {
			return err
		}
	}
	var stride []ir.UnresolvedOperand
	if p.ParseOptionalPunct(",") {
		us, err := ir.ParseOperandsN(p, 2)
		if err != nil {
			return err
		}
		stride = us
	}
	if err := p.ParseOptionalAttrDict(); err != nil {
		return err
	}
	at := p.Pos()
	ts, err := p.ParseColonTypeList()
	if err != nil {
		return err
	}
	if len(ts) != 3 {
		return ir.Errorf(p.LocAt(at), "fewer/more types expected")
	}
	for i, u := range refs {
		if err := p.ResolveOperands([]ir.UnresolvedOperand{u}, []ir.Type{ts[i]}); err != nil {
			return err
		}
		if err := resolveIndex(p, idx[i]); err != nil {
			return err
		}
		if i == 1 {
			if err := resolveIndex(p, []ir.UnresolvedOperand{num}); err != nil {
				return err
			}
		}
	}
	return resolveIndex(p, stride)
}

// DmaStartParts splits a memref.dma_start's operands: the source, target
// and tag memrefs with their indices, the element count, and the stride
// and elements per stride (nil when not strided). ok is false when the
// operands do not fit the memref ranks.
func DmaStartParts(op *ir.Operation) (refs [3]*ir.Value, idx [3][]*ir.Value, num *ir.Value, stride []*ir.Value, ok bool) {
	ops := op.Operands()
	at := 0
	for i := range refs {
		if at >= len(ops) {
			return refs, idx, nil, nil, false
		}
		mt, isRef := ops[at].Type().(*ir.MemRefType)
		if !isRef || at+1+len(mt.Dims) > len(ops) {
			return refs, idx, nil, nil, false
		}
		refs[i], idx[i] = ops[at], ops[at+1:at+1+len(mt.Dims)]
		at += 1 + len(mt.Dims)
		if i == 1 {
			if at >= len(ops) {
				return refs, idx, nil, nil, false
			}
			num = ops[at]
			at++
		}
	}
	switch len(ops) - at {
	case 0:
		return refs, idx, num, nil, true
	case 2:
		return refs, idx, num, ops[at:], true
	}
	return refs, idx, num, nil, false
}

func printDmaStart(p *ir.OpPrinter, op *ir.Operation) {
	refs, idx, num, stride, ok := DmaStartParts(op)
	if !ok {
		// Only a malformed op, which the verifier rejects, gets here.
		p.WriteByte(' ')
		p.Operands(op.Operands())
		return
	}
	for i := range refs {
		if i == 0 {
			p.WriteByte(' ')
		} else {
			p.WriteString(", ")
		}
		if i == 2 {
			p.Operand(num)
			p.WriteString(", ")
		}
		p.Operand(refs[i])
		printIndices(p, idx[i])
	}
	if stride != nil {
		p.WriteString(", ")
		p.Operands(stride)
	}
	p.OptionalAttrDict(op.Attrs())
	p.WriteString(" : ")
	for i, r := range refs {
		if i > 0 {
			p.WriteString(", ")
		}
		p.Type(r.Type())
	}
}

// verifyDmaStart follows MLIR's DmaStartOp::verify check by check, since
// the operand positions depend on the memref ranks.
func verifyDmaStart(op *ir.Operation) error {
	ops := op.Operands()
	n := len(ops)
	if n < 4 {
		return op.Errorf("expected at least 4 operands")
	}
	allIndex := func(vs []*ir.Value) bool {
		for _, v := range vs {
			if !isIndex(v.Type()) {
				return false
			}
		}
		return true
	}
	rankOf := func(v *ir.Value) (int, bool) {
		mt, ok := v.Type().(*ir.MemRefType)
		if !ok {
			return 0, false
		}
		return len(mt.Dims), true
	}
	srcRank, ok := rankOf(ops[0])
	if !ok {
		return op.Errorf("expected source to be of memref type")
	}
	if n < srcRank+4 {
		return op.Errorf("expected at least %d operands", srcRank+4)
	}
	if !allIndex(ops[1 : 1+srcRank]) {
		return op.Errorf("expected source indices to be of index type")
	}
	dst := 1 + srcRank
	dstRank, ok := rankOf(ops[dst])
	if !ok {
		return op.Errorf("expected destination to be of memref type")
	}
	want := srcRank + dstRank + 4
	if n < want {
		return op.Errorf("expected at least %d operands", want)
	}
	if !allIndex(ops[dst+1 : dst+1+dstRank]) {
		return op.Errorf("expected destination indices to be of index type")
	}
	num := dst + 1 + dstRank
	if !isIndex(ops[num].Type()) {
		return op.Errorf("expected num elements to be of index type")
	}
	tagRank, ok := rankOf(ops[num+1])
	if !ok {
		return op.Errorf("expected tag to be of memref type")
	}
	want += tagRank
	if n < want {
		return op.Errorf("expected at least %d operands", want)
	}
	if !allIndex(ops[num+2 : num+2+tagRank]) {
		return op.Errorf("expected tag indices to be of index type")
	}
	if n != want && n != want+2 {
		return op.Errorf("incorrect number of operands")
	}
	if n == want+2 && !allIndex(ops[want:]) {
		return op.Errorf("expected stride and num elements per stride to be of type index")
	}
	return nil
}
