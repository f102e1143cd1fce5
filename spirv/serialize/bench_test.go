package serialize_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/spirv/serialize"
	"github.com/kiln-gpu/kiln/spirv/validate"
)

// largeModule is a spirv.module of n functions, each a loop that
// accumulates into Function variables; bench/translate-vs-mlir.sh
// generates the same shape for mlir-translate.
func largeModule(n int) string {
	var b strings.Builder
	b.WriteString("spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader], []> {\n")
	for i := range n {
		fmt.Fprintf(&b, `  spirv.func @f%d(%%n: i32, %%x: f32) -> f32 "None" {
    %%zero = spirv.Constant 0 : i32
    %%one = spirv.Constant 1 : i32
    %%fz = spirv.Constant 0.0 : f32
    %%i = spirv.Variable init(%%zero) : !spirv.ptr<i32, Function>
    %%acc = spirv.Variable init(%%fz) : !spirv.ptr<f32, Function>
    spirv.mlir.loop {
      spirv.Branch ^header
    ^header:
      %%v = spirv.Load "Function" %%i : i32
      %%c = spirv.SLessThan %%v, %%n : i32
      spirv.BranchConditional %%c, ^body, ^merge
    ^body:
      %%a = spirv.Load "Function" %%acc : f32
      %%f = spirv.ConvertSToF %%v : i32 to f32
      %%m = spirv.FMul %%f, %%x : f32
      %%s = spirv.FAdd %%a, %%m : f32
      %%e = spirv.GL.Exp %%s : f32
      %%t = spirv.FSub %%e, %%x : f32
      spirv.Store "Function" %%acc, %%t : f32
      spirv.Branch ^continue
    ^continue:
      %%k = spirv.IAdd %%v, %%one : i32
      spirv.Store "Function" %%i, %%k : i32
      spirv.Branch ^header
    ^merge:
      spirv.mlir.merge
    }
    %%r = spirv.Load "Function" %%acc : f32
    spirv.ReturnValue %%r : f32
  }
`, i)
	}
	b.WriteString(`  spirv.func @main() "None" {
    spirv.Return
  }
  spirv.EntryPoint "GLCompute" @main
  spirv.ExecutionMode @main "LocalSize", 1, 1, 1
}
`)
	return b.String()
}

// TestLargeModule checks that the benchmarks' module is valid SPIR-V and
// round-trips.
func TestLargeModule(t *testing.T) {
	ctx := newContext()
	top, err := ir.Parse(ctx, largeModule(20), "large.mlir")
	if err != nil {
		t.Fatal(err)
	}
	words, err := serialize.Serialize(firstModule(t, top))
	if err != nil {
		t.Fatal(err)
	}
	mustValidate(t, words, validate.Vulkan1_0)
	m, err := serialize.Deserialize(ctx, words, "large.spv")
	if err != nil {
		t.Fatal(err)
	}
	if err := ir.Verify(m); err != nil {
		t.Fatal(err)
	}
}

func parseLarge(b *testing.B, n int) *ir.Operation {
	ctx := newContext()
	top, err := ir.Parse(ctx, largeModule(n), "large.mlir")
	if err != nil {
		b.Fatal(err)
	}
	for op := range top.Region(0).Entry().Ops() {
		if op.Name() == "spirv.module" {
			return op
		}
	}
	return top
}

func BenchmarkSerialize(b *testing.B) {
	m := parseLarge(b, 2000)
	b.ResetTimer()
	for b.Loop() {
		words, err := serialize.Serialize(m)
		if err != nil {
			b.Fatal(err)
		}
		b.SetBytes(int64(4 * len(words)))
	}
}

func BenchmarkDeserialize(b *testing.B) {
	words, err := serialize.Serialize(parseLarge(b, 2000))
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(4 * len(words)))
	b.ResetTimer()
	for b.Loop() {
		if _, err := serialize.Deserialize(newContext(), words, "large.spv"); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkTextToBinary is `kiln translate --serialize-spirv` without the
// file I/O: parse, verify, serialize.
func BenchmarkTextToBinary(b *testing.B) {
	src := largeModule(2000)
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		ctx := newContext()
		top, err := ir.Parse(ctx, src, "large.mlir")
		if err != nil {
			b.Fatal(err)
		}
		if err := ir.Verify(top); err != nil {
			b.Fatal(err)
		}
		for op := range top.Region(0).Entry().Ops() {
			if _, err := serialize.Serialize(op); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkBinaryToText is `kiln translate --deserialize-spirv` without
// the file I/O: deserialize, print.
func BenchmarkBinaryToText(b *testing.B) {
	words, err := serialize.Serialize(parseLarge(b, 2000))
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(4 * len(words)))
	for b.Loop() {
		m, err := serialize.Deserialize(newContext(), words, "large.spv")
		if err != nil {
			b.Fatal(err)
		}
		_ = m.String()
	}
}
