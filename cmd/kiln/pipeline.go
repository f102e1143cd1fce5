package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/kiln-gpu/kiln/ir"
)

// runPipeline runs the passes named on the command line over the module.
func runPipeline(ctx *ir.Context, m *ir.Operation, o *optOptions, stderr io.Writer) error {
	if len(o.pipeline) == 0 {
		return nil
	}
	var names []string
	for _, p := range o.pipeline {
		names = append(names, strings.TrimPrefix(p, "\x00"))
	}
	return fmt.Errorf("no passes are available yet: %s", strings.Join(names, ", "))
}
