// RUN: kiln opt %s --scf-parallel-loop-fusion | FileCheck %s

// The pass runs on any op. In a gpu.func, as in a func.func, a fresh
// allocation does not alias a function argument: the consumer's read of
// the argument does not stop the fusion.
// CHECK-LABEL: gpu.func @kernel(
// CHECK-SAME:    %[[A:.*]]: memref<4xf32>)
// CHECK:         %[[T:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT:    %[[U:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT:    scf.parallel (%[[I:.*]]) =
// CHECK-NEXT:      %[[V:.*]] = memref.load %[[A]][%[[I]]]
// CHECK-NEXT:      memref.store %[[V]], %[[T]][%[[I]]]
// CHECK-NEXT:      %[[W:.*]] = memref.load %[[T]][%[[I]]]
// CHECK-NEXT:      %[[X:.*]] = memref.load %[[A]][%{{.*}}]
// CHECK-NEXT:      %[[S:.*]] = arith.addf %[[W]], %[[X]] : f32
// CHECK-NEXT:      memref.store %[[S]], %[[U]][%[[I]]]
// CHECK-NEXT:      scf.reduce
// CHECK-NEXT:    }
// CHECK-NEXT:    gpu.return
module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @kernel(%a: memref<4xf32>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %t = memref.alloc() : memref<4xf32>
      %u = memref.alloc() : memref<4xf32>
      scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
        %v = memref.load %a[%i] : memref<4xf32>
        memref.store %v, %t[%i] : memref<4xf32>
        scf.reduce
      }
      scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
        %w = memref.load %t[%i] : memref<4xf32>
        %x = memref.load %a[%c0] : memref<4xf32>
        %s = arith.addf %w, %x : f32
        memref.store %s, %u[%i] : memref<4xf32>
        scf.reduce
      }
      gpu.return
    }
  }
}
