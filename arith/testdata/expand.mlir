// RUN: kiln opt %s --arith-expand --split-input-file --verify-diagnostics | FileCheck %s
// RUN: kiln opt %s --arith-expand="include-bf16=true include-f8e8m0=true include-f4e2m1=true include-f8e5m2=true include-f8e4m3fn=true include-min-max-f=true include-min-max-i=true" --split-input-file --verify-diagnostics | FileCheck %s --check-prefix=ALL

// CHECK-LABEL: func.func @ceildivsi
// CHECK-SAME: (%[[A:.*]]: i32, %[[B:.*]]: i32)
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK-DAG: %[[ONE:.*]] = arith.constant 1 : i32
// CHECK: %[[Q:.*]] = arith.divsi %[[A]], %[[B]] : i32
// CHECK: %[[P:.*]] = arith.muli %[[Q]], %[[B]] : i32
// CHECK: %[[NE:.*]] = arith.cmpi ne, %[[A]], %[[P]] : i32
// CHECK: %[[AN:.*]] = arith.cmpi slt, %[[A]], %[[ZERO]] : i32
// CHECK: %[[BN:.*]] = arith.cmpi slt, %[[B]], %[[ZERO]] : i32
// CHECK: %[[SAME:.*]] = arith.cmpi eq, %[[AN]], %[[BN]] : i1
// CHECK: %[[C:.*]] = arith.andi %[[NE]], %[[SAME]] : i1
// CHECK: %[[Q1:.*]] = arith.addi %[[Q]], %[[ONE]] : i32
// CHECK: %[[R:.*]] = arith.select %[[C]], %[[Q1]], %[[Q]] : i32
// CHECK: return %[[R]]
func.func @ceildivsi(%a: i32, %b: i32) -> i32 {
  %r = arith.ceildivsi %a, %b : i32
  return %r : i32
}

// -----

// CHECK-LABEL: func.func @ceildivui_vector
// CHECK-SAME: (%[[A:.*]]: vector<4xi8>, %[[B:.*]]: vector<4xi8>)
// CHECK: %[[ZERO:.*]] = arith.constant dense<0> : vector<4xi8>
// CHECK: %[[IS0:.*]] = arith.cmpi eq, %[[A]], %[[ZERO]] : vector<4xi8>
// CHECK: %[[ONE:.*]] = arith.constant dense<1> : vector<4xi8>
// CHECK: %[[M:.*]] = arith.subi %[[A]], %[[ONE]] : vector<4xi8>
// CHECK: %[[Q:.*]] = arith.divui %[[M]], %[[B]] : vector<4xi8>
// CHECK: %[[Q1:.*]] = arith.addi %[[Q]], %[[ONE]] : vector<4xi8>
// CHECK: arith.select %[[IS0]], %[[ZERO]], %[[Q1]] : vector<4xi1>, vector<4xi8>
func.func @ceildivui_vector(%a: vector<4xi8>, %b: vector<4xi8>) -> vector<4xi8> {
  %r = arith.ceildivui %a, %b : vector<4xi8>
  return %r : vector<4xi8>
}

// -----

// CHECK-LABEL: func.func @floordivsi_index
// CHECK: %[[Q:.*]] = arith.divsi %{{.*}}, %{{.*}} : index
// CHECK: arith.cmpi ne, %{{.*}}, %{{.*}} : index
// CHECK: %[[C:.*]] = arith.andi
// CHECK: %[[M1:.*]] = arith.constant -1 : index
// CHECK: %[[QM:.*]] = arith.addi %[[Q]], %[[M1]] : index
// CHECK: arith.select %[[C]], %[[QM]], %[[Q]] : index
func.func @floordivsi_index(%a: index, %b: index) -> index {
  %r = arith.floordivsi %a, %b : index
  return %r : index
}

// -----

// The min/max ops expand only with include-min-max-f and include-min-max-i.
// CHECK-LABEL: func.func @minmax
// CHECK: arith.maximumf
// CHECK: arith.minnumf
// CHECK: arith.minui
// ALL-LABEL: func.func @minmax
// ALL-SAME: (%[[A:.*]]: f32, %[[B:.*]]: f32, %[[I:.*]]: i16, %[[J:.*]]: i16)
// ALL: %[[C0:.*]] = arith.cmpf ugt, %[[A]], %[[B]] : f32
// ALL: %[[S0:.*]] = arith.select %[[C0]], %[[A]], %[[B]] : f32
// ALL: %[[N0:.*]] = arith.cmpf uno, %[[B]], %[[B]] : f32
// ALL: %[[MAX:.*]] = arith.select %[[N0]], %[[B]], %[[S0]] : f32
// ALL: %[[C1:.*]] = arith.cmpf ult, %[[A]], %[[B]] : f32
// ALL: %[[S1:.*]] = arith.select %[[C1]], %[[A]], %[[B]] : f32
// ALL: %[[N1:.*]] = arith.cmpf uno, %[[A]], %[[A]] : f32
// ALL: %[[MIN:.*]] = arith.select %[[N1]], %[[B]], %[[S1]] : f32
// ALL: %[[C2:.*]] = arith.cmpi ult, %[[I]], %[[J]] : i16
// ALL: %[[MINU:.*]] = arith.select %[[C2]], %[[I]], %[[J]] : i16
// ALL: return %[[MAX]], %[[MIN]], %[[MINU]]
func.func @minmax(%a: f32, %b: f32, %i: i16, %j: i16) -> (f32, f32, i16) {
  %0 = arith.maximumf %a, %b : f32
  %1 = arith.minnumf %a, %b : f32
  %2 = arith.minui %i, %j : i16
  return %0, %1, %2 : f32, f32, i16
}

// -----

// Without include-bf16 the casts stay; with it they are bit manipulation.
// CHECK-LABEL: func.func @bf16
// CHECK: arith.extf %{{.*}} : bf16 to f32
// CHECK: arith.truncf %{{.*}} : f32 to bf16
// ALL-LABEL: func.func @bf16
// ALL: %[[B:.*]] = arith.bitcast %{{.*}} : bf16 to i16
// ALL: %[[E:.*]] = arith.extui %[[B]] : i16 to i32
// ALL: %[[C16:.*]] = arith.constant 16 : i32
// ALL: %[[S:.*]] = arith.shli %[[E]], %[[C16]] : i32
// ALL: arith.bitcast %[[S]] : i32 to f32
// ALL: arith.cmpf une
// ALL: arith.constant 32767 : i32
// ALL: arith.constant 32704 : i16
// ALL: arith.trunci %{{.*}} : i32 to i16
// ALL: arith.bitcast %{{.*}} : i16 to bf16
func.func @bf16(%a: bf16, %b: f32) -> (f32, bf16) {
  %0 = arith.extf %a : bf16 to f32
  %1 = arith.truncf %b : f32 to bf16
  return %0, %1 : f32, bf16
}

// -----

// CHECK-LABEL: func.func @scaling
// CHECK: %[[S:.*]] = arith.truncf %{{.*}} fastmath<fast> : vector<4xf32> to vector<4xf8E8M0FNU>
// CHECK: %[[SE:.*]] = arith.extf %[[S]] fastmath<fast> : vector<4xf8E8M0FNU> to vector<4xf32>
// CHECK: %[[IE:.*]] = arith.extf %{{.*}} fastmath<fast> : vector<4xf4E2M1FN> to vector<4xf32>
// CHECK: arith.mulf %[[IE]], %[[SE]] fastmath<fast> : vector<4xf32>
// CHECK: %[[T:.*]] = arith.extf %{{.*}} : f8E8M0FNU to f32
// CHECK: %[[D:.*]] = arith.divf %{{.*}}, %[[T]] : f32
// CHECK: arith.truncf %[[D]] toward_zero : f32 to f4E2M1FN
// ALL-LABEL: func.func @scaling
// ALL-NOT: scaling_
// ALL-NOT: arith.extf
// ALL: arith.trunci %{{.*}} : vector<4xi32> to vector<4xi8>
// ALL: arith.constant 6.000000e+00 : f32
// ALL: arith.bitcast %{{.*}} : i4 to f4E2M1FN
// ALL-NOT: arith.extf
// ALL: return
func.func @scaling(%a: vector<4xf4E2M1FN>, %s: vector<4xf32>, %b: f32, %t: f8E8M0FNU) -> (vector<4xf32>, f4E2M1FN) {
  %0 = arith.scaling_extf %a, %s fastmath<fast> : vector<4xf4E2M1FN>, vector<4xf32> to vector<4xf32>
  %1 = arith.scaling_truncf %b, %t toward_zero : f32, f8E8M0FNU to f4E2M1FN
  return %0, %1 : vector<4xf32>, f4E2M1FN
}

// -----

// f8E5M2 is an f16's high byte; f8E4M3FN goes through f16 scaled by 2^-8.
// CHECK-LABEL: func.func @fp8
// CHECK: arith.extf %{{.*}} : f8E5M2 to f32
// CHECK: arith.truncf %{{.*}} : f32 to f8E4M3FN
// ALL-LABEL: func.func @fp8
// ALL: %[[B:.*]] = arith.bitcast %{{.*}} : f8E5M2 to i8
// ALL: %[[E:.*]] = arith.extui %[[B]] : i8 to i16
// ALL: %[[C8:.*]] = arith.constant 8 : i16
// ALL: %[[S:.*]] = arith.shli %[[E]], %[[C8]] : i16
// ALL: %[[H:.*]] = arith.bitcast %[[S]] : i16 to f16
// ALL: arith.extf %[[H]] : f16 to f32
// ALL: arith.constant 4.640000e+02 : f32
// ALL: arith.constant 3.906250e-03 : f32
// ALL: arith.truncf %{{.*}} : f32 to f16
// ALL: arith.constant 127 : i8
// ALL: arith.bitcast %{{.*}} : i8 to f8E4M3FN
func.func @fp8(%a: f8E5M2, %b: f32) -> (f32, f8E4M3FN) {
  %0 = arith.extf %a : f8E5M2 to f32
  %1 = arith.truncf %b : f32 to f8E4M3FN
  return %0, %1 : f32, f8E4M3FN
}

// -----

// fastmath<nnan> drops the NaN case of the f8E8M0FNU extension.
// ALL-LABEL: func.func @e8m0_nnan
// ALL: %[[B:.*]] = arith.bitcast %{{.*}} : f8E8M0FNU to i8
// ALL: %[[C23:.*]] = arith.constant 23 : i32
// ALL: %[[E:.*]] = arith.extui %[[B]] : i8 to i32
// ALL: %[[S:.*]] = arith.shli %[[E]], %[[C23]] : i32
// ALL: %[[R:.*]] = arith.bitcast %[[S]] : i32 to f32
// ALL: return %[[R]]
func.func @e8m0_nnan(%a: f8E8M0FNU) -> f32 {
  %0 = arith.extf %a fastmath<nnan> : f8E8M0FNU to f32
  return %0 : f32
}
