package spirv

import (
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/spirv/spv"
)

func TestEveryOpHasAnInstruction(t *testing.T) {
	for _, d := range Dialect().Ops {
		if _, ok := OpcodeOf(d.Name); ok {
			continue
		}
		if _, _, ok := ExtInstOf(d.Name); ok {
			continue
		}
		if _, special := opcodeExceptions[d.Name]; special {
			continue
		}
		t.Errorf("%s maps to no SPIR-V instruction", d.Name)
	}
	if n, ok := OpNameOf(spv.OpIAdd); !ok || n != "spirv.IAdd" {
		t.Errorf("OpNameOf(OpIAdd) = %q, %v", n, ok)
	}
	if n, ok := ExtInstOpName(spv.ExtGLSLstd450, uint32(spv.GLSLstd450Sqrt)); !ok || n != "spirv.GL.Sqrt" {
		t.Errorf("ExtInstOpName(Sqrt) = %q, %v", n, ok)
	}
	if op, ok := OpcodeOf("spirv.EXT.AtomicFAdd"); !ok || op != spv.OpAtomicFAddEXT {
		t.Errorf("OpcodeOf(spirv.EXT.AtomicFAdd) = %v, %v", op, ok)
	}
	if op, ok := OpcodeOf("spirv.KHR.CooperativeMatrixMulAdd"); !ok || op != spv.OpCooperativeMatrixMulAddKHR {
		t.Errorf("OpcodeOf(spirv.KHR.CooperativeMatrixMulAdd) = %v, %v", op, ok)
	}
}

// A TOSA op needs the graphs it lives in (GraphARM of SPV_ARM_graph), as in MLIR.
func TestTosaAvailability(t *testing.T) {
	g := lastOp(t, `spirv.ARM.Graph @g(%arg0: !spirv.arm.tensor<3x4xi8>) -> !spirv.arm.tensor<3xi32> {
	  %0 = spirv.Tosa.ArgMax axis = 1, nan_mode = <Ignore>, %arg0 : !spirv.arm.tensor<3x4xi8> -> !spirv.arm.tensor<3xi32>
	  spirv.ARM.GraphOutputs %0 : !spirv.arm.tensor<3xi32>
	}`)
	argmax := g.Region(0).Entry().First()
	v13, _ := spv.ParseVersion("1.3")
	caps := []spv.Capability{spv.CapabilityInt8, spv.CapabilityTensorsARM}
	exts := []string{"SPV_ARM_tensors"}
	if err := Availability(argmax).Check(v13, caps, exts); err == nil || !strings.Contains(err.Error(), "TOSA.001000.1 needs extension SPV_ARM_graph") {
		t.Errorf("got %v", err)
	}
	if err := Availability(argmax).Check(v13, append(caps, spv.CapabilityGraphARM), append(exts, "SPV_ARM_graph")); err != nil {
		t.Error(err)
	}
}

// lastOp parses src and returns the last op of the module's body.
func lastOp(t *testing.T, src string) *ir.Operation {
	t.Helper()
	m, err := ir.Parse(newContext(), src, "avail.mlir")
	if err != nil {
		t.Fatal(err)
	}
	return m.Region(0).Entry().Last()
}

func TestAvailability(t *testing.T) {
	v13, _ := spv.ParseVersion("1.3")
	v10, _ := spv.ParseVersion("1.0")
	for _, c := range []struct {
		src     string
		version spv.Version
		caps    []spv.Capability
		exts    []string
		want    string // "" when available
	}{
		{`%a = "test.def"() : () -> i32
		  %r = spirv.IAdd %a, %a : i32`, v10, []spv.Capability{spv.CapabilityShader}, nil, ""},
		{`%a = "test.def"() : () -> i8
		  %r = spirv.IAdd %a, %a : i8`, v10, []spv.Capability{spv.CapabilityShader}, nil, "type i8 needs capability Int8"},
		{`%a = "test.def"() : () -> i1
		  %r = spirv.GroupNonUniformBallot <Subgroup> %a : vector<4xi32>`, v10,
			[]spv.Capability{spv.CapabilityGroupNonUniformBallot}, nil, "needs SPIR-V 1.3"},
		{`%a = "test.def"() : () -> i1
		  %r = spirv.GroupNonUniformBallot <Subgroup> %a : vector<4xi32>`, v13,
			[]spv.Capability{spv.CapabilityShader}, nil, "needs capability GroupNonUniformBallot"},
		{`%p = "test.def"() : () -> !spirv.ptr<f16, StorageBuffer>
		  %r = spirv.Load "StorageBuffer" %p : f16`, v10,
			[]spv.Capability{spv.CapabilityShader, spv.CapabilityFloat16}, nil, "type f16 needs SPIR-V 1.3 or extension SPV_KHR_16bit_storage"},
		{`%p = "test.def"() : () -> !spirv.ptr<f16, StorageBuffer>
		  %r = spirv.Load "StorageBuffer" %p : f16`, v13,
			[]spv.Capability{spv.CapabilityShader, spv.CapabilityFloat16}, nil, "needs capability StorageBuffer16BitAccess"},
		{`%a = "test.def"() : () -> f32
		  %r = spirv.GL.Sqrt %a : f32`, v10, []spv.Capability{spv.CapabilityKernel}, nil, "GLSL.std.450 needs capability Shader"},
		{`%a = "test.def"() : () -> vector<4xi8>
		  %r = spirv.SDot %a, %a : vector<4xi8> -> i32`, v13,
			[]spv.Capability{spv.CapabilityInt8, spv.CapabilityDotProduct, spv.CapabilityDotProductInput4x8Bit},
			[]string{"SPV_KHR_integer_dot_product"}, ""},
		{`%a = "test.def"() : () -> !spirv.arm.tensor<2xi32>
		  %r = spirv.IAdd %a, %a : !spirv.arm.tensor<2xi32>`, v10, []spv.Capability{spv.CapabilityShader}, nil,
			"type !spirv.arm.tensor<2xi32> needs extension SPV_ARM_tensors"},
		{`spirv.ARM.Graph @g(%arg0: !spirv.arm.tensor<3x4xi8>) -> !spirv.arm.tensor<3xi32> {
		    %0 = spirv.Tosa.ArgMax axis = 1, nan_mode = <Ignore>, %arg0 : !spirv.arm.tensor<3x4xi8> -> !spirv.arm.tensor<3xi32>
		    spirv.ARM.GraphOutputs %0 : !spirv.arm.tensor<3xi32>
		  }`, v13, []spv.Capability{spv.CapabilityInt8, spv.CapabilityTensorsARM}, []string{"SPV_ARM_tensors"}, "opcode OpGraphARM needs capability GraphARM"},
		// SPV_EXT_mesh_shader needs SPIR-V 1.4, which only MLIR's op records.
		{`%a = "test.def"() : () -> i32
		  spirv.EXT.SetMeshOutputs %a, %a : i32, i32`, v13,
			[]spv.Capability{spv.CapabilityMeshShadingEXT}, []string{"SPV_EXT_mesh_shader"}, "needs SPIR-V 1.4"},
		{`%a = "test.def"() : () -> i32
		  spirv.EXT.SetMeshOutputs %a, %a : i32, i32`, spv.Version1_4,
			[]spv.Capability{spv.CapabilityMeshShadingEXT}, []string{"SPV_EXT_mesh_shader"}, ""},
	} {
		err := Availability(lastOp(t, c.src)).Check(c.version, c.caps, c.exts)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s: unexpected %v", c.src, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%s: got %v, want %q", c.src, err, c.want)
		}
	}
}
