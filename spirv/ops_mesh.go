package spirv

import (
	"strings"

	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/spirv/spv"
)

// Mesh shading (SPV_EXT_mesh_shader): the task shader's launch of mesh
// workgroups and the mesh shader's output sizes. Kiln's pipelines never
// make them; the dialect has them so that MLIR's files load, verify and
// round-trip through SPIR-V.

var i32OrUI32 = arith.Constraint{Desc: "32-bit signless or unsigned integer", OK: func(t ir.Type) bool {
	it, ok := t.(*ir.IntegerType)
	return ok && it.Width == 32 && it.Signedness != ir.Signed
}}

// meshFormat is MLIR's `operands attr-dict : type(operands)` with the
// operands spelled out (an optional last one in an optional group).
func meshFormat(operands ...string) *ir.Format {
	syntax := ""
	for i, o := range operands {
		if name, opt := strings.CutSuffix(o, "?"); opt {
			syntax += " (`,` $" + name + "^)?"
		} else if i == 0 {
			syntax += "$" + o
		} else {
			syntax += " `,` $" + o
		}
	}
	return &ir.Format{Syntax: syntax + " attr-dict `:` type(operands)", Operands: operands}
}

func meshOps() []*ir.OpDef {
	return []*ir.OpDef{{
		Name:    "spirv.EXT.EmitMeshTasks",
		Summary: "Ends a task shader workgroup, launching a grid of mesh shader workgroups.",
		Example: "spirv.func @f(%x: i32, %p: !spirv.ptr<i32, TaskPayloadWorkgroupEXT>) \"None\" {\n" +
			"  spirv.EXT.EmitMeshTasks %x, %x, %x, %p : i32, i32, i32, !spirv.ptr<i32, TaskPayloadWorkgroupEXT>\n}",
		Traits:   ir.Terminator,
		Operands: ir.Between(3, 4),
		Format:   meshFormat("group_count_x", "group_count_y", "group_count_z", "payload?"),
		Verify: func(op *ir.Operation) error {
			if err := arith.CheckOperands(op, i32OrUI32, i32OrUI32, i32OrUI32, pointer); err != nil {
				return err
			}
			if op.NumOperands() == 4 && op.Operand(3).Type().(*PointerType).StorageClass != spv.StorageClassTaskPayloadWorkgroupEXT {
				return op.Errorf("payload must be a variable with a storage class of TaskPayloadWorkgroupEXT")
			}
			return nil
		},
	}, {
		Name:     "spirv.EXT.SetMeshOutputs",
		Summary:  "Sets how many vertices and primitives the mesh shader workgroup emits.",
		Example:  "spirv.func @f(%v: i32, %p: i32) \"None\" {\n  spirv.EXT.SetMeshOutputs %v, %p : i32, i32\n  spirv.Return\n}",
		Operands: ir.Exactly(2),
		Format:   meshFormat("vertex_count", "primitive_count"),
		Verify: func(op *ir.Operation) error {
			return arith.CheckOperands(op, i32OrUI32, i32OrUI32)
		},
	}}
}
