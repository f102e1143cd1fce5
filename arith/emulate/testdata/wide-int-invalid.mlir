// RUN: kiln opt %s --arith-emulate-wide-int="widest-int-supported=32" --split-input-file --verify-diagnostics

// Integers wider than twice the widest supported one do not convert.
func.func @too_wide_result(%a: i64) -> i64 {
  // expected-error@+1 {{failed to legalize operation 'arith.extsi' that was explicitly marked illegal}}
  %0 = arith.extsi %a : i64 to i128
  %1 = arith.muli %0, %0 : i128
  %2 = arith.trunci %1 : i128 to i64
  return %2 : i64
}

// -----

// expected-error@+1 {{failed to legalize operation 'func.func' that was explicitly marked illegal}}
func.func @too_wide_signature(%a: vector<4xi128>) -> vector<4xi64> {
  %0 = arith.trunci %a : vector<4xi128> to vector<4xi64>
  return %0 : vector<4xi64>
}

// -----

// Ops without an emulation pattern (divisions, remainders, ...) on i64
// fail to legalize.
func.func @divsi(%a: i64, %b: i64) -> i64 {
  // expected-error@+1 {{failed to legalize operation 'arith.divsi' that was explicitly marked illegal}}
  %0 = arith.divsi %a, %b : i64
  return %0 : i64
}

// -----

func.func @remui(%a: vector<2xi64>, %b: vector<2xi64>) -> vector<2xi64> {
  // expected-error@+1 {{failed to legalize operation 'arith.remui' that was explicitly marked illegal}}
  %0 = arith.remui %a, %b : vector<2xi64>
  return %0 : vector<2xi64>
}

// -----

// MLIR has no emulation of bitcasts (nor of divisions, remainders, ceil
// and floor divisions or extended ops) on wide integers.
func.func @bitcast(%a: f64) -> i64 {
  // expected-error@+1 {{failed to legalize operation 'arith.bitcast' that was explicitly marked illegal}}
  %0 = arith.bitcast %a : f64 to i64
  return %0 : i64
}

// -----

func.func @mului_extended(%a: i64, %b: i64) -> i64 {
  // expected-error@+1 {{failed to legalize operation 'arith.mului_extended' that was explicitly marked illegal}}
  %lo, %hi = arith.mului_extended %a, %b : i64
  return %hi : i64
}
