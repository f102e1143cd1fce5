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
			k := [2]int{l.Line, l.Col}
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
