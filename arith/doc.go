// Package arith is MLIR's arith dialect: integer and floating-point
// arithmetic, bitwise ops and shifts, min/max, comparisons, select,
// constants and casts, on scalars and elementwise on vectors and tensors.
//
// Ops print and parse in MLIR's custom syntax:
//
//	%c0 = arith.constant 0 : index
//	%0 = arith.addi %a, %b overflow<nsw> : i32
//	%1 = arith.addf %x, %y fastmath<fast> : f32
//	%2 = arith.cmpi slt, %a, %b : i32
//	%3 = arith.select %2, %a, %b : i32
//	%4 = arith.index_cast %i : index to i32
//	%sum, %carry = arith.addui_extended %a, %b : i32, i1
//
// Enums are stored as MLIR stores them: cmpi and cmpf predicates as i64
// integer attributes (`predicate`), truncf's rounding mode as an i32
// (`roundingmode`); fast-math and overflow flags as the dialect attributes
// #arith.fastmath<...> (FastMathAttr) and #arith.overflow<...> (OverflowAttr).
//
// What each op computes is defined once, by EvalInt, EvalFloat, EvalCmpI,
// EvalCmpF, EvalExtended and EvalCast. The folders apply them elementwise
// to constant operands (FoldElementwise) and the reference interpreter
// calls them directly, so folding and interpretation agree. Folds never
// produce a value where MLIR's result is undefined: division by zero,
// signed division overflow and over-wide shifts stay unfolded.
package arith
