// Package rewrite changes IR by rules: a greedy pattern driver with folding
// (what canonicalize runs) and dialect conversion (what lowerings run).
//
// # Greedy rewriting
//
// ApplyPatternsGreedily is MLIR's applyPatternsGreedily: a worklist of the
// ops nested in a root op; each op is erased when trivially dead, else
// folded (OpDef.Fold, with constant operands read from ConstantLike ops'
// "value" attribute), else rewritten by the first matching pattern in
// order of benefit. Every change goes through an ir.Rewriter whose
// ir.Listener puts the affected ops back on the worklist. Sweeps repeat
// until nothing changes or the iteration limit is hit; the result says
// whether a fixpoint was reached. Folded constants are materialized by the
// op's dialect at the start of the enclosing isolated-from-above region and
// deduplicated there (MLIR's OperationFolder).
//
// Patterns (ir.Pattern) are plain data; a PatternSet indexes them by root
// op name once, so one set can drive many goroutines at a time.
//
// # Dialect conversion
//
// ApplyPartialConversion and ApplyFullConversion legalize ops against a
// ConversionTarget with ConversionPatterns. A pattern sees its op's
// operands already remapped to the values that replaced them, converted to
// the legal types of the pattern set's TypeConverter (MLIR's adaptor).
// Where converted and unconverted IR meet, the driver inserts
// builtin.unrealized_conversion_cast ops; at the end it erases the casts
// that became dead, folds round trips, and hands the live ones to the
// TypeConverter's materialization hooks. Casts that stay live are errors
// in a full conversion unless the target makes them legal, and in a partial
// one if the target makes them illegal.
//
// The conversion does not roll back. A pattern must decide whether it
// matches before it changes anything, and report NoMatch only when it has
// changed nothing (the driver checks). When a conversion fails, the IR is
// consistent (every use still has a definition) but partly converted: the
// caller reports the error and discards it, as a failed pass does.
package rewrite
