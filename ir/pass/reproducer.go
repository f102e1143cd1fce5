package pass

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"sync"

	"github.com/kiln-gpu/kiln/ir"
)

// Reproducer asks a pass manager for MLIR's crash reproducer
// (--mlir-pass-pipeline-crash-reproducer): when a run fails (a pass fails,
// panics, or leaves IR that does not verify), it writes the IR as it was
// before the pipeline, with the pipeline in the file metadata,
//
//	{-#
//	  external_resources: {
//	    mlir_reproducer: {
//	      pipeline: "builtin.module(func.func(cse))",
//	      disable_threading: false,
//	      verify_each: true
//	    }
//	  }
//	#-}
//
// which `kiln opt --run-reproducer` (and mlir-opt's) runs again. The run
// then fails with MLIR's error naming the file, "Failures have been
// detected while processing an MLIR pass pipeline", and the failure itself
// goes to the context's diagnostic handler first.
type Reproducer struct {
	// Path is the file written.
	Path string
	// Local narrows the reproducer to the failing pass, run on the IR as
	// it was just before that pass (--mlir-pass-pipeline-local-reproducer).
	// It needs Config.DisableThreading.
	Local bool
}

// reproducerState is a run's Reproducer at work, as MLIR's
// PassCrashReproducerGenerator: the passes running, and the failures seen
// with what each would write.
type reproducerState struct {
	cfg        *Reproducer
	disableMT  bool
	verifyEach bool
	print      ir.PrintOptions
	// global is the run's pipeline on the IR before it; nil when Local.
	global *reproducerContext

	mu       sync.Mutex
	running  []runningPass
	failures []passFailure
}

type runningPass struct {
	pass *Pass
	op   *ir.Operation
}

// reproducerContext is what a reproducer holds.
type reproducerContext struct {
	pipeline string        // the pipeline, with the top-level op as anchor
	before   *ir.Operation // a copy of the top-level op, before it ran
}

// passFailure is a pass that failed: its op and error, the passes running
// then, and its reproducer.
type passFailure struct {
	op      *ir.Operation
	err     error
	running []runningPass
	ctx     *reproducerContext
}

// newReproducerState prepares the reproducer of pm's pipeline run on op.
func newReproducerState(pm *PassManager, op *ir.Operation) *reproducerState {
	s := &reproducerState{cfg: pm.Reproducer, disableMT: pm.DisableThreading, verifyEach: !pm.NoVerify, print: pm.PrintOptions}
	if !s.cfg.Local {
		p := *pm.Pipeline
		p.Anchor = op.Name()
		s.global = &reproducerContext{p.String(), op.Clone(ir.NewMapping())}
	}
	return s
}

// begin records that p starts on op. It returns the reproducer of a
// failure of p: the run's, or, when Local, a copy of the top-level op now
// with the pipeline of p alone, nested in the ops around op.
func (s *reproducerState) begin(p *Pass, op *ir.Operation) *reproducerContext {
	s.mu.Lock()
	s.running = append(s.running, runningPass{p, op})
	s.mu.Unlock()
	if !s.cfg.Local {
		return s.global
	}
	var scopes []string
	top := op
	for top.ParentOp() != nil {
		scopes = append(scopes, top.Name())
		top = top.ParentOp()
	}
	var b strings.Builder
	b.WriteString(top.Name() + "(")
	for _, name := range slices.Backward(scopes) {
		b.WriteString(name + "(")
	}
	b.WriteString(p.text())
	b.WriteString(strings.Repeat(")", len(scopes)+1))
	return &reproducerContext{b.String(), top.Clone(ir.NewMapping())}
}

// end records that p finished on op: when err is nil it succeeded, else
// the failure is kept for finish.
func (s *reproducerState) end(p *Pass, op *ir.Operation, c *reproducerContext, err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err != nil {
		// The passes running on op and around it, as with threading off:
		// which sibling ops' passes were running too is chance.
		var chain []runningPass
		for _, r := range s.running {
			if r.op.IsAncestorOf(op) {
				chain = append(chain, r)
			}
		}
		s.failures = append(s.failures, passFailure{op, err, chain, c})
		return
	}
	if i := slices.Index(s.running, runningPass{p, op}); i >= 0 {
		s.running = slices.Delete(s.running, i, i+1)
	}
}

// finish writes the reproducer of a run on root that failed with err and
// returns MLIR's error about it, nil when there is none to write (a local
// reproducer of a run that failed outside any pass). It picks the failure
// err is or wraps (the first, when a pass failed as a pipeline it ran did),
// whatever order parallel passes failed in; without one, the run's
// reproducer reports at root, as MLIR's finalize.
func (s *reproducerState) finish(root *ir.Operation, err error) *ir.Diagnostic {
	s.mu.Lock()
	defer s.mu.Unlock()
	var f *passFailure
	for i := range s.failures {
		if errors.Is(err, s.failures[i].err) {
			f = &s.failures[i]
			break
		}
	}
	switch {
	case f == nil && len(s.failures) > 0:
		f = &s.failures[0]
	case f == nil && s.global != nil:
		f = &passFailure{op: root, running: s.running, ctx: s.global}
	case f == nil:
		return nil
	}
	var note strings.Builder
	note.WriteString("Pipeline failed while executing ")
	running := f.running
	if s.cfg.Local {
		// The innermost pass, whose reproducer this is.
		running = running[len(running)-1:]
	} else {
		note.WriteByte('[')
	}
	for i, r := range running {
		if i > 0 {
			note.WriteString(", ")
		}
		fmt.Fprintf(&note, "`%s` on '%s' operation", r.pass.DisplayName(), r.op.Name())
		if name := ir.SymbolName(r.op); name != "" {
			note.WriteString(": @" + name)
		}
	}
	if !s.cfg.Local {
		note.WriteByte(']')
	}
	note.WriteString(": " + s.write(f.ctx))
	d := ir.Errorf(f.op.Loc(), "Failures have been detected while processing an MLIR pass pipeline")
	return d.Note(f.op.Loc(), "%s", note.String())
}

// write writes the reproducer c and says where, or why it could not, in
// MLIR's words.
func (s *reproducerState) write(c *reproducerContext) string {
	var buf bytes.Buffer
	opts := s.print
	if ir.Verify(c.before) != nil {
		// As MLIR's printer, an invalid op prints generic.
		opts.Generic = true
	}
	err := ir.PrintWithResources(&buf, c.before, opts, "mlir_reproducer", []ir.ExternalResource{
		{Key: "pipeline", Value: c.pipeline},
		{Key: "disable_threading", Value: s.disableMT},
		{Key: "verify_each", Value: s.verifyEach},
	})
	if err == nil {
		err = os.WriteFile(s.cfg.Path, buf.Bytes(), 0o666)
	}
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return fmt.Sprintf("failed to create output stream: Failed to create reproducer stream: cannot open output file '%s': %v", s.cfg.Path, err)
	}
	return "reproducer generated at `" + s.cfg.Path + "`"
}
