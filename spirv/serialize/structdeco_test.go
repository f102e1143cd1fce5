package serialize_test

import (
	"strings"
	"testing"
)

// A struct's own decorations are OpDecorate on the struct: Block once, even
// where the buffer pointer would add it anyway, and valued ones with their
// value; the deserializer gives them back in the type (MLIR PR 149793).
func TestStructDecorations(t *testing.T) {
	const src = `spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class]> {
  spirv.GlobalVariable @a bind(0, 0) : !spirv.ptr<!spirv.struct<(f32 [0]), Block>, StorageBuffer>
  spirv.GlobalVariable @b bind(0, 1) : !spirv.ptr<!spirv.struct<(i32 [0]), Block>, Uniform>
  spirv.GlobalVariable @c : !spirv.ptr<!spirv.struct<(f32), Location=3>, Private>
}`
	dis, out := roundTrip(t, src)
	if n := strings.Count(dis, " Block\n"); n != 2 {
		t.Errorf("%d Block decorations, want 2:\n%s", n, dis)
	}
	if !strings.Contains(dis, " Location 3\n") {
		t.Errorf("no Location 3 on the struct:\n%s", dis)
	}
	for _, want := range []string{
		"!spirv.ptr<!spirv.struct<(f32 [0]), Block>, StorageBuffer>",
		"!spirv.ptr<!spirv.struct<(i32 [0]), Block>, Uniform>",
		"!spirv.ptr<!spirv.struct<(f32), Location=3>, Private>",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("round trip lost %s:\n%s", want, out)
		}
	}
}
