// RUN: kiln opt %s -symbol-privatize=exclude="keep,also_kept" | FileCheck %s
// RUN: kiln opt %s -symbol-privatize | FileCheck %s --check-prefix=ALL

// Symbols directly in the module become private, except the excluded
// ones; nested symbol tables keep theirs (the pass does not recurse).
// CHECK-LABEL: func.func @keep()
// CHECK:       func.func private @hide()
// CHECK:       func.func @also_kept()
// CHECK:       func.func private @decl()
// CHECK:       gpu.module @kernels attributes {sym_visibility = "private"}
// CHECK-NEXT:  gpu.func @k() kernel
// ALL-LABEL:   func.func private @keep()
// ALL:         func.func private @hide()
// ALL:         func.func private @also_kept()
// ALL:         gpu.module @kernels attributes {sym_visibility = "private"}
// ALL-NOT:     private
func.func @keep() {
  return
}
func.func @hide() {
  return
}
func.func @also_kept() {
  return
}
func.func private @decl()
gpu.module @kernels {
  gpu.func @k() kernel {
    gpu.return
  }
}
