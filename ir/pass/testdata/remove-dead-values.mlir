// RUN: kiln opt %s -remove-dead-values -split-input-file --allow-unregistered-dialect | FileCheck %s --check-prefixes=CHECK,CANON
// RUN: kiln opt %s -remove-dead-values=canonicalize=0 -split-input-file --allow-unregistered-dialect | FileCheck %s --check-prefixes=CHECK,POISON

// With canonicalize=0 the results and entry block arguments of region ops
// stay and the values passed only to dead ones become ub.poison (POISON);
// by default they go, and the region ops' canonicalization patterns run
// (CANON).

// A private function loses the arguments nothing live uses and the results
// no call uses, with their attributes; its calls lose the operands and
// results. %b stays: the live result is computed from it.
// CHECK-LABEL: func.func private @callee(%arg0: i32 {test.b}) -> i32 {
// CHECK-NEXT:    %[[S:.*]] = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT:    return %[[S]] : i32
// CHECK-NEXT:  }
// CHECK-LABEL: func.func @caller(%arg0: i32, %arg1: i32) -> i32 {
// CHECK-NEXT:    %[[R:.*]] = call @callee(%arg1) : (i32) -> i32
// CHECK-NEXT:    return %[[R]] : i32
func.func private @callee(%a: i32 {test.a}, %b: i32 {test.b}) -> (i32, i32) {
  %s = arith.addi %b, %b : i32
  return %s, %a : i32, i32
}
func.func @caller(%x: i32, %y: i32) -> i32 {
  %r:2 = call @callee(%x, %y) : (i32, i32) -> (i32, i32)
  return %r#0 : i32
}

// -----

// A result goes only when no call uses it: the first is used by both calls.
// CHECK-LABEL: func.func private @half(%arg0: i32) -> i32 {
// CHECK-NEXT:    return %arg0 : i32
// CHECK-LABEL: func.func @two_calls
// CHECK-NEXT:    %[[P:.*]] = call @half(%arg0) : (i32) -> i32
// CHECK-NEXT:    %[[Q:.*]] = call @half(%arg0) : (i32) -> i32
// CHECK-NEXT:    return %[[P]], %[[Q]] : i32, i32
func.func private @half(%a: i32) -> (i32, i32) {
  return %a, %a : i32, i32
}
func.func @two_calls(%x: i32) -> (i32, i32) {
  %p:2 = call @half(%x) : (i32) -> (i32, i32)
  %q:2 = call @half(%x) : (i32) -> (i32, i32)
  return %p#0, %q#0 : i32, i32
}

// -----

// A public function keeps its signature. Ops with no memory effects and dead
// results go; a load and an allocation have effects and stay (POISON), until
// the cleanup after the pass erases them as trivially dead (CANON).
// CHECK-LABEL: func.func @public_sig(%arg0: i32, %arg1: memref<i32>) -> i32 {
// POISON-NEXT:   memref.load %arg1[] : memref<i32>
// POISON-NEXT:   memref.alloc() : memref<4xi32>
// CHECK-NEXT:    return %arg0 : i32
func.func @public_sig(%a: i32, %m: memref<i32>) -> i32 {
  %dead = arith.muli %a, %a : i32
  %l = memref.load %m[] : memref<i32>
  %al = memref.alloc() : memref<4xi32>
  return %a : i32
}

// -----

// A private function used other than by calls keeps its signature.
// CHECK-LABEL: func.func private @escapes(%arg0: i32) -> i32 {
func.func private @escapes(%a: i32) -> i32 {
  %c = arith.constant 1 : i32
  return %c : i32
}
func.func @takes_address() -> ((i32) -> i32) {
  %f = constant @escapes : (i32) -> i32
  return %f : (i32) -> i32
}

// -----

// Calls to functions without a body and ops with memory effects stay, with
// the values they use.
// CHECK-LABEL: func.func @effects
// CHECK-NEXT:    call @ext(%arg0) : (i32) -> i32
// CHECK-NEXT:    %[[B:.*]] = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT:    memref.store %[[B]], %arg1[] : memref<i32>
// CHECK-NEXT:    return
func.func private @ext(i32) -> i32
func.func @effects(%a: i32, %m: memref<i32>) {
  %r = call @ext(%a) : (i32) -> i32
  %b = arith.addi %a, %a : i32
  memref.store %b, %m[] : memref<i32>
  return
}

// -----

// A dead iter_arg goes with its init, yielded value and result; the loop
// stays for its store.
// CHECK-LABEL: func.func @for_iter_args
// CANON-NEXT:    %[[R:.*]] = scf.for %{{.*}} = %arg0 to %arg1 step %arg2 iter_args(%[[B:.*]] = %arg5) -> (f32) {
// CANON-NEXT:      %[[B2:.*]] = arith.addf %[[B]], %[[B]] : f32
// CANON-NEXT:      memref.store %[[B2]], %arg3[] : memref<f32>
// CANON-NEXT:      scf.yield %[[B2]] : f32
// CANON-NEXT:    }
// CANON-NEXT:    return %[[R]] : f32
// POISON-NEXT:   %[[P:.*]] = ub.poison : i32
// POISON-NEXT:   %[[R:.*]]:2 = scf.for %{{.*}} = %arg0 to %arg1 step %arg2 iter_args(%{{.*}} = %[[P]], %[[B:.*]] = %arg5) -> (i32, f32) {
// POISON-NEXT:     %[[B2:.*]] = arith.addf %[[B]], %[[B]] : f32
// POISON-NEXT:     memref.store %[[B2]], %arg3[] : memref<f32>
// POISON-NEXT:     %[[Q:.*]] = ub.poison : i32
// POISON-NEXT:     scf.yield %[[Q]], %[[B2]] : i32, f32
// POISON-NEXT:   }
// POISON-NEXT:   return %[[R]]#1 : f32
func.func @for_iter_args(%lb: index, %ub: index, %st: index, %m: memref<f32>, %i: i32, %f: f32) -> f32 {
  %r:2 = scf.for %iv = %lb to %ub step %st iter_args(%a = %i, %b = %f) -> (i32, f32) {
    %a2 = arith.addi %a, %a : i32
    %b2 = arith.addf %b, %b : f32
    memref.store %b2, %m[] : memref<f32>
    scf.yield %a2, %b2 : i32, f32
  }
  return %r#1 : f32
}

// -----

// A loop with no memory effects and dead results goes whole.
// CHECK-LABEL: func.func @pure_for
// CHECK-NEXT:    return
func.func @pure_for(%lb: index, %ub: index, %st: index, %i: i32) {
  %r = scf.for %iv = %lb to %ub step %st iter_args(%a = %i) -> (i32) {
    %a2 = arith.addi %a, %a : i32
    scf.yield %a2 : i32
  }
  return
}

// -----

// The iter_arg is unused, but its result is live: the values that flow
// into one another stay together, init included.
// CHECK-LABEL: func.func @for_kept_group
// CHECK-NEXT:    %[[I:.*]] = arith.addi %arg3, %arg3 : i32
// CHECK-NEXT:    %[[R:.*]] = scf.for %{{.*}} = %arg0 to %arg1 step %arg2 iter_args(%{{.*}} = %[[I]]) -> (i32) {
// CHECK-NEXT:      scf.yield %arg4 : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[R]] : i32
func.func @for_kept_group(%lb: index, %ub: index, %st: index, %i: i32, %j: i32) -> i32 {
  %init = arith.addi %i, %i : i32
  %r = scf.for %iv = %lb to %ub step %st iter_args(%a = %init) -> (i32) {
    scf.yield %j : i32
  }
  return %r : i32
}

// -----

// A dead scf.if result leaves both yields; then scf.if's patterns use the
// value both branches yield in place of the live result.
// CHECK-LABEL: func.func @if_results
// CANON-NEXT:    scf.if %arg0 {
// CANON-NEXT:      memref.store %arg1, %arg2[] : memref<i32>
// CANON-NEXT:    }
// CANON-NEXT:    return %arg1 : i32
// POISON-NEXT:   %[[R:.*]]:2 = scf.if %arg0 -> (i32, i32) {
// POISON-NEXT:     memref.store %arg1, %arg2[] : memref<i32>
// POISON-NEXT:     %[[P:.*]] = ub.poison : i32
// POISON-NEXT:     scf.yield %arg1, %[[P]] : i32, i32
// POISON-NEXT:   } else {
// POISON-NEXT:     %[[Q:.*]] = ub.poison : i32
// POISON-NEXT:     scf.yield %arg1, %[[Q]] : i32, i32
// POISON-NEXT:   }
// POISON-NEXT:   return %[[R]]#0 : i32
func.func @if_results(%c: i1, %x: i32, %m: memref<i32>) -> i32 {
  %r:2 = scf.if %c -> (i32, i32) {
    memref.store %x, %m[] : memref<i32>
    %t = arith.addi %x, %x : i32
    scf.yield %x, %t : i32, i32
  } else {
    %e = arith.muli %x, %x : i32
    scf.yield %x, %e : i32, i32
  }
  return %r#0 : i32
}

// -----

// scf.execute_region yields from several blocks; the branch condition stays.
// Without results, its patterns inline it into the function.
// CHECK-LABEL: func.func @execute_region
// CANON-NEXT:    cf.br ^bb1
// CANON-NEXT:  ^bb1:
// CANON-NEXT:    memref.store %arg1, %arg2[] : memref<i32>
// CANON-NEXT:    cf.cond_br %arg0, ^bb2, ^bb3
// CANON-NEXT:  ^bb2:
// CANON-NEXT:    cf.br ^bb4
// CANON-NEXT:  ^bb3:
// CANON-NEXT:    cf.br ^bb4
// CANON-NEXT:  ^bb4:
// CANON-NEXT:    return
// POISON-NEXT:   %{{.*}} = scf.execute_region -> i32 {
// POISON-NEXT:     memref.store %arg1, %arg2[] : memref<i32>
// POISON-NEXT:     cf.cond_br %arg0, ^bb1, ^bb2
// POISON-NEXT:   ^bb1:
// POISON-NEXT:     %[[P:.*]] = ub.poison : i32
// POISON-NEXT:     scf.yield %[[P]] : i32
// POISON-NEXT:   ^bb2:
// POISON-NEXT:     %[[Q:.*]] = ub.poison : i32
// POISON-NEXT:     scf.yield %[[Q]] : i32
// POISON-NEXT:   }
func.func @execute_region(%c: i1, %x: i32, %m: memref<i32>) {
  %r = scf.execute_region -> i32 {
    memref.store %x, %m[] : memref<i32>
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    scf.yield %x : i32
  ^bb2:
    %y = arith.addi %x, %x : i32
    scf.yield %y : i32
  }
  return
}

// -----

// Dead block arguments leave their blocks and every branch to them.
// CHECK-LABEL: func.func @branches
// CHECK-NEXT:    cf.cond_br %arg0, ^bb1(%arg1 : i32), ^bb2(%arg2 : i32)
// CHECK-NEXT:  ^bb1(%[[A:.*]]: i32):
// CHECK-NEXT:    cf.br ^bb3(%[[A]] : i32)
// CHECK-NEXT:  ^bb2(%[[B:.*]]: i32):
// CHECK-NEXT:    cf.br ^bb3(%[[B]] : i32)
// CHECK-NEXT:  ^bb3(%[[V:.*]]: i32):
// CHECK-NEXT:    return %[[V]] : i32
func.func @branches(%c: i1, %x: i32, %y: i32) -> i32 {
  %d = arith.addi %x, %y : i32
  cf.cond_br %c, ^bb1(%x, %d : i32, i32), ^bb2(%y : i32)
^bb1(%a: i32, %dead: i32):
  cf.br ^bb3(%a, %dead : i32, i32)
^bb2(%b: i32):
  %e = arith.muli %b, %b : i32
  cf.br ^bb3(%b, %e : i32, i32)
^bb3(%v: i32, %w: i32):
  return %v : i32
}

// -----

// An argument only passed back to the function itself is dead.
// CHECK-LABEL: func.func private @recurse(%arg0: i32) -> i32 {
// CHECK:         func.call @recurse(%{{.*}}) : (i32) -> i32
// CHECK-LABEL: func.func @start(%arg0: i32, %arg1: i32) -> i32 {
// CHECK-NEXT:    call @recurse(%arg0) : (i32) -> i32
func.func private @recurse(%n: i32, %unused: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %z = arith.cmpi eq, %n, %c0 : i32
  %r = scf.if %z -> (i32) {
    scf.yield %c0 : i32
  } else {
    %c1 = arith.constant 1 : i32
    %m = arith.subi %n, %c1 : i32
    %s = func.call @recurse(%m, %unused) : (i32, i32) -> i32
    scf.yield %s : i32
  }
  return %r : i32
}
func.func @start(%n: i32, %k: i32) -> i32 {
  %r = call @recurse(%n, %k) : (i32, i32) -> i32
  return %r : i32
}

// -----

// Inside an op whose region flow is not described (gpu.launch), dead ops
// still go; the op itself and what it uses stay.
// CHECK-LABEL: func.func @launch
// CHECK-NEXT:    %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT:    gpu.launch
// CHECK-NEXT:      %[[V:.*]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:      memref.store %[[V]]
// CHECK-NEXT:      gpu.terminator
func.func @launch(%m: memref<4xf32>) {
  %c1 = arith.constant 1 : index
  %unused = arith.constant 2 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %v = arith.constant 1.0 : f32
    %d = arith.addf %v, %v : f32
    memref.store %v, %m[%tx] : memref<4xf32>
    gpu.terminator
  }
  return
}

// -----

// An unregistered op may have any effect: it and its operand stay.
// CHECK-LABEL: func.func @unknown
// CHECK-NEXT:    %[[B:.*]] = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT:    "test.sink"(%[[B]]) : (i32) -> ()
// CHECK-NEXT:    return
func.func @unknown(%a: i32) {
  %b = arith.addi %a, %a : i32
  %c = arith.addi %b, %b : i32
  "test.sink"(%b) : (i32) -> ()
  return
}

// -----

// The scf.while classes of MLIR's test: a before-region argument goes with
// its init and the after region's yielded value when all three are dead;
// the condition's forwarded value %x stays because the after region uses it.
// CHECK-LABEL: func.func @while_loop
// CANON-NEXT:    %[[R:.*]]:2 = scf.while (%[[X:.*]] = %arg2) : (i32) -> (i32, i32) {
// CANON-NEXT:      %[[N:.*]] = arith.addi %[[X]], %[[X]] : i32
// CANON-NEXT:      scf.condition(%arg0) %[[N]], %[[X]] : i32, i32
// CANON-NEXT:    } do {
// CANON-NEXT:    ^bb0(%{{.*}}: i32, %[[B:.*]]: i32):
// CANON-NEXT:      %[[M:.*]] = arith.addi %[[B]], %[[B]] : i32
// CANON-NEXT:      scf.yield %[[M]] : i32
// CANON-NEXT:    }
// CANON-NEXT:    return %[[R]]#0 : i32
// POISON-NEXT:   %[[P:.*]] = ub.poison : i32
// POISON-NEXT:   %[[R:.*]]:3 = scf.while (%{{.*}} = %[[P]], %[[X:.*]] = %arg2) : (i32, i32) -> (i32, i32, i32) {
// POISON-NEXT:     %[[N:.*]] = arith.addi %[[X]], %[[X]] : i32
// POISON-NEXT:     %[[Q:.*]] = ub.poison : i32
// POISON-NEXT:     scf.condition(%arg0) %[[N]], %[[X]], %[[Q]] : i32, i32, i32
// POISON-NEXT:   } do {
// POISON-NEXT:   ^bb0(%{{.*}}: i32, %[[B:.*]]: i32, %{{.*}}: i32):
// POISON-NEXT:     %[[M:.*]] = arith.addi %[[B]], %[[B]] : i32
// POISON-NEXT:     %[[S:.*]] = ub.poison : i32
// POISON-NEXT:     scf.yield %[[S]], %[[M]] : i32, i32
// POISON-NEXT:   }
// POISON-NEXT:   return %[[R]]#0 : i32
func.func @while_loop(%c: i1, %w: i32, %x0: i32) -> i32 {
  %r:3 = scf.while (%w1 = %w, %x = %x0) : (i32, i32) -> (i32, i32, i32) {
    %n = arith.addi %x, %x : i32
    %d = arith.addi %w1, %w1 : i32
    scf.condition(%c) %n, %x, %d : i32, i32, i32
  } do {
  ^bb0(%a: i32, %b: i32, %e: i32):
    %m = arith.addi %b, %b : i32
    scf.yield %e, %m : i32, i32
  }
  return %r#0 : i32
}

// -----

// A dead scf.index_switch result goes; an empty default region prints {}.
// CHECK-LABEL: func.func @switch
// CANON-NEXT:    scf.index_switch %arg0
// CANON-NEXT:    case 1 {
// CANON-NEXT:      memref.store %arg1, %arg2[] : memref<i32>
// CANON-NEXT:      scf.yield
// CANON-NEXT:    }
// CANON-NEXT:    default {
// CANON-NEXT:    }
// CANON-NEXT:    return
// POISON-NEXT:   %{{.*}} = scf.index_switch %arg0 -> i32
// POISON-NEXT:   case 1 {
// POISON-NEXT:     memref.store %arg1, %arg2[] : memref<i32>
// POISON-NEXT:     %[[P:.*]] = ub.poison : i32
// POISON-NEXT:     scf.yield %[[P]] : i32
// POISON-NEXT:   }
// POISON-NEXT:   default {
// POISON-NEXT:     %[[Q:.*]] = ub.poison : i32
// POISON-NEXT:     scf.yield %[[Q]] : i32
// POISON-NEXT:   }
// POISON-NEXT:   return
func.func @switch(%i: index, %x: i32, %m: memref<i32>) {
  %r = scf.index_switch %i -> i32
  case 1 {
    memref.store %x, %m[] : memref<i32>
    scf.yield %x : i32
  }
  default {
    %c = arith.constant 11 : i32
    scf.yield %c : i32
  }
  return
}

// -----

// Each symbol table resolves its own calls: the outer @helper loses %a, the
// one in the gpu.module loses %b, each with the operands of its own calls.
// CHECK-LABEL: func.func private @helper(%arg0: i32) -> i32 {
// CHECK-NEXT:    return %arg0 : i32
// CHECK-LABEL: func.func @host(%arg0: i32, %arg1: i32) -> i32 {
// CHECK-NEXT:    call @helper(%arg1) : (i32) -> i32
// CHECK-LABEL: gpu.module @kernels {
// CHECK-NEXT:    func.func private @helper(%arg0: i32) -> i32 {
// CHECK-NEXT:      return %arg0 : i32
// CHECK:         gpu.func @k(%arg0: i32, %arg1: i32, %arg2: memref<i32>) kernel {
// CHECK-NEXT:      %[[R:.*]] = func.call @helper(%arg0) : (i32) -> i32
// CHECK-NEXT:      memref.store %[[R]], %arg2[] : memref<i32>
module attributes {gpu.container_module} {
  func.func private @helper(%a: i32, %b: i32) -> i32 {
    return %b : i32
  }
  func.func @host(%x: i32, %y: i32) -> i32 {
    %r = call @helper(%x, %y) : (i32, i32) -> i32
    return %r : i32
  }
  gpu.module @kernels {
    func.func private @helper(%a: i32, %b: i32) -> i32 {
      return %a : i32
    }
    gpu.func @k(%x: i32, %n: i32, %m: memref<i32>) kernel {
      %r = func.call @helper(%x, %n) : (i32, i32) -> i32
      memref.store %r, %m[] : memref<i32>
      gpu.return
    }
  }
}

// -----

// memref.alloca_scope describes its region flow as scf.execute_region does:
// its dead result goes (with canonicalize=0 its return passes a ub.poison),
// and with canonicalization the scope, which holds no alloca, is inlined.
// CHECK-LABEL: func.func @alloca_scope_dead_result(
// CANON-NEXT:    %[[S:.*]] = arith.addi %arg1, %arg1 : index
// CANON-NEXT:    memref.store %[[S]], %arg0[%arg1] : memref<10xindex>
// CANON-NEXT:    return
// POISON:        %{{.*}} = memref.alloca_scope -> (index) {
// POISON:          %[[P:.*]] = ub.poison : index
// POISON-NEXT:     memref.alloca_scope.return %[[P]] : index
func.func @alloca_scope_dead_result(%m: memref<10xindex>, %i: index) {
  %r = memref.alloca_scope -> index {
    %s = arith.addi %i, %i : index
    memref.store %s, %m[%i] : memref<10xindex>
    memref.alloca_scope.return %s : index
  }
  return
}

// -----

// With canonicalize (the default) the ops left behind fold, as MLIR's
// cleanup folds them: the bitcast chain whose first half fed only a dead
// value, and the addition of zero that the inlined alloca_scope body left.
// CHECK-LABEL: spirv.func @bitcast_chain
// POISON-NEXT:   %[[B0:.*]] = spirv.Bitcast %arg1 : vector<2xi32> to vector<2xf32>
// POISON-NEXT:   %[[B1:.*]] = spirv.Bitcast %[[B0]] : vector<2xf32> to vector<2xi32>
// POISON-NEXT:   spirv.ReturnValue %[[B1]] : vector<2xi32>
// CANON-NEXT:    spirv.ReturnValue %arg1 : vector<2xi32>
spirv.func @bitcast_chain(%arg0: vector<2xi32>, %arg1: vector<2xi32>) -> vector<2xi32> "None" {
  %0 = spirv.Bitcast %arg0 : vector<2xi32> to vector<2xf32>
  %1 = spirv.Bitcast %arg1 : vector<2xi32> to vector<2xf32>
  %2 = spirv.Bitcast %1 : vector<2xf32> to vector<2xi32>
  spirv.ReturnValue %2 : vector<2xi32>
}

// -----

// CHECK-LABEL: func.func @zero_added
// CANON-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// CANON-NEXT:    memref.store %[[C0]], %arg0[%[[C0]]] : memref<10xindex>
// CANON-NEXT:    return
// POISON:        memref.alloca_scope
func.func @zero_added(%m: memref<10xindex>) {
  %c0 = arith.constant 0 : index
  %r = memref.alloca_scope -> index {
    %s = arith.addi %c0, %c0 : index
    memref.store %s, %m[%c0] : memref<10xindex>
    memref.alloca_scope.return %s : index
  }
  return
}

// -----

// Folding does not gather constants: the one left in a region stays there.
// CHECK-LABEL: func.func @constant_stays(%arg0: index, %arg1: memref<i32>) {
// CANON-NEXT:    scf.index_switch %arg0
// CANON-NEXT:    case 1 {
// CANON-NEXT:      %[[C:.*]] = arith.constant 10 : i32
// CANON-NEXT:      memref.store %[[C]], %arg1[] : memref<i32>
func.func @constant_stays(%arg0: index, %arg1: memref<i32>) {
  %r = scf.index_switch %arg0 -> i32
  case 1 {
    %c10 = arith.constant 10 : i32
    memref.store %c10, %arg1[] : memref<i32>
    scf.yield %c10 : i32
  }
  default {
    %c11 = arith.constant 11 : i32
    scf.yield %c11 : i32
  }
  return
}

// -----

// affine.for and affine.if are region branch ops: a dead iter_arg goes with
// its init (the operand segment shrinks), its yielded value and its result;
// a dead affine.if result goes with what both regions yield for it.
// CHECK-LABEL: func.func @affine_dead(%arg0: index, %arg1: memref<i32>) -> i32 {
// CANON:         %[[R:.*]] = affine.for %{{.*}} = 0 to %arg0 iter_args(%[[A:.*]] = %c0_i32) -> (i32) {
// CANON-NEXT:      %[[X:.*]] = arith.addi %[[A]], %c1_i32 : i32
// CANON-NEXT:      affine.yield %[[X]] : i32
// CANON-NEXT:    }
// CANON-NEXT:    %[[S:.*]] = affine.if #{{.*}}()[%arg0] -> i32 {
// CANON-NEXT:      memref.store %c0_i32, %arg1[] : memref<i32>
// CANON-NEXT:      affine.yield %c1_i32 : i32
// CANON-NEXT:    } else {
// CANON-NEXT:      affine.yield %c0_i32 : i32
// CANON-NEXT:    }
// CANON-NEXT:    %[[T:.*]] = arith.addi %[[R]], %[[S]] : i32
// POISON:        %[[P:.*]] = ub.poison : i32
// POISON-NEXT:   affine.for %{{.*}} = 0 to %arg0 iter_args(%{{.*}} = %c0_i32, %{{.*}} = %[[P]]) -> (i32, i32) {
func.func @affine_dead(%n: index, %m: memref<i32>) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r:2 = affine.for %i = 0 to %n iter_args(%a = %c0, %b = %c1) -> (i32, i32) {
    %x = arith.addi %a, %c1 : i32
    %y = arith.muli %b, %b : i32
    affine.yield %x, %y : i32, i32
  }
  %s:2 = affine.if affine_set<(d0) : (d0 - 10 >= 0)>(%n) -> (i32, i32) {
    memref.store %c0, %m[] : memref<i32>
    affine.yield %c0, %c1 : i32, i32
  } else {
    affine.yield %c1, %c0 : i32, i32
  }
  %t = arith.addi %r#0, %s#1 : i32
  return %t : i32
}
