// RUN: kiln opt %s --gpu-lower-memory-space-attributes | FileCheck %s
// RUN: kiln opt %s --gpu-lower-memory-space-attributes="workgroup=7 global=0 private=9 constant=0" | FileCheck %s --check-prefix=OPT

// Every type under the module changes (constant memory is 4 by default):
// signatures (and the function_type attribute with them), results, block
// arguments, unranked memrefs and memrefs of memrefs; other memory spaces
// stay.
// CHECK-LABEL: func.func @host
// CHECK-SAME: (%{{.*}}: memref<*xf32, 1>, %{{.*}}: memref<4xf32, 2>, %{{.*}}: memref<2xf16, 4>) -> memref<8xi32, 3>
// CHECK: memref.alloc() : memref<8xi32, 3>
// CHECK: memref.cast %{{.*}} : memref<8xi32, 3> to memref<?xi32, 3>
// OPT-LABEL: func.func @host
// OPT-SAME: (%{{.*}}: memref<*xf32>, %{{.*}}: memref<4xf32, 2>, %{{.*}}: memref<2xf16>) -> memref<8xi32, 7>
func.func @host(%u: memref<*xf32, #gpu.address_space<global>>, %n: memref<4xf32, 2>, %k: memref<2xf16, #gpu.address_space<constant>>) -> memref<8xi32, #gpu.address_space<workgroup>> {
  %a = memref.alloc() : memref<8xi32, #gpu.address_space<workgroup>>
  %c = memref.cast %a : memref<8xi32, #gpu.address_space<workgroup>> to memref<?xi32, #gpu.address_space<workgroup>>
  return %a : memref<8xi32, #gpu.address_space<workgroup>>
}

// CHECK-LABEL: gpu.func @k
// CHECK-SAME: (%{{.*}}: memref<2xmemref<4xf32, 1>, 1>) workgroup(%{{.*}} : memref<4xf32, 3>) private(%{{.*}} : memref<1xf32, 5>) kernel
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[M:.*]] = %{{.*}}) -> (memref<4xf32, 3>)
// OPT-LABEL: gpu.func @k
// OPT-SAME: (%{{.*}}: memref<2xmemref<4xf32>>) workgroup(%{{.*}} : memref<4xf32, 7>) private(%{{.*}} : memref<1xf32, 9>) kernel
gpu.module @m {
  gpu.func @k(%g: memref<2xmemref<4xf32, #gpu.address_space<global>>, #gpu.address_space<global>>)
      workgroup(%w: memref<4xf32, #gpu.address_space<workgroup>>) private(%p: memref<1xf32, #gpu.address_space<private>>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %r = scf.for %i = %c0 to %c1 step %c1 iter_args(%m = %w) -> (memref<4xf32, #gpu.address_space<workgroup>>) {
      scf.yield %m : memref<4xf32, #gpu.address_space<workgroup>>
    }
    gpu.return
  }
}
