// RUN: kiln translate --no-implicit-module --test-spirv-roundtrip %s | FileCheck %s
// RUN: rm -rf %t && mkdir %t
// RUN: kiln translate --no-implicit-module --serialize-spirv --spirv-save-validation-files-with-prefix=%t/m %s > /dev/null
// RUN: spirv-val %t/m_0.spv

// SPIR-V has no symbol visibility: as MLIR's serializer, Kiln writes a
// private spirv.func as any other and the binary reads back without
// sym_visibility.
spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader, Linkage], []> {
  // CHECK: spirv.func @helper(%{{.*}}: i32) -> i32 "Pure" {
  spirv.func @helper(%a: i32) -> i32 "Pure" attributes {sym_visibility = "private"} {
    spirv.ReturnValue %a : i32
  }
  // CHECK: spirv.func @caller(%{{.*}}: i32) -> i32 "None" {
  // CHECK-NEXT: spirv.FunctionCall @helper(%{{.*}}) : (i32) -> i32
  spirv.func @caller(%a: i32) -> i32 "None" {
    %r = spirv.FunctionCall @helper(%a) : (i32) -> i32
    spirv.ReturnValue %r : i32
  }
}
