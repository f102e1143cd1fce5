// Differential kernels for math (TestKernelsOnVulkan).

// The math ops with exact results: h = 1.25 * [-3, 7] has halves (2.5,
// 7.5, -2.5) that round and roundeven round apart, NaN at thread 3 and +inf
// at thread 12; absi of INT_MIN wraps.
module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>} {
  gpu.module @kernels {
    gpu.func @exact_math(%in: memref<16xf32>, %ints: memref<16xi32>, %out: memref<16x9xf32>, %iout: memref<16x4xi32>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [16, 1, 1]>} {
      %x = gpu.thread_id x
      %c15 = arith.constant 15 : index
      %y = arith.subi %c15, %x : index
      %f = memref.load %in[%x] : memref<16xf32>
      %g = memref.load %in[%y] : memref<16xf32>
      %xi = arith.index_cast %x : index to i32
      %i3 = arith.constant 3 : i32
      %i12 = arith.constant 12 : i32
      %nan = arith.constant 0x7FC00000 : f32
      %inf = arith.constant 0x7F800000 : f32
      %k125 = arith.constant 1.25 : f32
      %h0 = arith.mulf %f, %k125 : f32
      %is3 = arith.cmpi eq, %xi, %i3 : i32
      %h1 = arith.select %is3, %nan, %h0 : f32
      %is12 = arith.cmpi eq, %xi, %i12 : i32
      %h = arith.select %is12, %inf, %h1 : f32
      %r0 = math.absf %h : f32
      %r1 = math.ceil %h : f32
      %r2 = math.floor %h : f32
      %r3 = math.round %h : f32
      %r4 = math.roundeven %h : f32
      %r5 = math.trunc %h : f32
      %r6 = math.fma %h, %g, %f : f32
      %r7 = math.fma %f, %g, %h fastmath<fast> : f32
      %r8 = math.floor %f fastmath<nnan> : f32
      %nn = math.isnan %h : f32
      %q0 = arith.extui %nn : i1 to i32
      %ni = math.isinf %h : f32
      %q1 = arith.extui %ni : i1 to i32
      %ia = memref.load %ints[%x] : memref<16xi32>
      %i5 = arith.constant 5 : i32
      %is = arith.subi %ia, %i5 : i32
      %q2 = math.absi %is : i32
      %imin = arith.constant -2147483648 : i32
      %q3 = math.absi %imin : i32
      %j0 = arith.constant 0 : index
      memref.store %r0, %out[%x, %j0] : memref<16x9xf32>
      %j1 = arith.constant 1 : index
      memref.store %r1, %out[%x, %j1] : memref<16x9xf32>
      %j2 = arith.constant 2 : index
      memref.store %r2, %out[%x, %j2] : memref<16x9xf32>
      %j3 = arith.constant 3 : index
      memref.store %r3, %out[%x, %j3] : memref<16x9xf32>
      %j4 = arith.constant 4 : index
      memref.store %r4, %out[%x, %j4] : memref<16x9xf32>
      %j5 = arith.constant 5 : index
      memref.store %r5, %out[%x, %j5] : memref<16x9xf32>
      %j6 = arith.constant 6 : index
      memref.store %r6, %out[%x, %j6] : memref<16x9xf32>
      %j7 = arith.constant 7 : index
      memref.store %r7, %out[%x, %j7] : memref<16x9xf32>
      %j8 = arith.constant 8 : index
      memref.store %r8, %out[%x, %j8] : memref<16x9xf32>
      %k0 = arith.constant 0 : index
      memref.store %q0, %iout[%x, %k0] : memref<16x4xi32>
      %k1 = arith.constant 1 : index
      memref.store %q1, %iout[%x, %k1] : memref<16x4xi32>
      %k2 = arith.constant 2 : index
      memref.store %q2, %iout[%x, %k2] : memref<16x4xi32>
      %k3 = arith.constant 3 : index
      memref.store %q3, %iout[%x, %k3] : memref<16x4xi32>
      gpu.return
    }
  }
}

// -----

// tolerance: 1e-5
// The math ops whose Vulkan precision is a few ULPs (or derived from
// such ops), on operands inside their domains; powf of negative and zero
// bases too.
module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>} {
  gpu.module @kernels {
    gpu.func @transcendental(%in: memref<16xf32>, %out: memref<16x19xf32>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [16, 1, 1]>} {
      %x = gpu.thread_id x
      %c15 = arith.constant 15 : index
      %y = arith.subi %c15, %x : index
      %f = memref.load %in[%x] : memref<16xf32>
      %g = memref.load %in[%y] : memref<16xf32>
      %k8 = arith.constant 0.125 : f32
      %k16 = arith.constant 0.0625 : f32
      %kh = arith.constant 0.5 : f32
      %k1 = arith.constant 1.0 : f32
      %u0 = arith.mulf %f, %k8 : f32
      %u = arith.addf %u0, %k16 : f32
      %fa = math.absf %f : f32
      %p = arith.addf %fa, %kh : f32
      %q = arith.addf %p, %k1 : f32
      %s = arith.mulf %f, %kh : f32
      %r0 = math.sqrt %p : f32
      %r1 = math.rsqrt %p : f32
      %r2 = math.exp %s : f32
      %r3 = math.exp2 %s : f32
      %r4 = math.log %p : f32
      %r5 = math.log2 %p : f32
      %r6 = math.tanh %s : f32
      %r7 = math.sinh %s : f32
      %r8 = math.cosh %s : f32
      %r9 = math.atan %s : f32
      %r10 = math.asinh %s : f32
      %r11 = math.acosh %q : f32
      %r12 = math.atanh %u : f32
      %r13 = math.log1p %p : f32
      %r14 = math.expm1 %s : f32
      %r15 = math.atan2 %s, %g : f32
      %r16 = math.powf %p, %s : f32
      %gi = math.trunc %g : f32
      %r17 = math.powf %f, %gi : f32
      %r18 = math.powf %f, %u : f32
      %j0 = arith.constant 0 : index
      memref.store %r0, %out[%x, %j0] : memref<16x19xf32>
      %j1 = arith.constant 1 : index
      memref.store %r1, %out[%x, %j1] : memref<16x19xf32>
      %j2 = arith.constant 2 : index
      memref.store %r2, %out[%x, %j2] : memref<16x19xf32>
      %j3 = arith.constant 3 : index
      memref.store %r3, %out[%x, %j3] : memref<16x19xf32>
      %j4 = arith.constant 4 : index
      memref.store %r4, %out[%x, %j4] : memref<16x19xf32>
      %j5 = arith.constant 5 : index
      memref.store %r5, %out[%x, %j5] : memref<16x19xf32>
      %j6 = arith.constant 6 : index
      memref.store %r6, %out[%x, %j6] : memref<16x19xf32>
      %j7 = arith.constant 7 : index
      memref.store %r7, %out[%x, %j7] : memref<16x19xf32>
      %j8 = arith.constant 8 : index
      memref.store %r8, %out[%x, %j8] : memref<16x19xf32>
      %j9 = arith.constant 9 : index
      memref.store %r9, %out[%x, %j9] : memref<16x19xf32>
      %j10 = arith.constant 10 : index
      memref.store %r10, %out[%x, %j10] : memref<16x19xf32>
      %j11 = arith.constant 11 : index
      memref.store %r11, %out[%x, %j11] : memref<16x19xf32>
      %j12 = arith.constant 12 : index
      memref.store %r12, %out[%x, %j12] : memref<16x19xf32>
      %j13 = arith.constant 13 : index
      memref.store %r13, %out[%x, %j13] : memref<16x19xf32>
      %j14 = arith.constant 14 : index
      memref.store %r14, %out[%x, %j14] : memref<16x19xf32>
      %j15 = arith.constant 15 : index
      memref.store %r15, %out[%x, %j15] : memref<16x19xf32>
      %j16 = arith.constant 16 : index
      memref.store %r16, %out[%x, %j16] : memref<16x19xf32>
      %j17 = arith.constant 17 : index
      memref.store %r17, %out[%x, %j17] : memref<16x19xf32>
      %j18 = arith.constant 18 : index
      memref.store %r18, %out[%x, %j18] : memref<16x19xf32>
      gpu.return
    }
  }
}

// -----

// tolerance: 1e-3
// sin and cos, whose Vulkan precision is an absolute 2^-11 on [-pi, pi],
// and tan, asin and acos, whose precision derives from theirs.
module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>} {
  gpu.module @kernels {
    gpu.func @trigonometric(%in: memref<16xf32>, %out: memref<16x5xf32>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [16, 1, 1]>} {
      %x = gpu.thread_id x
      %c15 = arith.constant 15 : index
      %y = arith.subi %c15, %x : index
      %f = memref.load %in[%x] : memref<16xf32>
      %g = memref.load %in[%y] : memref<16xf32>
      %k8 = arith.constant 0.125 : f32
      %k16 = arith.constant 0.0625 : f32
      %kh = arith.constant 0.5 : f32
      %k1 = arith.constant 1.0 : f32
      %u0 = arith.mulf %f, %k8 : f32
      %u = arith.addf %u0, %k16 : f32
      %fa = math.absf %f : f32
      %p = arith.addf %fa, %kh : f32
      %q = arith.addf %p, %k1 : f32
      %s = arith.mulf %f, %kh : f32
      %r0 = math.sin %s : f32
      %r1 = math.cos %s : f32
      %r2 = math.tan %u : f32
      %r3 = math.asin %u : f32
      %r4 = math.acos %u : f32
      %j0 = arith.constant 0 : index
      memref.store %r0, %out[%x, %j0] : memref<16x5xf32>
      %j1 = arith.constant 1 : index
      memref.store %r1, %out[%x, %j1] : memref<16x5xf32>
      %j2 = arith.constant 2 : index
      memref.store %r2, %out[%x, %j2] : memref<16x5xf32>
      %j3 = arith.constant 3 : index
      memref.store %r3, %out[%x, %j3] : memref<16x5xf32>
      %j4 = arith.constant 4 : index
      memref.store %r4, %out[%x, %j4] : memref<16x5xf32>
      gpu.return
    }
  }
}

// -----

// tolerance: 1e-5
// math.erf, expanded for GLSL targets (Abramowitz and Stegun 7.1.26):
// negative, zero and positive arguments, small and in the tails.
module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>} {
  gpu.module @kernels {
    gpu.func @erf(%in: memref<16xf32>, %out: memref<16x3xf32>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [16, 1, 1]>} {
      %x = gpu.thread_id x
      %f = memref.load %in[%x] : memref<16xf32>
      %kh = arith.constant 0.5 : f32
      %k3 = arith.constant 3.0 : f32
      %s = arith.mulf %f, %kh : f32
      %w = arith.mulf %f, %k3 : f32
      %r0 = math.erf %s : f32
      %r1 = math.erf %f : f32
      %r2 = math.erf %w : f32
      %j0 = arith.constant 0 : index
      %j1 = arith.constant 1 : index
      %j2 = arith.constant 2 : index
      memref.store %r0, %out[%x, %j0] : memref<16x3xf32>
      memref.store %r1, %out[%x, %j1] : memref<16x3xf32>
      memref.store %r2, %out[%x, %j2] : memref<16x3xf32>
      gpu.return
    }
  }
}

// -----

// tolerance: 1e-5
// math.copysign on signed zeros and mixed signs, math.isfinite and
// math.isnormal on NaN, +inf and a subnormal (threads 3, 12 and 5),
// math.ctlz on 0, 1 and larger values, and math.log10 (a scaled Log).
module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>} {
  gpu.module @kernels {
    gpu.func @bits(%in: memref<16xf32>, %ints: memref<16xi32>, %out: memref<16x3xf32>, %iout: memref<16x3xi32>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [16, 1, 1]>} {
      %x = gpu.thread_id x
      %c15 = arith.constant 15 : index
      %y = arith.subi %c15, %x : index
      %f = memref.load %in[%x] : memref<16xf32>
      %g = memref.load %in[%y] : memref<16xf32>
      %xi = arith.index_cast %x : index to i32
      %i3 = arith.constant 3 : i32
      %i12 = arith.constant 12 : i32
      %nan = arith.constant 0x7FC00000 : f32
      %inf = arith.constant 0x7F800000 : f32
      %nz = arith.constant -0.0 : f32
      %is3 = arith.cmpi eq, %xi, %i3 : i32
      %h1 = arith.select %is3, %nan, %f : f32
      %is12 = arith.cmpi eq, %xi, %i12 : i32
      %h2 = arith.select %is12, %inf, %h1 : f32
      %i5 = arith.constant 5 : i32
      %sub = arith.constant 1.0e-40 : f32
      %is5 = arith.cmpi eq, %xi, %i5 : i32
      %h = arith.select %is5, %sub, %h2 : f32
      %r0 = math.copysign %f, %g : f32
      %r1 = math.copysign %g, %nz : f32
      %kh = arith.constant 0.5 : f32
      %fa = math.absf %f : f32
      %p = arith.addf %fa, %kh : f32
      %r2 = math.log10 %p : f32
      %fin = math.isfinite %h : f32
      %q0 = arith.extui %fin : i1 to i32
      %nrm = math.isnormal %h : f32
      %q2 = arith.extui %nrm : i1 to i32
      %ia = memref.load %ints[%x] : memref<16xi32>
      %sh = arith.shli %ia, %xi : i32
      %q1 = math.ctlz %sh : i32
      %j0 = arith.constant 0 : index
      %j1 = arith.constant 1 : index
      %j2 = arith.constant 2 : index
      memref.store %r0, %out[%x, %j0] : memref<16x3xf32>
      memref.store %r1, %out[%x, %j1] : memref<16x3xf32>
      memref.store %r2, %out[%x, %j2] : memref<16x3xf32>
      memref.store %q0, %iout[%x, %j0] : memref<16x3xi32>
      memref.store %q1, %iout[%x, %j1] : memref<16x3xi32>
      memref.store %q2, %iout[%x, %j2] : memref<16x3xi32>
      gpu.return
    }
  }
}

// -----

// The classification of 8-bit floats emulated as their bits (every bit
// pattern of the IEEE-like f8E5M2, f8E4M3 and f8E3M4: thread x takes x and
// x + 128), on a target without Int8, where they are computed in 32 bits.
module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>} {
  gpu.module @kernels {
    gpu.func @classify_f8(%out: memref<256x12xi32>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [128, 1, 1]>} {
      %x = gpu.thread_id x
      %c128 = arith.constant 128 : index
      %x2 = arith.addi %x, %c128 : index
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %c4 = arith.constant 4 : index
      %c5 = arith.constant 5 : index
      %c6 = arith.constant 6 : index
      %c7 = arith.constant 7 : index
      %c8 = arith.constant 8 : index
      %c9 = arith.constant 9 : index
      %c10 = arith.constant 10 : index
      %c11 = arith.constant 11 : index
      %c256 = arith.constant 256 : index
      scf.for %i = %x to %c256 step %c128 {
        %ii = arith.index_cast %i : index to i32
        %b = arith.trunci %ii : i32 to i8
        %e5 = arith.bitcast %b : i8 to f8E5M2
        %e4 = arith.bitcast %b : i8 to f8E4M3
        %e3 = arith.bitcast %b : i8 to f8E3M4
        %n5 = math.isnan %e5 : f8E5M2
        %i5 = math.isinf %e5 : f8E5M2
        %f5 = math.isfinite %e5 : f8E5M2
        %m5 = math.isnormal %e5 : f8E5M2
        %n4 = math.isnan %e4 : f8E4M3
        %i4 = math.isinf %e4 : f8E4M3
        %f4 = math.isfinite %e4 : f8E4M3
        %m4 = math.isnormal %e4 : f8E4M3
        %n3 = math.isnan %e3 : f8E3M4
        %i3 = math.isinf %e3 : f8E3M4
        %f3 = math.isfinite %e3 : f8E3M4
        %m3 = math.isnormal %e3 : f8E3M4
        %r0 = arith.extui %n5 : i1 to i32
        %r1 = arith.extui %i5 : i1 to i32
        %r2 = arith.extui %f5 : i1 to i32
        %r3 = arith.extui %m5 : i1 to i32
        %r4 = arith.extui %n4 : i1 to i32
        %r5 = arith.extui %i4 : i1 to i32
        %r6 = arith.extui %f4 : i1 to i32
        %r7 = arith.extui %m4 : i1 to i32
        %r8 = arith.extui %n3 : i1 to i32
        %r9 = arith.extui %i3 : i1 to i32
        %r10 = arith.extui %f3 : i1 to i32
        %r11 = arith.extui %m3 : i1 to i32
        memref.store %r0, %out[%i, %c0] : memref<256x12xi32>
        memref.store %r1, %out[%i, %c1] : memref<256x12xi32>
        memref.store %r2, %out[%i, %c2] : memref<256x12xi32>
        memref.store %r3, %out[%i, %c3] : memref<256x12xi32>
        memref.store %r4, %out[%i, %c4] : memref<256x12xi32>
        memref.store %r5, %out[%i, %c5] : memref<256x12xi32>
        memref.store %r6, %out[%i, %c6] : memref<256x12xi32>
        memref.store %r7, %out[%i, %c7] : memref<256x12xi32>
        memref.store %r8, %out[%i, %c8] : memref<256x12xi32>
        memref.store %r9, %out[%i, %c9] : memref<256x12xi32>
        memref.store %r10, %out[%i, %c10] : memref<256x12xi32>
        memref.store %r11, %out[%i, %c11] : memref<256x12xi32>
      }
      gpu.return
    }
  }
}
