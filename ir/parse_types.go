package ir

import (
	"math"
	"strconv"
	"strings"
)

// ParseType parses any type: builtin, alias or dialect.
func (p *Parser) ParseType() (Type, error) {
	if err := p.enter(); err != nil {
		return nil, err
	}
	defer p.leave()
	switch p.tok.kind {
	case tokBangID:
		return p.parseExtendedType()
	case tokPunct:
		if p.isPunct("(") {
			return p.parseFunctionType()
		}
	case tokBareID:
		return p.parseBuiltinType()
	}
	return nil, p.wrongTokenf("expected non-function type")
}

// ParseOptionalType parses a type if one starts here.
func (p *Parser) ParseOptionalType() (Type, bool, error) {
	switch p.tok.kind {
	case tokBangID:
	case tokBareID:
		if !isBuiltinTypeKeyword(p.spelling()) {
			return nil, false, nil
		}
	case tokPunct:
		if !p.isPunct("(") {
			return nil, false, nil
		}
	default:
		return nil, false, nil
	}
	t, err := p.ParseType()
	return t, true, err
}

func isBuiltinTypeKeyword(s string) bool {
	switch s {
	case "index", "none", "complex", "tuple", "vector", "memref", "tensor":
		return true
	}
	if _, ok := floatKindByName[s]; ok {
		return true
	}
	_, _, ok := parseIntTypeName(s)
	return ok
}

var floatKindByName = func() map[string]FloatKind {
	m := map[string]FloatKind{}
	for k, n := range floatNames {
		m[n] = FloatKind(k)
	}
	return m
}()

func parseIntTypeName(s string) (int, Signedness, bool) {
	sg := Signless
	switch {
	case strings.HasPrefix(s, "si"):
		sg, s = Signed, s[2:]
	case strings.HasPrefix(s, "ui"):
		sg, s = Unsigned, s[2:]
	case strings.HasPrefix(s, "i"):
		s = s[1:]
	default:
		return 0, 0, false
	}
	if s == "" || s[0] == '0' && len(s) > 1 {
		return 0, 0, false
	}
	for i := 0; i < len(s); i++ {
		if !isDigit(s[i]) {
			return 0, 0, false
		}
	}
	w, err := strconv.Atoi(s)
	if err != nil || w > math.MaxUint32 {
		// Too wide for MLIR's 32-bit width: "invalid integer width".
		return -1, sg, true
	}
	return w, sg, true
}

func (p *Parser) parseBuiltinType() (Type, error) {
	s := p.spelling()
	t := p.tok
	// The common names first: the map lookup shows in profiles.
	switch s {
	case "f32":
		p.consume()
		return p.ctx.builtins.f32, nil
	case "index":
		p.consume()
		return p.ctx.Index(), nil
	}
	if !isBuiltinTypeKeyword(s) {
		// Not a type keyword: MLIR reports it where the type was missing.
		return nil, p.wrongTokenf("expected non-function type")
	}
	p.consume()
	return p.builtinTypeNamed(t, s)
}

// builtinTypeNamed parses the rest of the builtin type named s, whose name
// token t (a bare keyword, or `!builtin.s`) is consumed.
func (p *Parser) builtinTypeNamed(t token, s string) (Type, error) {
	if w, sg, ok := parseIntTypeName(s); ok {
		if w < 0 || w == 0 && sg == Signless && s != "i0" {
			return nil, p.errorAt(t, "invalid integer width")
		}
		if w > MaxIntegerWidth {
			return nil, p.errorAt(t, "integer bitwidth is limited to %d bits", MaxIntegerWidth)
		}
		return p.ctx.IntegerType(w, sg), nil
	}
	if k, ok := floatKindByName[s]; ok {
		return p.ctx.Float(k), nil
	}
	switch s {
	case "index":
		return p.ctx.Index(), nil
	case "none":
		return p.ctx.None(), nil
	case "complex":
		if err := p.ParsePunctIn("<", " in complex type"); err != nil {
			return nil, err
		}
		et, err := p.ParseType()
		if err != nil {
			return nil, err
		}
		if !IsFloat(et) && !IsIntOrIndex(et) {
			return nil, p.errorAt(t, "invalid element type for complex")
		}
		return p.ctx.Complex(et), p.ParsePunctIn(">", " in complex type")
	case "tuple":
		if err := p.ParsePunctIn("<", " in tuple type"); err != nil {
			return nil, err
		}
		var ts []Type
		if !p.isPunct(">") {
			var err error
			if ts, err = p.ParseTypeList(); err != nil {
				return nil, err
			}
		}
		return p.ctx.Tuple(ts...), p.ParsePunctIn(">", " in tuple type")
	case "vector":
		return p.parseVectorType(t)
	case "memref":
		return p.parseMemRefType(t)
	case "tensor":
		return p.parseTensorType(t)
	}
	return nil, p.errorAt(t, "unknown builtin type '%s'", s)
}

// ParseTypeList parses t (, t)*.
func (p *Parser) ParseTypeList() ([]Type, error) {
	var ts []Type
	for {
		t, err := p.ParseType()
		if err != nil {
			return nil, err
		}
		ts = append(ts, t)
		if !p.ParseOptionalPunct(",") {
			return ts, nil
		}
	}
}

// Function types are parsed onto p.typeStack, which FunctionType copies
// from, sparing two slices per generic op. A nested function type pushes
// above its caller's entries and pops them before the caller goes on.

// pushTypeList parses a comma-separated list of types onto p.typeStack.
func (p *Parser) pushTypeList() error {
	for {
		t, err := p.ParseType()
		if err != nil {
			return err
		}
		p.typeStack = append(p.typeStack, t)
		if !p.ParseOptionalPunct(",") {
			return nil
		}
	}
}

func (p *Parser) parseFunctionType() (Type, error) {
	if err := p.ParsePunct("("); err != nil {
		return nil, err
	}
	mark := len(p.typeStack)
	defer p.popTypes(mark)
	if !p.isPunct(")") {
		if err := p.pushTypeList(); err != nil {
			return nil, err
		}
	}
	if err := p.ParsePunct(")"); err != nil {
		return nil, err
	}
	if err := p.ParsePunct("->"); err != nil {
		return nil, err
	}
	inEnd := len(p.typeStack)
	if err := p.pushFunctionResults(); err != nil {
		return nil, err
	}
	return p.ctx.FunctionType(p.typeStack[mark:inEnd], p.typeStack[inEnd:]), nil
}

func (p *Parser) popTypes(mark int) {
	clear(p.typeStack[mark:])
	p.typeStack = p.typeStack[:mark]
}

// ParseFunctionResults parses a result list: a bare type, or (types).
func (p *Parser) ParseFunctionResults() ([]Type, error) {
	mark := len(p.typeStack)
	defer p.popTypes(mark)
	if err := p.pushFunctionResults(); err != nil {
		return nil, err
	}
	return append([]Type(nil), p.typeStack[mark:]...), nil
}

// pushFunctionResults parses a result list onto p.typeStack.
func (p *Parser) pushFunctionResults() error {
	mark := len(p.typeStack)
	if p.isPunct("(") {
		save := p.save()
		p.consume()
		if p.ParseOptionalPunct(")") {
			if !p.isPunct("->") {
				return nil
			}
			p.restore(save) // ()->... is a function type result
		} else {
			if err := p.pushTypeList(); err != nil {
				return err
			}
			if err := p.ParsePunct(")"); err != nil {
				return err
			}
			if !p.isPunct("->") {
				return nil
			}
			p.popTypes(mark)
			p.restore(save) // (a) -> b as a single function-typed result
		}
	}
	t, err := p.ParseType()
	if err != nil {
		return err
	}
	p.typeStack = append(p.typeStack, t)
	return nil
}

// negativeSize completes MLIR's parser error at a negative size in a
// dimension list ("expected non-function type": the dimension list ends
// there) with what MLIR's verifiers say about such a size, by type.
var negativeSize = map[string]string{
	"memref": "expected non-function type (invalid memref size: a dimension cannot be negative; '?' is a dynamic size)",
	"tensor": "expected non-function type (invalid tensor dimension size: a dimension cannot be negative; '?' is a dynamic size)",
	"vector": "expected non-function type (vector types must have positive constant sizes)",
	"":       "expected non-function type (invalid dimension: a dimension cannot be negative)",
}

// parseDims parses a dimension list `4x?x[8]x` of a kind type and stops
// before the element type, appending to dims (which callers may have on
// the stack: a known type keeps no copy). The scalable flags are only
// listed when allowed.
func (p *Parser) parseDims(kind string, allowDynamic, allowScalable bool, dims []int64) ([]int64, []bool, error) {
	var scalable []bool
	for {
		sc := false
		if allowScalable && p.isPunct("[") {
			save := p.save()
			p.consume()
			if p.tok.kind != tokInteger {
				p.restore(save)
				return dims, scalable, nil
			}
			sc = true
		}
		var d int64
		switch {
		case p.isPunct("?"):
			if !allowDynamic {
				return nil, nil, p.Errorf("expected static shape")
			}
			d = Dynamic
			p.consume()
		case p.tok.kind == tokInteger:
			s := p.spelling()
			if strings.HasPrefix(s, "0x") { // 0x4xf32: the lexer took "0x4" as hex
				p.lex.resetTo(p.tok.start+1, p.tok.line, p.tok.start-(p.tok.col-1))
				p.tok = token{kind: tokInteger, start: p.tok.start, end: p.tok.start + 1, line: p.tok.line, col: p.tok.col}
				s = "0"
			}
			v, err := strconv.ParseInt(s, 10, 64)
			if err != nil || v < 0 {
				return nil, nil, p.Errorf("invalid dimension")
			}
			d = v
			p.consume()
		case p.isPunct("-") && p.lex.pos < len(p.lex.src) && p.lex.src[p.lex.pos] >= '0' && p.lex.src[p.lex.pos] <= '9':
			return nil, nil, p.Errorf("%s", negativeSize[kind])
		default:
			return dims, scalable, nil
		}
		if sc {
			if err := p.ParsePunct("]"); err != nil {
				return nil, nil, err
			}
		}
		dims = append(dims, d)
		if allowScalable {
			scalable = append(scalable, sc)
		}
		if err := p.parseXInDims(); err != nil {
			return nil, nil, err
		}
	}
}

// parseXInDims consumes the `x` after a dimension; the lexer sees "x4xf32"
// as one identifier, so restart lexing just after the x.
func (p *Parser) parseXInDims() error {
	if p.tok.kind != tokBareID || p.spelling()[0] != 'x' {
		return p.Errorf("expected 'x' in dimension list")
	}
	if p.tok.end-p.tok.start > 1 {
		p.lex.resetTo(p.tok.start+1, p.tok.line, p.tok.start-(p.tok.col-1))
	}
	p.consume()
	return nil
}

func (p *Parser) parseVectorType(t token) (Type, error) {
	if err := p.ParsePunct("<"); err != nil {
		return nil, err
	}
	dims, scalable, err := p.parseDims("vector", false, true, nil)
	if err != nil {
		return nil, err
	}
	et, err := p.ParseType()
	if err != nil {
		return nil, err
	}
	if !IsIntOrIndex(et) && !IsFloat(et) {
		if _, ok := et.(*OpaqueType); !ok && !isDialectType(et) {
			return nil, p.errorAt(t, "failed to verify 'elementType': VectorElementTypeInterface instance")
		}
	}
	for _, d := range dims {
		if d == 0 {
			return nil, p.errorAt(t, "vector types must have positive constant sizes but got %s", dimsString(dims))
		}
	}
	return p.ctx.ScalableVector(dims, scalable, et), p.ParsePunct(">")
}

// validTensorElementType is MLIR's TensorType::isValidElementType: any
// dialect type, and of the builtin ones the scalars, complex and vector.
func validTensorElementType(t Type) bool {
	switch t.(type) {
	case *IntegerType, *IndexType, *FloatType, *ComplexType, *VectorType, *OpaqueType:
		return true
	}
	return isDialectType(t)
}

// validMemRefElementType is MLIR's BaseMemRefType::isValidElementType:
// the scalars, complex, vector and memref types, and dialect types (which
// MLIR asks for MemRefElementTypeInterface; Kiln's dialects do not say).
func validMemRefElementType(t Type) bool {
	switch t.(type) {
	case *MemRefType, *UnrankedMemRefType:
		return true
	}
	return validTensorElementType(t)
}

// supportedMemorySpace is MLIR's isSupportedMemorySpace: none, an integer,
// string or dictionary, or a dialect attribute.
func supportedMemorySpace(a Attribute) bool {
	switch a.(type) {
	case *FloatAttr, *UnitAttr, *ArrayAttr, *DenseArrayAttr, *TypeAttr, *SymbolRefAttr, *StridedLayoutAttr,
		*AffineMapAttr, *IntegerSetAttr, *DenseElementsAttr, *DenseResourceElementsAttr, *SparseElementsAttr, *DistinctAttr, Location:
		return false
	}
	return true
}

func isDialectType(t Type) bool {
	switch t.(type) {
	case *IntegerType, *IndexType, *FloatType, *NoneType, *ComplexType, *TupleType, *FunctionType,
		*VectorType, *MemRefType, *UnrankedMemRefType, *RankedTensorType, *UnrankedTensorType:
		return false
	}
	return true
}

func dimsString(d []int64) string {
	parts := make([]string, len(d))
	for i, v := range d {
		parts[i] = strconv.FormatInt(v, 10)
	}
	return strings.Join(parts, ", ")
}

func (p *Parser) parseMemRefType(t token) (Type, error) {
	if err := p.ParsePunct("<"); err != nil {
		return nil, err
	}
	unranked := false
	var dimBuf [4]int64
	var dims []int64
	if p.isPunct("*") {
		p.consume()
		if err := p.parseXInDims(); err != nil {
			return nil, err
		}
		unranked = true
	} else {
		var err error
		if dims, _, err = p.parseDims("memref", true, false, dimBuf[:0]); err != nil {
			return nil, err
		}
	}
	etTok := p.tok
	et, err := p.ParseType()
	if err != nil {
		return nil, err
	}
	if !validMemRefElementType(et) {
		return nil, p.errorAt(etTok, "invalid memref element type")
	}
	var layout, space Attribute
	for first := true; p.ParseOptionalPunct(","); first = false {
		at := p.tok
		if first && p.isPunct(">") {
			return nil, p.Errorf("expected list element")
		}
		a, err := p.ParseAttribute(nil)
		if err != nil {
			return nil, err
		}
		switch a.(type) {
		case *AffineMapAttr, *StridedLayoutAttr:
			if unranked {
				return nil, p.errorAt(at, "cannot have affine map for unranked memref type")
			}
			if space != nil {
				return nil, p.errorAt(at, "expected memory space to be last in memref type")
			}
			if layout != nil {
				return nil, p.errorAt(at, "multiple layouts in memref type")
			}
			if m, ok := a.(*AffineMapAttr); ok && m.Map.Dims != len(dims) {
				return nil, p.errorAt(at, "memref layout mismatch between rank and affine map: %d != %d", len(dims), m.Map.Dims)
			}
			if s, ok := a.(*StridedLayoutAttr); ok && len(s.Strides) != len(dims) {
				return nil, p.errorAt(at, "expected the number of strides to match the rank")
			}
			layout = a
		default:
			if space != nil {
				return nil, p.errorAt(at, "multiple memory spaces specified in memref type")
			}
			space = a
		}
	}
	if err := p.ParsePunct(">"); err != nil {
		return nil, err
	}
	if !supportedMemorySpace(space) {
		return nil, p.errorAt(t, "unsupported memory space Attribute")
	}
	if unranked {
		return p.ctx.UnrankedMemRef(et, space), nil
	}
	return p.ctx.MemRef(dims, et, layout, space), nil
}

func (p *Parser) parseTensorType(t token) (Type, error) {
	if err := p.ParsePunct("<"); err != nil {
		return nil, err
	}
	if p.ParseOptionalPunct("*") {
		if err := p.parseXInDims(); err != nil {
			return nil, err
		}
		etTok := p.tok
		et, err := p.ParseType()
		if err != nil {
			return nil, err
		}
		if !validTensorElementType(et) {
			return nil, p.errorAt(etTok, "invalid tensor element type")
		}
		return p.ctx.UnrankedTensor(et), p.ParsePunct(">")
	}
	dims, _, err := p.parseDims("tensor", true, false, nil)
	if err != nil {
		return nil, err
	}
	etTok := p.tok
	et, err := p.ParseType()
	if err != nil {
		return nil, err
	}
	if !validTensorElementType(et) {
		return nil, p.errorAt(etTok, "invalid tensor element type")
	}
	var enc Attribute
	if p.ParseOptionalPunct(",") {
		if enc, err = p.ParseAttribute(nil); err != nil {
			return nil, err
		}
	}
	return p.ctx.Tensor(dims, et, enc), p.ParsePunct(">")
}

// parseExtendedType parses !alias, !dialect.mnemonic... and !dialect<...>.
func (p *Parser) parseExtendedType() (Type, error) {
	t := p.tok
	id := p.spelling()[1:]
	p.consume()
	dot := strings.IndexByte(id, '.')
	if dot < 0 && !p.isPunct("<") {
		if ty, ok := p.typeAliases[id]; ok {
			return ty, nil
		}
		return nil, p.undefinedAlias(t, "!", id)
	}
	dialect, mnemonic := id, ""
	if dot >= 0 {
		dialect, mnemonic = id[:dot], id[dot+1:]
	}
	if dialect == "builtin" {
		// MLIR reads a builtin type spelt with its dialect prefix
		// (!builtin.tuple<>) as the bare one.
		return parseDialectSymbol(p, mnemonic, func(p *Parser, m string) (Type, error) { return p.builtinTypeNamed(t, m) })
	}
	d := p.ctx.dialects[dialect]
	if d == nil || d.ParseType == nil {
		if d != nil {
			return nil, p.errorAt(t, "dialect '%s' provides no type parsing hook", dialect)
		}
		if !p.ctx.AllowsUnregisteredDialects() {
			return nil, p.errorAt(t, "dialect '%s' is unknown; use --allow-unregistered-dialect to accept its types", dialect)
		}
		body, err := p.opaqueBody(mnemonic, dot >= 0)
		if err != nil {
			return nil, err
		}
		return p.ctx.OpaqueType(dialect, body, dot >= 0), nil
	}
	return parseDialectSymbol(p, mnemonic, d.ParseType)
}

// parseDialectSymbol runs a dialect hook for `d.mnemonic...`, or for
// `d<mnemonic ...>` where the mnemonic is the first word inside the brackets.
func parseDialectSymbol[T any](p *Parser, mnemonic string, hook func(*Parser, string) (T, error)) (T, error) {
	var zero T
	if mnemonic != "" {
		open, body := p.tok, p.isPunct("<")
		v, err := hook(p, mnemonic)
		if err != nil && body {
			// MLIR reads the whole body first: unbalanced brackets are the error.
			if _, uerr := p.dialectBodyEnd(open); uerr != nil {
				return zero, uerr
			}
		}
		return v, err
	}
	if err := p.ParsePunct("<"); err != nil {
		return zero, err
	}
	m, err := p.ParseKeywordAny()
	if err != nil {
		return zero, err
	}
	v, err := hook(p, m)
	if err != nil {
		return zero, err
	}
	return v, p.ParsePunct(">")
}

// dialectBodyEnd scans the body of a dialect type or attribute starting
// with the `<` token open, as MLIR's parseDialectSymbolBody does before any
// dialect parses it: brackets nest (`->` closes nothing) and strings are
// skipped. A closer that does not match the innermost open bracket, or the
// end of the input (or a NUL) with brackets open, is "unbalanced 'c'
// character in pretty dialect name" at open, naming that innermost open
// bracket as MLIR does. It returns the offset of the matching `>`.
func (p *Parser) dialectBodyEnd(open token) (int, error) {
	src := p.lex.src
	var stack []byte
	for i := open.start; i < len(src) && src[i] != 0; i++ {
		switch c := src[i]; c {
		case '<', '(', '[', '{':
			stack = append(stack, c)
		case '-':
			if i+1 < len(src) && src[i+1] == '>' {
				i++
			}
		case '"':
			for i++; i < len(src) && src[i] != '"'; i++ {
				if src[i] == '\\' {
					i++
				}
			}
		case '>', ')', ']', '}':
			if stack[len(stack)-1] != "<([{"[strings.IndexByte(">)]}", c)] {
				return 0, p.unbalanced(open, stack)
			}
			if stack = stack[:len(stack)-1]; len(stack) == 0 {
				return i, nil
			}
		}
	}
	return 0, p.unbalanced(open, stack)
}

func (p *Parser) unbalanced(open token, stack []byte) error {
	return Errorf(p.locOf(open), "unbalanced '%c' character in pretty dialect name", stack[len(stack)-1])
}

// opaqueBody captures the text of an unregistered dialect type or
// attribute: the pretty part after the dot plus a <...> if present, whose
// brackets must match (dialectBodyEnd). pretty says the symbol had a dot:
// then an empty prefix keeps the <...>, so that it prints back as written.
func (p *Parser) opaqueBody(prefix string, pretty bool) (string, error) {
	if !p.isPunct("<") {
		return prefix, nil
	}
	start := p.tok.start
	end, err := p.dialectBodyEnd(p.tok)
	if err != nil {
		return "", err
	}
	src := p.lex.src
	if n := strings.Count(src[start:end], "\n"); n > 0 {
		p.lex.line += n
		p.lex.lineStart = start + strings.LastIndexByte(src[start:end], '\n') + 1
	}
	body := src[start+1 : end]
	p.lex.pos = end + 1
	p.consume()
	if prefix != "" || pretty {
		return prefix + "<" + body + ">", nil
	}
	return body, nil
}
