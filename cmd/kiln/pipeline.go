package main

import (
	"fmt"
	"io"
	"slices"
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
	ps, err := commandLinePipelines(m, o.pipeline, reg)
	if err != nil {
		return err
	}
	if o.dumpPipeline {
		dumpPipeline(stderr, m.Name(), ps)
	}
	for _, p := range ps {
		if err := pass.New(p, cfg).Run(m); err != nil {
			return err
		}
	}
	return nil
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
	all := pass.NewPipeline(anchor)
	for _, p := range ps {
		all.Steps = append(all.Steps, p.Steps...)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Pass Manager with %d passes:\n", len(all.Steps))
	writePrettyPipeline(&b, all, "")
	b.WriteString("\n\n")
	io.WriteString(w, b.String())
}

// writePrettyPipeline writes p as MLIR's pretty textual pipeline: the
// anchor and '(' on the first line, then each step on its own line
// indented two more spaces than indent, then ')'.
func writePrettyPipeline(b *strings.Builder, p *pass.Pipeline, indent string) {
	b.WriteString(p.Anchor + "(\n")
	inner := indent + "  "
	for i, s := range p.Steps {
		if i > 0 {
			b.WriteString(",\n")
		}
		b.WriteString(inner)
		if s.Nested != nil {
			writePrettyPipeline(b, s.Nested, inner)
			continue
		}
		b.WriteString(s.Pass.Argument)
		writeMLIROptions(b, s.Pass)
	}
	b.WriteString("\n" + indent + ")")
}

// writeMLIROptions writes a pass's options as MLIR's PassOptions::print:
// {name=value ...} sorted by name, every option with its value, a list as
// name={a,b} or nothing when it is empty (leaving its separating space), a
// string holding a space and no quote or brace before it in braces.
func writeMLIROptions(b *strings.Builder, p *pass.Pass) {
	if len(p.Options) == 0 {
		return
	}
	decls := slices.SortedFunc(slices.Values(p.Options), func(x, y pass.Option) int { return strings.Compare(x.Name, y.Name) })
	opts := p.Opts()
	b.WriteByte('{')
	for i, d := range decls {
		if i > 0 {
			b.WriteByte(' ')
		}
		switch d.Kind {
		case pass.ListOption:
			elems := opts.List(d.Name)
			if len(elems) == 0 {
				continue
			}
			for j, e := range elems {
				elems[j] = mlirOptionString(e)
			}
			b.WriteString(d.Name + "={" + strings.Join(elems, ",") + "}")
		case pass.IntOption:
			fmt.Fprintf(b, "%s=%d", d.Name, opts.Int(d.Name))
		case pass.BoolOption:
			fmt.Fprintf(b, "%s=%t", d.Name, opts.Bool(d.Name))
		default:
			b.WriteString(d.Name + "=" + mlirOptionString(opts.String(d.Name)))
		}
	}
	b.WriteByte('}')
}

// mlirOptionString is a string option's value as MLIR prints it: in braces
// when it holds a space not preceded by a quote or brace that escapes it.
func mlirOptionString(v string) string {
	space := strings.IndexByte(v, ' ')
	if space < 0 {
		return v
	}
	if esc := strings.IndexAny(v, "{'\""); esc >= 0 && esc < space {
		return v
	}
	return "{" + v + "}"
}
