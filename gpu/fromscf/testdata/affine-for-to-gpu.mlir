// RUN: kiln opt %s --split-input-file --pass-pipeline="builtin.module(func.func(convert-affine-for-to-gpu{gpu-block-dims=2 gpu-thread-dims=1}))" | FileCheck %s

// Two block loops and one thread loop with bounds from maps and a step:
// the launch sizes are the trip counts, the indices id * step + lower
// bound; the inner loop stays in the launch body.
// CHECK-LABEL: func.func @nest(
// CHECK-SAME: %[[M:.*]]: memref<?x?x?xf32>, %[[N:.*]]: index)
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[R0:.*]] = arith.subi %[[N]], %[[C0]] : index
// CHECK-NEXT: %[[S0:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[C2:.*]] = arith.constant 2 : index
// CHECK-NEXT: %[[CST1:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[N2:.*]] = arith.addi %[[N]], %[[CST1]] : index
// CHECK-NEXT: %[[C8:.*]] = arith.constant 8 : index
// CHECK-NEXT: %[[UB1:.*]] = arith.minsi %[[N2]], %[[C8]] : index
// CHECK-NEXT: %[[D1:.*]] = arith.subi %[[UB1]], %[[C2]] : index
// CHECK-NEXT: %[[S1:.*]] = arith.constant 3 : index
// CHECK-NEXT: %[[R1:.*]] = arith.ceildivsi %[[D1]], %[[S1]] : index
// CHECK-NEXT: %[[C0B:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[C4:.*]] = arith.constant 4 : index
// CHECK-NEXT: %[[R2:.*]] = arith.subi %[[C4]], %[[C0B]] : index
// CHECK-NEXT: %[[S2:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[ONE:.*]] = arith.constant 1 : index
// CHECK-NEXT: gpu.launch blocks(%[[BX:.*]], %[[BY:.*]], %{{.*}}) in (%{{.*}} = %[[R0]], %{{.*}} = %[[R1]], %{{.*}} = %[[ONE]]) threads(%[[TX:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %[[R2]], %{{.*}} = %[[ONE]], %{{.*}} = %[[ONE]]) {
// CHECK-NEXT: %[[I:.*]] = arith.addi %[[C0]], %[[BX]] : index
// CHECK-NEXT: %[[MUL:.*]] = arith.muli %[[S1]], %[[BY]] : index
// CHECK-NEXT: %[[J:.*]] = arith.addi %[[C2]], %[[MUL]] : index
// CHECK-NEXT: %[[K:.*]] = arith.addi %[[C0B]], %[[TX]] : index
// CHECK-NEXT: affine.for %[[L:.*]] = 0 to 5 {
// CHECK-NEXT: affine.store %{{.*}}, %[[M]][%[[I]], %[[J]], %[[K]] + %[[L]]] : memref<?x?x?xf32>
// CHECK-NEXT: }
// CHECK-NEXT: gpu.terminator
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @nest(%m: memref<?x?x?xf32>, %n: index) {
  %f = arith.constant 1.0 : f32
  affine.for %i = 0 to %n {
    affine.for %j = 2 to min affine_map<()[s0] -> (s0 + 1, 8)>()[%n] step 3 {
      affine.for %k = 0 to 4 {
        affine.for %l = 0 to 5 {
          affine.store %f, %m[%i, %j, %k + %l] : memref<?x?x?xf32>
        }
      }
    }
  }
  return
}
