// RUN: kiln opt %s --split-input-file '--lower-vector-multi-reduction=lowering-strategy=inner-reduction' | FileCheck %s --check-prefixes=ALL,RED
// RUN: kiln opt %s --split-input-file --lower-vector-multi-reduction | FileCheck %s --check-prefixes=ALL,PAR
// RUN: not kiln opt %s '--lower-vector-multi-reduction=lowering-strategy=outer' 2>&1 | FileCheck %s --check-prefix=BAD

// BAD: error: for the --lowering-strategy option: Cannot find option named 'outer'!

// MLIR's lowering: reduced dims go innermost (inner-reduction) or
// outermost (inner-parallel, the default) by a transpose, the source is
// shape_cast to 2-d, then one vector.reduction per row, or one element-wise
// arith op per reduced row.
// ALL-LABEL: func.func @middle(
// ALL-SAME:    %[[V:.*]]: vector<3x4x5xi32>, %[[ACC:.*]]: vector<4xi32>)
// RED:         %[[T:.*]] = vector.transpose %[[V]], [1, 0, 2] : vector<3x4x5xi32> to vector<4x3x5xi32>
// RED:         %[[C:.*]] = vector.shape_cast %[[T]] : vector<4x3x5xi32> to vector<4x15xi32>
// RED:         %[[R0:.*]] = vector.extract %[[C]][0] : vector<15xi32> from vector<4x15xi32>
// RED:         %[[A0:.*]] = vector.extract %[[ACC]][0] : i32 from vector<4xi32>
// RED:         vector.reduction <maxsi>, %[[R0]], %[[A0]] : vector<15xi32> into i32
// RED-COUNT-3: vector.reduction <maxsi>
// PAR:         %[[T:.*]] = vector.transpose %[[V]], [0, 2, 1] : vector<3x4x5xi32> to vector<3x5x4xi32>
// The rows of the 15x4 shape_cast are extracted from the transpose (the
// extract of a shape_cast folds).
// PAR:         %[[R0:.*]] = vector.extract %[[T]][0, 0] : vector<4xi32> from vector<3x5x4xi32>
// PAR:         %[[M0:.*]] = arith.maxsi %[[R0]], %[[ACC]] : vector<4xi32>
// PAR:         %[[R1:.*]] = vector.extract %[[T]][0, 1] : vector<4xi32> from vector<3x5x4xi32>
// PAR:         arith.maxsi %[[R1]], %[[M0]] : vector<4xi32>
// PAR-COUNT-13: arith.maxsi
// ALL-NOT:     vector.multi_reduction
func.func @middle(%v: vector<3x4x5xi32>, %acc: vector<4xi32>) -> vector<4xi32> {
  %r = vector.multi_reduction <maxsi>, %v, %acc [0, 2] : vector<3x4x5xi32> to vector<4xi32>
  return %r : vector<4xi32>
}

// -----

// A reduction to a scalar goes through a 1xN shape_cast; the folds of the
// greedy driver (shape_cast chains, extracts of broadcasts and inserts)
// leave one vector.reduction of the inner-reduction form.
// ALL-LABEL: func.func @to_scalar(
// ALL-SAME:    %[[V:.*]]: vector<2x3xf32>, %[[ACC:.*]]: f32)
// RED:         %[[C:.*]] = vector.shape_cast %[[V]] : vector<2x3xf32> to vector<6xf32>
// RED:         %[[R:.*]] = vector.reduction <add>, %[[C]], %[[ACC]] : vector<6xf32> into f32
// RED:         return %[[R]]
// PAR:         %[[C:.*]] = vector.shape_cast %[[V]] : vector<2x3xf32> to vector<1x6xf32>
// PAR:         %[[A:.*]] = vector.broadcast %[[ACC]] : f32 to vector<1xf32>
// PAR:         vector.transpose %[[C]], [1, 0] : vector<1x6xf32> to vector<6x1xf32>
// PAR-COUNT-6: arith.addf
// ALL-NOT:     vector.multi_reduction
func.func @to_scalar(%v: vector<2x3xf32>, %acc: f32) -> f32 {
  %r = vector.multi_reduction <add>, %v, %acc [0, 1] : vector<2x3xf32> to f32
  return %r : f32
}

// -----

// A scalable 1-d source keeps its scalable dim through the 1x[N] shape_cast.
// ALL-LABEL: func.func @scalable_to_scalar(
// ALL-SAME:    %[[V:.*]]: vector<[4]xf32>, %[[ACC:.*]]: f32)
// RED:         %[[R:.*]] = vector.reduction <add>, %[[V]], %[[ACC]] : vector<[4]xf32> into f32
// RED:         return %[[R]]
// PAR:         %[[C:.*]] = vector.shape_cast %[[V]] : vector<[4]xf32> to vector<1x[4]xf32>
// PAR:         vector.transpose %[[C]], [1, 0] : vector<1x[4]xf32> to vector<[4]x1xf32>
// ALL-NOT:     vector.multi_reduction
func.func @scalable_to_scalar(%v: vector<[4]xf32>, %acc: f32) -> f32 {
  %r = vector.multi_reduction <add>, %v, %acc [0] : vector<[4]xf32> to f32
  return %r : f32
}
