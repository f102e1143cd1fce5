package main

import (
	"io"
	"strings"

	"github.com/kiln-gpu/kiln/gpu/outline"
	"github.com/kiln-gpu/kiln/gpu/tobinary"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/pass"
	"github.com/kiln-gpu/kiln/runner"
	"github.com/kiln-gpu/kiln/spirv/lowering"
	spirvtransforms "github.com/kiln-gpu/kiln/spirv/transforms"
	"github.com/kiln-gpu/kiln/vector/transforms"
)

// passRegistry lists every pass `kiln opt` can run by name.
func passRegistry() pass.Registry {
	reg := pass.Registry{}
	pass.RegisterTransforms(reg)
	outline.Register(reg)
	spirvtransforms.Register(reg)
	transforms.Register(reg)
	lowering.Register(reg)
	reg.Add(lowering.TestEntryPointABIPass, runner.VulkanRunnerPipeline(reg), tobinary.Pass)
	return reg
}

// runPipeline runs the passes named on the command line over the top-level
// op m (a builtin.module unless --no-implicit-module): each --pass-pipeline
// text in turn, and runs of --<pass> flags as one pipeline on m's op name,
// as mlir-opt anchors its pass manager, in command-line order.
func runPipeline(m *ir.Operation, o *optOptions, timing *pass.Timing, stderr io.Writer) error {
	reg := passRegistry()
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
