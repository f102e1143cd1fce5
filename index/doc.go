// Package index is MLIR's index dialect: arithmetic, comparisons, casts and
// constants on values of the target-dependent `index` type.
//
// Index values are 32 or 64 bits wide depending on the target, so the
// folders only fold when the result is the same at both widths:
//
//	%r = index.add %a, %b
//	%c = index.cmp slt(%a, %b)
//	%i = index.castu %x : i32 to index
//	%k = index.constant 42
//
// Load it with ir.NewContext(index.Dialect(), ...).
package index
