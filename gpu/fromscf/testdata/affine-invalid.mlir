// RUN: kiln opt %s --split-input-file --verify-diagnostics --pass-pipeline="builtin.module(func.func(convert-affine-for-to-gpu{gpu-block-dims=1 gpu-thread-dims=1}))"
// RUN: not kiln opt %s --pass-pipeline="builtin.module(func.func(convert-affine-for-to-gpu{gpu-block-dims=4 gpu-thread-dims=1}))" --split-input-file 2>&1 | FileCheck %s --check-prefix=BLOCKS
// RUN: not kiln opt %s --pass-pipeline="builtin.module(func.func(convert-affine-for-to-gpu{gpu-block-dims=1 gpu-thread-dims=4}))" --split-input-file 2>&1 | FileCheck %s --check-prefix=THREADS

// BLOCKS: :[[@LINE+6]]:3: error: 'affine.for' op cannot map to more than 3 block dimensions
// THREADS: :[[@LINE+5]]:3: error: 'affine.for' op cannot map to more than 3 thread dimensions

func.func @imperfect(%m: memref<4x4xf32>) {
  %f = arith.constant 1.0 : f32
  // expected-error @+1 {{'affine.for' op expected perfectly nested loops in the body}}
  affine.for %i = 0 to 4 {
    affine.store %f, %m[%i, %i] : memref<4x4xf32>
    affine.for %j = 0 to 4 {
      affine.store %f, %m[%i, %j] : memref<4x4xf32>
    }
  }
  return
}

// -----

func.func @not_a_loop(%m: memref<4xf32>) {
  %f = arith.constant 1.0 : f32
  affine.for %i = 0 to 4 {
    // expected-error @+1 {{'affine.store' op expected a nested loop}}
    affine.store %f, %m[%i] : memref<4xf32>
  }
  return
}

// -----

func.func @dependent_bound(%m: memref<4x4xf32>) {
  %f = arith.constant 1.0 : f32
  affine.for %i = 0 to 4 {
    // expected-error @+1 {{'affine.for' op loops with bounds depending on other mapped loops are not supported}}
    affine.for %j = 0 to affine_map<(d0) -> (d0)>(%i) {
      affine.store %f, %m[%i, %j] : memref<4x4xf32>
    }
  }
  return
}

// -----

func.func @carried(%m: memref<4x4xf32>) -> f32 {
  %f = arith.constant 1.0 : f32
  // expected-error @+1 {{'affine.for' op affine loop with iter_args cannot be converted to GPU kernel}}
  %r = affine.for %i = 0 to 4 iter_args(%a = %f) -> (f32) {
    %s = affine.for %j = 0 to 4 iter_args(%b = %a) -> (f32) {
      %v = affine.load %m[%i, %j] : memref<4x4xf32>
      %t = arith.addf %b, %v : f32
      affine.yield %t : f32
    }
    affine.yield %s : f32
  }
  return %r : f32
}
