// RUN: not kiln opt %s --arith-emulate-unsupported-floats="source-types=bf16 target-type=i32" 2>&1 | FileCheck %s --check-prefix=TARGET
// RUN: not kiln opt %s --arith-emulate-unsupported-floats="source-types=bf16,vector<4xf16>" 2>&1 | FileCheck %s --check-prefix=SOURCE
// RUN: not kiln opt %s --arith-emulate-unsupported-floats="source-types=f16,f32" 2>&1 | FileCheck %s --check-prefix=SAME
// RUN: not kiln opt %s --arith-emulate-wide-int="widest-int-supported=48" 2>&1 | FileCheck %s --check-prefix=WIDTH

// TARGET: error: could not map target type 'i32' to a known floating-point type
// SOURCE: error: could not map source type 'vector<4xf16>' to a known floating-point type
// SAME: error: target type cannot be an unsupported source type
// WIDTH: error: {{.*}}widest-int-supported must be a power of two no less than 2, got 48
func.func @f(%a: bf16) -> bf16 {
  return %a : bf16
}
