package scf

import (
	"testing"

	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/cf"
	"github.com/kiln-gpu/kiln/fn"
	"github.com/kiln-gpu/kiln/gpu"
	"github.com/kiln-gpu/kiln/ir/irtest"
	"github.com/kiln-gpu/kiln/memref"
	"github.com/kiln-gpu/kiln/tensor"
)

var newContext = irtest.ContextWith(Dialect(), arith.Dialect(), fn.Dialect(), cf.Dialect(), memref.Dialect(), tensor.Dialect(), gpu.Dialect())

// examples parses op examples (and upstream statements) inside a function.
var examples = irtest.ExampleOptions{NewContext: newContext, InFunc: true}

func TestExamplesRoundTrip(t *testing.T) { irtest.CheckExamples(t, Dialect(), examples) }
