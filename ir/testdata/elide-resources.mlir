// RUN: kiln opt %s --allow-unregistered-dialect --mlir-elide-resource-strings-if-larger=20 | FileCheck %s
// RUN: kiln opt %s --allow-unregistered-dialect --mlir-elide-resource-strings-if-larger=0 | FileCheck %s --check-prefix=ZERO
// RUN: kiln opt %s --allow-unregistered-dialect --mlir-elide-resource-strings-if-larger=14 | FileCheck %s --check-prefix=BOUND14
// RUN: kiln opt %s --allow-unregistered-dialect --mlir-elide-resource-strings-if-larger=13 | FileCheck %s --check-prefix=BOUND13
// RUN: not kiln opt %s --mlir-elide-resource-strings-if-larger=-1 2>&1 | FileCheck %s --check-prefix=BAD

// --mlir-elide-resource-strings-if-larger=N leaves out the resources whose
// value prints longer than N characters (quotes included), and the groups
// and sections left empty, as MLIR does (its test
// IR/pretty-resources-print.mlir); the metadata braces stay.

// CHECK: attr = dense_resource<blob1> : tensor<3xi64>
"test.blob1op"() {attr = dense_resource<blob1> : tensor<3xi64> } : () -> ()
// CHECK-NEXT: attr = dense_resource<blob2> : tensor<3xi64>
"test.blob2op"() {attr = dense_resource<blob2> : tensor<3xi64> } : () -> ()
// CHECK-NEXT: attr = dense_resource<blob3> : tensor<1xi8>
"test.blob3op"() {attr = dense_resource<blob3> : tensor<1xi8> } : () -> ()

// CHECK:      {-#
// CHECK-NEXT:   dialect_resources: {
// CHECK-NEXT:     builtin: {
// CHECK-NEXT:       blob3: "0x0800000001"
// CHECK-NEXT:     }
// CHECK-NEXT:   },
// CHECK-NEXT:   external_resources: {
// CHECK-NEXT:     external: {
// CHECK-NEXT:       "backslash\\tab\09": true,
// CHECK-NEXT:       string: "\22string\22"
// CHECK-NEXT:     },
// CHECK-NEXT:     other_stuff: {
// CHECK-NEXT:       bool: true
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT: #-}

// ZERO:      {-#
// ZERO-EMPTY:
// ZERO-NEXT: #-}

// BOUND14:      {-#
// BOUND14-NEXT:   dialect_resources: {
// BOUND14-NEXT:     builtin: {
// BOUND14-NEXT:       blob3: "0x0800000001"
// BOUND14-NEXT:     }
// BOUND14-NEXT:   },
// BOUND14-NEXT:   external_resources: {
// BOUND14-NEXT:     external: {
// BOUND14-NEXT:       "backslash\\tab\09": true,
// BOUND14-NEXT:       string: "\22string\22"
// BOUND14-NEXT:     },
// BOUND14-NEXT:     other_stuff: {
// BOUND14-NEXT:       bool: true
// BOUND14-NEXT:     }
// BOUND14-NEXT:   }
// BOUND14-NEXT: #-}

// BOUND13:      {-#
// BOUND13-NEXT:   external_resources: {
// BOUND13-NEXT:     external: {
// BOUND13-NEXT:       "backslash\\tab\09": true
// BOUND13-NEXT:     },
// BOUND13-NEXT:     other_stuff: {
// BOUND13-NEXT:       bool: true
// BOUND13-NEXT:     }
// BOUND13-NEXT:   }
// BOUND13-NEXT: #-}

// BAD: kiln opt: invalid value "-1" for --mlir-elide-resource-strings-if-larger: want a number of characters

{-#
  dialect_resources: {
    builtin: {
      blob1: "0x08000000010000000000000002000000000000000300000000000000",
      blob2: "0x08000000040000000000000005000000000000000600000000000000",
      blob3: "0x0800000001"
    }
  },
  external_resources: {
    external: {
      blob: "0x08000000010000000000000002000000000000000300000000000000",
      "backslash\\tab\09": true, // quoted key with escape characters
      string: "\"string\"" // string with escape characters
    },
    other_stuff: {
      bool: true
    }
  }
#-}
