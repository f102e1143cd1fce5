// A kernel whose loops and branches convert-scf-to-cf makes blocks and
// branches: the SPIR-V conversion structurizes them again (spirv-val checks
// the module) and the results are the structured kernel's.
// REQUIRES: spirv-tools
// RUN: kiln opt %s --convert-scf-to-cf -o %t.mlir
// RUN: FileCheck %s --check-prefix=CF < %t.mlir
// RUN: kiln compile %t.mlir -o %t.dir
// RUN: kiln run %s --reference --input=8xi32=1,2,3,4,5,6,7,8 | FileCheck %s
// RUN: kiln run %t.mlir --reference --input=8xi32=1,2,3,4,5,6,7,8 | FileCheck %s
// CF-NOT: scf.
// CF: cf.cond_br
// CHECK: result[0]: 8xi32=127 191 111 175 199 131 145 173
module attributes {
  gpu.container_module,
  spirv.target_env = #spirv.target_env<
    #spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>
} {
  gpu.module @kernels {
    gpu.func @k(%x : memref<8xi32>, %y : memref<8xi32>)
      kernel attributes { spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [1, 1, 1]>} {
      %i = gpu.block_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : i32
      %one = arith.constant 1 : i32
      %v = memref.load %x[%i] : memref<8xi32>
      %s = scf.for %j = %c0 to %i step %c1 iter_args(%acc = %v) -> (i32) {
        %ji = arith.index_cast %j : index to i32
        %odd = arith.andi %ji, %one : i32
        %isodd = arith.cmpi eq, %odd, %one : i32
        %n = scf.if %isodd -> i32 {
          %m = arith.muli %acc, %c2 : i32
          scf.yield %m : i32
        } else {
          %a = arith.addi %acc, %ji : i32
          scf.yield %a : i32
        }
        scf.yield %n : i32
      }
      %w = scf.while (%t = %s) : (i32) -> i32 {
        %big = arith.constant 100 : i32
        %c = arith.cmpi slt, %t, %big : i32
        scf.condition(%c) %t : i32
      } do {
      ^bb0(%t: i32):
        %t2 = arith.addi %t, %t : i32
        %t3 = arith.addi %t2, %one : i32
        scf.yield %t3 : i32
      }
      memref.store %w, %y[%i] : memref<8xi32>
      gpu.return
    }
  }

  func.func @main(%x : memref<8xi32>) -> memref<8xi32> {
    %y = memref.alloc() : memref<8xi32>
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    gpu.launch_func @kernels::@k blocks in (%c8, %c1, %c1) threads in (%c1, %c1, %c1)
        args(%x : memref<8xi32>, %y : memref<8xi32>)
    return %y : memref<8xi32>
  }
}
