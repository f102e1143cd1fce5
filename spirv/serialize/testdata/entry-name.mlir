// RUN: kiln translate --deserialize-spirv "$(dirname %s)/spvasm/entry-name.spv" | FileCheck %s

// A function without OpName that is an entry point takes its OpEntryPoint
// name (spvasm/entry-name.spvasm); another keeps spirv_fn_<id>.

// CHECK: spirv.func @[[HELPER:spirv_fn_[0-9]+]]() "None"
// CHECK: spirv.func @main() "None"
// CHECK-NEXT: spirv.FunctionCall @[[HELPER]]() : () -> ()
// CHECK: spirv.EntryPoint "GLCompute" @main
