package lowering

import (
	"fmt"
	"testing"

	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/spirv"
)

// TestAvailableMemo checks the memoized target check against a direct one
// for more keys of one op than are compared before hashing, in both orders
// of asking and when asked again.
func TestAvailableMemo(t *testing.T) {
	ctx := ir.NewContext(arith.Dialect(), spirv.Dialect())
	e := newEnv(ctx, spirv.DefaultTargetEnv(ctx), Options{})
	var types []ir.Type
	for _, w := range []int{32, 8, 16, 64} {
		types = append(types, ctx.I(w))
		for _, n := range []int64{2, 3, 4} {
			types = append(types, ctx.Vector([]int64{n}, ctx.I(w)))
		}
	}
	if len(types) <= 2*recentKeys {
		t.Fatalf("only %d keys", len(types))
	}
	var ops []*ir.Operation
	failing := 0
	for _, ty := range types {
		arg := ctx.NewOp(&ir.OpState{Name: "spirv.Undef", ResultTypes: []ir.Type{ty}}).Result(0)
		op := ctx.NewOp(&ir.OpState{Name: "spirv.IAdd", Operands: []*ir.Value{arg, arg}, ResultTypes: []ir.Type{ty}})
		ops = append(ops, op)
		if e.check(op) != nil {
			failing++
		}
	}
	if failing == 0 || failing == len(ops) {
		t.Fatalf("%d of %d keys fail the default target: the test needs both", failing, len(ops))
	}
	for round := range 2 {
		for i := range ops {
			if round == 1 {
				i = len(ops) - 1 - i
			}
			got, want := e.available(ops[i]), e.check(ops[i])
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("round %d, %s: available says %v, the check %v", round, ir.TypeString(types[i]), got, want)
			}
		}
	}
}
