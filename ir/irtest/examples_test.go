package irtest

import (
	"fmt"
	"slices"
	"testing"

	"github.com/kiln-gpu/kiln/ir"
)

func TestFreeValues(t *testing.T) {
	tests := []struct {
		example string
		want    []string
	}{
		{"%r = arith.addi %a, %b : i32", []string{"%a", "%b"}},
		{"%r:2 = arith.addui_extended %a, %a : i32, i1", []string{"%a"}},
		{"%0, %1 = vector.deinterleave %a: vector<2xf32> -> vector<1xf32>", []string{"%a"}},
		{"%r = scf.for %i = %lb to %ub step %s iter_args(%x = %init) -> (f32) {\n  scf.yield %x : f32\n}", []string{"%lb", "%ub", "%s", "%init"}},
		{"scf.parallel (%i, %j) = (%a, %a) to (%b, %b) step (%c, %c) {\n}", []string{"%a", "%b", "%c"}},
		{"%r = memref.generic_atomic_rmw %m[%i] : memref<4xf32> {\n^bb0(%cur : f32):\n  memref.atomic_yield %cur : f32\n}", []string{"%m", "%i"}},
	}
	for _, tc := range tests {
		if got := freeValues(tc.example); !slices.Equal(got, tc.want) {
			t.Errorf("%q: free values %v, want %v", tc.example, got, tc.want)
		}
	}
}

func TestParseAndPrintExample(t *testing.T) {
	o := ExampleOptions{NewContext: ContextWith()}
	example := `%r = "test.op"(%a, %b) : (i32, f32) -> i32`
	m, defs, err := ParseExample(o.NewContext(), example, o)
	if err != nil || defs != 2 {
		t.Fatalf("ParseExample: %d defs, %v", defs, err)
	}
	got := PrintedExample(m, defs, o, ir.PrintOptions{})
	if got == example || Renumber(got) != Renumber(example) {
		t.Errorf("printed %q, want %q up to value names", got, example)
	}
}

func ExampleRenumber() {
	fmt.Println(Renumber("%r = arith.addi %a, %b : i32"))
	fmt.Println(Renumber("%0 = arith.addi %arg0, %arg1 : i32") == Renumber("%r = arith.addi %a, %b : i32"))
	// Output:
	// %v0 = arith.addi %v1, %v2 : i32
	// true
}
