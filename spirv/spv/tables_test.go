package spv

import (
	"reflect"
	"slices"
	"testing"
)

func TestOpcodes(t *testing.T) {
	if OpLoad != 61 || OpIAdd != 128 || OpExtInst != 12 {
		t.Errorf("OpLoad=%d OpIAdd=%d OpExtInst=%d", OpLoad, OpIAdd, OpExtInst)
	}
	for _, tc := range []struct {
		name string
		want Opcode
	}{{"OpIAdd", OpIAdd}, {"IAdd", OpIAdd}, {"OpSDotKHR", OpSDot}, {"SDotKHR", OpSDot}, {"GroupNonUniformBallot", OpGroupNonUniformBallot}} {
		if got, ok := OpcodeByName(tc.name); !ok || got != tc.want {
			t.Errorf("OpcodeByName(%q) = %v, %v; want %v", tc.name, got, ok, tc.want)
		}
	}
	if _, ok := OpcodeByName("OpNoSuchThing"); ok {
		t.Error("OpcodeByName found OpNoSuchThing")
	}
	if OpSDotKHR != OpSDot || OpSDotKHR.String() != "OpSDot" || Opcode(9999).String() != "Op(9999)" {
		t.Errorf("alias or unknown opcode names: %v %v", OpSDotKHR, Opcode(9999))
	}
	load := OpLoad.Info()
	if load.Name != "OpLoad" || load.Class != "Memory" || load.ResultTypeIndex() != 0 || load.ResultIndex() != 1 {
		t.Errorf("OpLoad: %+v", load)
	}
	if got := load.Operands[3]; got.Kind != KindMemoryAccess || got.Quantifier != Optional {
		t.Errorf("OpLoad operand 3: %+v", got)
	}
	if store := OpStore.Info(); store.ResultIndex() != -1 || store.ResultTypeIndex() != -1 {
		t.Errorf("OpStore has a result")
	}
	if label := OpLabel.Info(); label.ResultIndex() != 0 || label.ResultTypeIndex() != -1 {
		t.Errorf("OpLabel result positions")
	}
}

func TestTablesAreWellFormed(t *testing.T) {
	ops := Opcodes()
	for i := range ops {
		if i > 0 && ops[i-1].Opcode >= ops[i].Opcode {
			t.Fatalf("opcode table not sorted at %s", ops[i].Name)
		}
		if ops[i].Opcode.Info() != &ops[i] {
			t.Fatalf("%s: Info does not find it", ops[i].Name)
		}
		for _, o := range ops[i].Operands {
			if o.Kind == nil {
				t.Fatalf("%s: operand without kind", ops[i].Name)
			}
		}
	}
	for _, k := range OperandKinds() {
		if KindByName(k.Name) != k {
			t.Errorf("KindByName(%q)", k.Name)
		}
		for i, e := range k.Enumerants {
			if i > 0 && k.Enumerants[i-1].Value >= e.Value {
				t.Fatalf("%s enumerants not sorted at %s", k.Name, e.Name)
			}
			if k.Category == CategoryBitEnum && e.Value&(e.Value-1) != 0 {
				t.Errorf("%s.%s = %#x is not a single bit", k.Name, e.Name, e.Value)
			}
			for _, n := range append([]string{e.Name}, e.Aliases...) {
				if k.EnumerantByName(n) != &k.Enumerants[i] {
					t.Errorf("%s.EnumerantByName(%q)", k.Name, n)
				}
			}
		}
	}
}

func TestAvailability(t *testing.T) {
	sdot := OpSDot.Info()
	want := Availability{MinVersion: Version1_6, Capabilities: []Capability{CapabilityDotProduct}, Extensions: []string{"SPV_KHR_integer_dot_product"}}
	if !reflect.DeepEqual(sdot.Availability, want) || !slices.Equal(sdot.Aliases, []string{"OpSDotKHR"}) {
		t.Errorf("OpSDot: %+v", sdot)
	}
	ext := func(name string) bool { return name == "SPV_KHR_integer_dot_product" }
	if sdot.Available(Version1_5, nil) || !sdot.Available(Version1_5, ext) || !sdot.Available(Version1_6, nil) {
		t.Error("OpSDot availability by version and extension")
	}
	weak := OpAtomicCompareExchangeWeak.Info()
	if !weak.InVersion(Version1_3) || weak.InVersion(Version1_4) {
		t.Errorf("OpAtomicCompareExchangeWeak: last version %v", weak.LastVersion)
	}
	sb := StorageClassStorageBuffer.Enumerant()
	if sb.MinVersion != Version1_3 || !slices.Equal(sb.Extensions, []string{"SPV_KHR_storage_buffer_storage_class", "SPV_KHR_variable_pointers"}) ||
		!slices.Equal(sb.Capabilities, []Capability{CapabilityShader}) {
		t.Errorf("StorageBuffer: %+v", sb.Availability)
	}
	rg := ExecutionModelRayGenerationKHR.Enumerant()
	if rg.MinVersion != VersionNone || rg.InVersion(MaxVersion) || rg.Name != "RayGenerationKHR" || !slices.Equal(rg.Aliases, []string{"RayGenerationNV"}) {
		t.Errorf("RayGenerationKHR: %+v", rg)
	}
	if got := CapabilityShader.Implied(); !slices.Equal(got, []Capability{CapabilityMatrix, CapabilityShader}) {
		t.Errorf("Shader implies %v", got)
	}
	if got := CapabilityGroupNonUniformArithmetic.Implied(); !slices.Contains(got, CapabilityGroupNonUniform) {
		t.Errorf("GroupNonUniformArithmetic implies %v", got)
	}
	if got := CapabilityGeometry.ImpliedNearestFirst(); !slices.Equal(got, []Capability{CapabilityShader, CapabilityMatrix}) {
		t.Errorf("Geometry implies, nearest first, %v", got)
	}
}

func TestEnums(t *testing.T) {
	if StorageClassStorageBuffer != 12 || DecorationBinding != 33 || BuiltInGlobalInvocationId != 28 || CapabilityShader != 1 {
		t.Error("enum values")
	}
	if s := StorageClassStorageBuffer.String(); s != "StorageBuffer" {
		t.Errorf("StorageBuffer prints %q", s)
	}
	if p := DecorationBinding.Enumerant().Parameters; len(p) != 1 || p[0].Kind != KindLiteralInteger {
		t.Errorf("Binding parameters %+v", p)
	}
	if s := (MemoryAccessVolatile | MemoryAccessAligned).String(); s != "Volatile|Aligned" {
		t.Errorf("mask prints %q", s)
	}
	for _, tc := range []struct {
		kind *OperandKind
		v    uint32
		s    string
	}{
		{KindMemoryAccess, 0, "None"},
		{KindMemoryAccess, 3, "Volatile|Aligned"},
		{KindMemoryAccess, 0x101, "Volatile|0x100"},
		{KindStorageClass, 12, "StorageBuffer"},
		{KindStorageClass, 999, "999"},
	} {
		if got := tc.kind.Format(tc.v); got != tc.s {
			t.Errorf("%s.Format(%#x) = %q, want %q", tc.kind.Name, tc.v, got, tc.s)
		}
		if got, err := tc.kind.Parse(tc.s); err != nil || got != tc.v {
			t.Errorf("%s.Parse(%q) = %#x, %v", tc.kind.Name, tc.s, got, err)
		}
	}
	if v, err := KindCapability.Parse("StorageUniform16"); err != nil || Capability(v) != CapabilityUniformAndStorageBuffer16BitAccess {
		t.Errorf("alias parse: %v %v", v, err)
	}
	if _, err := KindStorageClass.Parse("Nowhere"); err == nil {
		t.Error("Parse accepted Nowhere")
	}
}

func TestExtInstSets(t *testing.T) {
	glsl := ExtInstSetByName("GLSL.std.450")
	if glsl != ExtGLSLstd450 || GLSLstd450Sqrt != 31 || GLSLstd450Sqrt.String() != "Sqrt" || glsl.InstructionByName("FMix").Number != uint32(GLSLstd450FMix) {
		t.Error("GLSL.std.450")
	}
	if in := GLSLstd450InterpolateAtCentroid.Info(); !slices.Equal(in.Capabilities, []Capability{CapabilityInterpolationFunction}) {
		t.Errorf("InterpolateAtCentroid: %+v", in)
	}
	cl := ExtInstSetByName("OpenCL.std")
	if cl != ExtOpenCLstd || OpenCLstdSAbs.String() != "s_abs" || cl.InstructionByName("vloadn").Operands[2].Kind != KindLiteralInteger {
		t.Error("OpenCL.std")
	}
	tosa := ExtInstSetByName("TOSA.001000.1")
	if tosa != ExtTOSA || TOSACONV2D != 2 || TOSARESCALE.String() != "RESCALE" || len(tosa.InstructionByName("CONV2D").Operands) != 10 {
		t.Error("TOSA.001000.1")
	}
	if ml := ExtInstSetByName("Arm.ExperimentalMLOperations.1"); ml != ExtArmExperimentalML || ml.InstructionByName("CALL").Operands[0].Kind != KindLiteralInteger {
		t.Error("Arm.ExperimentalMLOperations.1")
	}
	if len(ExtInstSets()) != 4 || ExtInstSetByName("NonSemantic.DebugPrintf") != nil {
		t.Error("ExtInstSets")
	}
}

func TestVersionsAndGenerators(t *testing.T) {
	v, err := ParseVersion("1.5")
	if err != nil || v != Version1_5 || v.String() != "1.5" || MakeVersion(1, 3) != Version1_3 || MaxVersion != Version1_6 {
		t.Errorf("versions: %v %v", v, err)
	}
	if _, err := ParseVersion("one"); err == nil {
		t.Error("ParseVersion accepted one")
	}
	if name, ok := GeneratorName(8); !ok || name != "Khronos Glslang Reference Front End" {
		t.Errorf("GeneratorName(8) = %q", name)
	}
	if name, ok := GeneratorName(0); !ok || name != "Khronos" {
		t.Errorf("GeneratorName(0) = %q", name)
	}
	if _, ok := GeneratorName(0xFFFF); ok {
		t.Error("GeneratorName(0xFFFF) found")
	}
}
