package spirv

import (
	"strings"
	"sync"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/spirv/spv"
)

// parseType is the dialect's type hook: !spirv.<mnemonic><...>.
func parseType(p *ir.Parser, mnemonic string) (ir.Type, error) {
	switch mnemonic {
	case "ptr":
		return parsePointer(p)
	case "array":
		return parseArray(p)
	case "rtarray":
		return parseRuntimeArray(p)
	case "struct":
		return parseStruct(p)
	case "matrix":
		return parseMatrix(p)
	case "jointmatrix":
		return parseJointMatrix(p)
	case "coopmatrix", "NV.coopmatrix":
		return parseCoopMatrix(p, mnemonic == "NV.coopmatrix")
	case "image":
		if err := p.ParsePunct("<"); err != nil {
			return nil, err
		}
		t, err := parseImageBody(p)
		if err != nil {
			return nil, err
		}
		return t, p.ParsePunct(">")
	case "sampled_image":
		return parseSampledImage(p)
	case "sampler":
		return Sampler(p.Context()), nil
	case "named_barrier":
		return NamedBarrier(p.Context()), nil
	case "arm.tensor":
		return parseTensorArm(p)
	}
	return nil, p.Errorf("unknown SPIR-V type: %s", mnemonic)
}

// parseElemType parses a type that may compose SPIR-V types (MLIR's
// parseAndVerifyType).
func parseElemType(p *ir.Parser) (ir.Type, error) {
	at := p.Pos()
	t, err := p.ParseType()
	if err != nil {
		return nil, err
	}
	if msg := composableMessage(t); msg != "" {
		return nil, ir.Errorf(p.LocAt(at), "%s", msg)
	}
	return t, nil
}

// composableMessage says why t cannot compose SPIR-V types ("" if it can).
func composableMessage(t ir.Type) string {
	switch t := t.(type) {
	case *ir.FloatType:
		switch t.Kind {
		case ir.F16, ir.BF16, ir.F32, ir.F64:
			return "" // bf16: SPV_KHR_bfloat16
		}
		return "cannot use " + quotedType(t) + " to compose SPIR-V types"
	case *ir.IntegerType:
		switch t.Width {
		case 1, 8, 16, 32, 64:
			return ""
		}
		return "only 1/8/16/32/64-bit integer type allowed but found " + quotedType(t)
	case *ir.VectorType:
		if len(t.Dims) != 1 {
			return "only 1-D vector allowed but found " + quotedType(t)
		}
		if n := t.Dims[0]; n > 4 && n != 8 && n != 16 {
			return "vector length has to be less than or equal to 4 but found " + itoa(n)
		}
		return ""
	}
	if IsSPIRVType(t) {
		return ""
	}
	return "cannot use " + quotedType(t) + " to compose SPIR-V types"
}

// IsSPIRVType reports whether t is one of this dialect's types.
func IsSPIRVType(t ir.Type) bool {
	switch t.(type) {
	case *PointerType, *ArrayType, *RuntimeArrayType, *StructType, *MatrixType,
		*CoopMatrixType, *NVCoopMatrixType, *JointMatrixType, *ImageType, *SampledImageType, *SamplerType,
		*NamedBarrierType, *TensorArmType:
		return true
	}
	return false
}

// parseEnumKeywords reads an enum's spelling: one keyword, or for a bit
// enum a run of them joined by `|`.
func parseEnumKeywords(p *ir.Parser, k *spv.OperandKind) (string, error) {
	s, err := p.ParseKeywordAny()
	if err != nil {
		return "", err
	}
	for k.Category == spv.CategoryBitEnum && p.ParseOptionalPunct("|") {
		w, err := p.ParseKeywordAny()
		if err != nil {
			return "", err
		}
		s += "|" + w
	}
	return s, nil
}

func parseKeywordEnum(p *ir.Parser, k *spv.OperandKind, what string) (uint32, error) {
	at := p.Pos()
	s, err := parseEnumKeywords(p, k)
	if err != nil {
		return 0, err
	}
	v, ok := ParseEnum(k, s)
	if !ok {
		return 0, ir.Errorf(p.LocAt(at), "unknown %s: %s", what, s)
	}
	return v, nil
}

// parseEnumAttrValue parses the value of an enum attribute's stripped
// form, `Workgroup` in `<Workgroup>`. An unknown value gets MLIR's two
// errors: the generated enum parser's list of the values, then the
// attribute's parameter failure.
func parseEnumAttrValue(p *ir.Parser, k *spv.OperandKind) (uint32, error) {
	at := p.Pos()
	s, err := parseEnumKeywords(p, k)
	if err != nil {
		return 0, err
	}
	v, ok := ParseEnum(k, s)
	if !ok {
		names := make([]string, len(k.Enumerants))
		for i, e := range k.Enumerants {
			names[i] = e.Name
		}
		p.Context().Emit(ir.Errorf(p.LocAt(at), "expected ::mlir::spirv::%s to be one of: %s", k.Name, strings.Join(names, ", ")))
		return 0, ir.Errorf(p.Loc(), "failed to parse SPIRV_%sAttr parameter 'value' which is to be a `::mlir::spirv::%s`", k.Name, k.Name)
	}
	return v, nil
}

func parseLocalEnum(p *ir.Parser, e localEnum) (uint32, error) {
	at := p.Pos()
	s, err := p.ParseKeywordAny()
	if err != nil {
		return 0, err
	}
	v, ok := e.parse(s)
	if !ok {
		return 0, ir.Errorf(p.LocAt(at), "unknown attribute: '%s'", s)
	}
	return v, nil
}

func parsePointer(p *ir.Parser) (ir.Type, error) {
	if err := p.ParsePunct("<"); err != nil {
		return nil, err
	}
	pointee, err := parseElemType(p)
	if err != nil {
		return nil, err
	}
	if err := p.ParsePunct(","); err != nil {
		return nil, err
	}
	sc, err := parseKeywordEnum(p, spv.KindStorageClass, "storage class")
	if err != nil {
		return nil, err
	}
	return Pointer(p.Context(), pointee, spv.StorageClass(sc)), p.ParsePunct(">")
}

// parseStride parses an optional `, stride=N`.
func parseStride(p *ir.Parser) (int64, error) {
	if !p.ParseOptionalPunct(",") {
		return 0, nil
	}
	if err := p.ParseKeyword("stride"); err != nil {
		return 0, err
	}
	if err := p.ParsePunct("="); err != nil {
		return 0, err
	}
	at := p.Pos()
	s, err := p.ParseInteger()
	if err != nil {
		return 0, err
	}
	if s <= 0 {
		return 0, ir.Errorf(p.LocAt(at), "ArrayStride must be greater than zero")
	}
	return s, nil
}

// parseCount parses `<N x` of arrays and matrices; msg reports a list of
// more than one dimension. It returns N and its place, for the caller's
// checks of its value.
func parseCount(p *ir.Parser, msg string) (int64, ir.Pos, error) {
	if err := p.ParsePunct("<"); err != nil {
		return 0, ir.Pos{}, err
	}
	at := p.Pos()
	dims, err := p.ParseDimensionList()
	if err != nil {
		return 0, at, err
	}
	if len(dims) != 1 {
		return 0, at, ir.Errorf(p.LocAt(at), "%s", msg)
	}
	return dims[0], at, nil
}

// parseElemAndStride parses `T (, stride=N)? >` of arrays.
func parseElemAndStride(p *ir.Parser) (ir.Type, int64, error) {
	elem, err := parseElemType(p)
	if err != nil {
		return nil, 0, err
	}
	stride, err := parseStride(p)
	if err != nil {
		return nil, 0, err
	}
	return elem, stride, p.ParsePunct(">")
}

func parseArray(p *ir.Parser) (ir.Type, error) {
	n, at, err := parseCount(p, "expected single integer for array element count")
	if err != nil {
		return nil, err
	}
	if n == 0 {
		return nil, ir.Errorf(p.LocAt(at), "expected array length greater than 0")
	}
	elem, stride, err := parseElemAndStride(p)
	if err != nil {
		return nil, err
	}
	return Array(p.Context(), elem, n, stride), nil
}

func parseRuntimeArray(p *ir.Parser) (ir.Type, error) {
	if err := p.ParsePunct("<"); err != nil {
		return nil, err
	}
	elem, stride, err := parseElemAndStride(p)
	if err != nil {
		return nil, err
	}
	return RuntimeArray(p.Context(), elem, stride), nil
}

func parseMatrix(p *ir.Parser) (ir.Type, error) {
	n, at, err := parseCount(p, "expected single unsigned integer for number of columns")
	if err != nil {
		return nil, err
	}
	if n < 2 || n > 4 {
		return nil, ir.Errorf(p.LocAt(at), "matrix is expected to have 2, 3, or 4 columns")
	}
	cAt := p.Pos()
	t, err := p.ParseType()
	if err != nil {
		return nil, err
	}
	v, ok := t.(*ir.VectorType)
	switch {
	case !ok:
		return nil, ir.Errorf(p.LocAt(cAt), "matrix must be composed using vector type, got %s", quotedType(t))
	case len(v.Dims) != 1:
		return nil, ir.Errorf(p.LocAt(cAt), "only 1-D vector allowed but found %s", quotedType(t))
	case v.Dims[0] < 2 || v.Dims[0] > 4:
		return nil, ir.Errorf(p.LocAt(cAt), "matrix columns size has to be less than or equal to 4 and greater than or equal 2, but found %d", v.Dims[0])
	case !ir.IsFloat(v.Elem):
		return nil, ir.Errorf(p.LocAt(cAt), "matrix columns' elements must be of Float type, got %s", quotedType(v.Elem))
	}
	return Matrix(p.Context(), v, n), p.ParsePunct(">")
}

// parseMatrixShape parses the `<RxCxT,` that begins a cooperative or joint
// matrix type: its two sizes and its element type.
func parseMatrixShape(p *ir.Parser) ([]int64, ir.Type, error) {
	if err := p.ParsePunct("<"); err != nil {
		return nil, nil, err
	}
	at := p.Pos()
	dims, err := p.ParseDimensionList()
	if err != nil {
		return nil, nil, err
	}
	if len(dims) != 2 {
		return nil, nil, ir.Errorf(p.LocAt(at), "expected row and column count")
	}
	elem, err := parseElemType(p)
	if err != nil {
		return nil, nil, err
	}
	return dims, elem, p.ParsePunct(",")
}

// parseCoopMatrix parses the body of !spirv.coopmatrix<RxCxT, Scope, Use>
// (KHR) or, when nv or without a use (MLIR 16), of the NV type.
func parseCoopMatrix(p *ir.Parser, nv bool) (ir.Type, error) {
	dims, elem, err := parseMatrixShape(p)
	if err != nil {
		return nil, err
	}
	scope, err := parseKeywordEnum(p, spv.KindScope, "scope")
	if err != nil {
		return nil, err
	}
	if nv {
		return NVCoopMatrix(p.Context(), elem, dims[0], dims[1], spv.Scope(scope)), p.ParsePunct(">")
	}
	if p.ParseOptionalPunct(">") {
		return NVCoopMatrix(p.Context(), elem, dims[0], dims[1], spv.Scope(scope)), nil
	}
	if err := p.ParsePunct(","); err != nil {
		return nil, err
	}
	at := p.Pos()
	w, err := p.ParseKeywordAny()
	if err != nil {
		return nil, err
	}
	use, ok := coopMatrixUseNames.parse(w)
	if !ok {
		return nil, ir.Errorf(p.LocAt(at), "invalid use <id> attribute specification: %s", w)
	}
	return CoopMatrix(p.Context(), elem, dims[0], dims[1], spv.Scope(scope), CoopMatrixUse(use)), p.ParsePunct(">")
}

// parseImageBody parses the parameters of !spirv.image<...> without the brackets.
func parseImageBody(p *ir.Parser) (*ImageType, error) {
	var it ImageType
	var err error
	if it.Elem, err = parseElemType(p); err != nil {
		return nil, err
	}
	comma := func() error { return p.ParsePunct(",") }
	if err := comma(); err != nil {
		return nil, err
	}
	d, err := parseKeywordEnum(p, spv.KindDim, "attribute")
	if err != nil {
		return nil, err
	}
	it.Dim = spv.Dim(d)
	locals := []struct {
		names localEnum
		dst   *uint32
	}{
		{imageDepthNames, (*uint32)(&it.Depth)},
		{imageArrayedNames, (*uint32)(&it.Arrayed)},
		{imageSamplingNames, (*uint32)(&it.Sampling)},
		{imageSamplerUseNames, (*uint32)(&it.SamplerUse)},
	}
	for _, l := range locals {
		if err := comma(); err != nil {
			return nil, err
		}
		if *l.dst, err = parseLocalEnum(p, l.names); err != nil {
			return nil, err
		}
	}
	if err := comma(); err != nil {
		return nil, err
	}
	f, err := parseKeywordEnum(p, spv.KindImageFormat, "attribute")
	if err != nil {
		return nil, err
	}
	it.Format = spv.ImageFormat(f)
	return Image(p.Context(), it), nil
}

func parseSampledImage(p *ir.Parser) (ir.Type, error) {
	if err := p.ParsePunct("<"); err != nil {
		return nil, err
	}
	at := p.Pos()
	t, err := p.ParseType()
	if err != nil {
		return nil, err
	}
	img, ok := t.(*ImageType)
	if !ok {
		return nil, ir.Errorf(p.LocAt(at), "sampled image must be composed using image type, got %s", quotedType(t))
	}
	return SampledImage(p.Context(), img), p.ParsePunct(">")
}

// openStructs records, per parser, the identified structs whose bodies are
// being parsed, so that `!spirv.struct<name>` inside one is a recursive
// reference (MLIR's tryStartCyclicParse).
var openStructs = struct {
	sync.Mutex
	m map[*ir.Parser][]string
}{m: map[*ir.Parser][]string{}}

func structOpen(p *ir.Parser, name string) bool {
	openStructs.Lock()
	defer openStructs.Unlock()
	for _, n := range openStructs.m[p] {
		if n == name {
			return true
		}
	}
	return false
}

func pushStruct(p *ir.Parser, name string) func() {
	openStructs.Lock()
	openStructs.m[p] = append(openStructs.m[p], name)
	openStructs.Unlock()
	return func() {
		openStructs.Lock()
		defer openStructs.Unlock()
		s := openStructs.m[p]
		if len(s) <= 1 {
			delete(openStructs.m, p)
			return
		}
		openStructs.m[p] = s[:len(s)-1]
	}
}

func parseStruct(p *ir.Parser) (ir.Type, error) {
	if err := p.ParsePunct("<"); err != nil {
		return nil, err
	}
	ctx := p.Context()
	nameAt := p.Pos()
	name, named := p.ParseOptionalKeywordAny()
	if named {
		st := IdentifiedStruct(ctx, name)
		if p.ParseOptionalPunct(">") {
			if !structOpen(p, name) {
				return nil, ir.Errorf(p.LocAt(nameAt), "recursive struct reference not nested in struct definition")
			}
			return st, nil
		}
		if err := p.ParsePunct(","); err != nil {
			return nil, err
		}
		if structOpen(p, name) {
			return nil, ir.Errorf(p.LocAt(nameAt), "identifier already used for an enclosing struct")
		}
		defer pushStruct(p, name)()
	}
	if err := p.ParsePunct("("); err != nil {
		return nil, err
	}
	var members []ir.Type
	var offsets []int64
	var decos []MemberDecoration
	if !p.ParseOptionalPunct(")") {
		for {
			m, err := parseElemType(p)
			if err != nil {
				return nil, err
			}
			members = append(members, m)
			if p.ParseOptionalPunct("[") {
				if offsets, decos, err = parseMemberDecorations(p, len(members)-1, offsets, decos); err != nil {
					return nil, err
				}
			}
			if !p.ParseOptionalPunct(",") {
				break
			}
		}
		if offsets != nil && len(offsets) != len(members) {
			return nil, ir.Errorf(p.LocAt(nameAt), "offset specification must be given for all members")
		}
		if err := p.ParsePunct(")"); err != nil {
			return nil, err
		}
	}
	// The struct's own decorations: `, Block`, `, Decoration=N`.
	var sdecos []StructDecoration
	for p.ParseOptionalPunct(",") {
		d, err := parseKeywordEnum(p, spv.KindDecoration, "decoration")
		if err != nil {
			return nil, err
		}
		sd := StructDecoration{Decoration: spv.Decoration(d)}
		if p.ParseOptionalPunct("=") {
			v, err := p.ParseInteger()
			if err != nil {
				return nil, err
			}
			sd.HasValue, sd.Value = true, uint32(v)
		}
		sdecos = append(sdecos, sd)
	}
	endAt := p.Pos()
	if err := p.ParsePunct(">"); err != nil {
		return nil, err
	}
	if !named {
		return Struct(ctx, members, offsets, decos, sdecos...), nil
	}
	st := IdentifiedStruct(ctx, name)
	if !st.SetBody(members, offsets, decos, sdecos...) {
		return nil, ir.Errorf(p.LocAt(endAt), "identified struct '%s' already has a different body", name)
	}
	return st, nil
}

// parseMemberDecorations parses `offset? (, Decoration(=N)?)* ]` after `[`.
func parseMemberDecorations(p *ir.Parser, member int, offsets []int64, decos []MemberDecoration) ([]int64, []MemberDecoration, error) {
	at := p.Pos()
	off, hasOff, err := p.ParseOptionalInteger()
	if err != nil {
		return nil, nil, err
	}
	if hasOff {
		if len(offsets) != member {
			return nil, nil, ir.Errorf(p.LocAt(at), "offset specification must be given for all members")
		}
		offsets = append(offsets, off)
		if p.ParseOptionalPunct("]") {
			return offsets, decos, nil
		}
		if err := p.ParsePunct(","); err != nil {
			return nil, nil, err
		}
	}
	for {
		d, err := parseKeywordEnum(p, spv.KindDecoration, "decoration")
		if err != nil {
			return nil, nil, err
		}
		md := MemberDecoration{Member: member, Decoration: spv.Decoration(d)}
		if p.ParseOptionalPunct("=") {
			v, err := p.ParseInteger()
			if err != nil {
				return nil, nil, err
			}
			md.HasValue, md.Value = true, uint32(v)
		}
		decos = append(decos, md)
		if !p.ParseOptionalPunct(",") {
			break
		}
	}
	return offsets, decos, p.ParsePunct("]")
}
