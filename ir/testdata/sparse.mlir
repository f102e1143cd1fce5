// RUN: kiln opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: kiln opt %s --allow-unregistered-dialect | kiln opt --allow-unregistered-dialect | FileCheck %s
// RUN: kiln opt %s --allow-unregistered-dialect --mlir-print-op-generic | kiln opt --allow-unregistered-dialect | FileCheck %s
// RUN: kiln opt %s --allow-unregistered-dialect --mlir-elide-elementsattrs-if-larger=4 | FileCheck %s --check-prefix=ELIDE

// sparse<indices, values> : T holds zeros but at the indices (N x rank, or
// N for rank 1), which hold the values (N of them). A single index is one
// of equal coordinates, a single value the value at every index.

// CHECK: "t.op"() {a = sparse<{{\[\[}}0, 0], [1, 2]], [1, 5]> : tensor<3x4xi32>} : () -> ()
// ELIDE: "t.op"() {a = sparse<{{\[\[}}0, 0], [1, 2]], [1, 5]> : tensor<3x4xi32>} : () -> ()
"t.op"() {a = sparse<[[0, 0], [1, 2]], [1, 5]> : tensor<3x4xi32>} : () -> ()
// CHECK: "t.op"() {a = sparse<{{\[\[}}0, 0], [1, 2]], [1.500000e+00, -2.000000e+00]> : vector<3x4xf32>} : () -> ()
"t.op"() {a = sparse<[[0, 0], [1, 2]], [1.5, -2.0]> : vector<3x4xf32>} : () -> ()
// CHECK: "t.op"() {a = sparse<[0, 2], [(1.000000e+00,2.000000e+00), (3.000000e+00,4.000000e+00)]> : tensor<3xcomplex<f32>>} : () -> ()
"t.op"() {a = sparse<[0, 2], [(1.0, 2.0), (3.0, 4.0)]> : tensor<3xcomplex<f32>>} : () -> ()
// CHECK: "t.op"() {a = sparse<> : tensor<3x4xi32>} : () -> ()
"t.op"() {a = sparse<> : tensor<3x4xi32>} : () -> ()
// CHECK: "t.op"() {a = sparse<0, 7> : tensor<2x2xi8>} : () -> ()
"t.op"() {a = sparse<0, 7> : tensor<2x2xi8>} : () -> ()
// Values may be a hex blob; equal elements print once.
// CHECK: "t.op"() {a = sparse<{{\[\[}}1, 1], [0, 1]], 5> : tensor<2x2xi16>} : () -> ()
"t.op"() {a = sparse<[[1, 1], [0, 1]], "0x05000500"> : tensor<2x2xi16>} : () -> ()
// CHECK: "t.op"() {a = sparse<{{\[\[}}1], [0]], 3> : tensor<2xi16>} : () -> ()
"t.op"() {a = sparse<[[1], [0]], 3> : tensor<2xi16>} : () -> ()
// Indices or values of more elements than the limit elide as dense data
// does.
// ELIDE: "t.op"() {a = dense_resource<__elided__> : tensor<8xi16>} : () -> ()
// CHECK: "t.op"() {a = sparse<{{\[\[}}1], [0], [5], [6], [7]], [1, 2, 3, 4, 5]> : tensor<8xi16>} : () -> ()
"t.op"() {a = sparse<[[1], [0], [5], [6], [7]], [1, 2, 3, 4, 5]> : tensor<8xi16>} : () -> ()
// ELIDE: "t.op"() {a = dense_resource<__elided__> : tensor<8x8xi16>} : () -> ()
// CHECK: "t.op"() {a = sparse<{{\[\[}}1, 1], [0, 1], [5, 1]], [1, 2, 3]> : tensor<8x8xi16>} : () -> ()
"t.op"() {a = sparse<[[1, 1], [0, 1], [5, 1]], [1, 2, 3]> : tensor<8x8xi16>} : () -> ()
