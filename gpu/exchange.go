package gpu

import "github.com/kiln-gpu/kiln/ir"

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
	Parse:    parseShuffle,
	Print:    printShuffle,
	Verify:   verifyShuffle,
}

// Shuffle is a typed view of gpu.shuffle.
type Shuffle struct{ *ir.Operation }

// Mode returns the shuffle mode.
func (s Shuffle) Mode() (ShuffleMode, bool) { return opEnum[ShuffleMode](s.Operation, "mode") }

// $mode $value `,` $offset `,` $width attr-dict `:` type($value)
func parseShuffle(p *ir.OpParser, st *ir.OpState) error {
	ctx := p.Context()
	m, err := parseEnumKeyword[ShuffleMode](p.Parser)
	if err != nil {
		return err
	}
	st.AddAttr("mode", Enum(ctx, m))
	us, err := p.ParseOperandList()
	if err != nil {
		return err
	}
	if len(us) != 3 {
		return p.Errorf("expected 3 operands")
	}
	if err := p.ParseOptionalAttrDict(); err != nil {
		return err
	}
	t, err := p.ParseColonType()
	if err != nil {
		return err
	}
	st.ResultTypes = []ir.Type{t, ctx.I(1)}
	return p.ResolveOperands(us, []ir.Type{t, ctx.I(32), ctx.I(32)})
}

func printShuffle(p *ir.OpPrinter, op *ir.Operation) {
	p.WriteString("  ")
	if m, ok := (Shuffle{op}).Mode(); ok {
		p.WriteString(m.String())
	}
	p.WriteByte(' ')
	p.Operands(op.Operands())
	p.OptionalAttrDict(sortedAttrs(op), "mode")
	p.WriteString(" : ")
	p.Type(operandType(op, 0))
}

func verifyShuffle(op *ir.Operation) error {
	if _, ok := (Shuffle{op}).Mode(); !ok {
		return op.Errorf("requires attribute 'mode'")
	}
	if err := verifyReduceValue(op, true); err != nil {
		return err
	}
	for i := 1; i <= 2; i++ {
		if t := op.Operand(i).Type(); t != op.Context().I(32) {
			return op.Errorf("operand #%d must be 32-bit signless integer, but got '%s'", i, ir.TypeString(t))
		}
	}
	if op.Result(0).Type() != op.Operand(0).Type() {
		return op.Errorf("failed to verify that all of {value, shuffleResult} have same type")
	}
	if op.Result(1).Type() != op.Context().I(1) {
		return op.Errorf("result #1 must be 1-bit signless integer, but got '%s'", ir.TypeString(op.Result(1).Type()))
	}
	return nil
}

var subgroupBroadcastDef = &ir.OpDef{
	Name:     "gpu.subgroup_broadcast",
	Summary:  "Broadcasts a value from one lane (the first active one, or a given one) to the whole subgroup.",
	Example:  "%0:2 = \"test.defs\"() : () -> (f32, i32)\n%1 = gpu.subgroup_broadcast %0#0,  specific_lane %0#1 : f32",
	Traits:   ir.Pure,
	Operands: ir.Between(1, 2),
	Results:  ir.Exactly(1),
	Inherent: []string{"broadcast_type"},
	Parse:    parseBroadcast,
	Print:    printBroadcast,
	Verify:   verifyBroadcast,
	Fold:     foldBroadcast,
}

// $src `,` $broadcast_type ($lane^)? attr-dict `:` type($result)
func parseBroadcast(p *ir.OpParser, st *ir.OpState) error {
	ctx := p.Context()
	src, err := p.ParseOperand()
	if err != nil {
		return err
	}
	if err := p.ParsePunct(","); err != nil {
		return err
	}
	bt, err := parseEnumKeyword[BroadcastType](p.Parser)
	if err != nil {
		return err
	}
	st.AddAttr("broadcast_type", Enum(ctx, bt))
	lane, hasLane, err := p.ParseOptionalOperand()
	if err != nil {
		return err
	}
	if err := p.ParseOptionalAttrDict(); err != nil {
		return err
	}
	t, err := p.ParseColonType()
	if err != nil {
		return err
	}
	st.ResultTypes = []ir.Type{t}
	us, ts := []ir.UnresolvedOperand{src}, []ir.Type{t}
	if hasLane {
		us, ts = append(us, lane), append(ts, ctx.I(32))
	}
	return p.ResolveOperands(us, ts)
}

func printBroadcast(p *ir.OpPrinter, op *ir.Operation) {
	p.WriteByte(' ')
	operandAt(p, op, 0)
	p.WriteString(",  ")
	if bt, ok := opEnum[BroadcastType](op, "broadcast_type"); ok {
		p.WriteString(bt.String())
	}
	if op.NumOperands() > 1 {
		p.WriteByte(' ')
		p.Operand(op.Operand(1))
	}
	p.OptionalAttrDict(sortedAttrs(op), "broadcast_type")
	p.WriteString(" : ")
	p.Type(resultType(op, 0))
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
	if hasLane && op.Operand(1).Type() != op.Context().I(32) {
		return op.Errorf("operand #1 must be 32-bit signless integer, but got '%s'", ir.TypeString(op.Operand(1).Type()))
	}
	return nil
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
	Parse:    parseRotate,
	Print:    printRotate,
	Verify:   verifyRotate,
}

// $value `,` $offset `,` $width attr-dict `:` type($value)
func parseRotate(p *ir.OpParser, st *ir.OpState) error {
	ctx := p.Context()
	u, err := p.ParseOperand()
	if err != nil {
		return err
	}
	for _, name := range []string{"offset", "width"} {
		if err := p.ParsePunct(","); err != nil {
			return err
		}
		v, err := p.ParseInteger()
		if err != nil {
			return err
		}
		st.AddAttr(name, ctx.I32Attr(v))
	}
	if err := p.ParseOptionalAttrDict(); err != nil {
		return err
	}
	t, err := p.ParseColonType()
	if err != nil {
		return err
	}
	st.ResultTypes = []ir.Type{t, ctx.I(1)}
	return p.ResolveOperands([]ir.UnresolvedOperand{u}, []ir.Type{t})
}

func printRotate(p *ir.OpPrinter, op *ir.Operation) {
	p.WriteByte(' ')
	operandAt(p, op, 0)
	for _, name := range []string{"offset", "width"} {
		p.WriteString(", ")
		if a, ok := op.Attr(name).(*ir.IntegerAttr); ok {
			p.Int(a.Int())
		}
	}
	p.OptionalAttrDict(sortedAttrs(op), "offset", "width")
	p.WriteString(" : ")
	p.Type(operandType(op, 0))
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
