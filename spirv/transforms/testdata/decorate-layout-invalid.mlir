// RUN: kiln opt %s --decorate-spirv-composite-type-layout --split-input-file --verify-diagnostics
// RUN: not kiln opt %s --decorate-spirv-composite-type-layout --split-input-file 2>&1 | FileCheck %s --check-prefix=NOTE

// A struct that holds a pointer to itself has no Vulkan layout: the pass
// reports the type, then the variable it could not convert, as MLIR does.
// Both are op->emitError in MLIR: no "'name' op" prefix, and each has the
// note with the op (in generic form).
// NOTE: :[[@LINE+9]]:3: error: failed to decorate (unsuported pointee type:
// NOTE-NEXT: spirv.GlobalVariable @list
// NOTE: :[[@LINE+7]]:3: note: see current operation: "spirv.GlobalVariable"() <{binding = 0 : i32
// NOTE: :[[@LINE+6]]:3: error: failed to legalize operation 'spirv.GlobalVariable'
// NOTE-NEXT: spirv.GlobalVariable @list
// NOTE: :[[@LINE+4]]:3: note: see current operation: "spirv.GlobalVariable"() <{binding = 0 : i32
spirv.module Physical64 GLSL450 {
  // expected-error @+2 {{failed to decorate (unsuported pointee type: '!spirv.struct<node, (f32, !spirv.ptr<!spirv.struct<node>, StorageBuffer>)>')}}
  // expected-error @+1 {{failed to legalize operation 'spirv.GlobalVariable'}}
  spirv.GlobalVariable @list bind(0, 0) : !spirv.ptr<!spirv.struct<node, (f32, !spirv.ptr<!spirv.struct<node>, StorageBuffer>)>, StorageBuffer>
}
