package spirv

import (
	"slices"
	"strconv"
	"sync"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/spirv/spv"
)

// PointerType is !spirv.ptr<Pointee, StorageClass>.
type PointerType struct {
	ir.Storage
	Pointee      ir.Type
	StorageClass spv.StorageClass
}

// Pointer returns !spirv.ptr<pointee, sc>.
func Pointer(ctx *ir.Context, pointee ir.Type, sc spv.StorageClass) *PointerType {
	return ir.UniqueKey(ctx, ir.NewKey("spirv.ptr").Type(pointee).Int(int64(sc)), func() *PointerType {
		return &PointerType{Pointee: pointee, StorageClass: sc}
	})
}

// Print writes !spirv.ptr<T, SC>.
func (t *PointerType) Print(p *ir.Printer) { printType(p, t, nil) }

// ArrayType is !spirv.array<N x T, stride=S>; Stride 0 means none.
type ArrayType struct {
	ir.Storage
	Len    int64
	Elem   ir.Type
	Stride int64
}

// Array returns !spirv.array<n x elem, stride=stride> (stride 0: no stride).
func Array(ctx *ir.Context, elem ir.Type, n, stride int64) *ArrayType {
	return ir.UniqueKey(ctx, ir.NewKey("spirv.array").Type(elem).Int(n).Int(stride), func() *ArrayType {
		return &ArrayType{Len: n, Elem: elem, Stride: stride}
	})
}

// Print writes !spirv.array<N x T, stride=S>.
func (t *ArrayType) Print(p *ir.Printer) { printType(p, t, nil) }

// RuntimeArrayType is !spirv.rtarray<T, stride=S>; Stride 0 means none.
type RuntimeArrayType struct {
	ir.Storage
	Elem   ir.Type
	Stride int64
}

// RuntimeArray returns !spirv.rtarray<elem, stride=stride>.
func RuntimeArray(ctx *ir.Context, elem ir.Type, stride int64) *RuntimeArrayType {
	return ir.UniqueKey(ctx, ir.NewKey("spirv.rtarray").Type(elem).Int(stride), func() *RuntimeArrayType {
		return &RuntimeArrayType{Elem: elem, Stride: stride}
	})
}

// Print writes !spirv.rtarray<T, stride=S>.
func (t *RuntimeArrayType) Print(p *ir.Printer) { printType(p, t, nil) }

// MemberDecoration is one decoration of a struct member: `NonWritable`
// or, with a value, `MatrixStride=16`.
type MemberDecoration struct {
	Member     int
	Decoration spv.Decoration
	HasValue   bool
	Value      uint32
}

// StructDecoration is a decoration of a struct type itself (MLIR PR
// 149793): `Block` or, with a value, `Decoration=N`, after the members as in
// !spirv.struct<(f32), Block>.
type StructDecoration struct {
	Decoration spv.Decoration
	HasValue   bool
	Value      uint32
}

// StructType is !spirv.struct<(T [offset, decorations], ...), D...>, or an
// identified struct !spirv.struct<name, (...)> whose body is set once after
// creation, so that it can refer to itself through pointers (as in MLIR).
type StructType struct {
	ir.Storage
	// Name is the identifier of an identified struct, "" for literal ones.
	Name string

	mu      sync.Mutex
	hasBody bool
	members []ir.Type
	offsets []int64 // nil, or one per member
	decos   []MemberDecoration
	sdecos  []StructDecoration
}

// Struct returns a literal struct; offsets is nil or one per member; sdecos
// are the struct's own decorations.
func Struct(ctx *ir.Context, members []ir.Type, offsets []int64, decos []MemberDecoration, sdecos ...StructDecoration) *StructType {
	k := ir.NewKey("spirv.struct").Types(members).Ints(offsets)
	for _, d := range decos {
		k.Int(int64(d.Member)).Int(int64(d.Decoration)).Int(b2i(d.HasValue)).Int(int64(d.Value))
	}
	k.Str("struct-decorations")
	for _, d := range sdecos {
		k.Int(int64(d.Decoration)).Int(b2i(d.HasValue)).Int(int64(d.Value))
	}
	return ir.Unique(ctx, k.String(), func() *StructType {
		return &StructType{hasBody: true, members: clone(members), offsets: clone(offsets), decos: clone(decos), sdecos: clone(sdecos)}
	})
}

// IdentifiedStruct returns the identified struct called name, creating it
// without a body the first time; see SetBody.
func IdentifiedStruct(ctx *ir.Context, name string) *StructType {
	return ir.UniqueKey(ctx, ir.NewKey("spirv.struct.id").Str(name), func() *StructType {
		return &StructType{Name: name}
	})
}

// SetBody sets an identified struct's body. Setting it again succeeds only
// with the same body (MLIR's trySetBody).
func (t *StructType) SetBody(members []ir.Type, offsets []int64, decos []MemberDecoration, sdecos ...StructDecoration) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.hasBody {
		return slices.Equal(t.members, members) && slices.Equal(t.offsets, offsets) && slices.Equal(t.decos, decos) &&
			slices.Equal(t.sdecos, sdecos)
	}
	t.hasBody, t.members, t.offsets, t.decos, t.sdecos = true, clone(members), clone(offsets), clone(decos), clone(sdecos)
	return true
}

// IsIdentified reports whether t is an identified struct.
func (t *StructType) IsIdentified() bool { return t.Name != "" }

func (t *StructType) body() ([]ir.Type, []int64, []MemberDecoration) {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.members, t.offsets, t.decos
}

// Members returns the member types.
func (t *StructType) Members() []ir.Type { m, _, _ := t.body(); return m }

// NumMembers returns the number of members.
func (t *StructType) NumMembers() int { return len(t.Members()) }

// Member returns member i's type.
func (t *StructType) Member(i int) ir.Type { return t.Members()[i] }

// HasOffsets reports whether the members have offsets.
func (t *StructType) HasOffsets() bool { _, o, _ := t.body(); return o != nil }

// Offset returns member i's byte offset (0 without offsets).
func (t *StructType) Offset(i int) int64 {
	if _, o, _ := t.body(); o != nil {
		return o[i]
	}
	return 0
}

// Decorations returns all member decorations.
func (t *StructType) Decorations() []MemberDecoration { _, _, d := t.body(); return d }

// StructDecorations returns the struct's own decorations.
func (t *StructType) StructDecorations() []StructDecoration {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.sdecos
}

// HasStructDecoration reports whether the struct itself is decorated with d.
func (t *StructType) HasStructDecoration(d spv.Decoration) bool {
	return slices.ContainsFunc(t.StructDecorations(), func(s StructDecoration) bool { return s.Decoration == d })
}

// MemberDecorations returns member i's decorations.
func (t *StructType) MemberDecorations(i int) []MemberDecoration {
	var out []MemberDecoration
	for _, d := range t.Decorations() {
		if d.Member == i {
			out = append(out, d)
		}
	}
	return out
}

// Print writes the struct, naming itself only on recursive references.
func (t *StructType) Print(p *ir.Printer) { printType(p, t, nil) }

// MatrixType is !spirv.matrix<N x vector<MxF>>: N columns of that vector type.
type MatrixType struct {
	ir.Storage
	Columns int64
	Column  *ir.VectorType
}

// Matrix returns !spirv.matrix<columns x column>.
func Matrix(ctx *ir.Context, column *ir.VectorType, columns int64) *MatrixType {
	return ir.UniqueKey(ctx, ir.NewKey("spirv.matrix").Type(column).Int(columns), func() *MatrixType {
		return &MatrixType{Columns: columns, Column: column}
	})
}

// Rows returns the number of rows (the column vector's length).
func (t *MatrixType) Rows() int64 { return t.Column.Dims[0] }

// Elem returns the scalar element type.
func (t *MatrixType) Elem() ir.Type { return t.Column.Elem }

// Print writes !spirv.matrix<N x vector<...>>.
func (t *MatrixType) Print(p *ir.Printer) { printType(p, t, nil) }

// CoopMatrixType is !spirv.coopmatrix<RxCxT, Scope, Use> (SPV_KHR_cooperative_matrix).
type CoopMatrixType struct {
	ir.Storage
	Rows, Columns int64
	Elem          ir.Type
	Scope         spv.Scope
	Use           CoopMatrixUse
}

// CoopMatrix returns !spirv.coopmatrix<rows x cols x elem, scope, use>.
func CoopMatrix(ctx *ir.Context, elem ir.Type, rows, cols int64, scope spv.Scope, use CoopMatrixUse) *CoopMatrixType {
	k := ir.NewKey("spirv.coopmatrix").Type(elem).Int(rows).Int(cols).Int(int64(scope)).Int(int64(use)).String()
	return ir.Unique(ctx, k, func() *CoopMatrixType {
		return &CoopMatrixType{Rows: rows, Columns: cols, Elem: elem, Scope: scope, Use: use}
	})
}

// Print writes !spirv.coopmatrix<RxCxT, Scope, Use>.
func (t *CoopMatrixType) Print(p *ir.Printer) { printType(p, t, nil) }

// ElementType, HasRank and Shape make a cooperative matrix a shaped type,
// as in MLIR, so that a dense constant can have it: rows x columns.
func (t *CoopMatrixType) ElementType() ir.Type { return t.Elem }

// HasRank is true: a cooperative matrix has two dimensions.
func (t *CoopMatrixType) HasRank() bool { return true }

// Shape returns [rows, columns].
func (t *CoopMatrixType) Shape() []int64 { return []int64{t.Rows, t.Columns} }

// NVCoopMatrixType is !spirv.NV.coopmatrix<RxCxT, Scope>
// (SPV_NV_cooperative_matrix; MLIR 16 spelled it !spirv.coopmatrix<RxCxT,
// Scope>, which parses to it too).
type NVCoopMatrixType struct {
	ir.Storage
	Rows, Columns int64
	Elem          ir.Type
	Scope         spv.Scope
}

// NVCoopMatrix returns !spirv.NV.coopmatrix<rows x cols x elem, scope>.
func NVCoopMatrix(ctx *ir.Context, elem ir.Type, rows, cols int64, scope spv.Scope) *NVCoopMatrixType {
	k := ir.NewKey("spirv.NV.coopmatrix").Type(elem).Int(rows).Int(cols).Int(int64(scope)).String()
	return ir.Unique(ctx, k, func() *NVCoopMatrixType {
		return &NVCoopMatrixType{Rows: rows, Columns: cols, Elem: elem, Scope: scope}
	})
}

// Print writes !spirv.NV.coopmatrix<RxCxT, Scope>.
func (t *NVCoopMatrixType) Print(p *ir.Printer) { printType(p, t, nil) }

// ImageType is !spirv.image<T, Dim, Depth, Arrayed, Sampling, SamplerUse, Format>.
type ImageType struct {
	ir.Storage
	Elem       ir.Type
	Dim        spv.Dim
	Depth      ImageDepth
	Arrayed    ImageArrayed
	Sampling   ImageSampling
	SamplerUse ImageSamplerUse
	Format     spv.ImageFormat
}

// Image returns the image type with the given fields (i.Storage ignored).
func Image(ctx *ir.Context, i ImageType) *ImageType {
	k := ir.NewKey("spirv.image").Type(i.Elem).Int(int64(i.Dim)).Int(int64(i.Depth)).Int(int64(i.Arrayed)).
		Int(int64(i.Sampling)).Int(int64(i.SamplerUse)).Int(int64(i.Format)).String()
	return ir.Unique(ctx, k, func() *ImageType {
		return &ImageType{Elem: i.Elem, Dim: i.Dim, Depth: i.Depth, Arrayed: i.Arrayed,
			Sampling: i.Sampling, SamplerUse: i.SamplerUse, Format: i.Format}
	})
}

// Print writes !spirv.image<...>.
func (t *ImageType) Print(p *ir.Printer) { printType(p, t, nil) }

// SampledImageType is !spirv.sampled_image<!spirv.image<...>>.
type SampledImageType struct {
	ir.Storage
	Image *ImageType
}

// SampledImage returns !spirv.sampled_image<image>.
func SampledImage(ctx *ir.Context, image *ImageType) *SampledImageType {
	return ir.UniqueKey(ctx, ir.NewKey("spirv.sampled_image").Type(image), func() *SampledImageType {
		return &SampledImageType{Image: image}
	})
}

// Print writes !spirv.sampled_image<...>.
func (t *SampledImageType) Print(p *ir.Printer) { printType(p, t, nil) }

// NamedBarrierType is !spirv.named_barrier (OpTypeNamedBarrier).
type NamedBarrierType struct{ ir.Storage }

// NamedBarrier returns !spirv.named_barrier.
func NamedBarrier(ctx *ir.Context) *NamedBarrierType {
	return ir.Unique(ctx, "spirv.named_barrier", func() *NamedBarrierType { return &NamedBarrierType{} })
}

// Print writes !spirv.named_barrier.
func (t *NamedBarrierType) Print(p *ir.Printer) { p.WriteString("!spirv.named_barrier") }

// SamplerType is !spirv.sampler (OpTypeSampler).
type SamplerType struct{ ir.Storage }

// Sampler returns !spirv.sampler.
func Sampler(ctx *ir.Context) *SamplerType {
	return ir.Unique(ctx, "spirv.sampler", func() *SamplerType { return &SamplerType{} })
}

// Print writes !spirv.sampler.
func (t *SamplerType) Print(p *ir.Printer) { p.WriteString("!spirv.sampler") }

// printType writes a spirv type; stack holds the identified structs being
// printed, so a recursive reference prints as !spirv.struct<name>.
func printType(p *ir.Printer, t ir.Type, stack []*StructType) {
	sub := func(t ir.Type) {
		switch t.(type) {
		case *PointerType, *ArrayType, *RuntimeArrayType, *StructType:
			printType(p, t, stack)
		default:
			p.Type(t)
		}
	}
	switch t := t.(type) {
	case *PointerType:
		p.WriteString("!spirv.ptr<")
		sub(t.Pointee)
		p.WriteString(", " + EnumName(spv.KindStorageClass, uint32(t.StorageClass)) + ">")
	case *ArrayType:
		p.WriteString("!spirv.array<" + strconv.FormatInt(t.Len, 10) + " x ")
		sub(t.Elem)
		printStride(p, t.Stride)
	case *RuntimeArrayType:
		p.WriteString("!spirv.rtarray<")
		sub(t.Elem)
		printStride(p, t.Stride)
	case *StructType:
		p.WriteString("!spirv.struct<")
		if t.IsIdentified() {
			p.WriteString(t.Name)
			for _, s := range stack {
				if s == t {
					p.WriteString(">")
					return
				}
			}
			stack = append(stack, t)
			p.WriteString(", ")
		}
		members, offsets, _ := t.body()
		p.WriteString("(")
		for i, m := range members {
			if i > 0 {
				p.WriteString(", ")
			}
			sub(m)
			decos := t.MemberDecorations(i)
			if offsets == nil && len(decos) == 0 {
				continue
			}
			p.WriteString(" [")
			if offsets != nil {
				p.Int(offsets[i])
				if len(decos) > 0 {
					p.WriteString(", ")
				}
			}
			for j, d := range decos {
				if j > 0 {
					p.WriteString(", ")
				}
				p.WriteString(EnumName(spv.KindDecoration, uint32(d.Decoration)))
				if d.HasValue {
					p.WriteString("=" + strconv.FormatUint(uint64(d.Value), 10))
				}
			}
			p.WriteString("]")
		}
		p.WriteString(")")
		for _, d := range t.StructDecorations() {
			p.WriteString(", " + EnumName(spv.KindDecoration, uint32(d.Decoration)))
			if d.HasValue {
				p.WriteString("=" + strconv.FormatUint(uint64(d.Value), 10))
			}
		}
		p.WriteString(">")
	case *MatrixType:
		p.WriteString("!spirv.matrix<" + strconv.FormatInt(t.Columns, 10) + " x ")
		p.Type(t.Column)
		p.WriteString(">")
	case *CoopMatrixType:
		p.WriteString("!spirv.coopmatrix<" + strconv.FormatInt(t.Rows, 10) + "x" + strconv.FormatInt(t.Columns, 10) + "x")
		p.Type(t.Elem)
		p.WriteString(", " + EnumName(spv.KindScope, uint32(t.Scope)) + ", " + t.Use.String() + ">")
	case *NVCoopMatrixType:
		p.WriteString("!spirv.NV.coopmatrix<" + strconv.FormatInt(t.Rows, 10) + "x" + strconv.FormatInt(t.Columns, 10) + "x")
		p.Type(t.Elem)
		p.WriteString(", " + EnumName(spv.KindScope, uint32(t.Scope)) + ">")
	case *ImageType:
		p.WriteString("!spirv.image<")
		p.Type(t.Elem)
		p.WriteString(", " + DimName(t.Dim) + ", " + t.Depth.String() + ", " + t.Arrayed.String() + ", " +
			t.Sampling.String() + ", " + t.SamplerUse.String() + ", " + EnumName(spv.KindImageFormat, uint32(t.Format)) + ">")
	case *SampledImageType:
		p.WriteString("!spirv.sampled_image<")
		p.Type(t.Image)
		p.WriteString(">")
	}
}

func printStride(p *ir.Printer, stride int64) {
	if stride != 0 {
		p.WriteString(", stride=" + strconv.FormatInt(stride, 10))
	}
	p.WriteString(">")
}

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

func clone[T any](s []T) []T {
	if s == nil {
		return nil
	}
	return append([]T(nil), s...)
}

// SizeInBytes returns the size of a value of type t as laid out in
// memory (MLIR's SPIRVType::getSizeInBytes): scalars and vectors by their
// width, arrays by their stride or element size, structs with offsets up to
// the end of their last member. ok is false for types without a size (i1,
// runtime arrays, pointers, images).
func SizeInBytes(t ir.Type) (int64, bool) {
	switch t := t.(type) {
	case *ir.IntegerType, *ir.FloatType:
		w := bitWidth(t)
		if w < 8 {
			return 0, false
		}
		return int64(w / 8), true
	case *ir.VectorType:
		e, ok := SizeInBytes(t.Elem)
		return e * numElements(t), ok
	case *ArrayType:
		if t.Stride != 0 {
			return t.Stride * t.Len, true
		}
		e, ok := SizeInBytes(t.Elem)
		return e * t.Len, ok
	case *MatrixType:
		c, ok := SizeInBytes(t.Column)
		return c * t.Columns, ok
	case *StructType:
		members, offsets, _ := t.body()
		if len(members) == 0 {
			return 0, true
		}
		total := int64(0)
		for i, m := range members {
			s, ok := SizeInBytes(m)
			if !ok {
				return 0, false
			}
			if offsets != nil {
				total = max(total, offsets[i]+s)
			} else {
				total += s
			}
		}
		return total, true
	}
	return 0, false
}
