package spirv

import (
	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/spirv/spv"
)

// Image ops (MLIR's SPIRVImageOps.td). The sampling and access ops share
// one syntax: `%r = spirv.ImageFetch %img, %coord ["Lod"], %lod : T1, T2,
// T3 -> R`, fixed operands, optional image operands and their arguments,
// then every operand's type (MLIR 16's `(%arg : T)` form of the arguments
// is read too).

// imageShape describes one image op.
type imageShape struct {
	name, summary, example string
	fixed                  int  // operands before the image operands' arguments
	result                 bool // has a result
	verify                 func(op *ir.Operation) error
}

func imageOps() []*ir.OpDef {
	si := "!spirv.sampled_image<!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>>"
	img := "!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NoSampler, Rgba8>"
	fetchImg := "!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>"
	ops := []*ir.OpDef{imageOfOp, sampledImageOp, imageQuerySizeOp}
	for _, s := range []imageShape{
		{"spirv.ImageDrefGather", "Gathers the depth comparisons of four texels.",
			"%r = spirv.ImageDrefGather %si, %coord, %dref : " + si + ", vector<4xf32>, f32 -> vector<4xf32>", 3, true, verifyDrefGather},
		{"spirv.ImageFetch", "Fetches one texel of a sampled image without a sampler.",
			"%r = spirv.ImageFetch %img, %coord : " + fetchImg + ", vector<2xsi32> -> vector<4xf32>", 2, true, verifyFetch},
		{"spirv.ImageRead", "Reads one texel of a storage image.",
			"%r = spirv.ImageRead %img, %coord : " + img + ", vector<2xsi32> -> vector<4xf32>", 2, true, verifyRead},
		{"spirv.ImageWrite", "Writes one texel of a storage image.",
			"spirv.ImageWrite %img, %coord, %texel : " + img + ", vector<2xsi32>, vector<4xf32>", 3, false, verifyWrite},
		{"spirv.ImageSampleExplicitLod", "Samples an image at an explicit level of detail.",
			"%r = spirv.ImageSampleExplicitLod %si, %coord [\"Lod\"], %lod : " + si + ", vector<2xf32>, f32 -> vector<4xf32>", 2, true,
			func(op *ir.Operation) error { return verifySample(op, true, false) }},
		{"spirv.ImageSampleImplicitLod", "Samples an image at an implicit level of detail.",
			"%r = spirv.ImageSampleImplicitLod %si, %coord : " + si + ", vector<2xf32> -> vector<4xf32>", 2, true,
			func(op *ir.Operation) error { return verifySample(op, false, false) }},
		{"spirv.ImageSampleProjDrefImplicitLod", "Samples a depth image with projection and comparison at an implicit level of detail.",
			"%r = spirv.ImageSampleProjDrefImplicitLod %si, %coord, %dref : " +
				"!spirv.sampled_image<!spirv.image<f32, Dim2D, IsDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>>, vector<4xf32>, f32 -> f32",
			3, true, func(op *ir.Operation) error { return verifySample(op, false, true) }},
	} {
		ops = append(ops, imageOp(s))
	}
	return ops
}

// parseTypedImageOp reads the form of MLIR releases that typed each
// operand in place: `%si : T, %coord : T, %dref : T ["Op"]? (%a : T)?
// attr-dict (-> R)?`, after its first operand.
func parseTypedImageOp(p *ir.OpParser, st *ir.OpState, s imageShape, first ir.UnresolvedOperand) error {
	us := []ir.UnresolvedOperand{first}
	var ts []ir.Type
	for i := 0; i < s.fixed; i++ {
		if i > 0 {
			if err := p.ParsePunct(","); err != nil {
				return err
			}
			u, err := p.ParseOperand()
			if err != nil {
				return err
			}
			us = append(us, u)
		}
		t, err := p.ParseColonType()
		if err != nil {
			return err
		}
		ts = append(ts, t)
	}
	if p.ParseOptionalPunct("[") {
		if err := parseEnumOperand(p, st, spv.KindImageOperands, "image_operands"); err != nil {
			return err
		}
		if err := p.ParsePunct("]"); err != nil {
			return err
		}
	}
	if p.ParseOptionalPunct("(") {
		args, err := p.ParseOperandList()
		if err != nil {
			return err
		}
		argTypes, err := p.ParseColonTypeList()
		if err != nil {
			return err
		}
		if err := p.ParsePunct(")"); err != nil {
			return err
		}
		us, ts = append(us, args...), append(ts, argTypes...)
	}
	if err := p.ParseOptionalAttrDict(); err != nil {
		return err
	}
	if s.result {
		if err := p.ParsePunct("->"); err != nil {
			return err
		}
		r, err := p.ParseType()
		if err != nil {
			return err
		}
		st.ResultTypes = []ir.Type{r}
	}
	if len(us) != len(ts) {
		return p.Errorf("%d operands present, but expected %d", len(us), len(ts))
	}
	return p.ResolveOperands(us, ts)
}

func imageOp(s imageShape) *ir.OpDef {
	results := ir.Exactly(0)
	if s.result {
		results = ir.Exactly(1)
	}
	return &ir.OpDef{
		Name: s.name, Summary: s.summary, Example: s.example,
		Operands: ir.AtLeast(s.fixed), Results: results,
		Inherent: []string{"image_operands"},
		Parse: func(p *ir.OpParser, st *ir.OpState) error {
			first, err := p.ParseOperand()
			if err != nil {
				return err
			}
			if p.IsPunct(":") {
				return parseTypedImageOp(p, st, s, first)
			}
			us := []ir.UnresolvedOperand{first}
			if s.fixed > 1 {
				if err := p.ParsePunct(","); err != nil {
					return err
				}
				rest, err := ir.ParseOperandsN(p, s.fixed-1)
				if err != nil {
					return err
				}
				us = append(us, rest...)
			}
			if p.ParseOptionalPunct("[") {
				if err := parseEnumOperand(p, st, spv.KindImageOperands, "image_operands"); err != nil {
					return err
				}
				if err := p.ParsePunct("]"); err != nil {
					return err
				}
			}
			var args []ir.UnresolvedOperand
			var argTypes []ir.Type
			paren := p.ParseOptionalPunct("(") // MLIR 16's `(%a : T)` arguments
			if paren {
				if args, err = p.ParseOperandList(); err != nil {
					return err
				}
				if argTypes, err = p.ParseColonTypeList(); err != nil {
					return err
				}
				if err := p.ParsePunct(")"); err != nil {
					return err
				}
			}
			for !paren && p.ParseOptionalPunct(",") {
				u, err := p.ParseOperand()
				if err != nil {
					return err
				}
				args = append(args, u)
			}
			n := s.fixed
			if !paren {
				n += len(args)
			}
			ts, err := parseAttrsAndTypes(p, n)
			if err != nil {
				return err
			}
			if s.result {
				if err := p.ParsePunct("->"); err != nil {
					return err
				}
				r, err := p.ParseType()
				if err != nil {
					return err
				}
				st.ResultTypes = []ir.Type{r}
			}
			return p.ResolveOperands(append(us, args...), append(ts, argTypes...))
		},
		Print: func(p *ir.OpPrinter, op *ir.Operation) {
			p.WriteString(" ")
			p.Operands(op.Operands()[:s.fixed])
			if a := enumAttr(op, "image_operands"); a != nil {
				p.WriteString(" [\"" + a.Name() + "\"]")
			}
			args := op.Operands()[s.fixed:]
			if len(args) > 0 {
				p.WriteString(", ")
				p.Operands(args)
			}
			p.OptionalAttrDict(op.Attrs(), "image_operands")
			p.WriteString(" : ")
			p.TypeList(op.OperandTypes())
			if s.result {
				p.WriteString(" -> ")
				p.Type(op.Result(0).Type())
			}
		},
		Verify: func(op *ir.Operation) error {
			if err := s.verify(op); err != nil {
				return err
			}
			return verifyImageOperands(op, s.fixed)
		},
	}
}

// lodKind says which image operands an op takes: Bias needs an implicit
// level of detail, Lod an explicit one or a fetch, Grad an explicit one.
type lodKind uint8

const (
	noLod lodKind = iota
	implicitLod
	explicitLod
	fetchLod
)

func lodKindOf(name string) lodKind {
	switch name {
	case "spirv.ImageSampleImplicitLod", "spirv.ImageSampleProjDrefImplicitLod":
		return implicitLod
	case "spirv.ImageSampleExplicitLod":
		return explicitLod
	case "spirv.ImageFetch":
		return fetchLod
	}
	return noLod
}

// verifyImageOperands checks the image operands and their arguments after
// the fixed operands (MLIR's verifyImageOperands).
func verifyImageOperands(op *ir.Operation, fixed int) error {
	if err := checkEnumAttr(op, "image_operands", spv.KindImageOperands, true); err != nil {
		return err
	}
	args := op.Operands()[fixed:]
	a := enumAttr(op, "image_operands")
	if a == nil {
		if len(args) == 0 {
			return nil
		}
		return op.Errorf("the Image Operands should encode what operands follow, as per Image Operands")
	}
	has := func(b spv.ImageOperands) bool { return a.Value&uint32(b) != 0 }
	if has(spv.ImageOperandsLod) && has(spv.ImageOperandsGrad) {
		return op.Errorf("it is invalid to set both the Lod and Grad bits")
	}
	kind := lodKindOf(op.Name())
	img := imageOf(op.Operand(0))
	_, sampling := op.Operand(0).Type().(*SampledImageType)
	simpleDim := func() bool {
		return img.Dim == spv.Dim1D || img.Dim == spv.Dim2D || img.Dim == spv.Dim3D || img.Dim == spv.DimCube
	}
	i := 0
	if has(spv.ImageOperandsBias) {
		switch {
		case kind != implicitLod:
			return op.Errorf("Bias is only valid with implicit-lod instructions")
		case i+1 > len(args):
			return op.Errorf("Bias operand requires 1 argument")
		case !isFloatType(args[i].Type()):
			return op.Errorf("Bias must be a floating-point type scalar")
		case !simpleDim():
			return op.Errorf("Bias must only be used with an image type that has a dim operand of 1D, 2D, 3D, or Cube")
		case img.Sampling != SingleSampled:
			return op.Errorf("Bias must only be used with an image type that has a MS operand of 0")
		}
		i++
	}
	if has(spv.ImageOperandsLod) {
		switch {
		case kind != explicitLod && kind != fetchLod:
			return op.Errorf("Lod is only valid with explicit-lod and fetch instructions")
		case i+1 > len(args):
			return op.Errorf("Lod operand requires 1 argument")
		case sampling && !isFloatType(args[i].Type()):
			return op.Errorf("for sampling operations, Lod must be a floating-point type scalar")
		case !sampling && !isIntegerType(args[i].Type()):
			return op.Errorf("for fetch operations, Lod must be an integer type scalar")
		case !simpleDim():
			return op.Errorf("Lod must only be used with an image type that has a dim operand of 1D, 2D, 3D, or Cube")
		case img.Sampling != SingleSampled:
			return op.Errorf("Lod must only be used with an image type that has a MS operand of 0")
		}
		i++
	}
	if has(spv.ImageOperandsGrad) {
		if err := verifyGrad(op, kind, img, args[i:]); err != nil {
			return err
		}
		i += 2
	}
	// The other operands with an argument each, in the grammar's order;
	// MLIR's verifier leaves them unchecked.
	for _, one := range []spv.ImageOperands{spv.ImageOperandsConstOffset, spv.ImageOperandsOffset,
		spv.ImageOperandsConstOffsets, spv.ImageOperandsSample, spv.ImageOperandsMinLod,
		spv.ImageOperandsMakeTexelAvailable, spv.ImageOperandsMakeTexelVisible, spv.ImageOperandsOffsets} {
		if has(one) {
			i++
		}
	}
	if i < len(args) {
		return op.Errorf("too many image operand arguments have been provided")
	}
	return nil
}

// verifyGrad checks the two derivative arguments of the Grad image operand.
func verifyGrad(op *ir.Operation, kind lodKind, img *ImageType, args []*ir.Value) error {
	if kind != explicitLod {
		return op.Errorf("Grad is only valid with explicit-lod instructions")
	}
	if len(args) < 2 {
		return op.Errorf("Grad operand requires 2 arguments (scalars or vectors)")
	}
	if img.Sampling != SingleSampled {
		return op.Errorf("Grad must only be used with an image type that has a MS operand of 0")
	}
	n := int64(1)
	if cv, ok := op.Operand(1).Type().(*ir.VectorType); ok {
		n = numElements(cv)
		if img.Arrayed == Arrayed {
			n--
		}
	}
	const mismatch = "number of components of each Grad argument must equal the number of components in coordinate, minus the array layer component, if present"
	dx, okx := args[0].Type().(*ir.VectorType)
	dy, oky := args[1].Type().(*ir.VectorType)
	switch {
	case okx && oky:
		if numElements(dx) != numElements(dy) || numElements(dx) != n {
			return op.Errorf(mismatch)
		}
		if !isFloatType(dx.Elem) || !isFloatType(dy.Elem) {
			return op.Errorf("Grad arguments must be a vector of floating-point type")
		}
	case isFloatType(args[0].Type()) && isFloatType(args[1].Type()):
		if n != 1 {
			return op.Errorf(mismatch)
		}
	default:
		return op.Errorf("Grad arguments must be a scalar or vector of floating-point type")
	}
	return nil
}

func isFloatType(t ir.Type) bool   { _, ok := t.(*ir.FloatType); return ok }
func isIntegerType(t ir.Type) bool { _, ok := t.(*ir.IntegerType); return ok }

// imageOf returns the image type behind an image or sampled image value.
func imageOf(v *ir.Value) *ImageType {
	switch t := v.Type().(type) {
	case *ImageType:
		return t
	case *SampledImageType:
		return t.Image
	}
	return nil
}

// checkImageOperand checks that operand 0 is an image (sampled when
// sampled is set) and returns its image type.
func checkImageOperand(op *ir.Operation, sampled bool) (*ImageType, error) {
	t := op.Operand(0).Type()
	_, isSampled := t.(*SampledImageType)
	_, isImage := t.(*ImageType)
	if sampled && !isSampled {
		return nil, op.Errorf("operand #0 must be any SPIR-V sampled image type, but got '%s'", typeString(t))
	}
	if !sampled && !isImage {
		return nil, op.Errorf("operand #0 must be any SPIR-V image type, but got '%s'", typeString(t))
	}
	return imageOf(op.Operand(0)), nil
}

// checkTexelType checks that a texel's component type is the image's
// sampled type, when the image says which (a PredOpTrait in MLIR).
func checkTexelType(op *ir.Operation, img *ImageType, t ir.Type, what string) error {
	if _, none := img.Elem.(*ir.NoneType); none {
		return nil
	}
	if elemType(t) != img.Elem {
		return op.Errorf("failed to verify that the %s component type must match the image sampled type", what)
	}
	return nil
}

// vec4Result is the result constraint of the gathering and sampling ops.
var vec4Result = arith.Constraint{
	Desc: "vector of 8/16/32/64-bit integer values of length 4 or vector of 16/32/64-bit float values of length 4",
	OK: func(t ir.Type) bool {
		return t != elemType(t) && numElements(t) == 4 && (isSPIRVInt(elemType(t)) || isSPIRVFloat(elemType(t)))
	},
}

// Traits of the image ops on the underlying image type.
func checkSingleSampled(op *ir.Operation, img *ImageType) error {
	if img.Sampling != SingleSampled {
		return op.Errorf("failed to verify that the MS operand of the underlying image type must be SingleSampled")
	}
	return nil
}

func checkDimIsNot(op *ir.Operation, img *ImageType, d spv.Dim) error {
	if img.Dim == d {
		return op.Errorf("failed to verify that the Dim operand of the underlying image must not be %s", DimName(d))
	}
	return nil
}

func checkNoSampler(op *ir.Operation, img *ImageType) error {
	if img.SamplerUse != SamplerUnknown && img.SamplerUse != NoSampler {
		return op.Errorf("failed to verify that the sampled operand of the underlying image must be SamplerUnknown or NoSampler")
	}
	return nil
}

// firstError returns the first of errs that is not nil.
func firstError(errs ...func() error) error {
	for _, f := range errs {
		if err := f(); err != nil {
			return err
		}
	}
	return nil
}

func verifyDrefGather(op *ir.Operation) error {
	img, err := checkImageOperand(op, true)
	if err != nil {
		return err
	}
	if !isSPIRVFloat(op.Operand(2).Type()) {
		return op.Errorf("operand #2 must be 16/32/64-bit float, but got '%s'", typeString(op.Operand(2).Type()))
	}
	if err := arith.CheckResults(op, vec4Result); err != nil {
		return err
	}
	switch img.Dim {
	case spv.Dim2D, spv.DimCube, spv.DimRect:
	default:
		return op.Errorf("failed to verify that the Dim operand of the underlying image must be Dim2D or Cube or Rect")
	}
	return firstError(
		func() error { return checkSingleSampled(op, img) },
		func() error { return checkTexelType(op, img, op.Result(0).Type(), "result") })
}

func verifyFetch(op *ir.Operation) error {
	img, err := checkImageOperand(op, false)
	if err != nil {
		return err
	}
	if img.Dim == spv.DimCube {
		return op.Errorf("the Image operand of the underlying OpTypeImage must not have a Dim of Cube")
	}
	if img.SamplerUse != NeedSampler {
		return op.Errorf("the sampled operand of the underlying image must be 1")
	}
	if err := arith.CheckResults(op, vec4Result); err != nil {
		return err
	}
	return checkTexelType(op, img, op.Result(0).Type(), "result")
}

func verifyRead(op *ir.Operation) error {
	img, err := checkImageOperand(op, false)
	if err != nil {
		return err
	}
	return firstError(
		func() error { return checkNoSampler(op, img) },
		func() error { return checkTexelType(op, img, op.Result(0).Type(), "result") })
}

func verifyWrite(op *ir.Operation) error {
	img, err := checkImageOperand(op, false)
	if err != nil {
		return err
	}
	return firstError(
		func() error { return checkNoSampler(op, img) },
		func() error { return checkDimIsNot(op, img, spv.DimSubpassData) },
		func() error { return checkTexelType(op, img, op.Operand(2).Type(), "texel") })
}

// verifySample checks the sampling ops: explicit ones need a Lod or Grad
// image operand; Dref ones return the image's sampled type, the others a
// 4-vector of it.
func verifySample(op *ir.Operation, explicit, dref bool) error {
	img, err := checkImageOperand(op, true)
	if err != nil {
		return err
	}
	r := op.Result(0).Type()
	if !dref {
		if err := arith.CheckResults(op, vec4Result); err != nil {
			return err
		}
	}
	err = firstError(
		func() error { return checkDimIsNot(op, img, spv.DimBuffer) },
		func() error { return checkSingleSampled(op, img) },
		func() error {
			if dref {
				if _, none := img.Elem.(*ir.NoneType); !none && r != img.Elem {
					return op.Errorf("failed to verify that type of 'result' matches image type of 'sampled_image'")
				}
				return nil
			}
			return checkTexelType(op, img, r, "result")
		})
	if err != nil {
		return err
	}
	if a := enumAttr(op, "image_operands"); explicit && (a == nil || a.Value&uint32(spv.ImageOperandsLod|spv.ImageOperandsGrad) == 0) {
		return op.Errorf("either Lod or Grad image operands must be present")
	}
	if dref && img.Depth == NoDepth {
		return op.Errorf("the Depth operand of the underlying image type must not be 0")
	}
	return nil
}

// imageOfOp: `%img = spirv.Image %si : !spirv.sampled_image<...>`.
var imageOfOp = &ir.OpDef{
	Name:     "spirv.Image",
	Summary:  "The image of a sampled image.",
	Example:  "%img = spirv.Image %si : !spirv.sampled_image<!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>>",
	Operands: ir.Exactly(1), Results: ir.Exactly(1),
	Parse: func(p *ir.OpParser, st *ir.OpState) error {
		u, err := p.ParseOperand()
		if err != nil {
			return err
		}
		at := p.Pos()
		ts, err := parseAttrsAndTypes(p, 1)
		if err != nil {
			return err
		}
		si, ok := ts[0].(*SampledImageType)
		if !ok {
			return ir.Errorf(p.LocAt(at), "expected a sampled image type, got '%s'", typeString(ts[0]))
		}
		st.ResultTypes = []ir.Type{si.Image}
		return p.ResolveOperands([]ir.UnresolvedOperand{u}, ts)
	},
	Print: func(p *ir.OpPrinter, op *ir.Operation) {
		p.WriteString(" ")
		p.Operand(op.Operand(0))
		p.OptionalAttrDict(op.Attrs())
		p.WriteString(" : ")
		p.Type(op.Operand(0).Type())
	},
	Verify: func(op *ir.Operation) error {
		si, ok := op.Operand(0).Type().(*SampledImageType)
		if !ok {
			return op.Errorf("operand #0 must be any SPIR-V sampled image type, but got '%s'", typeString(op.Operand(0).Type()))
		}
		if op.Result(0).Type() != si.Image {
			return op.Errorf("result type must be the sampled image's image type")
		}
		return nil
	},
}

// sampledImageOp: `%si = spirv.SampledImage %img, %s : I, !spirv.sampler -> !spirv.sampled_image<I>`.
var sampledImageOp = &ir.OpDef{
	Name:    "spirv.SampledImage",
	Summary: "Combines an image and a sampler.",
	Example: "%si = spirv.SampledImage %img, %s : !spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>, !spirv.sampler" +
		" -> !spirv.sampled_image<!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>>",
	Operands: ir.Exactly(2), Results: ir.Exactly(1),
	Format: &ir.Format{Syntax: "$image `,` $sampler attr-dict `:` type($image) `,` type($sampler) `->` type($result)",
		Operands: []string{"image", "sampler"}, Results: []string{"result"}},
	Verify: func(op *ir.Operation) error {
		img, ok := op.Operand(0).Type().(*ImageType)
		if !ok {
			return op.Errorf("operand #0 must be any SPIR-V image type, but got '%s'", typeString(op.Operand(0).Type()))
		}
		if _, ok := op.Operand(1).Type().(*SamplerType); !ok {
			return op.Errorf("operand #1 must be any SPIR-V sampler type, but got '%s'", typeString(op.Operand(1).Type()))
		}
		if img.Dim == spv.DimSubpassData {
			return op.Errorf("the Dim operand of the image type must not be SubpassData")
		}
		if img.Dim == spv.DimBuffer {
			return op.Errorf("the Dim operand of the image type must not be Buffer")
		}
		if si, ok := op.Result(0).Type().(*SampledImageType); !ok || si.Image != img {
			return op.Errorf("result type must be !spirv.sampled_image of the image's type")
		}
		return nil
	},
}

// imageQuerySizeOp: `%r = spirv.ImageQuerySize %img : I -> vector<2xi32>`.
var imageQuerySizeOp = &ir.OpDef{
	Name:     "spirv.ImageQuerySize",
	Summary:  "The dimensions of an image without a level of detail.",
	Example:  "%r = spirv.ImageQuerySize %img : !spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NoSampler, Unknown> -> vector<2xi32>",
	Operands: ir.Exactly(1), Results: ir.Exactly(1),
	Format: &ir.Format{Syntax: "$image attr-dict `:` type($image) `->` type($result)", Operands: []string{"image"}, Results: []string{"result"}},
	Verify: func(op *ir.Operation) error {
		img, err := checkImageOperand(op, false)
		if err != nil {
			return err
		}
		n := int64(0)
		switch img.Dim {
		case spv.Dim1D, spv.DimBuffer:
			n = 1
		case spv.Dim2D, spv.DimCube, spv.DimRect:
			n = 2
		case spv.Dim3D:
			n = 3
		default:
			return op.Errorf("the Dim operand of the image type must be 1D, 2D, 3D, Buffer, Cube, or Rect")
		}
		switch img.Dim {
		case spv.Dim1D, spv.Dim2D, spv.Dim3D, spv.DimCube:
			if img.Sampling != MultiSampled && img.SamplerUse != SamplerUnknown && img.SamplerUse != NoSampler {
				return op.Errorf("if Dim is 1D, 2D, 3D, or Cube, it must also have either an MS of 1 or a Sampled of 0 or 2")
			}
		}
		if img.Arrayed == Arrayed {
			n++
		}
		r := op.Result(0).Type()
		if !isSPIRVInt(elemType(r)) {
			return op.Errorf("result #0 must be integer or vector of integer values, but got '%s'", typeString(r))
		}
		if got := numElements(r); got != n {
			return op.Errorf("expected the result to have %d component(s), but found %d component(s)", n, got)
		}
		return nil
	},
}
