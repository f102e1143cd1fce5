// RUN: kiln opt %s --split-input-file --convert-to-spirv=convert-gpu-modules | FileCheck %s

// cf.switch becomes a chain of tests, one block per case after the first;
// the last test falls to the default. In a Shader function the blocks are
// then structured like any conditional branch (a loop over the blocks);
// testdata/kernels_control.mlir runs such a switch on Vulkan.
// CHECK-LABEL: spirv.func @switch
// CHECK:         spirv.mlir.loop
// CHECK:         spirv.IEqual %{{.*}}, %cst0_i32
// CHECK:         spirv.BranchConditional
// CHECK:         spirv.IEqual %{{.*}}, %cst-1_i32
// CHECK:         spirv.BranchConditional
module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>} {
  gpu.module @kernels {
    gpu.func @switch(%in: memref<16xi32>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [16, 1, 1]>} {
      %x = gpu.thread_id x
      %v = memref.load %in[%x] : memref<16xi32>
      cf.switch %v : i32, [
        default: ^bb2(%v : i32),
        0: ^bb1,
        -1: ^bb2(%v : i32)
      ]
    ^bb1:
      %a = arith.constant 100 : i32
      cf.br ^bb2(%a : i32)
    ^bb2(%r: i32):
      memref.store %r, %in[%x] : memref<16xi32>
      gpu.return
    }
  }
}

// -----

// In a Kernel (OpenCL) function the chain stays as it is: unstructured
// control flow is allowed there; an i1 flag is tested with LogicalEqual.
// CHECK-LABEL: spirv.func @bool_switch
// CHECK-NOT:     spirv.mlir.loop
// CHECK:         spirv.LogicalEqual
// CHECK:         spirv.BranchConditional %{{.*}}, ^bb1, ^bb2
module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Kernel, Addresses], []>, #spirv.resource_limits<>>} {
  gpu.module @kernels {
    gpu.func @bool_switch(%in: memref<16xi32, #spirv.storage_class<CrossWorkgroup>>, %f: i1) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [16, 1, 1]>} {
      %x = gpu.thread_id x
      cf.switch %f : i1, [
        default: ^bb2,
        1: ^bb1
      ]
    ^bb1:
      %a = arith.constant 1 : i32
      memref.store %a, %in[%x] : memref<16xi32, #spirv.storage_class<CrossWorkgroup>>
      cf.br ^bb2
    ^bb2:
      gpu.return
    }
  }
}
