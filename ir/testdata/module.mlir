// RUN: kiln opt %s | FileCheck %s
// RUN: kiln opt %s | kiln opt | FileCheck %s
// RUN: kiln opt %s --mlir-print-op-generic | kiln opt | FileCheck %s

// A module's visibility is a property the format leaves out: it prints as
// MLIR's prop-dict, <sym_visibility = "...">, before the attributes. The
// older <{...}> and attributes {...} spellings are accepted.

// CHECK: module @outer <sym_visibility = "private"> attributes {t.attr = true} {
module @outer <sym_visibility = "private"> attributes {t.attr = true} {
  // CHECK-NEXT: module @a <sym_visibility = "nested"> {
  module @a <{sym_visibility = "nested"}> {
  }
  // CHECK: module @b <sym_visibility = "private"> {
  module @b attributes {sym_visibility = "private"} {
  }
  // CHECK: module @c {
  module @c {
  }
}
