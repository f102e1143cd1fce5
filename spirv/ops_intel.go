package spirv

import (
	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/ir"
)

// Intel compute extensions: bfloat16 conversions (SPV_INTEL_bfloat16_conversion)
// and split barriers (SPV_INTEL_split_barrier).

var (
	float32Like = arith.Constraint{Desc: "Float32 or vector of Float32" + vecLens,
		OK: vectorOf(func(t ir.Type) bool { ft, ok := t.(*ir.FloatType); return ok && ft.Kind == ir.F32 })}
	int16Like = arith.Constraint{Desc: "Int16 or vector of Int16" + vecLens,
		OK: vectorOf(func(t ir.Type) bool { it, ok := t.(*ir.IntegerType); return ok && it.Width == 16 })}
)

// bf16ConversionOp: `%r = spirv.INTEL.ConvertFToBF16 %a : f32 to i16`
// (bfloat16 values are held in i16). MLIR declares them without Pure, so
// they are neither erased when unused nor merged.
func bf16ConversionOp(name, summary, example string, from, to arith.Constraint) *ir.OpDef {
	return &ir.OpDef{
		Name: name, Summary: summary, Example: "%r = " + name + " %a : " + example,
		Operands: ir.Exactly(1), Results: ir.Exactly(1),
		Format: castFormat(),
		Verify: func(op *ir.Operation) error {
			if err := arith.CheckOperands(op, from); err != nil {
				return err
			}
			if err := arith.CheckResults(op, to); err != nil {
				return err
			}
			if numElements(op.Operand(0).Type()) != numElements(op.Result(0).Type()) {
				return op.Errorf("operand and result must have same number of elements")
			}
			return nil
		},
	}
}

func intelOps() []*ir.OpDef {
	split := []string{"execution_scope", "memory_scope", "memory_semantics"}
	return []*ir.OpDef{
		bf16ConversionOp("spirv.INTEL.ConvertFToBF16", "Converts 32-bit floats to bfloat16 (held in i16).",
			"vector<2xf32> to vector<2xi16>", float32Like, int16Like),
		bf16ConversionOp("spirv.INTEL.ConvertBF16ToF", "Converts bfloat16 values (held in i16) to 32-bit floats.",
			"i16 to f32", int16Like, float32Like),
		barrierOp("spirv.INTEL.ControlBarrierArrive", "Marks the arrival of an invocation at a split barrier.", split, " "),
		barrierOp("spirv.INTEL.ControlBarrierWait", "Waits for the invocations of a split barrier to arrive.", split, " "),
	}
}
