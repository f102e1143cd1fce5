package interp

import (
	"errors"

	"github.com/kiln-gpu/kiln/ir"
)

// coordinate runs the threads of wg as coroutines, one at a time, until
// all have returned. A thread runs until it returns or reaches a
// collective op; a collective completes when every thread it involves
// (the subgroup, or the workgroup for barriers and all_reduce) waits at
// that same op. When none can complete, the threads have diverged.
func (wg *workgroup) coordinate(k *kernel) error {
	runnable := wg.threads
	for {
		for _, t := range runnable {
			t.resume <- false
			<-wg.yield
		}
		runnable = nil
		var failed error
		for _, t := range wg.threads {
			if t.done && t.err != nil && !errors.Is(t.err, errAbort) {
				failed = t.err
				break
			}
		}
		if failed == nil {
			var err error
			runnable, err = wg.release(k)
			if err != nil {
				failed = err
			}
		}
		if failed != nil {
			wg.abort()
			return failed
		}
		if len(runnable) == 0 {
			return nil
		}
	}
}

// abort unwinds every thread that has not finished.
func (wg *workgroup) abort() {
	for _, t := range wg.threads {
		if !t.done {
			t.resume <- true
			<-wg.yield
		}
	}
}

// release completes the collectives that every involved thread reached and
// returns the threads to resume; none while threads still wait is an error.
func (wg *workgroup) release(k *kernel) ([]*thread, error) {
	var waiting []*thread
	done := 0
	for _, t := range wg.threads {
		if t.done {
			done++
		} else {
			waiting = append(waiting, t)
		}
	}
	if len(waiting) == 0 {
		return nil, nil
	}
	// A workgroup-wide op completes when all threads wait at it.
	first := waiting[0].at
	if waiting[0].coll.wide && done == 0 && allAt(waiting, first) {
		if err := waiting[0].coll.complete(first, waiting); err != nil {
			return nil, err
		}
		return waiting, nil
	}
	var out []*thread
	for s := int64(0); s*wg.sgSize < int64(len(wg.threads)); s++ {
		lo, hi := s*wg.sgSize, min((s+1)*wg.sgSize, int64(len(wg.threads)))
		group := wg.threads[lo:hi]
		op := group[0].at
		if op == nil || group[0].coll.wide || !allAt(group, op) {
			continue
		}
		if err := group[0].coll.complete(op, group); err != nil {
			return nil, err
		}
		out = append(out, group...)
	}
	if len(out) > 0 {
		return out, nil
	}
	return nil, wg.divergence(waiting, done)
}

func allAt(ts []*thread, op *ir.Operation) bool {
	for _, t := range ts {
		if t.done || t.at != op {
			return false
		}
	}
	return true
}

// divergence explains why no collective can complete.
func (wg *workgroup) divergence(waiting []*thread, done int) error {
	t := waiting[0]
	what := "workgroup"
	if !t.coll.wide {
		what = "subgroup"
	}
	if done > 0 {
		return t.at.Errorf("'%s' is not reached by every thread of its %s: %d threads returned while thread %v waits (deadlock)",
			t.at.Name(), what, done, t.tid)
	}
	for _, o := range waiting[1:] {
		if o.at != t.at {
			return t.at.Errorf("divergent synchronization: thread %v waits at '%s' while thread %v waits elsewhere (deadlock)",
				t.tid, t.at.Name(), o.tid).Note(o.at.Loc(), "thread %v waits here", o.tid)
		}
	}
	return t.at.Errorf("'%s' cannot complete: its %s is incomplete (deadlock)", t.at.Name(), what)
}
