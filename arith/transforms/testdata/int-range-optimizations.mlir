// RUN: kiln opt %s --int-range-optimizations --split-input-file | FileCheck %s

// Values whose range is one constant become that constant, built before
// the op they replace (without folding, constants are neither hoisted nor
// deduplicated, as in MLIR); what only they used goes.
// CHECK-LABEL: func.func @clamped
// CHECK-DAG:     %[[T:.*]] = arith.constant true
// CHECK-DAG:     %[[C:.*]] = arith.constant 3 : i32
// CHECK:         return %[[T]], %[[C]] : i1, i32
func.func @clamped(%x: i32) -> (i1, i32) {
  %c0 = arith.constant 0 : i32
  %c10 = arith.constant 10 : i32
  %c3 = arith.constant 3 : i32
  %lo = arith.maxsi %x, %c0 : i32
  %v = arith.minsi %lo, %c10 : i32
  %lt = arith.cmpi slt, %v, %c10 : i32
  %le = arith.cmpi sle, %v, %c10 : i32
  %d = arith.divui %c10, %c3 : i32
  return %le, %d : i1, i32
}

// -----

// With nsw, x + 1 cannot wrap: x <= 127 keeps x + 1 >= -127 signed. Without
// the flag the sum may wrap to -128.
// CHECK-LABEL: func.func @overflow_flags
// CHECK-DAG:     %[[T:.*]] = arith.constant true
// CHECK-DAG:     %[[W:.*]] = arith.addi %{{.*}}, %{{.*}} : i8
// CHECK-DAG:     %[[CW:.*]] = arith.cmpi sgt, %[[W]]
// CHECK:         return %[[T]], %[[CW]] : i1, i1
func.func @overflow_flags(%x: i8) -> (i1, i1) {
  %c0 = arith.constant 0 : i8
  %c1 = arith.constant 1 : i8
  %p = arith.maxsi %x, %c0 : i8
  %s = arith.addi %p, %c1 overflow<nsw> : i8
  %w = arith.addi %p, %c1 : i8
  %cs = arith.cmpi sgt, %s, %c0 : i8
  %cw = arith.cmpi sgt, %w, %c0 : i8
  return %cs, %cw : i1, i1
}

// -----

// A remainder whose dividend is known to lie in [0, m) goes; one whose
// dividend may be m or negative stays.
// CHECK-LABEL: func.func @trivial_rem
// CHECK-SAME:    (%[[X:.*]]: i32)
// CHECK:         %[[A:.*]] = arith.andi %[[X]], %{{.*}} : i32
// CHECK-NEXT:    %[[B:.*]] = arith.andi %[[X]], %{{.*}} : i32
// CHECK-NEXT:    %[[R:.*]] = arith.remui %[[B]], %{{.*}} : i32
// CHECK-NEXT:    %[[S:.*]] = arith.remsi %[[X]], %{{.*}} : i32
// CHECK-NEXT:    return %[[A]], %[[A]], %[[R]], %[[S]]
func.func @trivial_rem(%x: i32) -> (i32, i32, i32, i32) {
  %c63 = arith.constant 63 : i32
  %c64 = arith.constant 64 : i32
  %c127 = arith.constant 127 : i32
  %a = arith.andi %x, %c63 : i32
  %ru = arith.remui %a, %c64 : i32
  %rs = arith.remsi %a, %c64 : i32
  %b = arith.andi %x, %c127 : i32
  %r = arith.remui %b, %c64 : i32
  %s = arith.remsi %x, %c64 : i32
  return %ru, %rs, %r, %s : i32, i32, i32, i32
}

// -----

// A loop's induction variable lies in [lb, ub - 1]: comparisons with the
// bounds fold inside the body. Its loop-carried value is widened, so the
// analysis ends, and stays unknown.
// CHECK-LABEL: func.func @loop
// CHECK:         scf.for %[[I:.*]] = {{.*}} iter_args(%[[ACC:.*]] = {{.*}}) -> (index) {
// CHECK-NEXT:      %[[T:.*]] = arith.constant true
// CHECK-NEXT:      memref.store %[[T]], %{{.*}}[%[[I]]] : memref<8xi1>
// CHECK-NEXT:      %[[N:.*]] = arith.addi %[[ACC]], %[[I]] : index
// CHECK-NEXT:      scf.yield %[[N]] : index
// CHECK:         %[[BIG:.*]] = arith.cmpi ult
// CHECK:         return %{{.*}}, %[[BIG]]
func.func @loop(%m: memref<8xi1>) -> (index, i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %c0) -> index {
    %in = arith.cmpi ult, %i, %c8 : index
    memref.store %in, %m[%i] : memref<8xi1>
    %n = arith.addi %acc, %i : index
    scf.yield %n : index
  }
  %big = arith.cmpi ult, %r, %c8 : index
  return %r, %big : index, i1
}

// -----

// A counter a loop bounds with a minimum reaches its fixed point, [0, 10];
// one it only increments is widened to every value.
// CHECK-LABEL: func.func @while_bounded
// CHECK:         %[[T:.*]] = arith.constant true
// CHECK:         scf.condition(%[[T]])
func.func @while_bounded() -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c10 = arith.constant 10 : i32
  %c100 = arith.constant 100 : i32
  %res = scf.while (%acc = %c0) : (i32) -> i32 {
    %cond = arith.cmpi slt, %acc, %c100 : i32
    scf.condition(%cond) %acc : i32
  } do {
  ^bb0(%a: i32):
    %incr = arith.addi %a, %c1 : i32
    %clamped = arith.minsi %incr, %c10 : i32
    scf.yield %clamped : i32
  }
  return %res : i32
}

// CHECK-LABEL: func.func @while_unbounded
// CHECK:         %[[C:.*]] = arith.cmpi slt
// CHECK:         scf.condition(%[[C]])
func.func @while_unbounded() -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c100 = arith.constant 100 : i32
  %res = scf.while (%acc = %c0) : (i32) -> i32 {
    %cond = arith.cmpi slt, %acc, %c100 : i32
    scf.condition(%cond) %acc : i32
  } do {
  ^bb0(%a: i32):
    %incr = arith.addi %a, %c1 : i32
    scf.yield %incr : i32
  }
  return %res : i32
}

// -----

// Results of ops without range rules (a call) and function arguments are
// unknown; a branch on a known condition leaves the other block dead, and
// values there get no ranges.
// CHECK-LABEL: func.func @unknown_and_dead
// CHECK:         %[[V:.*]] = call @get() : () -> i32
// CHECK:         %[[C:.*]] = arith.cmpi sgt, %[[V]]
// CHECK:         cf.cond_br %{{.*}}, ^bb1, ^bb2
// CHECK:       ^bb2:
// CHECK-NEXT:    %[[D:.*]] = arith.maxsi %[[V]]
// CHECK-NEXT:    %[[E:.*]] = arith.cmpi sge, %[[D]]
// CHECK-NEXT:    return %[[D]], %[[E]]
func.func private @get() -> i32
func.func @unknown_and_dead() -> (i32, i1) {
  %c0 = arith.constant 0 : i32
  %c5 = arith.constant 5 : i32
  %v = call @get() : () -> i32
  %c = arith.cmpi sgt, %v, %c0 : i32
  %t = arith.cmpi slt, %c0, %c5 : i32
  cf.cond_br %t, ^bb1, ^bb2
^bb1:
  return %c5, %c : i32, i1
^bb2:
  %d = arith.maxsi %v, %c5 : i32
  %e = arith.cmpi sge, %d, %c5 : i32
  return %d, %e : i32, i1
}

// -----

// Selects, casts and truncations; vectors take splat constants.
// CHECK-LABEL: func.func @casts
// CHECK-DAG:     %[[V:.*]] = arith.constant dense<44> : vector<4xi32>
// CHECK-DAG:     %[[T:.*]] = arith.constant true
// CHECK-DAG:     %[[I:.*]] = arith.constant 300 : index
// CHECK:         return %[[T]], %[[I]], %[[V]]
func.func @casts(%b: i1, %x: i8) -> (i1, index, vector<4xi32>) {
  %c3 = arith.constant 3 : i16
  %c300 = arith.constant 300 : i16
  %s = arith.select %b, %c3, %c300 : i16
  %e = arith.extui %x : i8 to i16
  %lt = arith.cmpi ult, %e, %c300 : i16
  %cast = arith.index_cast %c300 : i16 to index
  %v = arith.constant dense<4> : vector<4xi32>
  %w = arith.constant dense<40> : vector<4xi32>
  %sum = arith.addi %v, %w : vector<4xi32>
  return %lt, %cast, %sum : i1, index, vector<4xi32>
}

// -----

// Index ops are inferred at 64 and at 32 bits: a value that overflows 32
// bits is not known.
// CHECK-LABEL: func.func @index_ops
// CHECK-DAG:     %[[T:.*]] = index.bool.constant true
// CHECK-DAG:     %[[C:.*]] = index.cmp ult
// CHECK:         return %[[T]], %[[C]]
func.func @index_ops(%x: index) -> (i1, i1) {
  %c16 = index.constant 16
  %big = index.constant 4294967295
  %r = index.remu %x, %c16
  %lt = index.cmp ult(%r, %c16)
  %m = index.minu %x, %big
  %s = index.add %m, %c16
  %over = index.cmp ult(%s, %big)
  return %lt, %over : i1, i1
}

// -----

// GPU ids lie below the sizes known around them: the kernel's
// known_block_size, gpu.launch's constant sizes, upper_bound.
// CHECK-LABEL: gpu.func @kernel
// CHECK:         %[[T:.*]] = arith.constant true
// CHECK:         %[[C:.*]] = arith.cmpi ult, %{{.*}}, %{{.*}} : index
// CHECK:         memref.store %[[T]]
// CHECK-NEXT:    memref.store %[[C]]
gpu.module @m {
  gpu.func @kernel(%m: memref<4xi1>) kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %c32 = arith.constant 32 : index
    %tid = gpu.thread_id x
    %lt = arith.cmpi ult, %tid, %c64 : index
    %bid = gpu.block_id x
    %lt2 = arith.cmpi ult, %bid, %c32 : index
    memref.store %lt, %m[%c0] : memref<4xi1>
    memref.store %lt2, %m[%c1] : memref<4xi1>
    gpu.return
  }
}

// CHECK-LABEL: func.func @launch
// CHECK:         gpu.launch
// CHECK-NEXT:      %[[SX:.*]] = arith.constant 8 : index
// CHECK-NEXT:      %[[T:.*]] = arith.constant true
// CHECK-NEXT:      %[[D:.*]] = arith.constant 8 : index
// CHECK-NEXT:      %[[L:.*]] = gpu.lane_id upper_bound 16
// CHECK-NEXT:      %[[T2:.*]] = arith.constant true
// CHECK-NEXT:      memref.store %[[T]]
// CHECK-NEXT:      memref.store %[[T2]], %{{.*}}[%[[L]]]
// CHECK-NEXT:      memref.store %[[D]], %{{.*}}[%[[SX]]]
func.func @launch(%m: memref<16xi1>, %n: memref<16xindex>) {
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c8, %sy = %c1, %sz = %c1) {
    %lt = arith.cmpi ult, %tx, %c8 : index
    %d = gpu.block_dim x
    %lane = gpu.lane_id upper_bound 16
    %c16 = arith.constant 16 : index
    %ll = arith.cmpi ult, %lane, %c16 : index
    memref.store %lt, %m[%tx] : memref<16xi1>
    memref.store %ll, %m[%lane] : memref<16xi1>
    memref.store %d, %n[%sx] : memref<16xindex>
    gpu.terminator
  }
  return
}

// -----

// affine.apply evaluates its map over its operands' ranges (mod is
// Euclidean); affine.for's induction variable spans its constant bounds;
// scf.parallel and scf.forall with one induction variable as scf.for.
// CHECK-LABEL: func.func @affine_and_parallel
// CHECK:         affine.for
// CHECK-NEXT:      affine.apply
// CHECK-NEXT:      %[[T:.*]] = arith.constant true
// CHECK-NEXT:      affine.apply
// CHECK-NEXT:      %[[T2:.*]] = arith.constant true
// CHECK-NEXT:      memref.store %[[T]]
// CHECK-NEXT:      memref.store %[[T2]]
// CHECK:         scf.parallel
// CHECK-NEXT:      %[[T3:.*]] = arith.constant true
// CHECK-NEXT:      memref.store %[[T3]]
// CHECK:         scf.forall
// CHECK-NEXT:      %[[T4:.*]] = arith.constant true
// CHECK-NEXT:      memref.store %[[T4]]
func.func @affine_and_parallel(%m: memref<64xi1>, %x: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  affine.for %i = 0 to 16 {
    %a = affine.apply affine_map<(d0) -> (d0 * 4 + 3)>(%i)
    %lt = arith.cmpi ult, %a, %c64 : index
    %r = affine.apply affine_map<(d0)[s0] -> (s0 mod 8)>(%i)[%x]
    %lr = arith.cmpi ult, %r, %c8 : index
    memref.store %lt, %m[%a] : memref<64xi1>
    memref.store %lr, %m[%r] : memref<64xi1>
  }
  scf.parallel (%j) = (%c0) to (%c16) step (%c1) {
    %lt = arith.cmpi slt, %j, %c16 : index
    memref.store %lt, %m[%j] : memref<64xi1>
  }
  scf.forall (%k) in (8) {
    %lt = arith.cmpi ult, %k, %c8 : index
    memref.store %lt, %m[%k] : memref<64xi1>
  }
  return
}

// -----

// A dimension query spans the sizes of the dimensions its index may
// select; a dynamic one is any non-negative size.
// CHECK-LABEL: func.func @dims
// CHECK:         %[[A:.*]] = arith.constant true
// CHECK-NEXT:    %[[B:.*]] = arith.constant true
// CHECK-NEXT:    %[[D:.*]] = memref.dim
// CHECK-NEXT:    %[[E:.*]] = arith.cmpi eq, %[[D]]
// CHECK-NEXT:    %[[F:.*]] = arith.constant true
// CHECK-NEXT:    return %[[A]], %[[B]], %[[E]], %[[F]]
func.func @dims(%m: memref<3x5xi32>, %n: memref<?x5xi32>, %x: index) -> (i1, i1, i1, i1) {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %0 = memref.dim %m, %x : memref<3x5xi32>
  %a = arith.cmpi uge, %0, %c3 : index
  %b = arith.cmpi ule, %0, %c5 : index
  %1 = memref.dim %n, %x : memref<?x5xi32>
  %e = arith.cmpi eq, %1, %c5 : index
  %f = arith.cmpi sge, %1, %c0 : index
  return %a, %b, %e, %f : i1, i1, i1, i1
}

// -----

// A func.func carries the sizes as discardable gpu.known_*_size attributes;
// without a known size an id is below 2^32 - 1.
// CHECK-LABEL: func.func @func_sizes
// CHECK:         %[[T:.*]] = arith.constant true
// CHECK-NEXT:    gpu.thread_id  y
// CHECK-NEXT:    %[[C:.*]] = arith.cmpi ult, %{{.*}}, %{{.*}} : index
// CHECK-NEXT:    %[[T2:.*]] = arith.constant true
// CHECK-NEXT:    return %[[T]], %[[C]], %[[T2]]
func.func @func_sizes() -> (i1, i1, i1) attributes {gpu.known_grid_size = array<i32: 20, 24, 28>} {
  %c20 = arith.constant 20 : index
  %c8 = arith.constant 8 : index
  %cmax = arith.constant 4294967295 : index
  %b = gpu.block_id x
  %lt = arith.cmpi ult, %b, %c20 : index
  %t = gpu.thread_id y
  %lt2 = arith.cmpi ult, %t, %c8 : index
  %lt3 = arith.cmpi ult, %t, %cmax : index
  return %lt, %lt2, %lt3 : i1, i1, i1
}

// -----

// Ranges have any width (MLIR's APInt bounds): at 128 bits an or with a
// negative value is negative (upstream int-range-interface.mlir's ori), a
// sum passes 2^64 exactly, a truncation of it to 64 bits wraps to 4, and a
// remainder by 1000 of a value below 1000 goes.
// CHECK-LABEL: func.func @wide
// CHECK-SAME: (%[[A:[^:]*]]: i128, %[[B:[^:]*]]: i128, %[[C:[^:]*]]: i128)
// CHECK-DAG: %[[T:.*]] = arith.constant true
// CHECK-DAG: %[[S:.*]] = arith.constant 18446744073709551620 : i128
// CHECK-DAG: %[[L:.*]] = arith.constant 4 : i64
// CHECK-DAG: %[[M:.*]] = arith.minui %[[C]], %{{.*}} : i128
// CHECK-NOT: arith.remui
// CHECK: return %[[T]], %[[S]], %[[L]], %[[M]] : i1, i128, i64, i128
func.func @wide(%a: i128, %b: i128, %c: i128) -> (i1, i128, i64, i128) {
  %m1 = arith.constant -1 : i128
  %c0 = arith.constant 0 : i128
  %n = arith.minsi %b, %m1 : i128
  %o = arith.ori %a, %n : i128
  %neg = arith.cmpi slt, %o, %c0 : i128
  %big = arith.constant 18446744073709551615 : i128
  %five = arith.constant 5 : i128
  %s = arith.addi %big, %five : i128
  %t = arith.trunci %s : i128 to i64
  %k = arith.constant 1000 : i128
  %lim = arith.constant 999 : i128
  %m = arith.minui %c, %lim : i128
  %r = arith.remui %m, %k : i128
  return %neg, %s, %t, %r : i1, i128, i64, i128
}
