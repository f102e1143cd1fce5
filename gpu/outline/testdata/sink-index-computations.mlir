// RUN: kiln opt %s --allow-unregistered-dialect --gpu-launch-sink-index-computations | FileCheck %s

// Constants, memref.dim, arith.select and arith.cmpi the body uses are
// copied into it (the originals stay for the launch bounds and other
// users) when the body can see their operands (sunk too, or used there);
// other ops are not.
// CHECK-LABEL: func.func @sink(
// CHECK-SAME: %[[M:.*]]: memref<?xf32>, %[[N:.*]]: index
// CHECK: %[[C4:.*]] = arith.constant 4 : index
// CHECK: %[[ADD:.*]] = arith.addi %[[N]], %[[C4]] : index
// CHECK: gpu.launch
// CHECK-NEXT: %[[K4:.*]] = arith.constant 4 : index
// CHECK-NEXT: %[[K0:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[D:.*]] = memref.dim %[[M]], %[[K0]] : memref<?xf32>
// CHECK-NEXT: %[[CMP:.*]] = arith.cmpi slt, %[[D]], %[[K4]] : index
// CHECK-NEXT: "use"(%[[K4]], %[[D]], %[[CMP]], %[[ADD]], %[[M]])
func.func @sink(%m: memref<?xf32>, %n: index) {
  %c4 = arith.constant 4 : index
  %c0 = arith.constant 0 : index
  %d = memref.dim %m, %c0 : memref<?xf32>
  %cmp = arith.cmpi slt, %d, %c4 : index
  %add = arith.addi %n, %c4 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c4, %gy = %c4, %gz = %c4)
             threads(%tx, %ty, %tz) in (%sx = %c4, %sy = %c4, %sz = %c4) {
    "use"(%c4, %d, %cmp, %add, %m) : (index, index, i1, index, memref<?xf32>) -> ()
    gpu.terminator
  }
  return
}
