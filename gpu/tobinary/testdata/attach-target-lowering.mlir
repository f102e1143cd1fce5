// RUN: kiln opt %s --spirv-attach-target='caps=Shader,Int64 exts=SPV_KHR_storage_buffer_storage_class' --convert-gpu-to-spirv | FileCheck %s
// RUN: not kiln opt %s --convert-gpu-to-spirv 2>&1 | FileCheck %s --check-prefix=DEFAULT

// convert-gpu-to-spirv lowers for the target environment in the
// gpu.module's targets: with Int64 the i64 buffer and addition stay
// 64-bit; MLIR's default target, without Int64, cannot hold the buffer.

// CHECK-LABEL: spirv.func @add
// CHECK: spirv.IAdd %{{.+}}, %{{.+}} : i64
// DEFAULT: error: failed to legalize operation 'gpu.func': type memref<4xi64> needs capability Int64
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @add(%a: memref<4xi64>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [4, 1, 1]>} {
      %c0 = arith.constant 0 : index
      %x = memref.load %a[%c0] : memref<4xi64>
      %y = arith.addi %x, %x : i64
      memref.store %y, %a[%c0] : memref<4xi64>
      gpu.return
    }
  }
}
