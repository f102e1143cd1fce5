// RUN: kiln opt %s --split-input-file --verify-diagnostics

func.func @map_count(%t: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @below {{'linalg.generic' op expected the number of indexing_map (1) to be equal to the number of input/output operands (2)}}
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%t : tensor<4xf32>) outs(%t : tensor<4xf32>) {
  ^bb0(%a: f32, %b: f32):
    linalg.yield %a : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

func.func @map_dims(%t: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @below {{'linalg.generic' op expected indexing_map #1 to have 1 dim(s) to match the number of loops}}
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel"]}
      ins(%t : tensor<4xf32>) outs(%t : tensor<4xf32>) {
  ^bb0(%a: f32, %b: f32):
    linalg.yield %a : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

func.func @operand_rank(%t: tensor<4x4xf32>, %v: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @below {{'linalg.generic' op expected operand rank (2) to match the result rank of indexing_map #0 (1)}}
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%t : tensor<4x4xf32>) outs(%v : tensor<4xf32>) {
  ^bb0(%a: f32, %b: f32):
    linalg.yield %a : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

func.func @block_arg_type(%t: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @below {{'linalg.generic' op expected type of bb argument #0 (i32) to match element or self type of the corresponding operand (f32)}}
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%t : tensor<4xf32>) outs(%t : tensor<4xf32>) {
  ^bb0(%a: i32, %b: f32):
    linalg.yield %b : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

func.func @yield_type(%t: tensor<4xf32>, %i: i32) -> tensor<4xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%t : tensor<4xf32>) outs(%t : tensor<4xf32>) {
  ^bb0(%a: f32, %b: f32):
    // expected-error @below {{'linalg.yield' op type of yield operand 1 (i32) doesn't match the element type of the enclosing linalg.generic op (f32)}}
    linalg.yield %i : i32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

func.func @result_type(%t: tensor<4xf32>) {
  // expected-error @below {{'linalg.fill' op expected type of operand #1 (tensor<4xf32>) to match type of corresponding result (tensor<?xf32>)}}
  %r = linalg.fill ins(%t : tensor<4xf32>) outs(%t : tensor<4xf32>) -> tensor<?xf32>
  return
}

// -----

func.func @fill_scalar(%t: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @below {{'linalg.fill' op expects a scalar value to fill with, but got 'tensor<4xf32>'}}
  %r = linalg.fill ins(%t : tensor<4xf32>) outs(%t : tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

func.func @bad_iterator(%t: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @below {{unexpected iterator_type ("window")}}
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["window"]}
      ins(%t : tensor<4xf32>) outs(%t : tensor<4xf32>) {
  ^bb0(%a: f32, %b: f32):
    linalg.yield %a : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

func.func @bad_unary_fn(%t: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @below {{expected ::mlir::linalg::UnaryFn to be one of: exp, log, abs, ceil, floor, negf, reciprocal, round, sqrt, rsqrt, square, tanh, erf}}
  %r = linalg.elemwise_unary {fun = #linalg.unary_fn<sin>} ins(%t : tensor<4xf32>) outs(%t : tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}
