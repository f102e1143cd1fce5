// RUN: kiln opt %s --convert-func-to-spirv | FileCheck %s

// As MLIR's FuncOpConversion, the spirv.func keeps every attribute of the
// func.func but its name and type: a private function stays private.
module attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader], []>, #spirv.resource_limits<>>} {
  // CHECK: spirv.func @helper(%{{.*}}: i32) -> i32 "None" attributes {sym_visibility = "private"} {
  func.func private @helper(%a: i32) -> i32 {
    return %a : i32
  }
  // CHECK: spirv.func @caller(%{{.*}}: i32) -> i32 "None" {
  func.func @caller(%a: i32) -> i32 {
    %r = call @helper(%a) : (i32) -> i32
    return %r : i32
  }
}
