package serialize

import (
	"fmt"
	"slices"
	"strings"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/spirv"
	"github.com/kiln-gpu/kiln/spirv/spv"
)

// availability checks what the spirv dialect's Availability does not
// cover (the types of function signatures, decorations written from
// discardable attributes) against what a module's vce triple allows, from
// the generated grammar tables: the version or an extension that provides
// it, and one of the required capabilities (implied ones included).
type availability struct {
	version spv.Version
	caps    map[spv.Capability]bool
	exts    map[string]bool
}

func newAvailability(vce *spirv.VCEAttr) *availability {
	a := &availability{version: vce.Version, caps: map[spv.Capability]bool{}, exts: map[string]bool{}}
	for _, c := range vce.Capabilities {
		for _, i := range c.Implied() {
			a.caps[i] = true
		}
	}
	for _, e := range vce.Extensions {
		a.exts[e] = true
	}
	return a
}

func (a *availability) check(what string, av *spv.Availability) error {
	hasExt := func(e string) bool { return a.exts[e] }
	if !av.Available(a.version, hasExt) {
		if len(av.Extensions) > 0 {
			return fmt.Errorf("%s needs SPIR-V %v or one of the extensions [%s], but the module's vce triple has %v and [%s]",
				what, av.MinVersion, strings.Join(av.Extensions, ", "), a.version, strings.Join(keys(a.exts), ", "))
		}
		if av.LastVersion != 0 && a.version > av.LastVersion {
			return fmt.Errorf("%s was removed after SPIR-V %v, but the module's vce triple has %v", what, av.LastVersion, a.version)
		}
		return fmt.Errorf("%s needs SPIR-V %v, but the module's vce triple has %v", what, av.MinVersion, a.version)
	}
	if len(av.Capabilities) > 0 && !slices.ContainsFunc(av.Capabilities, func(c spv.Capability) bool { return a.caps[c] }) {
		names := make([]string, len(av.Capabilities))
		for i, c := range av.Capabilities {
			names[i] = spv.KindCapability.Format(uint32(c))
		}
		return fmt.Errorf("%s needs one of the capabilities [%s], which the module's vce triple does not declare", what, strings.Join(names, ", "))
	}
	return nil
}

func keys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// enum checks a value of an enum kind; each set bit of a bit enum. A nil
// availability allows everything.
func (a *availability) enum(k *spv.OperandKind, v uint32) error {
	if a == nil {
		return nil
	}
	check := func(v uint32) error {
		e := k.Enumerant(v)
		if e == nil {
			return fmt.Errorf("%d is not a %s", v, k.Name)
		}
		return a.check(k.Name+" "+e.Name, &e.Availability)
	}
	if k.Category != spv.CategoryBitEnum {
		return check(v)
	}
	for b := uint32(1); b != 0 && b <= v; b <<= 1 {
		if v&b != 0 {
			if err := check(b); err != nil {
				return err
			}
		}
	}
	return nil
}

// typ checks a type and the types it is made of: integer and float widths
// need their capabilities (narrow ones are also allowed by the 8/16-bit
// storage capabilities, which only the spirv-val knows how to scope), and
// pointer storage classes theirs. A nil availability allows everything.
func (a *availability) typ(t ir.Type) error {
	if a == nil {
		return nil
	}
	switch t := t.(type) {
	case *ir.IntegerType:
		return a.width("integer", t, t.Width, intWidthCaps)
	case *ir.FloatType:
		if t.Kind == ir.BF16 {
			if !a.caps[spv.CapabilityBFloat16TypeKHR] {
				return fmt.Errorf("float type bf16 needs the BFloat16TypeKHR capability, which the module's vce triple does not declare")
			}
			return nil
		}
		return a.width("float", t, t.Width(), floatWidthCaps)
	case *ir.VectorType:
		return a.typ(t.Elem)
	case *spirv.PointerType:
		if err := a.enum(spv.KindStorageClass, uint32(t.StorageClass)); err != nil {
			return err
		}
		return a.typ(t.Pointee)
	case *spirv.ArrayType:
		return a.typ(t.Elem)
	case *spirv.RuntimeArrayType:
		return a.typ(t.Elem)
	case *spirv.StructType:
		for _, m := range t.Members() {
			if err := a.typ(m); err != nil {
				return err
			}
		}
	case *spirv.MatrixType:
		if !a.caps[spv.CapabilityMatrix] {
			return fmt.Errorf("matrix type needs the Matrix capability")
		}
		return a.typ(t.Column)
	}
	return nil
}

// The capabilities that allow integer and float types of a width.
var (
	intWidthCaps = map[int][]spv.Capability{
		8:  {spv.CapabilityInt8, spv.CapabilityStorageBuffer8BitAccess, spv.CapabilityUniformAndStorageBuffer8BitAccess, spv.CapabilityStoragePushConstant8},
		16: {spv.CapabilityInt16, spv.CapabilityStorageBuffer16BitAccess, spv.CapabilityUniformAndStorageBuffer16BitAccess, spv.CapabilityStoragePushConstant16, spv.CapabilityStorageInputOutput16},
		64: {spv.CapabilityInt64},
	}
	floatWidthCaps = map[int][]spv.Capability{
		16: {spv.CapabilityFloat16, spv.CapabilityStorageBuffer16BitAccess, spv.CapabilityUniformAndStorageBuffer16BitAccess, spv.CapabilityStoragePushConstant16, spv.CapabilityStorageInputOutput16},
		64: {spv.CapabilityFloat64},
	}
)

func (a *availability) width(kind string, t ir.Type, w int, need map[int][]spv.Capability) error {
	cs, ok := need[w]
	if !ok || slices.ContainsFunc(cs, func(c spv.Capability) bool { return a.caps[c] }) {
		return nil
	}
	return fmt.Errorf("%s type %s needs the %s capability, which the module's vce triple does not declare", kind, ir.TypeString(t), spv.KindCapability.Format(uint32(cs[0])))
}
