// RUN: kiln opt %s --arith-int-range-narrowing="int-bitwidths-supported=1,8,16,32" --split-input-file | FileCheck %s
// RUN: not kiln opt %s --arith-int-range-narrowing="int-bitwidths-supported=8,x" 2>&1 | FileCheck %s --check-prefix=BAD

// BAD: error: for the --int-bitwidths-supported option: 'x' value invalid for uint argument!

// Zero-extended bytes add in 16 bits; the sum extends back without sign.
// CHECK-LABEL: func.func @addi_extui
// CHECK-SAME:    (%[[A:.*]]: i8, %[[B:.*]]: i8)
// CHECK-NEXT:    %[[EA:.*]] = arith.extui %[[A]] : i8 to i32
// CHECK-NEXT:    %[[EB:.*]] = arith.extui %[[B]] : i8 to i32
// CHECK-NEXT:    %[[TA:.*]] = arith.trunci %[[EA]] : i32 to i16
// CHECK-NEXT:    %[[TB:.*]] = arith.trunci %[[EB]] : i32 to i16
// CHECK-NEXT:    %[[S:.*]] = arith.addi %[[TA]], %[[TB]] : i16
// CHECK-NEXT:    %[[R:.*]] = arith.extui %[[S]] : i16 to i32
// CHECK-NEXT:    return %[[R]] : i32
func.func @addi_extui(%a: i8, %b: i8) -> i32 {
  %ea = arith.extui %a : i8 to i32
  %eb = arith.extui %b : i8 to i32
  %s = arith.addi %ea, %eb : i32
  return %s : i32
}

// Vectors and tensors narrow elementwise.
// CHECK-LABEL: func.func @addi_shaped
// CHECK:         arith.addi %{{.*}}, %{{.*}} : vector<4xi16>
// CHECK:         arith.addi %{{.*}}, %{{.*}} : tensor<4xi16>
func.func @addi_shaped(%a: vector<4xi8>, %b: tensor<4xi8>) -> (vector<4xi32>, tensor<4xi32>) {
  %ea = arith.extui %a : vector<4xi8> to vector<4xi32>
  %s = arith.addi %ea, %ea : vector<4xi32>
  %eb = arith.extui %b : tensor<4xi8> to tensor<4xi32>
  %t = arith.addi %eb, %eb : tensor<4xi32>
  return %s, %t : vector<4xi32>, tensor<4xi32>
}

// A difference that may be negative extends back with its sign.
// CHECK-LABEL: func.func @subi_extui
// CHECK:         %[[S:.*]] = arith.subi %{{.*}}, %{{.*}} : i16
// CHECK-NEXT:    %[[R:.*]] = arith.extsi %[[S]] : i16 to i32
// CHECK-NEXT:    return %[[R]] : i32
func.func @subi_extui(%a: i8, %b: i8) -> i32 {
  %ea = arith.extui %a : i8 to i32
  %eb = arith.extui %b : i8 to i32
  %s = arith.subi %ea, %eb : i32
  return %s : i32
}

// A product of two 16-bit values needs all 32 bits: it stays.
// CHECK-LABEL: func.func @muli_wide
// CHECK:         %[[M:.*]] = arith.muli %{{.*}}, %{{.*}} : i32
// CHECK-NEXT:    return %[[M]] : i32
func.func @muli_wide(%a: i16, %b: i16) -> i32 {
  %ea = arith.extsi %a : i16 to i32
  %eb = arith.extsi %b : i16 to i32
  %m = arith.muli %ea, %eb : i32
  return %m : i32
}

// Comparisons narrow their operands; index values cast with index_castui
// when non-negative.
// CHECK-LABEL: func.func @cmpi_index
// CHECK:         %[[A:.*]] = arith.index_castui %{{.*}} : index to i8
// CHECK-NEXT:    %[[B:.*]] = arith.index_castui %{{.*}} : index to i8
// CHECK-NEXT:    %[[C:.*]] = arith.cmpi slt, %[[A]], %[[B]] : i8
// CHECK-NEXT:    return %[[C]] : i1
func.func @cmpi_index(%x: index, %y: index) -> i1 {
  %c10 = arith.constant 10 : index
  %a = arith.minui %x, %c10 : index
  %b = arith.minui %y, %c10 : index
  %c = arith.cmpi slt, %a, %b : index
  return %c : i1
}

// -----

// A loop whose bounds, step and induction variable fit 8 bits counts in
// i8; the body sees the induction variable cast back.
// CHECK-LABEL: func.func @loop_bounds
// CHECK-DAG:     %[[LB:.*]] = arith.constant 0 : i8
// CHECK-DAG:     %[[UB:.*]] = arith.constant 100 : i8
// CHECK-DAG:     %[[ST:.*]] = arith.constant 1 : i8
// CHECK:         scf.for %[[I:.*]] = %[[LB]] to %[[UB]] step %[[ST]]  : i8 {
// CHECK-NEXT:      %[[W:.*]] = arith.index_castui %[[I]] : i8 to index
// CHECK-NEXT:      memref.store %{{.*}}, %{{.*}}[%[[W]]]
func.func @loop_bounds(%m: memref<100xf32>, %f: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c100 = arith.constant 100 : index
  scf.for %i = %c0 to %c100 step %c1 {
    memref.store %f, %m[%i] : memref<100xf32>
  }
  return
}

// A loop reaching 127 would overflow i8 when it steps past its last
// value: it counts in i16.
// CHECK-LABEL: func.func @loop_step_overflow
// CHECK:         scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}}  : i16 {
func.func @loop_step_overflow(%m: memref<128xf32>, %f: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c128 = arith.constant 128 : index
  scf.for %i = %c0 to %c128 step %c1 {
    memref.store %f, %m[%i] : memref<128xf32>
  }
  return
}

// -----

// index_cast to index and back to a narrowing width is the value.
// CHECK-LABEL: func.func @cast_chain
// CHECK-SAME:    (%[[X:.*]]: i8)
// CHECK-NEXT:    return %[[X]] : i8
func.func @cast_chain(%x: i8) -> i8 {
  %i = arith.index_cast %x : i8 to index
  %y = arith.index_cast %i : index to i8
  return %y : i8
}

// -----

// A signed comparison or a signed op narrows only where its operands
// survive a signed truncation: [0, 200] does not at 8 bits, so these go to
// 16 (llvm-project PR 189676).
// CHECK-LABEL: func.func @signedness
// CHECK:         arith.cmpi slt, %{{.*}}, %{{.*}} : i16
// CHECK:         arith.maxsi %{{.*}}, %{{.*}} : i16
// CHECK:         arith.cmpi ult, %{{.*}}, %{{.*}} : i8
func.func @signedness(%x: i32, %y: i32) -> (i1, i32, i1) {
  %c200 = arith.constant 200 : i32
  %c100 = arith.constant 100 : i32
  %a = arith.minui %x, %c200 : i32
  %b = arith.minui %y, %c100 : i32
  %lt = arith.cmpi slt, %a, %b : i32
  %m = arith.maxsi %a, %b : i32
  %ult = arith.cmpi ult, %a, %b : i32
  return %lt, %m, %ult : i1, i32, i1
}

// Divisions and right shifts reading their operands as unsigned narrow only
// where the operands survive an unsigned truncation, and shifts only by
// amounts below the narrow width. Kiln keeps these wider than MLIR, which
// narrows them into different results.
// CHECK-LABEL: func.func @unsigned_and_shifts
// CHECK:         arith.remui %{{.*}}, %{{.*}} : i32
// CHECK:         arith.shrui %{{.*}}, %{{.*}} : i16
func.func @unsigned_and_shifts(%x: i16, %y: i32, %z: i32) -> (i32, i32) {
  %c1 = arith.constant 1 : i32
  %c15 = arith.constant 15 : i32
  %c31 = arith.constant 31 : i32
  %c255 = arith.constant 255 : i32
  %s = arith.extsi %x : i16 to i32
  %d = arith.andi %y, %c15 : i32
  %d1 = arith.maxui %d, %c1 : i32
  %r = arith.remui %s, %d1 : i32
  %v = arith.andi %y, %c255 : i32
  %n = arith.andi %z, %c15 : i32
  %sh = arith.shrui %v, %n : i32
  return %r, %sh : i32, i32
}

// -----

// A tensor.generate body is narrowed like any other code; its index
// arguments have no known bounds (it gives none, as upstream's
// int-range-narrowing-no-crash.mlir says), so their sum stays wide.
// CHECK-LABEL: func @tensor_generate_body
// CHECK: tensor.generate
// CHECK: ^bb0(%[[I:.*]]: index):
// CHECK: arith.addi %[[I]], %{{.*}} : index
// CHECK: arith.addi %{{.*}}, %{{.*}} : i16
// CHECK: tensor.yield
func.func @tensor_generate_body(%n: index, %b: i8) -> tensor<?xi32> {
  %c1 = arith.constant 1 : index
  %g = tensor.generate %n {
  ^bb0(%i: index):
    %s = arith.addi %i, %c1 : index
    %e = arith.extui %b : i8 to i32
    %t = arith.addi %e, %e : i32
    %u = arith.index_cast %s : index to i32
    %r = arith.addi %t, %u : i32
    tensor.yield %r : i32
  } : tensor<?xi32>
  return %g : tensor<?xi32>
}

// -----

// An i128 sum of two bytes is computed at 16 bits: ranges have any width.
// CHECK-LABEL: func @narrow_i128
// CHECK: %[[X:.*]] = arith.trunci %{{.*}} : i128 to i16
// CHECK: %[[Y:.*]] = arith.trunci %{{.*}} : i128 to i16
// CHECK: %[[S:.*]] = arith.addi %[[X]], %[[Y]] : i16
// CHECK: %[[R:.*]] = arith.extui %[[S]] : i16 to i128
// CHECK: return %[[R]] : i128
func.func @narrow_i128(%a: i8, %b: i8) -> i128 {
  %x = arith.extui %a : i8 to i128
  %y = arith.extui %b : i8 to i128
  %s = arith.addi %x, %y : i128
  return %s : i128
}
