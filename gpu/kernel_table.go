package gpu

import (
	"slices"
	"strings"

	"github.com/kiln-gpu/kiln/ir"
)

// KernelMetadataAttr is #gpu.kernel_metadata<"name", (T...) -> (),
// arg_attrs = [...], metadata = {...}>: what a serialized object records
// of one of its kernels.
type KernelMetadataAttr struct {
	ir.Storage
	Name     string
	FuncType *ir.FunctionType
	ArgAttrs *ir.ArrayAttr      // nil when absent
	Metadata *ir.DictionaryAttr // nil when absent
}

// KernelMetadata returns the uniqued #gpu.kernel_metadata attribute.
func KernelMetadata(ctx *ir.Context, name string, ft *ir.FunctionType, argAttrs *ir.ArrayAttr, metadata *ir.DictionaryAttr) *KernelMetadataAttr {
	k := ir.NewKey("gpu.kernel_metadata").Str(name).Type(ft)
	for _, a := range []ir.Attribute{argAttrs, metadata} {
		if a == nil || a == (*ir.ArrayAttr)(nil) || a == (*ir.DictionaryAttr)(nil) {
			k.Int(0)
		} else {
			k.Attr(a)
		}
	}
	return ir.Unique(ctx, k.String(), func() *KernelMetadataAttr {
		return &KernelMetadataAttr{Name: name, FuncType: ft, ArgAttrs: argAttrs, Metadata: metadata}
	})
}

func (a *KernelMetadataAttr) Print(p *ir.Printer) {
	p.WriteString("#gpu.kernel_metadata<")
	p.String(a.Name)
	p.WriteString(", ")
	p.Type(a.FuncType)
	if a.ArgAttrs != nil {
		p.WriteString(", arg_attrs = ")
		p.Attr(a.ArgAttrs)
	}
	if a.Metadata != nil {
		p.WriteString(", metadata = ")
		p.Attr(a.Metadata)
	}
	p.WriteByte('>')
}

// KernelTableAttr is #gpu.kernel_table<[...]>, an object's kernels sorted
// by name (MLIR sorts them when the table is built).
type KernelTableAttr struct {
	ir.Storage
	Kernels []*KernelMetadataAttr
}

// KernelTable returns the uniqued table of kernels, sorted by name.
func KernelTable(ctx *ir.Context, kernels []*KernelMetadataAttr) *KernelTableAttr {
	ks := slices.Clone(kernels)
	slices.SortStableFunc(ks, func(a, b *KernelMetadataAttr) int { return strings.Compare(a.Name, b.Name) })
	k := ir.NewKey("gpu.kernel_table")
	for _, m := range ks {
		k.Attr(m)
	}
	return ir.Unique(ctx, k.String(), func() *KernelTableAttr { return &KernelTableAttr{Kernels: ks} })
}

func (a *KernelTableAttr) Print(p *ir.Printer) {
	p.WriteString("#gpu.kernel_table<[")
	for i, m := range a.Kernels {
		if i > 0 {
			p.WriteString(", ")
		}
		p.Attr(m)
	}
	p.WriteString("]>")
}

// parseKernelMetadataBody reads `<"name", fntype (, key = value)*>` with
// the keys arg_attrs (an array of dictionaries) and metadata (a dictionary).
func parseKernelMetadataBody(p *ir.Parser) (ir.Attribute, error) {
	if err := p.ParsePunct("<"); err != nil {
		return nil, err
	}
	name, err := p.ParseString()
	if err != nil {
		return nil, err
	}
	if err := p.ParsePunct(","); err != nil {
		return nil, err
	}
	at := p.Pos()
	t, err := p.ParseType()
	if err != nil {
		return nil, err
	}
	ft, ok := t.(*ir.FunctionType)
	if !ok {
		return nil, ir.Errorf(p.LocAt(at), "expected a function type, got '%s'", ir.TypeString(t))
	}
	var argAttrs *ir.ArrayAttr
	var metadata *ir.DictionaryAttr
	for p.ParseOptionalPunct(",") {
		kat := p.Pos()
		key, err := p.ParseKeywordAny()
		if err != nil {
			return nil, err
		}
		if err := p.ParsePunct("="); err != nil {
			return nil, err
		}
		vat := p.Pos()
		v, err := p.ParseAttribute(nil)
		if err != nil {
			return nil, err
		}
		switch key {
		case "arg_attrs":
			arr, ok := v.(*ir.ArrayAttr)
			if ok {
				for _, e := range arr.Elems {
					if _, isDict := e.(*ir.DictionaryAttr); !isDict {
						ok = false
					}
				}
			}
			if !ok || argAttrs != nil {
				return nil, ir.Errorf(p.LocAt(vat), "expected an array of dictionaries for 'arg_attrs'")
			}
			argAttrs = arr
		case "metadata":
			d, ok := v.(*ir.DictionaryAttr)
			if !ok || metadata != nil {
				return nil, ir.Errorf(p.LocAt(vat), "expected a dictionary for 'metadata'")
			}
			metadata = d
		default:
			return nil, ir.Errorf(p.LocAt(kat), "expected a parameter name in struct")
		}
	}
	return KernelMetadata(p.Context(), name, ft, argAttrs, metadata), p.ParsePunct(">")
}

// parseKernelTableBody reads `<[#gpu.kernel_metadata<...>, ...]>`; kernel
// names must be unique.
func parseKernelTableBody(p *ir.Parser) (ir.Attribute, error) {
	if err := p.ParsePunct("<"); err != nil {
		return nil, err
	}
	at := p.Pos()
	if err := p.ParsePunct("["); err != nil {
		return nil, err
	}
	var ks []*KernelMetadataAttr
	seen := map[string]bool{}
	if !p.ParseOptionalPunct("]") {
		for {
			mat := p.Pos()
			a, err := p.ParseAttribute(nil)
			if err != nil {
				return nil, err
			}
			m, ok := a.(*KernelMetadataAttr)
			if !ok {
				return nil, ir.Errorf(p.LocAt(mat), "expected a #gpu.kernel_metadata attribute")
			}
			if seen[m.Name] {
				return nil, ir.Errorf(p.LocAt(at), "expected all kernels to be uniquely named")
			}
			seen[m.Name] = true
			ks = append(ks, m)
			if p.ParseOptionalPunct("]") {
				break
			}
			if err := p.ParsePunct(","); err != nil {
				return nil, err
			}
		}
	}
	return KernelTable(p.Context(), ks), p.ParsePunct(">")
}
