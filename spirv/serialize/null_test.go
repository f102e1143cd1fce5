package serialize_test

import (
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/spirv/serialize"
	"github.com/kiln-gpu/kiln/spirv/spv"
	"github.com/kiln-gpu/kiln/spirv/validate"
)

// TestConstantNullAggregates reads OpConstantNull of a struct holding an
// array of vectors and a bool as the list of its members' zeros, and
// writes it back as a composite spirv-val accepts.
func TestConstantNullAggregates(t *testing.T) {
	const (
		void, fn, f32, u32, boolT, v2, n4, arr, st, ptr, null, main, label, v = 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14
	)
	words := module(20,
		inst(spv.OpCapability, uint32(spv.CapabilityShader)),
		inst(spv.OpMemoryModel, uint32(spv.AddressingModelLogical), uint32(spv.MemoryModelGLSL450)),
		inst(spv.OpEntryPoint, uint32(spv.ExecutionModelGLCompute), main, 0x6e69616d, 0), // "main"
		inst(spv.OpExecutionMode, main, uint32(spv.ExecutionModeLocalSize), 1, 1, 1),
		inst(spv.OpTypeVoid, void),
		inst(spv.OpTypeFunction, fn, void),
		inst(spv.OpTypeFloat, f32, 32),
		inst(spv.OpTypeInt, u32, 32, 0),
		inst(spv.OpTypeBool, boolT),
		inst(spv.OpTypeVector, v2, f32, 2),
		inst(spv.OpConstant, u32, n4, 4),
		inst(spv.OpTypeArray, arr, v2, n4),
		inst(spv.OpTypeStruct, st, f32, arr, boolT),
		inst(spv.OpTypePointer, ptr, uint32(spv.StorageClassFunction), st),
		inst(spv.OpConstantNull, st, null),
		inst(spv.OpFunction, void, main, 0, fn),
		inst(spv.OpLabel, label),
		inst(spv.OpVariable, ptr, v, uint32(spv.StorageClassFunction), null),
		inst(spv.OpReturn),
		inst(spv.OpFunctionEnd),
	)
	ctx := newContext()
	m, err := serialize.Deserialize(ctx, words, "null.spv")
	if err != nil {
		t.Fatal(err)
	}
	if err := ir.Verify(m); err != nil {
		t.Fatalf("%v\n%s", err, m)
	}
	want := "spirv.Constant [0.000000e+00 : f32, [dense<0.000000e+00> : vector<2xf32>, dense<0.000000e+00> : vector<2xf32>, " +
		"dense<0.000000e+00> : vector<2xf32>, dense<0.000000e+00> : vector<2xf32>], false]"
	if !strings.Contains(m.String(), want) {
		t.Errorf("want %s in\n%s", want, m)
	}
	out, err := serialize.Serialize(m)
	if err != nil {
		t.Fatal(err)
	}
	mustValidate(t, out, validate.Vulkan1_1)
}
