// RUN: kiln opt %s --split-input-file --gpu-derive-workgroup-size | FileCheck %s
// RUN: kiln opt %s --split-input-file --pass-pipeline='builtin.module(gpu-kernel-outlining{derive-workgroup-size=false})' | FileCheck %s --check-prefix=NODERIVE

// NODERIVE-NOT: workgroup_size = [2, 3, 4]

// CHECK-LABEL: gpu.module @known
// CHECK: gpu.func @k() kernel attributes {known_block_size = array<i32: 2, 3, 4>, spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [2, 3, 4]>}
module attributes {gpu.container_module} {
  gpu.module @known {
    gpu.func @k() kernel attributes {known_block_size = array<i32: 2, 3, 4>} {
      gpu.return
    }
  }
}

// -----

// All launches agree, whatever the type of their sizes.

// CHECK-LABEL: gpu.module @launched
// CHECK: gpu.func @k() kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [64, 2, 1]>}
// CHECK-NOT: spirv.entry_point_abi
module attributes {gpu.container_module} {
  gpu.module @launched {
    gpu.func @k() kernel {
      gpu.return
    }
    gpu.func @never_launched() kernel {
      gpu.return
    }
  }
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c64 = arith.constant 64 : index
    %one = arith.constant 1 : index
    gpu.launch_func @launched::@k blocks in (%c1, %c1, %c1) threads in (%c64, %c2, %c1)
    gpu.launch_func @launched::@k blocks in (%c2, %c1, %c1) threads in (%c64, %c2, %one)
    return
  }
  func.func @i32_sizes() {
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %c64 = arith.constant 64 : i32
    gpu.launch_func @launched::@k blocks in (%c1, %c1, %c1) threads in (%c64, %c2, %c1) : i32
    return
  }
}

// -----

// Launches that disagree, or are not constant, give nothing.

// CHECK-LABEL: gpu.module @disagree
// CHECK-NOT: spirv.entry_point_abi
module attributes {gpu.container_module} {
  gpu.module @disagree {
    gpu.func @k() kernel {
      gpu.return
    }
    gpu.func @dynamic() kernel {
      gpu.return
    }
  }
  func.func @main(%n: index) {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    gpu.launch_func @disagree::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    gpu.launch_func @disagree::@k blocks in (%c1, %c1, %c1) threads in (%c2, %c1, %c1)
    gpu.launch_func @disagree::@dynamic blocks in (%c1, %c1, %c1) threads in (%n, %c1, %c1)
    return
  }
}

// -----

// A workgroup size the user wrote is kept.

// CHECK-LABEL: gpu.module @written
// CHECK: gpu.func @k() kernel attributes {known_block_size = array<i32: 2, 3, 4>, spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [8, 1, 1]>}
module attributes {gpu.container_module} {
  gpu.module @written {
    gpu.func @k() kernel attributes {known_block_size = array<i32: 2, 3, 4>, spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [8, 1, 1]>} {
      gpu.return
    }
  }
}
