// RUN: kiln opt %s --vector-lower-mask-op --vector-lower-scan --vector-lower-masks | FileCheck %s

// The mask moves into the transfer; masked-off lanes of the read take the
// pass-through.
// CHECK-LABEL: func.func @read
// CHECK: %[[R:.*]] = vector.transfer_read %arg0[%arg1], %{{.*}}, %arg2 : memref<16xf32>, vector<4xf32>
// CHECK: arith.select %arg2, %[[R]], %arg3 : vector<4xi1>, vector<4xf32>
// CHECK-NOT: vector.mask
func.func @read(%m: memref<16xf32>, %i: index, %mask: vector<4xi1>, %pass: vector<4xf32>) -> vector<4xf32> {
  %pad = arith.constant 0.0 : f32
  %r = vector.mask %mask, %pass { vector.transfer_read %m[%i], %pad : memref<16xf32>, vector<4xf32> } : vector<4xi1> -> vector<4xf32>
  return %r : vector<4xf32>
}

// CHECK-LABEL: func.func @write
// CHECK: vector.transfer_write %arg3, %arg0[%arg1], %arg2 : vector<4xf32>, memref<16xf32>
// CHECK-NOT: vector.mask
func.func @write(%m: memref<16xf32>, %i: index, %mask: vector<4xi1>, %v: vector<4xf32>) {
  vector.mask %mask { vector.transfer_write %v, %m[%i] : vector<4xf32>, memref<16xf32> } : vector<4xi1>
  return
}

// Masked-off lanes become the kind's neutral value: INT_MIN for maxsi,
// -0.0 for a float add, all ones for minui.
// CHECK-LABEL: func.func @reductions
// CHECK-DAG: %[[NZ:.*]] = arith.constant dense<-0.000000e+00> : vector<2x4xf32>
// CHECK-DAG: %[[ONES:.*]] = arith.constant dense<-1> : vector<4xi32>
// CHECK-DAG: %[[MIN:.*]] = arith.constant dense<-2147483648> : vector<4xi32>
// CHECK: %[[S:.*]] = arith.select %arg1, %arg0, %[[MIN]] : vector<4xi1>, vector<4xi32>
// CHECK: vector.reduction <maxsi>, %[[S]], %arg2 : vector<4xi32> into i32
// CHECK: %[[U:.*]] = arith.select %arg1, %arg0, %[[ONES]]
// CHECK: vector.reduction <minui>, %[[U]] : vector<4xi32> into i32
// CHECK: %[[F:.*]] = arith.select %arg4, %arg3, %[[NZ]] : vector<2x4xi1>, vector<2x4xf32>
// CHECK: vector.multi_reduction <add>, %[[F]], %arg5 [1] : vector<2x4xf32> to vector<2xf32>
func.func @reductions(%v: vector<4xi32>, %mask: vector<4xi1>, %acc: i32, %f: vector<2x4xf32>, %fmask: vector<2x4xi1>, %facc: vector<2xf32>) -> (i32, i32, vector<2xf32>) {
  %r = vector.mask %mask { vector.reduction <maxsi>, %v, %acc : vector<4xi32> into i32 } : vector<4xi1> -> i32
  %u = vector.mask %mask { vector.reduction <minui>, %v : vector<4xi32> into i32 } : vector<4xi1> -> i32
  %m = vector.mask %fmask { vector.multi_reduction <add>, %f, %facc [1] : vector<2x4xf32> to vector<2xf32> } : vector<2x4xi1> -> vector<2xf32>
  return %r, %u, %m : i32, i32, vector<2xf32>
}

// An exclusive scan starts each line from the initial value and combines
// the previous result with the previous element.
// CHECK-LABEL: func.func @exclusive
// CHECK: %[[X00:.*]] = vector.extract %arg0[0, 0] : i32 from vector<2x3xi32>
// CHECK: %[[I0:.*]] = vector.extract %arg1[0] : i32 from vector<3xi32>
// CHECK: %[[S10:.*]] = arith.addi %[[I0]], %[[X00]] : i32
// CHECK: %[[R:.*]] = vector.from_elements %[[I0]], %{{.*}}, %{{.*}}, %[[S10]], %{{.*}}, %{{.*}} : vector<2x3xi32>
// CHECK: %[[A:.*]] = vector.from_elements %[[S10]], %{{.*}}, %{{.*}} : vector<3xi32>
// CHECK: return %[[R]], %[[A]]
func.func @exclusive(%v: vector<2x3xi32>, %init: vector<3xi32>) -> (vector<2x3xi32>, vector<3xi32>) {
  %r:2 = vector.scan <add>, %v, %init {inclusive = false, reduction_dim = 0 : i64} : vector<2x3xi32>, vector<3xi32>
  return %r#0, %r#1 : vector<2x3xi32>, vector<3xi32>
}

// An inclusive scan ignores the initial value.
// CHECK-LABEL: func.func @inclusive
// CHECK: %[[X0:.*]] = vector.extract %arg0[0] : f32 from vector<3xf32>
// CHECK: %[[X1:.*]] = vector.extract %arg0[1] : f32 from vector<3xf32>
// CHECK: %[[P1:.*]] = arith.mulf %[[X0]], %[[X1]] : f32
// CHECK: %[[X2:.*]] = vector.extract %arg0[2] : f32 from vector<3xf32>
// CHECK: %[[P2:.*]] = arith.mulf %[[P1]], %[[X2]] : f32
// CHECK: vector.from_elements %[[X0]], %[[P1]], %[[P2]] : vector<3xf32>
// CHECK: vector.from_elements %[[P2]] : vector<f32>
func.func @inclusive(%v: vector<3xf32>, %init: vector<f32>) -> (vector<3xf32>, vector<f32>) {
  %r:2 = vector.scan <mul>, %v, %init {inclusive = true, reduction_dim = 0 : i64} : vector<3xf32>, vector<f32>
  return %r#0, %r#1 : vector<3xf32>, vector<f32>
}

// Scanning an inner dimension.
// CHECK-LABEL: func.func @inner
// CHECK: %[[A:.*]] = vector.extract %arg0[1, 0] : i32 from vector<2x2xi32>
// CHECK: %[[B:.*]] = vector.extract %arg0[1, 1] : i32 from vector<2x2xi32>
// CHECK: %[[M:.*]] = arith.maxsi %[[A]], %[[B]] : i32
// CHECK: vector.from_elements %{{.*}}, %[[M]] : vector<2xi32>
func.func @inner(%v: vector<2x2xi32>, %init: vector<2xi32>) -> vector<2xi32> {
  %r:2 = vector.scan <maxsi>, %v, %init {inclusive = true, reduction_dim = 1 : i64} : vector<2x2xi32>, vector<2xi32>
  return %r#1 : vector<2xi32>
}

// Lane i reads the element after as many as the set lanes before it.
// CHECK-LABEL: func.func @expand
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK: %[[B0:.*]] = vector.extract %arg2[0] : i1 from vector<2xi1>
// CHECK: %[[L0:.*]] = scf.if %[[B0]] -> (f32) {
// CHECK: memref.load %arg0[%arg1] : memref<16xf32>
// CHECK: } else {
// CHECK: vector.extract %arg3[0] : f32 from vector<2xf32>
// CHECK: %[[STEP:.*]] = arith.select %[[B0]], %[[C1]], %[[C0]] : index
// CHECK: %[[I1:.*]] = arith.addi %arg1, %[[STEP]] : index
// CHECK: scf.if
// CHECK: memref.load %arg0[%[[I1]]] : memref<16xf32>
// CHECK: vector.from_elements %[[L0]], %{{.*}} : vector<2xf32>
func.func @expand(%m: memref<16xf32>, %i: index, %mask: vector<2xi1>, %pass: vector<2xf32>) -> vector<2xf32> {
  %r = vector.expandload %m[%i], %mask, %pass : memref<16xf32>, vector<2xi1>, vector<2xf32> into vector<2xf32>
  return %r : vector<2xf32>
}

// CHECK-LABEL: func.func @compress
// CHECK: scf.if
// CHECK: memref.store %{{.*}}, %arg0[%arg1] : memref<16xf32>
// CHECK: %[[I1:.*]] = arith.addi %arg1
// CHECK: scf.if
// CHECK: memref.store %{{.*}}, %arg0[%[[I1]]] : memref<16xf32>
// CHECK-NOT: vector.compressstore
func.func @compress(%m: memref<16xf32>, %i: index, %mask: vector<2xi1>, %v: vector<2xf32>) {
  vector.compressstore %m[%i], %mask, %v : memref<16xf32>, vector<2xi1>, vector<2xf32>
  return
}
