package ir

import (
	"encoding/hex"
	"math"
	"math/big"
	"math/bits"
	"slices"
	"strconv"
	"strings"
)

// ParseAttribute parses any attribute. typ, when not nil, is the type of a
// bare numeric literal that has no `: type` (as custom forms give it).
func (p *Parser) ParseAttribute(typ Type) (Attribute, error) {
	if err := p.enter(); err != nil {
		return nil, err
	}
	defer p.leave()
	t := p.tok
	switch p.tok.kind {
	case tokString:
		s, err := p.ParseString()
		if err != nil {
			return nil, err
		}
		if p.ParseOptionalPunct(":") { // typed strings keep only the value
			if _, err := p.ParseType(); err != nil {
				return nil, err
			}
		}
		return p.ctx.StringAttr(s), nil
	case tokAtID:
		return p.parseSymbolRef()
	case tokInteger, tokFloat:
		return p.parseNumberAttr(false, typ)
	case tokHashID:
		return p.parseExtendedAttr()
	case tokPunct:
		switch p.spelling() {
		case "-":
			p.consume()
			if p.tok.kind != tokInteger && p.tok.kind != tokFloat {
				return nil, p.Errorf("expected constant integer or floating point value")
			}
			return p.parseNumberAttr(true, typ)
		case "[":
			return p.parseArrayAttr()
		case "{":
			entries, err := p.parseAttrDict()
			if err != nil {
				return nil, err
			}
			return p.ctx.DictionaryAttr(entries), nil
		case "(":
			ty, err := p.ParseType()
			if err != nil {
				return nil, err
			}
			return p.ctx.TypeAttr(ty), nil
		}
	case tokBareID:
		switch p.spelling() {
		case "true", "false":
			v := p.spelling() == "true"
			p.consume()
			if p.ParseOptionalPunct(":") {
				ty, err := p.ParseType()
				if err != nil {
					return nil, err
				}
				if it, ok := ty.(*IntegerType); !ok || it.Width != 1 {
					return nil, p.errorAt(t, "expected i1 type for 'true' or 'false' values")
				}
			}
			return p.ctx.BoolAttr(v), nil
		case "unit":
			p.consume()
			return p.ctx.UnitAttr(), nil
		case "dense":
			return p.parseDenseAttr()
		case "array":
			return p.parseDenseArrayAttr()
		case "affine_map":
			p.consume()
			return p.parseAffineAttr(false)
		case "affine_set":
			p.consume()
			return p.parseAffineAttr(true)
		case "strided":
			return p.parseStridedAttr()
		case "loc":
			// Printed, a location attribute has an alias to find.
			p.ctx.usesAliasableAttrs.Store(true)
			p.consume()
			if err := p.ParsePunctIn("(", " after 'loc'"); err != nil {
				return nil, err
			}
			if p.tok.kind == tokHashID {
				a, err := p.parseExtendedAttr()
				if err != nil {
					return nil, err
				}
				if _, ok := a.(Location); !ok {
					return nil, p.errorAt(t, "expected location attribute")
				}
				return a, p.ParsePunctIn(")", " after 'loc'")
			}
			l, err := p.parseLocInner()
			if err != nil {
				return nil, err
			}
			return l, p.ParsePunctIn(")", " after 'loc'")
		case "dense_resource":
			return p.parseDenseResourceAttr(nil)
		case "sparse":
			return p.parseSparseAttr()
		case "distinct":
			return p.parseDistinctAttr(typ)
		}
		if isBuiltinTypeKeyword(p.spelling()) {
			ty, err := p.ParseType()
			if err != nil {
				return nil, err
			}
			return p.ctx.TypeAttr(ty), nil
		}
	case tokBangID:
		ty, err := p.ParseType()
		if err != nil {
			return nil, err
		}
		return p.ctx.TypeAttr(ty), nil
	}
	return nil, p.wrongTokenf("expected attribute value")
}

// ParseOptionalAttrDict parses {...} if present.
func (p *Parser) ParseOptionalAttrDict() ([]NamedAttr, error) {
	if !p.isPunct("{") {
		return nil, nil
	}
	return p.parseAttrDict()
}

// parseAttrDict parses {name = value, unit-name, ...}.
func (p *Parser) parseAttrDict() ([]NamedAttr, error) {
	mark := len(p.attrStack)
	defer p.popAttrs(mark)
	if err := p.pushAttrDict(); err != nil {
		return nil, err
	}
	return append([]NamedAttr(nil), p.attrStack[mark:]...), nil
}

// Generic ops parse their dictionaries onto p.attrStack, which NewOp
// copies from, sparing a slice per dictionary; nested dictionaries push
// above their caller's entries and pop them before the caller goes on.

func (p *Parser) popAttrs(mark int) {
	clear(p.attrStack[mark:])
	p.attrStack = p.attrStack[:mark]
}

// pushAttrDict parses {name = value, unit-name, ...} onto p.attrStack.
func (p *Parser) pushAttrDict() error {
	if err := p.ParsePunct("{"); err != nil {
		return err
	}
	mark := len(p.attrStack)
	var seen map[string]bool // only for large dictionaries; small ones scan
	if p.ParseOptionalPunct("}") {
		return nil
	}
	for {
		t := p.tok
		var name string
		switch p.tok.kind {
		case tokBareID:
			name = p.spelling()
			p.consume()
		case tokString:
			var err error
			if name, err = p.ParseString(); err != nil {
				return err
			}
			if name == "" {
				return p.errorAt(t, "expected valid attribute name")
			}
		default:
			return p.Errorf("expected attribute name")
		}
		if isDuplicateKey(p.attrStack[mark:], &seen, name) {
			return p.errorAt(t, "duplicate key '%s' in dictionary attribute", name)
		}
		var v Attribute = p.ctx.UnitAttr()
		if p.ParseOptionalPunct("=") {
			var err error
			if v, err = p.ParseAttribute(nil); err != nil {
				return err
			}
		}
		p.attrStack = append(p.attrStack, NamedAttr{name, v})
		if !p.ParseOptionalPunct(",") {
			break
		}
	}
	return p.ParsePunct("}")
}

// isDuplicateKey reports whether name is already among the parsed entries,
// scanning small dictionaries and indexing large ones.
func isDuplicateKey(entries []NamedAttr, index *map[string]bool, name string) bool {
	const scanLimit = 16
	if len(entries) < scanLimit {
		for _, e := range entries {
			if e.Name == name {
				return true
			}
		}
		return false
	}
	if *index == nil {
		*index = make(map[string]bool, 2*len(entries))
		for _, e := range entries {
			(*index)[e.Name] = true
		}
	}
	if (*index)[name] {
		return true
	}
	(*index)[name] = true
	return false
}

func (p *Parser) parseArrayAttr() (Attribute, error) {
	p.consume()
	var elems []Attribute
	if !p.isPunct("]") {
		for {
			a, err := p.ParseAttribute(nil)
			if err != nil {
				return nil, err
			}
			elems = append(elems, a)
			if !p.ParseOptionalPunct(",") {
				break
			}
		}
	}
	if !p.ParseOptionalPunct("]") {
		return nil, p.wrongTokenf("expected ',' or ']'")
	}
	return p.ctx.ArrayAttr(elems...), nil
}

func (p *Parser) parseSymbolRef() (Attribute, error) {
	root, err := p.symbolName()
	if err != nil {
		return nil, err
	}
	var nested []string
	for p.isPunct("::") {
		p.consume()
		if p.tok.kind != tokAtID {
			return nil, p.Errorf("expected nested symbol reference identifier")
		}
		n, err := p.symbolName()
		if err != nil {
			return nil, err
		}
		nested = append(nested, n)
	}
	return p.ctx.SymbolRef(root, nested...), nil
}

func (p *Parser) symbolName() (string, error) {
	s := p.spelling()[1:]
	if strings.HasPrefix(s, "\"") {
		v, err := p.unquote(token{start: p.tok.start + 1, end: p.tok.end})
		if err != nil {
			return "", err
		}
		s = v
	}
	p.consume()
	return s, nil
}

// parseNumberAttr parses an integer or float literal with an optional `: type`.
func (p *Parser) parseNumberAttr(neg bool, hint Type) (Attribute, error) {
	t := p.tok
	spelling := p.spelling()
	isFloat := t.kind == tokFloat
	p.consume()
	var ty Type = hint
	// As MLIR's parseDecOrHexAttr: a given type leaves a following `:` alone.
	if hint == nil && p.ParseOptionalPunct(":") {
		var err error
		if ty, err = p.ParseType(); err != nil {
			return nil, err
		}
	}
	if ty == nil {
		if isFloat {
			ty = p.ctx.F64()
		} else {
			ty = p.ctx.I(64)
		}
	}
	switch tt := ty.(type) {
	case *FloatType:
		return p.floatFromLiteral(t, spelling, neg, tt)
	case *IntegerType, *IndexType:
		if isFloat {
			return nil, p.errorAt(t, "floating point value not valid for specified type")
		}
		w := intWidth(tt)
		if u, ok := smallLiteral(spelling); ok && w <= 64 {
			// Most literals fit a word: the checks below on its bits,
			// without a big.Int (and its allocations) per literal.
			if it, ok := tt.(*IntegerType); ok && it.Signedness == Unsigned && neg {
				return nil, p.errorAt(t, "negative integer literal not valid for unsigned integer type")
			}
			if !literalFits(bits.Len64(u), u&(u-1) == 0, neg, tt) {
				return nil, p.errorAt(t, "integer constant out of range for attribute")
			}
			if neg {
				u = -u // wraps to the width as IntegerAttrBig would
			}
			return p.ctx.IntegerAttr(tt, int64(u)), nil
		}
		v, err := p.bigFromLiteral(t, spelling, neg)
		if err != nil {
			return nil, err
		}
		if it, ok := tt.(*IntegerType); ok && it.Signedness == Unsigned && neg {
			return nil, p.errorAt(t, "negative integer literal not valid for unsigned integer type")
		}
		if !bigLiteralFits(v, neg, tt) {
			return nil, p.errorAt(t, "integer constant out of range for attribute")
		}
		if v.IsInt64() && w <= 64 {
			return p.ctx.IntegerAttr(tt, v.Int64()), nil
		}
		return p.ctx.IntegerAttrBig(tt, v), nil
	}
	return nil, p.errorAt(t, "invalid type for numeric literal: '%s'", TypeString(ty))
}

// literalFits is MLIR's range check of an integer literal (the
// buildAttributeAPInt of its parser) for type t, given the bit length n of
// its magnitude and whether that magnitude is zero or a power of two: the
// magnitude must fit the width; a negative literal must be in [-2^(w-1), -1]
// (so -0 is out of range too); a positive one of a signed or index type
// must leave the sign bit clear.
func literalFits(n int, pow2 bool, neg bool, t Type) bool {
	w := intWidth(t)
	switch {
	case n > w:
		return false
	case neg:
		return n > 0 && (n < w || pow2)
	case n == w && w > 0:
		it, ok := t.(*IntegerType)
		return ok && it.Signedness != Signed
	}
	return true
}

// bigLiteralFits is literalFits for a parsed value (negated when neg).
func bigLiteralFits(v *big.Int, neg bool, t Type) bool {
	mag := new(big.Int).Abs(v)
	n := mag.BitLen()
	return literalFits(n, n == 0 || mag.TrailingZeroBits() == uint(n-1), neg, t)
}

// smallLiteral returns the value of a decimal or hex integer literal that
// fits in 64 bits.
func smallLiteral(s string) (uint64, bool) {
	var u uint64
	var err error
	if strings.HasPrefix(s, "0x") {
		u, err = strconv.ParseUint(s[2:], 16, 64)
	} else {
		u, err = strconv.ParseUint(s, 10, 64)
	}
	return u, err == nil
}

func (p *Parser) bigFromLiteral(t token, s string, neg bool) (*big.Int, error) {
	v := new(big.Int)
	var ok bool
	if strings.HasPrefix(s, "0x") {
		_, ok = v.SetString(s[2:], 16)
	} else {
		_, ok = v.SetString(s, 10)
	}
	if !ok {
		return nil, p.errorAt(t, "invalid integer literal")
	}
	if neg {
		v.Neg(v)
	}
	return v, nil
}

func (p *Parser) floatFromLiteral(t token, s string, neg bool, ft *FloatType) (Attribute, error) {
	if strings.HasPrefix(s, "0x") {
		if neg {
			return nil, p.errorAt(t, "hexadecimal float literal should not have a leading minus")
		}
		bits, err := strconv.ParseUint(s[2:], 16, 64)
		if err != nil {
			return nil, p.errorAt(t, "hexadecimal float constant out of range for type")
		}
		if w := ft.Width(); w < 64 && bits>>uint(w) != 0 {
			return nil, p.errorAt(t, "hexadecimal float constant out of range for type")
		}
		return p.ctx.FloatAttr(ft, FloatFromBits(ft.Kind, bits)), nil
	}
	if t.kind == tokInteger {
		// MLIR reads an integer token as a float only in hex (the bits).
		d := p.errorAt(t, "unexpected decimal integer literal for a floating point value").(*Diagnostic)
		return nil, d.Note(p.locOf(t), "add a trailing dot to make the literal a float")
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil && !math.IsInf(v, 0) {
		return nil, p.errorAt(t, "invalid float literal")
	}
	if neg {
		v = -v
	}
	return p.ctx.FloatAttr(ft, v), nil
}

// parseExtendedAttr parses #alias, #dialect.mnemonic... and #dialect<...>.
func (p *Parser) parseExtendedAttr() (Attribute, error) {
	t := p.tok
	id := p.spelling()[1:]
	p.consume()
	dot := strings.IndexByte(id, '.')
	if dot < 0 && !p.isPunct("<") {
		if a, ok := p.attrAliases[id]; ok {
			return a, nil
		}
		return nil, p.undefinedAlias(t, "#", id)
	}
	dialect, mnemonic := id, ""
	if dot >= 0 {
		dialect, mnemonic = id[:dot], id[dot+1:]
	}
	d := p.ctx.dialects[dialect]
	if d == nil || d.ParseAttr == nil {
		if d != nil {
			return nil, p.errorAt(t, "dialect '%s' provides no attribute parsing hook", dialect)
		}
		if !p.ctx.AllowsUnregisteredDialects() {
			return nil, p.errorAt(t, "dialect '%s' is unknown; use --allow-unregistered-dialect to accept its attributes", dialect)
		}
		body, err := p.opaqueBody(mnemonic, dot >= 0)
		if err != nil {
			return nil, err
		}
		return p.ctx.OpaqueAttr(dialect, body, dot >= 0), nil
	}
	return parseDialectSymbol(p, mnemonic, d.ParseAttr)
}

// parseLocInner parses the inside of loc(...).
func (p *Parser) parseLocInner() (Location, error) {
	if err := p.enter(); err != nil {
		return nil, err
	}
	defer p.leave()
	switch {
	case p.IsKeyword("unknown"):
		p.consume()
		return p.ctx.UnknownLoc(), nil
	case p.IsKeyword("callsite"):
		p.consume()
		if err := p.ParsePunctIn("(", " in callsite location"); err != nil {
			return nil, err
		}
		callee, err := p.parseLocOrAlias()
		if err != nil {
			return nil, err
		}
		if !p.ParseOptionalKeyword("at") {
			return nil, p.wrongTokenf("expected 'at' in callsite location")
		}
		caller, err := p.parseLocOrAlias()
		if err != nil {
			return nil, err
		}
		return p.ctx.CallSiteLoc(callee, caller), p.ParsePunctIn(")", " in callsite location")
	case p.IsKeyword("fused"):
		p.consume()
		var meta Attribute
		if p.ParseOptionalPunct("<") {
			var err error
			if meta, err = p.ParseAttribute(nil); err != nil {
				return nil, err
			}
			if err := p.ParsePunctIn(">", " after fused location metadata"); err != nil {
				return nil, err
			}
		}
		if err := p.ParsePunctIn("[", " in fused location"); err != nil {
			return nil, err
		}
		var locs []Location
		if !p.isPunct("]") {
			for {
				l, err := p.parseLocOrAlias()
				if err != nil {
					return nil, err
				}
				locs = append(locs, l)
				if !p.ParseOptionalPunct(",") {
					break
				}
			}
		}
		return p.ctx.FusedLoc(locs, meta), p.ParsePunctIn("]", " in fused location")
	case p.tok.kind == tokString:
		s, err := p.ParseString()
		if err != nil {
			return nil, err
		}
		if p.ParseOptionalPunct(":") {
			return p.parseFileRange(s)
		}
		var child Location
		if p.ParseOptionalPunct("(") {
			if child, err = p.parseLocOrAlias(); err != nil {
				return nil, err
			}
			if err := p.ParsePunctIn(")", " after child location of NameLoc"); err != nil {
				return nil, err
			}
		}
		return p.ctx.NameLoc(s, child), nil
	}
	return nil, p.Errorf("expected location instance")
}

// parseFileRange parses what follows `"file":` in a location, as MLIR's
// parseNameOrFileLineColRange does: `line`, `line:col`, `line:col to :col`
// or `line:col to line:col`.
func (p *Parser) parseFileRange(file string) (Location, error) {
	const (
		lineMsg = "expected integer line number in FileLineColRange"
		colMsg  = "expected integer column number in FileLineColRange"
	)
	line, err := p.locNumber(lineMsg)
	if err != nil {
		return nil, err
	}
	if !p.ParseOptionalPunct(":") {
		return p.ctx.FileLineRange(file, line), nil
	}
	col, err := p.locNumber(colMsg)
	if err != nil {
		return nil, err
	}
	if !p.IsKeyword("to") {
		return p.ctx.FileLineColLoc(file, line, col), nil
	}
	p.consume()
	endLine := -1
	if p.tok.kind == tokInteger {
		if endLine, err = p.locNumber(lineMsg); err != nil {
			return nil, err
		}
	}
	if !p.ParseOptionalPunct(":") {
		return nil, p.wrongTokenf("expected either integer or `:` post `to` in FileLineColRange")
	}
	endCol, err := p.locNumber(colMsg)
	if err != nil {
		return nil, err
	}
	if endLine < 0 {
		return p.ctx.FileLineColRangeOnLine(file, line, col, endCol), nil
	}
	return p.ctx.FileLineColRange(file, line, col, endLine, endCol), nil
}

// locNumber parses a line or column number of a file location. MLIR takes
// any 32-bit unsigned number; Kiln keeps positions in int32.
func (p *Parser) locNumber(msg string) (int, error) {
	if p.tok.kind != tokInteger {
		return 0, p.wrongTokenf("%s", msg)
	}
	v, ok := smallLiteral(p.spelling())
	if !ok || v > math.MaxInt32 {
		return 0, p.wrongTokenf("%s", msg)
	}
	p.consume()
	return int(v), nil
}

func (p *Parser) parseLocOrAlias() (Location, error) {
	if p.tok.kind == tokHashID {
		t := p.tok
		a, err := p.parseExtendedAttr()
		if err != nil {
			return nil, err
		}
		l, ok := a.(Location)
		if !ok {
			return nil, p.errorAt(t, "expected location attribute")
		}
		return l, nil
	}
	if p.IsKeyword("loc") {
		a, err := p.ParseAttribute(nil)
		if err != nil {
			return nil, err
		}
		return a.(Location), nil
	}
	return p.parseLocInner()
}

func (p *Parser) parseStridedAttr() (Attribute, error) {
	p.consume()
	if err := p.ParsePunctIn("<", " after 'strided'"); err != nil {
		return nil, err
	}
	if err := p.ParsePunct("["); err != nil {
		return nil, err
	}
	var strides []int64
	if !p.isPunct("]") {
		for {
			v, err := p.parseStrideValue()
			if err != nil {
				return nil, err
			}
			strides = append(strides, v)
			if !p.ParseOptionalPunct(",") {
				break
			}
		}
	}
	if err := p.ParsePunct("]"); err != nil {
		return nil, err
	}
	var offset int64
	if p.ParseOptionalPunct(",") {
		if err := p.ParseKeyword("offset"); err != nil {
			return nil, err
		}
		if err := p.ParsePunct(":"); err != nil {
			return nil, err
		}
		var err error
		if offset, err = p.parseStrideValue(); err != nil {
			return nil, err
		}
	}
	return p.ctx.StridedLayout(offset, strides), p.ParsePunct(">")
}

// parseStrideValue parses a stride or offset of strided<...>: an int64 or ?.
func (p *Parser) parseStrideValue() (int64, error) {
	if p.tok.kind != tokInteger && !p.isPunct("?") && !p.isPunct("-") {
		return 0, p.Errorf("expected a 64-bit signed integer or '?'")
	}
	return p.parseDimValue()
}

func (p *Parser) parseDimValue() (int64, error) {
	if p.ParseOptionalPunct("?") {
		return Dynamic, nil
	}
	return p.ParseInteger()
}

func (p *Parser) parseDenseArrayAttr() (Attribute, error) {
	p.consume()
	if err := p.ParsePunctIn("<", " after 'array'"); err != nil {
		return nil, err
	}
	t := p.tok
	et, err := p.ParseType()
	if err != nil {
		return nil, err
	}
	var ints []int64
	var floats []float64
	ft, isFloat := et.(*FloatType)
	it, isInt := et.(*IntegerType)
	if !isFloat && !isInt {
		return nil, p.errorAt(t, "expected integer or float type, got: '%s'", TypeString(et))
	}
	if isInt && it.Width != 1 && it.Width%8 != 0 || isFloat && ft.Width()%8 != 0 {
		return nil, p.errorAt(t, "element type bitwidth must be a multiple of 8")
	}
	if !p.ParseOptionalPunct(">") {
		if err := p.ParsePunctIn(":", " after dense array type"); err != nil {
			return nil, err
		}
		for {
			switch {
			case isInt && it.Width == 1 && (p.IsKeyword("true") || p.IsKeyword("false")):
				v := int64(0)
				if p.IsKeyword("true") {
					v = 1
				}
				p.consume()
				ints = append(ints, v)
			case isInt:
				a, err := p.parseElementAttr(et)
				if err != nil {
					return nil, err
				}
				ints = append(ints, a.(*IntegerAttr).Int())
			default:
				a, err := p.parseElementAttr(et)
				if err != nil {
					return nil, err
				}
				floats = append(floats, a.(*FloatAttr).Value())
			}
			if !p.ParseOptionalPunct(",") {
				break
			}
		}
		if err := p.ParsePunctIn(">", " to close an array attribute"); err != nil {
			return nil, err
		}
	}
	if isFloat {
		return p.ctx.DenseFloatArray(ft, floats), nil
	}
	return p.ctx.DenseIntArray(et, ints), nil
}

// parseElementAttr parses one literal (possibly negative, true/false) of the element type.
func (p *Parser) parseElementAttr(et Type) (Attribute, error) {
	if p.IsKeyword("true") || p.IsKeyword("false") {
		v := p.IsKeyword("true")
		p.consume()
		if it, ok := et.(*IntegerType); ok && it.Width == 1 {
			return p.ctx.BoolAttr(v), nil
		}
		return nil, p.Errorf("expected i1 type for 'true' or 'false' values")
	}
	neg := p.ParseOptionalPunct("-")
	if p.tok.kind != tokInteger && p.tok.kind != tokFloat {
		return nil, p.Errorf("expected integer or floating point literal")
	}
	t := p.tok
	s := p.spelling()
	p.consume()
	switch et := et.(type) {
	case *FloatType:
		return p.floatFromLiteral(t, s, neg, et)
	case *IntegerType, *IndexType:
		if t.kind == tokFloat {
			return nil, p.errorAt(t, "expected integer elements, but parsed floating-point")
		}
		v, err := p.bigFromLiteral(t, s, neg)
		if err != nil {
			return nil, err
		}
		if !bigLiteralFits(v, neg, et) {
			return nil, p.errorAt(t, "integer constant out of range for type")
		}
		return p.ctx.IntegerAttrBig(et, v), nil
	}
	return nil, p.errorAt(t, "unsupported element type")
}

// denseLiteral is a parsed dense<...> body before its type is known.
type denseLiteral struct {
	hex     []byte
	strs    []string
	elems   []denseElem
	shape   []int64
	isSplat bool
	tok     token
}

type denseElem struct {
	tok     token
	neg     bool
	complex bool
	imag    *denseElem
}

// parseTensorLiteral parses the elements of dense<...> or of each part of
// sparse<...>: one element (a splat), a nested list or, when allowHex, a
// "0x..." blob.
func (p *Parser) parseTensorLiteral(allowHex bool) (*denseLiteral, error) {
	lit := &denseLiteral{tok: p.tok}
	switch {
	case p.tok.kind == tokString:
		s, err := p.ParseString()
		if err != nil {
			return nil, err
		}
		if allowHex && strings.HasPrefix(s, "0x") {
			b, err := hex.DecodeString(s[2:])
			if err != nil {
				return nil, p.errorAt(lit.tok, "expected string containing hex digits starting with `0x`")
			}
			lit.hex = b
		} else {
			lit.strs, lit.isSplat = []string{s}, true
		}
	case p.isPunct("["):
		shape, err := p.parseDenseList(lit)
		if err != nil {
			return nil, err
		}
		lit.shape = shape
	default:
		e, err := p.parseDenseElem()
		if err != nil {
			return nil, err
		}
		lit.elems, lit.isSplat = []denseElem{e}, true
	}
	return lit, nil
}

func (p *Parser) parseDenseAttr() (Attribute, error) {
	p.consume()
	if err := p.ParsePunct("<"); err != nil {
		return nil, err
	}
	if p.tok.kind == tokBangID || p.tok.kind == tokBareID && isBuiltinTypeKeyword(p.spelling()) {
		return p.parseTypeFirstDense()
	}
	lit := &denseLiteral{tok: p.tok}
	if !p.isPunct(">") {
		var err error
		if lit, err = p.parseTensorLiteral(true); err != nil {
			return nil, err
		}
	}
	if err := p.ParsePunct(">"); err != nil {
		return nil, err
	}
	st, tt, err := p.parseElementsLiteralType()
	if err != nil {
		return nil, err
	}
	return p.buildDense(lit, st, tt)
}

// parseTypeFirstDense parses the rest of MLIR's type-first dense form
// (PR 183920), dense<tensor<2xi32> : [1 : i32, 2 : i32]>: the shaped type,
// then one typed attribute per element in lists nested as the shape, or
// one attribute for a splat. Its elements are integers, indices and floats
// (the element types Kiln has), which print back in the literal-first form.
func (p *Parser) parseTypeFirstDense() (Attribute, error) {
	tt := p.tok
	ty, err := p.ParseType()
	if err != nil {
		return nil, err
	}
	st, ok := ty.(ShapedType)
	if _, isMem := ty.(*MemRefType); !ok || isMem {
		return nil, p.errorAt(tt, "expected a shaped type for dense elements")
	}
	if !st.HasRank() || !HasStaticShape(st) {
		return nil, p.errorAt(tt, "dense elements type must have static shape")
	}
	if err := p.ParsePunct(":"); err != nil {
		return nil, err
	}
	et := st.ElementType()
	var elems []Attribute
	var parseLevel func(dims []int64) error
	parseLevel = func(dims []int64) error {
		if len(dims) == 0 {
			at := p.tok
			a, err := p.ParseAttribute(nil)
			if err != nil {
				return err
			}
			switch a.(type) {
			case *IntegerAttr, *FloatAttr:
				if a.(TypedAttr).Type() == et {
					elems = append(elems, a)
					return nil
				}
			}
			return p.errorAt(at, "incompatible attribute for element type")
		}
		open := p.tok
		if err := p.ParsePunct("["); err != nil {
			return err
		}
		n := int64(0)
		for !p.isPunct("]") {
			if err := parseLevel(dims[1:]); err != nil {
				return err
			}
			n++
			if !p.ParseOptionalPunct(",") {
				break
			}
		}
		if n != dims[0] {
			return p.errorAt(open, "expected %d elements in dimension, got %d", dims[0], n)
		}
		return p.ParsePunct("]")
	}
	splat := !p.isPunct("[") && len(st.Shape()) > 0
	if splat {
		err = parseLevel(nil)
	} else {
		err = parseLevel(st.Shape())
	}
	if err != nil {
		return nil, err
	}
	if err := p.ParsePunct(">"); err != nil {
		return nil, err
	}
	if splat {
		return p.ctx.DenseSplat(st, elems[0]), nil
	}
	if _, isFloat := et.(*FloatType); isFloat {
		vals := make([]float64, len(elems))
		for i, a := range elems {
			vals[i] = a.(*FloatAttr).Value()
		}
		return p.ctx.DenseFloats(st, vals), nil
	}
	vals := make([]*big.Int, len(elems))
	for i, a := range elems {
		vals[i] = a.(*IntegerAttr).Big()
	}
	return p.ctx.DenseBigInts(st, vals), nil
}

// parseElementsLiteralType parses `: type` after dense<...> or sparse<...>,
// a statically shaped vector or tensor type, and returns it with its token.
func (p *Parser) parseElementsLiteralType() (ShapedType, token, error) {
	if err := p.ParsePunct(":"); err != nil {
		return nil, token{}, err
	}
	tt := p.tok
	ty, err := p.ParseType()
	if err != nil {
		return nil, tt, err
	}
	st, ok := ty.(ShapedType)
	if !ok {
		return nil, tt, p.errorAt(tt, "elements literal must be a shaped type")
	}
	if !st.HasRank() {
		return nil, tt, p.errorAt(tt, "elements literal type must have static shape")
	}
	if _, isMem := ty.(*MemRefType); isMem {
		return nil, tt, p.errorAt(tt, "elements literal must be a ranked tensor or vector type")
	}
	if !HasStaticShape(st) {
		return nil, tt, p.errorAt(tt, "elements literal type must have static shape")
	}
	return st, tt, nil
}

// parseDenseList parses a nested [...] list of elements and returns its shape.
func (p *Parser) parseDenseList(lit *denseLiteral) ([]int64, error) {
	if err := p.enter(); err != nil {
		return nil, err
	}
	defer p.leave()
	p.consume() // [
	var inner []int64
	n := int64(0)
	for !p.isPunct("]") {
		var sub []int64
		switch {
		case p.isPunct("["):
			var err error
			if sub, err = p.parseDenseList(lit); err != nil {
				return nil, err
			}
		case p.tok.kind == tokString:
			s, err := p.ParseString()
			if err != nil {
				return nil, err
			}
			lit.strs = append(lit.strs, s)
		default:
			e, err := p.parseDenseElem()
			if err != nil {
				return nil, err
			}
			lit.elems = append(lit.elems, e)
		}
		if n == 0 {
			inner = sub
		} else if !slices.Equal(inner, sub) {
			return nil, p.Errorf("tensor literal is invalid; ranks are not consistent between elements")
		}
		n++
		if !p.ParseOptionalPunct(",") {
			break
		}
	}
	if err := p.ParsePunct("]"); err != nil {
		return nil, err
	}
	return append([]int64{n}, inner...), nil
}

func (p *Parser) parseDenseElem() (denseElem, error) {
	if p.isPunct("(") {
		p.consume()
		re, err := p.parseDenseElem()
		if err != nil {
			return re, err
		}
		if err := p.ParsePunctIn(",", " between complex elements"); err != nil {
			return re, err
		}
		im, err := p.parseDenseElem()
		if err != nil {
			return re, err
		}
		re.complex, re.imag = true, &im
		return re, p.ParsePunctIn(")", " after complex elements")
	}
	e := denseElem{}
	e.neg = p.ParseOptionalPunct("-")
	e.tok = p.tok
	switch {
	case p.tok.kind == tokInteger || p.tok.kind == tokFloat:
	case p.IsKeyword("true") || p.IsKeyword("false"):
		if e.neg {
			return e, p.Errorf("expected integer or floating point literal")
		}
	default:
		return e, p.Errorf("expected element literal of primitive type")
	}
	p.consume()
	return e, nil
}

func (p *Parser) buildDense(lit *denseLiteral, st ShapedType, tt token) (Attribute, error) {
	n := NumElements(st)
	et := st.ElementType()
	if lit.strs != nil {
		if !lit.isSplat && int64(len(lit.strs)) != n {
			return nil, p.errorAt(tt, "inferred shape of elements literal ([%d]) does not match type ([%s])", len(lit.strs), dimsString(st.Shape()))
		}
		return p.ctx.DenseStrings(st, lit.strs), nil
	}
	eb := elemBytes(et)
	if eb == 0 {
		return nil, p.errorAt(tt, "invalid element type for dense elements: '%s'", TypeString(et))
	}
	if lit.hex != nil {
		switch int64(len(lit.hex)) {
		case int64(eb) * n:
			return p.ctx.DenseRaw(st, lit.hex, false), nil
		case int64(eb):
			return p.ctx.DenseRaw(st, lit.hex, true), nil
		}
		return nil, p.errorAt(lit.tok, "elements hex data size is invalid for provided type")
	}
	if !lit.isSplat {
		if len(lit.elems) == 0 && n != 0 {
			return nil, p.errorAt(lit.tok, "parsed zero elements, but type ('%s') expected at least 1", TypeString(st))
		}
		if !slices.Equal(lit.shape, st.Shape()) && !(len(lit.elems) == 0 && n == 0) {
			return nil, p.errorAt(lit.tok, "inferred shape of elements literal ([%s]) does not match type ([%s])", dimsString(lit.shape), dimsString(st.Shape()))
		}
	}
	raw := make([]byte, 0, eb*len(lit.elems))
	for _, e := range lit.elems {
		b, err := p.denseElemBytes(e, et)
		if err != nil {
			return nil, err
		}
		raw = append(raw, b...)
	}
	return p.ctx.DenseRaw(st, raw, lit.isSplat && n != 1), nil
}

func (p *Parser) denseElemBytes(e denseElem, et Type) ([]byte, error) {
	if ct, ok := et.(*ComplexType); ok {
		if !e.complex {
			return nil, p.errorAt(e.tok, "expected complex element, e.g. (1.0, 2.0)")
		}
		re, err := p.denseElemBytes(denseElem{tok: e.tok, neg: e.neg}, ct.Elem)
		if err != nil {
			return nil, err
		}
		im, err := p.denseElemBytes(*e.imag, ct.Elem)
		if err != nil {
			return nil, err
		}
		return append(re, im...), nil
	}
	if e.complex {
		return nil, p.errorAt(e.tok, "complex element for non-complex type")
	}
	eb := elemBytes(et)
	s := p.lex.src[e.tok.start:e.tok.end]
	switch et := et.(type) {
	case *FloatType:
		if s == "true" || s == "false" {
			return nil, p.errorAt(e.tok, "expected floating point literal")
		}
		a, err := p.floatFromLiteral(e.tok, s, e.neg, et)
		if err != nil {
			return nil, err
		}
		return intBytes(eb, int64(FloatBits(et.Kind, a.(*FloatAttr).Value()))), nil
	case *IntegerType, *IndexType:
		if s == "true" || s == "false" {
			if it, ok := et.(*IntegerType); !ok || it.Width != 1 {
				return nil, p.errorAt(e.tok, "expected i1 type for 'true' or 'false' values")
			}
			if s == "true" {
				return []byte{1}, nil
			}
			return []byte{0}, nil
		}
		if e.tok.kind == tokFloat {
			return nil, p.errorAt(e.tok, "expected integer elements, but parsed floating-point")
		}
		if it, ok := et.(*IntegerType); ok && it.Signedness == Unsigned && e.neg {
			return nil, p.errorAt(e.tok, "expected unsigned integer elements, but parsed negative value")
		}
		v, err := p.bigFromLiteral(e.tok, s, e.neg)
		if err != nil {
			return nil, err
		}
		if !bigLiteralFits(v, e.neg, et) {
			return nil, p.errorAt(e.tok, "integer constant out of range for type")
		}
		out := make([]byte, eb)
		u := new(big.Int).Set(v)
		if u.Sign() < 0 {
			u.Add(u, new(big.Int).Lsh(big.NewInt(1), uint(eb*8)))
		}
		bs := u.Bytes() // big-endian
		for i := 0; i < len(bs) && i < eb; i++ {
			out[i] = bs[len(bs)-1-i]
		}
		return out, nil
	}
	return nil, p.errorAt(e.tok, "unsupported dense element type")
}

// parseDistinctAttr parses distinct[N]<attr>; every N of a text names one
// attribute, whose referenced attribute must be the same at each use.
func (p *Parser) parseDistinctAttr(typ Type) (Attribute, error) {
	kw := p.tok
	p.consume()
	if err := p.ParsePunctIn("[", " after 'distinct'"); err != nil {
		return nil, err
	}
	if p.tok.kind != tokInteger {
		return nil, p.Errorf("expected distinct ID")
	}
	id, ok := smallLiteral(p.spelling())
	p.consume()
	if !ok {
		return nil, p.Errorf("expected an unsigned 64-bit integer")
	}
	if err := p.ParsePunctIn("]", " to close distinct ID"); err != nil {
		return nil, err
	}
	if err := p.ParsePunctIn("<", " after distinct ID"); err != nil {
		return nil, err
	}
	var ref Attribute = p.ctx.UnitAttr()
	if !p.ParseOptionalPunct(">") {
		var err error
		if ref, err = p.ParseAttribute(typ); err != nil {
			return nil, err
		}
		if err := p.ParsePunctIn(">", " to close distinct attribute"); err != nil {
			return nil, err
		}
	}
	if d, ok := p.distinct[id]; ok {
		if d.ref != ref {
			return nil, p.errorAt(kw, "referenced attribute does not match previous definition: %s", AttrString(d.ref))
		}
		return d, nil
	}
	if p.distinct == nil {
		p.distinct = map[uint64]*DistinctAttr{}
	}
	d := p.ctx.DistinctAttr(ref)
	p.distinct[id] = d
	return d, nil
}
