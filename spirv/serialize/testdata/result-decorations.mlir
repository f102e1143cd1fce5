// RUN: kiln translate --no-implicit-module --split-input-file --test-spirv-roundtrip %s | FileCheck %s
// RUN: rm -rf %t && mkdir %t
// RUN: kiln translate --no-implicit-module --split-input-file --serialize-spirv --spirv-save-validation-files-with-prefix=%t/m %s > /dev/null
// RUN: spirv-val %t/m_0.spv && spirv-val %t/m_1.spv && spirv-val %t/m_2.spv && spirv-val %t/m_3.spv && spirv-val %t/m_4.spv

// Decorations of op results, functions and parameters come from the ops'
// discardable attributes and the parameters' spirv.decoration, as in MLIR.

spirv.module Logical OpenCL requires #spirv.vce<v1.0, [Kernel, Linkage, Float16], [SPV_KHR_no_integer_wrap_decoration]> {
  // CHECK-LABEL: spirv.func @results
  spirv.func @results(%i: i32, %f: f32) -> f16 "None" {
    // CHECK: spirv.IAdd %{{.*}}, %{{.*}} {no_signed_wrap, no_unsigned_wrap} : i32
    %0 = spirv.IAdd %i, %i {no_signed_wrap, no_unsigned_wrap} : i32
    // CHECK: spirv.FAdd %{{.*}}, %{{.*}} {fp_fast_math_mode = #spirv.fastmath_mode<NotNaN|NotInf|NSZ>} : f32
    %1 = spirv.FAdd %f, %f {fp_fast_math_mode = #spirv.fastmath_mode<NotNaN|NotInf|NSZ>} : f32
    // CHECK: spirv.FConvert %{{.*}} {fp_rounding_mode = #spirv.fp_rounding_mode<RTN>} : f32 to f16
    %3 = spirv.FConvert %1 {fp_rounding_mode = #spirv.fp_rounding_mode<RTN>} : f32 to f16
    spirv.ReturnValue %3 : f16
  }
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Linkage], []> {
  // CHECK: spirv.func @relaxed(%{{.*}}: !spirv.ptr<f32, Function> {spirv.decoration = #spirv.decoration<RelaxedPrecision>}) "None" attributes {relaxed_precision}
  spirv.func @relaxed(%p: !spirv.ptr<f32, Function> {spirv.decoration = #spirv.decoration<RelaxedPrecision>}) "None" attributes {relaxed_precision} {
    %f = spirv.Load "Function" %p : f32
    // CHECK: spirv.FMul %{{.*}}, %{{.*}} {no_contraction} : f32
    %0 = spirv.FMul %f, %f {no_contraction} : f32
    spirv.Store "Function" %p, %0 : f32
    spirv.Return
  }
}

// -----

spirv.module PhysicalStorageBuffer64 GLSL450 requires #spirv.vce<v1.5, [Shader, PhysicalStorageBufferAddresses, Linkage], [SPV_KHR_physical_storage_buffer]> {
  // CHECK: spirv.func @psb(%{{.*}}: !spirv.ptr<i32, PhysicalStorageBuffer> {spirv.decoration = #spirv.decoration<Restrict>}, %{{.*}}: !spirv.ptr<!spirv.ptr<i32, PhysicalStorageBuffer>, Function> {spirv.decoration = #spirv.decoration<AliasedPointer>}) -> i32 "None"
  spirv.func @psb(%p: !spirv.ptr<i32, PhysicalStorageBuffer> {spirv.decoration = #spirv.decoration<Restrict>},
                  %q: !spirv.ptr<!spirv.ptr<i32, PhysicalStorageBuffer>, Function> {spirv.decoration = #spirv.decoration<AliasedPointer>}) -> i32 "None" {
    %0 = spirv.Load "PhysicalStorageBuffer" %p ["Aligned", 4] : i32
    spirv.ReturnValue %0 : i32
  }
}

// -----

// Decorations whose operand is an id are OpDecorateId of the symbol's id.
spirv.module Physical64 OpenCL requires #spirv.vce<v1.2, [Kernel, Addresses, Linkage], []> {
  // CHECK: spirv.SpecConstant @align = 16 : i32
  spirv.SpecConstant @align = 16 : i32
  // CHECK: spirv.GlobalVariable @var {alignment_id = @align} : !spirv.ptr<f32, CrossWorkgroup>
  spirv.GlobalVariable @var {alignment_id = @align} : !spirv.ptr<f32, CrossWorkgroup>
}

// -----

// SPV_AMD_weak_linkage's linkage type, which MLIR spells Weak.
spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Linkage, WeakLinkageAMD], [SPV_AMD_weak_linkage]> {
  // CHECK: spirv.GlobalVariable @weak_var {linkage_attributes = #spirv.linkage_attributes<linkage_name = "weak_var", linkage_type = <Weak>>} : !spirv.ptr<i32, Private>
  spirv.GlobalVariable @weak_var {linkage_attributes = #spirv.linkage_attributes<linkage_name = "weak_var", linkage_type = <Weak>>} : !spirv.ptr<i32, Private>
}
