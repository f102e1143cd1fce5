package serialize_test

import (
	"strings"
	"testing"
)

// spirv.Undef is, as in MLIR, one module-level OpUndef per type: two of a
// type share it, an unused one leaves nothing, and the deserializer gives
// each use its own spirv.Undef.
func TestUndefModuleLevel(t *testing.T) {
	const src = `spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Linkage], []> {
  spirv.func @f() -> f32 "None" {
    %a = spirv.Undef : f32
    %b = spirv.Undef : f32
    %unused = spirv.Undef : i32
    %s = spirv.FAdd %a, %b : f32
    spirv.ReturnValue %s : f32
  }
}`
	dis, out := roundTrip(t, src)
	if n := strings.Count(dis, "OpUndef"); n != 1 {
		t.Errorf("%d OpUndef, want 1 (of f32, before the function):\n%s", n, dis)
	}
	if strings.Index(dis, "OpUndef") > strings.Index(dis, "OpFunction ") {
		t.Errorf("OpUndef inside the function:\n%s", dis)
	}
	if n := strings.Count(out, "spirv.Undef : f32"); n != 2 {
		t.Errorf("%d spirv.Undef : f32 after the round trip, want 2:\n%s", n, out)
	}
	if strings.Contains(out, "spirv.Undef : i32") {
		t.Errorf("the unused spirv.Undef survived:\n%s", out)
	}
}
