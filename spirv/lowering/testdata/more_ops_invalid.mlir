// RUN: kiln opt %s --split-input-file --convert-to-spirv=convert-gpu-modules --verify-diagnostics

module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.3, [Shader], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>} {
  gpu.module @ballot {
    gpu.func @ballot(%buf: memref<16xi32>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [16, 1, 1]>} {
      %x = gpu.thread_id x
      %v = memref.load %buf[%x] : memref<16xi32>
      %c3 = arith.constant 3 : i32
      %p = arith.cmpi sgt, %v, %c3 : i32
      // expected-error @+1 {{'gpu.ballot' op lowers to 'spirv.GroupNonUniformBallot', which is not available in the target environment: opcode OpGroupNonUniformBallot needs capability GroupNonUniformBallot (target #spirv.target_env<#spirv.vce<v1.3, [Shader], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>)}}
      %b = gpu.ballot %p : i32
      memref.store %b, %buf[%x] : memref<16xi32>
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.3, [Shader, GroupNonUniformShuffle], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>} {
  gpu.module @region {
    gpu.func @two_blocks(%buf: memref<20xi32>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [20, 1, 1]>} {
      %x = gpu.thread_id x
      %v = memref.load %buf[%x] : memref<20xi32>
      // expected-error @+1 {{'gpu.all_reduce' op has a combining region of more than one block, which the SPIR-V lowering cannot inline}}
      %r = gpu.all_reduce %v {
      ^bb0(%a: i32, %b: i32):
        cf.br ^bb1
      ^bb1:
        gpu.yield %a : i32
      } : (i32) -> i32
      memref.store %r, %buf[%x] : memref<20xi32>
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.3, [Shader, GroupNonUniform], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>} {
  gpu.module @region {
    gpu.func @no_shuffle(%buf: memref<20xi32>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [20, 1, 1]>} {
      %x = gpu.thread_id x
      %v = memref.load %buf[%x] : memref<20xi32>
      // expected-error @+1 {{'gpu.all_reduce' op lowers to 'spirv.GroupNonUniformShuffleXor', which is not available in the target environment: opcode OpGroupNonUniformShuffleXor needs capability GroupNonUniformShuffle}}
      %r = gpu.all_reduce %v {
      ^bb0(%a: i32, %b: i32):
        %m = arith.maxsi %a, %b : i32
        gpu.yield %m : i32
      } : (i32) -> i32
      memref.store %r, %buf[%x] : memref<20xi32>
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.3, [Shader, GroupNonUniformShuffle, StorageBuffer8BitAccess], [SPV_KHR_storage_buffer_storage_class, SPV_KHR_8bit_storage]>, #spirv.resource_limits<>>} {
  gpu.module @region {
    gpu.func @emulated(%buf: memref<20xi8>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [20, 1, 1]>} {
      %x = gpu.thread_id x
      %v = memref.load %buf[%x] : memref<20xi8>
      // expected-error @+1 {{'gpu.all_reduce' op with a combining region on i8 needs the target to compute in i8, not emulate it in i32}}
      %r = gpu.all_reduce %v {
      ^bb0(%a: i8, %b: i8):
        %m = arith.maxsi %a, %b : i8
        gpu.yield %m : i8
      } : (i8) -> i8
      memref.store %r, %buf[%x] : memref<20xi8>
      gpu.return
    }
  }
}

// -----

// GroupNonUniform ops allow only Subgroup scope, so on targets without
// Shader a non-uniform all_reduce, or a uniform one of a kind without a
// Groups op, does not legalize (as in current MLIR); a uniform one without
// the Groups capability names it.
module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.3, [Kernel, Addresses, Groups, GroupNonUniformArithmetic], []>, #spirv.resource_limits<>>} {
  gpu.module @k {
    gpu.func @nonuniform(%a: f32) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [16, 1, 1]>} {
      // expected-error @+1 {{failed to legalize operation 'gpu.all_reduce'}}
      %0 = gpu.all_reduce add %a {} : (f32) -> f32
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.3, [Kernel, Addresses, Groups, GroupNonUniformArithmetic], []>, #spirv.resource_limits<>>} {
  gpu.module @k {
    gpu.func @bitwise(%a: i32) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [16, 1, 1]>} {
      // expected-error @+1 {{failed to legalize operation 'gpu.all_reduce'}}
      %0 = gpu.all_reduce or %a uniform {} : (i32) -> i32
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.3, [Kernel, Addresses, GroupNonUniformArithmetic], []>, #spirv.resource_limits<>>} {
  gpu.module @k {
    gpu.func @no_groups(%a: f32) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [16, 1, 1]>} {
      // expected-error @+1 {{'gpu.all_reduce' op lowers to 'spirv.GroupFAdd', which is not available in the target environment: opcode OpGroupFAdd needs capability Groups}}
      %0 = gpu.all_reduce add %a uniform {} : (f32) -> f32
      gpu.return
    }
  }
}
