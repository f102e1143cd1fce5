package pass

import (
	"cmp"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// Timing collects the execution times of a run for a report like MLIR's
// --mlir-timing. Entries form the pipeline's tree: a nested pipeline shows
// its wall time, and the passes under it the time they took summed over
// the ops they ran on (with threads, that sum can exceed the wall time).
// A program may add its own top-level entries, such as "Parser".
type Timing struct {
	// List lays the report out as MLIR's --mlir-timing-display=list: the
	// entries of the tree merged by name, slowest first.
	List  bool
	start time.Time
	mu    sync.Mutex
	top   []*timer
	byKey map[any]*timer
}

type timer struct {
	name     string
	total    atomic.Int64
	children []*timer
}

// add records a duration; a nil timer (timing off) ignores it.
func (t *timer) add(d time.Duration) {
	if t != nil {
		t.total.Add(int64(d))
	}
}

// NewTiming starts the clock of a report.
func NewTiming() *Timing { return &Timing{start: time.Now(), byKey: map[any]*timer{}} }

// Add records a top-level entry such as "Parser" or "Output".
func (t *Timing) Add(name string, d time.Duration) {
	t.mu.Lock()
	defer t.mu.Unlock()
	for _, e := range t.top {
		if e.name == name && e.children == nil {
			e.add(d)
			return
		}
	}
	e := &timer{name: name}
	e.add(d)
	t.top = append(t.top, e)
}

// forPipeline returns the timers of a pipeline's passes and nested
// pipelines, keyed by *Pass and *Pipeline, creating them on first use so
// that repeated runs accumulate.
func (t *Timing) forPipeline(p *Pipeline) map[any]*timer {
	t.mu.Lock()
	defer t.mu.Unlock()
	var build func(p *Pipeline) []*timer
	build = func(p *Pipeline) []*timer {
		var out []*timer
		for _, s := range p.Steps {
			var key any = s.Pass
			name := ""
			if s.Nested != nil {
				key, name = s.Nested, "'"+s.Nested.Anchor+"' Pipeline"
			} else {
				name = s.Pass.DisplayName()
			}
			tm, ok := t.byKey[key]
			if !ok {
				tm = &timer{name: name}
				t.byKey[key] = tm
			}
			if s.Nested != nil {
				tm.children = build(s.Nested)
			}
			out = append(out, tm)
		}
		return out
	}
	for _, tm := range build(p) {
		if !containsTimer(t.top, tm) {
			t.top = append(t.top, tm)
		}
	}
	timers := make(map[any]*timer, len(t.byKey))
	for k, v := range t.byKey {
		timers[k] = v
	}
	return timers
}

func containsTimer(ts []*timer, t *timer) bool {
	for _, x := range ts {
		if x == t {
			return true
		}
	}
	return false
}

// Report writes the report:
//
//	===-------------------------------------------------------------------------===
//	                         ... Execution time report ...
//	===-------------------------------------------------------------------------===
//	  Total Execution Time: 0.0135 seconds
//
//	  ----Wall Time----  ----Name----
//	    0.0062 ( 46.0%)  'func.func' Pipeline
//	    0.0031 ( 23.0%)    CSE
//	    0.0135 (100.0%)  Total
func (t *Timing) Report(w io.Writer) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	var sum time.Duration
	for _, tm := range t.top {
		sum += time.Duration(tm.total.Load())
	}
	// Entries added by the program may have been timed before NewTiming.
	total := max(time.Since(t.start), sum)
	var b strings.Builder
	rule := "===" + strings.Repeat("-", 73) + "===\n"
	b.WriteString(rule)
	b.WriteString("                         ... Execution time report ...\n")
	b.WriteString(rule)
	fmt.Fprintf(&b, "  Total Execution Time: %.4f seconds\n\n", total.Seconds())
	b.WriteString("  ----Wall Time----  ----Name----\n")
	line := func(d time.Duration, depth int, name string) {
		pct := 0.0
		if total > 0 {
			pct = 100 * float64(d) / float64(total)
		}
		fmt.Fprintf(&b, "  %8.4f (%5.1f%%)  %s%s\n", d.Seconds(), pct, strings.Repeat("  ", depth), name)
	}
	merged := map[string]time.Duration{}
	var walk func(ts []*timer, depth int)
	walk = func(ts []*timer, depth int) {
		for _, tm := range ts {
			if t.List {
				merged[tm.name] += time.Duration(tm.total.Load())
			} else {
				line(time.Duration(tm.total.Load()), depth, tm.name)
			}
			walk(tm.children, depth+1)
		}
	}
	walk(t.top, 0)
	names := slices.Sorted(maps.Keys(merged))
	slices.SortStableFunc(names, func(x, y string) int { return cmp.Compare(merged[y], merged[x]) })
	for _, name := range names {
		line(merged[name], 0, name)
	}
	if rest := total - sum; rest > 0 {
		line(rest, 0, "Rest")
	}
	line(total, 0, "Total")
	_, err := io.WriteString(w, b.String())
	return err
}
