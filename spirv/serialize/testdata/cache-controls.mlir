// RUN: kiln translate --no-implicit-module --split-input-file --test-spirv-roundtrip --verify-diagnostics %s | FileCheck %s

// SPV_INTEL_cache_controls: each entry of a variable's list is one
// CacheControlLoadINTEL or CacheControlStoreINTEL decoration. (Debian 12's
// spirv-val predates the extension.)

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Linkage, CacheControlsINTEL], [SPV_INTEL_cache_controls]> {
  // CHECK-LABEL: spirv.func @f
  spirv.func @f() "None" {
    // CHECK-NEXT: spirv.Variable {cache_control_load_intel = [#spirv.cache_control_load_intel<cache_level = 0, load_cache_control = Streaming>, #spirv.cache_control_load_intel<cache_level = 3, load_cache_control = ConstCached>]} : !spirv.ptr<f32, Function>
    %0 = spirv.Variable {cache_control_load_intel = [#spirv.cache_control_load_intel<cache_level = 0, load_cache_control = Streaming>, #spirv.cache_control_load_intel<cache_level = 3, load_cache_control = ConstCached>]} : !spirv.ptr<f32, Function>
    // CHECK-NEXT: spirv.Variable {cache_control_store_intel = [#spirv.cache_control_store_intel<cache_level = 1, store_cache_control = Streaming>]} : !spirv.ptr<f32, Function>
    %1 = spirv.Variable {cache_control_store_intel = [#spirv.cache_control_store_intel<cache_level = 1, store_cache_control = Streaming>]} : !spirv.ptr<f32, Function>
    spirv.Return
  }
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Linkage, CacheControlsINTEL], [SPV_INTEL_cache_controls]> {
  spirv.func @f() "None" {
    // expected-error @+1 {{'spirv.Variable' op expecting array attribute of CacheControlLoadINTEL for CacheControlLoadINTEL}}
    %0 = spirv.Variable {cache_control_load_intel = [#spirv.cache_control_store_intel<cache_level = 1, store_cache_control = Streaming>]} : !spirv.ptr<f32, Function>
    spirv.Return
  }
}
