// RUN: kiln opt %s --spirv-attach-target | FileCheck %s --check-prefix=ALL
// RUN: kiln opt %s --spirv-attach-target='module=^k[0-9] ver=v1.3 caps=Shader,GroupNonUniform exts=SPV_KHR_storage_buffer_storage_class client_api=Vulkan vendor=NVIDIA device_type=DiscreteGPU device_id=7' | FileCheck %s --check-prefix=SOME
// RUN: kiln opt %s --spirv-attach-target='module=^k1' --spirv-attach-target='module=^k1' | FileCheck %s --check-prefix=TWICE
// RUN: not kiln opt %s --spirv-attach-target='ver=v9.0' 2>&1 | FileCheck %s --check-prefix=BADVER
// RUN: not kiln opt %s --spirv-attach-target='caps=Shader,Shdaer' 2>&1 | FileCheck %s --check-prefix=BADCAP
// RUN: not kiln opt %s --spirv-attach-target='exts=SPV_KHR_nonesuch' 2>&1 | FileCheck %s --check-prefix=BADEXT
// RUN: not kiln opt %s --spirv-attach-target='vendor=Nvidia' 2>&1 | FileCheck %s --check-prefix=BADVENDOR
// RUN: not kiln opt %s --spirv-attach-target='device_id=-1' 2>&1 | FileCheck %s --check-prefix=BADID
// RUN: not kiln opt %s --spirv-attach-target='module=k(' 2>&1 | FileCheck %s --check-prefix=BADRE
// RUN: not kiln opt %s --spirv-attach-target='client_api=GL' 2>&1 | FileCheck %s --check-prefix=BADAPI
// RUN: not kiln opt %s --spirv-attach-target='device_type=NPU' 2>&1 | FileCheck %s --check-prefix=BADTYPE

// Without options every gpu.module, nested ones too, gets SPIR-V 1.0 with
// no capabilities; targets already there stay first.
// ALL: gpu.module @k1 [#spirv.target_env<#spirv.vce<v1.0, [], []>, #spirv.resource_limits<>>]
// ALL: gpu.module @k2 [#spirv.target_env<#spirv.vce<v1.0, [Kernel], []>, #spirv.resource_limits<>>, #spirv.target_env<#spirv.vce<v1.0, [], []>, #spirv.resource_limits<>>]
// ALL: gpu.module @other [#spirv.target_env<#spirv.vce<v1.0, [], []>, #spirv.resource_limits<>>]

// The regex picks the modules; the options fill the target environment.
// SOME: gpu.module @k1 [#spirv.target_env<#spirv.vce<v1.3, [Shader, GroupNonUniform], [SPV_KHR_storage_buffer_storage_class]>, api=Vulkan, NVIDIA:DiscreteGPU:7, #spirv.resource_limits<>>]
// SOME: gpu.module @k2 [#spirv.target_env<#spirv.vce<v1.0, [Kernel], []>, #spirv.resource_limits<>>, #spirv.target_env<#spirv.vce<v1.3,
// SOME: gpu.module @other {

// A target already last is not added again.
// TWICE: gpu.module @k1 [#spirv.target_env<#spirv.vce<v1.0, [], []>, #spirv.resource_limits<>>] {

// A bad value is refused as the pipeline is parsed, located on it.
// BADVER: pass pipeline:1:25: error: spirv-attach-target: unknown ver 'v9.0'
// BADCAP: pass pipeline:1:26: error: spirv-attach-target: unknown capability 'Shdaer'
// BADEXT: pass pipeline:1:26: error: spirv-attach-target: unknown extension 'SPV_KHR_nonesuch'
// BADVENDOR: pass pipeline:1:28: error: spirv-attach-target: unknown vendor 'Nvidia'
// BADID: error: for the --device_id option: '-1' value invalid for uint argument!
// BADRE: pass pipeline:1:28: error: spirv-attach-target: invalid module regex 'k('
// BADAPI: pass pipeline:1:32: error: spirv-attach-target: unknown client_api 'GL'
// BADTYPE: pass pipeline:1:33: error: spirv-attach-target: unknown device_type 'NPU'

module attributes {gpu.container_module} {
  gpu.module @k1 {
  }
  gpu.module @k2 [#spirv.target_env<#spirv.vce<v1.0, [Kernel], []>, #spirv.resource_limits<>>] {
  }
  builtin.module {
    gpu.module @other {
    }
  }
}
