package ir_test

import (
	"io"
	"os"
	"testing"

	"github.com/kiln-gpu/kiln/ir"
)

// benchOpt parses, verifies and prints the file at path as `kiln opt
// --allow-unregistered-dialect` does with only the core loaded. The inputs
// come from ../shared/bench/gen_bench.py (see bench/opt-vs-mlir.sh), so the
// benchmark skips when they are absent.
func benchOpt(b *testing.B, path string) {
	src, err := os.ReadFile(path)
	if err != nil {
		b.Skip(err)
	}
	text := string(src)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		ctx := ir.NewContext()
		ctx.SetAllowUnregisteredDialects(true)
		m, err := ir.Parse(ctx, text, path)
		if err != nil {
			b.Fatal(err)
		}
		if err := ir.Verify(m); err != nil {
			b.Fatal(err)
		}
		if err := ir.Print(io.Discard, m, ir.PrintOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkOptBig: one function of 100,000 ops, made with
// `gen_bench.py big 100000 | mlir-opt-16 --mlir-print-op-generic`.
func BenchmarkOptBig(b *testing.B) { benchOpt(b, "/tmp/big.generic.mlir") }

// BenchmarkOptMany: 1,000 kernels of 50 ops, made with
// `gen_bench.py many 1000 | mlir-opt-16 --mlir-print-op-generic`.
func BenchmarkOptMany(b *testing.B) { benchOpt(b, "/tmp/many.generic.mlir") }
