// RUN: kiln opt %s -allow-unregistered-dialect -split-input-file --remove-dead-values='canonicalize=false' | FileCheck %s --check-prefixes=CHECK,TOP
// RUN: kiln opt %s -allow-unregistered-dialect -split-input-file --pass-pipeline='builtin.module(builtin.module(remove-dead-values{canonicalize=false}))' | FileCheck %s --check-prefixes=CHECK,INNER

// Run on the top-level module, every table below it is hidden: a nested
// function whose uses are all calls loses its dead argument and result,
// even when the calls come from another table. Run on the inner module
// @lib, which the IR above may see, its nested function stays as it is;
// in the private module @priv it is hidden again.
// CHECK-LABEL: module @lib
// TOP:           func.func nested @f(%{{.*}}: i32) -> i32
// INNER:         func.func nested @f(%{{.*}}: i32, %{{.*}}: i32) -> (i32, i32)
// TOP:           call @f(%{{.*}}) : (i32) -> i32
// INNER:         call @f(%{{.*}}, %{{.*}}) : (i32, i32) -> (i32, i32)
// CHECK:         module @priv
// CHECK:           func.func nested @g() {
// CHECK:           call @g() : () -> ()
module {
  module @lib {
    func.func nested @f(%used: i32, %dead: i32) -> (i32, i32) {
      return %used, %used : i32, i32
    }
    func.func @user(%x: i32) -> i32 {
      %r:2 = func.call @f(%x, %x) : (i32, i32) -> (i32, i32)
      return %r#0 : i32
    }
    module @priv attributes {sym_visibility = "private"} {
      func.func nested @g(%dead: i32) {
        return
      }
      func.func @h(%x: i32) {
        func.call @g(%x) : (i32) -> ()
        return
      }
    }
  }
}

// -----

// A reference that is not a call, here from outside the function's table,
// keeps its signature.
// CHECK-LABEL: module @refd
// CHECK:         func.func nested @k(%{{.*}}: i32, %{{.*}}: i32)
module {
  module @refd {
    func.func nested @k(%used: i32, %dead: i32) {
      return
    }
    func.func @user(%x: i32) {
      func.call @k(%x, %x) : (i32, i32) -> ()
      return
    }
  }
  "u.keep"() {ref = @refd::@k} : () -> ()
}

// -----

// An unregistered op with a region may be a symbol table using anything:
// the private functions of the tables around it keep their signatures.
// CHECK-LABEL: module @outer
// CHECK:         func.func private @p(%{{.*}}: i32, %{{.*}}: i32) -> i32
// CHECK:         call @p(%{{.*}}, %{{.*}}) : (i32, i32) -> i32
// CHECK:         "u.region"
module {
  module @outer {
    module @inner {
      func.func private @p(%used: i32, %dead: i32) -> i32 {
        return %used : i32
      }
      func.func @q(%x: i32) -> i32 {
        %r = func.call @p(%x, %x) : (i32, i32) -> i32
        return %r : i32
      }
    }
    "u.region"() ({
    }) : () -> ()
  }
}
