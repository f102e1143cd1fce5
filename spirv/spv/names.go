package spv

import (
	"strconv"
	"strings"
)

// namer gives ids the friendly names spirv-dis shows: OpName strings, then
// names of built-in variables, names made from types ("_ptr_Uniform_float")
// and constants ("uint_0"); other ids keep their number. Characters other
// than letters, digits and _ become _, and a name already taken gets a
// suffix _0, _1, ...
type namer struct {
	names map[uint32]string
	used  map[string]bool
}

func friendlyNames(m *Module) map[uint32]string {
	n := namer{names: map[uint32]string{}, used: map[string]bool{}}
	for i := range m.Instructions {
		n.instruction(&m.Instructions[i])
	}
	return n.names
}

func (n *namer) name(id uint32) string {
	if s, ok := n.names[id]; ok {
		return s
	}
	return strconv.FormatUint(uint64(id), 10)
}

func (n *namer) save(id uint32, suggested string) {
	if _, ok := n.names[id]; ok {
		return
	}
	base := sanitize(suggested)
	name := base
	for i := 0; n.used[name]; i++ {
		name = base + "_" + strconv.Itoa(i)
	}
	n.used[name] = true
	n.names[id] = name
}

func sanitize(s string) string {
	if s == "" {
		return "_"
	}
	b := []byte(s)
	for i, c := range b {
		if !(c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9') {
			b[i] = '_'
		}
	}
	return string(b)
}

func (n *namer) instruction(in *Instruction) {
	ops := in.Operands
	id := func(i int) string { return n.name(ops[i].Value()) }
	switch in.Opcode {
	case OpName:
		n.save(ops[0].Value(), ops[1].Str())
	case OpDecorate:
		if Decoration(ops[1].Value()) == DecorationBuiltIn {
			if s, ok := builtInNames[BuiltIn(ops[2].Value())]; ok {
				n.save(ops[0].Value(), s)
			}
		}
	case OpTypeVoid:
		n.save(in.Result, "void")
	case OpTypeBool:
		n.save(in.Result, "bool")
	case OpTypeInt:
		n.save(in.Result, intTypeName(ops[1].Value(), ops[2].Value() != 0))
	case OpTypeFloat:
		n.save(in.Result, floatTypeName(ops[1].Value()))
	case OpTypeVector:
		n.save(in.Result, "v"+strconv.FormatUint(uint64(ops[2].Value()), 10)+id(1))
	case OpTypeMatrix:
		n.save(in.Result, "mat"+strconv.FormatUint(uint64(ops[2].Value()), 10)+id(1))
	case OpTypeArray:
		n.save(in.Result, "_arr_"+id(1)+"_"+id(2))
	case OpTypeRuntimeArray:
		n.save(in.Result, "_runtimearr_"+id(1))
	case OpTypePointer:
		n.save(in.Result, "_ptr_"+KindStorageClass.Format(ops[1].Value())+"_"+id(2))
	case OpTypePipe:
		n.save(in.Result, "Pipe"+KindAccessQualifier.Format(ops[1].Value()))
	case OpTypeEvent, OpTypeDeviceEvent, OpTypeReserveId, OpTypeQueue, OpTypePipeStorage, OpTypeNamedBarrier:
		n.save(in.Result, strings.TrimPrefix(in.Opcode.String(), "OpType"))
	case OpTypeOpaque:
		n.save(in.Result, "Opaque_"+sanitize(ops[1].Str()))
	case OpTypeStruct:
		n.save(in.Result, "_struct_"+strconv.FormatUint(uint64(in.Result), 10))
	case OpConstantTrue:
		n.save(in.Result, "true")
	case OpConstantFalse:
		n.save(in.Result, "false")
	case OpConstant:
		n.save(in.Result, id(0)+"_"+strings.ReplaceAll(formatNumber(ops[2]), "-", "n"))
	default:
		if in.Result != 0 {
			n.save(in.Result, strconv.FormatUint(uint64(in.Result), 10))
		}
	}
}

// intTypeName names integer types as C does: "uint", "long", "char";
// other widths "i24" or "u24".
func intTypeName(width uint32, signed bool) string {
	root := map[uint32]string{8: "char", 16: "short", 32: "int", 64: "long"}[width]
	sign := ""
	if root == "" {
		root, sign = strconv.FormatUint(uint64(width), 10), "i"
	}
	if !signed {
		sign = "u"
	}
	return sign + root
}

// floatTypeName names float types as C does: "half", "float", "double";
// other widths "fp8".
func floatTypeName(width uint32) string {
	if s, ok := map[uint32]string{16: "half", 32: "float", 64: "double"}[width]; ok {
		return s
	}
	return "fp" + strconv.FormatUint(uint64(width), 10)
}

// builtInNames are the names of variables decorated BuiltIn: GLSL's
// spelling where GLSL has the built-in.
var builtInNames = map[BuiltIn]string{
	BuiltInPosition:                  "gl_Position",
	BuiltInPointSize:                 "gl_PointSize",
	BuiltInClipDistance:              "gl_ClipDistance",
	BuiltInCullDistance:              "gl_CullDistance",
	BuiltInVertexId:                  "gl_VertexID",
	BuiltInInstanceId:                "gl_InstanceID",
	BuiltInPrimitiveId:               "gl_PrimitiveID",
	BuiltInInvocationId:              "gl_InvocationID",
	BuiltInLayer:                     "gl_Layer",
	BuiltInViewportIndex:             "gl_ViewportIndex",
	BuiltInTessLevelOuter:            "gl_TessLevelOuter",
	BuiltInTessLevelInner:            "gl_TessLevelInner",
	BuiltInTessCoord:                 "gl_TessCoord",
	BuiltInPatchVertices:             "gl_PatchVertices",
	BuiltInFragCoord:                 "gl_FragCoord",
	BuiltInPointCoord:                "gl_PointCoord",
	BuiltInFrontFacing:               "gl_FrontFacing",
	BuiltInSampleId:                  "gl_SampleID",
	BuiltInSamplePosition:            "gl_SamplePosition",
	BuiltInSampleMask:                "gl_SampleMask",
	BuiltInFragDepth:                 "gl_FragDepth",
	BuiltInHelperInvocation:          "gl_HelperInvocation",
	BuiltInNumWorkgroups:             "gl_NumWorkGroups",
	BuiltInWorkgroupSize:             "gl_WorkGroupSize",
	BuiltInWorkgroupId:               "gl_WorkGroupID",
	BuiltInLocalInvocationId:         "gl_LocalInvocationID",
	BuiltInGlobalInvocationId:        "gl_GlobalInvocationID",
	BuiltInLocalInvocationIndex:      "gl_LocalInvocationIndex",
	BuiltInWorkDim:                   "WorkDim",
	BuiltInGlobalSize:                "GlobalSize",
	BuiltInEnqueuedWorkgroupSize:     "EnqueuedWorkgroupSize",
	BuiltInGlobalOffset:              "GlobalOffset",
	BuiltInGlobalLinearId:            "GlobalLinearId",
	BuiltInSubgroupSize:              "SubgroupSize",
	BuiltInSubgroupMaxSize:           "SubgroupMaxSize",
	BuiltInNumSubgroups:              "NumSubgroups",
	BuiltInNumEnqueuedSubgroups:      "NumEnqueuedSubgroups",
	BuiltInSubgroupId:                "SubgroupId",
	BuiltInSubgroupLocalInvocationId: "SubgroupLocalInvocationId",
	BuiltInVertexIndex:               "gl_VertexIndex",
	BuiltInInstanceIndex:             "gl_InstanceIndex",
	BuiltInSubgroupEqMask:            "SubgroupEqMaskKHR",
	BuiltInSubgroupGeMask:            "SubgroupGeMaskKHR",
	BuiltInSubgroupGtMask:            "SubgroupGtMaskKHR",
	BuiltInSubgroupLeMask:            "SubgroupLeMaskKHR",
	BuiltInSubgroupLtMask:            "SubgroupLtMaskKHR",
}
