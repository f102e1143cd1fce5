package serialize_test

import (
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/spirv/serialize"
	"github.com/kiln-gpu/kiln/spirv/spv"
)

// SPV_INTEL_joint_matrix serializes as MLIR writes it: the numbers of
// MLIR's own tables, the type's parameters and the layout as ids of i32
// constants, the scope as an id, the memory access and its alignment as
// literals, and the work item length's operand as a type id.
func TestJointMatrixWords(t *testing.T) {
	src := `spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [JointMatrixINTEL, Linkage], [SPV_INTEL_joint_matrix]> {
  spirv.func @f(%p: !spirv.ptr<i32, Workgroup>, %s: i32, %b: !spirv.jointmatrix<16x8xi32, PackedB, Subgroup>, %c: !spirv.jointmatrix<8x8xi32, RowMajor, Subgroup>) -> i32 "None" {
    %a = spirv.INTEL.JointMatrixLoad <Subgroup> <ColumnMajor> %p, %s {alignment = 16 : i32, memory_access = #spirv.memory_access<Aligned>} : (!spirv.ptr<i32, Workgroup>, i32) -> !spirv.jointmatrix<8x16xi32, PackedA, Subgroup>
    %r = spirv.INTEL.JointMatrixMad <Subgroup> %a, %b, %c : !spirv.jointmatrix<8x16xi32, PackedA, Subgroup>, !spirv.jointmatrix<16x8xi32, PackedB, Subgroup> -> !spirv.jointmatrix<8x8xi32, RowMajor, Subgroup>
    spirv.INTEL.JointMatrixStore <Workgroup> <PackedB> %p, %r, %s : (!spirv.ptr<i32, Workgroup>, !spirv.jointmatrix<8x8xi32, RowMajor, Subgroup>, i32)
    %n = spirv.INTEL.JointMatrixWorkItemLength : !spirv.jointmatrix<8x8xi32, RowMajor, Subgroup>
    spirv.ReturnValue %n : i32
  }
}`
	words := serializeSource(t, src)
	text, err := spv.Disassemble(words, spv.DisasmOptions{NoHeader: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`OpCapability JointMatrixINTEL`,
		`OpExtension "SPV_INTEL_joint_matrix"`,
		// 16x8 of i32, PackedB (3), Subgroup (3)
		`%7 = OpTypeJointMatrixINTEL %uint %uint_16 %uint_8 %uint_3 %uint_3`,
		// pointer, stride, layout ColumnMajor (1), scope Subgroup (3), Aligned 16
		`%18 = OpJointMatrixLoadINTEL %17 %11 %12 %uint_1 %uint_3 Aligned 16`,
		`%20 = OpJointMatrixMadINTEL %9 %18 %13 %14 %uint_3`,
		// pointer, object, stride, layout PackedB (3), scope Workgroup (2)
		`OpJointMatrixStoreINTEL %11 %20 %12 %uint_3 %uint_2`,
		`%21 = OpJointMatrixWorkItemLengthINTEL %uint %9`,
	} {
		if !strings.Contains(text, want) {
			t.Errorf("no %q in\n%s", want, text)
		}
	}
	back, err := serialize.Deserialize(newContext(), words, "in.spv")
	if err != nil {
		t.Fatal(err)
	}
	if got := ir.OpString(back, ir.PrintOptions{}); !strings.Contains(got, "spirv.INTEL.JointMatrixStore <Workgroup> <PackedB>") {
		t.Errorf("deserialized:\n%s", got)
	}
}
