package ir_test

import (
	"strings"
	"testing"
	"time"

	"github.com/kiln-gpu/kiln/ir"
)

const locsInput = `"test.region"() ({
^bb0(%a: i32 loc("arg"), %b: i32 loc(fused["arg", "x.c":1:2])):
  "test.op"(%a) : (i32) -> () loc(callsite("callee" at "caller.c":3:4))
}) : () -> () loc("f.c":1:1)
`

// Under DebugInfo locations print through aliases as MLIR's AsmPrinter
// makes them: numbered by depth, then in the order met (an op's location
// before its regions'); block arguments' in place, their aliases before
// the module, the others after it. LocalScope prints every one in place.
func TestLocationAliases(t *testing.T) {
	for _, tc := range []struct {
		opts ir.PrintOptions
		want string
	}{
		{ir.PrintOptions{DebugInfo: true}, `#loc2 = loc("arg")
#loc3 = loc("x.c":1:2)
#loc6 = loc(fused[#loc2, #loc3])
module {
  "test.region"() ({
  ^bb0(%arg0: i32 loc("arg"), %arg1: i32 loc(fused[#loc2, #loc3])):
    "test.op"(%arg0) : (i32) -> () loc(#loc7)
  }) : () -> () loc(#loc1)
} loc(#loc)
#loc = loc("in.mlir":0:0)
#loc1 = loc("f.c":1:1)
#loc4 = loc("callee")
#loc5 = loc("caller.c":3:4)
#loc7 = loc(callsite(#loc4 at #loc5))
`},
		{ir.PrintOptions{DebugInfo: true, LocalScope: true}, `module {
  "test.region"() ({
  ^bb0(%arg0: i32 loc("arg"), %arg1: i32 loc(fused["arg", "x.c":1:2])):
    "test.op"(%arg0) : (i32) -> () loc(callsite("callee" at "caller.c":3:4))
  }) : () -> () loc("f.c":1:1)
} loc("in.mlir":0:0)
`},
	} {
		ctx := ir.NewContext()
		ctx.SetAllowUnregisteredDialects(true)
		m, err := ir.Parse(ctx, locsInput, "in.mlir")
		if err != nil {
			t.Fatal(err)
		}
		got := string(ir.PrintBytes(m, tc.opts))
		if got != tc.want {
			t.Errorf("%+v:\n got:\n%s\nwant:\n%s", tc.opts, got, tc.want)
		}
		// The aliases, defined before and after their uses, parse back.
		m2, err := ir.Parse(ctx, got, "printed")
		if err != nil {
			t.Fatalf("reparse: %v", err)
		}
		if again := string(ir.PrintBytes(m2, tc.opts)); again != got {
			t.Errorf("not a fixed point:\n%s", again)
		}
	}
}

// Lexing a dimension list again after each x keeps later columns right.
func TestDimensionListColumns(t *testing.T) {
	ctx := ir.NewContext()
	ctx.SetAllowUnregisteredDialects(true)
	src := `"test.region"() ({
^bb0(%a: tensor<1x16x16x1xi8>, %b: tensor<0x4xf32>, %c: i32):
  "test.end"() : () -> ()
}) : () -> ()
`
	m, err := ir.Parse(ctx, src, "in.mlir")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	m.Walk(func(op *ir.Operation) bool {
		if op.Name() == "test.region" {
			for _, a := range op.Region(0).Entry().Args() {
				got = append(got, ir.AttrString(a.Loc()))
			}
		}
		return true
	})
	want := `loc("in.mlir":2:6) loc("in.mlir":2:32) loc("in.mlir":2:53)`
	if g := strings.Join(got, " "); g != want {
		t.Errorf("argument locations:\n got %s\nwant %s", g, want)
	}
}

// File ranges are uniqued by the numbers they are made with, as MLIR's
// FileLineColRange: a range of one position is not the FileLineColLoc of
// it, though both print alike.
func TestFileLineColRangeIdentity(t *testing.T) {
	ctx := ir.NewContext()
	pos := ctx.FileLineColLoc("f", 10, 8)
	one := ctx.FileLineColRange("f", 10, 8, 10, 8)
	if ir.Attribute(one) == ir.Attribute(pos) {
		t.Errorf("range %v is the position", one)
	}
	if ctx.FileLineColRange("f", 10, 8, 10, 8) != one {
		t.Error("equal ranges are not uniqued")
	}
	if ctx.FileLineColRangeOnLine("f", 10, 8, 8) == one {
		t.Error("a range of three numbers is the one of four")
	}
	if _, ok := ir.FileLineCol(one); ok {
		t.Error("a range is taken for a file position")
	}
	for l, want := range map[ir.Location]string{
		pos: `loc("f":10:8)`, one: `loc("f":10:8)`,
		ctx.FileLineRange("f", 3):                `loc("f":3:0)`,
		ctx.FileLineColRangeOnLine("f", 3, 1, 9): `loc("f":3:1 to :9)`,
		ctx.FileLineColRange("f", 3, 1, 4, 2):    `loc("f":3:1 to 4:2)`,
		ctx.FileLineColRange("a\nb", 3, 1, 4, 2): `loc("a\0Ab":3:1 to 4:2)`,
	} {
		if got := ir.AttrString(l); got != want {
			t.Errorf("got %s, want %s", got, want)
		}
	}
	d := ir.Errorf(ctx.FileLineColRangeOnLine("f", 3, 1, 9), "bad")
	if got, want := d.Format(nil), "f:3:1 to :9: error: bad\n"; got != want {
		t.Errorf("diagnostic %q, want %q", got, want)
	}
}

// Nested distinct attributes used many times get their aliases in order,
// in time linear in their uses (not a power of them).
func TestNestedDistinctAliases(t *testing.T) {
	use := "\"t.use\"() {a = distinct[3]<[distinct[2]<[distinct[1]<[distinct[0]<affine_map<(d0) -> (d0)>>]>]>]>} : () -> ()\n"
	ctx := ir.NewContext(testDialect)
	ctx.SetMultithreading(false)
	m, err := ir.Parse(ctx, strings.Repeat(use, 400), "distinct.mlir")
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	got := string(ir.PrintBytes(m, ir.PrintOptions{}))
	// Without memoized depths this took four minutes.
	if d := time.Since(start); d > 30*time.Second {
		t.Errorf("printing took %v", d)
	}
	want := `#map = affine_map<(d0) -> (d0)>
#distinct = distinct[0]<#map>
#distinct1 = distinct[1]<[#distinct]>
#distinct2 = distinct[2]<[#distinct1]>
#distinct3 = distinct[3]<[#distinct2]>
module {
  "t.use"() {a = #distinct3} : () -> ()
`
	if !strings.HasPrefix(got, want) {
		t.Errorf("got\n%.400s\nwant prefix\n%s", got, want)
	}
}
