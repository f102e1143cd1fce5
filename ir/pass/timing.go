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
	List bool
	// JSON writes the report as MLIR's --mlir-output-format=json.
	JSON  bool
	start time.Time
	mu    sync.Mutex
	top   []*timer
	byKey map[any]*timer
}

type timer struct {
	name     string
	total    atomic.Int64
	children []*timer
	// subs are the entries added while a pass runs: its "(A) name"
	// analyses and the pipelines it runs.
	mu   sync.Mutex
	subs []*timer
}

// nested returns the entries under t: its pipeline's, then those added
// while it ran.
func (t *timer) nested() []*timer {
	t.mu.Lock()
	defer t.mu.Unlock()
	return append(slices.Clip(t.children), t.subs...)
}

// sub returns t's added entry of that name, creating it on first use; a
// nil timer (timing off) has none.
func (t *timer) sub(name string) *timer {
	if t == nil {
		return nil
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	for _, a := range t.subs {
		if a.name == name {
			return a
		}
	}
	a := &timer{name: name}
	t.subs = append(t.subs, a)
	return a
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

// Report writes the report, as MLIR's text output:
//
//	===-------------------------------------------------------------------------===
//	                         ... Execution time report ...
//	===-------------------------------------------------------------------------===
//	  Total Execution Time: 0.0135 seconds
//
//	  ----Wall Time----  ----Name----
//	    0.0062 ( 46.0%)  'func.func' Pipeline
//	    0.0031 ( 23.0%)    CSE
//	    0.0001 (  0.7%)      (A) DominanceInfo
//	    0.0073 ( 54.0%)  Rest
//	    0.0135 (100.0%)  Total
//
// or, with JSON, as its --mlir-output-format=json: a JSON array of the
// same entries, a tree entry holding its children in "passes".
func (t *Timing) Report(w io.Writer) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	var sum time.Duration
	for _, tm := range t.top {
		sum += time.Duration(tm.total.Load())
	}
	// Entries added by the program may have been timed before NewTiming.
	total := max(time.Since(t.start), sum)
	pct := func(d time.Duration) float64 {
		if total <= 0 {
			return 0
		}
		return 100 * float64(d) / float64(total)
	}
	var b strings.Builder
	if t.JSON {
		b.WriteString("[\n")
	} else {
		rule := "===" + strings.Repeat("-", 73) + "===\n"
		b.WriteString(rule)
		b.WriteString("                         ... Execution time report ...\n")
		b.WriteString(rule)
		fmt.Fprintf(&b, "  Total Execution Time: %.4f seconds\n\n", total.Seconds())
		b.WriteString("  ----Wall Time----  ----Name----\n")
	}
	wall := func(d time.Duration) string {
		return fmt.Sprintf(`"wall": {"duration": %8.4f, "percentage": %5.1f}`, d.Seconds(), pct(d))
	}
	entry := func(d time.Duration, name string, last bool) {
		if !t.JSON {
			fmt.Fprintf(&b, "  %8.4f (%5.1f%%)  %s\n", d.Seconds(), pct(d), name)
			return
		}
		comma := ","
		if last {
			comma = ""
		}
		fmt.Fprintf(&b, "{%s, \"name\": \"%s\"}%s\n", wall(d), name, comma)
	}
	var tree func(ts []*timer, depth int)
	tree = func(ts []*timer, depth int) {
		for _, tm := range ts {
			d, pad := time.Duration(tm.total.Load()), strings.Repeat("  ", depth)
			if t.JSON {
				fmt.Fprintf(&b, "%s{%s, \"name\": \"%s\", \"passes\": [\n", pad, wall(d), tm.name)
			} else {
				entry(d, pad+tm.name, false)
			}
			tree(tm.nested(), depth+1)
			if t.JSON {
				fmt.Fprintf(&b, "%s{}]},\n", pad)
			}
		}
	}
	if t.List {
		// As MLIR's, the hidden root entry is in the list too.
		merged := map[string]time.Duration{"root": total}
		var walk func(ts []*timer)
		walk = func(ts []*timer) {
			for _, tm := range ts {
				merged[tm.name] += time.Duration(tm.total.Load())
				walk(tm.nested())
			}
		}
		walk(t.top)
		names := slices.Sorted(maps.Keys(merged))
		slices.SortStableFunc(names, func(x, y string) int { return cmp.Compare(merged[y], merged[x]) })
		for _, name := range names {
			entry(merged[name], name, false)
		}
	} else {
		tree(t.top, 0)
	}
	entry(max(total-sum, 0), "Rest", false)
	entry(total, "Total", true)
	if t.JSON {
		b.WriteString("]\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}
