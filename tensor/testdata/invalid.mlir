// RUN: kiln opt %s --split-input-file --verify-diagnostics

func.func @empty_sizes(%n: index) {
  // expected-error@+1 {{'tensor.empty' op incorrect number of dynamic sizes, has 1, expected 2}}
  %e = tensor.empty(%n) : tensor<?x?xf32>
  return
}

// -----

func.func @extract_indices(%t: tensor<4x4xf32>, %i: index) {
  // expected-error@+1 {{'tensor.extract' op incorrect number of indices for extract_element}}
  %x = tensor.extract %t[%i] : tensor<4x4xf32>
  return
}

// -----

func.func @extract_syntax(%t: tensor<4xf32>, %i: index) {
  // expected-error@+1 {{expected ']'}}
  %x = tensor.extract %t[%i : tensor<4xf32>
  return
}

// -----

func.func @insert_indices(%t: tensor<4x4xf32>, %f: f32, %i: index) {
  // expected-error@+1 {{'tensor.insert' op incorrect number of indices}}
  %x = tensor.insert %f into %t[%i] : tensor<4x4xf32>
  return
}

// -----

func.func @cast_incompatible(%t: tensor<4xf32>) {
  // expected-error@+1 {{'tensor.cast' op operand type 'tensor<4xf32>' and result type 'tensor<5xf32>' are cast incompatible}}
  %x = tensor.cast %t : tensor<4xf32> to tensor<5xf32>
  return
}

// -----

func.func @cast_syntax(%t: tensor<4xf32>) {
  // expected-error@+1 {{expected 'to'}}
  %x = tensor.cast %t : tensor<4xf32> into tensor<?xf32>
  return
}

// -----

// The result type gives one type per element while parsing, as
// OpFormatGen's TypesMatchWith does; the generic form is verified.
func.func @from_elements_count(%f: f32) {
  // expected-error@+1 {{custom op 'tensor.from_elements' number of operands and types do not match: got 1 operands and 2 types}}
  %x = tensor.from_elements %f : tensor<2xf32>
  return
}

// -----

func.func @from_elements_count_generic(%f: f32) {
  // expected-error@+1 {{'tensor.from_elements' op number of operands and types do not match: got 1 operands and 2 types}}
  %x = "tensor.from_elements"(%f) : (f32) -> tensor<2xf32>
  return
}

// -----

func.func @from_elements_dynamic(%f: f32) {
  // expected-error@+1 {{'result' must be statically shaped tensor of any type values, but got 'tensor<?xf32>'}}
  %x = tensor.from_elements %f : tensor<?xf32>
  return
}

// -----

func.func @dim_not_tensor(%m: memref<4xf32>, %i: index) {
  // expected-error@+1 {{'tensor.dim' op operand #0 must be tensor of any type values, but got 'memref<4xf32>'}}
  %x = "tensor.dim"(%m, %i) : (memref<4xf32>, index) -> index
  return
}

// -----

func.func @slice_size_mismatch(%t: tensor<8x16xf32>) {
  // expected-error@+1 {{expected type to be tensor<2x4xf32> or a rank-reduced version. (size mismatch)}}
  %x = tensor.extract_slice %t[0, 0] [2, 4] [1, 1] : tensor<8x16xf32> to tensor<2x5xf32>
  return
}

// -----

func.func @slice_rank(%t: tensor<8xf32>) {
  // expected-error@+1 {{expected rank to be smaller or equal to the other rank.}}
  %x = tensor.extract_slice %t[0] [2] [1] : tensor<8xf32> to tensor<2x1xf32>
  return
}

// -----

func.func @slice_offsets(%t: tensor<8x16xf32>) {
  // expected-error@+1 {{'tensor.extract_slice' op expected 2 offset values}}
  %x = tensor.extract_slice %t[0] [2, 4] [1, 1] : tensor<8x16xf32> to tensor<2x4xf32>
  return
}

// -----

func.func @slice_list_syntax(%t: tensor<8xf32>) {
  // expected-error@+1 {{expected SSA value or integer}}
  %x = tensor.extract_slice %t[0] [f32] [1] : tensor<8xf32> to tensor<2xf32>
  return
}

// -----

func.func @insert_slice_elem(%s: tensor<2xi32>, %t: tensor<8xf32>) {
  // expected-error@+1 {{expected element type to be f32}}
  %x = tensor.insert_slice %s into %t[0] [2] [1] : tensor<2xi32> into tensor<8xf32>
  return
}

// -----

func.func @parallel_insert_outside(%s: tensor<1xf32>, %t: tensor<8xf32>) {
  // expected-error@+1 {{expected ParallelCombiningOpInterface parent, got: 'func.func'}}
  tensor.parallel_insert_slice %s into %t[0] [1] [1] : tensor<1xf32> into tensor<8xf32>
  return
}

// -----

func.func @collapse_static(%t: tensor<2x3xf32>) {
  // expected-error@+1 {{'tensor.collapse_shape' op expected dimension 0 of collapsed type to be static value of 6}}
  %x = tensor.collapse_shape %t [[0, 1]] : tensor<2x3xf32> into tensor<5xf32>
  return
}

// -----

func.func @collapse_groups(%t: tensor<2x3xf32>) {
  // expected-error@+1 {{'tensor.collapse_shape' op expected reassociation map #0 to be valid and contiguous}}
  %x = tensor.collapse_shape %t [[1, 0]] : tensor<2x3xf32> into tensor<6xf32>
  return
}

// -----

func.func @expand_dynamic(%t: tensor<6xf32>) {
  // expected-error@+1 {{'tensor.expand_shape' op expected dimension 0 of collapsed type to be dynamic since one or more of the corresponding dimensions in the expanded type is dynamic}}
  %x = tensor.expand_shape %t [[0, 1]] : tensor<6xf32> into tensor<2x?xf32>
  return
}

// -----

func.func @expand_output_shape(%t: tensor<6xf32>) {
  // expected-error@+1 {{'tensor.expand_shape' op invalid output shape provided at pos 1}}
  %x = tensor.expand_shape %t [[0, 1]] output_shape [2, 4] : tensor<6xf32> into tensor<2x3xf32>
  return
}

// -----

func.func @rank_operand(%m: memref<4xf32>) {
  // expected-error@+1 {{'tensor.rank' op operand #0 must be tensor of any type values, but got 'memref<4xf32>'}}
  %r = tensor.rank %m : memref<4xf32>
  return
}

// -----

func.func @generate_extents(%m: index) -> tensor<?x3x?xf32> {
  // expected-error@+1 {{must have as many index operands as dynamic extents in the result type}}
  %t = tensor.generate %m {
  ^bb0(%i: index, %j: index, %k: index):
    %e = arith.constant 8.0 : f32
    tensor.yield %e : f32
  } : tensor<?x3x?xf32>
  return %t : tensor<?x3x?xf32>
}

// -----

func.func @generate_body_args(%m: index, %n: index) -> tensor<?x3x?xf32> {
  // expected-error@+1 {{must have one body argument per input dimension}}
  %t = tensor.generate %m, %n {
  ^bb0(%i: index, %j: index):
    %e = arith.constant 8.0 : f32
    tensor.yield %e : f32
  } : tensor<?x3x?xf32>
  return %t : tensor<?x3x?xf32>
}

// -----

func.func @generate_body_arg_type(%m: index, %n: index) -> tensor<?x3x?xf32> {
  // expected-error@+1 {{all body arguments must be index}}
  %t = tensor.generate %m, %n {
  ^bb0(%i: index, %j: index, %k: i64):
    %e = arith.constant 8.0 : f32
    tensor.yield %e : f32
  } : tensor<?x3x?xf32>
  return %t : tensor<?x3x?xf32>
}

// -----

func.func @generate_return(%m: index, %n: index) -> tensor<?x3x?xf32> {
  // expected-error@+4 {{'func.return' op expects parent op 'func.func'}}
  %t = tensor.generate %m, %n {
  ^bb0(%i: index, %j: index, %k: index):
    %e = arith.constant 8.0 : f32
    func.return %e : f32
  } : tensor<?x3x?xf32>
  return %t : tensor<?x3x?xf32>
}

// -----

func.func @generate_yield_type(%m: index, %n: index) -> tensor<?x3x?xf32> {
  // expected-error@+1 {{'tensor.generate' op body must be terminated with a `yield` operation of the tensor element type}}
  %t = tensor.generate %m, %n {
  ^bb0(%i: index, %j: index, %k: index):
    %e = arith.constant 8 : i32
    tensor.yield %e : i32
  } : tensor<?x3x?xf32>
  return %t : tensor<?x3x?xf32>
}

// -----

func.func @generate_unranked() {
  // expected-error@+1 {{'tensor.generate' op result #0 must be ranked tensor of any type values, but got 'tensor<*xf32>'}}
  %t = "tensor.generate"() ({
  ^bb0:
    %e = arith.constant 8.0 : f32
    tensor.yield %e : f32
  }) : () -> tensor<*xf32>
  return
}

// -----

func.func @generate_blocks(%f: f32) {
  // expected-error@+1 {{'tensor.generate' op expects region #0 to have 0 or 1 blocks}}
  %t = "tensor.generate"() ({
  ^bb0(%i: index):
    tensor.yield %f : f32
  ^bb1:
    tensor.yield %f : f32
  }) : () -> tensor<4xf32>
  return
}

// -----

func.func @generate_no_block() {
  // expected-error@+1 {{'tensor.generate' op region #0 ('body') failed to verify constraint: region with 1 blocks}}
  %t = "tensor.generate"() ({
  }) : () -> tensor<4xf32>
  return
}

// -----

func.func @yield_parent(%f: f32) {
  // expected-error@+2 {{'tensor.yield' op expects parent op to be one of 'tensor.generate, tensor.pad'}}
  scf.execute_region {
    tensor.yield %f : f32
  }
  return
}

// -----

func.func @generate_implicit_yield(%m: index) -> tensor<?xf32> {
  // The implicit terminator has no value (MLIR's dummy YieldOp builder).
  // expected-error@+1 {{'tensor.yield' op requires a single operand}}
  %t = tensor.generate %m {
  ^bb0(%i: index):
  } : tensor<?xf32>
  return %t : tensor<?xf32>
}
