package main

import (
	"io"
	"strings"

	"github.com/kiln-gpu/kiln"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/pass"
)

// runPipeline runs the passes named on the command line over the top-level
// op m (a builtin.module unless --no-implicit-module): each --pass-pipeline
// text in turn, and runs of --<pass> flags as one pipeline on m's op name,
// as mlir-opt anchors its pass manager, in command-line order.
func runPipeline(m *ir.Operation, o *optOptions, timing *pass.Timing, stderr io.Writer) error {
	reg := kiln.Passes()
	cfg := pass.Config{
		DisableThreading: o.disableThreading,
		NoVerify:         !o.verifyEach,
		PrintBefore:      o.printBefore,
		PrintAfter:       o.printAfter,
		PrintOptions:     o.print,
		IROut:            stderr,
		Timing:           timing,
	}
	var flags []string
	flush := func() error {
		if len(flags) == 0 {
			return nil
		}
		p := pass.NewPipeline(m.Name())
		if err := p.ParseElements(strings.Join(flags, ","), reg); err != nil {
			return err
		}
		flags = nil
		return pass.New(p, cfg).Run(m)
	}
	for _, piece := range o.pipeline {
		if name, isFlag := strings.CutPrefix(piece, "\x00"); isFlag {
			flags = append(flags, name)
			continue
		}
		if err := flush(); err != nil {
			return err
		}
		p, err := pass.Parse(piece, reg)
		if err != nil {
			return err
		}
		if err := pass.New(p, cfg).Run(m); err != nil {
			return err
		}
	}
	return flush()
}
