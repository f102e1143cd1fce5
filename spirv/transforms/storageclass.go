package transforms

import (
	"fmt"
	"slices"

	"github.com/kiln-gpu/kiln/gpu"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/spirv"
	"github.com/kiln-gpu/kiln/spirv/spv"
)

// StorageClassMap maps a memref memory space (nil for the default space)
// to a SPIR-V storage class; ok is false for spaces it does not know.
type StorageClassMap func(space ir.Attribute) (sc spv.StorageClass, ok bool)

// vulkanSpaces and openCLSpaces are MLIR's numeric memory space tables
// (MapMemRefStorageClassPass.cpp).
var (
	vulkanSpaces = map[int64]spv.StorageClass{
		0: spv.StorageClassStorageBuffer, 1: spv.StorageClassGeneric, 3: spv.StorageClassWorkgroup,
		4: spv.StorageClassUniform, 5: spv.StorageClassPrivate, 6: spv.StorageClassFunction,
		7: spv.StorageClassPushConstant, 8: spv.StorageClassUniformConstant, 9: spv.StorageClassInput,
		10: spv.StorageClassOutput, 11: spv.StorageClassPhysicalStorageBuffer, 12: spv.StorageClassImage,
	}
	openCLSpaces = map[int64]spv.StorageClass{
		0: spv.StorageClassCrossWorkgroup, 1: spv.StorageClassGeneric, 3: spv.StorageClassWorkgroup,
		4: spv.StorageClassUniformConstant, 5: spv.StorageClassPrivate, 6: spv.StorageClassFunction,
		7: spv.StorageClassImage,
	}
)

// VulkanStorageClass is the "vulkan" client API's map: the default space
// and #gpu.address_space<global> are StorageBuffer, workgroup is
// Workgroup, private is Private, and numbers follow vulkanSpaces.
func VulkanStorageClass(space ir.Attribute) (spv.StorageClass, bool) {
	return mapSpace(space, vulkanSpaces)
}

// OpenCLStorageClass is the "opencl" client API's map: the default space
// and global are CrossWorkgroup.
func OpenCLStorageClass(space ir.Attribute) (spv.StorageClass, bool) {
	return mapSpace(space, openCLSpaces)
}

func mapSpace(space ir.Attribute, table map[int64]spv.StorageClass) (spv.StorageClass, bool) {
	switch s := space.(type) {
	case nil:
		return table[0], true
	case *ir.IntegerAttr:
		sc, ok := table[s.Int()]
		return sc, ok
	case *gpu.AddressSpaceAttr:
		switch s.Value {
		case gpu.AddressSpaceGlobal:
			return table[0], true
		case gpu.AddressSpaceWorkgroup:
			return spv.StorageClassWorkgroup, true
		case gpu.AddressSpacePrivate:
			return spv.StorageClassPrivate, true
		}
	}
	return 0, false
}

// clientAPIMap returns the map of a client-api option value; another value
// is refused in MLIR's words (its typo kept).
func clientAPIMap(api string) (StorageClassMap, error) {
	switch api {
	case "vulkan":
		return VulkanStorageClass, nil
	case "opencl":
		return OpenCLStorageClass, nil
	}
	return nil, fmt.Errorf("Invalid clienAPI: %s", api)
}

// MapStorageClasses rewrites the memory spaces of every memref type in op
// and the ops nested in it (result and block argument types, type
// attributes such as function_type, nested in arrays and dictionaries) to
// #spirv.storage_class<...> with m, or with the OpenCL or Vulkan map when
// the nearest target environment has the Kernel or Shader capability
// (MLIR's MapMemRefStorageClassPass). A memref whose space has no storage
// class is an error at the first op that has it.
func MapStorageClasses(op *ir.Operation, m StorageClassMap) error {
	if env := spirv.LookupTargetEnv(op); env != nil {
		caps := targetCaps(env)
		if caps[spv.CapabilityKernel] {
			m = OpenCLStorageClass
		} else if caps[spv.CapabilityShader] {
			m = VulkanStorageClass
		}
	}
	r := &spaceMapper{ctx: op.Context(), m: m, types: map[ir.Type]ir.Type{}}
	var err error
	op.WalkPre(func(o *ir.Operation) (bool, bool) {
		err = r.rewriteOp(o)
		return true, err == nil
	})
	return err
}

type spaceMapper struct {
	ctx   *ir.Context
	m     StorageClassMap
	types map[ir.Type]ir.Type // converted types; nil value: no storage class
	bad   ir.Type             // the first type that could not be mapped
}

func (r *spaceMapper) rewriteOp(op *ir.Operation) error {
	r.bad = nil
	for _, v := range op.Results() {
		v.SetType(r.typ(v.Type()))
	}
	for _, reg := range op.Regions() {
		for b := reg.Entry(); b != nil; b = b.Next() {
			for _, a := range b.Args() {
				a.SetType(r.typ(a.Type()))
			}
		}
	}
	for _, a := range op.Attrs() {
		if n := r.attr(a.Value); n != a.Value {
			op.SetAttr(a.Name, n)
		}
	}
	if r.bad != nil {
		return op.Errorf("failed to legalize memory space of %s", ir.TypeString(r.bad))
	}
	return nil
}

// typ returns t with its memref memory spaces mapped.
func (r *spaceMapper) typ(t ir.Type) ir.Type {
	if n, ok := r.types[t]; ok {
		if n == nil {
			r.bad = t
			return t
		}
		return n
	}
	n := r.convert(t)
	r.types[t] = n
	if n == nil {
		r.bad = t
		return t
	}
	return n
}

func (r *spaceMapper) convert(t ir.Type) ir.Type {
	switch t := t.(type) {
	case *ir.MemRefType:
		if sa, ok := r.space(t.MemorySpace); ok {
			return r.ctx.MemRef(t.Dims, t.Elem, t.Layout, sa)
		}
		return nil
	case *ir.UnrankedMemRefType:
		if sa, ok := r.space(t.MemorySpace); ok {
			return r.ctx.UnrankedMemRef(t.Elem, sa)
		}
		return nil
	case *ir.FunctionType:
		in := make([]ir.Type, len(t.Inputs))
		for i, x := range t.Inputs {
			in[i] = r.typ(x)
		}
		out := make([]ir.Type, len(t.Results))
		for i, x := range t.Results {
			out[i] = r.typ(x)
		}
		return r.ctx.FunctionType(in, out)
	}
	return t
}

// space maps a memory space attribute; storage classes stay as they are.
func (r *spaceMapper) space(a ir.Attribute) (ir.Attribute, bool) {
	if e, ok := a.(*spirv.EnumAttr); ok && e.Kind == spv.KindStorageClass {
		return a, true
	}
	sc, ok := r.m(a)
	if !ok {
		return nil, false
	}
	return spirv.StorageClassAttr(r.ctx, sc), true
}

// attr returns a with the types inside it mapped (a itself if unchanged).
func (r *spaceMapper) attr(a ir.Attribute) ir.Attribute {
	switch a := a.(type) {
	case *ir.TypeAttr:
		if n := r.typ(a.Value); n != a.Value {
			return r.ctx.TypeAttr(n)
		}
	case *ir.ArrayAttr:
		var elems []ir.Attribute // copied at the first change
		for i, e := range a.Elems {
			n := r.attr(e)
			if n != e && elems == nil {
				elems = slices.Clone(a.Elems)
			}
			if elems != nil {
				elems[i] = n
			}
		}
		if elems != nil {
			return r.ctx.ArrayAttr(elems...)
		}
	case *ir.DictionaryAttr:
		var entries []ir.NamedAttr // copied at the first change
		for i, e := range a.Entries {
			n := r.attr(e.Value)
			if n != e.Value && entries == nil {
				entries = slices.Clone(a.Entries)
			}
			if entries != nil {
				entries[i].Value = n
			}
		}
		if entries != nil {
			return r.ctx.DictionaryAttr(entries)
		}
	}
	return a
}
