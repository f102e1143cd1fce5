package ir

import (
	"math"
	"strconv"
)

// Type is an immutable, uniqued MLIR type. Implementations embed Storage and
// are created through Unique, so two equal types are the same pointer.
type Type interface {
	uniqued
	// Print writes the type in MLIR syntax, including any `!dialect.` prefix.
	Print(p *Printer)
}

// Dynamic marks a dynamic dimension or offset/stride (MLIR's ShapedType::kDynamic).
const Dynamic = math.MinInt64

// Signedness of an integer type.
type Signedness uint8

const (
	Signless Signedness = iota
	Signed
	Unsigned
)

// IntegerType is iN, siN or uiN.
type IntegerType struct {
	Storage
	Width      int
	Signedness Signedness
}

// MaxIntegerWidth is the largest width MLIR accepts for integer types.
const MaxIntegerWidth = 1<<24 - 1

// IntegerType returns iN, siN or uiN.
func (c *Context) IntegerType(width int, s Signedness) *IntegerType {
	if s == Signless {
		switch width {
		case 1:
			return c.builtins.i1.(*IntegerType)
		case 8:
			return c.builtins.i8.(*IntegerType)
		case 16:
			return c.builtins.i16.(*IntegerType)
		case 32:
			return c.builtins.i32.(*IntegerType)
		case 64:
			return c.builtins.i64.(*IntegerType)
		}
	}
	return c.integerType(width, s)
}

func (c *Context) integerType(width int, s Signedness) *IntegerType {
	return UniqueKey(c, NewKey("int").Int(int64(width)).Int(int64(s)), func() *IntegerType {
		return &IntegerType{Width: width, Signedness: s}
	})
}

// I returns the signless integer type of the given width.
func (c *Context) I(width int) *IntegerType { return c.IntegerType(width, Signless) }

func (t *IntegerType) Print(p *Printer) {
	switch t.Signedness {
	case Signed:
		p.WriteString("si")
	case Unsigned:
		p.WriteString("ui")
	default:
		p.WriteByte('i')
	}
	p.WriteString(strconv.Itoa(t.Width))
}

// IsSignless reports whether the type is iN.
func (t *IntegerType) IsSignless() bool { return t.Signedness == Signless }

// IndexType is the target-width integer used for sizes and indices.
type IndexType struct{ Storage }

// Index returns the index type.
func (c *Context) Index() *IndexType { return c.builtins.index.(*IndexType) }

func (*IndexType) Print(p *Printer) { p.WriteString("index") }

// NoneType is the unit type `none`.
type NoneType struct{ Storage }

// None returns the none type.
func (c *Context) None() *NoneType { return c.builtins.none.(*NoneType) }

func (*NoneType) Print(p *Printer) { p.WriteString("none") }

// FloatKind names a floating-point format.
type FloatKind uint8

// Float formats, in MLIR's spelling.
const (
	F16 FloatKind = iota
	BF16
	F32
	F64
	F80
	F128
	TF32
	F8E5M2
	F8E4M3
	F8E4M3FN
	F8E5M2FNUZ
	F8E4M3FNUZ
	F8E4M3B11FNUZ
	F8E3M4
	F4E2M1FN
	F6E2M3FN
	F6E3M2FN
	F8E8M0FNU
	F8E5M3FNU
	numFloatKinds
)

var floatNames = [numFloatKinds]string{
	F16: "f16", BF16: "bf16", F32: "f32", F64: "f64", F80: "f80", F128: "f128", TF32: "tf32",
	F8E5M2: "f8E5M2", F8E4M3: "f8E4M3", F8E4M3FN: "f8E4M3FN", F8E5M2FNUZ: "f8E5M2FNUZ",
	F8E4M3FNUZ: "f8E4M3FNUZ", F8E4M3B11FNUZ: "f8E4M3B11FNUZ", F8E3M4: "f8E3M4",
	F4E2M1FN: "f4E2M1FN", F6E2M3FN: "f6E2M3FN", F6E3M2FN: "f6E3M2FN", F8E8M0FNU: "f8E8M0FNU",
	F8E5M3FNU: "f8E5M3FNU",
}

var floatWidths = [numFloatKinds]int{
	F16: 16, BF16: 16, F32: 32, F64: 64, F80: 80, F128: 128, TF32: 19,
	F8E5M2: 8, F8E4M3: 8, F8E4M3FN: 8, F8E5M2FNUZ: 8, F8E4M3FNUZ: 8, F8E4M3B11FNUZ: 8, F8E3M4: 8,
	F4E2M1FN: 4, F6E2M3FN: 6, F6E3M2FN: 6, F8E8M0FNU: 8, F8E5M3FNU: 8,
}

// FloatType is one of MLIR's floating-point types.
type FloatType struct {
	Storage
	Kind FloatKind
}

// Float returns the float type of the given kind.
func (c *Context) Float(k FloatKind) *FloatType {
	switch k {
	case F16:
		return c.builtins.f16.(*FloatType)
	case BF16:
		return c.builtins.bf16.(*FloatType)
	case F32:
		return c.builtins.f32.(*FloatType)
	case F64:
		return c.builtins.f64.(*FloatType)
	}
	return c.floatType(k)
}

func (c *Context) floatType(k FloatKind) *FloatType {
	return UniqueInt(c, "float", int64(k), func() *FloatType { return &FloatType{Kind: k} })
}

// F32 returns f32.
func (c *Context) F32() *FloatType { return c.Float(F32) }

// F16 returns f16.
func (c *Context) F16() *FloatType { return c.Float(F16) }

// F64 returns f64.
func (c *Context) F64() *FloatType { return c.Float(F64) }

func (t *FloatType) Print(p *Printer) { p.WriteString(floatNames[t.Kind]) }

// Width is the storage width in bits.
func (t *FloatType) Width() int { return floatWidths[t.Kind] }

// ComplexType is complex<T>.
type ComplexType struct {
	Storage
	Elem Type
}

// Complex returns complex<elem>.
func (c *Context) Complex(elem Type) *ComplexType {
	return UniqueKey(c, NewKey("complex").Type(elem), func() *ComplexType { return &ComplexType{Elem: elem} })
}

func (t *ComplexType) Print(p *Printer) {
	p.WriteString("complex<")
	p.Type(t.Elem)
	p.WriteByte('>')
}

// TupleType is tuple<T, ...>.
type TupleType struct {
	Storage
	Elems []Type
}

// Tuple returns tuple<elems...>.
func (c *Context) Tuple(elems ...Type) *TupleType {
	return UniqueKey(c, NewKey("tuple").Types(elems), func() *TupleType {
		return &TupleType{Elems: append([]Type(nil), elems...)}
	})
}

func (t *TupleType) Print(p *Printer) {
	p.WriteString("tuple<")
	p.TypeList(t.Elems)
	p.WriteByte('>')
}

// FunctionType is (inputs) -> results.
type FunctionType struct {
	Storage
	Inputs, Results []Type
}

// FunctionType returns (inputs) -> (results).
func (c *Context) FunctionType(inputs, results []Type) *FunctionType {
	// One per generic op parsed: the key is built on the stack (the same
	// bytes as NewKey("fn").Types(inputs).Types(results)), and the lists are
	// copied before the closure so that callers' slices do not escape.
	var buf [96]byte
	key := append(buf[:0], "fn\x00"...)
	key = appendKeyTypes(appendKeyTypes(key, inputs), results)
	return uniqueBytes(c, key, func() *FunctionType {
		return &FunctionType{Inputs: append([]Type(nil), inputs...), Results: append([]Type(nil), results...)}
	})
}

func (t *FunctionType) Print(p *Printer) {
	p.WriteByte('(')
	p.TypeList(t.Inputs)
	p.WriteString(") -> ")
	p.FunctionResults(t.Results)
}

// ShapedType is implemented by vector, memref and tensor types.
type ShapedType interface {
	Type
	ElementType() Type
	// HasRank is false for unranked memrefs and tensors.
	HasRank() bool
	// Shape is nil when unranked; dynamic dimensions are Dynamic.
	Shape() []int64
}

// NumElements returns the product of a static shape, or -1 when a
// dimension is dynamic or the type is unranked.
func NumElements(t ShapedType) int64 {
	if !t.HasRank() {
		return -1
	}
	n := int64(1)
	for _, d := range t.Shape() {
		if d == Dynamic {
			return -1
		}
		n *= d
	}
	return n
}

// HasStaticShape reports whether the type is ranked with no dynamic dimension.
func HasStaticShape(t ShapedType) bool { return NumElements(t) >= 0 }

func printDims(p *Printer, shape []int64, scalable []bool) {
	for i, d := range shape {
		sc := scalable != nil && scalable[i]
		if sc {
			p.WriteByte('[')
		}
		if d == Dynamic {
			p.WriteByte('?')
		} else {
			p.WriteString(strconv.FormatInt(d, 10))
		}
		if sc {
			p.WriteByte(']')
		}
		p.WriteByte('x')
	}
}

// VectorType is vector<[4]x8xf32>: a fixed shape, possibly 0-d, whose
// dimensions may be scalable.
type VectorType struct {
	Storage
	Dims     []int64
	Scalable []bool // nil when no dimension is scalable
	Elem     Type
}

// Vector returns vector<shape x elem> with no scalable dimensions.
func (c *Context) Vector(shape []int64, elem Type) *VectorType {
	return c.ScalableVector(shape, nil, elem)
}

// ScalableVector returns a vector type whose dimensions may be scalable.
func (c *Context) ScalableVector(shape []int64, scalable []bool, elem Type) *VectorType {
	any := false
	for _, s := range scalable {
		any = any || s
	}
	if !any {
		scalable = nil
	}
	k := NewKey("vector").Ints(shape).Type(elem)
	for _, s := range scalable {
		if s {
			k.Int(1)
		} else {
			k.Int(0)
		}
	}
	return UniqueKey(c, k, func() *VectorType {
		v := &VectorType{Dims: append([]int64(nil), shape...), Elem: elem}
		if scalable != nil {
			v.Scalable = append([]bool(nil), scalable...)
		}
		return v
	})
}

func (t *VectorType) Print(p *Printer) {
	p.WriteString("vector<")
	printDims(p, t.Dims, t.Scalable)
	p.Type(t.Elem)
	p.WriteByte('>')
}

func (t *VectorType) ElementType() Type { return t.Elem }
func (t *VectorType) HasRank() bool     { return true }
func (t *VectorType) Shape() []int64    { return t.Dims }

// IsScalable reports whether any dimension is scalable.
func (t *VectorType) IsScalable() bool { return t.Scalable != nil }

// MemRefType is memref<4x?xf32, layout, memory-space>. Layout is nil for the
// identity layout; otherwise an AffineMapAttr or StridedLayoutAttr. MemorySpace
// is nil for the default space, or any attribute (usually an IntegerAttr).
type MemRefType struct {
	Storage
	Dims        []int64
	Elem        Type
	Layout      Attribute
	MemorySpace Attribute
}

// MemRef returns a memref type.
func (c *Context) MemRef(shape []int64, elem Type, layout, memorySpace Attribute) *MemRefType {
	if m, ok := layout.(*AffineMapAttr); ok && m.Map.IsIdentity() && m.Map.NumDims() == len(shape) {
		layout = nil
	}
	if i, ok := memorySpace.(*IntegerAttr); ok && i.Int() == 0 {
		memorySpace = nil
	}
	// The key of NewKey("memref").Ints(shape).Type(elem).Attr(layout).Attr(memorySpace),
	// on the stack: a hit allocates nothing.
	var buf [96]byte
	k := appendKeyInts(append(buf[:0], "memref\x00"...), shape)
	k = appendKeyObj(appendKeyObj(appendKeyObj(k, elem), layout), memorySpace)
	return uniqueBytes(c, k, func() *MemRefType {
		return &MemRefType{Dims: append([]int64(nil), shape...), Elem: elem, Layout: layout, MemorySpace: memorySpace}
	})
}

func (t *MemRefType) Print(p *Printer) {
	p.WriteString("memref<")
	printDims(p, t.Dims, nil)
	p.Type(t.Elem)
	if t.Layout != nil {
		p.WriteString(", ")
		p.Attr(t.Layout)
	}
	if t.MemorySpace != nil {
		p.WriteString(", ")
		p.attrMayElide(t.MemorySpace)
	}
	p.WriteByte('>')
}

func (t *MemRefType) ElementType() Type { return t.Elem }
func (t *MemRefType) HasRank() bool     { return true }
func (t *MemRefType) Shape() []int64    { return t.Dims }

// StridesAndOffset returns the memref's strides and offset: those of its
// strided layout, the identity's row-major strides, or ok=false for a
// non-strided affine layout.
func (t *MemRefType) StridesAndOffset() (strides []int64, offset int64, ok bool) {
	switch l := t.Layout.(type) {
	case nil:
		strides = make([]int64, len(t.Dims))
		s := int64(1)
		for i := len(t.Dims) - 1; i >= 0; i-- {
			strides[i] = s
			if t.Dims[i] == Dynamic || s == Dynamic {
				s = Dynamic
			} else {
				s *= t.Dims[i]
			}
		}
		return strides, 0, true
	case *StridedLayoutAttr:
		return l.Strides, l.Offset, true
	case *AffineMapAttr:
		return l.Map.stridesAndOffset()
	}
	return nil, 0, false
}

// UnrankedMemRefType is memref<*xf32, memory-space>.
type UnrankedMemRefType struct {
	Storage
	Elem        Type
	MemorySpace Attribute
}

// UnrankedMemRef returns memref<*xelem, space>.
func (c *Context) UnrankedMemRef(elem Type, memorySpace Attribute) *UnrankedMemRefType {
	if i, ok := memorySpace.(*IntegerAttr); ok && i.Int() == 0 {
		memorySpace = nil
	}
	return UniqueKey(c, NewKey("umemref").Type(elem).Attr(memorySpace), func() *UnrankedMemRefType {
		return &UnrankedMemRefType{Elem: elem, MemorySpace: memorySpace}
	})
}

func (t *UnrankedMemRefType) Print(p *Printer) {
	p.WriteString("memref<*x")
	p.Type(t.Elem)
	if t.MemorySpace != nil {
		p.WriteString(", ")
		p.attrMayElide(t.MemorySpace)
	}
	p.WriteByte('>')
}

func (t *UnrankedMemRefType) ElementType() Type { return t.Elem }
func (t *UnrankedMemRefType) HasRank() bool     { return false }
func (t *UnrankedMemRefType) Shape() []int64    { return nil }

// RankedTensorType is tensor<4x?xf32, encoding>.
type RankedTensorType struct {
	Storage
	Dims     []int64
	Elem     Type
	Encoding Attribute
}

// Tensor returns a ranked tensor type.
func (c *Context) Tensor(shape []int64, elem Type, encoding Attribute) *RankedTensorType {
	return UniqueKey(c, NewKey("tensor").Ints(shape).Type(elem).Attr(encoding), func() *RankedTensorType {
		return &RankedTensorType{Dims: append([]int64(nil), shape...), Elem: elem, Encoding: encoding}
	})
}

func (t *RankedTensorType) Print(p *Printer) {
	p.WriteString("tensor<")
	printDims(p, t.Dims, nil)
	p.Type(t.Elem)
	if t.Encoding != nil {
		p.WriteString(", ")
		p.Attr(t.Encoding)
	}
	p.WriteByte('>')
}

func (t *RankedTensorType) ElementType() Type { return t.Elem }
func (t *RankedTensorType) HasRank() bool     { return true }
func (t *RankedTensorType) Shape() []int64    { return t.Dims }

// UnrankedTensorType is tensor<*xf32>.
type UnrankedTensorType struct {
	Storage
	Elem Type
}

// UnrankedTensor returns tensor<*xelem>.
func (c *Context) UnrankedTensor(elem Type) *UnrankedTensorType {
	return UniqueKey(c, NewKey("utensor").Type(elem), func() *UnrankedTensorType {
		return &UnrankedTensorType{Elem: elem}
	})
}

func (t *UnrankedTensorType) Print(p *Printer) {
	p.WriteString("tensor<*x")
	p.Type(t.Elem)
	p.WriteByte('>')
}

func (t *UnrankedTensorType) ElementType() Type { return t.Elem }
func (t *UnrankedTensorType) HasRank() bool     { return false }
func (t *UnrankedTensorType) Shape() []int64    { return nil }

// OpaqueType is a type of a dialect that is not loaded, kept as text:
// `!d<body>` (Name empty) or `!d.name<body>` / `!d.name`.
type OpaqueType struct {
	Storage
	DialectName string
	Body        string // everything after "!d." or the <...> of "!d<...>"
	Pretty      bool   // written as !d.body rather than !d<body>
}

// OpaqueType returns the opaque type for an unregistered dialect.
func (c *Context) OpaqueType(dialect, body string, pretty bool) *OpaqueType {
	var buf [96]byte // the bytes of NewKey("opaque").Str(dialect).Str(body)[.Int(1)]
	k := appendKeyStr(appendKeyStr(append(buf[:0], "opaque\x00"...), dialect), body)
	if pretty {
		k = appendKeyInt(k, 1)
	}
	return uniqueBytes(c, k, func() *OpaqueType { return &OpaqueType{DialectName: dialect, Body: body, Pretty: pretty} })
}

func (t *OpaqueType) Print(p *Printer) {
	p.WriteByte('!')
	p.WriteString(t.DialectName)
	if t.Pretty {
		p.WriteByte('.')
		p.WriteString(t.Body)
		return
	}
	p.WriteByte('<')
	p.WriteString(t.Body)
	p.WriteByte('>')
}

// IsIntOrIndex reports whether t is an integer or index type.
func IsIntOrIndex(t Type) bool {
	switch t.(type) {
	case *IntegerType, *IndexType:
		return true
	}
	return false
}

// IsFloat reports whether t is a float type.
func IsFloat(t Type) bool { _, ok := t.(*FloatType); return ok }

// ElementTypeOrSelf returns the element type of a shaped type, or t itself.
func ElementTypeOrSelf(t Type) Type {
	if s, ok := t.(ShapedType); ok {
		return s.ElementType()
	}
	return t
}

// IntOrFloatBitWidth returns the width of an integer or float type, 0 otherwise.
func IntOrFloatBitWidth(t Type) int {
	switch t := t.(type) {
	case *IntegerType:
		return t.Width
	case *FloatType:
		return t.Width()
	}
	return 0
}

func (c *Context) initBuiltins() {
	b := &c.builtins
	b.index = UniqueKey(c, NewKey("index"), func() *IndexType { return &IndexType{} })
	b.none = UniqueKey(c, NewKey("none"), func() *NoneType { return &NoneType{} })
	b.i1 = c.integerType(1, Signless)
	b.i8 = c.integerType(8, Signless)
	b.i16 = c.integerType(16, Signless)
	b.i32 = c.integerType(32, Signless)
	b.i64 = c.integerType(64, Signless)
	b.f16 = c.floatType(F16)
	b.bf16 = c.floatType(BF16)
	b.f32 = c.floatType(F32)
	b.f64 = c.floatType(F64)
	b.unitAttr = UniqueKey(c, NewKey("unit"), func() *UnitAttr { return &UnitAttr{} })
	b.trueAttr = c.integerAttr(b.i1.(*IntegerType), 1)
	b.falseAtt = c.integerAttr(b.i1.(*IntegerType), 0)
	b.unknownLoc = UniqueKey(c, NewKey("loc?"), func() *UnknownLoc { return &UnknownLoc{} })
}
