package emulate

import (
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/rewrite"
)

// MemRefWideInt runs memref-emulate-wide-int (MLIR's MemRefEmulateWideInt)
// on op: arith-emulate-wide-int's arith patterns, and memref.alloc, load
// and store of i2N elements on memrefs of vector<2xiN>. Function
// signatures are left as they are, as in MLIR.
func MemRefWideInt(op *ir.Operation, n int) error {
	if err := checkWidth(n); err != nil {
		return err
	}
	tc := WideIntConverter(op.Context(), n, true)
	target := rewrite.NewConversionTarget()
	for _, d := range []string{"arith", "memref", "vector"} {
		target.AddDynamicallyLegalDialect(d, tc.IsLegalOp)
	}
	patterns := append(WideIntPatterns(n), MemRefPatterns()...)
	return rewrite.ApplyPartialConversion(op, target, rewrite.NewConversionPatternSet(tc, patterns...))
}

// MemRefPatterns are MLIR's memref wide integer emulation patterns
// (populateMemRefWideIntEmulationPatterns): alloc, load and store rebuilt
// with the converted types, keeping their attributes.
func MemRefPatterns() []*rewrite.ConversionPattern {
	var ps []*rewrite.ConversionPattern
	for _, name := range []string{"memref.alloc", "memref.load", "memref.store"} {
		ps = append(ps, rewrite.OneToOne(name, name))
	}
	return ps
}
