// RUN: kiln opt %s --canonicalize --split-input-file --allow-unregistered-dialect | FileCheck %s

// CHECK-LABEL: func @assert_true
func.func @assert_true(%c: i1) {
  // CHECK-NOT: arith.constant
  // CHECK-NOT: "always"
  // CHECK: cf.assert %arg0, "maybe"
  %t = arith.constant true
  cf.assert %t, "always"
  cf.assert %c, "maybe"
  return
}

// -----

// CHECK-LABEL: func @br_folding(
func.func @br_folding() -> i32 {
  // CHECK-NEXT: %[[CST:.*]] = arith.constant 0 : i32
  // CHECK-NEXT: return %[[CST]] : i32
  %c0_i32 = arith.constant 0 : i32
  cf.br ^bb1(%c0_i32 : i32)
^bb1(%x : i32):
  return %x : i32
}

// -----

// CHECK-LABEL: func @cond_br_folding(
// CHECK-SAME: %[[A:.*]]: i32, %[[B:.*]]: i32
func.func @cond_br_folding(%a : i32, %b : i32) -> i32 {
  // CHECK-NEXT: return %[[B]] : i32
  %false = arith.constant false
  cf.cond_br %false, ^bb1(%a : i32), ^bb2(%b : i32)
^bb1(%x : i32):
  cf.br ^bb2(%x : i32)
^bb2(%y : i32):
  return %y : i32
}

// -----

// CHECK-LABEL: func @cond_br_same_successor(
func.func @cond_br_same_successor(%cond : i1, %a : i32) -> i32 {
  // CHECK-NEXT: return %arg1 : i32
  cf.cond_br %cond, ^bb1(%a : i32), ^bb1(%a : i32)
^bb1(%x : i32):
  return %x : i32
}

// -----

// Both pass-through blocks are forwarded; the branches then reach one block
// from one predecessor, so the differing operands become selects.
// CHECK-LABEL: func @cond_br_passthrough(
func.func @cond_br_passthrough(%cond : i1, %a : i32, %b : i32) {
  // CHECK-NEXT: %[[X:.*]] = arith.select %arg0, %arg1, %arg2 : i32
  // CHECK-NEXT: %[[Y:.*]] = arith.select %arg0, %arg2, %arg1 : i32
  // CHECK-NEXT: "test.use"(%[[X]], %[[Y]])
  cf.cond_br %cond, ^bb1(%a : i32), ^bb2
^bb1(%x : i32):
  cf.br ^bb3(%x, %b : i32, i32)
^bb2:
  cf.br ^bb3(%b, %a : i32, i32)
^bb3(%p : i32, %q : i32):
  "test.use"(%p, %q) : (i32, i32) -> ()
  return
}

// -----

// ^bb3 branches to itself, a cycle that collapsing would rotate: the
// branches into it are left alone (MLIR's collapseBranch, PR 160783).
// CHECK-LABEL: func @br_into_self_loop(
func.func @br_into_self_loop(%cond : i1, %a : i32, %b : i32) {
  // CHECK-NEXT: cf.cond_br %arg0, ^bb1(%arg1 : i32), ^bb2
  // CHECK: ^bb3(%{{.*}}: i32, %{{.*}}: i32):  // 3 preds: ^bb1, ^bb2, ^bb3
  cf.cond_br %cond, ^bb1(%a : i32), ^bb2
^bb1(%x : i32):
  cf.br ^bb3(%x, %b : i32, i32)
^bb2:
  cf.br ^bb3(%b, %a : i32, i32)
^bb3(%p : i32, %q : i32):
  "test.use"(%p, %q) : (i32, i32) -> ()
  cf.br ^bb3(%q, %p : i32, i32)
}

// -----

// CHECK-LABEL: func @cond_br_known_condition(
func.func @cond_br_known_condition(%cond : i1) {
  // CHECK-DAG: %[[T:.*]] = arith.constant true
  // CHECK-DAG: %[[F:.*]] = arith.constant false
  // CHECK: "test.use"(%[[T]])
  // CHECK: "test.use"(%[[F]])
  cf.cond_br %cond, ^bb1, ^bb2
^bb1:
  "test.use"(%cond) : (i1) -> ()
  return
^bb2:
  "test.use"(%cond) : (i1) -> ()
  return
}

// -----

// CHECK-LABEL: func @drop_unreachable_successor(
func.func @drop_unreachable_successor(%cond : i1) {
  // CHECK-NEXT: "test.use"() : () -> ()
  // CHECK-NEXT: return
  cf.cond_br %cond, ^bb1, ^bb2
^bb1:
  "test.use"() : () -> ()
  return
^bb2:
  "test.other"() : () -> ()
  ub.unreachable
}

// -----

// CHECK-LABEL: func @cond_br_from_cond_br_with_same_condition
func.func @cond_br_from_cond_br_with_same_condition(%cond : i1) {
  // CHECK:   cf.cond_br %{{.*}}, ^bb1, ^bb2
  // CHECK: ^bb1:
  // CHECK-NEXT: "test.yes"
  // CHECK-NEXT: return
  // CHECK: ^bb2:
  // CHECK-NEXT: "test.other"
  // CHECK-NOT: "test.no"
  cf.cond_br %cond, ^bb1, ^bb2
^bb1:
  cf.cond_br %cond, ^bb3, ^bb4
^bb2:
  "test.other"() : () -> ()
  return
^bb3:
  "test.yes"() : () -> ()
  return
^bb4:
  "test.no"() : () -> ()
  return
}

// -----

// CHECK-LABEL: func @switch_only_default(
func.func @switch_only_default(%flag : i32, %a : i32) {
  // CHECK-NEXT: "test.use"(%arg1)
  cf.switch %flag : i32, [
    default: ^bb1(%a : i32),
    42: ^bb1(%a : i32)
  ]
^bb1(%x : i32):
  "test.use"(%x) : (i32) -> ()
  return
}

// -----

// CHECK-LABEL: func @switch_constant(
func.func @switch_constant(%a : i32) {
  // CHECK-NEXT: "test.b"(%arg0)
  // CHECK-NEXT: return
  // CHECK-NEXT: }
  %k = arith.constant 43 : i32
  cf.switch %k : i32, [
    default: ^bb1,
    42: ^bb2(%a : i32),
    43: ^bb3(%a : i32)
  ]
^bb1:
  "test.default"() : () -> ()
  return
^bb2(%x : i32):
  "test.a"(%x) : (i32) -> ()
  return
^bb3(%y : i32):
  "test.b"(%y) : (i32) -> ()
  return
}

// -----

// CHECK-LABEL: func @switch_passthrough(
func.func @switch_passthrough(%flag : i32, %a : i32) {
  // CHECK:      cf.switch %arg0 : i32, [
  // CHECK-NEXT:   default: ^bb1(%arg0 : i32),
  // CHECK-NEXT:   7: ^bb1(%arg1 : i32)
  // CHECK-NEXT: ]
  cf.switch %flag : i32, [
    default: ^bb1,
    7: ^bb2(%a : i32)
  ]
^bb1:
  cf.br ^bb3(%flag : i32)
^bb2(%x : i32):
  cf.br ^bb3(%x : i32)
^bb3(%y : i32):
  "test.use"(%y) : (i32) -> ()
  return
}

// -----

// A switch reached only from a case of a switch on the same flag knows the
// flag; one reached only from the default drops the cases the first switch
// sends elsewhere.
// CHECK-LABEL: func @switch_after_switch_on_same_flag(
func.func @switch_after_switch_on_same_flag(%flag : i128, %a : i32, %b : i32) {
  // CHECK: cf.switch %arg0 : i128, [
  // CHECK-NEXT: default: ^[[DEF:bb[0-9]+]],
  // CHECK-NEXT: 18446744073709551617: ^[[CASE:bb[0-9]+]]
  "test.pred"() [^bb1, ^bb3, ^bb4, ^bb5] : () -> ()
^bb1:
  cf.switch %flag : i128, [
    default: ^bb2,
    18446744073709551617: ^bb6
  ]
  // CHECK: ^[[DEF]]:
  // CHECK-NEXT: "test.op"() : () -> ()
  // CHECK-NEXT: cf.switch %arg0 : i128, [
  // CHECK-NEXT: default: ^bb{{[0-9]+}}(%arg1 : i32),
  // CHECK-NEXT: 5: ^bb{{[0-9]+}}(%arg2 : i32)
  // CHECK-NEXT: ]
^bb2:
  "test.op"() : () -> ()
  cf.switch %flag : i128, [
    default: ^bb3(%a : i32),
    18446744073709551617: ^bb4(%b : i32),
    5: ^bb5(%b : i32)
  ]
^bb3(%x : i32):
  "test.use"(%x) : (i32) -> ()
  return
^bb4(%y : i32):
  "test.use"(%y) : (i32) -> ()
  return
^bb5(%z : i32):
  "test.use"(%z) : (i32) -> ()
  return
  // CHECK: ^[[CASE]]:
  // CHECK-NEXT: "test.op"() : () -> ()
  // CHECK-NEXT: cf.br ^bb{{[0-9]+}}(%arg2 : i32)
^bb6:
  "test.op"() : () -> ()
  cf.switch %flag : i128, [
    default: ^bb3(%a : i32),
    18446744073709551617: ^bb4(%b : i32)
  ]
}
