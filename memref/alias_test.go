package memref

import (
	"testing"

	"github.com/kiln-gpu/kiln/ir"
)

func TestMayAlias(t *testing.T) {
	ctx := newContext()
	m, err := ir.Parse(ctx, `
func.func @f(%arg: memref<8xf32>, %arg2: memref<8xf32>) {
  %a = memref.alloc() : memref<8xf32>
  %b = memref.alloca() : memref<8xf32>
  %sa = memref.subview %a[2] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: 2>>
  %ca = memref.cast %sa : memref<4xf32, strided<[1], offset: 2>> to memref<?xf32, strided<[1], offset: ?>>
  %g = memref.get_global @g : memref<8xf32>
  return
}
memref.global @g : memref<8xf32> = uninitialized`, "alias.mlir")
	if err != nil {
		t.Fatal(err)
	}
	vals := map[string]*ir.Value{}
	m.Walk(func(op *ir.Operation) bool {
		if op.Name() == "func.func" {
			args := op.Region(0).Entry().Args()
			vals["arg"], vals["arg2"] = args[0], args[1]
		}
		if op.NumResults() == 1 {
			vals[op.Name()] = op.Result(0)
		}
		return true
	})
	a, b, ca := vals["memref.alloc"], vals["memref.alloca"], vals["memref.cast"]
	if AliasRoot(ca) != a {
		t.Errorf("AliasRoot of the cast of a subview of %%a is not %%a")
	}
	for _, c := range []struct {
		x, y *ir.Value
		want bool
		what string
	}{
		{ca, a, true, "a view of an allocation and the allocation"},
		{a, b, false, "two allocations"},
		{ca, b, false, "a view of one allocation and another allocation"},
		{ca, vals["arg"], false, "an allocation and a function argument"},
		{vals["arg"], vals["arg2"], true, "two function arguments"},
		{a, vals["memref.get_global"], true, "an allocation and a global (not known locally)"},
	} {
		if got := MayAlias(c.x, c.y); got != c.want {
			t.Errorf("MayAlias(%s) = %v, want %v", c.what, got, c.want)
		}
		if got := MayAlias(c.y, c.x); got != c.want {
			t.Errorf("MayAlias(%s, swapped) = %v, want %v", c.what, got, c.want)
		}
	}
}
