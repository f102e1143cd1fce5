package ir

import "testing"

// TestPtrTable checks the table against a Go map through growth, updates
// and clearing.
func TestPtrTable(t *testing.T) {
	vals := make([]Value, 5000)
	var tab ptrTable[Value, int]
	for round := range 3 {
		want := map[*Value]int{}
		for i := range vals {
			if i%(round+2) == 0 {
				tab.set(&vals[i], i)
				want[&vals[i]] = i
			}
			if i%7 == 0 {
				tab.set(&vals[i/2], -i)
				want[&vals[i/2]] = -i
			}
		}
		if tab.n != len(want) {
			t.Fatalf("round %d: %d keys, want %d", round, tab.n, len(want))
		}
		for i := range vals {
			got, ok := tab.get(&vals[i])
			w, wok := want[&vals[i]]
			if got != w || ok != wok {
				t.Fatalf("round %d: value %d: got %d %v, want %d %v", round, i, got, ok, w, wok)
			}
		}
		tab.clear()
		if _, ok := tab.get(&vals[0]); ok || tab.n != 0 {
			t.Fatalf("round %d: not empty after clear", round)
		}
	}
}
