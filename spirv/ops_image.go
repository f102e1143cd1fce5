package spirv

import (
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/spirv/spv"
)

// Image ops (MLIR's SPIRVImageOps.td). The sampling and access ops share
// one syntax: `%r = spirv.ImageFetch %img, %coord ["Lod"], %lod : T1, T2,
// T3 -> R`, fixed operands, optional image operands and their arguments,
// then every operand's type; ImageDrefGather puts the arguments and
// their types in parentheses instead.

// imageShape describes one image op.
type imageShape struct {
	name, summary, example string
	fixed                  int  // operands before the image operands' arguments
	result, paren          bool // has a result; arguments in `( : )`
	verify                 func(op *ir.Operation) error
}

func imageOps() []*ir.OpDef {
	si := "!spirv.sampled_image<!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>>"
	img := "!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NoSampler, Rgba8>"
	fetchImg := "!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>"
	ops := []*ir.OpDef{imageOfOp, sampledImageOp, imageQuerySizeOp}
	for _, s := range []imageShape{
		{"spirv.ImageDrefGather", "Gathers the depth comparisons of four texels.",
			"%r = spirv.ImageDrefGather %si, %coord, %dref : " + si + ", vector<4xf32>, f32 -> vector<4xf32>", 3, true, true, verifyDrefGather},
		{"spirv.ImageFetch", "Fetches one texel of a sampled image without a sampler.",
			"%r = spirv.ImageFetch %img, %coord : " + fetchImg + ", vector<2xsi32> -> vector<4xf32>", 2, true, false, verifyFetch},
		{"spirv.ImageRead", "Reads one texel of a storage image.",
			"%r = spirv.ImageRead %img, %coord : " + img + ", vector<2xsi32> -> vector<4xf32>", 2, true, false, verifyRead},
		{"spirv.ImageWrite", "Writes one texel of a storage image.",
			"spirv.ImageWrite %img, %coord, %texel : " + img + ", vector<2xsi32>, vector<4xf32>", 3, false, false, verifyWrite},
		{"spirv.ImageSampleExplicitLod", "Samples an image at an explicit level of detail.",
			"%r = spirv.ImageSampleExplicitLod %si, %coord [\"Lod\"], %lod : " + si + ", vector<2xf32>, f32 -> vector<4xf32>", 2, true, false,
			func(op *ir.Operation) error { return verifySample(op, true, false) }},
		{"spirv.ImageSampleImplicitLod", "Samples an image at an implicit level of detail.",
			"%r = spirv.ImageSampleImplicitLod %si, %coord : " + si + ", vector<2xf32> -> vector<4xf32>", 2, true, false,
			func(op *ir.Operation) error { return verifySample(op, false, false) }},
		{"spirv.ImageSampleProjDrefImplicitLod", "Samples a depth image with projection and comparison at an implicit level of detail.",
			"%r = spirv.ImageSampleProjDrefImplicitLod %si, %coord, %dref : " +
				"!spirv.sampled_image<!spirv.image<f32, Dim2D, IsDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>>, vector<4xf32>, f32 -> f32",
			3, true, false, func(op *ir.Operation) error { return verifySample(op, false, true) }},
	} {
		ops = append(ops, imageOp(s))
	}
	return ops
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
			us, err := ir.ParseOperandsN(p, s.fixed)
			if err != nil {
				return err
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
			if s.paren && p.ParseOptionalPunct("(") {
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
			for !s.paren && p.ParseOptionalPunct(",") {
				u, err := p.ParseOperand()
				if err != nil {
					return err
				}
				args = append(args, u)
			}
			n := s.fixed
			if !s.paren {
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
			if s.paren && len(args) > 0 {
				p.WriteString(" (")
				p.Operands(args)
				p.WriteString(" : ")
				p.TypeList(op.OperandTypes()[s.fixed:])
				p.WriteString(")")
			} else if len(args) > 0 {
				p.WriteString(", ")
				p.Operands(args)
			}
			p.OptionalAttrDict(op.Attrs(), "image_operands")
			p.WriteString(" : ")
			ts := op.OperandTypes()
			if s.paren {
				ts = ts[:s.fixed]
			}
			p.TypeList(ts)
			if s.result {
				p.WriteString(" -> ")
				p.Type(op.Result(0).Type())
			}
		},
		Verify: func(op *ir.Operation) error {
			if err := verifyImageOperands(op, s.fixed); err != nil {
				return err
			}
			return s.verify(op)
		},
	}
}

// verifyImageOperands checks that the arguments after the fixed operands
// are as many as the image operands' bits take.
func verifyImageOperands(op *ir.Operation, fixed int) error {
	if err := checkEnumAttr(op, "image_operands", spv.KindImageOperands, true); err != nil {
		return err
	}
	want := 0
	if a := enumAttr(op, "image_operands"); a != nil {
		for b := uint32(1); b != 0; b <<= 1 {
			if e := spv.KindImageOperands.Enumerant(b); e != nil && a.Value&b != 0 {
				want += len(e.Parameters)
			}
		}
	}
	if got := op.NumOperands() - fixed; got != want {
		return op.Errorf("the number of operand arguments (%d) does not match the image operands (%d)", got, want)
	}
	return nil
}

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

func hasImageOperand(op *ir.Operation, bits spv.ImageOperands) bool {
	a := enumAttr(op, "image_operands")
	return a != nil && a.Value&uint32(bits) != 0
}

// checkImageOperand checks that operand i is an image (sampled when
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
// sampled type, when the image says which.
func checkTexelType(op *ir.Operation, img *ImageType, t ir.Type, what string) error {
	if _, none := img.Elem.(*ir.NoneType); none {
		return nil
	}
	if elemType(t) != img.Elem {
		return op.Errorf("the %s component type must match the image sampled type", what)
	}
	return nil
}

func isVec4(t ir.Type) bool { return t != elemType(t) && numElements(t) == 4 }

func verifyDrefGather(op *ir.Operation) error {
	img, err := checkImageOperand(op, true)
	if err != nil {
		return err
	}
	switch img.Dim {
	case spv.Dim2D, spv.DimCube, spv.DimRect:
	default:
		return op.Errorf("the Dim operand of the underlying image type must be 2D, Cube, or Rect")
	}
	if img.Sampling != SingleSampled {
		return op.Errorf("the MS operand of the underlying image type must be 0")
	}
	if !isSPIRVFloat(op.Operand(2).Type()) || bitWidth(op.Operand(2).Type()) != 32 {
		return op.Errorf("operand #2 must be 32-bit float, but got '%s'", typeString(op.Operand(2).Type()))
	}
	if r := op.Result(0).Type(); !isVec4(r) {
		return op.Errorf("result #0 must be vector of 4 integer or float values, but got '%s'", typeString(r))
	}
	return checkTexelType(op, img, op.Result(0).Type(), "result")
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
	if r := op.Result(0).Type(); !isVec4(r) {
		return op.Errorf("result #0 must be vector of 4 integer or float values, but got '%s'", typeString(r))
	}
	return checkTexelType(op, img, op.Result(0).Type(), "result")
}

func verifyRead(op *ir.Operation) error {
	img, err := checkImageOperand(op, false)
	if err != nil {
		return err
	}
	if img.SamplerUse == NeedSampler {
		return op.Errorf("the sampled operand of the underlying image must be 0 or 2")
	}
	return checkTexelType(op, img, op.Result(0).Type(), "result")
}

func verifyWrite(op *ir.Operation) error {
	img, err := checkImageOperand(op, false)
	if err != nil {
		return err
	}
	if img.Dim == spv.DimSubpassData {
		return op.Errorf("the Dim operand of the image type must not be SubpassData")
	}
	if img.SamplerUse == NeedSampler {
		return op.Errorf("the sampled operand of the underlying image must be 0 or 2")
	}
	return checkTexelType(op, img, op.Operand(2).Type(), "texel")
}

// verifySample checks the sampling ops: explicit ones need a Lod or Grad
// image operand, implicit ones must not have one; Dref ones return a
// scalar, the others a 4-vector.
func verifySample(op *ir.Operation, explicit, dref bool) error {
	img, err := checkImageOperand(op, true)
	if err != nil {
		return err
	}
	lod := hasImageOperand(op, spv.ImageOperandsLod|spv.ImageOperandsGrad)
	if explicit && !lod {
		return op.Errorf("either Lod or Grad image operands must be present")
	}
	if !explicit && lod {
		return op.Errorf("no Lod or Grad image operands allowed at implicit level of detail")
	}
	r := op.Result(0).Type()
	if dref {
		if img.Depth == NoDepth {
			return op.Errorf("the Depth operand of the underlying image type must not be 0")
		}
		if r != elemType(r) {
			return op.Errorf("result #0 must be integer or float, but got '%s'", typeString(r))
		}
		return nil
	}
	if !isVec4(r) {
		return op.Errorf("result #0 must be vector of 4 integer or float values, but got '%s'", typeString(r))
	}
	return checkTexelType(op, img, r, "result")
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
		loc := p.Loc()
		ts, err := parseAttrsAndTypes(p, 1)
		if err != nil {
			return err
		}
		si, ok := ts[0].(*SampledImageType)
		if !ok {
			return ir.Errorf(loc, "expected a sampled image type, got '%s'", typeString(ts[0]))
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
	Parse: func(p *ir.OpParser, st *ir.OpState) error {
		us, err := ir.ParseOperandsN(p, 2)
		if err != nil {
			return err
		}
		return parseTypesArrowResult(p, st, us)
	},
	Print: func(p *ir.OpPrinter, op *ir.Operation) {
		p.WriteString(" ")
		p.Operands(op.Operands())
		printTypesArrowResult(p, op)
	},
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
	Parse: func(p *ir.OpParser, st *ir.OpState) error {
		u, err := p.ParseOperand()
		if err != nil {
			return err
		}
		return parseTypesArrowResult(p, st, []ir.UnresolvedOperand{u})
	},
	Print: func(p *ir.OpPrinter, op *ir.Operation) {
		p.WriteString(" ")
		p.Operand(op.Operand(0))
		printTypesArrowResult(p, op)
	},
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
