package gpu

import "github.com/kiln-gpu/kiln/ir"

// gpu.binary holds serialized GPU objects (what gpu-module-to-binary makes
// of a gpu.module), with the attributes #gpu.object and #gpu.select_object.

// CompilationTarget is the format of a #gpu.object's payload.
type CompilationTarget int32

const (
	TargetOffload  CompilationTarget = iota + 1 // LLVM IR for offloading
	TargetAssembly                              // target assembly (PTX, ISA)
	TargetBinary                                // target binary (cubin, SPIR-V)
	TargetFatbin                                // fat binary (the default)
)

var compilationTargetSpec = &enumSpec{mnemonic: "compilation_target", cppName: "::mlir::gpu::CompilationTarget",
	names: []string{"", "offload", "assembly", "bin", "fatbin"}}

func (CompilationTarget) spec() *enumSpec  { return compilationTargetSpec }
func (c CompilationTarget) String() string { return enumName(c) }

// ObjectAttr is #gpu.object<target, (properties = {...},)? (kernels =
// #gpu.kernel_table<...>,)? (format =)? "payload">.
type ObjectAttr struct {
	ir.Storage
	Target     ir.Attribute
	Format     CompilationTarget
	Object     string
	Properties *ir.DictionaryAttr // nil when absent
	Kernels    *KernelTableAttr   // nil when absent
}

// Object returns the uniqued #gpu.object attribute without a kernel table.
func Object(ctx *ir.Context, target ir.Attribute, format CompilationTarget, object string, props *ir.DictionaryAttr) *ObjectAttr {
	return ObjectWithKernels(ctx, target, format, object, props, nil)
}

// ObjectWithKernels returns the uniqued #gpu.object attribute with the
// given kernel table (nil: none).
func ObjectWithKernels(ctx *ir.Context, target ir.Attribute, format CompilationTarget, object string, props *ir.DictionaryAttr, kernels *KernelTableAttr) *ObjectAttr {
	k := ir.NewKey("gpu.object").Attr(target).Int(int64(format)).Str(object)
	if props != nil {
		k.Attr(props)
	}
	if kernels != nil {
		k.Str("kernels").Attr(kernels)
	}
	return ir.Unique(ctx, k.String(), func() *ObjectAttr {
		return &ObjectAttr{Target: target, Format: format, Object: object, Properties: props, Kernels: kernels}
	})
}

func (a *ObjectAttr) Print(p *ir.Printer) {
	p.WriteString("#gpu.object<")
	p.Attr(a.Target)
	p.WriteString(", ")
	if a.Properties != nil {
		p.WriteString("properties = ")
		p.Attr(a.Properties)
		p.WriteString(", ")
	}
	if a.Kernels != nil {
		p.WriteString("kernels = ")
		p.Attr(a.Kernels)
		p.WriteString(", ")
	}
	if a.Format != TargetFatbin {
		p.WriteString(a.Format.String() + " = ")
	}
	p.String(a.Object)
	p.WriteByte('>')
}

func parseObjectBody(p *ir.Parser) (ir.Attribute, error) {
	if err := p.ParsePunct("<"); err != nil {
		return nil, err
	}
	target, err := p.ParseAttribute(nil)
	if err != nil {
		return nil, err
	}
	if err := p.ParsePunct(","); err != nil {
		return nil, err
	}
	var props *ir.DictionaryAttr
	if p.ParseOptionalKeyword("properties") {
		if err := p.ParsePunct("="); err != nil {
			return nil, err
		}
		at := p.Pos()
		a, err := p.ParseAttribute(nil)
		if err != nil {
			return nil, err
		}
		if props, _ = a.(*ir.DictionaryAttr); props == nil {
			return nil, ir.Errorf(p.LocAt(at), "expected a dictionary of object properties")
		}
		if err := p.ParsePunct(","); err != nil {
			return nil, err
		}
	}
	var kernels *KernelTableAttr
	if p.ParseOptionalKeyword("kernels") {
		if err := p.ParsePunct("="); err != nil {
			return nil, err
		}
		at := p.Pos()
		a, err := p.ParseAttribute(nil)
		if err != nil {
			return nil, err
		}
		if kernels, _ = a.(*KernelTableAttr); kernels == nil {
			return nil, ir.Errorf(p.LocAt(at), "expected a #gpu.kernel_table attribute")
		}
		if err := p.ParsePunct(","); err != nil {
			return nil, err
		}
	}
	format := TargetFatbin
	if !p.IsString() {
		if format, err = parseEnumKeyword[CompilationTarget](p); err != nil {
			return nil, err
		}
		if err := p.ParsePunct("="); err != nil {
			return nil, err
		}
	}
	obj, err := p.ParseString()
	if err != nil {
		return nil, err
	}
	return ObjectWithKernels(p.Context(), target, format, obj, props, kernels), p.ParsePunct(">")
}

// SelectObjectAttr is #gpu.select_object<target>, the default offloading
// handler of gpu.binary: it picks the object for a target, an index, or
// (with no target) the first one.
type SelectObjectAttr struct {
	ir.Storage
	Target ir.Attribute // nil: the first object
}

// SelectObject returns the uniqued #gpu.select_object attribute.
func SelectObject(ctx *ir.Context, target ir.Attribute) *SelectObjectAttr {
	k := ir.NewKey("gpu.select_object")
	if target != nil {
		k.Attr(target)
	}
	return ir.Unique(ctx, k.String(), func() *SelectObjectAttr { return &SelectObjectAttr{Target: target} })
}

func (a *SelectObjectAttr) Print(p *ir.Printer) {
	p.WriteString("#gpu.select_object")
	if a.Target != nil {
		p.WriteByte('<')
		p.Attr(a.Target)
		p.WriteByte('>')
	}
}

func parseSelectObjectBody(p *ir.Parser) (ir.Attribute, error) {
	if !p.ParseOptionalPunct("<") {
		return SelectObject(p.Context(), nil), nil
	}
	t, err := p.ParseAttribute(nil)
	if err != nil {
		return nil, err
	}
	return SelectObject(p.Context(), t), p.ParsePunct(">")
}

var binaryDef = &ir.OpDef{
	Name:     "gpu.binary",
	Summary:  "Serialized GPU objects of a compiled gpu.module, one per target, and the handler that picks one.",
	Example:  "gpu.binary @kernels  [#gpu.object<#nvvm.target, \"BLOB\">, #gpu.object<#rocdl.target, properties = {O = 3 : i32}, kernels = #gpu.kernel_table<[#gpu.kernel_metadata<\"k\", (i32) -> (), arg_attrs = [{}], metadata = {r = 1 : i32}>]>, bin = \"ELF\">]",
	Traits:   ir.Symbol,
	Inherent: []string{"sym_name", "offloadingHandler", "objects"},
	Format: &ir.Format{Syntax: "$sym_name custom<OffloadingHandler>($offloadingHandler) attr-dict $objects",
		Attrs:  []ir.FormatAttr{{Name: "sym_name", SymbolName: true}, {Name: "offloadingHandler"}, {Name: "objects"}},
		Custom: map[string]ir.CustomDirective{"OffloadingHandler": offloadingHandler}},
	Verify: verifyBinary,
}

// offloadingHandler is MLIR's custom<OffloadingHandler>: `<handler>`,
// left out when it is the default #gpu.select_object.
var offloadingHandler = ir.CustomDirective{
	Parse: func(p *ir.OpParser, args []*ir.FormatArg) error {
		args[0].Attr = SelectObject(p.Context(), nil)
		if !p.ParseOptionalPunct("<") {
			return nil
		}
		h, err := p.ParseAttribute(nil)
		if err != nil {
			return err
		}
		args[0].Attr = h
		return p.ParsePunct(">")
	},
	Print: func(p *ir.OpPrinter, op *ir.Operation, args []*ir.FormatArg) {
		if h := args[0].Attr; h != nil && h != SelectObject(op.Context(), nil) {
			p.WriteByte('<')
			p.Attr(h)
			p.WriteByte('>')
		}
	},
}

func verifyBinary(op *ir.Operation) error {
	arr, ok := op.Attr("objects").(*ir.ArrayAttr)
	if !ok || len(arr.Elems) == 0 {
		return op.Errorf("attribute 'objects' failed to satisfy constraint: an array of GPU object attributes with at least 1 elements")
	}
	for _, e := range arr.Elems {
		if _, ok := e.(*ObjectAttr); !ok {
			return op.Errorf("attribute 'objects' failed to satisfy constraint: an array of GPU object attributes with at least 1 elements")
		}
	}
	return nil
}
