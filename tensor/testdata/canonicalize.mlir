// RUN: kiln opt %s --canonicalize --split-input-file | FileCheck %s

// CHECK-LABEL: func.func @dims
// CHECK-SAME: (%[[T:.*]]: tensor<?x4xf32>, %[[N:.*]]: index)
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK: %[[D:.*]] = tensor.dim %[[T]], %[[C0]] : tensor<?x4xf32>
// CHECK: return %[[C4]], %[[N]], %[[D]]
func.func @dims(%t: tensor<?x4xf32>, %n: index) -> (index, index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = tensor.dim %t, %c1 : tensor<?x4xf32>
  %e = tensor.empty(%n) : tensor<?x4xf32>
  %b = tensor.dim %e, %c0 : tensor<?x4xf32>
  %u = tensor.cast %t : tensor<?x4xf32> to tensor<*xf32>
  %c = tensor.dim %u, %c0 : tensor<*xf32>
  return %a, %b, %c : index, index, index
}

// -----

// CHECK-LABEL: func.func @dim_of_forall
// CHECK-SAME: (%[[T:.*]]: tensor<?xf32>, %[[S:.*]]: tensor<1xf32>)
// CHECK: %[[D:.*]] = tensor.dim %[[T]], %{{.*}} : tensor<?xf32>
// CHECK: return %[[D]]
func.func @dim_of_forall(%t: tensor<?xf32>, %s: tensor<1xf32>) -> index {
  %c0 = arith.constant 0 : index
  %r = scf.forall (%i) in (4) shared_outs(%o = %t) -> (tensor<?xf32>) {
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %s into %o[%i] [1] [1] : tensor<1xf32> into tensor<?xf32>
    }
  }
  %d = tensor.dim %r, %c0 : tensor<?xf32>
  return %d : index
}

// -----

// CHECK-LABEL: func.func @casts
// CHECK-SAME: (%[[T:.*]]: tensor<4xf32>)
// CHECK: %[[A:.*]] = tensor.cast %[[T]] : tensor<4xf32> to tensor<*xf32>
// CHECK: return %[[T]], %[[A]]
func.func @casts(%t: tensor<4xf32>) -> (tensor<4xf32>, tensor<*xf32>) {
  %a = tensor.cast %t : tensor<4xf32> to tensor<4xf32>
  %b = tensor.cast %t : tensor<4xf32> to tensor<?xf32>
  %c = tensor.cast %b : tensor<?xf32> to tensor<*xf32>
  return %a, %c : tensor<4xf32>, tensor<*xf32>
}

// -----

// A chain through a more static type than both ends is kept: it asserts
// the size.
// CHECK-LABEL: func.func @cast_chain_kept
// CHECK: tensor.cast %{{.*}} : tensor<?xf32> to tensor<4xf32>
// CHECK: tensor.cast %{{.*}} : tensor<4xf32> to tensor<?xf32>
func.func @cast_chain_kept(%t: tensor<?xf32>) -> tensor<?xf32> {
  %a = tensor.cast %t : tensor<?xf32> to tensor<4xf32>
  %b = tensor.cast %a : tensor<4xf32> to tensor<?xf32>
  return %b : tensor<?xf32>
}

// -----

// CHECK-LABEL: func.func @extract_constant
// CHECK-DAG: %[[C5:.*]] = arith.constant 5 : i32
// CHECK-DAG: %[[C7:.*]] = arith.constant 7 : i32
// CHECK: return %[[C5]], %[[C7]]
func.func @extract_constant() -> (i32, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %t = arith.constant dense<[[1, 2], [5, 6]]> : tensor<2x2xi32>
  %s = arith.constant dense<7> : tensor<3xi32>
  %a = tensor.extract %t[%c1, %c0] : tensor<2x2xi32>
  %b = tensor.extract %s[%c1] : tensor<3xi32>
  return %a, %b : i32, i32
}

// -----

// CHECK-LABEL: func.func @identity_slices
// CHECK-SAME: (%[[T:.*]]: tensor<4x8xf32>, %[[S:.*]]: tensor<4x8xf32>)
// CHECK-NOT: tensor.
// CHECK: return %[[T]], %[[S]]
func.func @identity_slices(%t: tensor<4x8xf32>, %s: tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  %a = tensor.extract_slice %t[0, 0] [4, 8] [1, 1] : tensor<4x8xf32> to tensor<4x8xf32>
  %b = tensor.insert_slice %s into %t[0, 0] [4, 8] [1, 1] : tensor<4x8xf32> into tensor<4x8xf32>
  return %a, %b : tensor<4x8xf32>, tensor<4x8xf32>
}

// -----

// CHECK-LABEL: func.func @reshape_roundtrip
// CHECK-SAME: (%[[T:.*]]: tensor<2x3xf32>)
// CHECK-NOT: tensor.
// CHECK: return %[[T]]
func.func @reshape_roundtrip(%t: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %c = tensor.collapse_shape %t [[0, 1]] : tensor<2x3xf32> into tensor<6xf32>
  %e = tensor.expand_shape %c [[0, 1]] output_shape [2, 3] : tensor<6xf32> into tensor<2x3xf32>
  return %e : tensor<2x3xf32>
}

// -----

// The rank of a ranked tensor is a constant; an unranked one's is not.
// The result is named as in MLIR (getAsmResultNames).
// CHECK-LABEL: func.func @rank
// CHECK-SAME: (%[[T:.*]]: tensor<?x4xf32>, %[[U:.*]]: tensor<*xf32>)
// CHECK: %[[C2:.*]] = arith.constant 2 : index
// CHECK: %[[R:rank]] = tensor.rank %[[U]] : tensor<*xf32>
// CHECK: return %[[C2]], %[[R]]
func.func @rank(%t: tensor<?x4xf32>, %u: tensor<*xf32>) -> (index, index) {
  %a = tensor.rank %t : tensor<?x4xf32>
  %b = tensor.rank %u : tensor<*xf32>
  return %a, %b : index, index
}

// -----

// Constant extents become static dimensions and a cast restores the type;
// a negative constant is no size and stays an operand (MLIR's
// StaticTensorGenerate).
// CHECK-LABEL: func.func @generate_static_extents
// CHECK-SAME: (%[[N:.*]]: index)
// CHECK-DAG: %[[M:.*]] = arith.constant -1 : index
// CHECK: %[[G:.*]] = tensor.generate %[[N]] {
// CHECK-NEXT: ^bb0(%[[I:.*]]: index, %[[J:.*]]: index):
// CHECK-NEXT: tensor.yield %[[I]] : index
// CHECK-NEXT: } : tensor<3x?xindex>
// CHECK: %[[C:.*]] = tensor.cast %[[G]] : tensor<3x?xindex> to tensor<?x?xindex>
// CHECK: %[[H:.*]] = tensor.generate %[[M]] {
// CHECK: } : tensor<?xindex>
// CHECK: return %[[C]], %[[H]]
func.func @generate_static_extents(%n: index) -> (tensor<?x?xindex>, tensor<?xindex>) {
  %c3 = arith.constant 3 : index
  %m1 = arith.constant -1 : index
  %g = tensor.generate %c3, %n {
  ^bb0(%i: index, %j: index):
    tensor.yield %i : index
  } : tensor<?x?xindex>
  %h = tensor.generate %m1 {
  ^bb0(%i: index):
    tensor.yield %i : index
  } : tensor<?xindex>
  return %g, %h : tensor<?x?xindex>, tensor<?xindex>
}

// -----

// An element of a generate without effects is its body at the indices
// (MLIR's ExtractFromTensorGenerate); the generate then goes.
// CHECK-LABEL: func.func @extract_from_generate
// CHECK-SAME: (%[[N:.*]]: index, %[[I:.*]]: index, %[[J:.*]]: index)
// CHECK-NOT: tensor.
// CHECK: %[[S:.*]] = arith.addi %[[I]], %[[J]] : index
// CHECK: %[[M:.*]] = arith.muli %[[S]], %[[N]] : index
// CHECK: return %[[M]]
func.func @extract_from_generate(%n: index, %i: index, %j: index) -> index {
  %g = tensor.generate %n {
  ^bb0(%a: index, %b: index):
    %s = arith.addi %a, %b : index
    %m = arith.muli %s, %n : index
    tensor.yield %m : index
  } : tensor<?x4xindex>
  %e = tensor.extract %g[%i, %j] : tensor<?x4xindex>
  return %e : index
}

// -----

// A body that writes memory stays; so does the extract.
// CHECK-LABEL: func.func @extract_from_generate_with_effects
// CHECK: %[[G:.*]] = tensor.generate
// CHECK: memref.store
// CHECK: tensor.extract %[[G]]
func.func @extract_from_generate_with_effects(%n: index, %i: index, %buf: memref<4xindex>) -> index {
  %g = tensor.generate %n {
  ^bb0(%a: index):
    memref.store %a, %buf[%a] : memref<4xindex>
    tensor.yield %a : index
  } : tensor<?xindex>
  %e = tensor.extract %g[%i] : tensor<?xindex>
  return %e : index
}

// -----

// The size of a dynamic dimension is its extent operand.
// CHECK-LABEL: func.func @dim_of_generate
// CHECK-SAME: (%[[M:.*]]: index, %[[N:.*]]: index)
// CHECK: return %[[N]]
func.func @dim_of_generate(%m: index, %n: index) -> index {
  %c2 = arith.constant 2 : index
  %g = tensor.generate %m, %n {
  ^bb0(%a: index, %b: index, %c: index):
    tensor.yield %a : index
  } : tensor<?x3x?xindex>
  %d = tensor.dim %g, %c2 : tensor<?x3x?xindex>
  return %d : index
}

// -----

// Extracts fold as MLIR's ExtractOp::fold: a splat's element at any index;
// at constant indices only, a from_elements operand (not out of bounds)
// and the scalar an insert put at equal indices. An extract of a cast
// reads the cast's ranked source.
// CHECK-LABEL: func.func @extract_folds
// CHECK-SAME: (%[[I:[^:]*]]: index, %[[A:[^:]*]]: f32, %[[B:[^:]*]]: f32, %[[T:[^:]*]]: tensor<4xf32>)
// CHECK-DAG: %[[C7:.*]] = arith.constant 7.000000e+00 : f32
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK: %[[F:.*]] = tensor.from_elements %[[A]], %[[B]] : tensor<2xf32>
// CHECK: %[[OOB:.*]] = tensor.extract %[[F]][%[[C2]]] : tensor<2xf32>
// CHECK: %[[INS:.*]] = tensor.insert %[[A]] into %[[T]][%[[I]]] : tensor<4xf32>
// CHECK: %[[X3:.*]] = tensor.extract %[[INS]][%[[I]]] : tensor<4xf32>
// CHECK: %[[E:.*]] = tensor.extract %[[T]][%[[I]]] : tensor<4xf32>
// CHECK: return %[[C7]], %[[B]], %[[OOB]], %[[X3]], %[[A]], %[[E]]
func.func @extract_folds(%i: index, %a: f32, %b: f32, %t: tensor<4xf32>) -> (f32, f32, f32, f32, f32, f32) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %other1 = arith.constant 1 : index
  %s = arith.constant dense<7.0> : tensor<4xf32>
  %x0 = tensor.extract %s[%i] : tensor<4xf32>
  %f = tensor.from_elements %a, %b : tensor<2xf32>
  %x1 = tensor.extract %f[%c1] : tensor<2xf32>
  %x2 = tensor.extract %f[%c2] : tensor<2xf32>
  %ins = tensor.insert %a into %t[%i] : tensor<4xf32>
  %x3 = tensor.extract %ins[%i] : tensor<4xf32>
  %ins1 = tensor.insert %a into %t[%c1] : tensor<4xf32>
  %x4 = tensor.extract %ins1[%other1] : tensor<4xf32>
  %cast = tensor.cast %t : tensor<4xf32> to tensor<?xf32>
  %x5 = tensor.extract %cast[%i] : tensor<?xf32>
  return %x0, %x1, %x2, %x3, %x4, %x5 : f32, f32, f32, f32, f32, f32
}

// -----

// Inserting a splat's own value into it is the splat (InsertOp::fold);
// another value stays. Constant elements make a dense constant
// (FromElementsOp::fold), wide integers too. A reshape to its own type is
// its source.
// CHECK-LABEL: func.func @insert_and_from_elements_folds
// CHECK-SAME: (%[[I:[^:]*]]: index, %[[R:[^:]*]]: tensor<2x3xf32>)
// CHECK-DAG: %[[S:.*]] = arith.constant dense<4.000000e+00> : tensor<4xf32>
// CHECK-DAG: %[[D:.*]] = arith.constant dense<[1, 2, 1]> : tensor<3xindex>
// CHECK-DAG: %[[W:.*]] = arith.constant dense<[18446744073709551616, -1]> : tensor<2xi128>
// CHECK-DAG: %[[FL:.*]] = arith.constant dense<[1.500000e+00, 4.000000e+00]> : tensor<2xf32>
// CHECK: %[[N:.*]] = tensor.insert %{{.*}} into %[[S]][%[[I]]] : tensor<4xf32>
// CHECK: return %[[S]], %[[N]], %[[D]], %[[W]], %[[FL]], %[[R]]
func.func @insert_and_from_elements_folds(%i: index, %r: tensor<2x3xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<3xindex>, tensor<2xi128>, tensor<2xf32>, tensor<2x3xf32>) {
  %s = arith.constant dense<4.0> : tensor<4xf32>
  %four = arith.constant 4.0 : f32
  %five = arith.constant 5.0 : f32
  %same = tensor.insert %four into %s[%i] : tensor<4xf32>
  %new = tensor.insert %five into %s[%i] : tensor<4xf32>
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %d = tensor.from_elements %c1, %c2, %c1 : tensor<3xindex>
  %big = arith.constant 18446744073709551616 : i128
  %m1 = arith.constant -1 : i128
  %w = tensor.from_elements %big, %m1 : tensor<2xi128>
  %h = arith.constant 1.5 : f32
  %fl = tensor.from_elements %h, %four : tensor<2xf32>
  %e = tensor.expand_shape %r [[0], [1]] output_shape [2, 3] : tensor<2x3xf32> into tensor<2x3xf32>
  %c = tensor.collapse_shape %e [[0], [1]] : tensor<2x3xf32> into tensor<2x3xf32>
  return %same, %new, %d, %w, %fl, %c : tensor<4xf32>, tensor<4xf32>, tensor<3xindex>, tensor<2xi128>, tensor<2xf32>, tensor<2x3xf32>
}

// -----

// A collapse then an expand back folds only when each group has at most one
// dynamic size (MLIR's foldReshapeOp): [?x?] may be split otherwise than
// it was; an expand then a collapse always comes back.
// CHECK-LABEL: func.func @reshape_pairs
// CHECK-SAME: (%[[A:[^:]*]]: tensor<?x?x?xf32>, %[[B:[^:]*]]: tensor<?x4x?xf32>, %[[C:[^:]*]]: tensor<?x?xf32>,
// CHECK: %[[COL:.*]] = tensor.collapse_shape %[[A]] {{\[}}[0, 1], [2]] : tensor<?x?x?xf32> into tensor<?x?xf32>
// CHECK: %[[EXP:.*]] = tensor.expand_shape %[[COL]]
// CHECK-NOT: tensor.{{.*}}_shape
// CHECK: return %[[EXP]], %[[B]], %[[C]]
func.func @reshape_pairs(%a: tensor<?x?x?xf32>, %b: tensor<?x4x?xf32>, %c: tensor<?x?xf32>, %i: index, %j: index, %k: index)
    -> (tensor<?x?x?xf32>, tensor<?x4x?xf32>, tensor<?x?xf32>) {
  %0 = tensor.collapse_shape %a [[0, 1], [2]] : tensor<?x?x?xf32> into tensor<?x?xf32>
  %1 = tensor.expand_shape %0 [[0, 1], [2]] output_shape [%i, %j, %k] : tensor<?x?xf32> into tensor<?x?x?xf32>
  %2 = tensor.collapse_shape %b [[0, 1], [2]] : tensor<?x4x?xf32> into tensor<?x?xf32>
  %3 = tensor.expand_shape %2 [[0, 1], [2]] output_shape [%i, 4, %k] : tensor<?x?xf32> into tensor<?x4x?xf32>
  %4 = tensor.expand_shape %c [[0, 1], [2]] output_shape [%i, %j, %k] : tensor<?x?xf32> into tensor<?x?x?xf32>
  %5 = tensor.collapse_shape %4 [[0, 1], [2]] : tensor<?x?x?xf32> into tensor<?x?xf32>
  return %1, %3, %5 : tensor<?x?x?xf32>, tensor<?x4x?xf32>, tensor<?x?xf32>
}

// -----

// A reshape of a constant is a constant; a static slice of a splat a splat.
// CHECK-LABEL: func.func @constant_reshape_and_slice
// CHECK-DAG: %[[R:.*]] = arith.constant dense<{{\[}}[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
// CHECK-DAG: %[[S:.*]] = arith.constant dense<42> : tensor<4x4xi32>
// CHECK-NOT: tensor.
// CHECK: return %[[R]], %[[S]]
func.func @constant_reshape_and_slice() -> (tensor<2x3xi32>, tensor<4x4xi32>) {
  %c = arith.constant dense<[1, 2, 3, 4, 5, 6]> : tensor<6xi32>
  %r = tensor.expand_shape %c [[0, 1]] output_shape [2, 3] : tensor<6xi32> into tensor<2x3xi32>
  %s = arith.constant dense<42> : tensor<64x64xi32>
  %x = tensor.extract_slice %s[0, 0] [4, 4] [1, 1] : tensor<64x64xi32> to tensor<4x4xi32>
  return %r, %x : tensor<2x3xi32>, tensor<4x4xi32>
}

// -----

// A collapse of a collapse is one collapse, an expand of an expand one
// expand with the outer output shape (MLIR's ComposeReassociativeReshapeOps).
// CHECK-LABEL: func.func @compose_reshapes
// CHECK-SAME: (%[[A:[^:]*]]: tensor<2x3x4x5xf32>, %[[B:[^:]*]]: tensor<?x7xf32>, %[[I:[^:]*]]: index, %[[J:[^:]*]]: index
// CHECK: %[[C:.*]] = tensor.collapse_shape %[[A]] {{\[}}[0, 1, 2], [3]] : tensor<2x3x4x5xf32> into tensor<24x5xf32>
// CHECK: %[[E:.*]] = tensor.expand_shape %[[B]] {{\[}}[0, 1, 2], [3]] output_shape [%[[I]], 2, %[[J]], 7] : tensor<?x7xf32> into tensor<?x2x?x7xf32>
// CHECK: return %[[C]], %[[E]]
func.func @compose_reshapes(%a: tensor<2x3x4x5xf32>, %b: tensor<?x7xf32>, %i: index, %j: index, %k: index)
    -> (tensor<24x5xf32>, tensor<?x2x?x7xf32>) {
  %0 = tensor.collapse_shape %a [[0, 1], [2], [3]] : tensor<2x3x4x5xf32> into tensor<6x4x5xf32>
  %1 = tensor.collapse_shape %0 [[0, 1], [2]] : tensor<6x4x5xf32> into tensor<24x5xf32>
  %2 = tensor.expand_shape %b [[0, 1], [2]] output_shape [%k, %j, 7] : tensor<?x7xf32> into tensor<?x?x7xf32>
  %3 = tensor.expand_shape %2 [[0, 1], [2], [3]] output_shape [%i, 2, %j, 7] : tensor<?x?x7xf32> into tensor<?x2x?x7xf32>
  return %1, %3 : tensor<24x5xf32>, tensor<?x2x?x7xf32>
}

// -----

// A collapse of an expand whose groups nest is one reshape of the expand's
// source (MLIR's ComposeCollapseOfExpandOp): an expand takes the products of
// the old output sizes, multiplying dynamic ones with arith.muli; groups
// that cross stay.
// CHECK-LABEL: func.func @compose_collapse_of_expand
// CHECK-SAME: (%[[A:[^:]*]]: tensor<?x6xf32>, %[[B:[^:]*]]: tensor<?xf32>, %[[C:[^:]*]]: tensor<2x3x4xf32>, %[[D:[^:]*]]: tensor<6x4xf32>, %[[M:[^:]*]]: index, %[[N:[^:]*]]: index)
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK: %[[E0:.*]] = tensor.expand_shape %[[A]] {{\[}}[0, 1], [2]] output_shape [%[[M]], 5, 6] : tensor<?x6xf32> into tensor<?x5x6xf32>
// CHECK-DAG: %[[P:.*]] = arith.muli %[[M]], %[[C2]] : index
// CHECK-DAG: %[[Q:.*]] = arith.muli %[[N]], %[[C4]] : index
// CHECK: %[[E1:.*]] = tensor.expand_shape %[[B]] {{\[}}[0, 1]] output_shape [%[[P]], %[[Q]]] : tensor<?xf32> into tensor<?x?xf32>
// CHECK: %[[C0:.*]] = tensor.collapse_shape %[[C]] {{\[}}[0, 1], [2]] : tensor<2x3x4xf32> into tensor<6x4xf32>
// CHECK: %[[X:.*]] = tensor.expand_shape %[[D]] {{\[}}[0, 1], [2, 3]] output_shape [2, 3, 2, 2]
// CHECK: %[[Y:.*]] = tensor.collapse_shape %[[X]] {{\[}}[0], [1, 2], [3]] : tensor<2x3x2x2xf32> into tensor<2x6x2xf32>
// CHECK: return %[[E0]], %[[E1]], %[[C0]], %[[Y]]
func.func @compose_collapse_of_expand(%a: tensor<?x6xf32>, %b: tensor<?xf32>, %c: tensor<2x3x4xf32>, %d: tensor<6x4xf32>, %m: index, %n: index)
    -> (tensor<?x5x6xf32>, tensor<?x?xf32>, tensor<6x4xf32>, tensor<2x6x2xf32>) {
  %0 = tensor.expand_shape %a [[0, 1], [2, 3]] output_shape [%m, 5, 2, 3] : tensor<?x6xf32> into tensor<?x5x2x3xf32>
  %1 = tensor.collapse_shape %0 [[0], [1], [2, 3]] : tensor<?x5x2x3xf32> into tensor<?x5x6xf32>
  %2 = tensor.expand_shape %b [[0, 1, 2, 3]] output_shape [%m, 2, %n, 4] : tensor<?xf32> into tensor<?x2x?x4xf32>
  %3 = tensor.collapse_shape %2 [[0, 1], [2, 3]] : tensor<?x2x?x4xf32> into tensor<?x?xf32>
  %4 = tensor.expand_shape %c [[0], [1], [2, 3]] output_shape [2, 3, 2, 2] : tensor<2x3x4xf32> into tensor<2x3x2x2xf32>
  %5 = tensor.collapse_shape %4 [[0, 1], [2, 3]] : tensor<2x3x2x2xf32> into tensor<6x4xf32>
  %6 = tensor.expand_shape %d [[0, 1], [2, 3]] output_shape [2, 3, 2, 2] : tensor<6x4xf32> into tensor<2x3x2x2xf32>
  %7 = tensor.collapse_shape %6 [[0], [1, 2], [3]] : tensor<2x3x2x2xf32> into tensor<2x6x2xf32>
  return %1, %3, %5, %7 : tensor<?x5x6xf32>, tensor<?x?xf32>, tensor<6x4xf32>, tensor<2x6x2xf32>
}

// -----

// An expand of a collapse is one collapse or expand of the collapse's
// source when each group's sizes collapse one way only, scanning left to
// right and right to left (MLIR's ComposeExpandOfCollapseOp); unit sizes
// may go either way. 2x2x? into 2x? is refused: the right-to-left scan
// fails.
// CHECK-LABEL: func.func @compose_expand_of_collapse
// CHECK-SAME: (%[[A:[^:]*]]: tensor<2x3x4x5xf32>, %[[B:[^:]*]]: tensor<?x8xf32>, %[[C:[^:]*]]: tensor<3x1x4xf32>, %[[D:[^:]*]]: tensor<2x2x?xf32>, %[[F:[^:]*]]: tensor<1x1xf32>, %[[M:[^:]*]]: index)
// CHECK: %[[R0:.*]] = tensor.collapse_shape %[[A]] {{\[}}[0, 1], [2], [3]] : tensor<2x3x4x5xf32> into tensor<6x4x5xf32>
// CHECK: %[[R1:.*]] = tensor.expand_shape %[[B]] {{\[}}[0], [1, 2]] output_shape [%[[M]], 2, 4] : tensor<?x8xf32> into tensor<?x2x4xf32>
// CHECK: %[[R2:.*]] = tensor.collapse_shape %[[C]] {{\[}}[0], [1, 2]] : tensor<3x1x4xf32> into tensor<3x4xf32>
// CHECK: %[[K:.*]] = tensor.collapse_shape %[[D]] {{\[}}[0, 1, 2]]
// CHECK: %[[R3:.*]] = tensor.expand_shape %[[K]] {{\[}}[0, 1]] output_shape [2, %[[M]]]
// CHECK: %[[R4:.*]] = tensor.expand_shape %[[F]] {{\[}}[0], [1, 2]] output_shape [1, 1, 1] : tensor<1x1xf32> into tensor<1x1x1xf32>
// CHECK: return %[[R0]], %[[R1]], %[[R2]], %[[R3]], %[[R4]]
func.func @compose_expand_of_collapse(%a: tensor<2x3x4x5xf32>, %b: tensor<?x8xf32>, %c: tensor<3x1x4xf32>, %d: tensor<2x2x?xf32>, %f: tensor<1x1xf32>, %m: index)
    -> (tensor<6x4x5xf32>, tensor<?x2x4xf32>, tensor<3x4xf32>, tensor<2x?xf32>, tensor<1x1x1xf32>) {
  %0 = tensor.collapse_shape %a [[0, 1, 2], [3]] : tensor<2x3x4x5xf32> into tensor<24x5xf32>
  %1 = tensor.expand_shape %0 [[0, 1], [2]] output_shape [6, 4, 5] : tensor<24x5xf32> into tensor<6x4x5xf32>
  %2 = tensor.collapse_shape %b [[0, 1]] : tensor<?x8xf32> into tensor<?xf32>
  %3 = tensor.expand_shape %2 [[0, 1, 2]] output_shape [%m, 2, 4] : tensor<?xf32> into tensor<?x2x4xf32>
  %4 = tensor.collapse_shape %c [[0, 1, 2]] : tensor<3x1x4xf32> into tensor<12xf32>
  %5 = tensor.expand_shape %4 [[0, 1]] output_shape [3, 4] : tensor<12xf32> into tensor<3x4xf32>
  %6 = tensor.collapse_shape %d [[0, 1, 2]] : tensor<2x2x?xf32> into tensor<?xf32>
  %7 = tensor.expand_shape %6 [[0, 1]] output_shape [2, %m] : tensor<?xf32> into tensor<2x?xf32>
  %8 = tensor.collapse_shape %f [] : tensor<1x1xf32> into tensor<f32>
  %9 = tensor.expand_shape %8 [] output_shape [1, 1, 1] : tensor<f32> into tensor<1x1x1xf32>
  return %1, %3, %5, %7, %9 : tensor<6x4x5xf32>, tensor<?x2x4xf32>, tensor<3x4xf32>, tensor<2x?xf32>, tensor<1x1x1xf32>
}

// -----

// A collapse of a cast that loses static sizes collapses the cast's source,
// casting the result back when it comes out more static (MLIR's
// FoldCollapseOfCastOp).
// CHECK-LABEL: func.func @collapse_of_cast
// CHECK-SAME: (%[[T:[^:]*]]: tensor<8x?x32xf32>, %[[U:[^:]*]]: tensor<?x4xf32>)
// CHECK: %[[C:.*]] = tensor.collapse_shape %[[T]] {{\[}}[0, 1], [2]] : tensor<8x?x32xf32> into tensor<?x32xf32>
// CHECK: %[[K:.*]] = tensor.cast %[[C]] : tensor<?x32xf32> to tensor<?x?xf32>
// CHECK: %[[D:.*]] = tensor.collapse_shape %[[U]] {{\[}}[0, 1]] : tensor<?x4xf32> into tensor<?xf32>
// CHECK: return %[[K]], %[[D]]
func.func @collapse_of_cast(%t: tensor<8x?x32xf32>, %u: tensor<?x4xf32>) -> (tensor<?x?xf32>, tensor<?xf32>) {
  %0 = tensor.cast %t : tensor<8x?x32xf32> to tensor<?x?x?xf32>
  %1 = tensor.collapse_shape %0 [[0, 1], [2]] : tensor<?x?x?xf32> into tensor<?x?xf32>
  %2 = tensor.cast %u : tensor<?x4xf32> to tensor<?x?xf32>
  %3 = tensor.collapse_shape %2 [[0, 1]] : tensor<?x?xf32> into tensor<?xf32>
  return %1, %3 : tensor<?x?xf32>, tensor<?xf32>
}

// -----

// A reshape of a from_elements is a from_elements of the reshaped type (MLIR's
// FoldReshapeWithFromElements).
// CHECK-LABEL: func.func @reshape_of_from_elements
// CHECK-SAME: (%[[A:[^:]*]]: f32, %[[B:[^:]*]]: f32)
// CHECK: %[[C:.*]] = tensor.from_elements %[[A]], %[[B]] : tensor<2xf32>
// CHECK: %[[E:.*]] = tensor.from_elements %[[A]], %[[B]] : tensor<1x2x1xf32>
// CHECK-NOT: tensor.{{.*}}_shape
// CHECK: return %[[C]], %[[E]]
func.func @reshape_of_from_elements(%a: f32, %b: f32) -> (tensor<2xf32>, tensor<1x2x1xf32>) {
  %0 = tensor.from_elements %a, %b : tensor<1x2xf32>
  %1 = tensor.collapse_shape %0 [[0, 1]] : tensor<1x2xf32> into tensor<2xf32>
  %2 = tensor.from_elements %a, %b : tensor<2xf32>
  %3 = tensor.expand_shape %2 [[0, 1, 2]] output_shape [1, 2, 1] : tensor<2xf32> into tensor<1x2x1xf32>
  return %1, %3 : tensor<2xf32>, tensor<1x2x1xf32>
}

// -----

// An expand of a cast that loses static sizes takes constant output sizes as
// static where the group's size before the cast is static, expanding a cast
// of the source and casting back (MLIR's ConvertToStaticExpandShape); the
// chained casts then fold away.
// CHECK-LABEL: func.func @static_expand_of_cast
// CHECK-SAME: (%[[T:[^:]*]]: tensor<6x?xf32>, %[[N:[^:]*]]: index)
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK-NOT: tensor.cast
// CHECK: %[[E:.*]] = tensor.expand_shape %[[T]] {{\[}}[0, 1], [2, 3]] output_shape [2, 3, %[[C2]], %[[N]]] : tensor<6x?xf32> into tensor<2x3x?x?xf32>
// CHECK: %[[R:.*]] = tensor.cast %[[E]] : tensor<2x3x?x?xf32> to tensor<?x?x?x?xf32>
// CHECK: return %[[R]]
func.func @static_expand_of_cast(%t: tensor<6x?xf32>, %n: index) -> tensor<?x?x?x?xf32> {
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %0 = tensor.cast %t : tensor<6x?xf32> to tensor<?x?xf32>
  %1 = tensor.expand_shape %0 [[0, 1], [2, 3]] output_shape [%c2, %c3, %c2, %n] : tensor<?x?xf32> into tensor<?x?x?x?xf32>
  return %1 : tensor<?x?x?x?xf32>
}

// -----

// A reshape of a static splat is a splat (MLIR's FoldReshapeWithSplat); a
// dynamic one stays.
// CHECK-LABEL: func.func @reshape_of_splat
// CHECK-SAME: (%[[F:[^:]*]]: f32, %[[N:[^:]*]]: index)
// CHECK: %[[S:.*]] = tensor.splat %[[F]] : tensor<2x2x2xf32>
// CHECK: %[[D:.*]] = tensor.splat %[[F]][%[[N]]] : tensor<2x2x?xf32>
// CHECK: %[[C:.*]] = tensor.collapse_shape %[[D]]
// CHECK: return %[[S]], %[[C]]
func.func @reshape_of_splat(%f: f32, %n: index) -> (tensor<2x2x2xf32>, tensor<2x?xf32>) {
  %s = tensor.splat %f : tensor<2x4xf32>
  %e = tensor.expand_shape %s [[0], [1, 2]] output_shape [2, 2, 2] : tensor<2x4xf32> into tensor<2x2x2xf32>
  %d = tensor.splat %f[%n] : tensor<2x2x?xf32>
  %c = tensor.collapse_shape %d [[0], [1, 2]] : tensor<2x2x?xf32> into tensor<2x?xf32>
  return %e, %c : tensor<2x2x2xf32>, tensor<2x?xf32>
}

// -----

// Constant offsets, sizes and strides become static (MLIR's
// OpWithOffsetSizesAndStridesConstantArgumentFolder): the extract's result
// takes the new sizes, dropping its first unit dimensions to keep its rank,
// and a cast restores its type; the insert's source is cast to that type.
// A negative offset, or one out of bounds, stays an operand.
// CHECK-LABEL: func.func @slice_constant_arguments
// CHECK-SAME: (%[[T:[^:]*]]: tensor<?x?x?xf32>, %[[S:[^:]*]]: tensor<?x?xf32>, %[[I:[^:]*]]: index, %[[U:[^:]*]]: tensor<5xf32>)
// CHECK-DAG: %[[M1:.*]] = arith.constant -1 : index
// CHECK-DAG: %[[C9:.*]] = arith.constant 9 : index
// CHECK: %[[E:.*]] = tensor.extract_slice %[[T]][0, %[[I]], 1] [4, 1, %[[I]]] [1, 1, 1] : tensor<?x?x?xf32> to tensor<4x?xf32>
// CHECK: %[[EC:.*]] = tensor.cast %[[E]] : tensor<4x?xf32> to tensor<?x?xf32>
// CHECK: %[[SC:.*]] = tensor.cast %[[S]] : tensor<?x?xf32> to tensor<4x?xf32>
// CHECK: %[[N:.*]] = tensor.insert_slice %[[SC]] into %[[T]][0, %[[I]], 1] [4, 1, %[[I]]] [1, 1, 1] : tensor<4x?xf32> into tensor<?x?x?xf32>
// CHECK: %[[NEG:.*]] = tensor.extract_slice %[[T]][%[[M1]], 0, 0] [1, 1, 1] [1, 1, 1]
// CHECK: %[[OOB:.*]] = tensor.extract_slice %[[U]][%[[C9]]] [1] [1] : tensor<5xf32> to tensor<1xf32>
// CHECK: return %[[EC]], %[[N]], %[[NEG]], %[[OOB]]
func.func @slice_constant_arguments(%t: tensor<?x?x?xf32>, %s: tensor<?x?xf32>, %i: index, %u: tensor<5xf32>)
    -> (tensor<?x?xf32>, tensor<?x?x?xf32>, tensor<1x1x1xf32>, tensor<1xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %m1 = arith.constant -1 : index
  %c9 = arith.constant 9 : index
  %e = tensor.extract_slice %t[%c0, %i, %c1] [%c4, 1, %i] [%c1, %c1, %c1] : tensor<?x?x?xf32> to tensor<?x?xf32>
  %n = tensor.insert_slice %s into %t[%c0, %i, %c1] [%c4, 1, %i] [%c1, %c1, %c1] : tensor<?x?xf32> into tensor<?x?x?xf32>
  %neg = tensor.extract_slice %t[%m1, 0, 0] [1, 1, 1] [1, 1, 1] : tensor<?x?x?xf32> to tensor<1x1x1xf32>
  %oob = tensor.extract_slice %u[%c9] [1] [1] : tensor<5xf32> to tensor<1xf32>
  return %e, %n, %neg, %oob : tensor<?x?xf32>, tensor<?x?x?xf32>, tensor<1x1x1xf32>, tensor<1xf32>
}

// -----

// Slice folds (ExtractSliceOp::fold, InsertSliceOp::fold): an extract of
// what an insert put at the same place is the inserted value; an insert over
// an insert at the same place replaces it; an insert of what was extracted
// from the same place is the tensor; an insert of nothing is the dest.
// CHECK-LABEL: func.func @slice_folds
// CHECK-SAME: (%[[T:[^:]*]]: tensor<8x8xf32>, %[[A:[^:]*]]: tensor<2x2xf32>, %[[B:[^:]*]]: tensor<2x2xf32>, %[[I:[^:]*]]: index, %[[Z:[^:]*]]: tensor<0x2xf32>)
// CHECK: %[[N:.*]] = tensor.insert_slice %[[B]] into %[[T]][%[[I]], 0] [2, 2] [1, 1]
// CHECK: return %[[A]], %[[N]], %[[T]], %[[T]]
func.func @slice_folds(%t: tensor<8x8xf32>, %a: tensor<2x2xf32>, %b: tensor<2x2xf32>, %i: index, %z: tensor<0x2xf32>)
    -> (tensor<2x2xf32>, tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>) {
  %0 = tensor.insert_slice %a into %t[%i, 0] [2, 2] [1, 1] : tensor<2x2xf32> into tensor<8x8xf32>
  %1 = tensor.extract_slice %0[%i, 0] [2, 2] [1, 1] : tensor<8x8xf32> to tensor<2x2xf32>
  %2 = tensor.insert_slice %b into %0[%i, 0] [2, 2] [1, 1] : tensor<2x2xf32> into tensor<8x8xf32>
  %3 = tensor.extract_slice %t[%i, 4] [2, 2] [1, 1] : tensor<8x8xf32> to tensor<2x2xf32>
  %4 = tensor.insert_slice %3 into %t[%i, 4] [2, 2] [1, 1] : tensor<2x2xf32> into tensor<8x8xf32>
  %5 = tensor.insert_slice %z into %t[1, 1] [0, 2] [1, 1] : tensor<0x2xf32> into tensor<8x8xf32>
  return %1, %2, %4, %5 : tensor<2x2xf32>, tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>
}

// -----

// A slice of a cast that only loses static sizes reads the cast's source
// (MLIR's ExtractSliceOpCastFolder); a cast to more static sizes stays.
// CHECK-LABEL: func.func @extract_slice_of_cast
// CHECK-SAME: (%[[T:[^:]*]]: tensor<4x6x16xf32>, %[[U:[^:]*]]: tensor<?x16xf32>, %[[I:[^:]*]]: index)
// CHECK: %[[S:.*]] = tensor.extract_slice %[[T]][%[[I]], 1, 0] [1, 1, 16] [1, 1, 1] : tensor<4x6x16xf32> to tensor<16xf32>
// CHECK: %[[C:.*]] = tensor.cast %[[U]] : tensor<?x16xf32> to tensor<4x16xf32>
// CHECK: %[[K:.*]] = tensor.extract_slice %[[C]][%[[I]], 0] [1, 16] [1, 1] : tensor<4x16xf32> to tensor<16xf32>
// CHECK: return %[[S]], %[[K]]
func.func @extract_slice_of_cast(%t: tensor<4x6x16xf32>, %u: tensor<?x16xf32>, %i: index) -> (tensor<16xf32>, tensor<16xf32>) {
  %0 = tensor.cast %t : tensor<4x6x16xf32> to tensor<?x?x16xf32>
  %1 = tensor.extract_slice %0[%i, 1, 0] [1, 1, 16] [1, 1, 1] : tensor<?x?x16xf32> to tensor<16xf32>
  %2 = tensor.cast %u : tensor<?x16xf32> to tensor<4x16xf32>
  %3 = tensor.extract_slice %2[%i, 0] [1, 16] [1, 1] : tensor<4x16xf32> to tensor<16xf32>
  return %1, %3 : tensor<16xf32>, tensor<16xf32>
}

// -----

// Casts that only lose static sizes fold into an insert_slice (MLIR's
// InsertSliceOpCastFolder): the source's static sizes replace the slice's,
// and a cast of the new result gives back the old type; a cast that gains
// static sizes stays.
// CHECK-LABEL: func.func @insert_slice_of_casts
// CHECK-SAME: (%[[A:[^:]*]]: tensor<16x32xi8>, %[[B:[^:]*]]: tensor<4x6x16x32xi8>, %[[S:[^:]*]]: index, %[[U:[^:]*]]: tensor<1x?xi8>, %[[D:[^:]*]]: tensor<?x?xi8>, %[[I:[^:]*]]: index)
// CHECK: %[[R:.*]] = tensor.insert_slice %[[A]] into %[[B]][%[[I]], 1, 0, 0] [1, 1, 16, 32] [1, 1, 1, 1] : tensor<16x32xi8> into tensor<4x6x16x32xi8>
// CHECK: %[[RC:.*]] = tensor.cast %[[R]] : tensor<4x6x16x32xi8> to tensor<?x?x16x32xi8>
// CHECK: %[[KC:.*]] = tensor.cast %[[U]] : tensor<1x?xi8> to tensor<?x5xi8>
// CHECK: %[[K:.*]] = tensor.insert_slice %[[KC]] into %[[D]]
// CHECK: return %[[RC]], %[[K]]
func.func @insert_slice_of_casts(%a: tensor<16x32xi8>, %b: tensor<4x6x16x32xi8>, %s: index, %u: tensor<1x?xi8>, %d: tensor<?x?xi8>, %i: index)
    -> (tensor<?x?x16x32xi8>, tensor<?x?xi8>) {
  %ca = tensor.cast %a : tensor<16x32xi8> to tensor<?x32xi8>
  %cb = tensor.cast %b : tensor<4x6x16x32xi8> to tensor<?x?x16x32xi8>
  %r = tensor.insert_slice %ca into %cb[%i, 1, 0, 0] [1, 1, %s, 32] [1, 1, 1, 1] : tensor<?x32xi8> into tensor<?x?x16x32xi8>
  %cu = tensor.cast %u : tensor<1x?xi8> to tensor<?x5xi8>
  %k = tensor.insert_slice %cu into %d[%i, %i] [%s, 5] [1, 1] : tensor<?x5xi8> into tensor<?x?xi8>
  return %r, %k : tensor<?x?x16x32xi8>, tensor<?x?xi8>
}
