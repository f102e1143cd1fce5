// gpu.launch, outlined by gpu-kernel-outlining before compiling; the file
// has no target environment, so Vulkan runs derive it from the device.
// RUN: kiln run %s --reference | FileCheck %s
// CHECK: [2.5,  2.5,  2.5,  2.5,  2.5,  2.5,  2.5,  2.5]
module attributes {gpu.container_module} {
  func.func @main() {
    %a = memref.alloc() : memref<8xf32>
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %v = arith.constant 2.5 : f32
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c8, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
      memref.store %v, %a[%bx] : memref<8xf32>
      gpu.terminator
    }
    %p = memref.cast %a : memref<8xf32> to memref<*xf32>
    call @printMemrefF32(%p) : (memref<*xf32>) -> ()
    return
  }
  func.func private @printMemrefF32(memref<*xf32>)
}
