// RUN: kiln opt %s --memref-emulate-wide-int="widest-int-supported=32" | FileCheck %s

// memref.alloc, load and store of i64 work on memrefs of vector<2xi32>,
// keeping their attributes; narrower element types stay.
// CHECK-LABEL: func.func @i64(
// CHECK:         %[[C:.*]] = arith.constant dense<[1, 0]> : vector<2xi32>
// CHECK-NEXT:    %[[M:.*]] = memref.alloc() : memref<4xvector<2xi32>, 1>
// CHECK-NEXT:    %[[V:.*]] = memref.load %[[M]][%{{.*}}] {nontemporal = true} : memref<4xvector<2xi32>, 1>
// CHECK-NEXT:    memref.store %[[C]], %[[M]][%{{.*}}] : memref<4xvector<2xi32>, 1>
// CHECK-NEXT:    %[[N:.*]] = memref.alloc() : memref<4xi32>
// CHECK-NEXT:    memref.load %[[N]]
// CHECK-NEXT:    return
func.func @i64() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : i64
  %m = memref.alloc() : memref<4xi64, 1>
  %v = memref.load %m[%c0] {nontemporal = true} : memref<4xi64, 1>
  memref.store %c1, %m[%c0] : memref<4xi64, 1>
  %n = memref.alloc() : memref<4xi32>
  %w = memref.load %n[%c0] : memref<4xi32>
  return
}

// The arith emulation applies too; function signatures are not
// converted (as in MLIR), so an i64 argument reaches the emulated ops
// through a cast.
// CHECK-LABEL: func.func @arith(
// CHECK-SAME:    %[[A:.*]]: i64, %[[M:.*]]: memref<2xi64>)
// CHECK-DAG:     %[[CA:.*]] = builtin.unrealized_conversion_cast %[[A]] : i64 to vector<2xi32>
// CHECK-DAG:     %[[CM:.*]] = builtin.unrealized_conversion_cast %[[M]] : memref<2xi64> to memref<2xvector<2xi32>>
// CHECK:         %[[V:.*]] = memref.load %[[CM]][%{{.*}}] : memref<2xvector<2xi32>>
// CHECK:         arith.addui_extended
// CHECK:         memref.store %{{.*}}, %[[CM]][%{{.*}}] : memref<2xvector<2xi32>>
func.func @arith(%a: i64, %m: memref<2xi64>) {
  %c0 = arith.constant 0 : index
  %v = memref.load %m[%c0] : memref<2xi64>
  %s = arith.addi %v, %a : i64
  memref.store %s, %m[%c0] : memref<2xi64>
  return
}
