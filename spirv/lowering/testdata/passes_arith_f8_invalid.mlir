// RUN: kiln opt %s --convert-arith-to-spirv=emulate-unsupported-float-types=false --verify-diagnostics

// Without emulate-unsupported-float-types an 8-bit float has no SPIR-V type.
module attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Int8], []>, #spirv.resource_limits<>>} {
  func.func @refused() -> f8E5M2 {
    // expected-error @+1 {{failed to legalize operation 'arith.constant' that was explicitly marked illegal: type f8E5M2 is a float format SPIR-V cannot express}}
    %0 = arith.constant 1.0 : f8E5M2
    return %0 : f8E5M2
  }
}
