package runner

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kiln-gpu/kiln"
	"github.com/kiln-gpu/kiln/ir"
)

// fuzzOptions bound a fuzzed run: few steps and little host memory, so
// that each input ends quickly, as `kiln run --reference` with small
// --max-steps and --max-host-memory does.
func fuzzOptions() Options {
	return Options{Reference: true, Out: io.Discard, MaxSteps: 200000, MaxHostMemory: 16 << 20}
}

// fuzzDeadline bounds one fuzzed run: the step and memory limits should
// end every program far sooner.
const fuzzDeadline = 10 * time.Second

// runFuzzed runs src as `kiln run --reference` does (parse, verify, run)
// and fails on a panic, a non-diagnostic error, an interpreter bug, a
// verified module whose print does not parse again, or a run past
// fuzzDeadline, and, when mustVerify, on a program that does not parse and
// verify.
func runFuzzed(t *testing.T, src string, mustVerify bool) {
	type result struct {
		valid   bool // parsed and verified
		err     error
		printed string // the verified module's print, when it does not parse
	}
	done := make(chan result, 1)
	go func() {
		ctx := kiln.NewContext()
		mod, err := ir.Parse(ctx, src, "fuzz.mlir")
		if err == nil {
			err = ir.Verify(mod)
		}
		if err != nil {
			done <- result{false, err, ""}
			return
		}
		out := ir.PrintBytes(mod, ir.PrintOptions{})
		if _, err := ir.Parse(ctx, string(out), "printed.mlir"); err != nil {
			done <- result{true, err, string(out)}
			return
		}
		_, err = Run(mod, fuzzOptions())
		done <- result{true, err, ""}
	}()
	var r result
	select {
	case r = <-done:
	case <-time.After(fuzzDeadline):
		t.Fatalf("parsing and running took over %v\n%s", fuzzDeadline, src)
	}
	switch {
	case !r.valid && mustVerify:
		t.Fatalf("the generated program is invalid: %v\n%s", r.err, src)
	case r.printed != "":
		t.Fatalf("the printed form does not parse: %v\n%s\nprinted from\n%s", r.err, r.printed, src)
	case r.err == nil:
		return
	}
	if _, ok := r.err.(*ir.Diagnostic); !ok {
		t.Fatalf("the error is not a diagnostic: %T %v\n%s", r.err, r.err, src)
	}
	if strings.Contains(r.err.Error(), "interpreter bug") {
		t.Fatalf("%v\n%s", r.err, src)
	}
}

// FuzzReferenceText runs mutations of the runner's sample programs
// (testdata/*.mlir and the checked-in corpus) on the reference
// interpreter, and of the chunks of the affine, linalg and tensor
// dialects' testdata, which the reference does not run but which must
// parse, verify and print without panicking.
func FuzzReferenceText(f *testing.F) {
	seeds, _ := filepath.Glob("testdata/*.mlir")
	for _, s := range seeds {
		if b, err := os.ReadFile(s); err == nil {
			f.Add(string(b))
		}
	}
	for _, d := range []string{"affine", "linalg", "tensor"} {
		files, _ := filepath.Glob(filepath.Join("..", d, "testdata", "*.mlir"))
		for _, p := range files {
			if b, err := os.ReadFile(p); err == nil {
				for _, chunk := range ir.SplitInput(string(b)) {
					f.Add(chunk)
				}
			}
		}
	}
	f.Fuzz(func(t *testing.T, src string) { runFuzzed(t, src, false) })
}

// FuzzReferenceGen runs host programs that genProgram builds from the
// fuzzer's bytes: every one is valid IR, so every failure is a located
// runtime error (an out-of-bounds index, a size over the limit, a
// division by zero) or none.
func FuzzReferenceGen(f *testing.F) {
	f.Add([]byte{0, 3, 1, 2, 0, 3, 0, 5, 2, 0, 1, 0, 7, 9})
	f.Add([]byte{2, 4, 0, 6, 0, 0, 1, 3, 5, 3, 8, 7, 0, 11, 9})
	f.Fuzz(func(t *testing.T, data []byte) { runFuzzed(t, genProgram(data), true) })
}

// genProgram turns data into a func.func @main of index arithmetic, f32
// arithmetic, dynamically sized memrefs, loads, stores, loops, casts and
// printMemrefF32 calls.
func genProgram(data []byte) string {
	g := &gen{data: data}
	g.line("%%z = arith.constant 0 : index")
	g.idx = append(g.idx, "%z")
	for len(g.data) > 0 && g.n < 200 {
		g.op()
	}
	return "func.func @main() {\n" + g.b.String() + "  return\n}\nfunc.func private @printMemrefF32(memref<*xf32>)\n"
}

type gen struct {
	data           []byte
	b              strings.Builder
	n              int
	idx, f32, mems []string
}

func (g *gen) next() byte {
	if len(g.data) == 0 {
		return 0
	}
	c := g.data[0]
	g.data = g.data[1:]
	return c
}

func (g *gen) pick(vs []string) string { return vs[int(g.next())%len(vs)] }

func (g *gen) line(format string, args ...any) {
	fmt.Fprintf(&g.b, "  "+format+"\n", args...)
}

func (g *gen) fresh(prefix string) string {
	g.n++
	return fmt.Sprintf("%%%s%d", prefix, g.n)
}

var (
	idxBinops = []string{"addi", "subi", "muli", "divsi", "remsi", "divui", "remui", "ceildivsi", "floordivsi", "shli", "shrsi", "maxsi", "minui"}
	f32Binops = []string{"addf", "subf", "mulf", "divf", "remf", "maximumf"}
	scales    = []int64{1, 1000, 1 << 20, 1 << 40, 1 << 62}
)

func (g *gen) f32Val() string {
	if len(g.f32) == 0 {
		v := g.fresh("f")
		g.line("%s = arith.constant %d.5 : f32", v, int8(g.next()))
		g.f32 = append(g.f32, v)
	}
	return g.pick(g.f32)
}

func (g *gen) mem() string {
	if len(g.mems) == 0 {
		v := g.fresh("m")
		g.line("%s = memref.alloc(%s) : memref<?xf32>", v, g.pick(g.idx))
		g.mems = append(g.mems, v)
	}
	return g.pick(g.mems)
}

func (g *gen) op() {
	switch g.next() % 12 {
	case 0:
		v := g.fresh("i")
		g.line("%s = arith.constant %d : index", v, int64(int8(g.next()))*scales[int(g.next())%len(scales)])
		g.idx = append(g.idx, v)
	case 1:
		v := g.fresh("i")
		g.line("%s = arith.%s %s, %s : index", v, g.pick(idxBinops), g.pick(g.idx), g.pick(g.idx))
		g.idx = append(g.idx, v)
	case 2:
		v := g.fresh("m")
		g.line("%s = memref.alloc(%s) : memref<?xf32>", v, g.pick(g.idx))
		g.mems = append(g.mems, v)
	case 3:
		m, f := g.mem(), g.f32Val()
		g.line("memref.store %s, %s[%s] : memref<?xf32>", f, m, g.pick(g.idx))
	case 4:
		m := g.mem()
		v := g.fresh("f")
		g.line("%s = memref.load %s[%s] : memref<?xf32>", v, m, g.pick(g.idx))
		g.f32 = append(g.f32, v)
	case 5:
		a, b := g.f32Val(), g.f32Val()
		v := g.fresh("f")
		g.line("%s = arith.%s %s, %s : f32", v, g.pick(f32Binops), a, b)
		g.f32 = append(g.f32, v)
	case 6:
		m, f := g.mem(), g.f32Val()
		lo, hi, step, i := g.pick(g.idx), g.pick(g.idx), g.pick(g.idx), g.fresh("l")
		g.line("scf.for %s = %s to %s step %s {\n    memref.store %s, %s[%s] : memref<?xf32>\n  }", i, lo, hi, step, f, m, i)
	case 7:
		m := g.mem()
		u := g.fresh("u")
		g.line("%s = memref.cast %s : memref<?xf32> to memref<*xf32>", u, m)
		g.line("call @printMemrefF32(%s) : (memref<*xf32>) -> ()", u)
	case 8:
		m := g.mem()
		v := g.fresh("i")
		g.line("%s = memref.dim %s, %s : memref<?xf32>", v, m, g.pick(g.idx))
		g.idx = append(g.idx, v)
	case 9:
		if len(g.mems) > 0 {
			g.line("memref.dealloc %s : memref<?xf32>", g.pick(g.mems))
		}
	case 10:
		f := g.f32Val()
		v, w := g.fresh("c"), g.fresh("i")
		g.line("%s = arith.fptosi %s : f32 to i64", v, f)
		g.line("%s = arith.index_cast %s : i64 to index", w, v)
		g.idx = append(g.idx, w)
	case 11:
		a, b := g.pick(g.idx), g.pick(g.idx)
		c, v := g.fresh("b"), g.fresh("i")
		g.line("%s = arith.cmpi slt, %s, %s : index", c, a, b)
		g.line("%s = scf.if %s -> index {\n    scf.yield %s : index\n  } else {\n    %s = memref.alloca(%s) : memref<?xf32>\n    scf.yield %s : index\n  }", v, c, a, g.fresh("a"), b, b)
		g.idx = append(g.idx, v)
	}
}
