package fn_test

import (
	"testing"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/irtest"
)

// Each case is MLIR text in and the text MLIR prints for it out.
var roundTrips = []struct {
	name, in, out string
	opts          ir.PrintOptions
}{
	{name: "visibility and declarations",
		in: `func.func private @decl(memref<?xf32>) -> f32
func.func nested @n(i32 {test.a = 1 : i32}, f32 loc("x.mlir":1:2))
func.func public @p() {
  func.return
}`,
		out: `func.func private @decl(memref<?xf32>) -> f32
func.func nested @n(i32 {test.a = 1 : i32}, f32)
func.func public @p() {
  return
}`},
	{name: "result forms",
		in: `func.func private @none() -> ()
func.func private @fnres() -> ((i32) -> i32)
func.func private @two() -> (i32, f32 {test.r})
func.func private @one() -> (i32)
func.func private @"quoted-name"()`,
		out: `func.func private @none()
func.func private @fnres() -> ((i32) -> i32)
func.func private @two() -> (i32, f32 {test.r})
func.func private @one() -> i32
func.func private @"quoted-name"()`},
	{name: "unnamed arguments name the entry block",
		in: `func.func @f(i32, f32) -> i32 {
^bb0(%a: i32, %b: f32):
  return %a : i32
}`,
		out: `func.func @f(%arg0: i32, %arg1: f32) -> i32 {
  return %arg0 : i32
}`},
	{name: "attributes",
		in: `func.func @f(%x: i32 {test.in}) -> (i32 {test.out}) attributes {other = 2 : i64, test.fn} {
  return {test.ret} %x : i32
}`,
		out: `func.func @f(%arg0: i32 {test.in}) -> (i32 {test.out}) attributes {other = 2 : i64, test.fn} {
  return {test.ret} %arg0 : i32
}`},
	{name: "calls",
		in: `func.func private @two(i32) -> (i32, f32)
func.func @f(%x: i32) -> f32 {
  %0:2 = call @two(%x) : (i32) -> (i32, f32)
  %c = func.constant @two : (i32) -> (i32, f32)
  %1:2 = func.call_indirect %c(%0#0) {test.a} : (i32) -> (i32, f32)
  func.call @two(%1#0) {no_inline} : (i32) -> (i32, f32)
  return %1#1 : f32
}`,
		out: `func.func private @two(i32) -> (i32, f32)
func.func @f(%arg0: i32) -> f32 {
  %0:2 = call @two(%arg0) : (i32) -> (i32, f32)
  %f = constant @two : (i32) -> (i32, f32)
  %1:2 = call_indirect %f(%0#0) {test.a} : (i32) -> (i32, f32)
  %2:2 = call @two(%1#0) {no_inline} : (i32) -> (i32, f32)
  return %1#1 : f32
}`},
	{name: "argument locations under debuginfo",
		in: `func.func @f(%x: i32 {test.a} loc("a.mlir":3:4)) {
  return loc("a.mlir":4:5)
} loc("a.mlir":2:1)`,
		out: `func.func @f(%arg0: i32 {test.a} loc("a.mlir":3:4)) {
  return loc("a.mlir":4:5)
} loc("a.mlir":2:1)`,
		opts: ir.PrintOptions{DebugInfo: true}},
	{name: "argument location aliases defined later",
		in: `func.func @f(%x: i32 loc(#l)) {
  return
}
#l = loc("z.mlir":9:9)`,
		out: `func.func @f(%arg0: i32 loc("z.mlir":9:9)) {
  return loc("in.mlir":2:3)
} loc("in.mlir":1:1)`,
		opts: ir.PrintOptions{DebugInfo: true}},
	{name: "generic form",
		in: `"func.func"() <{function_type = (i32) -> i32, sym_name = "g"}> ({
^bb0(%a: i32):
  "func.return"(%a) : (i32) -> ()
}) : () -> ()`,
		out: `func.func @g(%arg0: i32) -> i32 {
  return %arg0 : i32
}`},
	{name: "nested module symbol table",
		in: `module {
  module @m {
    func.func private @f()
    func.func @g() {
      call @f() : () -> ()
      return
    }
  }
}`,
		out: `module @m {
  func.func private @f()
  func.func @g() {
    call @f() : () -> ()
    return
  }
}`},
}

func TestRoundTrip(t *testing.T) {
	for _, tc := range roundTrips {
		t.Run(tc.name, func(t *testing.T) {
			got := irtest.PrintedBody(t, newContext, tc.in, tc.opts)
			if got != tc.out {
				t.Fatalf("printed\n%s\nwant\n%s", got, tc.out)
			}
			irtest.CheckFixedPoint(t, newContext, tc.in, tc.opts)
		})
	}
}
