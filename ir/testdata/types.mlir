// RUN: kiln opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: kiln opt %s --allow-unregistered-dialect | kiln opt --allow-unregistered-dialect | FileCheck %s

// CHECK-LABEL: "test.types"
// CHECK-SAME: i1, i7, si32, ui64, index, f16, bf16, f32, f64, f80, f128, tf32, f8E4M3FN, none
"test.types"() {a = [i1, i7, si32, ui64, index, f16, bf16, f32, f64, f80, f128, tf32, f8E4M3FN, none]} : () -> ()

// f8E5M3FNU (unsigned E5M3, MLIR PR 212712) and the other narrow formats.
// CHECK: f8E5M3FNU, f8E8M0FNU, f4E2M1FN, f6E2M3FN, f6E3M2FN, f8E3M4
"test.types"() {a = [f8E5M3FNU, f8E8M0FNU, f4E2M1FN, f6E2M3FN, f6E3M2FN, f8E3M4]} : () -> ()
// CHECK: dense<[0.000000e+00, 1.000000e+00, 1.250000e+00, 1.146880e+05, 0xFF]> : tensor<5xf8E5M3FNU>
"test.types"() {a = dense<[0.0, 1.0, 1.1875, 114688.0, 0xFF]> : tensor<5xf8E5M3FNU>} : () -> ()

// A builtin type spelt with its dialect prefix reads as the bare one.
// CHECK: tuple<>, none, tuple<i32, f8E5M3FNU>, memref<2xf32>, i7, f16
"test.types"() {a = [!builtin.tuple<>, !builtin.none, !builtin.tuple<i32, !builtin.f8E5M3FNU>, !builtin.memref<2xf32>, !builtin.i7, !builtin<f16>]} : () -> ()

// CHECK: complex<f32>, tuple<i32, f32>, tuple<>, (i32, f32) -> (), () -> ((i32) -> i32)
"test.types"() {a = [complex<f32>, tuple<i32, f32>, tuple<>, (i32, f32) -> (), () -> ((i32) -> i32)]} : () -> ()

// CHECK: vector<4xf32>, vector<f32>, vector<[4]x8xi8>, vector<2x[4]xf16>
"test.types"() {a = [vector<4xf32>, vector<f32>, vector<[4]x8xi8>, vector<2x[4]xf16>]} : () -> ()

// CHECK: memref<4x?xf32>, memref<f32>, memref<*xf32>, memref<*xf32, 3>, memref<4xf32, 1>
"test.types"() {a = [memref<4x?xf32>, memref<f32>, memref<*xf32>, memref<*xf32, 3>, memref<4xf32, 1>]} : () -> ()

// CHECK: memref<4x4xf32, strided<[4, 1], offset: ?>>, memref<?xf32, strided<[?]>>, memref<4xf32, #other.space>
"test.types"() {a = [memref<4x4xf32, strided<[4, 1], offset: ?>>, memref<?xf32, strided<[?], offset: 0>>, memref<4xf32, #other.space>]} : () -> ()
// A zero stride (a broadcast view) is allowed since MLIR PR 116463.
// CHECK: memref<2x4xf32, strided<[0, 1]>>
"test.types"() {a = memref<2x4xf32, strided<[0, 1]>>} : () -> ()

// Identity layouts and memory space 0 are dropped, as in MLIR.
// CHECK: memref<4xf32>, memref<2x3xf32>
"test.types"() {a = [memref<4xf32, affine_map<(d0) -> (d0)>>, memref<2x3xf32, 0>]} : () -> ()

// CHECK: tensor<4x?xf32>, tensor<*xi8>, tensor<2xf32, "enc">
"test.types"() {a = [tensor<4x?xf32>, tensor<*xi8>, tensor<2xf32, "enc">]} : () -> ()

// CHECK: !other<"opaque body">, !other.pretty<a, [b]>, !other.bare
"test.types"() {a = [!other<"opaque body">, !other.pretty<a, [b]>, !other.bare]} : () -> ()

// Zero-size dimensions lex as "0x4": still two dimensions.
// CHECK: memref<0x4xf32>
"test.types"() {a = memref<0x4xf32>} : () -> ()

// Type aliases are expanded.
!vec = vector<4xf32>
// CHECK: "test.alias"() : () -> vector<4xf32>
%0 = "test.alias"() : () -> !vec
