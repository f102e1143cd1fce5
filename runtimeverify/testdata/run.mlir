// The checks run in the reference interpreter: an in-bounds access goes
// through, an out-of-bounds one stops the run at its assertion, whose
// message is MLIR's (kiln run reports it as a located error). Without the
// checks the interpreter stops at the access itself.
// RUN: kiln opt %s --generate-runtime-verification | not kiln run - --reference 2>&1 | FileCheck %s
// RUN: not kiln run %s --reference 2>&1 | FileCheck %s --check-prefix=UNCHECKED

// CHECK: 2.5
// CHECK: assertion failed: ERROR: Runtime op verification failed
// CHECK-NEXT: %0 = "memref.load"(%arg0, %arg1) : (memref<?xf32>, index) -> f32
// CHECK-NEXT: ^ out-of-bounds access
// CHECK-NEXT: Location: loc("{{.*}}run.mlir":[[@LINE+6]]:8)
// CHECK-NOT: 7.5

// UNCHECKED: 2.5
// UNCHECKED-NOT: Runtime op verification failed
func.func @load(%m: memref<?xf32>, %i: index) -> f32 {
  %v = memref.load %m[%i] : memref<?xf32>
  return %v : f32
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %f = arith.constant 2.5 : f32
  %a = memref.alloc(%c2) : memref<?xf32>
  memref.store %f, %a[%c0] : memref<?xf32>
  %ok = func.call @load(%a, %c0) : (memref<?xf32>, index) -> f32
  vector.print %ok : f32
  %bad = func.call @load(%a, %c2) : (memref<?xf32>, index) -> f32
  %g = arith.constant 7.5 : f32
  vector.print %g : f32
  return
}
