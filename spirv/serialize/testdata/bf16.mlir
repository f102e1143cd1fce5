// RUN: kiln translate --no-implicit-module --test-spirv-roundtrip %s | FileCheck %s
// RUN: rm -rf %t && mkdir %t
// RUN: kiln translate --no-implicit-module --serialize-spirv --spirv-save-validation-files-with-prefix=%t/m %s > /dev/null
// RUN: spirv-val %t/m_0.spv

// SPV_KHR_bfloat16: bf16 is OpTypeFloat 16 BFloat16KHR; its constants are
// the upper half of an f32, rounded to nearest even.
spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [StorageBuffer16BitAccess, Shader, BFloat16TypeKHR, Linkage], [SPV_KHR_bfloat16, SPV_KHR_16bit_storage, SPV_KHR_storage_buffer_storage_class]> {
  // CHECK-LABEL: spirv.func @bf16
  // CHECK-SAME: (%{{.*}}: !spirv.ptr<bf16, StorageBuffer>) -> bf16
  spirv.func @bf16(%p : !spirv.ptr<bf16, StorageBuffer>) -> bf16 "None" {
    // CHECK-NEXT: %[[V:.*]] = spirv.Load "StorageBuffer" %{{.*}} : bf16
    %v = spirv.Load "StorageBuffer" %p : bf16
    // CHECK-NEXT: %[[C:.*]] = spirv.Constant -3.140630e+00 : bf16
    %c = spirv.Constant -3.14159 : bf16
    // CHECK-NEXT: spirv.Store "StorageBuffer" %{{.*}}, %[[C]] : bf16
    spirv.Store "StorageBuffer" %p, %c : bf16
    // CHECK-NEXT: spirv.ReturnValue %[[V]] : bf16
    spirv.ReturnValue %v : bf16
  }
}
