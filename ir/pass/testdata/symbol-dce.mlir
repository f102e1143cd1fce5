// RUN: kiln opt %s -allow-unregistered-dialect -split-input-file -verify-diagnostics -symbol-dce | FileCheck %s
// RUN: kiln opt %s -allow-unregistered-dialect -split-input-file -pass-pipeline="builtin.module(builtin.module(symbol-dce))" | FileCheck %s --check-prefix=INNER

// The top-level module is hidden from anything above it: its unused private
// and nested symbols go, public ones stay.
// CHECK-LABEL: module attributes {t.top}
// CHECK-NOT:     @unused_private
// CHECK-NOT:     @unused_nested
// CHECK:         func.func private @used_private
// CHECK:         func.func nested @used_nested
// CHECK:         func.func @entry
module attributes {t.top} {
  func.func private @unused_private()
  func.func nested @unused_nested()
  func.func private @used_private()
  func.func nested @used_nested()
  func.func @entry() {
    "u.use"() {refs = [@used_private, @used_nested]} : () -> ()
    return
  }
}

// -----

// Inside a hidden table every table is hidden too, whatever its visibility:
// the unused nested symbol of the public inner module goes.
// CHECK-LABEL: module attributes {t.inner}
// CHECK:         module @pub
// CHECK-NOT:       @gone
// CHECK:           func.func nested @kept
// INNER-LABEL: module attributes {t.inner}
// INNER:         module @pub
// INNER:           func.func nested @gone
// INNER:           func.func nested @kept
module attributes {t.inner} {
  module @pub {
    func.func nested @gone()
    func.func nested @kept()
  }
  "u.use"() {refs = [@pub::@kept]} : () -> ()
}

// -----

// Run on nested modules, the pass cannot see the users above a public or
// nested module, so their nested symbols stay; a private module is hidden.
// INNER-LABEL: module attributes {t.vis}
// INNER:         module @a
// INNER-NEXT:      func.func nested @n
// INNER:         module @b <sym_visibility = "nested">
// INNER-NEXT:      func.func nested @n
// INNER:         module @c <sym_visibility = "private">
// INNER-NOT:       @n
// INNER:         "u.use"
module attributes {t.vis} {
  module @a {
    func.func nested @n()
  }
  module @b attributes {sym_visibility = "nested"} {
    func.func nested @n()
  }
  module @c attributes {sym_visibility = "private"} {
    func.func nested @n()
  }
  "u.use"() {refs = [@b, @c]} : () -> ()
}

// -----

// An unregistered op with a region might hold a symbol table whose uses
// cannot be known: the pass fails rather than guess.
module {
  func.func private @p()
  // expected-error@+1 {{operation contains potentially unknown symbol table, meaning that we can't reliable compute symbol uses}}
  "u.table"() ({
  }) : () -> ()
}
