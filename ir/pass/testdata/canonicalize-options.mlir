// RUN: kiln opt %s -split-input-file -canonicalize | FileCheck %s --check-prefix=PLAIN
// RUN: kiln opt %s -split-input-file -canonicalize='cse-between-iterations=true' | FileCheck %s --check-prefix=CSE
// RUN: kiln opt %s -split-input-file -canonicalize='cse-between-iterations=true max-iterations=1' | FileCheck %s --check-prefix=ONE
// RUN: kiln opt %s -split-input-file -pass-pipeline='builtin.module(func.func(canonicalize{filter-dialects=func}))' | FileCheck %s --check-prefix=FUNC
// RUN: not kiln opt %s -pass-pipeline='builtin.module(func.func(canonicalize{filter-dialects=nodialect}))' 2>&1 | FileCheck %s --check-prefix=ERR

// Equal products are distinct values to the patterns; cse between sweeps
// makes them one, so that x*y - x*y folds to 0 on the next sweep, and the
// add of that 0 after it. With one sweep, cse still runs, but nothing folds.
// PLAIN-LABEL: func.func @products
// PLAIN-COUNT-2: arith.muli
// PLAIN:         arith.subi
// PLAIN:         arith.addi
// CSE-LABEL: func.func @products
// CSE-NOT:     arith.muli
// CSE-NOT:     arith.subi
// CSE:         return %arg2 : i32
// ONE-LABEL: func.func @products
// ONE-COUNT-1: arith.muli
// ONE-NOT:     arith.muli
// ONE:         arith.subi
// ONE:         arith.addi
// FUNC-LABEL: func.func @products
func.func @products(%x: i32, %y: i32, %z: i32) -> i32 {
  %a = arith.muli %x, %y : i32
  %b = arith.muli %y, %x : i32
  %d = arith.subi %a, %b : i32
  %e = arith.addi %d, %z : i32
  return %e : i32
}

// -----

// filter-dialects keeps the patterns of the listed dialects only: arith's
// pattern rewriting (x + 1) - 2 into x + (1 - 2) does not run for func;
// the folders run whatever the filter.
// PLAIN-LABEL: func.func @filtered
// PLAIN-NOT:     arith.subi
// PLAIN:         arith.addi %arg0, %c-1_i32
// FUNC-LABEL: func.func @filtered
// FUNC:         arith.addi %arg0, %c1_i32
// FUNC-NEXT:    arith.subi
// FUNC-NEXT:    return %{{.*}}, %c7_i32
// ERR: can't load dialect 'nodialect': missing registration?
func.func @filtered(%a: i32) -> (i32, i32) {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c5 = arith.constant 5 : i32
  %add = arith.addi %a, %c1 : i32
  %sub = arith.subi %add, %c2 : i32
  %seven = arith.addi %c5, %c2 : i32
  return %sub, %seven : i32, i32
}
