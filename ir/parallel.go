package ir

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"sync"
	"sync/atomic"
)

// SetMultithreading says whether the IR library may use several
// goroutines for work on independent isolated-from-above ops (verifying
// and printing them), like MLIR's MLIRContext::disableMultithreading. It
// is on by default; --mlir-disable-threading turns it off.
func (c *Context) SetMultithreading(on bool) { c.singleThreaded.Store(!on) }

// Multithreading reports whether the context allows parallel work.
func (c *Context) Multithreading() bool { return !c.singleThreaded.Load() }

// ParallelFor runs fn(0..n-1), on up to GOMAXPROCS goroutines when the
// context allows it (a nil context does); see ParallelForN.
func ParallelFor(ctx *Context, n int, fn func(i int) error) error {
	workers := runtime.GOMAXPROCS(0)
	if ctx != nil && !ctx.Multithreading() {
		workers = 1
	}
	return ParallelForN(workers, n, fn)
}

// ParallelForN runs fn(0..n-1) on up to workers goroutines and returns the
// error of the lowest index that failed, as a loop in order would,
// whatever the scheduling. Once an index fails, the higher ones not yet
// started are skipped. A panic in fn goes on in the caller's goroutine,
// once the others stopped, as a *WorkerPanic, where a recover (the pass
// manager's) sees it.
func ParallelForN(workers, n int, fn func(i int) error) error {
	workers = min(workers, n)
	if workers <= 1 {
		for i := range n {
			if err := fn(i); err != nil {
				return err
			}
		}
		return nil
	}
	errs := make([]error, n)
	var next, firstFailed atomic.Int64
	firstFailed.Store(int64(n))
	var wg sync.WaitGroup
	var panicOnce sync.Once
	var panicked any
	for range workers {
		wg.Go(func() {
			defer func() {
				if v := recover(); v != nil {
					w, ok := v.(*WorkerPanic) // from a nested ParallelForN
					if !ok {
						w = &WorkerPanic{v, debug.Stack()}
					}
					panicOnce.Do(func() { panicked = w })
					firstFailed.Store(-1)
				}
			}()
			for {
				i := next.Add(1) - 1
				if i >= firstFailed.Load() {
					return
				}
				if errs[i] = fn(int(i)); errs[i] != nil {
					for f := firstFailed.Load(); i < f && !firstFailed.CompareAndSwap(f, i); f = firstFailed.Load() {
					}
				}
			}
		})
	}
	wg.Wait()
	if panicked != nil {
		panic(panicked)
	}
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// WorkerPanic is a panic of a ParallelForN worker, carried on in the
// caller's goroutine: its value and the worker's stack.
type WorkerPanic struct {
	Value any
	Stack []byte
}

func (p *WorkerPanic) String() string { return fmt.Sprint(p.Value) }
