package emulate_test

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/arith/emulate"
	"github.com/kiln-gpu/kiln/fn"
	"github.com/kiln-gpu/kiln/interp"
	"github.com/kiln-gpu/kiln/interp/interptest"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/irtest"
	"github.com/kiln-gpu/kiln/ir/pass"
	"github.com/kiln-gpu/kiln/vector"
)

var newContext = irtest.ContextWith(arith.Dialect(), fn.Dialect(), vector.Dialect())

func registry() pass.Registry {
	reg := pass.Registry{}
	emulate.Register(reg)
	return reg
}

// wideOps are computations on %x and %y of the wide type T (and %s, %y
// masked to a shift amount below the width) whose results @main returns.
var wideOps = []string{
	"arith.addi %x, %y : T", "arith.subi %x, %y : T", "arith.muli %x, %y : T",
	"arith.andi %x, %y : T", "arith.ori %x, %y : T", "arith.xori %x, %y : T",
	"arith.maxsi %x, %y : T", "arith.maxui %x, %y : T", "arith.minsi %x, %y : T", "arith.minui %x, %y : T",
	"arith.shli %x, %s : T", "arith.shrui %x, %s : T", "arith.shrsi %x, %s : T",
}

// wideProgram is @main computing on %x and %y of type iW (or shape, a
// vector of it, when not empty), which prologue defines, returning every
// wide result as its low and high halves, so that @main's signature is
// the same after the pass, and each comparison and conversion result.
func wideProgram(w int, shape, args, prologue string) string {
	ty := func(bits int, elem string) string {
		if elem == "" {
			elem = fmt.Sprintf("i%d", bits)
		}
		if shape == "" {
			return elem
		}
		return "vector<" + shape + "x" + elem + ">"
	}
	t, half, quarter := ty(w, ""), ty(w/2, ""), ty(w/4, "")
	n1, f64, idx := ty(0, "i1"), ty(0, "f64"), ty(0, "index")
	cst := func(v int) string {
		if shape == "" {
			return fmt.Sprintf("%d : %s", v, t)
		}
		return fmt.Sprintf("dense<%d> : %s", v, t)
	}
	var b strings.Builder
	var rets, types []string
	v := 0
	emit := func(format string, a ...any) string {
		v++
		fmt.Fprintf(&b, "  %%v%d = "+format+"\n", append([]any{v}, a...)...)
		return fmt.Sprintf("%%v%d", v)
	}
	ret := func(val, typ string) { rets, types = append(rets, val), append(types, typ) }
	wide := func(val string) {
		ret(emit("arith.trunci %s : %s to %s", val, t, half), half)
		ret(emit("arith.trunci %s : %s to %s", emit("arith.shrui %s, %%hw : %s", val, t), t, half), half)
	}
	fmt.Fprintf(&b, "func.func @main(%s) -> (RESULTS) {\n  %%hw = arith.constant %s\n%s", args, cst(w/2), prologue)
	fmt.Fprintf(&b, "  %%mask = arith.constant %s\n  %%s = arith.andi %%y, %%mask : %s\n", cst(w-1), t)
	for _, op := range wideOps {
		wide(emit("%s", strings.ReplaceAll(op, "T", t)))
	}
	for _, p := range []string{"eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"} {
		ret(emit("arith.cmpi %s, %%x, %%y : %s", p, t), n1)
	}
	lt := emit("arith.cmpi slt, %%x, %%y : %s", t)
	if shape == "" {
		wide(emit("arith.select %s, %%x, %%y : %s", lt, t))
	} else {
		wide(emit("arith.select %s, %%x, %%y : %s, %s", lt, n1, t))
	}
	// Extensions, truncations and index casts of values that fit a half.
	tq := emit("arith.trunci %%x : %s to %s", t, quarter)
	ret(tq, quarter)
	wide(emit("arith.extsi %s : %s to %s", tq, quarter, t))
	th := emit("arith.trunci %%y : %s to %s", t, half)
	wide(emit("arith.extui %s : %s to %s", th, half, t))
	sh := emit("arith.extsi %s : %s to %s", th, half, t)
	wide(emit("arith.index_cast %s : %s to %s", emit("arith.index_cast %s : %s to %s", sh, t, idx), idx, t))
	uh := emit("arith.extui %s : %s to %s", th, half, t)
	wide(emit("arith.index_castui %s : %s to %s", emit("arith.index_castui %s : %s to %s", uh, t, idx), idx, t))
	// Conversions of values a double holds exactly.
	small := emit("arith.shrsi %%x, %%hw : %s", t)
	sf := emit("arith.sitofp %s : %s to %s", small, t, f64)
	ret(sf, f64)
	wide(emit("arith.fptosi %s : %s to %s", sf, f64, t))
	usmall := emit("arith.shrui %%y, %s : %s", emit("arith.constant %s", cst(11)), t)
	uf := emit("arith.uitofp %s : %s to %s", usmall, t, f64)
	ret(uf, f64)
	wide(emit("arith.fptoui %s : %s to %s", uf, f64, t))
	fmt.Fprintf(&b, "  return %s : %s\n}\n", strings.Join(rets, ", "), strings.Join(types, ", "))
	return strings.Replace(b.String(), "RESULTS", strings.Join(types, ", "), 1)
}

// wideInputs are operand pairs with carries, borrows, overflow, signs and
// shift amounts of 0, 31, 32, 33 and 63, then random ones.
func wideInputs() [][2]int64 {
	in := [][2]int64{
		{0, 0}, {1, 0}, {0xFFFFFFFF, 1}, {1, 0xFFFFFFFF}, {-1, -1}, {-1, 1}, {1, -1},
		{-1 << 63, -1}, {-1 << 63, 1}, {1<<63 - 1, 1}, {0x1_0000_0000, 0xFFFF_FFFF},
		{0x1234_5678_9ABC_DEF0, 31}, {-0x1234_5678_9ABC_DEF0, 32}, {0x7FFF_FFFF_8000_0000, 33},
		{-2, 63}, {0xDEAD_BEEF, 0x40}, {-0xDEAD_BEEF, 0x7F}, {0xFFFF, 16}, {-0x8000, 15},
	}
	r := rand.New(rand.NewSource(1))
	for range 200 {
		x, y := int64(r.Uint64()), int64(r.Uint64())
		switch r.Intn(4) {
		case 0:
			x &= 0xFFFF_FFFF
		case 1:
			y = -int64(r.Intn(100))
		case 2:
			x = x>>32<<32 | 0xFFFF_FFFF
		}
		in = append(in, [2]int64{x, y})
	}
	return in
}

// results formats what @main returned, vectors element by element.
func results(t *testing.T, mod *ir.Operation, args ...interp.Value) string {
	t.Helper()
	res, err := interp.New(mod).Call("main", args...)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, r := range res {
		if v, ok := r.(*interp.Vector); ok {
			out = append(out, fmt.Sprint(v.Elements()))
		} else {
			out = append(out, fmt.Sprint(r))
		}
	}
	return strings.Join(out, " ")
}

// TestWideIntKeepsResults runs @main in the interpreter before and after
// arith-emulate-wide-int, on i64 emulated with i32 halves and on i32 with
// i16 halves: the results must agree. @main takes each operand as two
// halves, so that its signature does not change.
func TestWideIntKeepsResults(t *testing.T) {
	for _, w := range []int{64, 32} {
		h := w / 2
		prologue := fmt.Sprintf(`  %%xl = arith.extui %%a : i%[2]d to i%[1]d
  %%xh = arith.extui %%b : i%[2]d to i%[1]d
  %%xs = arith.shli %%xh, %%hw : i%[1]d
  %%x = arith.ori %%xs, %%xl : i%[1]d
  %%yl = arith.extui %%c : i%[2]d to i%[1]d
  %%yh = arith.extui %%d : i%[2]d to i%[1]d
  %%ys = arith.shli %%yh, %%hw : i%[1]d
  %%y = arith.ori %%ys, %%yl : i%[1]d
`, w, h)
		src := wideProgram(w, "", fmt.Sprintf("%%a: i%[1]d, %%b: i%[1]d, %%c: i%[1]d, %%d: i%[1]d", h), prologue)
		pipeline := fmt.Sprintf("builtin.module(arith-emulate-wide-int{widest-int-supported=%d})", h)
		before, after := interptest.Transformed(t, newContext, registry(), src, pipeline)
		if text := after.String(); strings.Contains(text, fmt.Sprintf("i%d ", w)) || strings.Contains(text, "unrealized_conversion_cast") {
			t.Fatalf("i%d left after the pass:\n%s", w, text)
		}
		for _, in := range wideInputs() {
			x, y := uint64(in[0]), uint64(in[1])
			if w == 32 {
				x, y = x^x>>32, y^y>>32
			}
			mask := uint64(1)<<h - 1
			args := []interp.Value{interp.Int(int64(x & mask)), interp.Int(int64(x >> h & mask)),
				interp.Int(int64(y & mask)), interp.Int(int64(y >> h & mask))}
			if want, got := results(t, before, args...), results(t, after, args...); want != got {
				t.Errorf("i%d main(%#x, %#x): got %s after the pass, %s before", w, x, y, got, want)
			}
		}
	}
}

// TestWideIntKeepsVectorResults does the same on vector<4xi64> constants:
// the emulation then slices vector<4x2xi32> values.
func TestWideIntKeepsVectorResults(t *testing.T) {
	in := wideInputs()
	for i := 0; i+4 <= len(in); i += 4 {
		var xs, ys []string
		for _, p := range in[i : i+4] {
			xs, ys = append(xs, fmt.Sprint(p[0])), append(ys, fmt.Sprint(p[1]))
		}
		prologue := fmt.Sprintf("  %%x = arith.constant dense<[%s]> : vector<4xi64>\n  %%y = arith.constant dense<[%s]> : vector<4xi64>\n",
			strings.Join(xs, ", "), strings.Join(ys, ", "))
		src := wideProgram(64, "4", "", prologue)
		before, after := interptest.Transformed(t, newContext, registry(), src, "builtin.module(arith-emulate-wide-int)")
		if text := after.String(); strings.Contains(text, "i64") {
			t.Fatalf("i64 left after the pass:\n%s", text)
		}
		if want, got := results(t, before), results(t, after); want != got {
			t.Errorf("inputs %v: got %s after the pass, %s before", in[i:i+4], got, want)
		}
	}
}

// TestUnsupportedFloatsKeepsResults computes on bf16 through f32: each
// op rounds back to bf16, so the results are the same.
func TestUnsupportedFloatsKeepsResults(t *testing.T) {
	src := `func.func @main(%a: i32, %b: i32) -> (f32, f32, i1) {
  %x = arith.sitofp %a : i32 to bf16
  %y = arith.sitofp %b : i32 to bf16
  %s = arith.addf %x, %y : bf16
  %p = arith.mulf %s, %y : bf16
  %d = arith.divf %p, %x : bf16
  %c = arith.cmpf olt, %d, %s : bf16
  %r = arith.extf %d : bf16 to f32
  %q = arith.extf %p : bf16 to f32
  return %r, %q, %c : f32, f32, i1
}`
	before, after := interptest.Transformed(t, newContext, registry(), src, "builtin.module(arith-emulate-unsupported-floats{source-types=bf16})")
	for _, line := range strings.Split(after.String(), "\n") {
		for _, op := range []string{"arith.addf", "arith.mulf", "arith.divf", "arith.cmpf"} {
			if strings.Contains(line, op) && !strings.HasSuffix(line, ": f32") {
				t.Errorf("not computed in f32: %s", line)
			}
		}
	}
	interptest.SameResults(t, "", before, after, [][2]int64{{1, 2}, {3, 7}, {-5, 11}, {1000, 3}, {12345, -678}, {-1, 1}})
}

// TestUnsupportedFloatsKeepRoundingMode computes ops with a rounding mode
// on bf16 through f32: the truncation back rounds in the op's mode (the
// f32 result rounded to nearest would be 0.333984 for 1/3 downward,
// above the quotient), so the results are the same.
func TestUnsupportedFloatsKeepRoundingMode(t *testing.T) {
	src := `func.func @main(%a: i32, %b: i32) -> (f32, f32, f32, f32) {
  %x = arith.sitofp %a : i32 to bf16
  %y = arith.sitofp %b : i32 to bf16
  %d = arith.divf %x, %y downward : bf16
  %u = arith.divf %x, %y upward : bf16
  %z = arith.subf %d, %u toward_zero : bf16
  %m = arith.mulf %d, %y to_nearest_away : bf16
  %r0 = arith.extf %d : bf16 to f32
  %r1 = arith.extf %u : bf16 to f32
  %r2 = arith.extf %z : bf16 to f32
  %r3 = arith.extf %m : bf16 to f32
  return %r0, %r1, %r2, %r3 : f32, f32, f32, f32
}`
	before, after := interptest.Transformed(t, newContext, registry(), src, "builtin.module(arith-emulate-unsupported-floats{source-types=bf16})")
	for _, mode := range []string{"downward", "upward", "toward_zero", "to_nearest_away"} {
		if !strings.Contains(after.String(), " "+mode+" fastmath<contract> : f32 to bf16") {
			t.Errorf("no truncf %s after the pass:\n%s", mode, after)
		}
	}
	interptest.SameResults(t, "", before, after, [][2]int64{{1, 3}, {-1, 3}, {2, 7}, {1000, 3}, {12345, -678}, {-5, 11}})
}

// TestPassErrors checks the passes' option diagnostics.
func TestPassErrors(t *testing.T) {
	src := "func.func @f(%a: i64) -> i64 {\n  return %a : i64\n}\n"
	for _, tc := range []struct{ pipeline, want string }{
		{"arith-emulate-wide-int{widest-int-supported=24}", "widest-int-supported must be a power of two no less than 2, got 24"},
		{"arith-emulate-wide-int{widest-int-supported=1}", "widest-int-supported must be a power of two no less than 2, got 1"},
		{"memref-emulate-wide-int{widest-int-supported=0}", "widest-int-supported must be a power of two no less than 2, got 0"},
		{"arith-emulate-unsupported-floats{source-types=bf16 target-type=i32}", "could not map target type 'i32' to a known floating-point type"},
		{"arith-emulate-unsupported-floats{source-types=bf16,vector<2xf16>}", "could not map source type 'vector<2xf16>' to a known floating-point type"},
		{"arith-emulate-unsupported-floats{source-types=f16,f32}", "target type cannot be an unsupported source type"},
	} {
		m, err := ir.Parse(newContext(), src, "k.mlir")
		if err != nil {
			t.Fatal(err)
		}
		p, err := pass.Parse("builtin.module("+tc.pipeline+")", registry())
		if err != nil {
			t.Fatal(err)
		}
		err = pass.New(p, pass.Config{}).Run(m)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want %q", tc.pipeline, err, tc.want)
		}
	}
}
