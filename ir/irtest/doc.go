// Package irtest runs MLIR-style test files and checks expected
// diagnostics, with the conventions of MLIR's own tests:
//
//	// RUN: kiln opt %s --canonicalize | FileCheck %s
//	// CHECK: arith.addi
//	// -----
//	// expected-error @+1 {{'arith.addi' op operand #1 ...}}
//
// RUN lines run through bash with %s replaced by the file, so the checks
// are done by LLVM's FileCheck binary (FileCheck, FileCheck-16 or
// FileCheck-14 from Debian's llvm-N-tools), just as a user would run them.
// VerifyDiagnostics implements --verify-diagnostics for `kiln opt`.
package irtest
