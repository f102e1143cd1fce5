// RUN: kiln opt %s --split-input-file --verify-diagnostics

spirv.module Logical GLSL450 {
  spirv.func @f(%a: f32) "None" {
    // expected-error @+1 {{'spirv.IAdd' op operand #0 must be 8/16/32/64-bit integer or vector of 8/16/32/64-bit integer values of length 2/3/4/8/16, but got 'f32'}}
    %0 = spirv.IAdd %a, %a : f32
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 {
  spirv.func @f(%a: i32) "None" {
    // expected-error @+1 {{'spirv.FAdd' op operand #0 must be 16/32/64-bit float}}
    %0 = spirv.FAdd %a, %a : i32
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 {
  spirv.func @f(%a: i32) "None" {
    // expected-error @+1 {{'spirv.SConvert' op expected the different bit widths for operand type and result type, but provided 'i32' and 'i32'}}
    %0 = spirv.SConvert %a : i32 to i32
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 {
  spirv.func @f(%a: f32) "None" {
    // expected-error @+1 {{'spirv.Bitcast' op mismatch in result type bitwidth 64 and operand type bitwidth 32}}
    %0 = spirv.Bitcast %a : f32 to i64
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 {
  spirv.func @f(%p: !spirv.ptr<f32, Function>) "None" {
    // expected-error @+1 {{'spirv.Load' op missing alignment value}}
    %0 = "spirv.Load"(%p) {memory_access = #spirv.memory_access<Aligned>} : (!spirv.ptr<f32, Function>) -> f32
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 {
  spirv.func @f(%p: !spirv.ptr<f32, Function>) "None" {
    // expected-error @+1 {{'spirv.Load' op mismatch in result type and pointer type}}
    %0 = "spirv.Load"(%p) : (!spirv.ptr<f32, Function>) -> i32
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 {
  spirv.func @f(%p: !spirv.ptr<!spirv.struct<(f32, i32)>, Function>, %i: i32) "None" {
    // expected-error @+1 {{'spirv.AccessChain' op index must be an integer spirv.Constant to access element of spirv.struct}}
    %0 = spirv.AccessChain %p[%i] : !spirv.ptr<!spirv.struct<(f32, i32)>, Function>, i32
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 {
  spirv.func @f(%p: !spirv.ptr<!spirv.struct<(f32, i32)>, Function>) "None" {
    %c = spirv.Constant 2 : i32
    // expected-error @+1 {{'spirv.AccessChain' op index 2 out of bounds for '!spirv.struct<(f32, i32)>'}}
    %0 = spirv.AccessChain %p[%c] : !spirv.ptr<!spirv.struct<(f32, i32)>, Function>, i32
    spirv.Return
  }
}

// -----

// spirv.InBoundsAccessChain checks its indices as spirv.AccessChain does.
spirv.module Logical GLSL450 {
  spirv.func @f(%p: !spirv.ptr<!spirv.struct<(f32, i32)>, Function>, %i: i32) "None" {
    // expected-error @+1 {{'spirv.InBoundsAccessChain' op index must be an integer spirv.Constant to access element of spirv.struct}}
    %0 = spirv.InBoundsAccessChain %p[%i] : !spirv.ptr<!spirv.struct<(f32, i32)>, Function>, i32
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 {
  spirv.func @f(%p: !spirv.ptr<!spirv.array<4 x f32>, Function>, %i: i32) "None" {
    // expected-error @+1 {{'spirv.InBoundsAccessChain' op result type !spirv.ptr<i32, Function> does not match the access chain's !spirv.ptr<f32, Function>}}
    %0 = spirv.InBoundsAccessChain %p[%i] : !spirv.ptr<!spirv.array<4 x f32>, Function>, i32 -> !spirv.ptr<i32, Function>
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 {
  spirv.func @f(%v: vector<3xf32>) "None" {
    // expected-error @+1 {{index 3 out of bounds for 'vector<3xf32>'}}
    %0 = spirv.CompositeExtract %v[3 : i32] : vector<3xf32>
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 {
  spirv.func @f(%p: !spirv.ptr<f32, StorageBuffer>, %v: f32) "None" {
    // expected-error @+1 {{'spirv.AtomicIAdd' op operand #1 must be 8/16/32/64-bit integer, but got 'f32'}}
    %0 = spirv.AtomicIAdd "Device" "None" %p, %v : !spirv.ptr<f32, StorageBuffer>
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 {
  spirv.func @f(%p: !spirv.ptr<i64, StorageBuffer>, %v: i32, %c: i32) "None" {
    // expected-error @+1 {{'spirv.AtomicCompareExchange' op failed to verify that `result` type matches pointee type of `pointer`}}
    %0 = "spirv.AtomicCompareExchange"(%p, %v, %c) {memory_scope = #spirv.scope<Workgroup>, equal_semantics = #spirv.memory_semantics<None>, unequal_semantics = #spirv.memory_semantics<None>} : (!spirv.ptr<i64, StorageBuffer>, i32, i32) -> i32
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 {
  spirv.func @f(%p: !spirv.ptr<i32, StorageBuffer>, %v: i32) "None" {
    // expected-error @+1 {{expected at most one of these four memory constraints to be set}}
    %0 = spirv.AtomicIAdd "Device" "Acquire|Release" %p, %v : !spirv.ptr<i32, StorageBuffer>
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 {
  spirv.func @f(%v: i32) "None" {
    // expected-error @+1 {{'spirv.GroupNonUniformIAdd' op cluster size operand must be provided for 'ClusteredReduce' group operation}}
    %0 = spirv.GroupNonUniformIAdd "Subgroup" "ClusteredReduce" %v : i32
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 {
  spirv.func @f(%v: i32) "None" {
    // expected-error @+1 {{'spirv.GroupNonUniformIAdd' op execution scope must be 'Workgroup' or 'Subgroup'}}
    %0 = spirv.GroupNonUniformIAdd "Device" "Reduce" %v : i32
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 {
  spirv.func @f() -> i32 "None" {
    // expected-error @+1 {{'spirv.Return' op cannot be used in functions returning value}}
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 {
  spirv.func @f(%c: i1) "None" {
    // expected-error @+1 {{'spirv.BranchConditional' op branch weights cannot both be zero}}
    spirv.BranchConditional %c [0, 0], ^bb1, ^bb1
  ^bb1:
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 {
  // expected-error @+1 {{'spirv.GlobalVariable' op storage class cannot be 'Function'}}
  spirv.GlobalVariable @v : !spirv.ptr<f32, Function>
}

// -----

spirv.module Logical GLSL450 {
  spirv.func @f() "None" {
    // expected-error @+1 {{'spirv.Variable' op can only be used to model function-level variables}}
    %0 = spirv.Variable : !spirv.ptr<f32, Workgroup>
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 {
  spirv.func @f() "None" {
    spirv.Return
  }
  // expected-error @+1 {{'spirv.EntryPoint' op function 'g' not found in 'spirv.module'}}
  spirv.EntryPoint "GLCompute" @g
}

// -----

spirv.module Logical GLSL450 {
  spirv.func @f(%a: i32) "None" {
    // expected-error @+1 {{'spirv.FunctionCall' op operand type mismatch: expected operand type 'f32', but provided 'i32' for operand number 0}}
    spirv.FunctionCall @g(%a) : (i32) -> ()
    spirv.Return
  }
  spirv.func @g(%a: f32) "None" {
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 {
  spirv.func @f() "None" {
    // expected-error @+1 {{'spirv.mlir.merge' op expected parent op to be 'spirv.mlir.selection' or 'spirv.mlir.loop'}}
    spirv.mlir.merge
  }
}

// -----

spirv.module Logical GLSL450 {
  spirv.func @f() "None" {
    // expected-error @+1 {{'spirv.Constant' op result type ('i64') does not match value type ('i32')}}
    %0 = "spirv.Constant"() {value = 1 : i32} : () -> i64
    spirv.Return
  }
}

// -----

// expected-error @+1 {{unknown storage class: Nowhere}}
spirv.GlobalVariable @v : !spirv.ptr<f32, Nowhere>

// -----

// expected-error @+1 {{expected array length greater than 0}}
spirv.GlobalVariable @v : !spirv.ptr<!spirv.array<0 x f32>, Private>

// -----

// expected-error @+1 {{recursive struct reference not nested in struct definition}}
spirv.GlobalVariable @v : !spirv.ptr<!spirv.struct<s>, Private>

// -----

// expected-error @+1 {{unknown capability: NoSuchCapability}}
spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [NoSuchCapability], []> {
}

// -----

spirv.module Logical GLSL450 {
  // expected-error @+1 {{invalid function_control attribute specification: "Sometimes"}}
  spirv.func @f() "Sometimes" {
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 {
  spirv.func @f(%c: i1) "None" {
    // expected-error @+1 {{'spirv.mlir.loop' op entry block must only have one 'spirv.Branch' op}}
    spirv.mlir.loop {
      %0 = spirv.Constant 0 : i32
      spirv.Branch ^bb1
    ^bb1:
      spirv.BranchConditional %c, ^bb1, ^bb2
    ^bb2:
      spirv.mlir.merge
    }
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 {
  spirv.func @f(%c: i1) "None" {
    spirv.mlir.selection {
      spirv.BranchConditional %c, ^bb1, ^bb2
    ^bb1:
      // expected-error @+1 {{'spirv.mlir.merge' op can only be used in the last block of 'spirv.mlir.selection' or 'spirv.mlir.loop'}}
      spirv.mlir.merge
    ^bb2:
      spirv.mlir.merge
    }
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 {
  spirv.func @f(%b: vector<4xi32>) "None" {
    // expected-error @+1 {{execution_scope must be Scope of value Subgroup}}
    %0 = spirv.GroupNonUniformBallotBitCount <Workgroup> <Reduce> %b : vector<4xi32> -> i32
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 {
  spirv.func @f(%b: vector<4xi32>) "None" {
    // expected-error @+1 {{group_operation must be one of Reduce, InclusiveScan or ExclusiveScan}}
    %0 = spirv.GroupNonUniformBallotBitCount <Subgroup> <ClusteredReduce> %b : vector<4xi32> -> i32
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 {
  spirv.func @f(%v: f32, %id: vector<4xi32>) "None" {
    // expected-error @+1 {{localid is a vector and can be with only  2 or 3 components, actual number is 4}}
    %0 = spirv.GroupBroadcast <Workgroup> %v, %id : f32, vector<4xi32>
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 {
  spirv.func @f(%v: i32) "None" {
    // expected-error @+1 {{execution scope must be 'Workgroup' or 'Subgroup'}}
    %0 = spirv.GroupIAdd <Device> <Reduce> %v : i32
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 {
  spirv.func @f(%img: !spirv.image<f32, Dim2D, NoDepth, Arrayed, SingleSampled, NoSampler, Unknown>) "None" {
    // expected-error @+1 {{expected the result to have 3 component(s), but found 2 component(s)}}
    %0 = spirv.ImageQuerySize %img : !spirv.image<f32, Dim2D, NoDepth, Arrayed, SingleSampled, NoSampler, Unknown> -> vector<2xi32>
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 {
  spirv.func @f(%si: !spirv.sampled_image<!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>>, %c: vector<2xf32>) "None" {
    // expected-error @+1 {{either Lod or Grad image operands must be present}}
    %0 = spirv.ImageSampleExplicitLod %si, %c : !spirv.sampled_image<!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>>, vector<2xf32> -> vector<4xf32>
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 {
  spirv.func @f(%si: !spirv.sampled_image<!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>>, %c: vector<2xf32>, %l: f32) "None" {
    // expected-error @+1 {{Bias operand requires 1 argument}}
    %0 = spirv.ImageSampleImplicitLod %si, %c ["Bias"] : !spirv.sampled_image<!spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>>, vector<2xf32> -> vector<4xf32>
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 {
  spirv.func @f(%img: !spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>, %c: vector<2xsi32>) "None" {
    // expected-error @+1 {{the sampled operand of the underlying image must be SamplerUnknown or NoSampler}}
    %0 = spirv.ImageRead %img, %c : !spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NeedSampler, Unknown>, vector<2xsi32> -> vector<4xf32>
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 {
  spirv.func @f(%img: !spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NoSampler, Rgba8>, %c: vector<2xsi32>, %t: vector<4xi32>) "None" {
    // expected-error @+1 {{the texel component type must match the image sampled type}}
    spirv.ImageWrite %img, %c, %t : !spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NoSampler, Rgba8>, vector<2xsi32>, vector<4xi32>
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 {
  spirv.func @f(%a: vector<4xf32>, %b: vector<2xf32>) "None" {
    // expected-error @+1 {{component selector 7 out of range: expected to be in [0, 6) or 0xffffffff}}
    %0 = spirv.VectorShuffle [1 : i32, 7 : i32] %a, %b : vector<4xf32>, vector<2xf32> -> vector<2xf32>
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 {
  spirv.func @f(%v: f32, %d: i32) "None" {
    %three = spirv.Constant 3 : i32
    // expected-error @+1 {{cluster size operand must be a power of two}}
    %0 = spirv.GroupNonUniformRotateKHR <Subgroup> %v, %d, cluster_size(%three) : f32, i32, i32 -> f32
    spirv.Return
  }
}

// -----

func.func @f(%p: !spirv.ptr<f32, StorageBuffer>) {
  // expected-error @+1 {{'spirv.PtrCastToGeneric' op pointer must point to the Workgroup, CrossWorkgroup, or Function Storage Class}}
  %0 = spirv.PtrCastToGeneric %p : !spirv.ptr<f32, StorageBuffer> to !spirv.ptr<f32, Generic>
  return
}

// -----

func.func @f(%p: !spirv.ptr<f32, Generic>) {
  // expected-error @+1 {{'spirv.GenericCastToPtr' op result must point to the Workgroup, CrossWorkgroup, or Function Storage Class}}
  %0 = spirv.GenericCastToPtr %p : !spirv.ptr<f32, Generic> to !spirv.ptr<f32, Uniform>
  return
}

// -----

func.func @f(%p: !spirv.ptr<f32, Generic>) {
  // expected-error @+1 {{'spirv.GenericCastToPtrExplicit' op pointer operand's pointee type must have the same as the op result type, but found f32 vs i32}}
  %0 = spirv.GenericCastToPtrExplicit %p : !spirv.ptr<f32, Generic> to !spirv.ptr<i32, Workgroup>
  return
}

// -----

func.func @f(%m: !spirv.coopmatrix<8x16xf32, Subgroup, MatrixAcc>) {
  // expected-error @+1 {{'spirv.FConvert' op incompatible operand and result types}}
  %0 = spirv.FConvert %m : !spirv.coopmatrix<8x16xf32, Subgroup, MatrixAcc> to !spirv.NV.coopmatrix<8x16xf64, Subgroup>
  return
}

// -----

spirv.func @f(%a: !spirv.coopmatrix<8x16xi32, Subgroup, MatrixA>, %b: !spirv.coopmatrix<16x4xi32, Subgroup, MatrixB>, %c: !spirv.coopmatrix<4x4xi32, Subgroup, MatrixAcc>) "None" {
  // expected-error @+1 {{'spirv.KHR.CooperativeMatrixMulAdd' op matrix size mismatch on dimension 'M'}}
  %r = spirv.KHR.CooperativeMatrixMulAdd %a, %b, %c : !spirv.coopmatrix<8x16xi32, Subgroup, MatrixA>, !spirv.coopmatrix<16x4xi32, Subgroup, MatrixB> -> !spirv.coopmatrix<4x4xi32, Subgroup, MatrixAcc>
  spirv.Return
}

// -----

spirv.func @f(%p: !spirv.ptr<i32, StorageBuffer>, %s: i32) "None" {
  // expected-error @+1 {{'spirv.KHR.CooperativeMatrixLoad' op has unhandled memory operand 'Aligned'}}
  %0 = spirv.KHR.CooperativeMatrixLoad %p, %s, <RowMajor>, <Aligned> : !spirv.ptr<i32, StorageBuffer>, i32 -> !spirv.coopmatrix<8x16xi32, Subgroup, MatrixA>
  spirv.Return
}

// -----

spirv.func @f(%m: !spirv.coopmatrix<2x2xf32, Subgroup, MatrixA>, %s: f16) "None" {
  // expected-error @+1 {{'spirv.MatrixTimesScalar' op failed to verify that all of {matrix, scalar} have same element type}}
  %0 = spirv.MatrixTimesScalar %m, %s : !spirv.coopmatrix<2x2xf32, Subgroup, MatrixA>, f16
  spirv.Return
}

// -----

spirv.func @f(%m: !spirv.matrix<3 x vector<2xf32>>, %s: f64) "None" {
  // expected-error @+1 {{'spirv.MatrixTimesScalar' op failed to verify that all of {matrix, scalar} have same element type}}
  %0 = spirv.MatrixTimesScalar %m, %s : !spirv.matrix<3 x vector<2xf32>>, f64
  spirv.Return
}

// -----

spirv.func @f(%m: !spirv.matrix<3 x vector<2xf32>>, %s: f32) "None" {
  // expected-error @+1 {{'spirv.MatrixTimesScalar' op failed to verify that all of {matrix, result} have same type}}
  %0 = "spirv.MatrixTimesScalar"(%m, %s) : (!spirv.matrix<3 x vector<2xf32>>, f32) -> !spirv.matrix<2 x vector<3xf32>>
  spirv.Return
}

// -----

spirv.func @f(%m: !spirv.matrix<3 x vector<4xf32>>) "None" {
  // expected-error @+1 {{'spirv.Transpose' op failed to verify that matrix rows count matches result columns count}}
  %0 = spirv.Transpose %m : !spirv.matrix<3 x vector<4xf32>> -> !spirv.matrix<3 x vector<3xf32>>
  spirv.Return
}

// -----

spirv.func @f(%m: !spirv.matrix<3 x vector<4xf32>>) "None" {
  // expected-error @+1 {{'spirv.Transpose' op failed to verify that matrix columns count matches result rows count}}
  %0 = spirv.Transpose %m : !spirv.matrix<3 x vector<4xf32>> -> !spirv.matrix<4 x vector<4xf32>>
  spirv.Return
}

// -----

spirv.func @f(%m: !spirv.matrix<3 x vector<4xf32>>) "None" {
  // expected-error @+1 {{'spirv.Transpose' op failed to verify that all of {matrix, result} have same element type}}
  %0 = spirv.Transpose %m : !spirv.matrix<3 x vector<4xf32>> -> !spirv.matrix<4 x vector<3xf16>>
  spirv.Return
}

// -----

spirv.func @f(%a: !spirv.matrix<3 x vector<2xf32>>, %b: !spirv.matrix<2 x vector<2xf32>>) "None" {
  // expected-error @+1 {{'spirv.MatrixTimesMatrix' op failed to verify that leftmatrix columns count matches rightmatrix rows count}}
  %0 = spirv.MatrixTimesMatrix %a, %b : !spirv.matrix<3 x vector<2xf32>>, !spirv.matrix<2 x vector<2xf32>> -> !spirv.matrix<2 x vector<2xf32>>
  spirv.Return
}

// -----

spirv.func @f(%a: !spirv.matrix<3 x vector<2xf32>>, %b: !spirv.matrix<2 x vector<3xf32>>) "None" {
  // expected-error @+1 {{'spirv.MatrixTimesMatrix' op failed to verify that rightmatrix columns count matches result columns count}}
  %0 = spirv.MatrixTimesMatrix %a, %b : !spirv.matrix<3 x vector<2xf32>>, !spirv.matrix<2 x vector<3xf32>> -> !spirv.matrix<3 x vector<2xf32>>
  spirv.Return
}

// -----

spirv.func @f(%a: !spirv.matrix<3 x vector<2xf32>>, %b: !spirv.matrix<2 x vector<3xf32>>) "None" {
  // expected-error @+1 {{'spirv.MatrixTimesMatrix' op failed to verify that leftmatrix rows count matches result rows count}}
  %0 = spirv.MatrixTimesMatrix %a, %b : !spirv.matrix<3 x vector<2xf32>>, !spirv.matrix<2 x vector<3xf32>> -> !spirv.matrix<2 x vector<3xf32>>
  spirv.Return
}

// -----

spirv.func @f(%a: !spirv.matrix<3 x vector<3xf64>>, %b: !spirv.matrix<3 x vector<3xf32>>) "None" {
  // expected-error @+1 {{'spirv.MatrixTimesMatrix' op failed to verify that all of {leftmatrix, rightmatrix, result} have same element type}}
  %0 = spirv.MatrixTimesMatrix %a, %b : !spirv.matrix<3 x vector<3xf64>>, !spirv.matrix<3 x vector<3xf32>> -> !spirv.matrix<3 x vector<3xf32>>
  spirv.Return
}

// -----

spirv.func @f(%m: !spirv.matrix<4 x vector<3xf16>>, %v: vector<4xf32>) "None" {
  // expected-error @+1 {{'spirv.MatrixTimesVector' op failed to verify that all of {matrix, result} have same element type}}
  %0 = spirv.MatrixTimesVector %m, %v : !spirv.matrix<4 x vector<3xf16>>, vector<4xf32> -> vector<3xf32>
  spirv.Return
}

// -----

spirv.func @f(%m: !spirv.matrix<4 x vector<3xf32>>, %v: vector<3xf32>) "None" {
  // expected-error @+1 {{'spirv.MatrixTimesVector' op failed to verify that matrix columns count matches vector elements count}}
  %0 = spirv.MatrixTimesVector %m, %v : !spirv.matrix<4 x vector<3xf32>>, vector<3xf32> -> vector<3xf32>
  spirv.Return
}

// -----

spirv.func @f(%m: !spirv.matrix<4 x vector<3xf32>>, %v: vector<4xf32>) "None" {
  // expected-error @+1 {{'spirv.MatrixTimesVector' op failed to verify that matrix rows count matches result elements count}}
  %0 = spirv.MatrixTimesVector %m, %v : !spirv.matrix<4 x vector<3xf32>>, vector<4xf32> -> vector<4xf32>
  spirv.Return
}

// -----

spirv.func @f(%v: vector<3xf16>, %m: !spirv.matrix<4 x vector<3xf32>>) "None" {
  // expected-error @+1 {{'spirv.VectorTimesMatrix' op failed to verify that all of {vector, result} have same element type}}
  %0 = spirv.VectorTimesMatrix %v, %m : vector<3xf16>, !spirv.matrix<4 x vector<3xf32>> -> vector<4xf32>
  spirv.Return
}

// -----

spirv.func @f(%v: vector<4xf32>, %m: !spirv.matrix<4 x vector<3xf32>>) "None" {
  // expected-error @+1 {{'spirv.VectorTimesMatrix' op failed to verify that matrix rows count matches vector elements count}}
  %0 = spirv.VectorTimesMatrix %v, %m : vector<4xf32>, !spirv.matrix<4 x vector<3xf32>> -> vector<3xf32>
  spirv.Return
}

// -----

spirv.func @f(%v: vector<3xf32>, %m: !spirv.matrix<4 x vector<3xf32>>) "None" {
  // expected-error @+1 {{'spirv.VectorTimesMatrix' op failed to verify that matrix columns count matches result elements count}}
  %0 = spirv.VectorTimesMatrix %v, %m : vector<3xf32>, !spirv.matrix<4 x vector<3xf32>> -> vector<3xf32>
  spirv.Return
}

// -----

spirv.func @f(%a: vector<2xf32>) "None" {
  // expected-error @+1 {{'spirv.INTEL.ConvertFToBF16' op operand and result must have same number of elements}}
  %0 = spirv.INTEL.ConvertFToBF16 %a : vector<2xf32> to vector<4xi16>
  spirv.Return
}

// -----

spirv.func @f(%a: i16) "None" {
  // expected-error @+1 {{'spirv.INTEL.ConvertBF16ToF' op result #0 must be Float32 or vector of Float32 values of length 2/3/4/8/16, but got 'f16'}}
  %0 = spirv.INTEL.ConvertBF16ToF %a : i16 to f16
  spirv.Return
}

// -----

spirv.func @f() "None" {
  // expected-error @+1 {{expected '<'}}
  spirv.INTEL.ControlBarrierWait <Workgroup>, <Device> <Acquire>
  spirv.Return
}

// -----

func.func @f() {
  // expected-error @+1 {{'spirv.mlir.loop' op second to last block must be the loop continue block that branches to the loop header block}}
  spirv.mlir.loop {
    spirv.Branch ^header
  ^header:
    spirv.Branch ^continue
  ^continue:
    spirv.Branch ^merge
  ^merge:
    spirv.mlir.merge
  }
  return
}

// -----

spirv.module Logical GLSL450 {
  spirv.func @f(%p: !spirv.ptr<i32, Generic>) "None" {
    // expected-error @+1 {{operand must be a physical pointer}}
    %0 = spirv.ConvertPtrToU %p : !spirv.ptr<i32, Generic> to i32
    spirv.Return
  }
}

// -----

spirv.module PhysicalStorageBuffer64 OpenCL {
  spirv.func @f(%a: i64) "None" {
    // expected-error @+1 {{result must be a physical pointer}}
    %0 = spirv.ConvertUToPtr %a : i64 to !spirv.ptr<i32, CrossWorkgroup>
    spirv.Return
  }
}

// -----

spirv.func @f(%a: vector<3xf32>, %b: vector<3xf32>) "None" {
  // expected-error @+1 {{'spirv.Dot' op failed to verify that all of {vector1, result} have same element type}}
  %0 = spirv.Dot %a, %b : vector<3xf32> -> f16
  spirv.Return
}

// -----

spirv.func @f(%a: i32, %b: i32) "None" {
  // expected-error @+1 {{'spirv.FunctionCall' op result group starting at #0 requires 0 or 1 element, but found 2}}
  %0:2 = spirv.FunctionCall @f(%a, %b) : (i32, i32) -> (i32, i32)
  spirv.Return
}

// -----

spirv.func @f(%a: f64) "None" {
  // expected-error @+1 {{'spirv.GL.Sin' op operand #0 must be 16/32-bit float or vector of 16/32-bit float values of length 2/3/4/8/16, but got 'f64'}}
  %0 = spirv.GL.Sin %a : f64
  spirv.Return
}

// -----

spirv.func @f(%a: vector<5xf32>) "None" {
  // expected-error @+1 {{'spirv.CL.fabs' op operand #0 must be 16/32/64-bit float or vector of 16/32/64-bit float values of length 2/3/4/8/16, but got 'vector<5xf32>'}}
  %0 = spirv.CL.fabs %a : vector<5xf32>
  spirv.Return
}

// -----

spirv.func @f(%a: i64) "None" {
  // expected-error @+1 {{'spirv.GL.FindUMsb' op operand #0 must be Int32 or vector of Int32 values of length 2/3/4/8/16, but got 'i64'}}
  %0 = spirv.GL.FindUMsb %a : i64
  spirv.Return
}

// -----

spirv.func @f(%a: vector<3xf32>, %e: vector<2xi32>) "None" {
  // expected-error @+1 {{'spirv.GL.Ldexp' op operands must have the same number of elements}}
  %0 = spirv.GL.Ldexp %a : vector<3xf32>, %e : vector<2xi32> -> vector<3xf32>
  spirv.Return
}

// -----

spirv.func @f(%a: vector<3xf32>) "None" {
  // expected-error @+1 {{'spirv.GL.FrexpStruct' op member one of the resulting struct type must have the same number of components as the operand type}}
  %0 = spirv.GL.FrexpStruct %a : vector<3xf32> -> !spirv.struct<(vector<3xf32>, vector<2xi32>)>
  spirv.Return
}

// -----

spirv.func @f(%a: f32) "None" {
  // expected-error @+1 {{expected non-function type}}
  %0 = spirv.GL.Exp %a :
  spirv.Return
}

// -----

spirv.func @f(%p: i1) "None" {
  // expected-error @+1 {{'spirv.GroupNonUniformBallot' op result #0 must be vector of 8/16/32/64-bit signless/unsigned integer values of length 4, but got 'vector<4xsi32>'}}
  %0 = spirv.GroupNonUniformBallot <Subgroup> %p : vector<4xsi32>
  spirv.Return
}

// -----

spirv.func @f(%v: f32, %id: i32) "None" {
  // expected-error @+1 {{'spirv.GroupNonUniformBroadcast' op id must be the result of a constant op}}
  %0 = spirv.GroupNonUniformBroadcast <Subgroup> %v, %id : f32, i32
  spirv.Return
}

// -----

spirv.func @f(%v: f32, %id: si32) "None" {
  // expected-error @+1 {{'spirv.GroupNonUniformShuffleXor' op second operand must be a singless/unsigned integer}}
  %0 = spirv.GroupNonUniformShuffleXor <Subgroup> %v, %id : f32, si32
  spirv.Return
}

// -----

spirv.func @f(%v: i32) "None" {
  %c = spirv.Constant 6 : i32
  // expected-error @+1 {{'spirv.GroupNonUniformIAdd' op cluster size operand must be a power of two}}
  %0 = spirv.GroupNonUniformIAdd "Subgroup" "ClusteredReduce" %v cluster_size(%c) : i32
  spirv.Return
}

// -----

spirv.func @f(%a: !spirv.NV.coopmatrix<8x16xui8, Subgroup>, %b: !spirv.NV.coopmatrix<16x8xsi32, Subgroup>, %c: !spirv.NV.coopmatrix<8x8xi32, Subgroup>) "None" {
  // expected-error @+1 {{'spirv.NV.CooperativeMatrixMulAdd' op matrix A and B integer element types must be the same bit width}}
  %r = spirv.NV.CooperativeMatrixMulAdd %a, %b, %c : !spirv.NV.coopmatrix<8x16xui8, Subgroup>, !spirv.NV.coopmatrix<16x8xsi32, Subgroup> -> !spirv.NV.coopmatrix<8x8xi32, Subgroup>
  spirv.Return
}

// -----

spirv.func @f(%p: !spirv.ptr<i32, Function>, %s: i32, %b: i1) "None" {
  // expected-error @+1 {{Pointer storage class must be Workgroup, StorageBuffer or PhysicalStorageBufferEXT but provided Function}}
  %0 = spirv.NV.CooperativeMatrixLoad %p, %s, %b : !spirv.ptr<i32, Function> as !spirv.NV.coopmatrix<8x16xi32, Subgroup>
  spirv.Return
}

// -----

func.func @f() {
  // expected-error @+1 {{expected block name}}
  spirv.Branch
}

// -----

// expected-error @+1 {{found unsupported 'spirv.something' attribute on region argument}}
func.func @f(%arg: i32 {spirv.something}) {
  return
}

// -----

// expected-error @+1 {{cannot attach SPIR-V attributes to region result}}
func.func @f() -> (i32 {spirv.something}) {
  %0 = spirv.Constant 1 : i32
  return %0 : i32
}

// -----

// expected-error @+1 {{'spirv.interface_var_abi' attribute cannot specify storage class when attaching to a non-scalar value}}
func.func @f(%arg0: memref<4xf32> {spirv.interface_var_abi = #spirv.interface_var_abi<(0, 1), Uniform>}) {
  return
}

// -----

func.func @f(
  // expected-error @+1 {{missing binding}}
  %arg0: f32 {spirv.interface_var_abi = #spirv.interface_var_abi<(1,)>}
) {
  return
}

// -----

func.func @f() attributes {
  // expected-error @+2 {{failed to parse SPIRV_EntryPointABIAttr parameter 'workgroup_size' which is to be a `DenseI32ArrayAttr`}}
  // expected-error @+1 {{expected '['}}
  spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = 64>
} {
  return
}

// -----

// expected-error @+1 {{unbalanced '(' character in pretty dialect name}}
func.func private @f(!spirv.struct<(f32 0])>) -> ()

// -----

// expected-error @+1 {{unbalanced '<' character in pretty dialect name}}
func.func private @f(!spirv.matrix< 3 x vector<3xf32>) -> ()

// -----

spirv.func @f(%p: !spirv.ptr<i32, StorageBuffer>) "None" {
  // expected-error @+1 {{'spirv.INTEL.SubgroupBlockRead' op mismatch in result type and pointer type}}
  %0 = spirv.INTEL.SubgroupBlockRead %p : !spirv.ptr<i32, StorageBuffer> -> vector<2xf32>
  spirv.Return
}

// -----

spirv.func @f(%p: !spirv.ptr<i32, StorageBuffer>, %v: vector<2xi32>) "None" {
  // expected-error @+1 {{custom op 'spirv.INTEL.SubgroupBlockWrite' invalid storage_class attribute specification: "Bogus"}}
  spirv.INTEL.SubgroupBlockWrite "Bogus" %p, %v : vector<2xi32>
  spirv.Return
}

// -----

spirv.func @f(%v: vector<2xi32>) "None" {
  // expected-error @+1 {{expected a storage class string before a pointer defined later}}
  spirv.INTEL.SubgroupBlockWrite %later, %v : vector<2xi32>
  spirv.Return
}

// -----

spirv.func @f() "None" {
  %x = spirv.Constant 1 : i32
  // expected-error @+1 {{'spirv.EmitVertex' op requires zero operands}}
  "spirv.EmitVertex"(%x) : (i32) -> ()
  spirv.Return
}

// -----

spirv.func @f() "None" {
  // expected-error @+1 {{cannot name an operation with no results}}
  %0 = spirv.EndPrimitive
  spirv.Return
}

// -----

spirv.func @f(%fmt: !spirv.ptr<i8, UniformConstant>) "None" {
  // expected-error @+1 {{'spirv.CL.printf' op result #0 must be Int32, but got 'i64'}}
  %0 = spirv.CL.printf %fmt : !spirv.ptr<i8, UniformConstant> -> i64
  spirv.Return
}

// -----

spirv.func @f(%fmt: i32) "None" {
  // expected-error @+1 {{'spirv.CL.printf' op operand #0 must be any SPIR-V pointer type, but got 'i32'}}
  %0 = spirv.CL.printf %fmt : i32 -> i32
  spirv.Return
}

// -----

spirv.func @f(%img: !spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NoSampler, Rgba8>, %xy: vector<2xsi32>) "None" {
  // expected-error @+1 {{expected ','}}
  spirv.ImageWrite %img : !spirv.image<f32, Dim2D, NoDepth, NonArrayed, SingleSampled, NoSampler, Rgba8>, %xy : vector<2xsi32>
  spirv.Return
}

// -----

spirv.func @f(%p: !spirv.ptr<i32, Function>, %s: i32) "None" {
  // expected-error @+1 {{Pointer storage class must be Workgroup or CrossWorkgroup but provided Function}}
  %0 = spirv.INTEL.JointMatrixLoad <Subgroup> <RowMajor> %p, %s : (!spirv.ptr<i32, Function>, i32) -> !spirv.jointmatrix<8x16xi32, RowMajor, Subgroup>
  spirv.Return
}

// -----

spirv.func @f(%a: !spirv.jointmatrix<8x16xf32, RowMajor, Subgroup>, %b: !spirv.jointmatrix<16x8xi32, RowMajor, Subgroup>, %c: !spirv.jointmatrix<8x8xi32, RowMajor, Subgroup>) "None" {
  // expected-error @+1 {{'spirv.INTEL.JointMatrixMad' op matrix element type must match}}
  %r = spirv.INTEL.JointMatrixMad <Subgroup> %a, %b, %c : !spirv.jointmatrix<8x16xf32, RowMajor, Subgroup>, !spirv.jointmatrix<16x8xi32, RowMajor, Subgroup> -> !spirv.jointmatrix<8x8xi32, RowMajor, Subgroup>
  spirv.Return
}

// -----

spirv.func @f() "None" {
  // expected-error @+1 {{'spirv.INTEL.JointMatrixWorkItemLength' op attribute 'joint_matrix_type' failed to satisfy constraint: type attribute of any SPIR-V joint matrix type}}
  %0 = spirv.INTEL.JointMatrixWorkItemLength : i32
  spirv.Return
}

// -----

spirv.func @f(%p: !spirv.ptr<i32, Workgroup>, %s: i32) "None" {
  // expected-error @+1 {{expected 2 types, got 1}}
  %0 = spirv.INTEL.JointMatrixLoad <Subgroup> <RowMajor> %p, %s : (!spirv.ptr<i32, Workgroup>) -> !spirv.jointmatrix<8x16xi32, RowMajor, Subgroup>
  spirv.Return
}

// -----

spirv.func @f(%p: !spirv.ptr<i32, Workgroup>, %s: i32) "None" {
  // expected-error @+1 {{unknown attribute: 'Diagonal'}}
  %0 = spirv.INTEL.JointMatrixLoad <Subgroup> <Diagonal> %p, %s : (!spirv.ptr<i32, Workgroup>, i32) -> !spirv.jointmatrix<8x16xi32, RowMajor, Subgroup>
  spirv.Return
}

// -----

func.func @f(%a: i32, %p: !spirv.ptr<i32, Workgroup>) {
  // expected-error @+1 {{'spirv.EXT.EmitMeshTasks' op payload must be a variable with a storage class of TaskPayloadWorkgroupEXT}}
  spirv.EXT.EmitMeshTasks %a, %a, %a, %p : i32, i32, i32, !spirv.ptr<i32, Workgroup>
}

// -----

func.func @f(%a: i32, %b: i64) {
  // expected-error @+1 {{'spirv.EXT.EmitMeshTasks' op operand #1 must be 32-bit signless or unsigned integer, but got 'i64'}}
  spirv.EXT.EmitMeshTasks %a, %b, %a : i32, i64, i32
}

// -----

func.func @f(%a: i32, %p: i32) {
  // expected-error @+1 {{'spirv.EXT.EmitMeshTasks' op operand #3 must be any SPIR-V pointer type, but got 'i32'}}
  spirv.EXT.EmitMeshTasks %a, %a, %a, %p : i32, i32, i32, i32
}

// -----

func.func @f(%a: i32) {
  // expected-error @+1 {{'spirv.EXT.EmitMeshTasks' op must be the last operation in the parent block}}
  spirv.EXT.EmitMeshTasks %a, %a, %a : i32, i32, i32
  spirv.Return
}

// -----

spirv.func @f(%a: si32) "None" {
  // expected-error @+1 {{'spirv.EXT.SetMeshOutputs' op operand #0 must be 32-bit signless or unsigned integer, but got 'si32'}}
  spirv.EXT.SetMeshOutputs %a, %a : si32, si32
  spirv.Return
}

// -----

spirv.func @f(%a: i32) "None" {
  // expected-error @+1 {{expected ','}}
  spirv.EXT.SetMeshOutputs %a : i32
  spirv.Return
}

// -----

spirv.func @f() "None" {
  // expected-error @+1 {{'spirv.EXT.ConstantCompositeReplicate' op expected value attribute type 'i32', but got: 'f32'}}
  %0 = spirv.EXT.ConstantCompositeReplicate [1.0 : f32] : vector<2xi32>
  spirv.Return
}

// -----

spirv.func @f() "None" {
  // expected-error @+1 {{'spirv.EXT.ConstantCompositeReplicate' op expected value attribute type '!spirv.array<3 x i32>' or 'i32', but got: 'vector<3xi32>'}}
  %0 = spirv.EXT.ConstantCompositeReplicate [dense<1> : vector<3xi32>] : !spirv.array<2 x !spirv.array<3 x i32>>
  spirv.Return
}

// -----

spirv.func @f() "None" {
  // expected-error @+1 {{'spirv.EXT.ConstantCompositeReplicate' op result type must be a composite type, but provided 'i32'}}
  %0 = spirv.EXT.ConstantCompositeReplicate [1 : i32] : i32
  spirv.Return
}

// -----

spirv.func @f() "None" {
  // expected-error @+1 {{expected ']'}}
  %0 = spirv.EXT.ConstantCompositeReplicate [1 : i32 : vector<2xi32>
  spirv.Return
}

// -----

spirv.module Logical GLSL450 {
  spirv.SpecConstant @sc = 1 : i32
  // expected-error @+1 {{'spirv.EXT.SpecConstantCompositeReplicate' op constituent has incorrect type: expected 'f32', but provided 'i32'}}
  spirv.EXT.SpecConstantCompositeReplicate @scc (@sc) : vector<2xf32>
}

// -----

spirv.module Logical GLSL450 {
  // expected-error @+1 {{'spirv.EXT.SpecConstantCompositeReplicate' op splat spec constant reference defining constituent not found}}
  spirv.EXT.SpecConstantCompositeReplicate @scc (@missing) : vector<2xi32>
}

// -----

spirv.module Logical GLSL450 {
  spirv.GlobalVariable @v : !spirv.ptr<i32, Private>
  // expected-error @+1 {{'spirv.EXT.SpecConstantCompositeReplicate' op constituent is not a spec constant}}
  spirv.EXT.SpecConstantCompositeReplicate @scc (@v) : vector<2xi32>
}

// -----

spirv.module Logical GLSL450 {
  spirv.SpecConstant @sc = 1 : i32
  // expected-error @+1 {{'spirv.EXT.SpecConstantCompositeReplicate' op result type must be a composite type, but provided 'i32'}}
  spirv.EXT.SpecConstantCompositeReplicate @scc (@sc) : i32
}

// -----

func.func @f() {
  // expected-error @+1 {{'spirv.EXT.SpecConstantCompositeReplicate' op failed to verify that op must appear in a module-like op's block}}
  spirv.EXT.SpecConstantCompositeReplicate @scc (@sc) : vector<2xi32>
  return
}

// -----

spirv.module Logical GLSL450 {
  spirv.func @f(%c: i1, %x: i32) "None" {
    %r = spirv.mlir.loop -> i32 {
      spirv.Branch ^bb1
    ^bb1:
      spirv.BranchConditional %c, ^bb2, ^bb3
    ^bb2:
      spirv.Branch ^bb1
    ^bb3:
      // expected-error @+1 {{'spirv.mlir.merge' op expects 1 operand(s), one per result of the parent, got 0}}
      spirv.mlir.merge
    }
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 {
  spirv.func @f(%c: i1, %x: i32) "None" {
    %r = spirv.mlir.loop -> f32 {
      spirv.Branch ^bb1
    ^bb1:
      spirv.BranchConditional %c, ^bb2, ^bb3
    ^bb2:
      spirv.Branch ^bb1
    ^bb3:
      // expected-error @+1 {{'spirv.mlir.merge' op operand types (i32) differ from the parent's result types (f32)}}
      spirv.mlir.merge %x : i32
    }
    spirv.Return
  }
}

// -----

spirv.func @f(%c: vector<4xi1>, %a: vector<3xi32>) "None" {
  // expected-error @+1 {{'spirv.Select' op result should have the same number of elements as the condition when condition is of vector type}}
  %0 = spirv.Select %c, %a, %a : vector<4xi1>, vector<3xi32>
  spirv.Return
}

// -----

spirv.func @f(%c: vector<3xi1>, %a: i32) "None" {
  // expected-error @+1 {{'spirv.Select' op result expected to be of vector type when condition is of vector type}}
  %0 = spirv.Select %c, %a, %a : vector<3xi1>, i32
  spirv.Return
}

// -----

spirv.func @f(%c: i1, %a: vector<3xf32>, %b: vector<3xi32>) "None" {
  // expected-error @+1 {{'spirv.Select' op failed to verify that all of {true_value, false_value, result} have same type}}
  %0 = "spirv.Select"(%c, %a, %b) : (i1, vector<3xf32>, vector<3xi32>) -> vector<3xi32>
  spirv.Return
}

// -----

spirv.func @f(%a: i32, %b: i16) "None" {
  // expected-error @+1 {{'spirv.ShiftLeftLogical' op failed to verify that all of {operand1, result} have same type}}
  %0 = "spirv.ShiftLeftLogical"(%a, %b) : (i32, i16) -> i16
  spirv.Return
}

// -----

spirv.func @f(%a: vector<4xi32>, %b: vector<2xi32>) "None" {
  // expected-error @+1 {{'spirv.ShiftRightLogical' op requires the same shape for all operands and results}}
  %0 = spirv.ShiftRightLogical %a, %b : vector<4xi32>, vector<2xi32>
  spirv.Return
}

// -----

spirv.func @f(%a: vector<3xi32>, %o: i32, %c: i16) "None" {
  // expected-error @+1 {{'spirv.BitFieldUExtract' op failed to verify that all of {base, result} have same type}}
  %0 = "spirv.BitFieldUExtract"(%a, %o, %c) : (vector<3xi32>, i32, i16) -> vector<4xi32>
  spirv.Return
}

// -----

spirv.func @f(%a: vector<3xi32>, %i: vector<2xi32>, %o: i32, %c: i16) "None" {
  // expected-error @+1 {{'spirv.BitFieldInsert' op failed to verify that all of {base, insert, result} have same type}}
  %0 = "spirv.BitFieldInsert"(%a, %i, %o, %c) : (vector<3xi32>, vector<2xi32>, i32, i16) -> vector<3xi32>
  spirv.Return
}

// -----

spirv.func @f(%a: f32) "None" {
  // expected-error @+1 {{'spirv.KHR.Expect' op operand #0 must be 8/16/32/64-bit integer or bool or vector of 8/16/32/64-bit integer or bool values of length 2/3/4/8/16, but got 'f32'}}
  %0 = spirv.KHR.Expect %a, %a : f32
  spirv.Return
}

// -----

spirv.func @f(%a: i32, %b: i64) "None" {
  // expected-error @+1 {{'spirv.KHR.Expect' op failed to verify that all of {value, expectedValue, result} have same type}}
  %0 = "spirv.KHR.Expect"(%a, %b) : (i32, i64) -> i32
  spirv.Return
}

// -----

spirv.func @f(%a: f32) "None" {
  // expected-note @-1 {{prior use here}}
  // expected-error @+1 {{use of value '%a' expects different type than prior uses: 'i1' vs 'f32'}}
  spirv.KHR.AssumeTrue %a
  spirv.Return
}

// -----

// expected-error @+1 {{'spirv.func' op with physical buffer pointer must be decorated either 'Aliased' or 'Restrict'}}
spirv.func @f(%p: !spirv.ptr<i32, PhysicalStorageBuffer> {spirv.decoration = #spirv.decoration<AliasedPointer>}) "None" {
  spirv.Return
}

// -----

// expected-error @+1 {{'spirv.func' op with physical buffer pointer must be decorated either 'Aliased' or 'Restrict'}}
spirv.func @f(%p: !spirv.ptr<!spirv.array<2 x !spirv.ptr<i32, PhysicalStorageBuffer>>, PhysicalStorageBuffer>) "None" {
  spirv.Return
}

// -----

// expected-error @+1 {{'spirv.func' op with a pointer points to a physical buffer pointer must be decorated either 'AliasedPointer' or 'RestrictPointer'}}
spirv.func @f(%p: !spirv.ptr<!spirv.ptr<i32, PhysicalStorageBuffer>, Function> {spirv.decoration = #spirv.decoration<Aliased>}) "None" {
  spirv.Return
}

// -----

// expected-error @+1 {{'spirv.func' op arguments may only have dialect attributes}}
spirv.func @f(%a: i32 {plain = 1 : i32}) "None" {
  spirv.Return
}

// -----

// expected-error @+1 {{'spirv.func' op type of entry block argument #0('f64') must match the type of the corresponding argument in function signature('f32')}}
spirv.func @f(f32) "None" {
^bb0(%a: f64):
  spirv.Return
}

// -----

spirv.module Logical GLSL450 {
  spirv.SpecConstant @x = 8 : i32
  // expected-error @+1 {{'spirv.ExecutionModeId' op function 'main' not found in 'spirv.module'}}
  spirv.ExecutionModeId @main "LocalSizeId", @x, @x, @x
}

// -----

spirv.module Logical GLSL450 {
  spirv.func @main() "None" {
    spirv.Return
  }
  // expected-error @+1 {{'spirv.ExecutionModeId' op attribute 'values' failed to satisfy constraint: symbol ref array attribute}}
  "spirv.ExecutionModeId"() {fn = @main, execution_mode = #spirv.execution_mode<LocalSizeId>, values = [1 : i32]} : () -> ()
}

// -----

spirv.func @f() "None" {
  // expected-error @+2 {{expected ::mlir::spirv::Scope to be one of: CrossDevice, Device, Workgroup, Subgroup, Invocation, QueueFamily, ShaderCallKHR}}
  // expected-error @+1 {{failed to parse SPIRV_ScopeAttr parameter 'value' which is to be a `::mlir::spirv::Scope`}}
  spirv.ControlBarrier <Galaxy>, <Device>, <Acquire|UniformMemory>
  spirv.Return
}

// -----

spirv.func @f(%n: i32) "None" {
  %nb = spirv.NamedBarrierInitialize %n : i32 -> !spirv.named_barrier
  // expected-error @+1 {{'spirv.MemoryNamedBarrier' op expected at most one of these four memory constraints to be set: `Acquire`, `Release`,`AcquireRelease` or `SequentiallyConsistent`}}
  spirv.MemoryNamedBarrier %nb, <Workgroup>, <Acquire|Release> : !spirv.named_barrier
  spirv.Return
}

// -----

spirv.func @f(%n: i16) "None" {
  // expected-error @+1 {{'spirv.NamedBarrierInitialize' op operand #0 must be Int32, but got 'i16'}}
  %nb = spirv.NamedBarrierInitialize %n : i16 -> !spirv.named_barrier
  spirv.Return
}

// -----

// expected-error @+1 {{struct is missing required parameter: resource_limits}}
module attributes {test.t = #spirv.target<vce = #spirv.vce<v1.0, [Kernel], []>>} {
}

// -----

spirv.func @f(%a: i32, %b: i32) "None" {
  // expected-error @+1 {{'spirv.SDot' op requires Packed Vector Format attribute for integer vector operands}}
  %r = spirv.SDot %a, %b : i32 -> i32
  spirv.Return
}

// -----

spirv.func @f(%a: i64, %b: i64) "None" {
  // expected-error @+1 {{'spirv.SDot' op with specified Packed Vector Format (PackedVectorFormat4x8Bit) requires integer vector operands to be 32-bits wide}}
  %r = spirv.SDot %a, %b, <PackedVectorFormat4x8Bit> : i64 -> i64
  spirv.Return
}

// -----

spirv.func @f(%a: vector<4xi8>, %b: vector<4xi8>) "None" {
  // expected-error @+1 {{'spirv.UDot' op with invalid format attribute for vector operands of type 'vector<4xi8>'}}
  %r = spirv.UDot %a, %b, <PackedVectorFormat4x8Bit> : vector<4xi8> -> i32
  spirv.Return
}

// -----

spirv.func @f(%a: i32, %b: i32) "None" {
  // expected-error @+1 {{'spirv.SDot' op result type has insufficient bit-width (16 bits) for the specified vector operand type (32 bits)}}
  %r = spirv.SDot %a, %b, <PackedVectorFormat4x8Bit> : i32 -> i16
  spirv.Return
}

// -----

spirv.func @f(%a: vector<4xi16>, %b: vector<4xi16>, %acc: i32) "None" {
  // expected-error @+1 {{'spirv.SDotAccSat' op result type has insufficient bit-width (32 bits) for the specified vector operand type (64 bits)}}
  %r = spirv.SDotAccSat %a, %b, %acc : vector<4xi16> -> i32
  spirv.Return
}

// -----

spirv.func @f(%a: i32, %b: i64) "None" {
  // expected-error @+1 {{'spirv.SUDot' op failed to verify that all of {vector1, vector2} have same type}}
  %r = "spirv.SUDot"(%a, %b) {format = #spirv.packed_vector_format<PackedVectorFormat4x8Bit>} : (i32, i64) -> i32
  spirv.Return
}

// -----

spirv.func @f(%a: i32, %b: i32, %acc: i32) "None" {
  // expected-error @+1 {{'spirv.UDotAccSat' op failed to verify that all of {accumulator, result} have same type}}
  %r = "spirv.UDotAccSat"(%a, %b, %acc) {format = #spirv.packed_vector_format<PackedVectorFormat4x8Bit>} : (i32, i32, i32) -> i64
  spirv.Return
}

// -----

spirv.func @f(%a: bf16) "None" {
  // expected-error @+1 {{'spirv.FAdd' op operand #0 must be 16/32/64-bit float or vector of 16/32/64-bit float values of length 2/3/4/8/16, but got 'bf16'}}
  %0 = spirv.FAdd %a, %a : bf16
  spirv.Return
}

// -----

spirv.func @f(%a: i32) "None" {
  // expected-error @+1 {{'spirv.IsFinite' op operand #0 must be 16/32/64-bit float or vector of 16/32/64-bit float values of length 2/3/4/8/16, but got 'i32'}}
  %0 = spirv.IsFinite %a : i32
  spirv.Return
}

// -----

spirv.func @f(%a: vector<4xi32>) "None" {
  // expected-error @+1 {{'spirv.IsNormal' op operand #0 must be 16/32/64-bit float or vector of 16/32/64-bit float values of length 2/3/4/8/16, but got 'vector<4xi32>'}}
  %0 = spirv.IsNormal %a : vector<4xi32>
  spirv.Return
}

// -----

spirv.module Logical GLSL450 {
  spirv.func @f(%a: f32) "None" {
    // expected-error @+1 {{'spirv.Switch' op operand #0 must be 8/16/32/64-bit integer, but got 'f32'}}
    spirv.Switch %a : f32, [
      default: ^bb1
    ]
  ^bb1:
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 {
  spirv.func @f(%a: i32) "None" {
    spirv.Switch %a : i32, [
      default: ^bb1,
      // expected-error @+1 {{literal is out of range for 'i32'}}
      4294967296: ^bb1
    ]
  ^bb1:
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 {
  spirv.func @f(%a: i32) "None" {
    // expected-error @+1 {{'spirv.Switch' op 'selector' type (i32) should match literals type (i64)}}
    "spirv.Switch"(%a)[^bb1, ^bb1] <{case_operand_segments = array<i32: 0>, literals = dense<1> : vector<1xi64>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
  ^bb1:
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 {
  spirv.func @f(%a: i32) "None" {
    // expected-error @+1 {{'spirv.Switch' op number of literals (2) should match number of targets (1)}}
    "spirv.Switch"(%a)[^bb1, ^bb1] <{case_operand_segments = array<i32: 0>, literals = dense<[1, 2]> : vector<2xi32>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
  ^bb1:
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 {
  spirv.func @f(%a: i32) "None" {
    // expected-error @+1 {{'spirv.Switch' op number of literals (0) should match number of targets (1)}}
    "spirv.Switch"(%a)[^bb1, ^bb1] <{case_operand_segments = array<i32: 0>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
  ^bb1:
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 {
  spirv.func @f(%a: i32) "None" {
    // expected-error @+1 {{'spirv.Switch' op successor #0 operand range is out of bounds}}
    "spirv.Switch"(%a)[^bb1, ^bb1] <{literals = dense<1> : vector<1xi32>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
  ^bb1:
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 {
  spirv.func @f() "None" {
    // expected-error @+1 {{'spirv.selection_control' must be a spirv::SelectionControlAttr}}
    "spirv.Return"() {spirv.selection_control = #spirv.loop_control<Unroll>} : () -> ()
  }
}

// -----

spirv.module Logical GLSL450 {
  spirv.func @f() "None" {
    // expected-error @+1 {{'spirv.loop_control' must be a spirv::LoopControlAttr}}
    "spirv.Return"() {spirv.loop_control = 1 : i32} : () -> ()
  }
}
