// RUN: kiln opt %s --mlir-print-unique-ssa-ids | FileCheck %s --check-prefix=UNIQUE
// RUN: kiln opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: kiln opt %s | FileCheck %s --check-prefix=LOCAL
// RUN: kiln opt %s --mlir-use-nameloc-as-prefix | FileCheck %s --check-prefix=NAMELOC

// With unique ids no region restarts the numbering: regions are numbered
// from a stack, the last pushed first (the last function, the last loop's
// body), as MLIR's SSANameState. The generic form numbers so too, without
// the names ops suggest.

// UNIQUE-LABEL: func.func @f(%arg1: memref<i32>, %arg2: memref<i32>)
// UNIQUE:         %c0 = arith.constant 0 : index
// UNIQUE:         scf.for %arg4 = %c0 to %c8 step %c1 {
// UNIQUE-NEXT:      %5 = memref.load %arg1[] : memref<i32>
// UNIQUE:         scf.for %arg3 = %c0 to %c8 step %c1 {
// UNIQUE-NEXT:      %2 = memref.load %arg1[] : memref<i32>
// UNIQUE-LABEL: func.func @g(%arg0: i32) -> i32
// UNIQUE-NEXT:    %0 = arith.addi %arg0, %arg0 : i32
// UNIQUE-NEXT:    %c1_i32 = arith.constant 1 : i32
// UNIQUE-NEXT:    %c1_i32_0 = arith.constant 1 : i32

// GENERIC:      ^bb0(%arg1: memref<i32>, %arg2: memref<i32>):
// GENERIC-NEXT:   %4 = "arith.constant"() <{value = 0 : index}> : () -> index
// GENERIC:        "scf.for"(%4, %6, %5) ({
// GENERIC-NEXT:   ^bb0(%arg4: index):
// GENERIC-NEXT:     %10 = "memref.load"(%arg1)
// GENERIC:        "scf.for"(%4, %6, %5) ({
// GENERIC-NEXT:   ^bb0(%arg3: index):
// GENERIC-NEXT:     %7 = "memref.load"(%arg1)
// GENERIC:      ^bb0(%arg0: i32):
// GENERIC-NEXT:   %0 = "arith.addi"(%arg0, %arg0)
// GENERIC-NEXT:   %1 = "arith.constant"() <{value = 1 : i32}> : () -> i32

// LOCAL:          scf.for %arg2 =
// LOCAL-NEXT:       %0 = memref.load
// LOCAL:          scf.for %arg2 =
// LOCAL-NEXT:       %0 = memref.load
// LOCAL-LABEL:  func.func @g(%arg0: i32) -> i32
// LOCAL-NEXT:     %0 = arith.addi %arg0, %arg0 : i32

// A NameLoc (the first in a fused or call site location) names the value,
// an argument or a result, over the name the op suggests, made unique in
// its scope as suggested names are.
// NAMELOC-LABEL: func.func @f
// NAMELOC:         %a = memref.load %arg0[]
// NAMELOC-NEXT:    %0 = memref.load %arg1[]
// NAMELOC:         %a = memref.load %arg0[]
// NAMELOC-LABEL: func.func @g(%x: i32) -> i32
// NAMELOC-NEXT:    %sum = arith.addi %x, %x : i32
// NAMELOC-NEXT:    %one = arith.constant 1 : i32
// NAMELOC-NEXT:    %c1_i32 = arith.constant 1 : i32
// NAMELOC-NEXT:    %sum_0 = arith.addi %sum, %one : i32
func.func @f(%arg0 : memref<i32>, %arg1 : memref<i32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c0 to %c8 step %c1 {
    %a = memref.load %arg0[] : memref<i32> loc("a")
    %b = memref.load %arg1[] : memref<i32>
    %0 = arith.addi %a, %b : i32
    scf.yield
  }
  scf.for %i = %c0 to %c8 step %c1 {
    %a = memref.load %arg0[] : memref<i32> loc(fused["a", "b"])
    %b = memref.load %arg1[] : memref<i32>
    %0 = arith.subi %a, %b : i32
    scf.yield
  }
  return
}

func.func @g(%a: i32 loc("x")) -> i32 {
  %0 = arith.addi %a, %a : i32 loc("sum")
  %1 = arith.constant 1 : i32 loc("one")
  %2 = arith.constant 1 : i32
  %3 = arith.addi %0, %1 : i32 loc(callsite("sum" at "caller"))
  return %3 : i32
}
