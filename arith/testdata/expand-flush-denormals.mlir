// RUN: kiln opt %s --arith-expand-flush-denormals --split-input-file | FileCheck %s

// A denormal (zero exponent, non-zero mantissa) keeps only its sign bit.
// CHECK-LABEL: func.func @f16(
// CHECK-SAME:    %[[X:.*]]: f16) -> f16
// CHECK-NEXT:    %[[B:.*]] = arith.bitcast %[[X]] : f16 to i16
// CHECK-NEXT:    %[[MAN:.*]] = arith.constant 1023 : i16
// CHECK-NEXT:    %[[EXP:.*]] = arith.constant 31744 : i16
// CHECK-NEXT:    %[[SIGN:.*]] = arith.constant -32768 : i16
// CHECK-NEXT:    %[[Z:.*]] = arith.constant 0 : i16
// CHECK-NEXT:    %[[E:.*]] = arith.andi %[[B]], %[[EXP]] : i16
// CHECK-NEXT:    %[[EZ:.*]] = arith.cmpi eq, %[[E]], %[[Z]] : i16
// CHECK-NEXT:    %[[M:.*]] = arith.andi %[[B]], %[[MAN]] : i16
// CHECK-NEXT:    %[[MNZ:.*]] = arith.cmpi ne, %[[M]], %[[Z]] : i16
// CHECK-NEXT:    %[[DEN:.*]] = arith.andi %[[EZ]], %[[MNZ]] : i1
// CHECK-NEXT:    %[[S:.*]] = arith.andi %[[B]], %[[SIGN]] : i16
// CHECK-NEXT:    %[[R:.*]] = arith.select %[[DEN]], %[[S]], %[[B]] : i16
// CHECK-NEXT:    %[[F:.*]] = arith.bitcast %[[R]] : i16 to f16
// CHECK-NEXT:    return %[[F]] : f16
func.func @f16(%x: f16) -> f16 {
  %0 = arith.flush_denormals %x : f16
  return %0 : f16
}

// -----

// FNUZ types have no -0 (its pattern is NaN): a denormal becomes +0.
// f8E8M0FNU has no denormals: the op is its operand.
// CHECK-LABEL: func.func @no_negative_zero(
// CHECK-SAME:    %[[X:.*]]: vector<2xf8E4M3FNUZ>, %[[Y:.*]]: f8E8M0FNU)
// CHECK:         %[[Z:.*]] = arith.constant dense<0> : vector<2xi8>
// CHECK:         %[[DEN:.*]] = arith.andi %{{.*}}, %{{.*}} : vector<2xi1>
// CHECK-NEXT:    arith.select %[[DEN]], %[[Z]], %{{.*}} : vector<2xi1>, vector<2xi8>
// CHECK:         return %{{.*}}, %[[Y]] : vector<2xf8E4M3FNUZ>, f8E8M0FNU
func.func @no_negative_zero(%x: vector<2xf8E4M3FNUZ>, %y: f8E8M0FNU) -> (vector<2xf8E4M3FNUZ>, f8E8M0FNU) {
  %0 = arith.flush_denormals %x : vector<2xf8E4M3FNUZ>
  %1 = arith.flush_denormals %y : f8E8M0FNU
  return %0, %1 : vector<2xf8E4M3FNUZ>, f8E8M0FNU
}
