package suite

import (
	"context"
	"fmt"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"time"
)

// Outcome is what running a test on a device gave.
type Outcome int

const (
	Pass Outcome = iota
	// Fail: an expectation did not hold (the message names the first
	// mismatch), or a RUN line or FileCheck failed.
	Fail
	// Unsupported: the device lacks a feature, extension or capability
	// the test needs, or the test uses something outside what Kiln runs;
	// the message names it.
	Unsupported
	// Error: the test could not be run (a malformed file, a shader that
	// does not compile, a kernel the runtime refuses).
	Error
	// XFail: a test of the --xfail list that failed, as expected.
	XFail
)

func (o Outcome) String() string {
	return [...]string{"PASS", "FAIL", "UNSUPPORTED", "ERROR", "XFAIL"}[o]
}

// A Result is one test on one device.
type Result struct {
	Test     Test
	Device   string // the device's name; "" when the test runs on none
	Outcome  Outcome
	Message  string
	Duration time.Duration
	// Abandoned is set when the test was still running at its timeout:
	// whatever it holds (a device in a dispatch) may never be released.
	Abandoned bool
}

// An Executor runs one test on device number dev (an index into the
// Config's Devices). It must honour ctx's deadline where it can.
type Executor func(ctx context.Context, t Test, dev int) Result

// Config says how to run a suite.
type Config struct {
	// Devices are the names of the devices of the matrix; every test
	// runs on each. A test kind that uses no device (none does yet) would
	// run once.
	Devices []string
	// Jobs is how many tests run at once (the CPU count when 0).
	Jobs int
	// Timeout bounds each test (none when 0). A test still running then
	// fails as timed out; the suite goes on without waiting for it.
	Timeout time.Duration
	// XFail names tests expected to fail, by path or by a trailing part
	// of it ("dir/t.amber" names "suite/dir/t.amber"): their failure is
	// XFail, their pass a failure.
	XFail map[string]bool
	// Exec runs one test on one device.
	Exec Executor
	// Done, when set, is called with each result as it comes, one call
	// at a time.
	Done func(r Result, done, total int)
}

// Run runs every test on every device and returns the results in test
// order, then device order.
func Run(ctx context.Context, cfg Config, tests []Test) []Result {
	devices := cfg.Devices
	if len(devices) == 0 {
		devices = []string{""}
	}
	jobs := cfg.Jobs
	if jobs <= 0 {
		jobs = runtime.NumCPU()
	}
	results := make([]Result, len(tests)*len(devices))
	work := make(chan int)
	var mu sync.Mutex
	done := 0
	var wg sync.WaitGroup
	for range min(jobs, len(results)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range work {
				r := runOne(ctx, cfg, tests[i/len(devices)], i%len(devices), devices[i%len(devices)])
				mu.Lock()
				results[i] = r
				done++
				if cfg.Done != nil {
					cfg.Done(r, done, len(results))
				}
				mu.Unlock()
			}
		}()
	}
	for i := range results {
		work <- i
	}
	close(work)
	wg.Wait()
	return results
}

func runOne(ctx context.Context, cfg Config, t Test, dev int, name string) Result {
	start := time.Now()
	tctx, cancel := ctx, context.CancelFunc(func() {})
	if cfg.Timeout > 0 {
		tctx, cancel = context.WithTimeout(ctx, cfg.Timeout)
	}
	defer cancel()
	ch := make(chan Result, 1)
	go func() { ch <- cfg.Exec(tctx, t, dev) }()
	var r Result
	select {
	case r = <-ch:
		if tctx.Err() == context.DeadlineExceeded && r.Outcome != Pass {
			r = Result{Outcome: Fail, Message: fmt.Sprintf("timed out after %v", cfg.Timeout)}
		}
	case <-tctx.Done():
		r = Result{Outcome: Fail, Message: fmt.Sprintf("timed out after %v", cfg.Timeout), Abandoned: true}
		if ctx.Err() != nil {
			r.Message = "interrupted"
		}
	}
	r.Test, r.Device, r.Duration = t, name, time.Since(start)
	if xfailed(cfg.XFail, t.Path) {
		switch r.Outcome {
		case Fail:
			r.Outcome, r.Message = XFail, "expected failure: "+r.Message
		case Pass:
			r.Outcome, r.Message = Fail, "passed, but the --xfail list expects it to fail"
		}
	}
	return r
}

func xfailed(list map[string]bool, path string) bool {
	path = filepath.ToSlash(path)
	for p := path; ; {
		if list[p] {
			return true
		}
		_, rest, ok := strings.Cut(p, "/")
		if !ok {
			return false
		}
		p = rest
	}
}
