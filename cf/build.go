package cf

import (
	"math/big"

	"github.com/kiln-gpu/kiln/ir"
)

// NewBr creates a cf.br to dest passing args at b's insertion point.
func NewBr(b *ir.Builder, loc ir.Location, dest *ir.Block, args []*ir.Value) *ir.Operation {
	return b.Create(brState(loc, dest, args))
}

// NewCondBr creates a cf.cond_br on cond at b's insertion point.
func NewCondBr(b *ir.Builder, loc ir.Location, cond *ir.Value, trueDest *ir.Block, trueArgs []*ir.Value, falseDest *ir.Block, falseArgs []*ir.Value) *ir.Operation {
	st := &ir.OpState{Name: condBrName, Loc: loc, Successors: []*ir.Block{trueDest, falseDest},
		Operands: append(append([]*ir.Value{cond}, trueArgs...), falseArgs...)}
	st.AddAttr("operandSegmentSizes", b.Context().DenseI32Array(1, int64(len(trueArgs)), int64(len(falseArgs))))
	return b.Create(st)
}

// SwitchCase is one case of a cf.switch that NewSwitch builds.
type SwitchCase struct {
	Value *big.Int
	Dest  *ir.Block
	Args  []*ir.Value
}

// NewSwitch creates a cf.switch on flag at b's insertion point; values are
// of flag's type.
func NewSwitch(b *ir.Builder, loc ir.Location, flag *ir.Value, def *ir.Block, defArgs []*ir.Value, cases []SwitchCase) *ir.Operation {
	cs := make([]switchCase, len(cases))
	for i, c := range cases {
		cs[i] = switchCase{c.Value, c.Dest, c.Args}
	}
	st := switchState(b.Context(), loc, flag, def, defArgs, cs)
	return b.Create(st)
}
