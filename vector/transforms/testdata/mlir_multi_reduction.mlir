// RUN: kiln opt %s --split-input-file '--lower-vector-multi-reduction=lowering-strategy=inner-reduction' | FileCheck %s --check-prefixes=ALL,RED
// RUN: kiln opt %s --split-input-file --lower-vector-multi-reduction | FileCheck %s --check-prefixes=ALL,PAR
// RUN: not kiln opt %s '--lower-vector-multi-reduction=lowering-strategy=outer' 2>&1 | FileCheck %s --check-prefix=BAD

// BAD: error: for the --lowering-strategy option: Cannot find option named 'outer'!

// MLIR's lowering, in three greedy phases: reduced dims go innermost
// (inner-reduction) or outermost (inner-parallel, the default) by a
// transpose; the source is shape_cast to 2-d; then one vector.reduction
// per row, or one element-wise arith op per reduced row.
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

// A reduction of every dim is flattened to 1-d after the phase that
// expands 1-d reductions to 2-d, and the last phase only lowers 2-d ones:
// that 1-d multi_reduction is left, as in MLIR.
// ALL-LABEL: func.func @to_scalar(
// ALL-SAME:    %[[V:.*]]: vector<2x3xf32>, %[[ACC:.*]]: f32)
// ALL:         %[[C:.*]] = vector.shape_cast %[[V]] : vector<2x3xf32> to vector<6xf32>
// ALL:         %[[R:.*]] = vector.multi_reduction <add>, %[[C]], %[[ACC]] [0] : vector<6xf32> to f32
// ALL:         return %[[R]]
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

// -----

// Under vector.mask the mask is transposed with the source...
// ALL-LABEL: func.func @masked_transpose(
// ALL-SAME:    %[[V:.*]]: vector<2x3x4xf32>, %[[ACC:.*]]: vector<3xf32>, %[[M:.*]]: vector<2x3x4xi1>)
// PAR:         %[[TM:.*]] = vector.transpose %[[M]], [0, 2, 1] : vector<2x3x4xi1> to vector<2x4x3xi1>
// PAR:         %[[TV:.*]] = vector.transpose %[[V]], [0, 2, 1] : vector<2x3x4xf32> to vector<2x4x3xf32>
// ...then cast to 2-d with it, and sliced by rows; masked-off lanes keep
// the accumulator.
// PAR:         %[[R0:.*]] = vector.extract %[[TV]][0, 0] : vector<3xf32> from vector<2x4x3xf32>
// PAR:         %[[MR0:.*]] = vector.extract %[[TM]][0, 0] : vector<3xi1> from vector<2x4x3xi1>
// PAR:         %[[A0:.*]] = arith.addf %[[R0]], %[[ACC]] : vector<3xf32>
// PAR:         %[[S0:.*]] = arith.select %[[MR0]], %[[A0]], %[[ACC]] : vector<3xi1>, vector<3xf32>
// PAR:         arith.addf %{{.*}}, %[[S0]] : vector<3xf32>
// RED:         %[[TM:.*]] = vector.transpose %[[M]], [1, 0, 2] : vector<2x3x4xi1> to vector<3x2x4xi1>
// RED:         %[[TV:.*]] = vector.transpose %[[V]], [1, 0, 2] : vector<2x3x4xf32> to vector<3x2x4xf32>
// RED:         %[[CM:.*]] = vector.shape_cast %[[TM]] : vector<3x2x4xi1> to vector<3x8xi1>
// RED:         %[[CV:.*]] = vector.shape_cast %[[TV]] : vector<3x2x4xf32> to vector<3x8xf32>
// RED:         %[[R0:.*]] = vector.extract %[[CV]][0] : vector<8xf32> from vector<3x8xf32>
// RED:         %[[A0:.*]] = vector.extract %[[ACC]][0] : f32 from vector<3xf32>
// RED:         %[[M0:.*]] = vector.extract %[[CM]][0] : vector<8xi1> from vector<3x8xi1>
// RED:         vector.mask %[[M0]] { vector.reduction <add>, %[[R0]], %[[A0]] : vector<8xf32> into f32 } : vector<8xi1> -> f32
// RED-COUNT-2: vector.mask
// ALL-NOT:     vector.multi_reduction
func.func @masked_transpose(%v: vector<2x3x4xf32>, %acc: vector<3xf32>, %m: vector<2x3x4xi1>) -> vector<3xf32> {
  %r = vector.mask %m { vector.multi_reduction <add>, %v, %acc [0, 2] : vector<2x3x4xf32> to vector<3xf32> } : vector<2x3x4xi1> -> vector<3xf32>
  return %r : vector<3xf32>
}

// -----

// A masked 1-d reduction broadcasts its mask to the 1xN shape; under
// inner-reduction the extracts of the broadcasts fold, leaving one masked
// vector.reduction.
// ALL-LABEL: func.func @masked_1d(
// ALL-SAME:    %[[V:.*]]: vector<4xi32>, %[[ACC:.*]]: i32, %[[M:.*]]: vector<4xi1>)
// RED:         %[[R:.*]] = vector.mask %[[M]] { vector.reduction <xor>, %[[V]], %[[ACC]] : vector<4xi32> into i32 } : vector<4xi1> -> i32
// RED:         return %[[R]]
// PAR:         %[[BM:.*]] = vector.broadcast %[[M]] : vector<4xi1> to vector<1x4xi1>
// PAR:         vector.transpose %[[BM]], [1, 0] : vector<1x4xi1> to vector<4x1xi1>
// PAR-COUNT-4: arith.select
// ALL-NOT:     vector.multi_reduction
func.func @masked_1d(%v: vector<4xi32>, %acc: i32, %m: vector<4xi1>) -> i32 {
  %r = vector.mask %m { vector.multi_reduction <xor>, %v, %acc [0] : vector<4xi32> to i32 } : vector<4xi1> -> i32
  return %r : i32
}

// -----

// A scalable mask is cast to the flattened shape with the source's
// scalable dim (MLIR drops it, making an invalid shape_cast).
// ALL-LABEL: func.func @masked_scalable(
// ALL-SAME:    %[[V:.*]]: vector<2x[4]xf32>, %[[ACC:.*]]: f32, %[[M:.*]]: vector<2x[4]xi1>)
// ALL:         %[[CM:.*]] = vector.shape_cast %[[M]] : vector<2x[4]xi1> to vector<[8]xi1>
// ALL:         %[[CV:.*]] = vector.shape_cast %[[V]] : vector<2x[4]xf32> to vector<[8]xf32>
// ALL:         vector.mask %[[CM]] { vector.multi_reduction <add>, %[[CV]], %[[ACC]] [0] : vector<[8]xf32> to f32 } : vector<[8]xi1> -> f32
func.func @masked_scalable(%v: vector<2x[4]xf32>, %acc: f32, %m: vector<2x[4]xi1>) -> f32 {
  %r = vector.mask %m { vector.multi_reduction <add>, %v, %acc [0, 1] : vector<2x[4]xf32> to f32 } : vector<2x[4]xi1> -> f32
  return %r : f32
}
