package ub

import (
	"testing"

	"github.com/kiln-gpu/kiln/fn"
	"github.com/kiln-gpu/kiln/ir/irtest"
)

var newContext = irtest.ContextWith(Dialect(), fn.Dialect())

func TestExamplesRoundTrip(t *testing.T) {
	irtest.CheckExamples(t, Dialect(), irtest.ExampleOptions{NewContext: newContext})
}

func TestBadInputNoPanic(t *testing.T) {
	irtest.CheckGenericOpsNoPanic(t, newContext, Dialect().Ops, nil)
	irtest.CheckOpStatesNoPanic(t, Dialect(), newContext)
}

func TestDiagnostics(t *testing.T) {
	tests := []irtest.Invalid{
		{In: "%r = ub.poison <1 : i32> : i32",
			Err: "t.mlir:1:17: error: invalid kind of attribute specified"},
		{In: "%r = ub.poison i32",
			Err: "t.mlir:1:15: error: expected ':'"},
		{In: "%r = ub.poison <#ub.poison : i32",
			Err: "t.mlir:1:27: error: expected '>'"},
		{In: "%r = \"ub.poison\"() {value = 1 : i32} : () -> i32",
			Err: "t.mlir:1:6: error: 'ub.poison' op attribute 'value' failed to satisfy constraint: PoisonAttrInterface instance"},
	}
	irtest.CheckInvalid(t, newContext, "t.mlir", tests, irtest.FirstLine)
}
