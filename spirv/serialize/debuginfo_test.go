package serialize_test

import (
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/spirv/serialize"
	"github.com/kiln-gpu/kiln/spirv/spv"
)

const debugModule = `spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader], [SPV_KHR_non_semantic_info]> {
  spirv.GlobalVariable @v : !spirv.ptr<i32, Private>
  spirv.func @f(%c: i1, %x: i32) -> i32 "None" {
    %y = spirv.IAdd %x, %x : i32
    spirv.mlir.loop {
      spirv.Branch ^header
    ^header:
      spirv.BranchConditional %c, ^body, ^merge
    ^body:
      spirv.Branch ^continue
    ^continue:
      spirv.Branch ^header
    ^merge:
      spirv.mlir.merge
    }
    spirv.ReturnValue %y : i32
  }
}
`

// With EmitDebugInfo the ops' file locations survive a round trip as
// OpString and OpLine; a construct's ops, as in MLIR, take the line of its
// merge instruction.
func TestDebugInfoRoundTrip(t *testing.T) {
	ctx := newContext()
	top, err := ir.Parse(ctx, debugModule, "in.mlir")
	if err != nil {
		t.Fatal(err)
	}
	words, err := serialize.SerializeWith(firstModule(t, top), serialize.Options{EmitDebugInfo: true})
	if err != nil {
		t.Fatal(err)
	}
	dis, err := spv.Disassemble(words, spv.DisasmOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(dis, `OpString "in.mlir"`) || !strings.Contains(dis, "OpLine %1 4 10") {
		t.Errorf("no OpString or OpLine:\n%s", dis)
	}
	back, err := serialize.Deserialize(newContext(), words, "in.spv")
	if err != nil {
		t.Fatal(err)
	}
	got := map[string][]string{}
	back.Walk(func(op *ir.Operation) bool {
		if f, ok := op.Loc().(*ir.FileLineColLoc); ok {
			got[op.Name()] = append(got[op.Name()], ir.LocPrefix(f))
		}
		return true
	})
	for name, want := range map[string]string{
		"spirv.GlobalVariable":    "in.mlir:2:3: ",
		"spirv.IAdd":              "in.mlir:4:10: ",
		"spirv.mlir.loop":         "in.mlir:5:5: ",
		"spirv.BranchConditional": "in.mlir:5:5: ", // right after the merge instruction
		"spirv.mlir.merge":        "in.mlir:5:5: ",
		"spirv.ReturnValue":       "in.mlir:16:5: ",
	} {
		if len(got[name]) == 0 || got[name][0] != want {
			t.Errorf("%s at %q, want %q", name, got[name], want)
		}
	}
	if s := strings.Join(got["spirv.Branch"], ""); !strings.Contains(s, "in.mlir:5:5: ") || !strings.Contains(s, "in.mlir:10:7: ") {
		t.Errorf("spirv.Branch at %q, want the loop's entry branch at 5:5 and the continue branch at 10:7", s)
	}
}

// OpLine needs SPV_KHR_non_semantic_info: from the vce triple, or else
// from the target environment, which then adds it to the module.
func TestDebugInfoExtension(t *testing.T) {
	for _, tc := range []struct{ name, src, want string }{
		{"not available", `spirv.module Logical GLSL450 requires #spirv.vce<v1.3, [Shader], []> {
}`, "in.mlir:1:1: error: 'spirv.module' op SPV_KHR_non_semantic_info extension not available"},
		{"from the target environment", `spirv.module Logical GLSL450 requires #spirv.vce<v1.3, [Shader], []> attributes {
  spirv.target_env = #spirv.target_env<#spirv.vce<v1.3, [Shader], [SPV_KHR_non_semantic_info]>, #spirv.resource_limits<>>} {
}`, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			top, err := ir.Parse(newContext(), tc.src, "in.mlir")
			if err != nil {
				t.Fatal(err)
			}
			words, err := serialize.SerializeWith(firstModule(t, top), serialize.Options{EmitDebugInfo: true})
			if tc.want != "" {
				if err == nil || !strings.Contains(err.Error(), tc.want) {
					t.Errorf("error %v, want %q", err, tc.want)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if dis, _ := spv.Disassemble(words, spv.DisasmOptions{}); !strings.Contains(dis, `OpExtension "SPV_KHR_non_semantic_info"`) {
				t.Errorf("no OpExtension:\n%s", dis)
			}
		})
	}
}

const graphDebugModule = `spirv.module Logical Vulkan requires #spirv.vce<v1.6, [VulkanMemoryModel, Shader, Int8, TensorsARM, GraphARM], [SPV_ARM_tensors, SPV_ARM_graph, SPV_KHR_non_semantic_info]> {
  spirv.ARM.Graph @g(%a: !spirv.arm.tensor<2x3x4x5xi32> loc("in_0"), %b: !spirv.arm.tensor<2xi32>) -> (!spirv.arm.tensor<2xi32>) {
    %0 = spirv.Tosa.ArgMax axis = 3, nan_mode = <Ignore>, %a : !spirv.arm.tensor<2x3x4x5xi32> -> !spirv.arm.tensor<2x3x4xi32> loc("max")
    %1 = spirv.Tosa.ArgMax axis = 2, nan_mode = <Ignore>, %0 : !spirv.arm.tensor<2x3x4xi32> -> !spirv.arm.tensor<2x3xi32> loc(fused["max", "x.cc":1:2])
    %2 = spirv.Tosa.ArgMax axis = 1, nan_mode = <Ignore>, %1 : !spirv.arm.tensor<2x3xi32> -> !spirv.arm.tensor<2xi32> loc("max")
    spirv.ARM.GraphOutputs %2 : !spirv.arm.tensor<2xi32>
  } loc("graph")
}
`

// A graph has no OpLine: with EmitDebugInfo its locations travel as the
// names of NonSemantic.Graph.DebugInfo.1 and come back as name locations,
// ops of one name sharing one DebugOperation.
func TestGraphDebugInfoRoundTrip(t *testing.T) {
	ctx := newContext()
	top, err := ir.Parse(ctx, graphDebugModule, "in.mlir")
	if err != nil {
		t.Fatal(err)
	}
	words, err := serialize.SerializeWith(firstModule(t, top), serialize.Options{EmitDebugInfo: true})
	if err != nil {
		t.Fatal(err)
	}
	back, err := serialize.Deserialize(newContext(), words, "in.spv")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	back.Walk(func(op *ir.Operation) bool {
		switch op.Name() {
		case "spirv.ARM.Graph":
			got = append(got, ir.AttrString(op.Loc()))
			for _, a := range op.Region(0).Entry().Args() {
				got = append(got, ir.AttrString(a.Loc()))
			}
		case "spirv.Tosa.ArgMax":
			got = append(got, ir.AttrString(op.Loc()))
		}
		return true
	})
	want := []string{`loc("max")`, `loc("max;x.cc:1:2")`, `loc("max")`, `loc("graph")`, `loc("in_0")`, `loc("in.mlir:2:70")`}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("locations:\n got %v\nwant %v", got, want)
	}
	n := 0
	for i := 0; i+1 < len(words); i++ {
		if words[i] == 3<<16|uint32(spv.OpLine) {
			n++
		}
	}
	if n != 0 {
		t.Errorf("%d OpLine in a module of one graph", n)
	}
}
