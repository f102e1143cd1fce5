package pass

import (
	"fmt"
	"strings"
)

// AnyOp is the anchor of a pipeline that runs on ops of any name.
const AnyOp = "any"

// Pipeline is a list of passes and nested pipelines that run, in order, on
// ops named Anchor (or any op when Anchor is AnyOp).
type Pipeline struct {
	Anchor string
	Steps  []Step
}

// Step is one element of a pipeline: a pass, or a nested pipeline that runs
// on the matching children of the op.
type Step struct {
	Pass   *Pass
	Nested *Pipeline
}

// NewPipeline returns an empty pipeline on ops named anchor.
func NewPipeline(anchor string) *Pipeline { return &Pipeline{Anchor: anchor} }

// AddPass appends a pass.
func (p *Pipeline) AddPass(ps *Pass) { p.Steps = append(p.Steps, Step{Pass: ps}) }

// Nest appends a nested pipeline on ops named anchor and returns it.
func (p *Pipeline) Nest(anchor string) *Pipeline {
	n := NewPipeline(anchor)
	p.Steps = append(p.Steps, Step{Nested: n})
	return n
}

// String prints the pipeline as MLIR's printAsTextualPipeline does, as
// text that Parse reads back, every option with its value:
// builtin.module(func.func(cse),symbol-dce).
func (p *Pipeline) String() string { return p.Text(false) }

// Text prints the pipeline as String does or, when pretty, as MLIR's
// pretty form (mlir-opt --dump-pass-pipeline): the anchor and '(', each
// step on a line of its own indented two more spaces, then ')' on a line.
func (p *Pipeline) Text(pretty bool) string {
	var b strings.Builder
	p.write(&b, pretty, "")
	return b.String()
}

func (p *Pipeline) write(b *strings.Builder, pretty bool, indent string) {
	b.WriteString(p.Anchor + "(")
	inner := indent + "  "
	if pretty {
		b.WriteByte('\n')
	}
	for i, s := range p.Steps {
		if i > 0 {
			b.WriteByte(',')
			if pretty {
				b.WriteByte('\n')
			}
		}
		if pretty {
			b.WriteString(inner)
		}
		if s.Nested != nil {
			s.Nested.write(b, pretty, inner)
			continue
		}
		b.WriteString(s.Pass.text())
	}
	if pretty {
		b.WriteString("\n" + indent)
	}
	b.WriteByte(')')
}

// Validate checks that every pass can run on its pipeline's ops: a pass
// anchored on an op name must be in a pipeline on that op (or on any op,
// where the check happens as it runs).
func (p *Pipeline) Validate() error {
	for _, s := range p.Steps {
		switch {
		case s.Nested != nil:
			if err := s.Nested.Validate(); err != nil {
				return err
			}
		case s.Pass == nil || s.Pass.Run == nil:
			return fmt.Errorf("pipeline on '%s' has a step without a pass", p.Anchor)
		case s.Pass.OpName != "" && p.Anchor != AnyOp && s.Pass.OpName != p.Anchor:
			return fmt.Errorf("can't add pass '%s' restricted to '%s' on a pipeline that runs on '%s', did you intend to nest?",
				s.Pass.Argument, s.Pass.OpName, p.Anchor)
		}
	}
	return nil
}

// passes calls fn on every pass of the pipeline and its nested pipelines.
func (p *Pipeline) passes(fn func(*Pass) error) error {
	for _, s := range p.Steps {
		var err error
		if s.Nested != nil {
			err = s.Nested.passes(fn)
		} else {
			err = fn(s.Pass)
		}
		if err != nil {
			return err
		}
	}
	return nil
}
