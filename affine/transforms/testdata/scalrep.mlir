// RUN: kiln opt --allow-unregistered-dialect --affine-scalrep --split-input-file %s | FileCheck %s

// A store forwards to the load of the same element after it; the buffer,
// left with stores and a dealloc only, goes.
// CHECK-LABEL: func.func @forward
// CHECK-SAME:    (%[[X:.*]]: f32)
// CHECK-NEXT:    affine.for %{{.*}} = 0 to 8 {
// CHECK-NEXT:      arith.addf %[[X]], %[[X]] : f32
// CHECK-NEXT:    }
// CHECK-NEXT:    return
func.func @forward(%x: f32) {
  %m = memref.alloc() : memref<8xf32>
  affine.for %i = 0 to 8 {
    affine.store %x, %m[%i] : memref<8xf32>
    %v = affine.load %m[%i] : memref<8xf32>
    %s = arith.addf %v, %v : f32
  }
  memref.dealloc %m : memref<8xf32>
  return
}

// -----

// The same element through affine.apply ops and floordiv: (i * 4 + 2)
// floordiv 2 is i * 2 + 1.
// CHECK-LABEL: func.func @composed
// CHECK-NOT:     affine.load
// CHECK:         "use"(%arg1)
func.func @composed(%m: memref<32xf32>, %x: f32) {
  affine.for %i = 0 to 8 {
    %a = affine.apply affine_map<(d0) -> (d0 * 4 + 2)>(%i)
    affine.store %x, %m[%a floordiv 2] : memref<32xf32>
    %v = affine.load %m[%i * 2 + 1] : memref<32xf32>
    "use"(%v) : (f32) -> ()
  }
  return
}

// -----

// No forwarding past an op that may write the buffer, nor from a store to
// another element, nor between buffers that may alias (two arguments).
// CHECK-LABEL: func.func @blocked
// CHECK:         affine.store
// CHECK-NEXT:    "write"
// CHECK-NEXT:    affine.load
// CHECK:         affine.store
// CHECK-NEXT:    affine.load
// CHECK:         affine.store
// CHECK-NEXT:    affine.store
// CHECK-NEXT:    affine.load
func.func @blocked(%m: memref<8xf32>, %n: memref<8xf32>, %x: f32, %y: f32) {
  affine.for %i = 0 to 8 {
    affine.store %x, %m[%i] : memref<8xf32>
    "write"(%m) : (memref<8xf32>) -> ()
    %v = affine.load %m[%i] : memref<8xf32>
    "use"(%v) : (f32) -> ()
  }
  affine.for %i = 0 to 7 {
    affine.store %x, %m[%i + 1] : memref<8xf32>
    %v = affine.load %m[%i] : memref<8xf32>
    "use"(%v) : (f32) -> ()
  }
  %c = memref.cast %m : memref<8xf32> to memref<?xf32>
  affine.for %i = 0 to 8 {
    affine.store %x, %m[%i] : memref<8xf32>
    affine.store %y, %c[%i] : memref<?xf32>
    %v = affine.load %m[%i] : memref<8xf32>
    "use"(%v) : (f32) -> ()
  }
  return
}

// -----

// A store overwritten before any read goes; one read in between stays.
// CHECK-LABEL: func.func @dead_store
// CHECK:         affine.for
// CHECK-NEXT:      affine.store %arg2
// CHECK-NEXT:    }
// CHECK:         affine.for
// CHECK-NEXT:      affine.store %arg1
// CHECK-NEXT:      affine.load
// CHECK-NEXT:      "use"
// CHECK-NEXT:      affine.store %arg2
func.func @dead_store(%m: memref<8xf32>, %x: f32, %y: f32, %n: memref<8xf32>) {
  affine.for %i = 0 to 8 {
    affine.store %x, %m[%i] : memref<8xf32>
    affine.store %y, %m[%i] : memref<8xf32>
  }
  affine.for %i = 0 to 8 {
    affine.store %x, %m[%i] : memref<8xf32>
    %v = affine.load %n[%i] : memref<8xf32>
    "use"(%v) : (f32) -> ()
    affine.store %y, %m[%i] : memref<8xf32>
  }
  return
}

// -----

// A load of an element loaded before, with no write in between, reuses
// the first load's value, also from an outer loop (whose body has no op
// of unknown effects); a load of a different vector shape does not.
// CHECK-LABEL: func.func @load_cse
// CHECK:         %[[A:.*]] = affine.load
// CHECK-NEXT:    affine.for
// CHECK-NEXT:      arith.addf %[[A]], %[[A]]
// CHECK:         affine.vector_load
// CHECK-NEXT:    affine.vector_load
func.func @load_cse(%m: memref<16xf32>) {
  affine.for %i = 0 to 4 {
    %a = affine.load %m[%i] : memref<16xf32>
    affine.for %j = 0 to 4 {
      %b = affine.load %m[%i] : memref<16xf32>
      %s = arith.addf %a, %b : f32
    }
  }
  %v = affine.vector_load %m[0] : memref<16xf32>, vector<8xf32>
  %w = affine.vector_load %m[0] : memref<16xf32>, vector<4xf32>
  "use"(%v, %w) : (vector<8xf32>, vector<4xf32>) -> ()
  return
}

// -----

// A memref a call returns may be the fresh allocation passed to it: the
// store through it may overwrite the element, so the load stays.
// CHECK-LABEL: func.func @call_result_alias
// CHECK:         call @id
// CHECK-NEXT:    affine.store
// CHECK-NEXT:    affine.store
// CHECK-NEXT:    %[[V:.*]] = affine.load
// CHECK-NEXT:    return %[[V]]
func.func private @id(memref<4xf32>) -> memref<4xf32>
func.func @call_result_alias(%x: f32, %y: f32) -> f32 {
  %a = memref.alloc() : memref<4xf32>
  %b = call @id(%a) : (memref<4xf32>) -> memref<4xf32>
  affine.store %x, %a[0] : memref<4xf32>
  affine.store %y, %b[0] : memref<4xf32>
  %v = affine.load %a[0] : memref<4xf32>
  return %v : f32
}
