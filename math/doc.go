// Package mathd is MLIR's math dialect: elementary functions (exp, log,
// sin, sqrt, ...), rounding, fused multiply-add, powers, integer bit counts
// and float classification, on scalars and elementwise on vectors and
// tensors. The package is named mathd (directory math/) so that it does not
// shadow the standard library's math package.
//
// Ops print and parse in MLIR's custom syntax, given by their MathOps.td
// assembly formats (ir.Format); float ops take arith's
// fast-math flags:
//
//	%0 = math.sqrt %x : f32
//	%1 = math.exp %v fastmath<fast> : vector<4xf32>
//	%2 = math.fpowi %x, %n : f32, i32
//	%3 = math.ctlz %i : i32
//	%4 = math.isnan %x : f32
//	%5 = math.clampf %x to [%lo, %hi] : f32
//	%sin, %cos = math.sincos %x : f32
//
// EvalFloat, EvalFPowI, EvalInt and EvalClass define what the ops compute;
// folders and the reference interpreter share them. As in MLIR, exact
// operations (abs, ceil, floor, round, sqrt, ...) fold for every float
// type and transcendental functions only for f32 and f64.
package mathd
