package pass

import (
	"fmt"
	"os"
	"slices"
	"sync/atomic"
	"time"

	"github.com/kiln-gpu/kiln/ir"
)

// Pass is one transformation or analysis, given as data.
type Pass struct {
	// Name is the display name ("CSE", "Canonicalizer") used in IR dumps
	// and timing reports.
	Name string
	// Argument is the name in pipelines and on the command line ("cse").
	Argument string
	Summary  string
	// OpName is the op the pass runs on ("builtin.module"); empty: any op.
	OpName string
	// Options declares the pass's options, set from `pass{key=value}`.
	Options []Option
	// Init, when set, runs once per PassManager.Run before the pass runs on
	// any op, with the options as parsed: the place to build what every Run
	// shares, such as a pattern set.
	Init func(ctx *ir.Context, opts *Options) error
	// Run transforms op. It may run concurrently on sibling ops.
	Run func(op *ir.Operation, pc *Context) error
	// NameOption, when set, names the string option whose value is the
	// pass's display name in place of Name (composite-fixed-point-pass's
	// name=...).
	NameOption string
	// Statistics declares the counters the pass reports under
	// --mlir-pass-statistics (Context.AddStatistic), as MLIR's Statistic
	// members.
	Statistics []Statistic

	opts   *Options
	counts []atomic.Uint64
}

// Statistic declares one counter of a pass: its name and description as
// MLIR's Pass::Statistic.
type Statistic struct {
	Name, Desc string
}

// Context is what Run sees besides the op.
type Context struct {
	// Options are the pass's option values.
	Options *Options
	// Pass is the running pass.
	Pass *Pass

	run *runner
}

// DisplayName is the name IR dumps and timing reports show for the pass.
func (p *Pass) DisplayName() string {
	if p.NameOption != "" {
		return p.Opts().String(p.NameOption)
	}
	return p.Name
}

// Report writes text, as one piece, where the pass manager prints IR
// dumps (standard error unless Config.IROut says otherwise): what a pass
// prints on MLIR's llvm::errs().
func (c *Context) Report(text string) {
	if c.run == nil {
		fmt.Fprint(os.Stderr, text)
		return
	}
	c.run.outMu.Lock()
	defer c.run.outMu.Unlock()
	fmt.Fprint(c.run.out, text)
}

// RunPipeline runs a pipeline whose passes were initialized (InitPipeline)
// on op, within the running pass manager: its configuration (IR dumps,
// verification, threading, timing, where the pipeline shows under the
// running pass) applies to the pipeline's passes too, as MLIR's
// Pass::runPipeline.
func (c *Context) RunPipeline(p *Pipeline, op *ir.Operation) error {
	if !matches(p.Anchor, op) {
		return op.Errorf("can't run '%s' pass manager on '%s' op", p.Anchor, op.Name())
	}
	if c.run == nil {
		return New(p, Config{DisableThreading: true}).Run(op)
	}
	c.run.timePipeline(c.run.timer(c.Pass), p)
	return c.run.run(p, op)
}

// Analysis runs f, which computes an analysis of the op for the pass, and
// times it as "(A) name" under the pass in the --mlir-timing report, as
// MLIR's analysis manager does.
func (c *Context) Analysis(name string, f func()) {
	var t *timer
	if c.run != nil {
		t = c.run.timer(c.Pass).sub("(A) " + name)
	}
	start := time.Now()
	f()
	t.add(time.Since(start))
}

// AddStatistic adds n to the pass's declared statistic name; it is safe
// from concurrent runs of the pass.
func (c *Context) AddStatistic(name string, n int) {
	if s := c.statistic(name); s != nil {
		s.Add(uint64(n))
	}
}

// MaxStatistic raises the pass's declared statistic name to n if it is
// lower (MLIR's Statistic::updateMax).
func (c *Context) MaxStatistic(name string, n int) {
	s := c.statistic(name)
	for s != nil {
		old := s.Load()
		if uint64(n) <= old || s.CompareAndSwap(old, uint64(n)) {
			return
		}
	}
}

// statistic returns the counter of the running pass's statistic name, nil
// outside a pass manager.
func (c *Context) statistic(name string) *atomic.Uint64 {
	if c.Pass == nil {
		return nil
	}
	i := slices.IndexFunc(c.Pass.Statistics, func(s Statistic) bool { return s.Name == name })
	if i < 0 {
		panic(fmt.Sprintf("pass %s declares no statistic %q", c.Pass.Argument, name))
	}
	return &c.Pass.counters()[i]
}

// counters returns the pass's statistic values, creating them on first
// use (InitPipeline, before any goroutine runs the pass).
func (p *Pass) counters() []atomic.Uint64 {
	if p.counts == nil {
		p.counts = make([]atomic.Uint64, len(p.Statistics))
	}
	return p.counts
}

// Opts returns the pass's option values (the declared defaults until set).
func (p *Pass) Opts() *Options {
	if p.opts == nil {
		p.opts = newOptions(p.Options)
	}
	return p.opts
}

// text is the pass as a pipeline element: its argument and options.
func (p *Pass) text() string { return p.Argument + p.Opts().text() }

// SetOption sets one option from its text form.
func (p *Pass) SetOption(name, value string) error { return p.Opts().Set(name, value) }

// Registry maps pass arguments to constructors. A program builds it from
// the packages whose passes it offers; there is no global registration.
type Registry map[string]func() *Pass

// Add registers constructors under the Argument of the passes they build.
func (r Registry) Add(ctors ...func() *Pass) {
	for _, c := range ctors {
		r[c().Argument] = c
	}
}
