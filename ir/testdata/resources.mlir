// RUN: kiln opt %s --allow-unregistered-dialect --split-input-file | FileCheck %s
// RUN: kiln opt %s --allow-unregistered-dialect --split-input-file | kiln opt --allow-unregistered-dialect --split-input-file | FileCheck %s
// RUN: kiln opt %s --allow-unregistered-dialect --split-input-file --mlir-print-op-generic | kiln opt --allow-unregistered-dialect --split-input-file | FileCheck %s

// A blob used before its section is resolved at the end of the file; the
// printer writes the section after the module, with the blobs the module
// uses in order of first use, as MLIR does.
// CHECK-LABEL: "test.first"
// CHECK-NEXT: "test.user"() {a = dense_resource<second> : tensor<2xi32>, b = dense_resource<blob1> : tensor<3xi64>} : () -> ()
// CHECK-NEXT: "test.user"() {c = dense_resource<blob1> : vector<6xi32>, d = dense_resource<"blob\\-\22one\22"> : tensor<2xi16>, e = dense_resource<missing> : tensor<4xf32>} : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:
// CHECK-NEXT: {-#
// CHECK-NEXT:   dialect_resources: {
// CHECK-NEXT:     builtin: {
// CHECK-NEXT:       second: "0x040000000100000002000000",
// CHECK-NEXT:       blob1: "0x08000000010000000000000002000000000000000300000000000000",
// CHECK-NEXT:       "blob\\-\22one\22": "0x02000000ABCD0200"
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT: #-}
"test.first"() : () -> ()
"test.user"() {a = dense_resource<second> : tensor<2xi32>, b = dense_resource<blob1> : tensor<3xi64>} : () -> ()
"test.user"() {c = dense_resource<blob1> : vector<6xi32>, d = dense_resource<"blob\\-\22one\22"> : tensor<2xi16>, e = dense_resource<missing> : tensor<4xf32>} : () -> ()

{-#
  dialect_resources: {
    builtin: {
      blob1: "0x08000000010000000000000002000000000000000300000000000000",
      unused: "0x04000000FFFFFFFF",
      "blob\\-\22one\22": "0x02000000abcd0200"
    }
  }
#-}
{-#
  dialect_resources: {
    builtin: {
      second: "0x040000000100000002000000"
    }
  }
#-}

// -----

// External resources are kept and printed back, as mlir-opt passes them
// through; a blob that nothing uses is not printed.
// CHECK-LABEL: "test.second"
// CHECK: {-#
// CHECK-NEXT:   external_resources: {
// CHECK-NEXT:     mlir_reproducer: {
// CHECK-NEXT:       pipeline: "builtin.module(canonicalize)",
// CHECK-NEXT:       disable_threading: true,
// CHECK-NEXT:       data: "0x10000000AABB"
// CHECK-NEXT:     },
// CHECK-NEXT:     other: {
// CHECK-NEXT:       "a key": false,
// CHECK-NEXT:       more: "x"
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT: #-}
"test.second"() : () -> ()
{-#
  external_resources: {
    mlir_reproducer: {
      pipeline: "builtin.module(canonicalize)",
      disable_threading: true,
      data: "0x10000000AABB"
    },
    other: {
      "a key": false
    }
  },
  dialect_resources: {
    builtin: {
      nobody: "0x0100000000"
    }
  }
#-}
{-# external_resources: { other: { more: "x" } } #-}

// -----

// Both sections: the dialect's first, then the external ones.
// CHECK-LABEL: "test.third"
// CHECK-NEXT: {{^}}}
// CHECK-EMPTY:
// CHECK-NEXT: {-#
// CHECK-NEXT:   dialect_resources: {
// CHECK-NEXT:     builtin: {
// CHECK-NEXT:       empty: "0x00000000"
// CHECK-NEXT:     }
// CHECK-NEXT:   },
// CHECK-NEXT:   external_resources: {
// CHECK-NEXT:     tool: {
// CHECK-NEXT:       flag: true
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT: #-}
"test.third"() {r = dense_resource<empty> : tensor<0xi8>} : () -> ()
{-# #-}
{-# external_resources: { tool: { flag: true } }, dialect_resources: { builtin: { empty: "0x00000000" } } #-}

// -----

// memref.global's initializer leaves its type out; its blob is printed.
// CHECK-LABEL: memref.global "private" constant @g : memref<2xi32> = dense_resource<g_init>
// CHECK: g_init: "0x040000000100000002000000"
memref.global "private" constant @g : memref<2xi32> = dense_resource<g_init>
{-# dialect_resources: { builtin: { g_init: "0x040000000100000002000000" } } #-}
