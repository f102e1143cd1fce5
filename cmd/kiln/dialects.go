package main

import "github.com/kiln-gpu/kiln/ir"

// newContext returns a context with every dialect Kiln knows.
func newContext() *ir.Context {
	return ir.NewContext()
}
