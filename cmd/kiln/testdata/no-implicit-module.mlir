// RUN: kiln opt --no-implicit-module --canonicalize %s | FileCheck %s
// RUN: not kiln opt --no-implicit-module --pass-pipeline='builtin.module(canonicalize)' %s 2>&1 | FileCheck %s --check-prefix=ANCHOR
// RUN: printf 'func.func private @a()\nfunc.func private @b()\n' | not kiln opt --no-implicit-module - 2>&1 | FileCheck %s --check-prefix=TWO

// The one top-level op is printed as it is, without a module around it,
// and passes given as flags run on it.
// CHECK-NOT: module {
// CHECK: spirv.module Logical GLSL450 {
// CHECK: %[[C:.*]] = spirv.Constant 2 : i32
// CHECK-NEXT: spirv.ReturnValue %[[C]] : i32

// ANCHOR: error: 'spirv.module' op can't run 'builtin.module' pass manager on 'spirv.module' op
// TWO: <stdin>:1:1: error: source must contain a single top-level operation, found: 2
spirv.module Logical GLSL450 {
  spirv.func @f() -> i32 "None" {
    %0 = spirv.Constant 1 : i32
    %1 = spirv.IAdd %0, %0 : i32
    spirv.ReturnValue %1 : i32
  }
}
