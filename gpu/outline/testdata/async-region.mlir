// RUN: kiln opt %s --split-input-file --gpu-async-region --verify-diagnostics | FileCheck %s

// The gpu ops of a block become one chain of tokens, started by a
// `gpu.wait async` and ended by a synchronous `gpu.wait` before the first
// op with side effects (or the terminator). Existing tokens join the chain
// first, and a dependency is not repeated; ops without side effects (the
// constants) do not synchronize.
// CHECK-LABEL: func.func @chain(
// CHECK-SAME:    %[[N:.*]]: index, %[[H:.*]]: memref<8xf32>)
// CHECK:         %[[T0:.*]] = gpu.wait async
// CHECK-NEXT:    %[[M:.*]], %[[T1:.*]] = gpu.alloc async [%[[T0]]] () : memref<8xf32>
// CHECK-NEXT:    %[[T2:.*]] = gpu.memcpy async [%[[T1]]] %[[M]], %[[H]] : memref<8xf32>, memref<8xf32>
// CHECK-NEXT:    %[[T3:.*]] = gpu.launch_func async [%[[T2]]] @k::@f
// CHECK-NEXT:    %[[T4:.*]] = gpu.wait async [%[[T3]]]
// CHECK-NEXT:    %[[T5:.*]] = gpu.dealloc async [%[[T4]]] %[[M]] : memref<8xf32>
// CHECK:         gpu.wait [%[[T5]]]
// CHECK-NEXT:    memref.store
// CHECK-NEXT:    %[[U0:.*]] = gpu.wait async
// CHECK-NEXT:    %{{.*}}, %[[U1:.*]] = gpu.alloc async [%[[U0]]] () : memref<4xf32>
// CHECK-NEXT:    gpu.wait [%[[U1]]]
// CHECK-NEXT:    return
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @f() kernel { gpu.return }
  }
  func.func @chain(%n: index, %h: memref<8xf32>) {
    %m = gpu.alloc () : memref<8xf32>
    gpu.memcpy %m, %h : memref<8xf32>, memref<8xf32>
    gpu.launch_func @k::@f blocks in (%n, %n, %n) threads in (%n, %n, %n)
    %t = gpu.wait async
    gpu.dealloc %m : memref<8xf32>
    %c0 = arith.constant 0 : index
    %f = arith.constant 1.0 : f32
    memref.store %f, %h[%c0] : memref<8xf32>
    %o = gpu.alloc () : memref<4xf32>
    return
  }
}

// -----

// Each block is chained on its own and synchronizes at its end.
// CHECK-LABEL: func.func @nested(
// CHECK:         scf.for
// CHECK-NEXT:      %[[T0:.*]] = gpu.wait async
// CHECK-NEXT:      %[[T1:.*]] = gpu.launch_func async [%[[T0]]] @k::@f
// CHECK-NEXT:      gpu.wait [%[[T1]]]
// CHECK-NEXT:    }
// CHECK-NEXT:    return
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @f() kernel { gpu.return }
  }
  func.func @nested(%n: index) {
    scf.for %i = %n to %n step %n {
      gpu.launch_func @k::@f blocks in (%n, %n, %n) threads in (%n, %n, %n)
    }
    return
  }
}

// -----

func.func @launch(%n: index) {
  // expected-error@+1 {{'gpu.launch' op replace with gpu.launch_func first}}
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %n, %gy = %n, %gz = %n)
             threads(%tx, %ty, %tz) in (%sx = %n, %sy = %n, %sz = %n) {
    gpu.terminator
  }
  return
}
