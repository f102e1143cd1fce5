package llvm

import (
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/irtest"
)

var newContext = irtest.ContextWith(Dialect())

func TestExamplesRoundTrip(t *testing.T) {
	irtest.CheckExamples(t, Dialect(), irtest.ExampleOptions{NewContext: newContext})
}

func TestBadInputNoPanic(t *testing.T) {
	irtest.CheckGenericOpsNoPanic(t, newContext, Dialect().Ops, nil)
	irtest.CheckOpStatesNoPanic(t, Dialect(), newContext)
}

// TestTypesRoundTrip checks that each type prints back as written (the
// second form of a pair is what the first prints as).
func TestTypesRoundTrip(t *testing.T) {
	for _, tc := range [][2]string{
		{"!llvm.ptr", ""},
		{"!llvm.ptr<0>", "!llvm.ptr"},
		{"!llvm.ptr<3>", ""},
		{"!llvm.ptr<f32>", ""},
		{"!llvm.ptr<i8, 0>", "!llvm.ptr<i8>"},
		{"!llvm.ptr<vector<4xf32>, 1>", ""},
		{"!llvm.ptr<!llvm.ptr<f32>>", ""},
		{"!llvm.struct<()>", ""},
		{"!llvm.struct<(i32, !llvm.ptr)>", ""},
		{"!llvm.struct<packed (i8, f64)>", ""},
		{"!llvm.struct<(!llvm.struct<(f16)>)>", ""},
	} {
		want := tc[1]
		if want == "" {
			want = tc[0]
		}
		src := "%p = llvm.mlir.zero : " + tc[0]
		m, err := ir.Parse(newContext(), src, "t.mlir")
		if err == nil {
			err = ir.Verify(m)
		}
		if err != nil {
			t.Errorf("%s: %v", tc[0], err)
			continue
		}
		if got := irtest.LastLine(m, ir.PrintOptions{}); got != "%0 = llvm.mlir.zero : "+want {
			t.Errorf("%s printed as %q", tc[0], got)
		}
	}
}

func TestDiagnostics(t *testing.T) {
	tests := []irtest.Invalid{
		{In: "%p = llvm.mlir.zero : index",
			Err: "t.mlir:1:6: error: 'llvm.mlir.zero' op result #0 must be LLVM dialect-compatible type, but got 'index'"},
		{In: "%p = llvm.mlir.zero : vector<[4]xf32>",
			Err: "t.mlir:1:6: error: 'llvm.mlir.zero' op result #0 must be LLVM dialect-compatible type, but got 'vector<[4]xf32>'"},
		{In: "%p = llvm.mlir.zero : ui32",
			Err: "t.mlir:1:6: error: 'llvm.mlir.zero' op result #0 must be LLVM dialect-compatible type, but got 'ui32'"},
		{In: "%p = llvm.mlir.zero",
			Err: "t.mlir:1:19: error: unexpected end of input: expected ':'"},
		{In: "%p = llvm.mlir.zero : !llvm.ptr<index>",
			Err: "t.mlir:1:33: error: invalid pointer element type: index"},
		{In: "%p = llvm.mlir.zero : !llvm.ptr<f32, x>",
			Err: "t.mlir:1:38: error: expected integer value"},
		{In: "%p = llvm.mlir.zero : !llvm.ptr<1",
			Err: "t.mlir:1:32: error: unbalanced '<' character in pretty dialect name"},
		{In: "%p = llvm.mlir.zero : !llvm.struct<(i32, memref<f32>)>",
			Err: "t.mlir:1:42: error: invalid LLVM structure element type: memref<f32>"},
		{In: "%p = llvm.mlir.zero : !llvm.struct<\"s\", (i32)>",
			Err: "t.mlir:1:36: error: identified LLVM structs are not supported"},
		{In: "%p = llvm.mlir.zero : !llvm.struct<(i32 f32)>",
			Err: "t.mlir:1:40: error: expected ','"},
		{In: "%p = llvm.mlir.zero : !llvm.array<4 x i32>",
			Err: "t.mlir:1:34: error: unknown LLVM type: array"},
	}
	irtest.CheckInvalid(t, newContext, "t.mlir", tests, irtest.FirstLine)
}

// TestTruncatedTypesNeverPanic parses every prefix of ops using each form
// of the dialect's types: each must parse or give a diagnostic.
func TestTruncatedTypesNeverPanic(t *testing.T) {
	src := "%a = llvm.mlir.zero : !llvm.ptr<vector<4xf32>, 3>\n%b = llvm.mlir.zero : !llvm.struct<packed (i8, !llvm.ptr<1>)>\n%c = llvm.mlir.zero : !llvm.ptr"
	prefixes := make([]string, len(src))
	for i := range src {
		prefixes[i] = src[:i]
	}
	irtest.CheckParseNoPanic(t, newContext, prefixes)
}

// TestFastmathRoundTrip checks #llvm.fastmath<...> in an attribute
// dictionary: the flags print in LLVM's bit order, all of them as fast.
func TestFastmathRoundTrip(t *testing.T) {
	for _, tc := range [][2]string{
		{"none", ""},
		{"fast", ""},
		{"ninf, nnan", "nnan, ninf"},
		{"nnan,ninf,nsz,arcp,contract,afn,reassoc", "fast"},
		{"reassoc, none", "reassoc"},
	} {
		want := tc[1]
		if want == "" {
			want = tc[0]
		}
		m, err := ir.Parse(newContext(), "%p = llvm.mlir.zero {f = #llvm.fastmath<"+tc[0]+">} : !llvm.ptr", "t.mlir")
		if err != nil {
			t.Errorf("%s: %v", tc[0], err)
			continue
		}
		if got := irtest.LastLine(m, ir.PrintOptions{}); got != "%0 = llvm.mlir.zero {f = #llvm.fastmath<"+want+">} : !llvm.ptr" {
			t.Errorf("%s printed as %q", tc[0], got)
		}
	}
	_, err := ir.Parse(newContext(), "%p = llvm.mlir.zero {f = #llvm.fastmath<quick>} : !llvm.ptr", "t.mlir")
	if want := "t.mlir:1:41: error: expected one of [none, nnan, ninf, nsz, arcp, contract, afn, reassoc, fast] for LLVM fastmath flags, got 'quick'"; err == nil || err.Error() != want {
		t.Errorf("bad flag: got %v, want %s", err, want)
	}
	_, err = ir.Parse(newContext(), "%p = llvm.mlir.zero {f = #llvm.nofastmath<none>} : !llvm.ptr", "t.mlir")
	if err == nil || !strings.Contains(err.Error(), "unknown attribute `nofastmath` in dialect `llvm`") {
		t.Errorf("unknown attribute: got %v", err)
	}
}
