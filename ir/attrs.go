package ir

import (
	"math/big"
	"sort"
	"strconv"
)

// Attribute is an immutable, uniqued compile-time constant. Implementations
// embed Storage and are created through Unique.
type Attribute interface {
	uniqued
	// Print writes the attribute in MLIR syntax.
	Print(p *Printer)
}

// TypedAttr is an attribute that carries a type (integers, floats, elements).
type TypedAttr interface {
	Attribute
	Type() Type
}

// NamedAttr is one entry of an attribute dictionary.
type NamedAttr struct {
	Name  string
	Value Attribute
}

// IntegerAttr is an integer (or index, or boolean i1) constant. Values wider
// than 64 bits are kept in big; narrower ones are stored sign-extended from
// their width (zero-extended for unsigned types).
type IntegerAttr struct {
	Storage
	typ Type
	v   int64
	big *big.Int
}

// IntegerAttr returns an integer attribute; v wraps to the type's width as in MLIR.
func (c *Context) IntegerAttr(t Type, v int64) *IntegerAttr {
	if it, ok := t.(*IntegerType); ok && it.Width == 1 && it.Signedness == Signless {
		if v&1 != 0 {
			return c.builtins.trueAttr.(*IntegerAttr)
		}
		return c.builtins.falseAtt.(*IntegerAttr)
	}
	if w := intWidth(t); w > 64 {
		return c.IntegerAttrBig(t, big.NewInt(v))
	}
	return c.integerAttr(t, v)
}

func (c *Context) integerAttr(t Type, v int64) *IntegerAttr {
	v = normalizeInt(t, v)
	// The key of NewKey("i").Type(t).Int(v), on the stack: a hit allocates nothing.
	var buf [48]byte
	key := appendKeyInt(appendKeyObj(append(buf[:0], "i\x00"...), t), v)
	return uniqueBytes(c, key, func() *IntegerAttr { return &IntegerAttr{typ: t, v: v} })
}

// IntegerAttrBig returns an integer attribute from an arbitrary-precision value, wrapped to the width.
func (c *Context) IntegerAttrBig(t Type, v *big.Int) *IntegerAttr {
	w := intWidth(t)
	if w <= 64 {
		u := new(big.Int).And(v, new(big.Int).SetUint64(^uint64(0)))
		return c.IntegerAttr(t, int64(u.Uint64()))
	}
	r := wrapBig(v, w, signedInterp(t))
	return UniqueKey(c, NewKey("ibig").Type(t).Str(r.String()), func() *IntegerAttr {
		return &IntegerAttr{typ: t, big: r}
	})
}

// BoolAttr returns true or false (an i1 IntegerAttr).
func (c *Context) BoolAttr(b bool) *IntegerAttr {
	if b {
		return c.builtins.trueAttr.(*IntegerAttr)
	}
	return c.builtins.falseAtt.(*IntegerAttr)
}

// I64Attr returns an i64 integer attribute.
func (c *Context) I64Attr(v int64) *IntegerAttr { return c.IntegerAttr(c.I(64), v) }

// I32Attr returns an i32 integer attribute.
func (c *Context) I32Attr(v int64) *IntegerAttr { return c.IntegerAttr(c.I(32), v) }

// IndexAttr returns an index attribute.
func (c *Context) IndexAttr(v int64) *IntegerAttr { return c.IntegerAttr(c.Index(), v) }

func intWidth(t Type) int {
	switch t := t.(type) {
	case *IntegerType:
		return t.Width
	case *IndexType:
		return 64
	}
	return 64
}

// wrapBig returns v modulo 2^w, read as a w-bit two's complement number
// when signed.
func wrapBig(v *big.Int, w int, signed bool) *big.Int {
	mod := new(big.Int).Lsh(big.NewInt(1), uint(w))
	r := new(big.Int).Mod(v, mod) // in [0, 2^w)
	if signed && r.Bit(w-1) == 1 {
		r.Sub(r, mod)
	}
	return r
}

func signedInterp(t Type) bool {
	it, ok := t.(*IntegerType)
	return !ok || it.Signedness != Unsigned
}

// normalizeInt wraps v to the width of t: sign-extends for signless and
// signed types and zero-extends for unsigned types.
func normalizeInt(t Type, v int64) int64 {
	w := intWidth(t)
	if w >= 64 {
		return v
	}
	if signedInterp(t) {
		return v << (64 - w) >> (64 - w)
	}
	return int64(uint64(v) << (64 - w) >> (64 - w))
}

func (a *IntegerAttr) Type() Type { return a.typ }

// Int returns the value, sign-extended (truncated for values over 64 bits).
func (a *IntegerAttr) Int() int64 {
	if a.big != nil {
		return int64(new(big.Int).And(a.big, new(big.Int).SetUint64(^uint64(0))).Uint64())
	}
	return a.v
}

// Uint returns the value's low bits zero-extended from the type's width.
func (a *IntegerAttr) Uint() uint64 {
	w := intWidth(a.typ)
	u := uint64(a.Int())
	if w < 64 {
		u &= 1<<uint(w) - 1
	}
	return u
}

// Big returns the value as a big integer (signed per the type).
func (a *IntegerAttr) Big() *big.Int {
	if a.big != nil {
		return new(big.Int).Set(a.big)
	}
	if !signedInterp(a.typ) && intWidth(a.typ) == 64 {
		return new(big.Int).SetUint64(uint64(a.v))
	}
	return big.NewInt(a.v)
}

// Bool returns whether the value is non-zero.
func (a *IntegerAttr) Bool() bool { return a.big != nil && a.big.Sign() != 0 || a.v != 0 }

func (a *IntegerAttr) Print(p *Printer) { a.print(p, false) }

// print writes the value and, unless elided, its type. MLIR elides the type
// of i1 always and of i64 in contexts such as array elements.
func (a *IntegerAttr) print(p *Printer, mayElide bool) {
	if it, ok := a.typ.(*IntegerType); ok && it.Width == 1 && it.Signedness == Signless {
		if a.Bool() {
			p.WriteString("true")
		} else {
			p.WriteString("false")
		}
		return
	}
	p.WriteString(a.valueString())
	if it, ok := a.typ.(*IntegerType); mayElide && ok && it.Width == 64 && it.Signedness == Signless {
		return
	}
	p.WriteString(" : ")
	p.Type(a.typ)
}

func (a *IntegerAttr) valueString() string {
	if a.big != nil {
		return a.big.String()
	}
	if it, ok := a.typ.(*IntegerType); ok && it.Signedness == Unsigned {
		return strconv.FormatUint(a.Uint(), 10)
	}
	return strconv.FormatInt(a.v, 10)
}

// FloatAttr is a floating-point constant, kept as a float64 rounded to its
// type; a NaN keeps its type's exact bits in it (see FloatBits).
type FloatAttr struct {
	Storage
	typ *FloatType
	v   float64
}

// FloatAttr returns a float attribute, rounding v to the type's precision.
func (c *Context) FloatAttr(t *FloatType, v float64) *FloatAttr {
	v = RoundFloat(t.Kind, v)
	// The key of NewKey("f").Type(t).Int(bits), on the stack: a hit allocates nothing.
	var buf [48]byte
	key := appendKeyInt(appendKeyObj(append(buf[:0], "f\x00"...), t), int64(floatKeyBits(v)))
	return uniqueBytes(c, key, func() *FloatAttr { return &FloatAttr{typ: t, v: v} })
}

func (a *FloatAttr) Type() Type { return a.typ }

// Value returns the value.
func (a *FloatAttr) Value() float64 { return a.v }

// FloatType returns the attribute's float type.
func (a *FloatAttr) FloatType() *FloatType { return a.typ }

func (a *FloatAttr) Print(p *Printer) { a.print(p, false) }

func (a *FloatAttr) print(p *Printer, mayElide bool) {
	p.WriteString(FormatFloat(a.typ.Kind, a.v))
	if mayElide && a.typ.Kind == F64 {
		return
	}
	p.WriteString(" : ")
	p.Type(a.typ)
}

// StringAttr is a string constant.
type StringAttr struct {
	Storage
	Value string
}

// StringAttr returns a string attribute.
func (c *Context) StringAttr(s string) *StringAttr {
	// The key of NewKey("s").Str(s), on the stack unless s is long.
	var buf [64]byte
	key := appendKeyStr(append(buf[:0], "s\x00"...), s)
	return uniqueBytes(c, key, func() *StringAttr { return &StringAttr{Value: s} })
}

func (a *StringAttr) Print(p *Printer) { p.String(a.Value) }

// UnitAttr is the attribute whose presence is its meaning.
type UnitAttr struct{ Storage }

// UnitAttr returns the unit attribute.
func (c *Context) UnitAttr() *UnitAttr { return c.builtins.unitAttr.(*UnitAttr) }

func (*UnitAttr) Print(p *Printer) { p.WriteString("unit") }

// ArrayAttr is [a, b, ...].
type ArrayAttr struct {
	Storage
	Elems []Attribute
}

// ArrayAttr returns an array attribute.
func (c *Context) ArrayAttr(elems ...Attribute) *ArrayAttr {
	return UniqueKey(c, NewKey("arr").Attrs(elems), func() *ArrayAttr {
		return &ArrayAttr{Elems: append([]Attribute(nil), elems...)}
	})
}

func (a *ArrayAttr) Print(p *Printer) {
	p.WriteByte('[')
	for i, e := range a.Elems {
		if i > 0 {
			p.WriteString(", ")
		}
		p.attrMayElide(e)
	}
	p.WriteByte(']')
}

// DictionaryAttr is {name = value, ...}, kept sorted by name.
type DictionaryAttr struct {
	Storage
	Entries []NamedAttr
}

// DictionaryAttr returns a dictionary; entries are sorted by name.
func (c *Context) DictionaryAttr(entries []NamedAttr) *DictionaryAttr {
	sorted := append([]NamedAttr(nil), entries...)
	sort.SliceStable(sorted, func(i, j int) bool { return sorted[i].Name < sorted[j].Name })
	k := NewKey("dict")
	for _, e := range sorted {
		k.Str(e.Name).Attr(e.Value)
	}
	return UniqueKey(c, k, func() *DictionaryAttr { return &DictionaryAttr{Entries: sorted} })
}

// Get returns the entry with the given name, or nil.
func (a *DictionaryAttr) Get(name string) Attribute {
	i := sort.Search(len(a.Entries), func(i int) bool { return a.Entries[i].Name >= name })
	if i < len(a.Entries) && a.Entries[i].Name == name {
		return a.Entries[i].Value
	}
	return nil
}

func (a *DictionaryAttr) Print(p *Printer) { p.AttrDict(a.Entries) }

// DenseArrayAttr is array<i32: 1, 2, 3>: a flat list of integers or floats.
type DenseArrayAttr struct {
	Storage
	Elem   Type      // integer or float type
	Ints   []int64   // when Elem is an integer type
	Floats []float64 // when Elem is a float type
}

// DenseI32Array returns array<i32: ...>.
func (c *Context) DenseI32Array(vs ...int64) *DenseArrayAttr { return c.DenseIntArray(c.I(32), vs) }

// DenseI64Array returns array<i64: ...>.
func (c *Context) DenseI64Array(vs ...int64) *DenseArrayAttr { return c.DenseIntArray(c.I(64), vs) }

// DenseIntArray returns a dense integer array of the given element type.
func (c *Context) DenseIntArray(elem Type, vs []int64) *DenseArrayAttr {
	norm := make([]int64, len(vs))
	for i, v := range vs {
		norm[i] = normalizeInt(elem, v)
	}
	return UniqueKey(c, NewKey("darr").Type(elem).Ints(norm), func() *DenseArrayAttr {
		return &DenseArrayAttr{Elem: elem, Ints: norm}
	})
}

// DenseFloatArray returns a dense float array of the given element type.
func (c *Context) DenseFloatArray(elem *FloatType, vs []float64) *DenseArrayAttr {
	norm := make([]float64, len(vs))
	k := NewKey("darrf").Type(elem).Int(int64(len(vs)))
	for i, v := range vs {
		norm[i] = RoundFloat(elem.Kind, v)
		k.Int(int64(floatKeyBits(norm[i])))
	}
	return UniqueKey(c, k, func() *DenseArrayAttr { return &DenseArrayAttr{Elem: elem, Floats: norm} })
}

// Len returns the number of elements.
func (a *DenseArrayAttr) Len() int {
	if a.Floats != nil {
		return len(a.Floats)
	}
	return len(a.Ints)
}

func (a *DenseArrayAttr) Print(p *Printer) {
	p.WriteString("array<")
	p.Type(a.Elem)
	if a.Len() > 0 {
		p.WriteString(": ")
	}
	isBool := false
	if it, ok := a.Elem.(*IntegerType); ok && it.Width == 1 {
		isBool = true
	}
	ft, isFloat := a.Elem.(*FloatType)
	for i := 0; i < a.Len(); i++ {
		if i > 0 {
			p.WriteString(", ")
		}
		switch {
		case isFloat:
			p.WriteString(FormatFloat(ft.Kind, a.Floats[i]))
		case isBool:
			if a.Ints[i] != 0 {
				p.WriteString("true")
			} else {
				p.WriteString("false")
			}
		case !signedInterp(a.Elem):
			p.WriteString(strconv.FormatUint(uint64(a.Ints[i])&widthMask(intWidth(a.Elem)), 10))
		default:
			p.WriteString(strconv.FormatInt(a.Ints[i], 10))
		}
	}
	p.WriteByte('>')
}

func widthMask(w int) uint64 {
	if w >= 64 {
		return ^uint64(0)
	}
	return 1<<uint(w) - 1
}

// TypeAttr wraps a type as an attribute.
type TypeAttr struct {
	Storage
	Value Type
}

// TypeAttr returns the attribute holding t.
func (c *Context) TypeAttr(t Type) *TypeAttr {
	// The key of NewKey("type").Type(t), on the stack.
	var buf [32]byte
	key := appendKeyObj(append(buf[:0], "type\x00"...), t)
	return uniqueBytes(c, key, func() *TypeAttr { return &TypeAttr{Value: t} })
}

func (a *TypeAttr) Print(p *Printer) { p.Type(a.Value) }

// SymbolRefAttr is @root or @root::@nested::@leaf.
type SymbolRefAttr struct {
	Storage
	Root   string
	Nested []string
}

// SymbolRef returns a (possibly nested) symbol reference.
func (c *Context) SymbolRef(root string, nested ...string) *SymbolRefAttr {
	k := NewKey("sym").Str(root).Int(int64(len(nested)))
	for _, n := range nested {
		k.Str(n)
	}
	return UniqueKey(c, k, func() *SymbolRefAttr {
		return &SymbolRefAttr{Root: root, Nested: append([]string(nil), nested...)}
	})
}

// Leaf returns the last name of the reference.
func (a *SymbolRefAttr) Leaf() string {
	if len(a.Nested) > 0 {
		return a.Nested[len(a.Nested)-1]
	}
	return a.Root
}

// IsFlat reports whether the reference has a single name.
func (a *SymbolRefAttr) IsFlat() bool { return len(a.Nested) == 0 }

func (a *SymbolRefAttr) Print(p *Printer) {
	p.SymbolName(a.Root)
	for _, n := range a.Nested {
		p.WriteString("::")
		p.SymbolName(n)
	}
}

// StridedLayoutAttr is strided<[s0, s1], offset: o> with Dynamic for `?`.
type StridedLayoutAttr struct {
	Storage
	Offset  int64
	Strides []int64
}

// StridedLayout returns a strided layout attribute.
func (c *Context) StridedLayout(offset int64, strides []int64) *StridedLayoutAttr {
	return UniqueKey(c, NewKey("strided").Int(offset).Ints(strides), func() *StridedLayoutAttr {
		return &StridedLayoutAttr{Offset: offset, Strides: append([]int64(nil), strides...)}
	})
}

func (a *StridedLayoutAttr) Print(p *Printer) {
	p.WriteString("strided<[")
	for i, s := range a.Strides {
		if i > 0 {
			p.WriteString(", ")
		}
		p.dimValue(s)
	}
	p.WriteByte(']')
	if a.Offset != 0 {
		p.WriteString(", offset: ")
		p.dimValue(a.Offset)
	}
	p.WriteByte('>')
}

// OpaqueAttr is an attribute of a dialect that is not loaded, kept as text:
// `#d<body>` or `#d.body`.
type OpaqueAttr struct {
	Storage
	DialectName string
	Body        string
	Pretty      bool
}

// OpaqueAttr returns the opaque attribute for an unregistered dialect.
func (c *Context) OpaqueAttr(dialect, body string, pretty bool) *OpaqueAttr {
	var buf [96]byte // the bytes of NewKey("opaqueattr").Str(dialect).Str(body)[.Int(1)]
	k := appendKeyStr(appendKeyStr(append(buf[:0], "opaqueattr\x00"...), dialect), body)
	if pretty {
		k = appendKeyInt(k, 1)
	}
	return uniqueBytes(c, k, func() *OpaqueAttr { return &OpaqueAttr{DialectName: dialect, Body: body, Pretty: pretty} })
}

func (a *OpaqueAttr) Print(p *Printer) {
	p.WriteByte('#')
	p.WriteString(a.DialectName)
	if a.Pretty {
		p.WriteByte('.')
		p.WriteString(a.Body)
		return
	}
	p.WriteByte('<')
	p.WriteString(a.Body)
	p.WriteByte('>')
}

// GetAttr returns the value of the named attribute in a list, or nil.
func GetAttr(list []NamedAttr, name string) Attribute {
	for _, a := range list {
		if a.Name == name {
			return a.Value
		}
	}
	return nil
}
