package llvm

import "github.com/kiln-gpu/kiln/ir"

// PointerType is `!llvm.ptr` in address space AddrSpace. Pointee is nil
// for the opaque pointers of current MLIR and set for the typed pointers
// older MLIR wrote (`!llvm.ptr<f32>`, `!llvm.ptr<i8, 3>`).
type PointerType struct {
	ir.Storage
	Pointee   ir.Type
	AddrSpace int64
}

// Pointer returns the uniqued pointer type (pointee nil: opaque).
func Pointer(ctx *ir.Context, pointee ir.Type, addrSpace int64) *PointerType {
	k := ir.NewKey("llvm.ptr").Type(pointee).Int(addrSpace)
	return ir.UniqueKey(ctx, k, func() *PointerType { return &PointerType{Pointee: pointee, AddrSpace: addrSpace} })
}

func (t *PointerType) Print(p *ir.Printer) {
	p.WriteString("!llvm.ptr")
	switch {
	case t.Pointee != nil:
		p.WriteByte('<')
		p.Type(t.Pointee)
		if t.AddrSpace != 0 {
			p.WriteString(", ")
			p.Int(t.AddrSpace)
		}
		p.WriteByte('>')
	case t.AddrSpace != 0:
		p.WriteByte('<')
		p.Int(t.AddrSpace)
		p.WriteByte('>')
	}
}

// StructType is a literal `!llvm.struct<(T, ...)>`, `packed` when its
// fields have no padding between them.
type StructType struct {
	ir.Storage
	Body   []ir.Type
	Packed bool
}

// Struct returns the uniqued literal struct type.
func Struct(ctx *ir.Context, body []ir.Type, packed bool) *StructType {
	k := ir.NewKey("llvm.struct").Types(body)
	if packed {
		k.Int(1)
	}
	return ir.UniqueKey(ctx, k, func() *StructType { return &StructType{Body: body, Packed: packed} })
}

func (t *StructType) Print(p *ir.Printer) {
	p.WriteString("!llvm.struct<")
	if t.Packed {
		p.WriteString("packed ")
	}
	p.WriteByte('(')
	for i, e := range t.Body {
		if i > 0 {
			p.WriteString(", ")
		}
		p.Type(e)
	}
	p.WriteString(")>")
}

func parseType(p *ir.Parser, mnemonic string) (ir.Type, error) {
	switch mnemonic {
	case "ptr":
		return parsePointer(p)
	case "struct":
		return parseStruct(p)
	}
	return nil, p.Errorf("unknown LLVM type: %s", mnemonic)
}

// parsePointer reads what follows `!llvm.ptr`: nothing, `<space>`, or the
// typed form `<type>` / `<type, space>`.
func parsePointer(p *ir.Parser) (ir.Type, error) {
	ctx := p.Context()
	if !p.ParseOptionalPunct("<") {
		return Pointer(ctx, nil, 0), nil
	}
	if as, ok, err := p.ParseOptionalInteger(); err != nil {
		return nil, err
	} else if ok {
		return Pointer(ctx, nil, as), p.ParsePunct(">")
	}
	loc := p.Loc()
	pointee, err := p.ParseType()
	if err != nil {
		return nil, err
	}
	if !IsCompatibleType(pointee) {
		return nil, ir.Errorf(loc, "invalid pointer element type: %s", ir.TypeString(pointee))
	}
	var as int64
	if p.ParseOptionalPunct(",") {
		if as, err = p.ParseInteger(); err != nil {
			return nil, err
		}
	}
	return Pointer(ctx, pointee, as), p.ParsePunct(">")
}

// parseStruct reads `<(T, ...)>` or `<packed (T, ...)>`. Identified
// structs (`<"name", ...>`) are not supported.
func parseStruct(p *ir.Parser) (ir.Type, error) {
	if err := p.ParsePunct("<"); err != nil {
		return nil, err
	}
	if p.IsString() {
		return nil, p.Errorf("identified LLVM structs are not supported")
	}
	packed := p.ParseOptionalKeyword("packed")
	if err := p.ParsePunct("("); err != nil {
		return nil, err
	}
	var body []ir.Type
	if !p.ParseOptionalPunct(")") {
		for {
			loc := p.Loc()
			t, err := p.ParseType()
			if err != nil {
				return nil, err
			}
			if !IsCompatibleType(t) {
				return nil, ir.Errorf(loc, "invalid LLVM structure element type: %s", ir.TypeString(t))
			}
			body = append(body, t)
			if p.ParseOptionalPunct(")") {
				break
			}
			if err := p.ParsePunct(","); err != nil {
				return nil, err
			}
		}
	}
	return Struct(p.Context(), body, packed), p.ParsePunct(">")
}
