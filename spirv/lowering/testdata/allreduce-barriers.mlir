// gpu.all_reduce ends with a second barrier only where it may run again in
// the same invocation: inside a loop, the next iteration's partial results
// would overwrite the workgroup memory a slower invocation still reads.
// RUN: kiln opt %s --split-input-file --convert-to-spirv=convert-gpu-modules | FileCheck %s
// RUN: kiln opt %s --split-input-file --convert-to-spirv=convert-gpu-modules | FileCheck %s --check-prefix=KNOWN

// CHECK-LABEL: spirv.func @once
// CHECK:       spirv.GroupNonUniformIAdd "Subgroup" "Reduce"
// CHECK:       spirv.ControlBarrier
// CHECK-NOT:   spirv.ControlBarrier
// CHECK:       spirv.Return
// CHECK-LABEL: spirv.func @in_loop
// CHECK:       spirv.GroupNonUniformIAdd "Subgroup" "Reduce"
// CHECK:       spirv.ControlBarrier
// CHECK:       spirv.ControlBarrier
// CHECK:       spirv.Return
module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.3, [Shader, GroupNonUniformArithmetic], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>} {
  gpu.module @k {
    gpu.func @once(%buf: memref<64xi32>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [64, 1, 1]>} {
      %x = gpu.thread_id x
      %v = memref.load %buf[%x] : memref<64xi32>
      %r = gpu.all_reduce add %v uniform {} : (i32) -> i32
      memref.store %r, %buf[%x] : memref<64xi32>
      gpu.return
    }
    gpu.func @in_loop(%buf: memref<64xi32>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [64, 1, 1]>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %x = gpu.thread_id x
      scf.for %i = %c0 to %c4 step %c1 {
        %v = memref.load %buf[%x] : memref<64xi32>
        %r = gpu.all_reduce add %v uniform {} : (i32) -> i32
        memref.store %r, %buf[%x] : memref<64xi32>
      }
      gpu.return
    }
  }
}

// -----

// With the subgroup size fixed by the target, the number of subgroups is a
// constant: no SubgroupSize, UDiv or Select for the loop bound.
// KNOWN-LABEL: spirv.func @known
// KNOWN-NOT:   spirv.UDiv
// KNOWN:       %[[N:.*]] = spirv.Constant 4 : i32
// KNOWN:       spirv.mlir.loop
// KNOWN:       spirv.SLessThan %{{.*}}, %[[N]] : i32
module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.3, [Shader, GroupNonUniformArithmetic], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<min_subgroup_size = 16, max_subgroup_size = 16>>} {
  gpu.module @k {
    gpu.func @known(%buf: memref<64xi32>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [64, 1, 1]>} {
      %x = gpu.thread_id x
      %v = memref.load %buf[%x] : memref<64xi32>
      %r = gpu.all_reduce add %v uniform {} : (i32) -> i32
      memref.store %r, %buf[%x] : memref<64xi32>
      gpu.return
    }
  }
}

// -----

// A workgroup no larger than min_subgroup_size is one subgroup: the
// subgroup's reduction is the result, with no workgroup memory, barrier or
// loop; a combining region's butterfly folds no other subgroup.
// KNOWN-LABEL: spirv.module
// KNOWN-NOT:   spirv.GlobalVariable @__all_reduce_mem__one_1
// KNOWN-LABEL: spirv.func @one
// KNOWN-NOT:   spirv.ControlBarrier
// KNOWN:       %[[R:.*]] = spirv.GroupNonUniformIAdd "Subgroup" "Reduce"
// KNOWN-NOT:   spirv.ControlBarrier
// KNOWN:       spirv.AccessChain %{{.*}}[%{{.*}}, %{{.*}}]
// KNOWN-NEXT:  spirv.Store "StorageBuffer" %{{.*}}, %[[R]] : i32
// KNOWN-NOT:   spirv.ControlBarrier
// KNOWN:       spirv.Return
// KNOWN-LABEL: spirv.func @one_region
// KNOWN-NOT:   spirv.UDiv
// KNOWN:       spirv.GroupNonUniformShuffleXor
// KNOWN:       spirv.ControlBarrier
// KNOWN:       spirv.SLessThan %{{.*}}, %cst1_i32{{[_0-9]*}} : i32
module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.3, [Shader, GroupNonUniformArithmetic, GroupNonUniformShuffle], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<min_subgroup_size = 8>>} {
  gpu.module @k {
    gpu.func @one(%buf: memref<8xi32>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [8, 1, 1]>} {
      %x = gpu.thread_id x
      %v = memref.load %buf[%x] : memref<8xi32>
      %r = gpu.all_reduce add %v {} : (i32) -> i32
      memref.store %r, %buf[%x] : memref<8xi32>
      gpu.return
    }
    gpu.func @one_region(%buf: memref<8xi32>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [8, 1, 1]>} {
      %x = gpu.thread_id x
      %v = memref.load %buf[%x] : memref<8xi32>
      %r = gpu.all_reduce %v {
      ^bb0(%a: i32, %b: i32):
        %m = arith.maxsi %a, %b : i32
        gpu.yield %m : i32
      } : (i32) -> i32
      memref.store %r, %buf[%x] : memref<8xi32>
      gpu.return
    }
  }
}

// -----

// A workgroup of a multiple of 128 invocations (Vulkan's largest subgroup)
// has no partial subgroup whatever the subgroup size (a power of two), so
// NumSubgroups is the bound as it is; the elected lane publishes the
// subgroup's result, which the group op leaves in every lane.
// KNOWN-LABEL: spirv.func @full
// KNOWN-NOT:   spirv.UDiv
// KNOWN-NOT:   SubgroupLocalInvocationId
// KNOWN:       %[[NSGP:.*]] = spirv.mlir.addressof @__builtin__NumSubgroups__
// KNOWN-NEXT:  %[[NSG:.*]] = spirv.Load "Input" %[[NSGP]] : i32
// KNOWN:       spirv.GroupNonUniformIAdd "Subgroup" "Reduce"
// KNOWN:       spirv.GroupNonUniformElect <Subgroup> : i1
// KNOWN:       spirv.ControlBarrier
// KNOWN:       spirv.SLessThan %{{.*}}, %[[NSG]] : i32
// KNOWN-NOT:   spirv.Select
// KNOWN:       spirv.Return
module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.3, [Shader, GroupNonUniformArithmetic], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>} {
  gpu.module @k {
    gpu.func @full(%buf: memref<256xi32>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [128, 2, 1]>} {
      %x = gpu.thread_id x
      %v = memref.load %buf[%x] : memref<256xi32>
      %r = gpu.all_reduce add %v uniform {} : (i32) -> i32
      memref.store %r, %buf[%x] : memref<256xi32>
      gpu.return
    }
  }
}
