package gpu

import (
	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/ir"
)

// Ops that move values between the lanes of a subgroup: shuffle, rotate
// and broadcast.

var shuffleDef = &ir.OpDef{
	Name:     "gpu.shuffle",
	Summary:  "Exchanges values between the lanes of a subgroup (xor, down, up, idx); the second result says whether the lane was in range.",
	Example:  "%0:3 = \"test.defs\"() : () -> (f32, i32, i32)\n%1:2 = gpu.shuffle  xor %0#0, %0#1, %0#2 : f32",
	Traits:   ir.Pure,
	Operands: ir.Exactly(3),
	Results:  ir.Exactly(2),
	Inherent: []string{"mode"},
	Format: &ir.Format{Syntax: "$mode $value `,` $offset `,` $width attr-dict `:` type($value)",
		Operands: []string{"value", "offset", "width"}, Results: []string{"shuffleResult", "valid"},
		Attrs:     []ir.FormatAttr{strippedEnumAttr[ShuffleMode]("mode")},
		Types:     map[string]func(*ir.Context) ir.Type{"offset": i32, "width": i32, "valid": i1},
		TypesFrom: []ir.TypeFrom{{From: "value", To: "shuffleResult"}}},
	Verify: verifyShuffle,
}

// Shuffle is a typed view of gpu.shuffle.
type Shuffle struct{ *ir.Operation }

// Mode returns the shuffle mode.
func (s Shuffle) Mode() (ShuffleMode, bool) { return opEnum[ShuffleMode](s.Operation, "mode") }

func verifyShuffle(op *ir.Operation) error {
	if _, ok := (Shuffle{op}).Mode(); !ok {
		return op.Errorf("requires attribute 'mode'")
	}
	if err := verifyReduceValue(op, true); err != nil {
		return err
	}
	for i := 1; i <= 2; i++ {
		if err := arith.CheckOperand(op, i, i32Type); err != nil {
			return err
		}
	}
	if op.Result(0).Type() != op.Operand(0).Type() {
		return op.Errorf("failed to verify that all of {value, shuffleResult} have same type")
	}
	return arith.CheckResult(op, 1, i1Type)
}

var subgroupBroadcastDef = &ir.OpDef{
	Name:     "gpu.subgroup_broadcast",
	Summary:  "Broadcasts a value from one lane (the first active one, or a given one) to the whole subgroup.",
	Example:  "%0:2 = \"test.defs\"() : () -> (f32, i32)\n%1 = gpu.subgroup_broadcast %0#0,  specific_lane %0#1 : f32",
	Traits:   ir.Pure,
	Operands: ir.Between(1, 2),
	Results:  ir.Exactly(1),
	Inherent: []string{"broadcast_type"},
	Format: &ir.Format{Syntax: "$src `,` $broadcast_type ($lane^)? attr-dict `:` type($result)",
		Operands: []string{"src", "lane?"}, Results: []string{"result"},
		Attrs:     []ir.FormatAttr{strippedEnumAttr[BroadcastType]("broadcast_type")},
		Types:     map[string]func(*ir.Context) ir.Type{"lane": i32},
		TypesFrom: []ir.TypeFrom{{From: "result", To: "src"}}},
	Verify:          verifyBroadcast,
	Fold:            foldBroadcast,
	Speculatability: broadcastSpeculatability,
}

// broadcastSpeculatability is MLIR's: the first active lane depends on
// the control flow around the op, so only a given lane's broadcast may be
// hoisted out of it.
func broadcastSpeculatability(op *ir.Operation) ir.Speculatability {
	if bt, ok := opEnum[BroadcastType](op, "broadcast_type"); ok && bt == BroadcastSpecificLane {
		return ir.Speculatable
	}
	return ir.NotSpeculatable
}

func verifyBroadcast(op *ir.Operation) error {
	bt, ok := opEnum[BroadcastType](op, "broadcast_type")
	if !ok {
		return op.Errorf("requires attribute 'broadcast_type'")
	}
	if op.Result(0).Type() != op.Operand(0).Type() {
		return op.Errorf("failed to verify that all of {src, result} have same type")
	}
	hasLane := op.NumOperands() > 1
	if bt == BroadcastSpecificLane && !hasLane {
		return op.Errorf("lane must be specified for `specific_lane` broadcast")
	}
	if bt != BroadcastSpecificLane && hasLane {
		return op.Errorf("lane can only be specified for `specific_lane` broadcast")
	}
	return arith.CheckOperand(op, 1, i32Type)
}

// foldBroadcast folds a broadcast of a broadcast: the value is already uniform.
func foldBroadcast(op *ir.Operation, _ []ir.Attribute) ([]ir.FoldResult, bool) {
	if d := op.Operand(0).DefiningOp(); d != nil && d.Name() == "gpu.subgroup_broadcast" {
		return []ir.FoldResult{{Value: op.Operand(0)}}, true
	}
	return nil, false
}

var rotateDef = &ir.OpDef{
	Name:     "gpu.rotate",
	Summary:  "Rotates values across the first width lanes of a subgroup by a constant offset.",
	Example:  "%0 = \"test.def\"() : () -> f32\n%1:2 = gpu.rotate %0, 3, 16 : f32",
	Traits:   ir.Pure,
	Operands: ir.Exactly(1),
	Results:  ir.Exactly(2),
	Inherent: []string{"offset", "width"},
	Format: &ir.Format{Syntax: "$value `,` $offset `,` $width attr-dict `:` type($value)",
		Operands: []string{"value"}, Results: []string{"rotateResult", "valid"},
		Attrs:     []ir.FormatAttr{{Name: "offset", Type: i32}, {Name: "width", Type: i32}},
		Types:     map[string]func(*ir.Context) ir.Type{"valid": i1},
		TypesFrom: []ir.TypeFrom{{From: "value", To: "rotateResult"}}},
	Verify: verifyRotate,
}

func verifyRotate(op *ir.Operation) error {
	var vals [2]int64
	for i, name := range []string{"offset", "width"} {
		a, ok := op.Attr(name).(*ir.IntegerAttr)
		if !ok {
			return op.Errorf("requires attribute '%s'", name)
		}
		vals[i] = a.Int()
	}
	if err := verifyReduceValue(op, true); err != nil {
		return err
	}
	if op.Result(0).Type() != op.Operand(0).Type() {
		return op.Errorf("failed to verify that all of {value, rotateResult} have same type")
	}
	if !isPow2(vals[1]) {
		return op.Errorf("width must be a power of two")
	}
	if vals[0] < 0 || vals[0] >= vals[1] {
		return op.Errorf("offset must be in the range [0, %d)", vals[1])
	}
	return nil
}
