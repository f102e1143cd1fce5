package interp

import (
	"strings"

	"github.com/kiln-gpu/kiln/ir"
)

// A handler executes one op in a frame.
type handler func(m *Machine, f *frame, op *ir.Operation) error

// resolvers give each dialect's handler of an op, nil for ops the
// interpreter does not support. They run once per op, when its block is
// compiled, so that executing it looks up nothing by name.
var resolvers map[string]func(op *ir.Operation) handler

func init() {
	// Filled here, not in its declaration: handlers compile the regions
	// they run, which resolves their ops through this map.
	resolvers = map[string]func(op *ir.Operation) handler{
		"arith": arithHandler, "math": mathHandler, "func": funcHandler, "cf": cfHandler,
		"memref": memrefHandler, "scf": scfHandler, "vector": vectorHandler, "gpu": gpuHandler,
		"ub": ubHandler, "index": indexHandler, "spirv": spirvHandler, "affine": affineHandler,
	}
}

// handlerOf resolves op to its handler; an op the interpreter does not
// support gets one that reports so when it runs.
func handlerOf(op *ir.Operation) handler {
	if h := vectorElemHandler(op); h != nil {
		return h
	}
	dialect, _, _ := strings.Cut(op.Name(), ".")
	if r := resolvers[dialect]; r != nil {
		if h := r(op); h != nil {
			return h
		}
	}
	return func(m *Machine, f *frame, op *ir.Operation) error { return unknown(op) }
}

// local adapts a handler that needs no Machine.
func local(fn func(f *frame, op *ir.Operation) error) handler {
	return func(m *Machine, f *frame, op *ir.Operation) error { return fn(f, op) }
}

// elementwiseHandler runs fn on each element of op's operands.
func elementwiseHandler(fn func(xs []Scalar) ([]Scalar, error)) handler {
	return func(m *Machine, f *frame, op *ir.Operation) error { return m.elementwise(f, op, fn) }
}
