// RUN: rm -rf %t
// RUN: kiln opt %s -mlir-print-ir-tree-dir=%t -pass-pipeline='builtin.module(builtin.module(func.func(cse,canonicalize)))' -mlir-print-ir-after-all -mlir-disable-threading -o /dev/null
// RUN: cat %t/builtin_module_top/builtin_module_middle/func_func_func1/0_0_0_cse.mlir | FileCheck %s --check-prefix=CSE1
// RUN: cat %t/builtin_module_top/builtin_module_middle/func_func_func1/0_0_1_canonicalize.mlir | FileCheck %s --check-prefix=CANON1
// RUN: cat %t/builtin_module_top/builtin_module_middle/func_func_func2/0_0_0_cse.mlir | FileCheck %s --check-prefix=CSE2
// RUN: cat %t/builtin_module_top/builtin_module_middle/func_func_a_b/0_0_0_cse.mlir | FileCheck %s --check-prefix=SLASH
// RUN: cat %t/builtin_module_top/builtin_module_no-symbol-name/func_func_f3/0_0_0_cse.mlir | FileCheck %s --check-prefix=NONAME
// RUN: rm -rf %t
// RUN: kiln opt %s -mlir-print-ir-tree-dir=%t -pass-pipeline='builtin.module(builtin.module(func.func(cse,canonicalize)))' -mlir-print-ir-before=canonicalize -o /dev/null 2>&1 | FileCheck %s --allow-empty --check-prefix=QUIET
// RUN: cat %t/builtin_module_top/builtin_module_middle/func_func_func2/0_0_0_canonicalize.mlir | FileCheck %s --check-prefix=BEFORE2
// A dump that cannot be written is reported, as MLIR's, and the run goes on.
// RUN: kiln opt %s -mlir-print-ir-tree-dir=%s/sub -pass-pipeline='builtin.module(builtin.module(func.func(cse)))' -mlir-print-ir-after-all -mlir-disable-threading -o /dev/null 2>&1 | FileCheck %s --check-prefix=NODIR
// NODIR: Error while creating directory {{[^ ]*}}print-ir-tree-dir.mlir: not a directory{{$}}

// One directory per op from the top-level module down, named by op and
// symbol; one file per dump, named by the dump counts of those ops and the
// pass; nothing goes to stderr.
// CSE1:      // -----// IR Dump After CSE: cse //----- //
// CSE1-NEXT: func.func @func1() {
// CANON1:    // -----// IR Dump After Canonicalizer: canonicalize{
// CANON1-NEXT: func.func @func1() {
// CSE2:      func.func @func2() {
// A slash in a symbol name becomes '_'; an op without one is
// no-symbol-name.
// SLASH:     func.func @"a/b"() {
// NONAME:    func.func @f3() {
// QUIET-NOT: IR Dump
// BEFORE2:   // -----// IR Dump Before Canonicalizer: canonicalize{
// BEFORE2-NEXT: func.func @func2() {

builtin.module @top {
  builtin.module @middle {
    func.func @func1() {
      return
    }
    func.func @func2() {
      return
    }
    func.func @"a/b"() {
      return
    }
  }
  builtin.module {
    func.func @f3() {
      return
    }
  }
}
