package ir_test

import (
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/ir"
)

// manyFunctions is a module of n isolated t.fn ops, after a value at the
// top level, so that each function's numbering starts after it; functions
// bad and bad+3 use a value before its definition.
func manyFunctions(n int, bad int) string {
	var b strings.Builder
	b.WriteString("%top = \"t.def\"() : () -> i32\n")
	for i := range n {
		fmt.Fprintf(&b, "\"t.fn\"() ({\n^bb0(%%a: i32):\n")
		b.WriteString("  %x = \"t.def\"() : () -> i32\n  %y = \"t.same\"(%x, %a) : (i32, i32) -> i32\n")
		if i == bad || i == bad+3 {
			b.WriteString("  \"t.use\"(%z) : (i32) -> ()\n  %z = \"t.def\"() : () -> i32\n")
		}
		b.WriteString("  \"t.br\"(%y) [^bb1] : (i32) -> ()\n^bb1(%r: i32):\n  \"t.ret\"(%r) : (i32) -> ()\n}) : () -> ()\n")
	}
	return b.String()
}

// TestParallelMatchesSequential checks that verifying and printing many
// isolated ops on several goroutines gives the text and the first error
// that one goroutine gives.
func TestParallelMatchesSequential(t *testing.T) {
	run := func(src string, threads bool) (string, error) {
		ctx := ir.NewContext(testDialect)
		ctx.SetMultithreading(threads)
		m, err := ir.Parse(ctx, src, "p.mlir")
		if err != nil {
			t.Fatal(err)
		}
		return ir.OpString(m, ir.PrintOptions{}), ir.Verify(m)
	}
	src := manyFunctions(300, -10)
	seq, err := run(src, false)
	if err != nil {
		t.Fatal(err)
	}
	par, err := run(src, true)
	if err != nil {
		t.Fatal(err)
	}
	if seq != par {
		t.Fatalf("parallel printing differs from sequential")
	}
	// Numbers in each function start after the top level's %0.
	if want := "%1 = \"t.def\"() : () -> i32"; strings.Count(par, want) != 300 {
		t.Errorf("want %q in each function, got:\n%.400s", want, par)
	}
	for _, bad := range []int{0, 150, 296} {
		_, seqErr := run(manyFunctions(300, bad), false)
		_, parErr := run(manyFunctions(300, bad), true)
		if seqErr == nil || parErr == nil || seqErr.Error() != parErr.Error() {
			t.Errorf("bad function %d: sequential %v, parallel %v", bad, seqErr, parErr)
		}
	}
}

// TestParallelPrintingStreams prints, to a writer, more batches of
// functions than the printer keeps ahead of its writing (4*GOMAXPROCS of
// 32), so that each worker printer is reused: the text is one printer's.
func TestParallelPrintingStreams(t *testing.T) {
	src := manyFunctions((4*runtime.GOMAXPROCS(0)+3)*32, -10)
	printed := func(threads bool) string {
		ctx := ir.NewContext(testDialect)
		ctx.SetMultithreading(threads)
		m, err := ir.Parse(ctx, src, "p.mlir")
		if err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		if err := ir.Print(&b, m, ir.PrintOptions{}); err != nil {
			t.Fatal(err)
		}
		return b.String()
	}
	seq, par := printed(false), printed(true)
	if seq != par {
		t.Fatalf("parallel printing differs from sequential")
	}
	if want := "%1 = \"t.def\"() : () -> i32"; strings.Count(par, want) != (4*runtime.GOMAXPROCS(0)+3)*32 {
		t.Errorf("want %q in each function, got:\n%.400s", want, par)
	}
}

// TestIsolatedOpsWithOperands verifies many isolated ops that take
// operands from the block around them, in parallel: their operands are
// checked by the walk of that block (run it with -race: siblings must not
// renumber the shared block concurrently), so a use before the definition
// is still found, in the first op in order.
func TestIsolatedOpsWithOperands(t *testing.T) {
	build := func(badAt int) string {
		var b strings.Builder
		b.WriteString("\"t.fn\"() ({\n  %v = \"t.def\"() : () -> i32\n")
		for i := range 40 {
			if i == badAt {
				b.WriteString("  \"t.iso\"(%late) ({\n    \"t.ret\"() : () -> ()\n  }) : (i32) -> ()\n")
			}
			b.WriteString("  \"t.iso\"(%v) ({\n    \"t.ret\"() : () -> ()\n  }) : (i32) -> ()\n")
		}
		b.WriteString("  %late = \"t.def\"() : () -> i32\n  \"t.ret\"() : () -> ()\n}) : () -> ()\n")
		return b.String()
	}
	for _, threads := range []bool{false, true} {
		ctx := ir.NewContext(testDialect)
		ctx.SetMultithreading(threads)
		good, err := ir.Parse(ctx, build(-1), "iso.mlir")
		if err != nil {
			t.Fatal(err)
		}
		// An op inserted in the middle leaves the block's order to be
		// renumbered by the first dominance check that reads it.
		body := good.Region(0).Entry().First().Region(0).Entry()
		b := ir.NewBuilder(ctx)
		b.SetInsertionPointBefore(body.First().NextOp())
		b.Create(&ir.OpState{Name: "t.def", ResultTypes: []ir.Type{ctx.I(32)}})
		if err := ir.Verify(good); err != nil {
			t.Errorf("threads %v: %v", threads, err)
		}
		bad, err := ir.Parse(ctx, build(17), "iso.mlir")
		if err != nil {
			t.Fatal(err)
		}
		err = ir.Verify(bad)
		if err == nil || !strings.Contains(err.Error(), "iso.mlir:54:3: error: 't.iso' op operand #0 does not dominate this use") {
			t.Errorf("threads %v: want the use of %%late before its definition, got %v", threads, err)
		}
	}
}

// TestParallelPrintingAliases prints functions that use affine maps: the
// #map aliases, found by a dry run that workers split, keep their
// first-use order.
func TestParallelPrintingAliases(t *testing.T) {
	var b strings.Builder
	for i := range 30 {
		fmt.Fprintf(&b, "\"t.fn\"() ({\n  \"t.use\"() {m = affine_map<(d0) -> (d0 + %d)>, n = affine_map<(d0) -> (d0 * 2)>} : () -> ()\n  \"t.ret\"() : () -> ()\n}) : () -> ()\n", 30-i)
	}
	printed := func(threads bool) string {
		ctx := ir.NewContext(testDialect)
		ctx.SetMultithreading(threads)
		m, err := ir.Parse(ctx, b.String(), "maps.mlir")
		if err != nil {
			t.Fatal(err)
		}
		return string(ir.PrintBytes(m, ir.PrintOptions{}))
	}
	seq, par := printed(false), printed(true)
	if seq != par {
		t.Fatalf("parallel printing differs:\n%s\n---\n%s", seq, par)
	}
	if !strings.HasPrefix(seq, "#map = affine_map<(d0) -> (d0 + 30)>\n#map1 = affine_map<(d0) -> (d0 * 2)>\n#map2 = affine_map<(d0) -> (d0 + 29)>\n") {
		t.Errorf("aliases not in first-use order:\n%.300s", seq)
	}
}

// Distinct attributes are numbered in the order a sequential printer
// prints them, whichever worker prints them.
func TestParallelPrintingDistinct(t *testing.T) {
	var b strings.Builder
	for i := range 60 {
		fmt.Fprintf(&b, "\"t.fn\"() ({\n  \"t.use\"() {a = distinct[%d]<>, b = distinct[%d]<%d : i32>, c = distinct[7]<>} : () -> ()\n  \"t.ret\"() : () -> ()\n}) : () -> ()\n", 500-i, 1000+i%5, i%5)
	}
	for _, opts := range []ir.PrintOptions{{}, {LocalScope: true}} {
		printed := func(threads bool) (string, string) {
			ctx := ir.NewContext(testDialect)
			ctx.SetMultithreading(threads)
			m, err := ir.Parse(ctx, b.String(), "distinct.mlir")
			if err != nil {
				t.Fatal(err)
			}
			return string(ir.PrintBytes(m, opts)), m.String()
		}
		seq, seqString := printed(false)
		par, parString := printed(true)
		if seq != par || seqString != parString {
			t.Fatalf("parallel printing differs:\n%s\n---\n%s", seq, par)
		}
		for _, text := range []string{seq, seqString} {
			// The numbers first printed are 0, 1, 2, ... in text order.
			next := 0
			seen := map[string]bool{}
			for _, part := range strings.Split(text, "distinct[")[1:] {
				id := part[:strings.IndexByte(part, ']')]
				if !seen[id] {
					seen[id] = true
					if id != fmt.Sprint(next) {
						t.Fatalf("distinct[%s] printed first where %d was due:\n%.600s", id, next, text)
					}
					next++
				}
			}
			if next != 60+5+1 {
				t.Errorf("%d distinct attributes printed, want 66", next)
			}
		}
	}
}
