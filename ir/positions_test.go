package ir

import (
	"sync"
	"testing"
)

// TestPositionsUnique asks for the same positions from several goroutines,
// and for a far line before the index grows to it: each position is made
// once, with an identity of its own.
func TestPositionsUnique(t *testing.T) {
	c := NewContext()
	far := c.FileLineColLoc("f.mlir", 1_000_000, 3)
	const workers, lines = 4, 3000
	got := make([][]*FileLineColLoc, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range lines {
				line := (i*(w+1)*31 + w) % lines
				got[w] = append(got[w], c.FileLineColLoc("f.mlir", line, line%7+1))
			}
		}()
	}
	wg.Wait()
	byPos := map[[2]int]*FileLineColLoc{}
	ids := map[uint64]bool{far.uniqueID(): true}
	for _, ls := range got {
		for _, l := range ls {
			k := [2]int{int(l.Line), int(l.Col)}
			if prev, ok := byPos[k]; ok {
				if prev != l {
					t.Fatalf("%d:%d made twice", l.Line, l.Col)
				}
				continue
			}
			byPos[k] = l
			if ids[l.uniqueID()] {
				t.Fatalf("identity %d shared", l.uniqueID())
			}
			ids[l.uniqueID()] = true
		}
	}
	if len(byPos) != lines {
		t.Fatalf("%d positions, want %d", len(byPos), lines)
	}
	// Grow the index past the far line, a slack at a time.
	for line := 0; line <= 1_000_000; line += lineSlack / 2 {
		c.FileLineColLoc("f.mlir", line, 1)
	}
	if again := c.FileLineColLoc("f.mlir", 1_000_000, 3); again != far {
		t.Fatal("far position made again once indexed")
	}
}

// TestPositionsFarAndReserved makes far positions while other goroutines
// grow the index past them: each position is still made once.
func TestPositionsFarAndReserved(t *testing.T) {
	for round := range 20 {
		c := NewContext()
		tab := c.positionsOf("g.mlir")
		const far = 100_000
		var wg sync.WaitGroup
		got := make([]*FileLineColLoc, 4)
		for w := range 4 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if w == round%4 {
					tab.reserve(far + 10)
				}
				got[w] = tab.position(far+5, 2)
			}()
		}
		wg.Wait()
		for _, l := range got[1:] {
			if l != got[0] {
				t.Fatalf("round %d: position made twice", round)
			}
		}
		if again := tab.position(far+5, 2); again != got[0] {
			t.Fatalf("round %d: position made again after the index grew", round)
		}
	}
}

// TestWrongTokenAtEOF checks where an error at the end of the input is
// put: at the end of the last line with code, past trailing comments but
// not past a `//` inside a string literal (MLIR's emitWrongTokenError).
func TestWrongTokenAtEOF(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"\"test.wrap\"() ({\n  \"test.op\"() {url = \"http://example.com\"} : () -> ()\n\n",
			"t.mlir:2:54: error: unexpected end of input: expected operation name in quotes"},
		{"\"test.wrap\"() ({\n  \"test.op\"() {s = \"a\\\"//\"} : () -> () // note\n\n",
			"t.mlir:2:39: error: unexpected end of input: expected operation name in quotes"},
	} {
		c2 := NewContext()
		c2.SetAllowUnregisteredDialects(true)
		_, err := Parse(c2, c.src, "t.mlir")
		if err == nil || err.Error() != c.want {
			t.Errorf("%q: got %v, want %s", c.src, err, c.want)
		}
	}
}
