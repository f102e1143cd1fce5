package pass

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/kiln-gpu/kiln/ir"
)

// Config holds the pass manager's switches, named after mlir-opt's flags.
type Config struct {
	// DisableThreading runs nested pipelines one op at a time
	// (--mlir-disable-threading).
	DisableThreading bool
	// Workers bounds the goroutines of a parallel nested pipeline; 0 means
	// GOMAXPROCS.
	Workers int
	// NoVerify skips ir.Verify after each pass (--verify-each=false).
	NoVerify bool
	// PrintBefore and PrintAfter dump the IR a pass runs on before and after
	// it (--mlir-print-ir-before-all, --mlir-print-ir-after-all), to IROut
	// (standard error when nil), printed with PrintOptions.
	PrintBefore, PrintAfter bool
	// PrintBeforePasses and PrintAfterPasses dump the IR around the passes
	// with these arguments only (--mlir-print-ir-before=cse,...).
	PrintBeforePasses, PrintAfterPasses []string
	// PrintAfterChange prints an after-dump only when the pass changed the
	// IR (--mlir-print-ir-after-change).
	PrintAfterChange bool
	// PrintAfterFailure prints the IR after a pass that failed, and no
	// other after-dump (--mlir-print-ir-after-failure).
	PrintAfterFailure bool
	// PrintModuleScope dumps the whole top-level op instead of the op the
	// pass runs on (--mlir-print-ir-module-scope); it needs
	// DisableThreading.
	PrintModuleScope bool
	// IRTreeDir, when set, sends each IR dump to a file of its own under
	// this directory instead of IROut (--mlir-print-ir-tree-dir).
	IRTreeDir    string
	PrintOptions ir.PrintOptions
	IROut        io.Writer
	// Timing, when set, records how long each pass takes (--mlir-timing).
	Timing *Timing
	// ActionLog, when set, receives a line as each pass starts and ends on
	// an op, in MLIR's action log format (--log-actions-to).
	ActionLog io.Writer
	// Reproducer, when set, writes a reproducer of a failed run.
	Reproducer *Reproducer
}

// PassManager runs a pipeline with a configuration.
type PassManager struct {
	Pipeline *Pipeline
	Config
}

// New returns a pass manager for the pipeline.
func New(p *Pipeline, cfg Config) *PassManager { return &PassManager{Pipeline: p, Config: cfg} }

// Run runs the pipeline on op, which must match its anchor. It returns the
// first failure as a located *ir.Diagnostic that names the pass.
func (pm *PassManager) Run(op *ir.Operation) error {
	if err := pm.Pipeline.Validate(); err != nil {
		return err
	}
	if !matches(pm.Pipeline.Anchor, op) {
		return op.Errorf("can't run '%s' pass manager on '%s' op", pm.Pipeline.Anchor, op.Name())
	}
	printsIR := pm.PrintBefore || pm.PrintAfter || pm.PrintAfterFailure || len(pm.PrintBeforePasses) > 0 || len(pm.PrintAfterPasses) > 0
	if pm.PrintModuleScope && printsIR && !pm.DisableThreading {
		// Another goroutine could be changing the module while it prints.
		return errors.New("IR printing can't be setup on a pass-manager without disabling multi-threading first.")
	}
	if pm.Reproducer != nil && pm.Reproducer.Local && !pm.DisableThreading {
		// MLIR's words; it stops with them.
		return errors.New("Local crash reproduction can't be setup on a pass-manager without disabling multi-threading first.")
	}
	if err := InitPipeline(pm.Pipeline, op.Context()); err != nil {
		return err
	}
	r := &runner{pm: pm, out: pm.IROut}
	if r.out == nil {
		r.out = os.Stderr
	}
	if pm.Timing != nil {
		r.timers = pm.Timing.forPipeline(pm.Pipeline)
	}
	if pm.Reproducer == nil {
		return r.run(pm.Pipeline, op)
	}
	r.repro = newReproducerState(pm, op)
	err := r.run(pm.Pipeline, op)
	if err == nil {
		return nil
	}
	report := r.repro.finish(op, err)
	if report == nil {
		return err
	}
	// As in MLIR, the failure is reported first, then the reproducer.
	var d *ir.Diagnostic
	if errors.As(err, &d) {
		op.Context().Emit(d)
	}
	return report
}

// InitPipeline creates the options of p's passes and runs their Init, as a
// pass manager does before running p; a pass that runs a pipeline of its
// own (Context.RunPipeline) calls it from its Init.
func InitPipeline(p *Pipeline, ctx *ir.Context) error {
	// Options are created here, before any goroutine reads them.
	return p.passes(func(p *Pass) error {
		opts := p.Opts()
		p.counters()
		if p.Init == nil {
			return nil
		}
		if err := p.Init(ctx, opts); err != nil {
			return fmt.Errorf("pass '%s' failed to initialize: %w", p.Argument, err)
		}
		return nil
	})
}

func matches(anchor string, op *ir.Operation) bool { return anchor == AnyOp || anchor == op.Name() }

// runner is one PassManager.Run.
type runner struct {
	pm    *PassManager
	out   io.Writer
	outMu sync.Mutex
	// timers are the timing entries of the passes and nested pipelines,
	// keyed by *Pass and *Pipeline; pipelines a pass runs add theirs.
	timersMu sync.RWMutex
	timers   map[any]*timer
	// dumps counts the IRTreeDir dumps of each op (from 0; an ancestor
	// named in a path before its first dump counts as 0 there).
	dumps map[*ir.Operation]int
	// repro is the crash reproducer at work, nil when off.
	repro *reproducerState
}

func (r *runner) run(p *Pipeline, op *ir.Operation) error {
	for _, s := range p.Steps {
		var err error
		if s.Nested != nil {
			err = r.runNested(s.Nested, op)
		} else {
			err = r.runPass(s.Pass, op)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

func (r *runner) runPass(p *Pass, op *ir.Operation) (err error) {
	if p.OpName != "" && p.OpName != op.Name() {
		return op.Errorf("trying to schedule pass '%s' on an unsupported operation", p.Argument)
	}
	if r.pm.PrintBefore || slices.Contains(r.pm.PrintBeforePasses, p.Argument) {
		r.dump("Before "+p.DisplayName(), p, op, r.pm.PrintOptions)
	}
	printAfter := r.pm.PrintAfter || r.pm.PrintAfterFailure || slices.Contains(r.pm.PrintAfterPasses, p.Argument)
	var before string
	if printAfter && r.pm.PrintAfterChange {
		before = fingerprint(op)
	}
	if r.repro != nil {
		c := r.repro.begin(p, op)
		defer func() { r.repro.end(p, op, c, err) }()
	}
	r.logAction("begins (no breakpoint) Action `pass-execution` running `%s` on Operation `%s``", p.DisplayName(), op.Name())
	start := time.Now()
	panicked, err := runSafely(p, op, &Context{Options: p.Opts(), Pass: p, run: r})
	r.timer(p).add(time.Since(start))
	r.logAction("completed `pass-execution`")
	invalid := false
	if err == nil && !r.pm.NoVerify {
		// The verifier's diagnostic alone, as MLIR reports it; as there,
		// IR that does not verify fails the pass.
		err = ir.Verify(op)
		invalid = err != nil
	}
	if err != nil {
		if panicked {
			// The IR may be half changed: nothing prints it.
			return err
		}
		// A pass that failed with a diagnostic has said what went wrong, as
		// in MLIR (whose tests expect no more); other errors get a location.
		if printAfter {
			// As MLIR, IR a failed pass left invalid prints generic.
			opts := r.pm.PrintOptions
			if invalid || ir.Verify(op) != nil {
				opts.Generic = true
			}
			r.dump("After "+p.DisplayName()+" Failed", p, op, opts)
		}
		var d *ir.Diagnostic
		if errors.As(err, &d) {
			return d
		}
		return ir.Errorf(op.Loc(), "pass '%s' failed on this '%s' op: %v", p.Argument, op.Name(), err)
	}
	if printAfter && !r.pm.PrintAfterFailure && (!r.pm.PrintAfterChange || fingerprint(op) != before) {
		r.dump("After "+p.DisplayName(), p, op, r.pm.PrintOptions)
	}
	return nil
}

// runSafely runs p on op, turning a panic into a located error: a bug in
// the pass, whose Go stack the error carries for a report.
func runSafely(p *Pass, op *ir.Operation, pc *Context) (panicked bool, err error) {
	defer func() {
		if v := recover(); v != nil {
			stack := debug.Stack()
			if w, ok := v.(*ir.WorkerPanic); ok {
				v, stack = w.Value, w.Stack
			}
			err = ir.Errorf(op.Loc(), "pass '%s' panicked on this '%s' op: %v", p.Argument, op.Name(), v).
				Note(op.Loc(), "a bug in Kiln; the Go stack of the panic:\n%s", stack)
			panicked = true
		}
	}()
	return false, p.Run(op, pc)
}

// runNested runs p on the children of op that match its anchor, in
// parallel when there are several and threading is on. Errors are
// reported in the children's order, whatever order they happened in.
func (r *runner) runNested(p *Pipeline, op *ir.Operation) error {
	var children []*ir.Operation
	for _, reg := range op.Regions() {
		for b := range reg.Blocks() {
			for c := range b.Ops() {
				if !matches(p.Anchor, c) {
					continue
				}
				if c.IsRegistered() && c.HasTrait(ir.IsolatedFromAbove) {
					children = append(children, c)
				} else if p.Anchor != AnyOp {
					// Passes on c could touch values of its parent while a
					// sibling's passes run: MLIR refuses it too.
					return c.Errorf("trying to schedule a pass on an operation not marked as 'IsolatedFromAbove'")
				}
			}
		}
	}
	start := time.Now()
	defer func() { r.timer(p).add(time.Since(start)) }()
	workers := r.pm.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	if r.pm.DisableThreading {
		workers = 1
	}
	return ir.ParallelForN(workers, len(children), func(i int) error { return r.run(p, children[i]) })
}

// timer returns the timing entry of a pass or pipeline, nil when timing
// is off.
func (r *runner) timer(key any) *timer {
	r.timersMu.RLock()
	defer r.timersMu.RUnlock()
	return r.timers[key]
}

// timePipeline adds, under parent (the entry of the pass running p), the
// entries of p and its steps, as MLIR's timing shows a pipeline a pass
// runs; entries of the same name merge, so runs on many ops add up.
func (r *runner) timePipeline(parent *timer, p *Pipeline) {
	if parent == nil {
		return
	}
	pt := parent.sub("'" + p.Anchor + "' Pipeline")
	r.timersMu.Lock()
	r.timers[p] = pt
	r.timersMu.Unlock()
	for _, s := range p.Steps {
		if s.Nested != nil {
			r.timePipeline(pt, s.Nested)
			continue
		}
		t := pt.sub(s.Pass.DisplayName())
		r.timersMu.Lock()
		r.timers[s.Pass] = t
		r.timersMu.Unlock()
	}
}

// logAction writes a line of the action log. Kiln's goroutines have no
// thread names or ids to show: every line says thread 0.
func (r *runner) logAction(format string, args ...any) {
	if r.pm.ActionLog == nil {
		return
	}
	r.outMu.Lock()
	defer r.outMu.Unlock()
	fmt.Fprintf(r.pm.ActionLog, "[thread 0] "+format+"\n", args...)
}

// dump prints the IR a pass runs on, with MLIR's header, which shows the
// pass as a pipeline element, options included, so that the dump can be
// rerun through that pass alone (LLVM PR 195198):
// // -----// IR Dump After CSE: cse //----- //
// At module scope the header names the op and the whole top-level op
// prints.
func (r *runner) dump(what string, p *Pass, op *ir.Operation, opts ir.PrintOptions) {
	scope, top := "", op
	if r.pm.PrintModuleScope {
		scope = fmt.Sprintf(" ('%s' operation", op.Name())
		if name, ok := op.Attr("sym_name").(*ir.StringAttr); ok {
			scope += ": @" + name.Value
		}
		scope += ")"
		for top.ParentOp() != nil {
			top = top.ParentOp()
		}
	}
	text := fmt.Sprintf("// -----// IR Dump %s: %s%s //----- //\n%s\n\n", what, p.text(), scope, ir.OpString(top, opts))
	r.outMu.Lock()
	defer r.outMu.Unlock()
	if r.pm.IRTreeDir == "" {
		fmt.Fprint(r.out, text)
		return
	}
	path, err := r.treePath(p, op)
	if err == nil {
		if err = os.WriteFile(path, []byte(text), 0o666); err != nil {
			err = fmt.Errorf("Error opening output file %s: %v", path, pathErr(err))
		}
	}
	if err != nil {
		// As MLIR, a dump that cannot be written is reported and skipped.
		fmt.Fprintln(r.out, err)
	}
}

// pathErr is the reason of a file system error without the path it
// names, which MLIR's messages give themselves.
func pathErr(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// treePath returns the file of a dump of op under IRTreeDir, creating its
// directories, as MLIR's FileTreeIRPrinterConfig names them: a directory
// per op from the top-level one down to op, "<op name with _ for .>_<symbol
// name or no-symbol-name>", and the file "<count>_..._<count>_<pass>.mlir"
// with the dump counts of those ops.
func (r *runner) treePath(p *Pass, op *ir.Operation) (string, error) {
	if r.dumps == nil {
		r.dumps = map[*ir.Operation]int{}
	}
	if n, ok := r.dumps[op]; ok {
		r.dumps[op] = n + 1
	} else {
		r.dumps[op] = 0
	}
	var dirs, counts []string
	for o := op; o != nil; o = o.ParentOp() {
		counts = append(counts, strconv.Itoa(r.dumps[o]))
		if _, ok := r.dumps[o]; !ok {
			r.dumps[o] = 0
		}
		sym := "no-symbol-name"
		if name, ok := o.Attr("sym_name").(*ir.StringAttr); ok {
			sym = strings.NewReplacer("/", "_", "\\", "_").Replace(name.Value)
		}
		dirs = append(dirs, strings.ReplaceAll(o.Name(), ".", "_")+"_"+sym)
	}
	slices.Reverse(dirs)
	slices.Reverse(counts)
	dir := filepath.Join(append([]string{r.pm.IRTreeDir}, dirs...)...)
	if err := os.MkdirAll(dir, 0o777); err != nil {
		failed := dir
		var pe *fs.PathError
		if errors.As(err, &pe) {
			failed = pe.Path
		}
		return "", fmt.Errorf("Error while creating directory %s: %v", failed, pathErr(err))
	}
	return filepath.Join(dir, strings.Join(counts, "_")+"_"+p.Argument+".mlir"), nil
}

// fingerprint is op's IR in a form that changes whenever the op, its
// attributes, locations or anything nested in it does (MLIR's
// OperationFingerPrint).
func fingerprint(op *ir.Operation) string {
	return ir.OpString(op, ir.PrintOptions{Generic: true, DebugInfo: true})
}
