// A bad mlir_reproducer resource is a located error under --run-reproducer.
// RUN: kiln opt %s --run-reproducer -split-input-file -verify-diagnostics -o /dev/null
// RUN: not kiln opt %s --run-reproducer -split-input-file -o /dev/null 2>&1 | FileCheck %s

func.func @f() {
  return
}

{-#
  external_resources: {
    mlir_reproducer: {
      // expected-error@+1 {{unknown 'mlir_reproducer' resource key 'pipelines'}}
      pipelines: "builtin.module(cse)"
    }
  }
#-}

// -----

{-#
  external_resources: {
    mlir_reproducer: {
      // expected-error@+1 {{expected 'true' or 'false' value for key 'verify_each'}}
      verify_each: 1
    }
  }
#-}

// -----

{-#
  external_resources: {
    mlir_reproducer: {
      // expected-error@+1 {{expected string value for key 'pipeline'}}
      pipeline: true
    }
  }
#-}

// CHECK: run-reproducer-invalid.mlir:13:7: error: unknown 'mlir_reproducer' resource key 'pipelines'
// CHECK: run-reproducer-invalid.mlir:24:20: error: expected 'true' or 'false' value for key 'verify_each'
