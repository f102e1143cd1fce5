package lowering

import (
	"fmt"
	"slices"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/rewrite"
	"github.com/kiln-gpu/kiln/spirv"
	"github.com/kiln-gpu/kiln/spirv/spv"
	"github.com/kiln-gpu/kiln/spirv/transforms"
)

// env is what every pattern of one conversion shares: the target, the
// type converter and the options.
type env struct {
	opts   Options
	full   bool // converting a spirv.module made from a gpu.module
	ctx    *ir.Context
	target *spirv.TargetEnvAttr
	caps   []spv.Capability // the target's capabilities, implied ones included
	tc     *rewrite.TypeConverter
	index  *ir.IntegerType // what index becomes
	i32x3  ir.Type         // vector<3xi32>, the type of the dimension built-ins
	// refused records why a type did not convert (the missing capability),
	// for the diagnostic of the op that uses it.
	refused map[ir.Type]string
	// yields says what the scf.yield ops in converted regions become.
	yields map[*ir.Operation]yieldTarget
	// symbols indexes the symbol tables globals are added to.
	symbols map[*ir.Operation]map[string]*ir.Operation
	// origins lists the source ops converted, in order, in blocks of
	// originBlock.
	origins [][]*ir.Operation
	// keysByDef and availability memoize the target checks of the ops
	// converted (availability.go).
	keysByDef    map[*ir.OpDef][]checked
	availability map[spirv.AvailabilityKey]error
	// emit reports a diagnostic that is not the conversion's error (a
	// pattern's match-failure remark).
	emit func(*ir.Diagnostic)
	// allReduces numbers the workgroup buffers of gpu.all_reduce, per
	// function (so that kernels converted apart get the same names).
	allReduces map[*ir.Operation]int
	// dimAccesses are the accesses noteDims recorded (IndexByDimension).
	dimAccesses []dimAccess
	// Attributes and types that patterns make for most kernels, uniqued
	// once per conversion (uniquing allocates a key and takes the
	// context's lock, which parallel conversions share); see cache.go.
	indexAttrs map[int64]ir.Attribute
	pointers   map[pointerKey]*spirv.PointerType
	builtins   map[builtinKey]*builtinVar
	addresses  map[*ir.Operation]address
	positions  map[int64]*ir.ArrayAttr
	// defaultArgs holds the arg_attrs of kernels that give none.
	defaultArgs map[defaultArgsKey]*ir.ArrayAttr
}

func newEnv(ctx *ir.Context, target *spirv.TargetEnvAttr, o Options) *env {
	e := &env{opts: o, ctx: ctx, target: target, refused: map[ir.Type]string{}, yields: map[*ir.Operation]yieldTarget{}, availability: map[spirv.AvailabilityKey]error{}, keysByDef: map[*ir.OpDef][]checked{},
		symbols: map[*ir.Operation]map[string]*ir.Operation{}, allReduces: map[*ir.Operation]int{},
		indexAttrs: map[int64]ir.Attribute{}, pointers: map[pointerKey]*spirv.PointerType{},
		builtins: map[builtinKey]*builtinVar{}, addresses: map[*ir.Operation]address{}, positions: map[int64]*ir.ArrayAttr{},
		defaultArgs: map[defaultArgsKey]*ir.ArrayAttr{}}
	for _, c := range target.Capabilities() {
		e.caps = append(e.caps, c.Implied()...)
	}
	e.index = ctx.I(32)
	e.i32x3 = ctx.Vector([]int64{3}, ctx.I(32))
	if o.Use64BitIndex && e.has(spv.CapabilityInt64) {
		e.index = ctx.I(64)
	}
	e.tc = rewrite.NewTypeConverter()
	e.tc.AddConversion(func(t ir.Type) []ir.Type {
		if c := e.convert(t); c != nil {
			return []ir.Type{c}
		}
		return nil
	})
	return e
}

func (e *env) has(c spv.Capability) bool { return slices.Contains(e.caps, c) }

// kernel reports an OpenCL-flavoured target (Kernel capability).
func (e *env) kernel() bool { return e.has(spv.CapabilityKernel) }

// refuse records why t cannot be used and returns nil.
func (e *env) refuse(t ir.Type, why string) ir.Type {
	e.refused[t] = why
	return nil
}

// convert is the type conversion (MLIR's SPIRVTypeConverter).
func (e *env) convert(t ir.Type) ir.Type {
	switch t := t.(type) {
	case *ir.IndexType:
		return e.index
	case *ir.IntegerType, *ir.FloatType:
		return e.scalar(t)
	case *ir.VectorType:
		return e.vector(t)
	case *ir.MemRefType:
		return e.memref(t)
	case *ir.RankedTensorType:
		return e.tensor(t)
	case *ir.ComplexType:
		return e.complex(t)
	case *spirv.PointerType, *spirv.ArrayType, *spirv.RuntimeArrayType, *spirv.StructType:
		return t
	}
	return nil
}

// scalar converts an integer or float type used as a value. Integers and
// floats narrower than 32 bits without their capability are computed on
// in 32 bits (the emulation MLIR does by default: f16 in f32, unrounded,
// in place only); wider types without theirs are refused.
func (e *env) scalar(t ir.Type) ir.Type {
	switch t := t.(type) {
	case *ir.IntegerType:
		// Signedness is kept, as in MLIR (emulated types too).
		switch t.Width {
		case 1, 32:
			return t
		case 8:
			return e.narrow(t, spv.CapabilityInt8, e.ctx.IntegerType(32, t.Signedness))
		case 16:
			return e.narrow(t, spv.CapabilityInt16, e.ctx.IntegerType(32, t.Signedness))
		case 64:
			if e.has(spv.CapabilityInt64) {
				return t
			}
			return e.refuse(t, "needs capability Int64")
		}
		if t.Width == 2 || t.Width == 4 {
			// Sub-byte integers have no SPIR-V type at all: computed in 32
			// bits like emulated i8 and i16, whatever the target (MLIR's
			// convertSubByteIntegerType).
			return e.ctx.IntegerType(32, t.Signedness)
		}
		return e.refuse(t, fmt.Sprintf("has a width SPIR-V cannot express (%d bits)", t.Width))
	case *ir.FloatType:
		switch t.Kind {
		case ir.F32:
			return t
		case ir.F16:
			if e.full && !e.has(spv.CapabilityFloat16) {
				// A kernel's f16 data and arguments are 16-bit on the host,
				// and nothing would round its f32 results to f16.
				return e.refuse(t, "needs capability Float16")
			}
			return e.narrow(t, spv.CapabilityFloat16, e.ctx.F32())
		case ir.F64:
			if e.has(spv.CapabilityFloat64) {
				return t
			}
			return e.refuse(t, "needs capability Float64")
		}
		if ir.IntOrFloatBitWidth(t) == 8 && !e.opts.NoFloatEmulation {
			// 8-bit floats are their bits in an i8 (MLIR's
			// emulate-unsupported-float-types): data to load, store and
			// bitcast, not to compute on.
			return e.scalar(e.ctx.I(8))
		}
		return e.refuse(t, "is a float format SPIR-V cannot express")
	}
	return nil
}

// complex converts a complex of floats to a vector of its two parts (MLIR's
// convertComplexType).
func (e *env) complex(t *ir.ComplexType) ir.Type {
	if !ir.IsFloat(t.Elem) {
		return e.refuse(t, "is a complex of integers")
	}
	if elem := e.scalar(t.Elem); elem != nil {
		return e.ctx.Vector([]int64{2}, elem)
	}
	return nil
}

func (e *env) narrow(t ir.Type, c spv.Capability, wide ir.Type) ir.Type {
	if e.has(c) {
		return t
	}
	if e.opts.NoEmulation {
		return e.refuse(t, "needs capability "+c.String())
	}
	return wide
}

// vector converts vectors of 2, 3, 4 (8 and 16 with Vector16) elements;
// one-element vectors become scalars, as in MLIR.
func (e *env) vector(t *ir.VectorType) ir.Type {
	var elem ir.Type = e.index
	if _, isIndex := t.Elem.(*ir.IndexType); !isIndex {
		elem = e.scalar(t.Elem)
	}
	if elem == nil || len(t.Dims) != 1 && !(len(t.Dims) == 0) {
		if elem != nil {
			return e.refuse(t, "has more than one dimension (unroll it with vector/transforms first)")
		}
		return nil
	}
	n := ir.NumElements(t)
	switch {
	case n == 1:
		return elem
	case n >= 2 && n <= 4:
	case (n == 8 || n == 16) && e.has(spv.CapabilityVector16):
	case n == 8 || n == 16:
		return e.refuse(t, "needs capability Vector16")
	default:
		return e.refuse(t, fmt.Sprintf("has %d elements; SPIR-V vectors have 2, 3, 4, 8 or 16", n))
	}
	return e.ctx.Vector([]int64{n}, elem)
}

// tensor converts a static tensor of scalars to an array of its elements
// (MLIR's convertTensorType).
func (e *env) tensor(t *ir.RankedTensorType) ir.Type {
	n := ir.NumElements(t)
	if !ir.HasStaticShape(t) || n <= 0 {
		return nil
	}
	elem := e.scalar(t.Elem)
	if elem == nil {
		return nil
	}
	return spirv.Array(e.ctx, elem, n, 0)
}

// storageClass maps a memref memory space to a storage class with
// map-memref-spirv-storage-class's Vulkan or OpenCL map (MLIR's): none and
// global are storage buffers (CrossWorkgroup on Kernel targets). With StorageClassesOnly only
// #spirv.storage_class spaces map, as in MLIR's passes that leave the
// mapping to map-memref-spirv-storage-class.
func (e *env) storageClass(ms ir.Attribute) (spv.StorageClass, bool) {
	if a, ok := ms.(*spirv.EnumAttr); ok && a.Kind == spv.KindStorageClass {
		return spv.StorageClass(a.Value), true
	}
	switch {
	case e.opts.StorageClassesOnly:
		return 0, false
	case e.kernel():
		return transforms.OpenCLStorageClass(ms)
	}
	return transforms.VulkanStorageClass(ms)
}

// explicitLayout reports storage classes whose arrays and structs carry
// strides and offsets.
func explicitLayout(sc spv.StorageClass) bool {
	switch sc {
	case spv.StorageClassStorageBuffer, spv.StorageClassUniform, spv.StorageClassPushConstant,
		spv.StorageClassPhysicalStorageBuffer:
		return true
	}
	return false
}

// storageElem returns the element type memory of class sc holds for a
// memref of elem, and whether it is emulated by packing into i32.
func (e *env) storageElem(elem ir.Type, sc spv.StorageClass) (ir.Type, bool, string) {
	if _, ok := elem.(*ir.IndexType); ok {
		return e.index, false, "" // MLIR's convertIndexElementType
	}
	it, isInt := elem.(*ir.IntegerType)
	if isInt && it.Width == 1 {
		if n := e.opts.BoolNumBits; n != 0 && n != 8 {
			return nil, false, fmt.Sprintf("holds bools, which are stored in 8 bits only (bool-num-bits=%d)", n)
		}
		it = e.ctx.I(8) // i1 is not a storable type: keep bools as bytes
		elem = it
	}
	bits := ir.IntOrFloatBitWidth(elem)
	if isInt && (bits == 2 || bits == 4) {
		// Sub-byte integers are packed into words whatever the target
		// (MLIR's convertSubByteMemrefType); their values do not convert.
		if e.opts.NoEmulation {
			return nil, false, fmt.Sprintf("holds %s, which only packed emulation can store", ir.TypeString(elem))
		}
		return e.ctx.IntegerType(32, it.Signedness), true, ""
	}
	if bits >= 32 || bits == 0 {
		c := e.scalar(elem)
		if c == nil {
			return nil, false, e.refused[elem]
		}
		return c, false, ""
	}
	// 8- and 16-bit data: as they are with the capability (and extension)
	// the class needs for them, else packed into 32-bit words (MLIR's
	// convertScalarType with a storage class).
	if why := e.storable(elem, bits, sc); why == "" {
		return elem, false, ""
	} else if e.opts.NoEmulation {
		return nil, false, why
	}
	if isInt {
		return e.ctx.IntegerType(32, it.Signedness), true, ""
	}
	return e.ctx.F32(), true, ""
}

// storable says what 8- or 16-bit type elem needs to be held in memory of
// class sc ("" when the target has it): in the interface classes their
// storage capability and extension (MLIR's ScalarType::getCapabilities
// and getExtensions with a storage class), elsewhere the arithmetic one.
func (e *env) storable(elem ir.Type, bits int, sc spv.StorageClass) string {
	var cap8, cap16 spv.Capability
	switch sc {
	case spv.StorageClassStorageBuffer:
		cap8, cap16 = spv.CapabilityStorageBuffer8BitAccess, spv.CapabilityStorageBuffer16BitAccess
	case spv.StorageClassUniform:
		cap8, cap16 = spv.CapabilityUniformAndStorageBuffer8BitAccess, spv.CapabilityStorageUniform16
	case spv.StorageClassPushConstant:
		cap8, cap16 = spv.CapabilityStoragePushConstant8, spv.CapabilityStoragePushConstant16
	case spv.StorageClassInput, spv.StorageClassOutput:
		if bits == 16 {
			cap16 = spv.CapabilityStorageInputOutput16
		}
	}
	c, ext := cap8, "SPV_KHR_8bit_storage"
	if bits == 16 {
		c, ext = cap16, "SPV_KHR_16bit_storage"
	}
	if c == 0 {
		if e.scalar(elem) == elem {
			return ""
		}
		c = map[int]spv.Capability{8: spv.CapabilityInt8, 16: spv.CapabilityInt16}[bits]
		if ir.IsFloat(elem) {
			c = spv.CapabilityFloat16
		}
		return fmt.Sprintf("needs capability %s for %s", c, ir.TypeString(elem))
	}
	if e.has(c) && slices.Contains(e.target.Extensions(), ext) {
		return ""
	}
	return fmt.Sprintf("needs capability %s and extension %s for %s in %s memory", c, ext, ir.TypeString(elem), sc)
}

// memref converts a memref to a pointer to a struct holding an array of
// its elements (a runtime array for dynamic shapes); on Kernel targets, to
// a pointer to the array (to the first element for dynamic shapes).
func (e *env) memref(t *ir.MemRefType) ir.Type {
	sc, ok := e.storageClass(t.MemorySpace)
	if !ok {
		return e.refuse(t, "has a memory space with no SPIR-V storage class")
	}
	if _, _, ok := t.StridesAndOffset(); !ok {
		return e.refuse(t, "has a layout that is not strided")
	}
	if _, isIndex := t.Elem.(*ir.IndexType); isIndex && e.full {
		// Host index elements are 8 bytes, the device's index may be 4:
		// kernels take index data only in place (MLIR's conversions).
		return e.refuse(t, "holds index elements, whose width differs between host and device")
	}
	scalarElem := ir.ElementTypeOrSelf(t.Elem)
	ct, isComplex := t.Elem.(*ir.ComplexType)
	if isComplex {
		scalarElem = ct.Elem
	}
	if ir.IsFloat(scalarElem) && ir.IntOrFloatBitWidth(scalarElem) == 8 && !e.opts.NoFloatEmulation {
		scalarElem = e.ctx.I(8) // an 8-bit float is stored as its bits
	}
	elem, packed, why := e.storageElem(scalarElem, sc)
	if elem == nil {
		if why == "" {
			why = "has an element type SPIR-V cannot express"
		}
		return e.refuse(t, why)
	}
	if vt, ok := t.Elem.(*ir.VectorType); ok {
		if elem = e.vector(vt); elem == nil || packed {
			return e.refuse(t, "has a vector element type SPIR-V cannot express")
		}
	}
	if isComplex {
		if elem = e.complex(ct); elem == nil || packed {
			return e.refuse(t, "has a complex element type SPIR-V cannot express")
		}
	}
	size, _ := spirv.SizeInBytes(elem)
	var stride int64
	layout := explicitLayout(sc)
	if layout {
		stride = size
	}
	var arr ir.Type
	n, ok := memrefSpan(t)
	if ok && packed {
		bits := ir.IntOrFloatBitWidth(t.Elem)
		if bits == 1 {
			bits = 8 // bools are stored as bytes
		}
		per := 32 / int64(bits)
		n = (n + per - 1) / per
	}
	if ok && n > 0 {
		arr = spirv.Array(e.ctx, elem, n, stride)
	} else if e.kernel() {
		if ok {
			return e.refuse(t, "has no elements") // as in MLIR
		}
		// OpenCL's dynamic buffers are pointers to their first element.
		return spirv.Pointer(e.ctx, elem, sc)
	} else {
		// Vulkan holds runtime arrays in storage buffers only; in place
		// (MLIR's per-dialect passes) any class gets one, as in MLIR.
		if e.full && sc != spv.StorageClassStorageBuffer && sc != spv.StorageClassPhysicalStorageBuffer {
			return e.refuse(t, fmt.Sprintf("has a dynamic shape, which %s memory cannot hold", sc))
		}
		arr = spirv.RuntimeArray(e.ctx, elem, stride)
	}
	if e.kernel() {
		// OpenCL needs no Block struct around buffers (MLIR's
		// convertMemrefType).
		return spirv.Pointer(e.ctx, arr, sc)
	}
	var offsets []int64
	if layout {
		offsets = []int64{0}
	}
	return spirv.Pointer(e.ctx, spirv.Struct(e.ctx, []ir.Type{arr}, offsets, nil), sc)
}

// memrefSpan returns the number of elements a static memref's storage
// spans (offset + the extent its strides reach).
func memrefSpan(t *ir.MemRefType) (int64, bool) {
	strides, offset, ok := t.StridesAndOffset()
	if !ok || !ir.HasStaticShape(t) || offset < 0 {
		return 0, false
	}
	span := int64(1)
	for i, d := range t.Dims {
		if d == 0 {
			return 0, true
		}
		if strides[i] < 0 {
			return 0, false
		}
		span += (d - 1) * strides[i]
	}
	return span + offset, true
}

// whyRefused explains why one of ts does not convert, or "".
func (e *env) whyRefused(ts []ir.Type) string {
	for _, t := range ts {
		if e.tc.ConvertType(t) != nil {
			continue
		}
		if why := e.refused[t]; why != "" {
			return fmt.Sprintf("type %s %s", ir.TypeString(t), why)
		}
		if vt, ok := t.(*ir.VectorType); ok {
			if why := e.refused[vt.Elem]; why != "" {
				return fmt.Sprintf("type %s %s", ir.TypeString(vt.Elem), why)
			}
		}
	}
	return ""
}
