// RUN: kiln opt %s --split-input-file --convert-to-spirv=convert-gpu-modules | FileCheck %s

// The lowerings that keep MLIR's semantics where the SPIR-V instruction
// alone would not (TestKernelsOnVulkan runs them; these pin their shape).

// cmpf: each predicate its own instruction; ord and uno through IsNan
// (OpOrdered/OpUnordered are Kernel-only).
// CHECK-LABEL: spirv.func @cmpf
// CHECK: spirv.FUnordEqual
// CHECK: spirv.FUnordGreaterThan
// CHECK: spirv.FUnordNotEqual
// CHECK: %[[A:.*]] = spirv.IsNan
// CHECK: %[[B:.*]] = spirv.IsNan
// CHECK: %[[U:.*]] = spirv.LogicalOr %[[A]], %[[B]]
// CHECK: spirv.LogicalNot %[[U]]
// CHECK: spirv.IsNan
// CHECK: spirv.IsNan
// CHECK: spirv.LogicalOr
// CHECK-NOT: spirv.Ordered
// CHECK-NOT: spirv.Unordered
// CHECK: spirv.Return
module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>} {
  gpu.module @m {
    gpu.func @cmpf(%a: f32, %b: f32, %out: memref<5xi1>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [1, 1, 1]>} {
      %0 = arith.cmpf ueq, %a, %b : f32
      %1 = arith.cmpf ugt, %a, %b : f32
      %2 = arith.cmpf une, %a, %b : f32
      %3 = arith.cmpf ord, %a, %b : f32
      %4 = arith.cmpf uno, %a, %b : f32
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %c4 = arith.constant 4 : index
      memref.store %0, %out[%c0] : memref<5xi1>
      memref.store %1, %out[%c1] : memref<5xi1>
      memref.store %2, %out[%c2] : memref<5xi1>
      memref.store %3, %out[%c3] : memref<5xi1>
      memref.store %4, %out[%c4] : memref<5xi1>
      gpu.return
    }
  }
}

// -----

// Float min/max: NaN propagates through maximumf, -0 < +0 by the bits of
// equal operands; maxnumf returns the other operand of a NaN; fastmath
// drops what it rules out. remf returns a finite x for an infinite y.
// CHECK-LABEL: spirv.func @minmax
// CHECK: %[[M:.*]] = spirv.GL.FMax %[[X:.*]], %[[Y:[^ ]*]] : f32
// CHECK: %[[BITS:.*]] = spirv.BitwiseAnd
// CHECK: %[[EQ:.*]] = spirv.FOrdEqual %[[X]], %[[Y]]
// CHECK: %[[Z:.*]] = spirv.Select %[[EQ]], %{{.*}}, %[[M]]
// CHECK: %[[XN:.*]] = spirv.IsNan %[[X]]
// CHECK: %[[YN:.*]] = spirv.IsNan %[[Y]]
// CHECK: %[[S:.*]] = spirv.Select %[[XN]], %[[X]], %[[Z]]
// CHECK: spirv.Select %[[YN]], %[[Y]], %[[S]]
// CHECK: %[[N:.*]] = spirv.GL.FMin %[[X]], %[[Y]] : f32
// CHECK: %[[XN2:.*]] = spirv.IsNan %[[X]]
// CHECK: %[[YN2:.*]] = spirv.IsNan %[[Y]]
// CHECK: %[[S2:.*]] = spirv.Select %[[XN2]], %[[Y]], %[[N]]
// CHECK: spirv.Select %[[YN2]], %[[X]], %[[S2]]
// CHECK-NEXT: spirv.GL.FMax %[[X]], %[[Y]] : f32
// CHECK-NEXT: %[[R:.*]] = spirv.FRem %[[X]], %[[Y]]
// CHECK: %[[YI:.*]] = spirv.IsInf %[[Y]]
// CHECK: %[[XI:.*]] = spirv.IsInf %[[X]]
// CHECK: %[[XF:.*]] = spirv.LogicalNot %[[XI]]
// CHECK: %[[C:.*]] = spirv.LogicalAnd %[[YI]], %[[XF]]
// CHECK: spirv.Select %[[C]], %[[X]], %[[R]]
module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>} {
  gpu.module @m {
    gpu.func @minmax(%in: memref<2xf32>, %out: memref<4xf32>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [1, 1, 1]>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %x = memref.load %in[%c0] : memref<2xf32>
      %y = memref.load %in[%c1] : memref<2xf32>
      %0 = arith.maximumf %x, %y : f32
      %1 = arith.minnumf %x, %y : f32
      %2 = arith.maximumf %x, %y fastmath<nnan, nsz> : f32
      %3 = arith.remf %x, %y : f32
      memref.store %0, %out[%c0] : memref<4xf32>
      memref.store %1, %out[%c1] : memref<4xf32>
      memref.store %2, %out[%c2] : memref<4xf32>
      memref.store %3, %out[%c3] : memref<4xf32>
      gpu.return
    }
  }
}

// -----

// math.round rounds halves away from zero; math.powf handles negative and
// zero bases.
// CHECK-LABEL: spirv.func @round_pow
// CHECK: %[[ABS:.*]] = spirv.GL.FAbs %[[X:[^ ]*]] : f32
// CHECK: %[[FL:.*]] = spirv.GL.Floor %[[ABS]]
// CHECK: %[[FR:.*]] = spirv.FSub %[[ABS]], %[[FL]]
// CHECK: spirv.FOrdGreaterThanEqual %[[FR]]
// CHECK: spirv.BitwiseOr
// CHECK-NOT: spirv.GL.Round
// CHECK: spirv.FOrdLessThan %[[X]]
// CHECK: spirv.FRem
// CHECK: spirv.GL.Pow
// CHECK: spirv.ConvertFToS
// CHECK: spirv.FNegate
// CHECK: spirv.Constant 0x7FC00000 : f32
module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>} {
  gpu.module @m {
    gpu.func @round_pow(%in: memref<2xf32>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [1, 1, 1]>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %x = memref.load %in[%c0] : memref<2xf32>
      %r = math.round %x : f32
      %p = math.powf %x, %r : f32
      memref.store %p, %in[%c1] : memref<2xf32>
      gpu.return
    }
  }
}

// -----

// i8 computed in i32 stays sign-extended: loads sign-extend, a sum that
// can leave the range is sign-extended again, unsigned ops see the
// operands zero-extended, trunci sign-extends the low bits.
// CHECK-LABEL: spirv.func @narrow
// CHECK: %[[W:.*]] = spirv.Load "StorageBuffer"
// CHECK: %[[SH:.*]] = spirv.ShiftRightArithmetic %[[W]]
// CHECK: %[[MASKED:.*]] = spirv.BitwiseAnd %[[SH]]
// CHECK: %[[C24:.*]] = spirv.Constant 24 : i32
// CHECK: %[[L:.*]] = spirv.ShiftLeftLogical %[[MASKED]], %[[C24]]
// CHECK: %[[A:.*]] = spirv.ShiftRightArithmetic %[[L]], %[[C24]]
// CHECK: %[[SUM:.*]] = spirv.IAdd %[[A]], %[[A]]
// CHECK: spirv.ShiftLeftLogical %[[SUM]]
// CHECK: %[[S:.*]] = spirv.ShiftRightArithmetic
// CHECK: %[[ZA:.*]] = spirv.BitwiseAnd %[[S]]
// CHECK: %[[ZB:.*]] = spirv.BitwiseAnd %[[A]]
// CHECK: spirv.UDiv %[[ZA]], %[[ZB]]
// CHECK: spirv.ShiftRightArithmetic
// CHECK: spirv.ShiftLeftLogical %{{.*}}, %[[C:.*]] : i32, i32
// CHECK: spirv.ShiftRightArithmetic %{{.*}}, %[[C]]
module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>} {
  gpu.module @m {
    gpu.func @narrow(%in: memref<4xi8>, %out: memref<4xi32>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [1, 1, 1]>} {
      %c0 = arith.constant 0 : index
      %a = memref.load %in[%c0] : memref<4xi8>
      %s = arith.addi %a, %a : i8
      %q = arith.divui %s, %a : i8
      %w = arith.extsi %q : i8 to i32
      %x = arith.addi %w, %w : i32
      %t = arith.trunci %x : i32 to i8
      %e = arith.extsi %t : i8 to i32
      memref.store %e, %out[%c0] : memref<4xi32>
      gpu.return
    }
  }
}

// -----

// cf.cond_br in a Shader function: the blocks become the cases of a
// selection chain in a loop on a Function variable (structured control
// flow, which Vulkan requires); no conditional branch is left at the top.
// CHECK-LABEL: spirv.func @pick
// CHECK-NEXT: spirv.Variable : !spirv.ptr<i32, Function>
// CHECK: spirv.mlir.loop {
// CHECK: spirv.INotEqual
// CHECK: spirv.mlir.selection {
// CHECK: spirv.IEqual
// CHECK: spirv.Select
// CHECK: spirv.mlir.merge
// CHECK: spirv.mlir.selection {
// CHECK: spirv.mlir.selection {
// CHECK: spirv.mlir.merge
// CHECK: spirv.ReturnValue
module attributes {gpu.container_module, spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class]>, #spirv.resource_limits<>>} {
  gpu.module @m {
    func.func @pick(%c: i1, %a: i32, %b: i32) -> i32 {
      cf.cond_br %c, ^t(%a : i32), ^f
    ^t(%x: i32):
      return %x : i32
    ^f:
      return %b : i32
    }
  }
}
