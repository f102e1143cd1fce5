// RUN: kiln opt %s --decorate-spirv-composite-type-layout --split-input-file --verify-diagnostics

// A struct that holds a pointer to itself has no Vulkan layout: the pass
// reports the type, then the variable it could not convert, as MLIR does.
spirv.module Physical64 GLSL450 {
  // expected-error @+2 {{failed to decorate (unsuported pointee type: '!spirv.struct<node, (f32, !spirv.ptr<!spirv.struct<node>, StorageBuffer>)>')}}
  // expected-error @+1 {{failed to legalize operation 'spirv.GlobalVariable'}}
  spirv.GlobalVariable @list bind(0, 0) : !spirv.ptr<!spirv.struct<node, (f32, !spirv.ptr<!spirv.struct<node>, StorageBuffer>)>, StorageBuffer>
}
