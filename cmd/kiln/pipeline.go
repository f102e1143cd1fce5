package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/kiln-gpu/kiln"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/pass"
)

// runPipeline runs the passes named on the command line over the top-level
// op m (a builtin.module unless --no-implicit-module): each --pass-pipeline
// text in turn, and runs of --<pass> flags as one pipeline on m's op name,
// as mlir-opt anchors its pass manager, in command-line order. Under
// --run-reproducer, repro holds what the input's mlir_reproducer resource
// set: its pipeline runs first, with its threading and verify-each.
func runPipeline(m *ir.Operation, o *optOptions, repro *reproducerOptions, timing *pass.Timing, stderr io.Writer) error {
	reg := kiln.Passes()
	cfg := pass.Config{
		DisableThreading:  o.disableThreading,
		NoVerify:          !o.verifyEach,
		PrintBefore:       o.printBefore,
		PrintAfter:        o.printAfter,
		PrintAfterChange:  o.printAfterChange,
		PrintAfterFailure: o.printAfterFailure,
		PrintModuleScope:  o.printModuleScope,
		IRTreeDir:         o.printTreeDir,
		PrintBeforePasses: o.printBeforePasses,
		PrintAfterPasses:  o.printAfterPasses,
		PrintOptions:      o.print,
		IROut:             stderr,
		Timing:            timing,
		ActionLog:         o.actionLog,
	}
	if o.reproducerFile != "" {
		cfg.Reproducer = &pass.Reproducer{Path: o.reproducerFile, Local: o.localReproducer}
	}
	pieces := o.pipeline
	if repro != nil {
		if repro.pipeline != nil {
			pieces = append([]string{*repro.pipeline}, pieces...)
		}
		if repro.disableThreading != nil {
			cfg.DisableThreading = *repro.disableThreading
			m.Context().SetMultithreading(!cfg.DisableThreading)
		}
		if repro.verifyEach != nil {
			cfg.NoVerify = !*repro.verifyEach
		}
	}
	ps, err := commandLinePipelines(m, pieces, reg)
	if err != nil {
		return err
	}
	if o.dumpPipeline {
		dumpPipeline(stderr, m.Name(), ps)
	}
	if o.statistics {
		// As mlir-opt's pass manager, the report comes after the run, failed
		// or not.
		display := pass.StatisticsPipeline
		if o.statisticsList {
			display = pass.StatisticsList
		}
		defer pass.WriteStatistics(stderr, joinPipelines(m.Name(), ps), display)
	}
	for _, p := range ps {
		if err := pass.New(p, cfg).Run(m); err != nil {
			return err
		}
	}
	return nil
}

// joinPipelines returns one pipeline on anchor holding all the steps of
// ps: mlir-opt's single pass manager.
func joinPipelines(anchor string, ps []*pass.Pipeline) *pass.Pipeline {
	all := pass.NewPipeline(anchor)
	for _, p := range ps {
		all.Steps = append(all.Steps, p.Steps...)
	}
	return all
}

// commandLinePipelines returns the pipelines of the command line's pieces
// (see runPipeline), each checked to run on m, before any runs: as
// mlir-opt builds its whole pass manager first.
func commandLinePipelines(m *ir.Operation, pieces []string, reg pass.Registry) ([]*pass.Pipeline, error) {
	var ps []*pass.Pipeline
	var flags []string
	flush := func() error {
		if len(flags) == 0 {
			return nil
		}
		p, err := flagPipeline(m.Name(), strings.Join(flags, ","), reg)
		if err != nil {
			return err
		}
		flags = nil
		ps = append(ps, p)
		return nil
	}
	for _, piece := range pieces {
		if name, isFlag := strings.CutPrefix(piece, "\x00"); isFlag {
			flags = append(flags, name)
			continue
		}
		if err := flush(); err != nil {
			return nil, err
		}
		p, err := pass.Parse(piece, reg)
		if err != nil {
			return nil, err
		}
		if p.Anchor != pass.AnyOp && p.Anchor != m.Name() {
			return nil, m.Errorf("can't run '%s' pass manager on '%s' op", p.Anchor, m.Name())
		}
		ps = append(ps, p)
	}
	return ps, flush()
}

// flagPipeline returns the pipeline on ops named anchor of the passes
// given as --<pass> flags (text, comma-separated). As mlir-opt's pass
// manager, whose nesting is implicit, a pass anchored on another op runs
// in a pipeline nested on that op, adjacent ones sharing one: a
// builtin.module pass over a top-level func.func (--no-implicit-module)
// runs on the modules inside it, of which there are none.
func flagPipeline(anchor, text string, reg pass.Registry) (*pass.Pipeline, error) {
	parsed := pass.NewPipeline(pass.AnyOp)
	if err := parsed.ParseElements(text, reg); err != nil {
		return nil, err
	}
	p := pass.NewPipeline(anchor)
	var nested *pass.Pipeline
	for _, s := range parsed.Steps {
		on := anchor
		if s.Pass != nil && s.Pass.OpName != "" {
			on = s.Pass.OpName
		}
		switch {
		case on == anchor || anchor == pass.AnyOp:
			p.Steps = append(p.Steps, s)
			nested = nil
		case nested != nil && nested.Anchor == on:
			nested.Steps = append(nested.Steps, s)
		default:
			nested = p.Nest(on)
			nested.Steps = append(nested.Steps, s)
		}
	}
	return p, p.Validate()
}

// dumpPipeline writes the pipelines about to run on an op named anchor as
// mlir-opt's --dump-pass-pipeline does: one pass manager on anchor holding
// all their steps, printed one per line, nested pipelines indented, and a
// blank line after.
func dumpPipeline(w io.Writer, anchor string, ps []*pass.Pipeline) {
	all := joinPipelines(anchor, ps)
	fmt.Fprintf(w, "Pass Manager with %d passes:\n%s\n\n", len(all.Steps), all.Text(true))
}

// reproducerOptions are the settings of an input's mlir_reproducer
// resource, which --run-reproducer applies (MLIR's PassReproducerOptions);
// nil for one not given.
type reproducerOptions struct {
	pipeline                     *string
	disableThreading, verifyEach *bool
}

// take reads one entry of the mlir_reproducer resource.
func (r *reproducerOptions) take(e *ir.ResourceEntry) error {
	switch e.Key {
	case "pipeline":
		v, err := e.AsString()
		r.pipeline = &v
		return err
	case "disable_threading":
		v, err := e.AsBool()
		r.disableThreading = &v
		return err
	case "verify_each":
		v, err := e.AsBool()
		r.verifyEach = &v
		return err
	}
	return e.Errorf("unknown 'mlir_reproducer' resource key '%s'", e.Key)
}
