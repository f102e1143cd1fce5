// RUN: kiln opt %s --split-input-file --convert-to-spirv="convert-gpu-modules index-by-dimension" | FileCheck %s

// With index-by-dimension, a kernel buffer of a static memref that only
// memref.load and memref.store access is an array of arrays, indexed with
// one index per dimension (memref.load and memref.store require each index
// within its dimension); MLIR's linear index is gone.
// CHECK-LABEL: spirv.func @matrix
// CHECK-SAME:  %[[A:.*]]: !spirv.ptr<!spirv.struct<(!spirv.array<4 x !spirv.array<8 x f32, stride=4>, stride=32> [0])>, StorageBuffer>
// CHECK-SAME:  %[[B:.*]]: !spirv.ptr<!spirv.struct<(!spirv.array<2 x !spirv.array<3 x !spirv.array<4 x i32, stride=4>, stride=16>, stride=48> [0])>, StorageBuffer>
// CHECK-NOT:   spirv.IMul
// CHECK:       spirv.AccessChain %[[A]][%{{.*}}, %[[Y:.*]], %[[X:.*]]] : !spirv.ptr<!spirv.struct<(!spirv.array<4 x !spirv.array<8 x f32, stride=4>, stride=32> [0])>, StorageBuffer>, i32, i32, i32
// CHECK:       spirv.Load "StorageBuffer"
// CHECK:       spirv.AccessChain %[[B]][%{{.*}}, %[[I:.*]], %[[Y]], %[[X]]] :
// CHECK-NOT:   spirv.IMul
// CHECK:       spirv.AccessChain %[[A]][%{{.*}}, %[[X]], %[[Y]]]
// CHECK-NEXT:  spirv.Store "StorageBuffer"
// CHECK:       spirv.Return
module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.3, [Shader], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>} {
  gpu.module @k {
    gpu.func @matrix(%a: memref<4x8xf32>, %b: memref<2x3x4xi32>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [4, 4, 1]>} {
      %c1 = arith.constant 1 : index
      %x = gpu.thread_id x
      %y = gpu.thread_id y
      %v = memref.load %a[%y, %x] : memref<4x8xf32>
      %w = memref.load %b[%c1, %y, %x] : memref<2x3x4xi32>
      memref.store %v, %a[%x, %y] : memref<4x8xf32>
      gpu.return
    }
  }
}

// -----

// A buffer that another op also reads (vector.load, whose lanes may run
// past a row), of a dynamic shape, or of a strided layout keeps MLIR's one
// array and linear index.
// CHECK-LABEL: spirv.func @flat
// CHECK-SAME:  !spirv.ptr<!spirv.struct<(!spirv.array<32 x f32, stride=4> [0])>, StorageBuffer>
// CHECK-SAME:  !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>
// CHECK-SAME:  !spirv.ptr<!spirv.struct<(!spirv.array<{{[0-9]+}} x f32, stride=4> [0])>, StorageBuffer>
// CHECK:       spirv.IMul
module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.3, [Shader], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>} {
  gpu.module @k {
    gpu.func @flat(%a: memref<4x8xf32>, %d: memref<?x8xf32>, %s: memref<4x4xf32, strided<[8, 1]>>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [4, 1, 1]>} {
      %x = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %v = memref.load %a[%x, %c0] : memref<4x8xf32>
      %u = vector.load %a[%x, %c0] : memref<4x8xf32>, vector<4xf32>
      %e = vector.extract %u[1] : f32 from vector<4xf32>
      %dv = memref.load %d[%x, %c0] : memref<?x8xf32>
      %sv = memref.load %s[%x, %c0] : memref<4x4xf32, strided<[8, 1]>>
      %t0 = arith.addf %v, %e : f32
      %t1 = arith.addf %dv, %sv : f32
      memref.store %t0, %d[%x, %c0] : memref<?x8xf32>
      memref.store %t1, %s[%x, %c0] : memref<4x4xf32, strided<[8, 1]>>
      gpu.return
    }
  }
}

// -----

// Workgroup memory too: the attribution's global and its addresses.
// CHECK:       spirv.GlobalVariable @__workgroup_mem__tile_0 : !spirv.ptr<!spirv.struct<(!spirv.array<4 x !spirv.array<5 x f32>>)>, Workgroup>
// CHECK-LABEL: spirv.func @tile
// CHECK:       %[[T:.*]] = spirv.mlir.addressof @__workgroup_mem__tile_0 : !spirv.ptr<!spirv.struct<(!spirv.array<4 x !spirv.array<5 x f32>>)>, Workgroup>
// CHECK:       spirv.AccessChain %[[T]][%{{.*}}, %[[Y:.*]], %[[X:.*]]] : !spirv.ptr<!spirv.struct<(!spirv.array<4 x !spirv.array<5 x f32>>)>, Workgroup>, i32, i32, i32
// CHECK-NOT:   spirv.IMul
// CHECK:       spirv.AccessChain %[[T]][%{{.*}}, %[[X]], %[[Y]]]
module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.3, [Shader], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>} {
  gpu.module @k {
    gpu.func @tile(%buf: memref<16xf32>) workgroup(%t : memref<4x5xf32, #gpu.address_space<workgroup>>)
      kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [4, 4, 1]>} {
      %x = gpu.thread_id x
      %y = gpu.thread_id y
      %v = memref.load %buf[%x] : memref<16xf32>
      memref.store %v, %t[%y, %x] : memref<4x5xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %w = memref.load %t[%x, %y] : memref<4x5xf32, #gpu.address_space<workgroup>>
      memref.store %w, %buf[%x] : memref<16xf32>
      gpu.return
    }
  }
}

// -----

// A function other than a kernel keeps its argument's type, which its
// callers pass; the workgroup buffer the kernel passes on keeps its own.
// CHECK:       spirv.GlobalVariable @__workgroup_mem__caller_0 : !spirv.ptr<!spirv.struct<(!spirv.array<32 x f32>)>, Workgroup>
// CHECK-LABEL: spirv.func @helper
// CHECK-SAME:  !spirv.ptr<!spirv.struct<(!spirv.array<32 x f32>)>, Workgroup>
// CHECK-LABEL: spirv.func @caller
// CHECK:       spirv.FunctionCall @helper
module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.3, [Shader], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>} {
  gpu.module @k {
    func.func @helper(%m: memref<4x8xf32, #gpu.address_space<workgroup>>, %i: index) -> f32 {
      %v = memref.load %m[%i, %i] : memref<4x8xf32, #gpu.address_space<workgroup>>
      return %v : f32
    }
    gpu.func @caller(%out: memref<4xf32>) workgroup(%t : memref<4x8xf32, #gpu.address_space<workgroup>>)
      kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [4, 1, 1]>} {
      %x = gpu.thread_id x
      %v = func.call @helper(%t, %x) : (memref<4x8xf32, #gpu.address_space<workgroup>>, index) -> f32
      memref.store %v, %out[%x] : memref<4xf32>
      gpu.return
    }
  }
}
