package spirv

import (
	"slices"
	"testing"
)

// Each TOSA op lists its attributes and operands in the order, and with
// the names, of its instruction's operands in the TOSA.001000.1 grammar,
// which is what spirv/serialize relies on.
func TestTosaOpsFollowTheGrammar(t *testing.T) {
	for _, s := range tosaSpecs {
		op, ok := TosaOpOf("spirv.Tosa." + s.name)
		if !ok || op.Inst == nil {
			t.Errorf("spirv.Tosa.%s: no instruction %s", s.name, s.inst)
			continue
		}
		var grammar, ours []string
		for _, o := range op.Inst.Operands {
			grammar = append(grammar, o.Name)
		}
		for _, a := range s.attrs {
			ours = append(ours, a.name)
		}
		for _, o := range s.operands {
			ours = append(ours, o.name)
		}
		if !slices.Equal(grammar, ours) {
			t.Errorf("spirv.Tosa.%s: operands %v, grammar's %v", s.name, ours, grammar)
		}
		set, info, ok := ExtInstOf("spirv.Tosa." + s.name)
		if name, back := ExtInstOpName(set, info.Number); !ok || !back || name != "spirv.Tosa."+s.name {
			t.Errorf("spirv.Tosa.%s: ExtInstOf/ExtInstOpName give %s", s.name, name)
		}
	}
}
