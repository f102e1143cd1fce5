// Differential kernel for scf.index_switch (TestKernelsOnVulkan): a
// spirv.mlir.selection headed by spirv.Switch, with results, negative and
// repeated-target cases, one without results, and one nested in a loop.
module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>} {
  gpu.module @kernels {
    gpu.func @index_switch(%in: memref<16xi32>, %out: memref<48xi32>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [16, 1, 1]>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %c16 = arith.constant 16 : index
      %c32 = arith.constant 32 : index
      %x = gpu.thread_id x
      %v = memref.load %in[%x] : memref<16xi32>
      %vi = arith.index_cast %v : i32 to index
      // results chosen by the thread's input, negative values included
      %r:2 = scf.index_switch %vi -> i32, i32
      case -3 {
        %a = arith.constant 30 : i32
        scf.yield %a, %v : i32, i32
      }
      case 0 {
        %a = arith.constant 100 : i32
        %b = arith.muli %v, %a : i32
        scf.yield %a, %b : i32, i32
      }
      case 5 {
        %a = arith.addi %v, %v : i32
        scf.yield %a, %a : i32, i32
      }
      default {
        %a = arith.constant -1 : i32
        %b = arith.subi %a, %v : i32
        scf.yield %a, %b : i32, i32
      }
      memref.store %r#0, %out[%x] : memref<48xi32>
      %o1 = arith.addi %x, %c16 : index
      memref.store %r#1, %out[%o1] : memref<48xi32>
      // no results; the selection_control is the selection's
      %o2 = arith.addi %x, %c32 : index
      %t = arith.remui %x, %c4 : index
      scf.index_switch %t {spirv.selection_control = #spirv.selection_control<DontFlatten>}
      case 1 {
        memref.store %v, %out[%o2] : memref<48xi32>
        scf.yield
      }
      case 2 {
        %s = scf.for %i = %c0 to %x step %c1 iter_args(%acc = %v) -> (i32) {
          %ii = arith.index_cast %i : index to i32
          %three = arith.constant 3 : i32
          %k = arith.remui %ii, %three : i32
          %kk = arith.index_cast %k : i32 to index
          %n = scf.index_switch %kk -> i32
          case 0 {
            %one = arith.constant 1 : i32
            %m = arith.addi %acc, %one : i32
            scf.yield %m : i32
          }
          default {
            %m = arith.addi %acc, %ii : i32
            scf.yield %m : i32
          }
          scf.yield %n : i32
        }
        memref.store %s, %out[%o2] : memref<48xi32>
        scf.yield
      }
      default {
        %z = arith.constant 7 : i32
        memref.store %z, %out[%o2] : memref<48xi32>
        scf.yield
      }
      gpu.return
    }
  }
}
