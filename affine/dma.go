package affine

import (
	"github.com/kiln-gpu/kiln/ir"
)

// affine.prefetch, affine.dma_start and affine.dma_wait: memref.prefetch,
// dma_start and dma_wait with affine subscripts, each subscript list an
// affine map of SSA values.

var prefetch = &ir.OpDef{
	Name:         "affine.prefetch",
	Traits:       ir.MemRefsNormalizable,
	Summary:      "Hints that an element of a memref at affine subscripts will be read or written soon.",
	Example:      "affine.prefetch %m[%i + 3, symbol(%n)], read, locality<3>, data : memref<8x16xf32>",
	Operands:     ir.AtLeast(1),
	Results:      ir.Exactly(0),
	Inherent:     []string{"map", "isWrite", "localityHint", "isDataCache"},
	Canonicalize: []*ir.Pattern{simplifyPattern("affine.prefetch", 1)},
	// Hand-written as in MLIR (AffinePrefetchOp::parse): affine subscripts
	// of SSA values and bare read/write, data/instr keywords.
	Parse:  parsePrefetch,
	Print:  printPrefetch,
	Verify: verifyPrefetch,
}

var dmaStart = &ir.OpDef{
	Name:     "affine.dma_start",
	Traits:   ir.MemRefsNormalizable,
	Summary:  "Starts a DMA transfer between memrefs at affine subscripts.",
	Example:  "affine.dma_start %src[%i + 1], %dst[%j], %tag[%c0], %n : memref<64xf32>, memref<64xf32, 2>, memref<1xi32>",
	Operands: ir.AtLeast(4),
	Results:  ir.Exactly(0),
	// Hand-written as in MLIR (AffineDmaStartOp::parse): three memrefs with
	// affine subscripts and an optional stride pair.
	Parse:  parseDmaStart,
	Print:  printDmaStart,
	Verify: verifyDmaStart,
}

var dmaWait = &ir.OpDef{
	Name:     "affine.dma_wait",
	Traits:   ir.MemRefsNormalizable,
	Summary:  "Waits for the DMA transfer signalled at an affine subscript of a tag memref.",
	Example:  "affine.dma_wait %tag[%i + 1], %n : memref<4xi32>",
	Operands: ir.AtLeast(2),
	Results:  ir.Exactly(0),
	// Hand-written as in MLIR (AffineDmaWaitOp::parse): affine subscripts.
	Parse:  parseDmaWait,
	Print:  printDmaWait,
	Verify: verifyDmaWait,
}

// parseSubscripts reads `[e, ...]`, affine expressions of SSA values;
// the caller resolves them (subscripts.finish) once the types are read,
// as MLIR's parseAffineMapOfSSAIds leaves them unresolved.
func parseSubscripts(p *ir.OpParser) (*subscripts, error) {
	if err := p.ParsePunct("["); err != nil {
		return nil, err
	}
	s := &subscripts{ssaExprs: ssaExprs{p: p}}
	for !p.ParseOptionalPunct("]") {
		if len(s.results) > 0 {
			if err := p.ParsePunct(","); err != nil {
				return nil, err
			}
		}
		e, err := s.expr()
		if err != nil {
			return nil, err
		}
		s.results = append(s.results, e)
	}
	return s, nil
}

// subscripts are parsed subscripts, not yet resolved.
type subscripts struct {
	ssaExprs
	results []*ir.AffineExpr
}

// resolve returns the subscripts' map and its operands (index values).
func (s *subscripts) resolve() (*ir.AffineMap, []*ir.Value, error) { return s.finish(s.results) }

// printSubscripts writes ` %m[e, ...]` for a map over operands.
func printSubscripts(p *ir.OpPrinter, memref *ir.Value, m *ir.AffineMap, operands []*ir.Value) {
	p.WriteByte(' ')
	p.Operand(memref)
	p.WriteByte('[')
	for i, e := range m.Results {
		if i > 0 {
			p.WriteString(", ")
		}
		printExpr(p, e, operands[:m.Dims], operands[m.Dims:], false)
	}
	p.WriteByte(']')
}

// %m[subscripts], read|write, locality<N>, data|instr attr-dict : type
func parsePrefetch(p *ir.OpParser, st *ir.OpState) error {
	ctx := p.Context()
	u, err := p.ParseOperand()
	if err != nil {
		return err
	}
	subs, err := parseSubscripts(p)
	if err != nil {
		return err
	}
	if err := p.ParsePunct(","); err != nil {
		return err
	}
	rw, err := p.ParseKeywordAny()
	if err != nil {
		return err
	}
	if err := p.ParsePunct(","); err != nil {
		return err
	}
	if err := p.ParseKeyword("locality"); err != nil {
		return err
	}
	if err := p.ParsePunct("<"); err != nil {
		return err
	}
	hint, err := p.ParseAttribute(ctx.I(32))
	if err != nil {
		return err
	}
	if err := p.ParsePunct(">"); err != nil {
		return err
	}
	if err := p.ParsePunct(","); err != nil {
		return err
	}
	cache, err := p.ParseKeywordAny()
	if err != nil {
		return err
	}
	if err := p.ParseOptionalAttrDict(); err != nil {
		return err
	}
	if err := p.ParsePunct(":"); err != nil {
		return err
	}
	t, err := p.ParseType()
	if err != nil {
		return err
	}
	mv, err := p.Resolve(u, t)
	if err != nil {
		return err
	}
	m, operands, err := subs.resolve()
	if err != nil {
		return err
	}
	if rw != "read" && rw != "write" {
		return p.ErrorfAt(st.Loc, "rw specifier has to be 'read' or 'write'")
	}
	if cache != "data" && cache != "instr" {
		return p.ErrorfAt(st.Loc, "cache type has to be 'data' or 'instr'")
	}
	st.Operands = append([]*ir.Value{mv}, operands...)
	st.AddAttr("map", ctx.AffineMapAttr(m))
	st.AddAttr("localityHint", hint)
	st.AddAttr("isWrite", ctx.BoolAttr(rw == "write"))
	st.AddAttr("isDataCache", ctx.BoolAttr(cache == "data"))
	return nil
}

func boolAttr(op *ir.Operation, name string) bool {
	a, ok := op.Attr(name).(*ir.IntegerAttr)
	return ok && a.Int() != 0
}

func printPrefetch(p *ir.OpPrinter, op *ir.Operation) {
	printSubscripts(p, op.Operand(0), MapOf(op, "map"), op.Operands()[1:])
	rw, cache := "read", "instr"
	if boolAttr(op, "isWrite") {
		rw = "write"
	}
	if boolAttr(op, "isDataCache") {
		cache = "data"
	}
	p.WriteString(", " + rw + ", locality<")
	if h, ok := op.Attr("localityHint").(*ir.IntegerAttr); ok {
		p.Int(h.Int())
	}
	p.WriteString(">, " + cache)
	p.OptionalAttrDict(op.Attrs(), "map", "localityHint", "isDataCache", "isWrite")
	p.WriteString(" : ")
	p.Type(op.Operand(0).Type())
}

func verifyPrefetch(op *ir.Operation) error {
	t, ok := op.Operand(0).Type().(*ir.MemRefType)
	if !ok {
		return op.Errorf("operand #0 must be memref of any type values, but got '%s'", ir.TypeString(op.Operand(0).Type()))
	}
	if err := checkIndexOperands(op, 1); err != nil {
		return err
	}
	if h, ok := op.Attr("localityHint").(*ir.IntegerAttr); !ok || h.Int() < 0 || h.Int() > 3 {
		return op.Errorf("attribute 'localityHint' failed to satisfy constraint: 32-bit signless integer attribute whose minimum value is 0 whose maximum value is 3")
	}
	m := MapOf(op, "map")
	if m == nil {
		if op.NumOperands() != 1 {
			return op.Errorf("too few operands")
		}
		return nil
	}
	if len(m.Results) != len(t.Shape()) {
		return op.Errorf("affine.prefetch affine map num results must equal memref rank")
	}
	if m.Dims+m.Symbols+1 != op.NumOperands() {
		return op.Errorf("too few operands")
	}
	return checkAffineIndices(op, op.Operands()[1:], "index must be a valid dimension or symbol identifier")
}

// checkAffineIndices reports the first operand that is neither a valid
// dim nor a valid symbol (MLIR's isValidAffineIndexOperand) with msg.
func checkAffineIndices(op *ir.Operation, operands []*ir.Value, msg string) error {
	scope := affineScope(op)
	for _, v := range operands {
		if !validDim(v, scope) && !validSymbol(v, scope) {
			return op.Errorf("%s", msg)
		}
	}
	return nil
}

// DmaStartMaps names affine.dma_start's maps: the source's, the
// destination's and the tag's subscripts.
var DmaStartMaps = [3]string{"src_map", "dst_map", "tag_map"}

// DmaStartParts splits affine.dma_start's operands: each memref with its
// subscripts (source, destination, tag), then the element count and the
// optional stride and elements per stride.
func DmaStartParts(op *ir.Operation) (parts [3][]*ir.Value, rest []*ir.Value, ok bool) {
	at := 0
	for i, name := range DmaStartMaps {
		m := MapOf(op, name)
		if m == nil || at+1+m.Dims+m.Symbols > op.NumOperands() {
			return parts, nil, false
		}
		parts[i] = op.Operands()[at : at+1+m.Dims+m.Symbols]
		at += 1 + m.Dims + m.Symbols
	}
	return parts, op.Operands()[at:], true
}

// %src[...], %dst[...], %tag[...], %n (, %stride, %per_stride)? attr-dict : src-type, dst-type, tag-type
func parseDmaStart(p *ir.OpParser, st *ir.OpState) error {
	ctx := p.Context()
	var memrefs [3]ir.UnresolvedOperand
	var subs [3]*subscripts
	for i := range 3 {
		if i > 0 {
			if err := p.ParsePunct(","); err != nil {
				return err
			}
		}
		u, err := p.ParseOperand()
		if err != nil {
			return err
		}
		memrefs[i] = u
		if subs[i], err = parseSubscripts(p); err != nil {
			return err
		}
	}
	if err := p.ParsePunct(","); err != nil {
		return err
	}
	num, err := p.ParseOperand()
	if err != nil {
		return err
	}
	var stride []ir.UnresolvedOperand
	for p.ParseOptionalPunct(",") {
		u, err := p.ParseOperand()
		if err != nil {
			return err
		}
		stride = append(stride, u)
	}
	if len(stride) != 0 && len(stride) != 2 {
		return p.ErrorfAt(st.Loc, "expected two stride related operands")
	}
	if err := p.ParseOptionalAttrDict(); err != nil {
		return err
	}
	types, err := p.ParseColonTypeList()
	if err != nil {
		return err
	}
	if len(types) != 3 {
		return p.ErrorfAt(st.Loc, "expected three types")
	}
	for i, name := range DmaStartMaps {
		v, err := p.Resolve(memrefs[i], types[i])
		if err != nil {
			return err
		}
		m, indices, err := subs[i].resolve()
		if err != nil {
			return err
		}
		st.Operands = append(append(st.Operands, v), indices...)
		st.AddAttr(name, ctx.AffineMapAttr(m))
	}
	for _, u := range append([]ir.UnresolvedOperand{num}, stride...) {
		v, err := p.Resolve(u, ctx.Index())
		if err != nil {
			return err
		}
		st.Operands = append(st.Operands, v)
	}
	return nil
}

func printDmaStart(p *ir.OpPrinter, op *ir.Operation) {
	parts, rest, _ := DmaStartParts(op)
	for i, name := range DmaStartMaps {
		if i > 0 {
			p.WriteByte(',')
		}
		printSubscripts(p, parts[i][0], MapOf(op, name), parts[i][1:])
	}
	for _, v := range rest {
		p.WriteString(", ")
		p.Operand(v)
	}
	p.OptionalAttrDict(op.Attrs(), DmaStartMaps[:]...)
	p.WriteString(" : ")
	for i := range parts {
		if i > 0 {
			p.WriteString(", ")
		}
		p.Type(parts[i][0].Type())
	}
}

func verifyDmaStart(op *ir.Operation) error {
	parts, rest, ok := DmaStartParts(op)
	if !ok {
		return op.Errorf("incorrect number of operands")
	}
	for i, what := range []string{"source", "destination", "tag"} {
		if _, ok := parts[i][0].Type().(*ir.MemRefType); !ok {
			return op.Errorf("expected DMA %s to be of memref type", what)
		}
	}
	if len(rest) != 1 && len(rest) != 3 {
		return op.Errorf("incorrect number of operands")
	}
	for i, what := range []string{"src", "dst", "tag"} {
		for _, v := range parts[i][1:] {
			if !isIndex(v.Type()) {
				return op.Errorf("%s index to dma_start must have 'index' type", what)
			}
		}
		if err := checkAffineIndices(op, parts[i][1:], what+" index must be a valid dimension or symbol identifier"); err != nil {
			return err
		}
	}
	return nil
}

// %tag[...], %n attr-dict : type
func parseDmaWait(p *ir.OpParser, st *ir.OpState) error {
	ctx := p.Context()
	u, err := p.ParseOperand()
	if err != nil {
		return err
	}
	subs, err := parseSubscripts(p)
	if err != nil {
		return err
	}
	if err := p.ParsePunct(","); err != nil {
		return err
	}
	num, err := p.ParseOperand()
	if err != nil {
		return err
	}
	if err := p.ParseOptionalAttrDict(); err != nil {
		return err
	}
	if err := p.ParsePunct(":"); err != nil {
		return err
	}
	t, err := p.ParseType()
	if err != nil {
		return err
	}
	if _, ok := t.(*ir.MemRefType); !ok {
		return p.ErrorfAt(st.Loc, "expected tag to be of memref type")
	}
	tag, err := p.Resolve(u, t)
	if err != nil {
		return err
	}
	m, indices, err := subs.resolve()
	if err != nil {
		return err
	}
	n, err := p.Resolve(num, ctx.Index())
	if err != nil {
		return err
	}
	st.Operands = append(append([]*ir.Value{tag}, indices...), n)
	st.AddAttr("tag_map", ctx.AffineMapAttr(m))
	return nil
}

func printDmaWait(p *ir.OpPrinter, op *ir.Operation) {
	n := op.NumOperands()
	printSubscripts(p, op.Operand(0), MapOf(op, "tag_map"), op.Operands()[1:n-1])
	p.WriteString(", ")
	p.Operand(op.Operand(n - 1))
	p.OptionalAttrDict(op.Attrs(), "tag_map")
	p.WriteString(" : ")
	p.Type(op.Operand(0).Type())
}

func verifyDmaWait(op *ir.Operation) error {
	if _, ok := op.Operand(0).Type().(*ir.MemRefType); !ok {
		return op.Errorf("expected DMA tag to be of memref type")
	}
	m := MapOf(op, "tag_map")
	n := op.NumOperands()
	if m == nil || m.Dims+m.Symbols != n-2 {
		return op.Errorf("tag memref operand count != to map.numInputs")
	}
	for _, v := range op.Operands()[1 : n-1] {
		if !isIndex(v.Type()) {
			return op.Errorf("index to dma_wait must have 'index' type")
		}
	}
	return checkAffineIndices(op, op.Operands()[1:n-1], "index must be a valid dimension or symbol identifier")
}
