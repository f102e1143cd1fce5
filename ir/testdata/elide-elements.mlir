// RUN: kiln opt %s --allow-unregistered-dialect --mlir-elide-elementsattrs-if-larger=2 | FileCheck %s
// RUN: kiln opt %s --allow-unregistered-dialect --mlir-elide-elementsattrs-if-larger=2 | kiln opt --allow-unregistered-dialect
// RUN: kiln opt %s --allow-unregistered-dialect --mlir-print-elementsattrs-with-hex-if-larger=2 | FileCheck %s --check-prefix=HEX
// RUN: kiln opt %s --allow-unregistered-dialect --mlir-print-elementsattrs-with-hex-if-larger=-1 | FileCheck %s --check-prefix=NOHEX
// RUN: not kiln opt %s --mlir-elide-elementsattrs-if-larger=x 2>&1 | FileCheck %s --check-prefix=BAD

// --mlir-elide-elementsattrs-if-larger=N prints dense data of more than N
// elements, but a splat, as dense_resource<__elided__>, which parses back
// (MLIR's test IR/pretty-attributes.mlir).
// --mlir-print-elementsattrs-with-hex-if-larger=N prints numeric dense
// data of more than N elements as hex (100 without it), never with -1.

// CHECK: dense_resource<__elided__> : tensor<3xi32>
// HEX: dense<"0x010000000200000003000000"> : tensor<3xi32>
"test.dense_attr"() {foo.dense_attr = dense<[1, 2, 3]> : tensor<3xi32>} : () -> ()

// CHECK: dense<[1, 2]> : tensor<2xi32>
// HEX: dense<[1, 2]> : tensor<2xi32>
"test.non_elided_dense_attr"() {foo.dense_attr = dense<[1, 2]> : tensor<2xi32>} : () -> ()

// CHECK: dense<1> : tensor<3xi32>
// HEX: dense<1> : tensor<3xi32>
"test.dense_splat"() {foo.dense_attr = dense<1> : tensor<3xi32>} : () -> ()

// CHECK: dense_resource<__elided__> : tensor<3x!foo.s>
// HEX: dense<["a", "b", "c"]> : tensor<3x!foo.s>
"test.strings"() {foo.dense_attr = dense<["a", "b", "c"]> : tensor<3x!foo.s>} : () -> ()

// NOHEX: dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81, 82, 83, 84, 85, 86, 87, 88, 89, 90, 91, 92, 93, 94, 95, 96, 97, 98, 99, 100]> : tensor<101xi8>
"test.large"() {foo.dense_attr = dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81, 82, 83, 84, 85, 86, 87, 88, 89, 90, 91, 92, 93, 94, 95, 96, 97, 98, 99, 100]> : tensor<101xi8>} : () -> ()

// BAD: kiln opt: invalid value "x" for --mlir-elide-elementsattrs-if-larger: want a number of elements
