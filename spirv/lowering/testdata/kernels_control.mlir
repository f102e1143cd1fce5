// Differential kernels for scf, cf and func (TestKernelsOnVulkan).

// scf.for with iter_args (nested, with a step, and empty), scf.if with
// results (nested) and without, scf.while whose regions carry values.
module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>} {
  gpu.module @kernels {
    gpu.func @scf(%in: memref<16xi32>, %out: memref<64xi32>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [16, 1, 1]>} {
      %x = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c3 = arith.constant 3 : index
      %v = memref.load %in[%x] : memref<16xi32>
      %zero = arith.constant 0 : i32
      %one = arith.constant 1 : i32
      // nested loops with iter_args: sum_{i<x} sum_{j<i step 3} (i*j + v)
      %n = arith.addi %x, %c1 : index
      %s, %cnt = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero, %k = %zero) -> (i32, i32) {
        %inner = scf.for %j = %c0 to %i step %c3 iter_args(%a2 = %acc) -> (i32) {
          %ij = arith.muli %i, %j : index
          %iji = arith.index_cast %ij : index to i32
          %t = arith.addi %iji, %v : i32
          %a3 = arith.addi %a2, %t : i32
          scf.yield %a3 : i32
        }
        %k2 = arith.addi %k, %one : i32
        scf.yield %inner, %k2 : i32, i32
      }
      // an empty loop keeps its initial values
      %e = scf.for %i = %n to %c0 step %c1 iter_args(%a = %v) -> (i32) {
        %a1 = arith.addi %a, %one : i32
        scf.yield %a1 : i32
      }
      // if with results, nested, and an if without else
      %c8 = arith.constant 8 : index
      %lt = arith.cmpi ult, %x, %c8 : index
      %odd0 = arith.andi %v, %one : i32
      %odd = arith.cmpi eq, %odd0, %one : i32
      %r1, %r2 = scf.if %lt -> (i32, i32) {
        %q = scf.if %odd -> (i32) {
          %m = arith.muli %s, %cnt : i32
          scf.yield %m : i32
        } else {
          %m = arith.subi %s, %cnt : i32
          scf.yield %m : i32
        }
        scf.yield %q, %one : i32, i32
      } else {
        scf.yield %cnt, %s : i32, i32
      }
      scf.if %odd {
        %c2 = arith.constant 2 : index
        %x2 = arith.muli %x, %c2 : index
        %c32 = arith.constant 32 : index
        %at = arith.addi %x2, %c32 : index
        memref.store %e, %out[%at] : memref<64xi32>
      }
      // while: Collatz steps from v + 1 (before region computes, after region updates)
      %vp = arith.addi %v, %one : i32
      %steps, %last = scf.while (%c = %vp, %st = %zero) : (i32, i32) -> (i32, i32) {
        %ne1 = arith.cmpi ne, %c, %one : i32
        scf.condition(%ne1) %st, %c : i32, i32
      } do {
      ^bb0(%st2: i32, %c2: i32):
        %b = arith.andi %c2, %one : i32
        %isodd = arith.cmpi eq, %b, %one : i32
        %next = scf.if %isodd -> (i32) {
          %three = arith.constant 3 : i32
          %m3 = arith.muli %c2, %three : i32
          %p1 = arith.addi %m3, %one : i32
          scf.yield %p1 : i32
        } else {
          %h = arith.shrui %c2, %one : i32
          scf.yield %h : i32
        }
        %st3 = arith.addi %st2, %one : i32
        scf.yield %next, %st3 : i32, i32
      }
      %c16 = arith.constant 16 : index
      %c48 = arith.constant 48 : index
      %o1 = arith.addi %x, %c16 : index
      %o2 = arith.addi %x, %c48 : index
      %rs = arith.addi %r1, %r2 : i32
      memref.store %rs, %out[%x] : memref<64xi32>
      %sl = arith.addi %steps, %last : i32
      memref.store %sl, %out[%o1] : memref<64xi32>
      gpu.return
    }
  }
}

// -----

// func.call of functions in the gpu.module: scalar arguments and result,
// a workgroup memref argument (a storage buffer one would need variable
// pointers), a call from a callee.
module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>} {
  gpu.module @kernels {
    func.func @clamp(%v: i32, %lo: i32, %hi: i32) -> i32 {
      %a = arith.maxsi %v, %lo : i32
      %b = arith.minsi %a, %hi : i32
      return %b : i32
    }
    func.func @poly(%v: f32) -> f32 {
      %c2 = arith.constant 2.0 : f32
      %t = arith.mulf %v, %v : f32
      %u = arith.mulf %t, %c2 : f32
      %w = arith.subf %u, %v : f32
      return %w : f32
    }
    func.func @scale(%m: memref<16xf32, #gpu.address_space<workgroup>>, %i: index, %k: f32) {
      %v = memref.load %m[%i] : memref<16xf32, #gpu.address_space<workgroup>>
      %p = func.call @poly(%v) : (f32) -> f32
      %s = arith.mulf %p, %k : f32
      memref.store %s, %m[%i] : memref<16xf32, #gpu.address_space<workgroup>>
      return
    }
    gpu.func @calls(%in: memref<16xi32>, %f: memref<16xf32>) workgroup(%tile: memref<16xf32, #gpu.address_space<workgroup>>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [16, 1, 1]>} {
      %x = gpu.thread_id x
      %v = memref.load %in[%x] : memref<16xi32>
      %c3 = arith.constant 3 : i32
      %c8 = arith.constant 8 : i32
      %r = func.call @clamp(%v, %c3, %c8) : (i32, i32, i32) -> i32
      memref.store %r, %in[%x] : memref<16xi32>
      %k = arith.constant 0.5 : f32
      %fv = memref.load %f[%x] : memref<16xf32>
      memref.store %fv, %tile[%x] : memref<16xf32, #gpu.address_space<workgroup>>
      func.call @scale(%tile, %x, %k) : (memref<16xf32, #gpu.address_space<workgroup>>, index, f32) -> ()
      %fs = memref.load %tile[%x] : memref<16xf32, #gpu.address_space<workgroup>>
      memref.store %fs, %f[%x] : memref<16xf32>
      gpu.return
    }
  }
}

// -----

// cf.br with block arguments, in a called function.
module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>} {
  gpu.module @kernels {
    func.func @steps(%v: i32) -> i32 {
      %c3 = arith.constant 3 : i32
      cf.br ^mul(%v, %c3 : i32, i32)
    ^mul(%a: i32, %k: i32):
      %m = arith.muli %a, %k : i32
      cf.br ^sub(%m : i32)
    ^sub(%s: i32):
      %d = arith.subi %s, %v : i32
      cf.br ^done(%d, %s : i32, i32)
    ^done(%r: i32, %t: i32):
      %u = arith.addi %r, %t : i32
      return %u : i32
    }
    gpu.func @branches(%in: memref<16xi32>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [16, 1, 1]>} {
      %x = gpu.thread_id x
      %v = memref.load %in[%x] : memref<16xi32>
      %r = func.call @steps(%v) : (i32) -> i32
      memref.store %r, %in[%x] : memref<16xi32>
      gpu.return
    }
  }
}

// -----

// cf.cond_br with block arguments (to different blocks and twice to the
// same one), loops made of branches, in called functions and in the kernel,
// which the lowering structures for Vulkan.
module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>} {
  gpu.module @kernels {
    func.func @classify(%v: i32) -> i32 {
      %c0 = arith.constant 0 : i32
      %c5 = arith.constant 5 : i32
      %neg = arith.cmpi slt, %v, %c0 : i32
      cf.cond_br %neg, ^small(%v : i32), ^check(%v, %c5 : i32, i32)
    ^check(%a: i32, %lim: i32):
      %big = arith.cmpi sgt, %a, %lim : i32
      cf.cond_br %big, ^large, ^small(%a : i32)
    ^small(%s: i32):
      %d = arith.muli %s, %s : i32
      cf.br ^done(%d : i32)
    ^large:
      %m = arith.subi %c0, %a : i32
      cf.br ^done(%m : i32)
    ^done(%r: i32):
      return %r : i32
    }
    func.func @collatz(%v: i32) -> i32 {
      %c0 = arith.constant 0 : i32
      %c1 = arith.constant 1 : i32
      %c3 = arith.constant 3 : i32
      cf.br ^loop(%v, %c0 : i32, i32)
    ^loop(%x: i32, %n: i32):
      %done = arith.cmpi sle, %x, %c1 : i32
      cf.cond_br %done, ^exit, ^step
    ^step:
      %b = arith.andi %x, %c1 : i32
      %odd = arith.cmpi eq, %b, %c1 : i32
      %h = arith.shrui %x, %c1 : i32
      %t = arith.muli %x, %c3 : i32
      %t1 = arith.addi %t, %c1 : i32
      %n1 = arith.addi %n, %c1 : i32
      cf.cond_br %odd, ^loop(%t1, %n1 : i32, i32), ^loop(%h, %n1 : i32, i32)
    ^exit:
      return %n : i32
    }
    gpu.func @cond_branches(%in: memref<16xi32>, %out: memref<32xi32>) workgroup(%tile: memref<16xi32, #gpu.address_space<workgroup>>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [16, 1, 1]>} {
      %x = gpu.thread_id x
      %v = memref.load %in[%x] : memref<16xi32>
      %c4 = arith.constant 4 : i32
      %w = arith.subi %v, %c4 : i32
      %r = func.call @classify(%w) : (i32) -> i32
      %s = func.call @collatz(%v) : (i32) -> i32
      %c16 = arith.constant 16 : index
      %x16 = arith.addi %x, %c16 : index
      memref.store %r, %out[%x] : memref<32xi32>
      memref.store %s, %out[%x16] : memref<32xi32>
      %c8 = arith.constant 8 : index
      %lo = arith.cmpi ult, %x, %c8 : index
      cf.cond_br %lo, ^a, ^b(%v : i32)
      ^a:
      %t2 = arith.addi %v, %r : i32
      cf.br ^b(%t2 : i32)
      ^b(%z: i32):
      memref.store %z, %tile[%x] : memref<16xi32, #gpu.address_space<workgroup>>
      %z2 = memref.load %tile[%x] : memref<16xi32, #gpu.address_space<workgroup>>
      %zz = arith.addi %z2, %s : i32
      memref.store %zz, %in[%x] : memref<16xi32>
      gpu.return
    }
  }
}

// -----

// cf.switch: a chain of tests, structured like any other branch; negative
// case values, block arguments on cases and on the default.
module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>} {
  gpu.module @kernels {
    gpu.func @switch(%in: memref<16xi32>, %out: memref<16xi32>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [16, 1, 1]>} {
      %x = gpu.thread_id x
      %u = memref.load %in[%x] : memref<16xi32>
      %c5 = arith.constant 5 : i32
      %v = arith.subi %u, %c5 : i32
      %c4 = arith.constant 4 : i32
      // k in [-3, 3]: every case and the default are taken
      %k = arith.remsi %v, %c4 : i32
      %ten = arith.constant 10 : i32
      cf.switch %k : i32, [
        default: ^bb3(%ten : i32),
        0: ^bb1,
        -1: ^bb2(%v : i32),
        2: ^bb2(%k : i32)
      ]
    ^bb1:
      %a = arith.constant 100 : i32
      cf.br ^bb4(%a : i32)
    ^bb2(%p: i32):
      %b = arith.addi %p, %c4 : i32
      cf.br ^bb4(%b : i32)
    ^bb3(%q: i32):
      %c = arith.muli %q, %v : i32
      cf.br ^bb4(%c : i32)
    ^bb4(%r: i32):
      memref.store %r, %out[%x] : memref<16xi32>
      gpu.return
    }
  }
}

// -----

// scf.if whose else yields a value from before it (the carried sum of a
// Hillis-Steele scan in workgroup memory, as bench/codegen/scan.mlir), and
// one whose then yields the loop's value and whose else computes:
// kiln compile's spirv-ssa-selection-results makes their results the merge
// block's OpPhi, and the header branches straight to the merge block for
// the case that only passes a value on.
module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>} {
  gpu.module @kernels {
    gpu.func @scan(%in: memref<16xf32>, %out: memref<32xf32>)
      workgroup(%buf : memref<16xf32, #gpu.address_space<workgroup>>)
      kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [16, 1, 1]>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c4 = arith.constant 4 : index
      %c16 = arith.constant 16 : index
      %t = gpu.thread_id x
      %v = memref.load %in[%t] : memref<16xf32>
      memref.store %v, %buf[%t] : memref<16xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %res:2 = scf.for %k = %c0 to %c4 step %c1 iter_args(%acc = %v, %off = %c1) -> (f32, index) {
        %has = arith.cmpi uge, %t, %off : index
        %sum = scf.if %has -> (f32) {
          %j = arith.subi %t, %off : index
          %x = memref.load %buf[%j] : memref<16xf32, #gpu.address_space<workgroup>>
          %s = arith.addf %acc, %x : f32
          scf.yield %s : f32
        } else {
          scf.yield %acc : f32
        }
        gpu.barrier
        memref.store %sum, %buf[%t] : memref<16xf32, #gpu.address_space<workgroup>>
        gpu.barrier
        %next = arith.muli %off, %c2 : index
        scf.yield %sum, %next : f32, index
      }
      memref.store %res#0, %out[%t] : memref<32xf32>
      %neg = arith.cmpf olt, %res#0, %v : f32
      %w = scf.if %neg -> (f32) {
        scf.yield %res#0 : f32
      } else {
        %d = arith.subf %res#0, %v : f32
        scf.yield %d : f32
      }
      %o = arith.addi %t, %c16 : index
      memref.store %w, %out[%o] : memref<32xf32>
      gpu.return
    }
  }
}
