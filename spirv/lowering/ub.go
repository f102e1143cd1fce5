package lowering

import (
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/rewrite"
)

// ubPatterns convert the ub dialect as MLIR's UBToSPIRV does: a poison
// value becomes spirv.Undef of the converted type, ub.unreachable becomes
// spirv.Unreachable.
func (e *env) ubPatterns() []*rewrite.ConversionPattern {
	return []*rewrite.ConversionPattern{
		{Name: "ub.poison", Root: "ub.poison", Rewrite: e.poison},
		{Name: "ub.unreachable", Root: "ub.unreachable", Rewrite: unreachable},
	}
}

func (e *env) poison(o *ir.Operation, _ []*ir.Value, rw *rewrite.ConversionRewriter) error {
	t := e.tc.ConvertType(o.Result(0).Type())
	if t == nil {
		return rewrite.NoMatch
	}
	rw.ReplaceOpWith(o, &ir.OpState{Name: "spirv.Undef", Loc: o.Loc(), ResultTypes: []ir.Type{t}})
	return nil
}

func unreachable(o *ir.Operation, _ []*ir.Value, rw *rewrite.ConversionRewriter) error {
	rw.ReplaceOpWith(o, &ir.OpState{Name: "spirv.Unreachable", Loc: o.Loc()})
	return nil
}
