// RUN: kiln opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: kiln opt %s --allow-unregistered-dialect | kiln opt --allow-unregistered-dialect | FileCheck %s
// RUN: kiln opt %s --allow-unregistered-dialect --mlir-print-op-generic | kiln opt --allow-unregistered-dialect | FileCheck %s

// Affine maps and sets get aliases, printed first, as MLIR does: sorted
// by name (maps before sets), each numbered in the order it is met.
// CHECK: #map = affine_map<(d0, d1)[s0] -> (d0 * 4 + d1 - s0, d1 floordiv 2, -d0)>
// CHECK-NEXT: #map1 = affine_map<(d0, d1) -> (d0 * 8 + d1)>
// CHECK-NEXT: #set = affine_set<(d0)[s0] : (d0 - s0 >= 0, d0 - 3 == 0)>
// An empty constraint list is the set of all points, 0 == 0.
// CHECK-NEXT: #set1 = affine_set<() : (0 == 0)>

// Integers wrap to their width, as in MLIR; i64 and i1 elide their type in arrays.
// CHECK: "test.int"() {a = 42 : i64, b = -1 : i8, c = 255 : ui8, d = true, e = [1, 2 : i32, false], f = 5 : index, g = 340282366920938463463374607431768211455 : ui128}
"test.int"() {a = 42, b = 255 : i8, c = 255 : ui8, d = true, e = [1, 2 : i32, false], f = 5 : index, g = 340282366920938463463374607431768211455 : ui128} : () -> ()

// Floats print in exponent form when that is exact, otherwise shortest or hex.
// CHECK: "test.float"() {a = 1.000000e+00 : f32, b = 1.100000e+00 : f64, c = 0x7FC00000 : f32, d = 0xFF800000 : f32, e = 3.14159274 : f32, f = -2.500000e-01 : f16}
"test.float"() {a = 1.0 : f32, b = 1.1 : f64, c = 0x7FC00000 : f32, d = 0xFF800000 : f32, e = 3.14159274 : f32, f = -0.25 : f16} : () -> ()

// CHECK: "test.misc"() {a = "quote\22 and newline\0A", b, c = [], d = {x = 1 : i64, y}, e = i32, f = @sym, g = @a::@b::@c, h = @"quoted sym"}
"test.misc"() {a = "quote\" and newline\n", b = unit, c = [], d = {y, x = 1}, e = i32, f = @sym, g = @a::@b::@c, h = @"quoted sym"} : () -> ()

// CHECK: "test.arrays"() {a = array<i32: 1, 2, -3>, b = array<i1: true, false>, c = array<f32: 1.000000e+00, 2.500000e+00>, d = array<i64>}
"test.arrays"() {a = array<i32: 1, 2, -3>, b = array<i1: true, false>, c = array<f32: 1.0, 2.5>, d = array<i64>} : () -> ()

// CHECK: "test.dense"() {a = dense<1.000000e+00> : tensor<4xf32>, b = dense<{{\[\[}}1, 2], [3, 4]]> : tensor<2x2xi32>, c = dense<[true, false]> : vector<2xi1>, d = dense<> : tensor<0xf32>, e = dense<[1, 2]> : tensor<2xi8>, f = dense<"str"> : tensor<2x!other.string>}
"test.dense"() {a = dense<1.0> : tensor<4xf32>, b = dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>, c = dense<[true, false]> : vector<2xi1>, d = dense<> : tensor<0xf32>, e = dense<"0x0102"> : tensor<2xi8>, f = dense<"str"> : tensor<2x!other.string>} : () -> ()

// CHECK: "test.affine"() {a = #map, b = #set, c = memref<4x4xf32, #map1>, d = #set1}
"test.affine"() {a = affine_map<(i, j)[n] -> (i * 4 + j - n, j floordiv 2, -i)>, b = affine_set<(d0)[s0] : (d0 >= s0, d0 == 3)>, c = memref<4x4xf32, affine_map<(d0, d1) -> (d0 * 8 + d1)>>, d = affine_set<() : ()>} : () -> ()

// CHECK: "test.opaque"() {a = #other<"x" 1>, b = #other.attr<[1, 2]>, c = #other.bare}
"test.opaque"() {a = #other<"x" 1>, b = #other.attr<[1, 2]>, c = #other.bare} : () -> ()

// Attribute aliases are expanded.
#alias = {k = 1 : i32}
// CHECK: "test.alias"() {a = {k = 1 : i32}}
"test.alias"() {a = #alias} : () -> ()

// Generic form: properties, regions, successors, multiple results.
// CHECK: %[[R:.*]]:2 = "test.props"() <{p = 1 : i32}> ({
// CHECK-NEXT: ^bb0(%[[A:.*]]: i32):
// CHECK-NEXT: "test.br"(%[[A]])[^bb1] : (i32) -> ()
// CHECK-NEXT: ^bb1(%{{.*}}: i32):  // pred: ^bb0
// CHECK: }) {d = 2 : i32} : () -> (i32, f32)
// CHECK: "test.use"(%[[R]]#1) : (f32) -> ()
%r:2 = "test.props"() <{p = 1 : i32}> ({
^bb0(%a: i32):
  "test.br"(%a) [^bb1] : (i32) -> ()
^bb1(%b: i32):
  "test.end"() : () -> ()
}) {d = 2 : i32} : () -> (i32, f32)
"test.use"(%r#1) : (f32) -> ()

// MLIR's type-first dense form (PR 183920): the type, then one typed
// attribute per element (nested as the shape) or one for a splat; it prints
// back in the literal-first form.
// CHECK: a = dense<[1, 2, 3]> : tensor<3xi32>
// CHECK-SAME: b = dense<{{\[}}[1.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00]]> : tensor<2x2xf32>
// CHECK-SAME: c = dense<7> : vector<4xindex>, d = dense<-1> : tensor<i8>, e = dense<5> : tensor<2xi64>
"test.dense_type_first"() {a = dense<tensor<3xi32> : [1 : i32, 2 : i32, 3 : i32]>, b = dense<tensor<2x2xf32> : [[1.0 : f32, 2.0 : f32], [3.0 : f32, 4.0 : f32]]>, c = dense<vector<4xindex> : 7 : index>, d = dense<tensor<i8> : -1 : i8>, e = dense<tensor<2xi64> : [5, 5]>} : () -> ()
