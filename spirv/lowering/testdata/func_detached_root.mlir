// RUN: kiln opt --no-implicit-module --convert-func-to-spirv --verify-diagnostics %s

// A function parsed as the top-level op has no block to be replaced in:
// convert-func-to-spirv refuses it up front (as MLIR does since
// llvm-project PR 185068) instead of converting the root away.

// expected-error @below {{'convert-func-to-spirv' pass requires the target operation to be nested in a block}}
func.func @lonely(%x: i32) -> i32 {
  return %x : i32
}
