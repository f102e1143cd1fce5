package spirv

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/spirv/spv"
)

// Ops map to SPIR-V instructions by name: spirv.IAdd is OpIAdd,
// spirv.GL.Sqrt is GLSL.std.450 Sqrt, spirv.CL.exp is OpenCL.std exp;
// the few exceptions are listed here. What an op needs (version,
// capabilities, extensions) then comes from spv's tables for that
// instruction, plus the types and enum attributes the op uses.

// opcodeExceptions are the ops whose opcode is not "Op" + their name.
var opcodeExceptions = map[string]spv.Opcode{
	"spirv.func":                  spv.OpFunction,
	"spirv.GlobalVariable":        spv.OpVariable,
	"spirv.Constant":              spv.OpConstant,
	"spirv.SpecConstantOperation": spv.OpSpecConstantOp,
	"spirv.mlir.addressof":        0, // no instruction: a use of the variable's id
	"spirv.mlir.referenceof":      0,
	"spirv.mlir.selection":        spv.OpSelectionMerge,
	"spirv.mlir.loop":             spv.OpLoopMerge,
	"spirv.mlir.merge":            0,
	"spirv.mlir.yield":            0,
	"spirv.module":                spv.OpMemoryModel,
	// One OpGraphSetOutputARM per value, then OpGraphEndARM.
	"spirv.ARM.GraphOutputs": spv.OpGraphSetOutputARM,
}

// OpcodeOf returns the core instruction that op name serializes to; ok is
// false for ops without one (spirv.mlir.addressof, extended instructions).
func OpcodeOf(name string) (op spv.Opcode, ok bool) {
	if op, ok := opcodesByName()[name]; ok {
		return op, op != 0
	}
	return opcodeOf(name)
}

// opcodesByName memoizes opcodeOf for the dialect's ops: the serializer
// and the availability checks look an op's opcode up for every op.
var opcodesByName = sync.OnceValue(func() map[string]spv.Opcode {
	m := map[string]spv.Opcode{}
	for _, d := range dialect.Ops {
		op, _ := opcodeOf(d.Name)
		m[d.Name] = op
	}
	return m
})

func opcodeOf(name string) (op spv.Opcode, ok bool) {
	if op, ok := opcodeExceptions[name]; ok {
		return op, op != 0
	}
	rest, ok := strings.CutPrefix(name, "spirv.")
	if !ok || strings.HasPrefix(rest, "GL.") || strings.HasPrefix(rest, "CL.") {
		return 0, false
	}
	if vendor, op, found := strings.Cut(rest, "."); found {
		rest = op + vendor // spirv.KHR.X is OpXKHR
	}
	return spv.OpcodeByName("Op" + rest)
}

// ExtInstOf returns the extended instruction set and number of a
// spirv.GL.* or spirv.CL.* op.
func ExtInstOf(name string) (*spv.ExtInstSet, *spv.ExtInstInfo, bool) {
	var set *spv.ExtInstSet
	rest, ok := strings.CutPrefix(name, "spirv.GL.")
	if ok {
		set = spv.ExtGLSLstd450
	} else if rest, ok = strings.CutPrefix(name, "spirv.CL."); ok {
		set = spv.ExtOpenCLstd
	} else {
		return armExtInstOf(name)
	}
	info := set.InstructionByName(rest)
	return set, info, info != nil
}

// opNamesByOpcode is the reverse of OpcodeOf for ops named after their
// opcode, for the deserializer.
var opNamesByOpcode = sync.OnceValue(func() map[spv.Opcode]string {
	m := map[spv.Opcode]string{}
	for _, d := range dialect.Ops {
		if _, special := opcodeExceptions[d.Name]; special {
			continue
		}
		if op, ok := opcodeOf(d.Name); ok {
			m[op] = d.Name
		}
	}
	return m
})

// OpNameOf returns the op named after a core opcode (OpIAdd: spirv.IAdd).
// Structural instructions (OpVariable, OpConstant, OpFunction, ...) are
// left to the deserializer.
func OpNameOf(op spv.Opcode) (string, bool) {
	n, ok := opNamesByOpcode()[op]
	return n, ok
}

// ExtInstOpName returns the op of an extended instruction (GLSL.std.450
// Sqrt: spirv.GL.Sqrt) if the dialect defines one.
func ExtInstOpName(set *spv.ExtInstSet, n uint32) (string, bool) {
	info := set.Instruction(n)
	if info == nil {
		return "", false
	}
	if set == spv.ExtTOSA || set == spv.ExtArmExperimentalML {
		return armExtInstOpName(set, info)
	}
	prefix := "spirv.GL."
	if set == spv.ExtOpenCLstd {
		prefix = "spirv.CL."
	}
	name := prefix + info.Name
	for _, d := range dialect.Ops {
		if d.Name == name {
			return name, true
		}
	}
	return "", false
}

// Requirement is one thing an op needs, with what needs it ("opcode
// OpGroupNonUniformBallot", "type i8", "StorageClass StorageBuffer").
// Its Availability reads as in spv: a version from MinVersion on, or one of
// the Extensions; and, when Capabilities is not empty, one of them.
type Requirement struct {
	What string
	spv.Availability
}

// Requirements lists everything an op needs; all must hold.
type Requirements []Requirement

// Availability returns what op needs: its instruction's availability from
// spv's tables, that of the enum values it uses, and the capabilities its
// types need (i8: Int8, f16: Float16, 16-bit values in storage buffers:
// StorageBuffer16BitAccess, ...).
func Availability(op *ir.Operation) Requirements {
	var rs Requirements
	name := op.Name()
	if code, ok := OpcodeOf(name); ok {
		if info := code.Info(); info != nil {
			rs.add("opcode "+info.Name, info.Availability)
		}
	} else if set, info, ok := ExtInstOf(name); ok {
		switch set {
		case spv.ExtGLSLstd450:
			rs.add(set.Name, spv.Availability{Capabilities: []spv.Capability{spv.CapabilityShader}})
		case spv.ExtOpenCLstd:
			rs.add(set.Name, spv.Availability{Capabilities: []spv.Capability{spv.CapabilityKernel}})
		case spv.ExtTOSA: // MLIR's TOSA ops need the graphs they live in
			rs.addCap(set.Name, spv.CapabilityGraphARM)
		}
		rs.add(set.Name+" "+info.Name, info.Availability)
	}
	if v, ok := opMinVersion[name]; ok {
		rs.add("op "+name, spv.Availability{MinVersion: v})
	}
	if name == "spirv.Select" && op.NumOperands() == 3 && isBool(op.Operand(0).Type()) && !isScalar(op.Result(0).Type()) {
		// A scalar condition choosing whole composites: SPIR-V 1.4 (before,
		// results are only computed per component; MLIR PR 72173).
		rs.add("op spirv.Select with a scalar condition on "+ir.TypeString(op.Result(0).Type()), spv.Availability{MinVersion: spv.Version1_4})
	}
	for _, a := range op.Attrs() {
		switch v := a.Value.(type) {
		case *EnumAttr:
			rs.addEnum(v.Kind, v.Value)
		case *ir.TypeAttr:
			rs.addType(v.Value, nil, nil)
		case *ir.StringAttr:
			if a.Name == "built_in" {
				if e := spv.KindBuiltIn.EnumerantByName(v.Value); e != nil {
					rs.add("BuiltIn "+e.Name, e.Availability)
				}
			}
		}
	}
	for _, v := range op.Operands() {
		rs.addType(v.Type(), nil, nil)
	}
	for _, v := range op.Results() {
		rs.addType(v.Type(), nil, nil)
	}
	return rs.dedup()
}

// opMinVersion holds the versions MLIR's op definitions require where the
// grammar records none: SPV_EXT_mesh_shader needs SPIR-V 1.4.
var opMinVersion = map[string]spv.Version{
	"spirv.EXT.EmitMeshTasks": spv.Version1_4, "spirv.EXT.SetMeshOutputs": spv.Version1_4,
}

func (rs *Requirements) add(what string, a spv.Availability) {
	if a.MinVersion == 0 && a.LastVersion == 0 && len(a.Capabilities) == 0 && len(a.Extensions) == 0 {
		return
	}
	*rs = append(*rs, Requirement{what, a})
}

// addEnum adds the availability of an enum value (each bit of a bit enum).
func (rs *Requirements) addEnum(k *spv.OperandKind, v uint32) {
	vals := []uint32{v}
	if k.Category == spv.CategoryBitEnum {
		vals = nil
		for bit := uint32(1); bit != 0; bit <<= 1 {
			if v&bit != 0 {
				vals = append(vals, bit)
			}
		}
	}
	for _, x := range vals {
		if e := k.Enumerant(x); e != nil {
			a := e.Availability
			if k == spv.KindCapability {
				a.Capabilities = nil // these are implied capabilities, not requirements
			}
			if caps, ok := mlirDimCaps[x]; ok && k == spv.KindDim {
				a.Capabilities = caps
			}
			rs.add(k.Name+" "+e.Name, a)
		}
	}
}

// mlirDimCaps are the capabilities MLIR's SPIRVBase.td lists for the
// image dimensions, from an older grammar than spv's: each capability that
// brings the dimension, the image ones first, so spirv-update-vce chooses
// ImageBuffer for a Buffer image where the target has it, as MLIR does.
var mlirDimCaps = map[uint32][]spv.Capability{
	uint32(spv.Dim1D):     {spv.CapabilityImage1D, spv.CapabilitySampled1D},
	uint32(spv.Dim2D):     {spv.CapabilityImageMSArray, spv.CapabilityKernel, spv.CapabilityShader},
	uint32(spv.DimCube):   {spv.CapabilityImageCubeArray, spv.CapabilityShader},
	uint32(spv.DimRect):   {spv.CapabilityImageRect, spv.CapabilitySampledRect},
	uint32(spv.DimBuffer): {spv.CapabilityImageBuffer, spv.CapabilitySampledBuffer},
}

// addCap requires capability c, which must itself be available.
func (rs *Requirements) addCap(what string, c spv.Capability) {
	a := spv.Availability{Capabilities: []spv.Capability{c}}
	if e := c.Enumerant(); e != nil {
		a.MinVersion, a.LastVersion, a.Extensions = e.MinVersion, e.LastVersion, e.Extensions
	}
	rs.add(what, a)
}

// addType adds what type t needs, in the order of MLIR's type visitors
// (a composite's element types before its own needs; the order matters to
// spirv-update-vce's output); sc is the storage class of the pointer t is
// reached through (nil outside pointers), late what that pointer adds after
// its storage class.
func (rs *Requirements) addType(t ir.Type, sc *spv.StorageClass, late *Requirements) {
	what := "type " + typeString(t)
	switch t := t.(type) {
	case *ir.IntegerType:
		switch t.Width {
		case 8:
			rs.addCap(what, narrowCap(sc, 8, spv.CapabilityInt8))
		case 16:
			rs.addCap(what, narrowCap(sc, 16, spv.CapabilityInt16))
		case 64:
			rs.addCap(what, spv.CapabilityInt64)
		}
	case *ir.FloatType:
		switch t.Kind {
		case ir.F16:
			rs.addCap(what, narrowCap(sc, 16, spv.CapabilityFloat16))
		case ir.F64:
			rs.addCap(what, spv.CapabilityFloat64)
		case ir.BF16:
			c := narrowCap(sc, 16, spv.CapabilityBFloat16TypeKHR)
			if c == spv.CapabilityBFloat16TypeKHR {
				rs.addCap(what, c)
				break
			}
			// In a buffer MLIR asks for SPV_KHR_bfloat16 and the 16-bit
			// access, and BFloat16TypeKHR only for the values loaded;
			// Kiln asks for it here as well (a module that only declares
			// such a buffer needs it), after the pointer, where MLIR's
			// walk meets the loaded value.
			ext := spv.CapabilityBFloat16TypeKHR.Enumerant().Availability
			ext.Capabilities = nil
			rs.add(what, ext)
			rs.addCap(what, c)
			late.addCap(what, spv.CapabilityBFloat16TypeKHR)
		}
	case *ir.VectorType:
		rs.addType(t.Elem, sc, late)
		if n := numElements(t); n > 4 {
			rs.addCap(what, spv.CapabilityVector16)
		}
	case *PointerType:
		s := t.StorageClass
		var after Requirements
		rs.addType(t.Pointee, &s, &after)
		rs.addEnum(spv.KindStorageClass, uint32(t.StorageClass))
		*rs = append(*rs, after...)
	case *ArrayType:
		rs.addType(t.Elem, sc, late)
	case *RuntimeArrayType:
		rs.addType(t.Elem, sc, late)
		rs.addCap(what, spv.CapabilityShader)
	case *StructType:
		if !t.IsIdentified() {
			for _, m := range t.Members() {
				rs.addType(m, sc, late)
			}
		}
		for _, d := range t.Decorations() {
			rs.addEnum(spv.KindDecoration, uint32(d.Decoration))
		}
	case *MatrixType:
		rs.addType(t.Column, sc, late)
		rs.addCap(what, spv.CapabilityMatrix)
	case *CoopMatrixType:
		rs.addType(t.Elem, sc, late)
		rs.addCap(what, spv.CapabilityCooperativeMatrixKHR)
	case *NVCoopMatrixType:
		rs.addType(t.Elem, sc, late)
		rs.addCap(what, spv.CapabilityCooperativeMatrixNV)
	case *JointMatrixType:
		rs.addType(t.Elem, sc, late)
		rs.addCap(what, spv.CapabilityJointMatrixINTEL)
	case *ImageType:
		rs.addEnum(spv.KindDim, uint32(t.Dim))
		rs.addEnum(spv.KindImageFormat, uint32(t.Format))
		rs.addType(t.Elem, sc, late)
	case *SampledImageType:
		rs.addType(t.Image, sc, late)
	case *TensorArmType:
		rs.addType(t.Elem, sc, late)
		rs.addCap(what, spv.CapabilityTensorsARM)
	}
}

// narrowCap returns the capability an 8- or 16-bit value needs: a storage
// capability inside buffers, push constants or interface variables, else
// the arithmetic capability (MLIR's ScalarType::getCapabilities).
func narrowCap(sc *spv.StorageClass, bits int, arith spv.Capability) spv.Capability {
	if sc == nil {
		return arith
	}
	type key struct {
		sc   spv.StorageClass
		bits int
	}
	caps := map[key]spv.Capability{
		{spv.StorageClassStorageBuffer, 8}:          spv.CapabilityStorageBuffer8BitAccess,
		{spv.StorageClassPhysicalStorageBuffer, 8}:  spv.CapabilityStorageBuffer8BitAccess,
		{spv.StorageClassUniform, 8}:                spv.CapabilityUniformAndStorageBuffer8BitAccess,
		{spv.StorageClassPushConstant, 8}:           spv.CapabilityStoragePushConstant8,
		{spv.StorageClassStorageBuffer, 16}:         spv.CapabilityStorageBuffer16BitAccess,
		{spv.StorageClassPhysicalStorageBuffer, 16}: spv.CapabilityStorageBuffer16BitAccess,
		{spv.StorageClassUniform, 16}:               spv.CapabilityUniformAndStorageBuffer16BitAccess,
		{spv.StorageClassPushConstant, 16}:          spv.CapabilityStoragePushConstant16,
		{spv.StorageClassInput, 16}:                 spv.CapabilityStorageInputOutput16,
		{spv.StorageClassOutput, 16}:                spv.CapabilityStorageInputOutput16,
	}
	if c, ok := caps[key{*sc, bits}]; ok {
		return c
	}
	return arith
}

// dedup drops repeated requirements, keeping the first.
func (rs Requirements) dedup() Requirements {
	var out Requirements
	seen := map[string]bool{}
	for _, r := range rs {
		k := fmt.Sprint(r.What, r.Availability)
		if !seen[k] {
			seen[k] = true
			out = append(out, r)
		}
	}
	return out
}

// Check reports the first requirement that a module of version v with the
// given capabilities (implied ones included) and extensions does not meet.
func (rs Requirements) Check(v spv.Version, caps []spv.Capability, exts []string) error {
	var all []spv.Capability
	for _, c := range caps {
		all = append(all, c.Implied()...)
	}
	hasExt := func(e string) bool { return slices.Contains(exts, e) }
	for _, r := range rs {
		// An instruction in no core version and with no extension of its
		// own (OpGroupFMulKHR) comes with its capability's extension.
		viaCapability := r.MinVersion == spv.VersionNone && len(r.Extensions) == 0 && len(r.Capabilities) > 0
		if (r.MinVersion != 0 || r.LastVersion != 0 || len(r.Extensions) > 0) && !viaCapability {
			if !r.Available(v, hasExt) {
				return fmt.Errorf("%s needs %s", r.What, describeVersion(r.Availability))
			}
		}
		if len(r.Capabilities) > 0 && !slices.ContainsFunc(r.Capabilities, func(c spv.Capability) bool { return slices.Contains(all, c) }) {
			names := make([]string, len(r.Capabilities))
			for i, c := range r.Capabilities {
				names[i] = EnumName(spv.KindCapability, uint32(c))
			}
			return fmt.Errorf("%s needs capability %s", r.What, strings.Join(names, " or "))
		}
	}
	return nil
}

func describeVersion(a spv.Availability) string {
	var parts []string
	if a.MinVersion != 0 && a.MinVersion != spv.VersionNone {
		parts = append(parts, "SPIR-V "+a.MinVersion.String())
	}
	if len(a.Extensions) > 0 {
		parts = append(parts, "extension "+strings.Join(a.Extensions, " or "))
	}
	if len(parts) == 0 && a.LastVersion != 0 {
		return "SPIR-V at most " + a.LastVersion.String()
	}
	return strings.Join(parts, " or ")
}
