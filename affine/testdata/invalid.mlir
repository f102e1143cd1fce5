// RUN: kiln opt %s --allow-unregistered-dialect --split-input-file --verify-diagnostics

func.func @apply_two_results(%i: index) {
  // expected-error @below {{'affine.apply' op mapping must produce one value}}
  %r = "affine.apply"(%i) {map = affine_map<(d0) -> (d0, d0)>} : (index) -> index
  return
}

// -----

func.func @apply_operand_count(%i: index) {
  // expected-error @below {{dimension or symbol index mismatch}}
  %r = affine.apply affine_map<(d0, d1) -> (d0 + d1)>(%i)
  return
}

// -----

func.func @min_operand_count(%i: index) {
  // expected-error @below {{'affine.min' op operand count and affine map dimension and symbol count must match}}
  %r = "affine.min"(%i, %i) {map = affine_map<(d0) -> (d0, 4)>} : (index, index) -> index
  return
}

// -----

func.func @for_bound_needs_prefix(%n: index) {
  // expected-error @below {{lower loop bound affine map with multiple results requires 'max' prefix}}
  affine.for %i = affine_map<()[s0] -> (s0, 4)>()[%n] to 10 {
  }
  return
}

// -----

func.func @for_step(%n: index) {
  // expected-error @below {{expected step to be representable as a positive signed integer}}
  affine.for %i = 0 to 10 step -1 {
  }
  return
}

// -----

func.func @yield_outside() {
  "test.region"() ({
    // expected-error @below {{'affine.yield' op expects parent op to be one of 'affine.for, affine.if, affine.parallel'}}
    affine.yield
  }) : () -> ()
  return
}

// -----

func.func @yield_count(%x: f32) {
  %r = affine.for %i = 0 to 10 iter_args(%a = %x) -> (f32) {
    // expected-error @below {{'affine.yield' op parent of yield must have same number of results as the yield operands}}
    affine.yield
  }
  return
}

// -----

func.func @parallel_reduction_type(%x: i32) {
  // expected-error @below {{'affine.parallel' op result type cannot match reduction attribute}}
  %r = affine.parallel (%i) = (0) to (4) reduce ("addf") -> (i32) {
    affine.yield %x : i32
  }
  return
}

// -----

func.func @parallel_non_affine(%n: index) {
  // expected-error @below {{non-affine expression: right operand of multiply has to be either a constant or symbolic}}
  affine.parallel (%i) = (0) to (%n * %n) {
  }
  return
}

// -----

func.func @load_rank(%m: memref<8x16xf32>, %i: index) {
  // expected-error @below {{'affine.load' op affine map num results must equal memref rank}}
  %v = affine.load %m[%i] : memref<8x16xf32>
  return
}

// -----

func.func @store_type(%m: memref<8xf32>, %i: index, %x: i32) {
  // expected-error @below {{'affine.store' op value to store must have the same type as memref element type}}
  "affine.store"(%x, %m, %i) {map = affine_map<(d0) -> (d0)>} : (i32, memref<8xf32>, index) -> ()
  return
}

// -----

func.func @vector_load_elem(%m: memref<8xf32>, %i: index) {
  // expected-error @below {{'affine.vector_load' op requires memref and vector types of the same elemental type}}
  %v = affine.vector_load %m[%i] : memref<8xf32>, vector<4xi32>
  return
}

// -----

func.func @vector_store_elem(%m: memref<8xf32>, %i: index, %v: vector<4xf16>) {
  // expected-error @below {{'affine.vector_store' op requires memref and vector types of the same elemental type}}
  affine.vector_store %v, %m[%i] : memref<8xf32>, vector<4xf16>
  return
}

// -----

func.func @vector_load_scalar(%m: memref<8xf32>, %i: index) {
  // expected-error @below {{custom op 'affine.vector_load' invalid kind of type specified: expected builtin.vector, but found 'f32'}}
  %v = affine.vector_load %m[%i] : memref<8xf32>, f32
  return
}

// -----

func.func @vector_load_generic_scalar(%m: memref<8xf32>, %i: index) {
  // expected-error @below {{'affine.vector_load' op result #0 must be vector of any type values, but got 'f32'}}
  %v = "affine.vector_load"(%m, %i) {map = affine_map<(d0) -> (d0)>} : (memref<8xf32>, index) -> f32
  return
}

// -----

func.func @vector_load_rank(%m: memref<8x16xf32>, %i: index) {
  // expected-error @below {{'affine.vector_load' op affine map num results must equal memref rank}}
  %v = affine.vector_load %m[%i] : memref<8x16xf32>, vector<4xf32>
  return
}

// -----

#set = affine_set<(d0)[s0] : (d0 >= 0, s0 - d0 >= 0)>

func.func @if_symbol_count(%n: index) {
  affine.for %i = 0 to 10 {
    // expected-error @below {{custom op 'affine.if' symbol operand count and integer set symbol count must match}}
    affine.if #set(%i) {
    }
  }
  return
}

// -----

#set = affine_set<(d0)[s0] : (d0 >= 0, s0 - d0 >= 0)>

func.func @if_dim_count(%n: index) {
  // expected-error @below {{custom op 'affine.if' dim operand count and integer set dim count must match}}
  affine.if #set()[%n] {
  }
  return
}

// -----

#set = affine_set<(d0)[s0] : (d0 >= 0, s0 - d0 >= 0)>

func.func @if_iv_as_symbol(%n: index) {
  affine.for %i = 0 to 10 {
    // expected-error @below {{'affine.if' op operand cannot be used as a symbol}}
    affine.if #set(%i)[%i] {
    }
  }
  return
}

// -----

func.func @if_loaded_dim() {
  affine.for %i = 0 to 4 {
    %v = "test.index"(%i) : (index) -> index
    // expected-error @below {{'affine.if' op operand cannot be used as a dimension id}}
    affine.if affine_set<(d0) : (d0 >= 0)>(%v) {
    }
  }
  return
}

// -----

func.func @if_operand_count(%i: index) {
  // expected-error @below {{'affine.if' op operand count and condition integer set dimension and symbol count must match}}
  "affine.if"(%i, %i) ({
    "affine.yield"() : () -> ()
  }, {
  }) {condition = affine_set<(d0) : (d0 >= 0)>} : (index, index) -> ()
  return
}

// -----

func.func @if_not_a_set(%i: index) {
  // expected-error @below {{invalid kind of attribute specified}}
  affine.if affine_map<(d0) -> (d0)>(%i) {
  }
  return
}

// -----

func.func @for_bound_range() {
  // expected-error @below {{integer constant out of range for attribute}}
  affine.for %i = 1 to 9223372036854775810 {
  }
  return
}

// -----

func.func @for_step_typo() {
  // expected-error @below {{expected constant integer or floating point value}}
  affine.for %i = 1 to 100 step -- 1 {
  }
  return
}

// -----

func.func @load_iv_as_symbol(%m: memref<8xf32>) {
  affine.for %i = 0 to 8 {
    // expected-error @below {{'affine.load' op operand cannot be used as a symbol}}
    %v = affine.load %m[symbol(%i)] : memref<8xf32>
  }
  return
}

// -----

func.func @store_loaded_dim(%m: memref<8xf32>, %x: vector<4xf32>) {
  affine.for %i = 0 to 8 {
    %j = "test.index"(%i) : (index) -> index
    // expected-error @below {{'affine.vector_store' op operand cannot be used as a dimension id}}
    affine.vector_store %x, %m[%j] : memref<8xf32>, vector<4xf32>
  }
  return
}

// -----

func.func @for_bound_not_symbol() {
  affine.for %i = 0 to 8 {
    %n = "test.index"() : () -> index
    // expected-error @below {{'affine.for' op operand cannot be used as a symbol}}
    affine.for %j = 0 to %n {
    }
  }
  return
}

// -----

// affine.apply takes any index operand, but a loop's induction variable
// (a valid dimension that is no symbol) may not be a symbol operand.
func.func @apply_iv_as_symbol() {
  affine.for %i = 0 to 8 {
    // expected-error @below {{dimensional operand cannot be used as a symbol}}
    %r = affine.apply affine_map<()[s0] -> (s0 + 1)>()[%i]
  }
  return
}

// -----

func.func @parallel_lower_bound_not_dim() {
  affine.for %i = 0 to 8 {
    %n = "test.index"() : () -> index
    // expected-error @below {{'affine.parallel' op operand cannot be used as a dimension id}}
    affine.parallel (%j) = (%n) to (8) {
    }
  }
  return
}

// -----

func.func @parallel_upper_bound_iv_as_symbol() {
  affine.for %i = 0 to 8 {
    // expected-error @below {{'affine.parallel' op operand cannot be used as a symbol}}
    affine.parallel (%j) = (0) to (symbol(%i)) {
    }
  }
  return
}

// -----

// Result types parse without reduce; the verifier then wants a reduction
// for each result.
func.func @parallel_results_without_reduce(%m: memref<4xf32>) {
  // expected-error @below {{'affine.parallel' op a reduction must be specified for each output}}
  %r = affine.parallel (%i) = (0) to (4) -> (f32) {
    %v = affine.load %m[%i] : memref<4xf32>
    affine.yield %v : f32
  }
  return
}

// -----

func.func @for_to_typo() {
  // expected-error @below {{expected 'to' between bounds}}
  affine.for %i = 0 into 4 {
  }
  return
}

// -----

func.func @if_else_region_args(%i: index) {
  // expected-error @below {{'affine.if' op region #1 should have no arguments}}
  affine.if affine_set<(d0) : (d0 >= 0)>(%i) {
  } else {
  ^bb0(%a: i32):
    affine.yield
  }
  return
}

// -----

func.func @delinearize_result_count(%i: index) {
  // expected-error @below {{'affine.delinearize_index' op should return an index for each basis element and up to one extra index}}
  %r:4 = affine.delinearize_index %i into (4, 8) : index, index, index, index
  return
}

// -----

func.func @delinearize_non_positive(%i: index) {
  // expected-error @below {{'affine.delinearize_index' op no basis element may be statically non-positive}}
  %r:2 = affine.delinearize_index %i into (0, 8) : index, index
  return
}

// -----

func.func @delinearize_markers(%i: index) {
  // expected-error @below {{'affine.delinearize_index' op mismatch between dynamic and static basis (kDynamic marker but no corresponding dynamic basis entry) -- this can only happen due to an incorrect fold/rewrite}}
  %r:2 = "affine.delinearize_index"(%i) <{static_basis = array<i64: -9223372036854775808, 8>}> : (index) -> (index, index)
  return
}

// -----

func.func @delinearize_result_type(%i: index) {
  // expected-error @below {{'affine.delinearize_index' op result #1 must be variadic of index or vector of index, but got 'i32'}}
  %r:2 = "affine.delinearize_index"(%i) <{static_basis = array<i64: 8>}> : (index) -> (index, i32)
  return
}

// -----

// The index ops work element by element on vectors of index: the linear
// index has the type of the results, the indices that of the result.

func.func @delinearize_vector_type(%v: vector<4xindex>) {
  // expected-error @below {{'affine.delinearize_index' op failed to verify that linear_index type must match result types}}
  %r:2 = "affine.delinearize_index"(%v) <{static_basis = array<i64: 8>}> : (vector<4xindex>) -> (vector<2xindex>, vector<2xindex>)
  return
}

// -----

func.func @delinearize_vector_mixed(%v: vector<4xindex>) {
  // expected-error @below {{'affine.delinearize_index' op if an operand is non-scalar, then all results must be non-scalar}}
  %r:2 = "affine.delinearize_index"(%v) <{static_basis = array<i64: 8>}> : (vector<4xindex>) -> (vector<4xindex>, index)
  return
}

// -----

func.func @delinearize_vector_elem(%v: vector<4xi32>) {
  // expected-error @below {{'affine.delinearize_index' op operand #0 must be index or vector of index, but got 'vector<4xi32>'}}
  %r:2 = "affine.delinearize_index"(%v) <{static_basis = array<i64: 8>}> : (vector<4xi32>) -> (vector<4xi32>, vector<4xi32>)
  return
}

// -----

func.func @linearize_vector_types(%v: vector<4xindex>, %i: index) {
  // expected-error @below {{'affine.linearize_index' op failed to verify that multi_index types must match result type}}
  %r = "affine.linearize_index"(%v, %i) <{operandSegmentSizes = array<i32: 2, 0>, static_basis = array<i64: 8>}> : (vector<4xindex>, index) -> vector<4xindex>
  return
}

// -----

func.func @linearize_vector_basis(%v: vector<4xindex>) {
  // expected-error @below {{'affine.linearize_index' op operand #2 must be variadic of index, but got 'vector<4xindex>'}}
  %r = "affine.linearize_index"(%v, %v, %v) <{operandSegmentSizes = array<i32: 2, 1>, static_basis = array<i64: -9223372036854775808>}> : (vector<4xindex>, vector<4xindex>, vector<4xindex>) -> vector<4xindex>
  return
}

// -----

func.func @linearize_basis_count(%i: index) {
  // expected-error @below {{'affine.linearize_index' op should be passed a basis element for each index except possibly the first}}
  %r = affine.linearize_index [%i, %i] by (2, 3, 4) : index
  return
}

// -----

func.func @linearize_markers(%i: index) {
  // expected-error @below {{'affine.linearize_index' op mismatch between dynamic and static basis}}
  %r = "affine.linearize_index"(%i, %i, %i) <{operandSegmentSizes = array<i32: 2, 1>, static_basis = array<i64: 4>}> : (index, index, index) -> index
  return
}

// -----

func.func @linearize_basis_syntax(%i: index) {
  // expected-error @below {{expected SSA value or integer}}
  %r = affine.linearize_index [%i] by (f32) : index
  return
}

// -----

func.func @prefetch_rw(%m: memref<10xf32>, %i: index) {
  // expected-error @below {{rw specifier has to be 'read' or 'write'}}
  affine.prefetch %m[%i], readwrite, locality<3>, data : memref<10xf32>
  return
}

// -----

func.func @prefetch_cache(%m: memref<10xf32>, %i: index) {
  // expected-error @below {{cache type has to be 'data' or 'instr'}}
  affine.prefetch %m[%i], read, locality<3>, text : memref<10xf32>
  return
}

// -----

func.func @prefetch_rank(%m: memref<10x10xf32>, %i: index) {
  // expected-error @below {{'affine.prefetch' op affine.prefetch affine map num results must equal memref rank}}
  affine.prefetch %m[%i], read, locality<3>, data : memref<10x10xf32>
  return
}

// -----

func.func @dma_start_stride(%a: memref<4xf32>, %t: memref<1xi32>, %i: index) {
  // expected-error @below {{expected two stride related operands}}
  affine.dma_start %a[%i], %a[%i], %t[%i], %i, %i : memref<4xf32>, memref<4xf32>, memref<1xi32>
  return
}

// -----

func.func @dma_start_types(%a: memref<4xf32>, %t: memref<1xi32>, %i: index) {
  // expected-error @below {{expected three types}}
  affine.dma_start %a[%i], %a[%i], %t[%i], %i : memref<4xf32>, memref<4xf32>
  return
}

// -----

func.func @dma_wait_tag(%t: memref<1xi32>, %i: index) {
  affine.for %j = 0 to 4 {
    %x = "test.index"() : () -> index
    // expected-error @below {{'affine.dma_wait' op index must be a valid dimension or symbol identifier}}
    affine.dma_wait %t[%x], %i : memref<1xi32>
  }
  return
}
