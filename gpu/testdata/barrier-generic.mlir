// RUN: kiln opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: kiln opt %s --mlir-print-op-generic | kiln opt | FileCheck %s
// RUN: kiln opt %s | kiln opt --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// gpu.barrier's scope is a DefaultValuedAttr in MLIR (the workgroup):
// every barrier has one, whether written in the custom form or the
// generic, as MLIR's populateDefaultProperties gives it at creation; the
// custom form leaves it out when it is the workgroup.
gpu.module @m {
  gpu.func @k() kernel {
    // GENERIC: "gpu.barrier"() <{scope = #gpu.scope<workgroup>}> : () -> ()
    // CHECK: gpu.barrier{{$}}
    "gpu.barrier"() : () -> ()
    // GENERIC-NEXT: "gpu.barrier"() <{scope = #gpu.scope<workgroup>}> : () -> ()
    // CHECK-NEXT: gpu.barrier{{$}}
    gpu.barrier
    // GENERIC-NEXT: "gpu.barrier"() <{scope = #gpu.scope<subgroup>}> : () -> ()
    // CHECK-NEXT: gpu.barrier scope <subgroup>{{$}}
    "gpu.barrier"() <{scope = #gpu.scope<subgroup>}> : () -> ()
    // An inherent attribute written among the discardable ones is the property.
    // GENERIC-NEXT: "gpu.barrier"() <{address_spaces = [], scope = #gpu.scope<subgroup>}> : () -> ()
    // CHECK-NEXT: gpu.barrier memfence [] scope <subgroup>{{$}}
    "gpu.barrier"() {address_spaces = [], scope = #gpu.scope<subgroup>} : () -> ()
    // GENERIC-NEXT: "gpu.barrier"() <{address_spaces = [#gpu.address_space<global>], scope = #gpu.scope<workgroup>}> : () -> ()
    // CHECK-NEXT: gpu.barrier memfence [#gpu.address_space<global>]{{$}}
    "gpu.barrier"() <{address_spaces = [#gpu.address_space<global>]}> : () -> ()
    gpu.return
  }
}
