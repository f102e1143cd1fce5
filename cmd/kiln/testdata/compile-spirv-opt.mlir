// kiln compile --spirv-opt runs spirv-opt on each module and validates it
// again; a flag spirv-opt rejects is an error naming the module.
// RUN: kiln compile %s -o %t --spirv-opt=-O
// RUN: spirv-dis %t/k.spv | FileCheck %s
// RUN: not kiln compile %s -o %t --spirv-opt=--no-such-flag 2>&1 | FileCheck %s --check-prefix=BAD

// spirv-opt -O turns the loop-carried Function variable into an OpPhi.
// CHECK:     OpEntryPoint GLCompute %{{.*}} "sum"
// CHECK-NOT: OpVariable %_ptr_Function_float Function
// CHECK:     OpPhi %float
// BAD: kiln compile: spirv-opt --no-such-flag --target-env=vulkan1.0 - -o - on module k: exit status 1
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @sum(%a : memref<16xf32>, %out : memref<1xf32>)
      kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [1, 1, 1]>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %n = arith.constant 16 : index
      %zero = arith.constant 0.0 : f32
      %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (f32) {
        %x = memref.load %a[%i] : memref<16xf32>
        %y = arith.addf %acc, %x : f32
        scf.yield %y : f32
      }
      memref.store %s, %out[%c0] : memref<1xf32>
      gpu.return
    }
  }
}
