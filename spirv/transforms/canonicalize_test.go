package transforms

import (
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/pass"
)

// runPass runs p from a builtin.module pipeline, as `kiln opt --<pass>` does.
func runPass(p *pass.Pass) func(*ir.Operation) error {
	return func(m *ir.Operation) error {
		pl := pass.NewPipeline("builtin.module")
		pl.AddPass(p)
		return pass.New(pl, pass.Config{}).Run(m)
	}
}

func TestCanonicalize(t *testing.T) {
	got := run(t, `spirv.module Logical GLSL450 {
  spirv.func @f(%s: !spirv.array<2 x vector<2xf32>>, %v: vector<2xf32>, %x: i32, %y: vector<2xi32>) -> f32 "None" {
    %out = spirv.Variable : !spirv.ptr<vector<2xi32>, Function>
    // An insert of a whole element overlaps an extract inside it: kept.
    %0 = spirv.CompositeInsert %v, %s[1 : i32] : vector<2xf32> into !spirv.array<2 x vector<2xf32>>
    %1 = spirv.CompositeExtract %0[1 : i32, 0 : i32] : !spirv.array<2 x vector<2xf32>>
    // Struct and array constructs give their constituents.
    %2 = spirv.CompositeConstruct %v, %v : (vector<2xf32>, vector<2xf32>) -> !spirv.array<2 x vector<2xf32>>
    %3 = spirv.CompositeExtract %2[0 : i32, 1 : i32] : !spirv.array<2 x vector<2xf32>>
    %4 = spirv.FAdd %1, %3 : f32
    // Vector identities with splat constants.
    %z = spirv.Constant dense<0> : vector<2xi32>
    %5 = spirv.BitwiseXor %y, %z : vector<2xi32>
    %6 = spirv.BitwiseXor %5, %5 : vector<2xi32>
    spirv.Store "Function" %out, %6 : vector<2xi32>
    spirv.ReturnValue %4 : f32
  }
}`, runPass(Canonicalize()))
	wantAll(t, got,
		"%2 = spirv.CompositeExtract %1[1 : i32, 0 : i32]",
		"spirv.CompositeExtract %arg1[1 : i32] : vector<2xf32>",
		`spirv.Constant dense<0> : vector<2xi32>`,
	)
}

// The ABI and VCE passes also run nested on spirv.module ops.
func TestPassesNestOnSpirvModule(t *testing.T) {
	got := run(t, `module attributes {`+env10+`} {
  spirv.module Logical GLSL450 {
    spirv.func @k() "None" attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [4, 4, 1]>} {
      spirv.Return
    }
  }
}`, func(m *ir.Operation) error {
		pl, err := pass.Parse("builtin.module(spirv.module(spirv-lower-abi-attrs, spirv-update-vce))", registry())
		if err != nil {
			return err
		}
		return pass.New(pl, pass.Config{}).Run(m)
	})
	wantAll(t, got, `spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Matrix], []>`, `spirv.ExecutionMode @k "LocalSize", 4, 4, 1`)
}

func registry() pass.Registry {
	reg := pass.Registry{}
	Register(reg)
	return reg
}

func TestSelectionToSelect(t *testing.T) {
	src := `spirv.module Logical GLSL450 {
  spirv.func @f(%c: i1, %x: f32, %y: f32, %q: !spirv.ptr<f32, Function>) "None" {
    %v = spirv.Variable : !spirv.ptr<f32, Function>
    spirv.mlir.selection {
      spirv.BranchConditional %c, ^t, ^f
    ^t:
      spirv.Store "Function" %v, %x : f32
      spirv.Branch ^m
    ^f:
      spirv.Store "Function" %STORE_TO, %y : f32
      spirv.Branch ^m
    ^m:
      spirv.mlir.merge
    }
    spirv.Return
  }
}`
	same := run(t, strings.Replace(src, "STORE_TO", "v", 1), runPass(Canonicalize()))
	wantAll(t, same, "%1 = spirv.Select %arg0, %arg1, %arg2 : i1, f32\n      spirv.Store \"Function\" %0, %1 : f32")
	// Stores through different pointers stay a selection.
	other := run(t, strings.Replace(src, "STORE_TO", "q", 1), runPass(Canonicalize()))
	wantAll(t, other, "spirv.mlir.selection")
}
