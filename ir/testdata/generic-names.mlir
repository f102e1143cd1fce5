// The generic form numbers every value: ops' suggested result names (%c0,
// %dim) are custom-form only, as in MLIR's SSANameState.
// RUN: kiln opt %s --mlir-print-op-generic | FileCheck %s
// RUN: kiln opt %s | FileCheck %s --check-prefix=CUSTOM

// CHECK: ^bb0(%arg0: memref<?xf32>):
// CHECK-NEXT: %0 = "arith.constant"() <{value = 0 : index}> : () -> index
// CHECK-NEXT: %1 = "memref.dim"(%arg0, %0) : (memref<?xf32>, index) -> index
// CHECK-NEXT: "func.return"(%1) : (index) -> ()
// CUSTOM: %c0 = arith.constant 0 : index
// CUSTOM-NEXT: %dim = memref.dim %arg0, %c0 : memref<?xf32>
func.func @f(%m: memref<?xf32>) -> index {
  %c0 = arith.constant 0 : index
  %d = memref.dim %m, %c0 : memref<?xf32>
  return %d : index
}
