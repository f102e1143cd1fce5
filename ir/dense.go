package ir

import (
	"encoding/binary"
	"encoding/hex"
	"math/big"
	"strconv"
	"strings"
)

// DenseElementsAttr is dense<...> : T for a vector or tensor T with integer,
// index, float or complex elements. The data is kept in MLIR's raw layout:
// little-endian elements of ceil(width/8) bytes (one byte per i1), complex
// numbers as two consecutive elements. A splat stores one element.
type DenseElementsAttr struct {
	Storage
	typ   ShapedType
	splat bool
	raw   []byte
	strs  []string // string elements (dense<["a", "b"]>), instead of raw
}

// hexThreshold is the element count above which dense data prints as a hex
// blob, unless --mlir-print-elementsattrs-with-hex-if-larger says otherwise.
const hexThreshold = 100

// hex reports whether n numbers of dense data print as a hex blob.
func (p *Printer) hex(n int) bool {
	if !p.opts.HexElements {
		return n > hexThreshold
	}
	return p.opts.HexLimit >= 0 && n > p.opts.HexLimit
}

// elemBytes returns the byte size of one scalar element of t (0 if unsupported).
func elemBytes(t Type) int {
	switch t := t.(type) {
	case *IntegerType:
		return (t.Width + 7) / 8
	case *IndexType:
		return 8
	case *FloatType:
		if t.Kind == F80 || t.Kind == F128 {
			return 8
		}
		return (t.Width() + 7) / 8
	case *ComplexType:
		return 2 * elemBytes(t.Elem)
	}
	return 0
}

// DenseRaw returns a dense attribute from raw data; splat data holds one
// element. Data made of identical elements is stored as a splat.
func (c *Context) DenseRaw(t ShapedType, raw []byte, splat bool) *DenseElementsAttr {
	eb := elemBytes(t.ElementType())
	if !splat && eb > 0 && len(raw) >= eb {
		same := true
		for i := eb; i+eb <= len(raw) && same; i += eb {
			same = string(raw[i:i+eb]) == string(raw[:eb])
		}
		if same {
			raw, splat = raw[:eb], true
		}
	}
	k := NewKey("dense").Type(t).Str(string(raw))
	if splat {
		k.Int(1)
	}
	return UniqueKey(c, k, func() *DenseElementsAttr {
		return &DenseElementsAttr{typ: t, splat: splat, raw: append([]byte(nil), raw...)}
	})
}

// DenseStrings returns a dense attribute of string elements.
func (c *Context) DenseStrings(t ShapedType, strs []string) *DenseElementsAttr {
	k := NewKey("denses").Type(t).Int(int64(len(strs)))
	for _, s := range strs {
		k.Str(s)
	}
	return UniqueKey(c, k, func() *DenseElementsAttr {
		return &DenseElementsAttr{typ: t, strs: append([]string(nil), strs...), splat: len(strs) == 1 && NumElements(t) != 1}
	})
}

// DenseInts returns dense integer (or index) elements.
func (c *Context) DenseInts(t ShapedType, vals []int64) *DenseElementsAttr {
	eb := elemBytes(t.ElementType())
	raw := make([]byte, eb*len(vals))
	for i, v := range vals {
		putInt(raw[i*eb:(i+1)*eb], v)
	}
	return c.DenseRaw(t, raw, len(vals) == 1 && NumElements(t) != 1)
}

// DenseFloats returns dense float elements.
func (c *Context) DenseFloats(t ShapedType, vals []float64) *DenseElementsAttr {
	ft := t.ElementType().(*FloatType)
	eb := elemBytes(ft)
	raw := make([]byte, eb*len(vals))
	for i, v := range vals {
		putInt(raw[i*eb:(i+1)*eb], int64(FloatBits(ft.Kind, v)))
	}
	return c.DenseRaw(t, raw, len(vals) == 1 && NumElements(t) != 1)
}

// DenseSplat returns a splat of an integer or float attribute.
func (c *Context) DenseSplat(t ShapedType, v Attribute) *DenseElementsAttr {
	switch v := v.(type) {
	case *IntegerAttr:
		return c.DenseRaw(t, intBytes(elemBytes(t.ElementType()), v.Int()), true)
	case *FloatAttr:
		return c.DenseRaw(t, intBytes(elemBytes(t.ElementType()), int64(FloatBits(v.typ.Kind, v.v))), true)
	}
	return nil
}

func intBytes(n int, v int64) []byte {
	b := make([]byte, n)
	putInt(b, v)
	return b
}

func putInt(b []byte, v int64) {
	for i := range b {
		b[i] = byte(v)
		v >>= 8
	}
}

func getUint(b []byte) uint64 {
	if len(b) == 8 {
		return binary.LittleEndian.Uint64(b)
	}
	var v uint64
	for i := len(b) - 1; i >= 0; i-- {
		v = v<<8 | uint64(b[i])
	}
	return v
}

func (a *DenseElementsAttr) Type() Type { return a.typ }

// ShapedType returns the attribute's vector or tensor type.
func (a *DenseElementsAttr) ShapedType() ShapedType { return a.typ }

// IsSplat reports whether all elements are equal and stored once.
func (a *DenseElementsAttr) IsSplat() bool { return a.splat }

// Len returns the number of elements of the type.
func (a *DenseElementsAttr) Len() int { return int(NumElements(a.typ)) }

// Raw returns the raw element data (one element for a splat).
func (a *DenseElementsAttr) Raw() []byte { return a.raw }

// Strings returns string elements, or nil.
func (a *DenseElementsAttr) Strings() []string { return a.strs }

func (a *DenseElementsAttr) elem(i int) []byte {
	eb := elemBytes(a.typ.ElementType())
	if a.splat {
		i = 0
	}
	return a.raw[i*eb : (i+1)*eb]
}

// IntAt returns element i of an integer attribute, sign-extended (zero-extended for unsigned).
func (a *DenseElementsAttr) IntAt(i int) int64 {
	et := a.typ.ElementType()
	return normalizeInt(et, int64(getUint(a.elem(i))))
}

// BigIntAt returns element i of an integer attribute of any width,
// sign-extended (zero-extended for unsigned); IntAt keeps only 64 bits.
func (a *DenseElementsAttr) BigIntAt(i int) *big.Int {
	b := a.elem(i)
	be := make([]byte, len(b))
	for k, x := range b {
		be[len(b)-1-k] = x
	}
	et := a.typ.ElementType()
	return wrapBig(new(big.Int).SetBytes(be), intWidth(et), signedInterp(et))
}

// DenseBigInts returns a dense integer attribute of t from values of any
// width, each kept modulo 2^width of the element type.
func (c *Context) DenseBigInts(t ShapedType, vals []*big.Int) *DenseElementsAttr {
	eb := elemBytes(t.ElementType())
	mod := new(big.Int).Lsh(big.NewInt(1), uint(eb*8))
	raw := make([]byte, eb*len(vals))
	for i, v := range vals {
		bs := new(big.Int).Mod(v, mod).Bytes() // big-endian
		for k := 0; k < len(bs) && k < eb; k++ {
			raw[i*eb+k] = bs[len(bs)-1-k]
		}
	}
	return c.DenseRaw(t, raw, len(vals) == 1 && NumElements(t) != 1)
}

// FloatAt returns element i of a float attribute.
func (a *DenseElementsAttr) FloatAt(i int) float64 {
	ft := a.typ.ElementType().(*FloatType)
	return FloatFromBits(ft.Kind, getUint(a.elem(i)))
}

// ElementAttr returns element i as an IntegerAttr or FloatAttr.
func (a *DenseElementsAttr) ElementAttr(c *Context, i int) Attribute {
	switch et := a.typ.ElementType().(type) {
	case *FloatType:
		return c.FloatAttr(et, a.FloatAt(i))
	case *IntegerType, *IndexType:
		return c.IntegerAttr(et, a.IntAt(i))
	}
	return nil
}

func (a *DenseElementsAttr) Print(p *Printer) {
	if a.elided(p) {
		// MLIR's stand-in for elided data: a resource that holds none.
		p.WriteString("dense_resource<__elided__> : ")
	} else {
		p.WriteString("dense<")
		a.printBody(p, true)
		p.WriteString("> : ")
	}
	p.Type(a.typ)
}

// elided reports whether p prints a as elided data.
func (a *DenseElementsAttr) elided(p *Printer) bool {
	return p.opts.ElideElements && !a.splat && a.Len() > p.opts.ElementsLimit
}

// printBody writes the elements; allowHex lets many print as a hex blob.
func (a *DenseElementsAttr) printBody(p *Printer, allowHex bool) {
	n := a.Len()
	if a.strs != nil {
		if len(a.strs) == 1 && a.splat {
			p.String(a.strs[0])
			return
		}
		a.printNested(p, func(i int) { p.String(a.strs[i]) })
		return
	}
	if a.splat {
		a.printElem(p, 0)
		return
	}
	if n == 0 {
		return
	}
	if allowHex && p.hex(n) {
		p.WriteString(`"0x`)
		p.WriteString(strings.ToUpper(hex.EncodeToString(a.raw)))
		p.WriteByte('"')
		return
	}
	a.printNested(p, func(i int) { a.printElem(p, i) })
}

// printNested prints elements as nested lists following the shape.
func (a *DenseElementsAttr) printNested(p *Printer, elem func(i int)) {
	shape := a.typ.Shape()
	if len(shape) == 0 {
		elem(0)
		return
	}
	idx := 0
	var rec func(d int)
	rec = func(d int) {
		p.WriteByte('[')
		for j := int64(0); j < shape[d]; j++ {
			if j > 0 {
				p.WriteString(", ")
			}
			if d == len(shape)-1 {
				elem(idx)
				idx++
			} else {
				rec(d + 1)
			}
		}
		p.WriteByte(']')
	}
	rec(0)
}

func (a *DenseElementsAttr) printElem(p *Printer, i int) {
	switch et := a.typ.ElementType().(type) {
	case *IntegerType:
		v := a.IntAt(i)
		switch {
		case et.Width > 64:
			p.WriteString(a.BigIntAt(i).String())
		case et.Width == 1:
			if v != 0 {
				p.WriteString("true")
			} else {
				p.WriteString("false")
			}
		case et.Signedness == Unsigned:
			p.WriteString(strconv.FormatUint(uint64(v)&widthMask(et.Width), 10))
		default:
			p.WriteString(strconv.FormatInt(v, 10))
		}
	case *IndexType:
		p.WriteString(strconv.FormatInt(a.IntAt(i), 10))
	case *FloatType:
		p.WriteString(FormatFloat(et.Kind, a.FloatAt(i)))
	case *ComplexType:
		b := a.elem(i)
		half := len(b) / 2
		p.WriteByte('(')
		for k, part := range [][]byte{b[:half], b[half:]} {
			if k > 0 {
				p.WriteByte(',')
			}
			switch ct := et.Elem.(type) {
			case *FloatType:
				p.WriteString(FormatFloat(ct.Kind, FloatFromBits(ct.Kind, getUint(part))))
			default:
				p.WriteString(strconv.FormatInt(normalizeInt(ct, int64(getUint(part))), 10))
			}
		}
		p.WriteByte(')')
	}
}
