// RUN: kiln opt %s --expand-realloc --split-input-file | FileCheck %s
// RUN: kiln opt %s --expand-realloc=emit-deallocs=false --split-input-file | FileCheck %s --check-prefix=NODEALLOC
// RUN: not kiln opt %s --expand-realloc=emit-deallocs=2 2>&1 | FileCheck %s --check-prefix=BADOPT

// BADOPT: error: for the --emit-deallocs option: '2' is invalid value for boolean argument! Try 0 or 1

// Dynamic to dynamic: the current size is read with memref.dim, the
// alignment goes to the new buffer.
// CHECK-LABEL: func.func @grow_dynamic(
// CHECK-SAME:    %[[M:.*]]: memref<?xi32>, %[[N:.*]]: index)
// CHECK:         %[[C0:.*]] = arith.constant 0 : index
// CHECK:         %[[D:.*]] = memref.dim %[[M]], %[[C0]] : memref<?xi32>
// CHECK:         %[[LT:.*]] = arith.cmpi ult, %[[D]], %[[N]] : index
// CHECK:         %[[R:.*]] = scf.if %[[LT]] -> (memref<?xi32>) {
// CHECK:           %[[NEW:.*]] = memref.alloc(%[[N]]) {alignment = 16 : i64} : memref<?xi32>
// CHECK:           %[[SV:.*]] = memref.subview %[[NEW]][0] [%[[D]]] [1] : memref<?xi32> to memref<?xi32, strided<[1]>>
// CHECK:           memref.copy %[[M]], %[[SV]] : memref<?xi32> to memref<?xi32, strided<[1]>>
// CHECK:           memref.dealloc %[[M]] : memref<?xi32>
// CHECK:           scf.yield %[[NEW]] : memref<?xi32>
// CHECK:         } else {
// CHECK:           %[[RC:.*]] = memref.reinterpret_cast %[[M]] to offset: [0], sizes: [%[[N]]], strides: [1] : memref<?xi32> to memref<?xi32>
// CHECK:           scf.yield %[[RC]] : memref<?xi32>
// CHECK:         return %[[R]] : memref<?xi32>
// NODEALLOC-LABEL: func.func @grow_dynamic(
// NODEALLOC-NOT:   memref.dealloc
func.func @grow_dynamic(%m: memref<?xi32>, %n: index) -> memref<?xi32> {
  %r = memref.realloc %m(%n) {alignment = 16} : memref<?xi32> to memref<?xi32>
  return %r : memref<?xi32>
}

// -----

// Static sizes become constants; a buffer in another memory space keeps it.
// CHECK-LABEL: func.func @grow_static(
// CHECK:         %[[C2:.*]] = arith.constant 2 : index
// CHECK:         %[[C5:.*]] = arith.constant 5 : index
// CHECK:         arith.cmpi ult, %[[C2]], %[[C5]] : index
// CHECK:           memref.alloc() : memref<5xf32, 3>
// CHECK:           memref.subview %{{.*}}[0] [2] [1] : memref<5xf32, 3> to memref<2xf32, strided<[1]>, 3>
// CHECK:           memref.reinterpret_cast %{{.*}} to offset: [0], sizes: [5], strides: [1] : memref<2xf32, 3> to memref<5xf32, 3>
func.func @grow_static(%m: memref<2xf32, 3>) -> memref<5xf32, 3> {
  %r = memref.realloc %m : memref<2xf32, 3> to memref<5xf32, 3>
  return %r : memref<5xf32, 3>
}

// -----

// A static shrink is only the cast: the copying branch, never taken, would
// take an out-of-bounds subview of the smaller buffer.
// CHECK-LABEL: func.func @shrink_static(
// CHECK-NEXT:    %[[RC:.*]] = memref.reinterpret_cast %arg0 to offset: [0], sizes: [3], strides: [1] : memref<8xf32> to memref<3xf32>
// CHECK-NEXT:    return %[[RC]] : memref<3xf32>
func.func @shrink_static(%m: memref<8xf32>) -> memref<3xf32> {
  %r = memref.realloc %m : memref<8xf32> to memref<3xf32>
  return %r : memref<3xf32>
}
