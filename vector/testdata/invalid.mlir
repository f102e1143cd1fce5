// RUN: kiln opt %s --split-input-file --verify-diagnostics

// Each case's message is MLIR's, so diagnostics read the same in Kiln.

func.func @bcast_scalar_result(%s: i32) {
  // expected-error@+1 {{custom op 'vector.broadcast' invalid kind of type specified: expected builtin.vector, but found 'i32'}}
  %0 = vector.broadcast %s : i32 to i32
  return
}

// -----

func.func @bcast_rank_down(%v: vector<2x3xi8>) {
  // expected-error@+1 {{'vector.broadcast' op source rank higher than destination rank}}
  %0 = vector.broadcast %v : vector<2x3xi8> to vector<3xi8>
  return
}

// -----

func.func @bcast_leading_dim(%v: vector<3x5xi8>) {
  // expected-error@+1 {{'vector.broadcast' op dimension mismatch (3 vs. 2)}}
  %0 = vector.broadcast %v : vector<3x5xi8> to vector<2x5xi8>
  return
}

// -----

func.func @bcast_scalable_one(%v: vector<[1]xi16>) {
  // expected-error@+1 {{'vector.broadcast' op dimension mismatch ([1] vs. [8])}}
  %0 = vector.broadcast %v : vector<[1]xi16> to vector<[8]xi16>
  return
}

// -----

func.func @bcast_to_scalable(%v: vector<8xi16>) {
  // expected-error@+1 {{'vector.broadcast' op dimension mismatch (8 vs. [8])}}
  %0 = vector.broadcast %v : vector<8xi16> to vector<[8]xi16>
  return
}

// -----

func.func @bcast_memref(%m: memref<2xf16>) {
  // expected-error@+1 {{'vector.broadcast' op source type is not a vector}}
  %0 = vector.broadcast %m : memref<2xf16> to vector<2xf16>
  return
}

// -----

func.func @fma_ints(%v: vector<2xi64>) {
  // expected-error@+1 {{'vector.fma' op operand #0 must be vector of floating-point values, but got 'vector<2xi64>'}}
  %0 = vector.fma %v, %v, %v : vector<2xi64>
  return
}

// -----

func.func @shuffle_elems(%a: vector<3xf16>, %b: vector<3xi16>) {
  // expected-error@+1 {{'vector.shuffle' op failed to verify that second operand v2 and result have same element type}}
  %0 = vector.shuffle %a, %b [0, 4] : vector<3xf16>, vector<3xi16>
  return
}

// -----

func.func @shuffle_ranks(%a: vector<3xf16>, %b: vector<2x3xf16>) {
  // expected-error@+1 {{'vector.shuffle' op rank mismatch}}
  %0 = vector.shuffle %a, %b [1] : vector<3xf16>, vector<2x3xf16>
  return
}

// -----

func.func @shuffle_trailing(%a: vector<2x3xf16>, %b: vector<2x5xf16>) {
  // expected-error@+1 {{'vector.shuffle' op dimension mismatch}}
  %0 = vector.shuffle %a, %b [3] : vector<2x3xf16>, vector<2x5xf16>
  return
}

// -----

func.func @shuffle_out_of_range(%a: vector<3xf16>) {
  // expected-error@+1 {{'vector.shuffle' op mask index #3 out of range}}
  %0 = vector.shuffle %a, %a [5, -1, 6] : vector<3xf16>, vector<3xf16>
  return
}

// -----

func.func @shuffle_scalable(%a: vector<[4]xf16>) {
  // expected-error@+1 {{'vector.shuffle' op operand #0 must be fixed-length vector of any type values}}
  %0 = vector.shuffle %a, %a [0] : vector<[4]xf16>, vector<[4]xf16>
  return
}

// -----

func.func @shuffle_no_mask(%a: vector<3xf16>) {
  // expected-error@+1 {{'vector.shuffle' op invalid mask length}}
  %0 = vector.shuffle %a, %a [] : vector<3xf16>, vector<3xf16>
  return
}

// -----

func.func @extract_from_scalar(%s: i8) {
  // expected-error@+1 {{invalid kind of type specified: expected builtin.vector, but found 'i8'}}
  %0 = vector.extract %s[] : i8 from i8
  return
}

// -----

func.func @extract_too_deep(%v: vector<2x2xi8>) {
  // expected-error@+1 {{expected position attribute of rank no greater than vector rank}}
  %0 = vector.extract %v[1, 1, 1] : i8 from vector<2x2xi8>
  return
}

// -----

func.func @extract_too_deep_generic(%v: vector<2x2xi8>) {
  // expected-error@+1 {{expected position attribute of rank no greater than vector rank}}
  %0 = "vector.extract"(%v) <{static_position = array<i64: 0, 1, 1>}> : (vector<2x2xi8>) -> i8
  return
}

// -----

func.func @extract_past_end(%v: vector<2x6xi8>) {
  // expected-error@+1 {{expected position attribute #2 to be a non-negative integer smaller than the corresponding vector dimension}}
  %0 = vector.extract %v[1, 6] : i8 from vector<2x6xi8>
  return
}

// -----

func.func @extract_0d_vector(%v: vector<i8>) {
  // expected-error@+1 {{expected a scalar instead of a 0-d vector as the result type}}
  %0 = vector.extract %v[] : vector<i8> from vector<i8>
  return
}

// -----

func.func @extract_negative(%v: vector<2x6xi8>) {
  // expected-error@+1 {{expected position attribute #2 to be a non-negative integer smaller than the corresponding vector dimension or poison (-1)}}
  %0 = vector.extract %v[0, -2] : i8 from vector<2x6xi8>
  return
}

// -----

func.func @extract_wrong_result(%v: vector<2x6xi8>) {
  // expected-error@+1 {{'vector.extract' op inferred type(s) 'vector<6xi8>' are incompatible with return type(s) of operation 'i8'}}
  %0 = vector.extract %v[1] : i8 from vector<2x6xi8>
  return
}

// -----

func.func @insert_too_deep(%s: i8, %v: vector<2x2xi8>) {
  // expected-error@+1 {{expected position attribute of rank no greater than dest vector rank}}
  %0 = vector.insert %s, %v[0, 0, 0] : i8 into vector<2x2xi8>
  return
}

// -----

func.func @insert_vector_rank(%s: vector<2xi8>, %v: vector<2x2x2xi8>) {
  // expected-error@+1 {{expected position attribute rank + source rank to match dest vector rank}}
  %0 = vector.insert %s, %v[1] : vector<2xi8> into vector<2x2x2xi8>
  return
}

// -----

func.func @insert_scalar_rank(%s: i8, %v: vector<2x2x2xi8>) {
  // expected-error@+1 {{expected position attribute rank to match the dest vector rank}}
  %0 = vector.insert %s, %v[1] : i8 into vector<2x2x2xi8>
  return
}

// -----

func.func @insert_negative(%s: i8, %v: vector<2x2xi8>) {
  // expected-error@+1 {{expected position attribute #1 to be a non-negative integer smaller than the corresponding dest vector dimension}}
  %0 = vector.insert %s, %v[-3, 0] : i8 into vector<2x2xi8>
  return
}

// -----

func.func @insert_0d_source(%s: vector<i8>, %v: vector<2x2xi8>) {
  // expected-error@+1 {{expected a scalar instead of a 0-d vector as the source operand}}
  %0 = vector.insert %s, %v[1, 1] : vector<i8> into vector<2x2xi8>
  return
}

// -----

func.func @extractelement_2d(%v: vector<2x2xi8>, %i: i32) {
  // expected-error@+1 {{'vector.extractelement' op unexpected >1 vector rank}}
  %0 = vector.extractelement %v[%i : i32] : vector<2x2xi8>
  return
}

// -----

func.func @insertelement_0d_position(%s: i8, %v: vector<i8>, %i: i32) {
  // expected-error@+1 {{'vector.insertelement' op expected position to be empty with 0-D vector}}
  %0 = vector.insertelement %s, %v[%i : i32] : vector<i8>
  return
}

// -----

func.func @outer_one_operand(%s: f16) {
  // expected-error@+1 {{expected at least 2 operands}}
  %0 = vector.outerproduct %s : f16, f16
  return
}

// -----

func.func @outer_scalar_lhs(%s: f16) {
  // expected-error@+1 {{expected vector type for operand #1}}
  %0 = vector.outerproduct %s, %s : f16, f16
  return
}

// -----

func.func @outer_2d_lhs(%m: vector<2x3xf16>) {
  // expected-error@+1 {{expected 1-d vector for operand #1}}
  %0 = vector.outerproduct %m, %m : vector<2x3xf16>, vector<2x3xf16>
  return
}

// -----

func.func @outer_result_cols(%a: vector<2xf16>, %b: vector<3xf16>) {
  // expected-error@+1 {{expected #2 operand dim to match result dim #2}}
  %0 = "vector.outerproduct"(%a, %b) <{kind = #vector.kind<add>}> : (vector<2xf16>, vector<3xf16>) -> vector<2x5xf16>
  return
}

// -----

func.func @outer_acc(%a: vector<2xf16>, %b: vector<3xf16>, %c: vector<2x5xf16>) {
  // expected-error@+1 {{expected operand #3 of same type as result type}}
  %0 = "vector.outerproduct"(%a, %b, %c) <{kind = #vector.kind<add>}> : (vector<2xf16>, vector<3xf16>, vector<2x5xf16>) -> vector<2x3xf16>
  return
}

// -----

func.func @outer_scalable_lhs_only(%a: vector<[2]xf16>, %b: vector<3xf16>) {
  // expected-error@+1 {{expected either both or only #2 operand dim to be scalable}}
  %0 = vector.outerproduct %a, %b : vector<[2]xf16>, vector<3xf16>
  return
}

// -----

func.func @read_one_type(%m: memref<?xf16>, %i: index, %p: f16) {
  // expected-error@+1 {{requires two types}}
  %0 = vector.transfer_read %m[%i], %p : memref<?xf16>
  return
}

// -----

func.func @read_index_count(%m: memref<?x?xf16>, %i: index, %p: f16) {
  // expected-error@+1 {{requires 2 indices}}
  %0 = vector.transfer_read %m[%i], %p {permutation_map = affine_map<(d0, d1) -> (d1)>} : memref<?x?xf16>, vector<4xf16>
  return
}

// -----

func.func @read_map_inputs(%m: memref<?x?xf16>, %i: index, %p: f16) {
  // expected-error@+1 {{requires a permutation_map with input dims of the same rank as the source type}}
  %0 = vector.transfer_read %m[%i, %i], %p {permutation_map = affine_map<(d0, d1, d2) -> (d2)>} : memref<?x?xf16>, vector<4xf16>
  return
}

// -----

func.func @read_map_sum(%m: memref<?x?xf16>, %i: index, %p: f16) {
  // expected-error@+1 {{requires a projected permutation_map (at most one dim or the zero constant can appear in each result)}}
  %0 = vector.transfer_read %m[%i, %i], %p {permutation_map = affine_map<(d0, d1) -> (d0 * 2)>} : memref<?x?xf16>, vector<4xf16>
  return
}

// -----

func.func @read_map_repeat(%m: memref<?x?xf16>, %i: index, %p: f16) {
  // expected-error@+1 {{requires a permutation_map that is a permutation (found one dim used more than once)}}
  %0 = vector.transfer_read %m[%i, %i], %p {permutation_map = affine_map<(d0, d1) -> (d1, d1)>} : memref<?x?xf16>, vector<4x4xf16>
  return
}

// -----

func.func @read_mask_type(%m: memref<?x?xf16>, %i: index, %p: f16, %mask: vector<4x2xi1>) {
  // expected-note@-1 {{prior use here}}
  // expected-error@+1 {{expects different type than prior uses: 'vector<2xi1>' vs 'vector<4x2xi1>'}}
  %0 = vector.transfer_read %m[%i, %i], %p, %mask {permutation_map = affine_map<(d0, d1) -> (0, d1)>} : memref<?x?xf16>, vector<4x2xf16>
  return
}

// -----

func.func @read_rank_up(%m: memref<?xf16>, %i: index, %p: f16) {
  // expected-error@+1 {{expected a custom permutation_map when rank(source) != rank(destination)}}
  %0 = vector.transfer_read %m[%i], %p : memref<?xf16>, vector<2x2xf16>
  return
}

// -----

func.func @write_broadcast(%m: memref<?x?xf16>, %i: index, %v: vector<4xf16>) {
  // expected-error@+1 {{should not have broadcast dimensions}}
  vector.transfer_write %v, %m[%i, %i] {permutation_map = affine_map<(d0, d1) -> (0)>} : vector<4xf16>, memref<?x?xf16>
  return
}

// -----

func.func @iss_offsets(%a: vector<2x2xi8>, %b: vector<4x4x4xi8>) {
  // expected-error@+1 {{expected offsets of same size as destination vector rank}}
  %0 = vector.insert_strided_slice %a, %b {offsets = [0, 0], strides = [1, 1]} : vector<2x2xi8> into vector<4x4x4xi8>
  return
}

// -----

func.func @iss_offset_range(%a: vector<2x2xi8>, %b: vector<4x4x4xi8>) {
  // expected-error@+1 {{op expected offsets dimension 2 to be confined to [0, 4)}}
  %0 = vector.insert_strided_slice %a, %b {offsets = [0, 0, 9], strides = [1, 1]} : vector<2x2xi8> into vector<4x4x4xi8>
  return
}

// -----

func.func @iss_overflow(%a: vector<2x2xi8>, %b: vector<4x4x4xi8>) {
  // expected-error@+1 {{op expected sum(offsets, source vector shape) dimension 2 to be confined to [1, 5)}}
  %0 = vector.insert_strided_slice %a, %b {offsets = [0, 0, 3], strides = [1, 1]} : vector<2x2xi8> into vector<4x4x4xi8>
  return
}

// -----

func.func @iss_scalable_flags(%a: vector<1x8xi8>, %b: vector<4x[8]xi8>) {
  // expected-error@+1 {{op mismatching scalable flags (at source vector idx=1)}}
  %0 = vector.insert_strided_slice %a, %b {offsets = [2, 0], strides = [1, 1]} : vector<1x8xi8> into vector<4x[8]xi8>
  return
}

// -----

func.func @ess_lengths(%v: vector<4x4xi8>) {
  // expected-error@+1 {{expected offsets, sizes and strides attributes of same size}}
  %0 = vector.extract_strided_slice %v {offsets = [0, 0], sizes = [2], strides = [1]} : vector<4x4xi8> to vector<2x4xi8>
  return
}

// -----

func.func @ess_size_range(%v: vector<4x4xi8>) {
  // expected-error@+1 {{op expected sizes dimension 1 to be confined to [1, 5)}}
  %0 = vector.extract_strided_slice %v {offsets = [0, 0], sizes = [2, 7], strides = [1, 1]} : vector<4x4xi8> to vector<2x7xi8>
  return
}

// -----

func.func @ess_scalable(%v: vector<2x[8]xi8>) {
  // expected-error@+1 {{op expected size at idx=1 to match the corresponding base size from the input vector (4 vs 8)}}
  %0 = vector.extract_strided_slice %v {offsets = [0, 0], sizes = [1, 4], strides = [1, 1]} : vector<2x[8]xi8> to vector<1x[4]xi8>
  return
}

// -----

func.func @ess_overflow(%v: vector<4x4xi8>) {
  // expected-error@+1 {{op expected sum(offsets, sizes) dimension 1 to be confined to [1, 5)}}
  %0 = vector.extract_strided_slice %v {offsets = [0, 3], sizes = [1, 2], strides = [1, 1]} : vector<4x4xi8> to vector<1x2xi8>
  return
}

// -----

func.func @ess_result(%v: vector<4x4xi8>) {
  // expected-error@+1 {{op expected result type to be 'vector<1x4xi8>'}}
  %0 = vector.extract_strided_slice %v {offsets = [1], sizes = [1], strides = [1]} : vector<4x4xi8> to vector<4xi8>
  return
}

// -----

#two_maps = {
  indexing_maps = [affine_map<(i, k) -> (i, k)>, affine_map<(i, k) -> (k)>],
  iterator_types = ["parallel", "reduction"]
}
func.func @contract_two_maps(%a: vector<3x5xf16>, %b: vector<5xf16>, %c: vector<3xf16>) {
  // expected-error@+1 {{expected an indexing map for each vector operand}}
  %0 = vector.contract #two_maps %a, %b, %c : vector<3x5xf16>, vector<5xf16> into vector<3xf16>
  return
}

// -----

#repeated_dim = {
  indexing_maps = [affine_map<(i, k) -> (k, k)>, affine_map<(i, k) -> (k)>, affine_map<(i, k) -> (i)>],
  iterator_types = ["parallel", "reduction"]
}
func.func @contract_not_permutation(%a: vector<5x5xf16>, %b: vector<5xf16>, %c: vector<3xf16>) {
  // expected-error@+1 {{expected indexing map 0 to be a projected permutation of its inputs}}
  %0 = vector.contract #repeated_dim %a, %b, %c : vector<5x5xf16>, vector<5xf16> into vector<3xf16>
  return
}

// -----

#matvec = {
  indexing_maps = [affine_map<(i, k) -> (i, k)>, affine_map<(i, k) -> (k)>, affine_map<(i, k) -> (i)>],
  iterator_types = ["parallel", "reduction"]
}
func.func @contract_acc_shape(%a: vector<3x5xf16>, %b: vector<5xf16>, %c: vector<4xf16>) {
  // expected-error@+1 {{invalid accumulator/result vector shape, expected: 'vector<3xf16>'}}
  %0 = vector.contract #matvec %a, %b, %c : vector<3x5xf16>, vector<5xf16> into vector<4xf16>
  return
}

// -----

#matvec = {
  indexing_maps = [affine_map<(i, k) -> (i, k)>, affine_map<(i, k) -> (k)>, affine_map<(i, k) -> (i)>],
  iterator_types = ["parallel", "reduction"]
}
func.func @contract_mixed_elements(%a: vector<3x5xf16>, %b: vector<5xi16>, %c: vector<3xf16>) {
  // expected-error@+1 {{'vector.contract' op failed to verify that lhs and rhs have same element type}}
  %0 = vector.contract #matvec %a, %b, %c : vector<3x5xf16>, vector<5xi16> into vector<3xf16>
  return
}

// -----

func.func @contract_no_iterators(%a: vector<3x5xf16>, %b: vector<5xf16>, %c: vector<3xf16>) {
  // expected-error@+1 {{'vector.contract' expected "iterator_types" array attribute}}
  %0 = vector.contract {kind = #vector.kind<add>} %a, %b, %c : vector<3x5xf16>, vector<5xf16> into vector<3xf16>
  return
}

// -----

func.func @create_mask_0d(%n: index) {
  // expected-error@+1 {{must specify exactly one operand for 0-D create_mask}}
  %0 = vector.create_mask %n, %n : vector<i1>
  return
}

// -----

func.func @create_mask_operands(%n: index) {
  // expected-error@+1 {{must specify an operand for each result vector dimension}}
  %0 = vector.create_mask %n : vector<2x2xi1>
  return
}

// -----

func.func @constant_mask_0d() {
  // expected-error@+1 {{mask dim size must be either 0 or 1 for 0-D vectors}}
  %0 = vector.constant_mask [3] : vector<i1>
  return
}

// -----

func.func @constant_mask_past_end() {
  // expected-error@+1 {{array attr of size out of bounds of vector result dimension size}}
  %0 = vector.constant_mask [1, 9] : vector<2x8xi1>
  return
}

// -----

func.func @constant_mask_partial_zero() {
  // expected-error@+1 {{expected all mask dim sizes to be zeros, as a result of conjunction with zero mask dim}}
  %0 = vector.constant_mask [2, 0] : vector<2x8xi1>
  return
}

// -----

func.func @constant_mask_scalable_part() {
  // expected-error@+1 {{only supports 'none set' or 'all set' scalable dimensions}}
  %0 = vector.constant_mask [1, 3] : vector<2x[4]xi1>
  return
}

// -----

func.func @print_memref(%m: memref<2xf16>) {
  // expected-error@+1 {{op operand #0 must be , but got 'memref<2xf16>'}}
  vector.print %m : memref<2xf16>
  return
}

// -----

func.func @print_string_and_value(%v: vector<2xf16>) {
  // expected-error@+1 {{`source` or `punctuation` are not set when printing strings}}
  vector.print %v : vector<2xf16> str "both"
  return
}

// -----

func.func @shape_cast_count(%v: vector<3x4xi8>) {
  // expected-error@+1 {{'vector.shape_cast' op has different number of elements at source (12) and result (10)}}
  %0 = vector.shape_cast %v : vector<3x4xi8> to vector<10xi8>
  return
}

// -----

func.func @shape_cast_scalable(%v: vector<3x[4]xi8>) {
  // expected-error@+1 {{different number of scalable dims at source (1) and result (0)}}
  %0 = vector.shape_cast %v : vector<3x[4]xi8> to vector<12xi8>
  return
}

// -----

func.func @bitcast_rank(%v: vector<2xi16>) {
  // expected-error@+1 {{op failed to verify that all of {source, result} have same rank}}
  %0 = vector.bitcast %v : vector<2xi16> to vector<1x1xi32>
  return
}

// -----

func.func @bitcast_bits(%v: vector<3x2xi16>) {
  // expected-error@+1 {{op source/result bitwidth of the minor 1-D vectors must be equal}}
  %0 = vector.bitcast %v : vector<3x2xi16> to vector<3x2xi32>
  return
}

// -----

func.func @reduction_bad_kind(%v: vector<8xi16>) {
  // expected-error@+2 {{custom op 'vector.reduction' expected ::mlir::vector::CombiningKind to be one of: }}
  // expected-error@+1 {{custom op 'vector.reduction' failed to parse Vector_CombiningKindAttr parameter 'value'}}
  %0 = vector.reduction <sum>, %v : vector<8xi16> into i16
  return
}

// -----

func.func @reduction_element(%v: vector<8xi16>) {
  // expected-error@+1 {{'vector.reduction' op failed to verify that source operand and result have same element type}}
  %0 = vector.reduction <add>, %v : vector<8xi16> into i32
  return
}

// -----

func.func @reduction_kind_not_attr(%v: vector<8xi16>) {
  // expected-error@+1 {{expected '<'}}
  %0 = vector.reduction 7, %v : vector<8xi16> into i16
  return
}

// -----

func.func @reduction_2d(%v: vector<2x8xi16>) {
  // expected-error@+1 {{'vector.reduction' op unsupported reduction rank: 2}}
  %0 = vector.reduction <add>, %v : vector<2x8xi16> into i16
  return
}

// -----

func.func @reduction_float_kind(%v: vector<8xi16>) {
  // expected-error@+1 {{'vector.reduction' op unsupported reduction type 'i16' for kind 'maxnumf'}}
  %0 = vector.reduction <maxnumf>, %v : vector<8xi16> into i16
  return
}

// -----

func.func @multi_reduction_dest(%v: vector<2x8xi16>, %acc: vector<2xi16>) {
  // expected-error@+1 {{'vector.multi_reduction' op destination type 'vector<2xi16>' is incompatible with source type 'vector<2x8xi16>'}}
  %0 = vector.multi_reduction <add>, %v, %acc [0] : vector<2x8xi16> to vector<2xi16>
  return
}

// -----

func.func @transpose_length(%v: vector<2x3xi8>) {
  // expected-error@+1 {{'vector.transpose' op transposition length mismatch: 1}}
  %0 = vector.transpose %v, [0] : vector<2x3xi8> to vector<2x3xi8>
  return
}

// -----

func.func @transpose_repeat(%v: vector<2x3xi8>) {
  // expected-error@+1 {{'vector.transpose' op duplicate position index: 1}}
  %0 = vector.transpose %v, [1, 1] : vector<2x3xi8> to vector<3x3xi8>
  return
}

// -----

func.func @transpose_sizes(%v: vector<2x3x5xi8>) {
  // expected-error@+1 {{'vector.transpose' op dimension size mismatch at: 2}}
  %0 = vector.transpose %v, [1, 2, 0] : vector<2x3x5xi8> to vector<3x2x5xi8>
  return
}

// -----

func.func @type_cast_strided(%m: memref<2x2xf16, strided<[4, 1]>>) {
  // expected-error@+1 {{expects operand to be a memref with identity layout}}
  %0 = vector.type_cast %m : memref<2x2xf16, strided<[4, 1]>> to memref<vector<2x2xf16>>
  return
}

// -----

func.func @type_cast_offset(%m: memref<2x2xf16, strided<[2, 1], offset: 4>>) {
  // expected-error@+1 {{expects operand to be a memref with identity layout}}
  %0 = vector.type_cast %m : memref<2x2xf16, strided<[2, 1], offset: 4>> to memref<vector<2x2xf16>>
  return
}

// -----

func.func @type_cast_result_strided(%m: memref<2x2xf16>) {
  // expected-error@+1 {{expects result to be a memref with identity layout}}
  %0 = vector.type_cast %m : memref<2x2xf16> to memref<2xvector<2xf16>, strided<[2]>>
  return
}

// -----

func.func @type_cast_shape(%m: memref<vector<2x3xf32>>) {
  // expected-error@+1 {{'vector.type_cast' op expects concatenated result and operand shapes to be equal: memref<3xvector<2xf32>>}}
  %0 = vector.type_cast %m : memref<vector<2x3xf32>> to memref<3xvector<2xf32>>
  return
}

// -----

func.func @type_cast_element(%m: memref<2x3xf32>) {
  // expected-error@+1 {{'vector.type_cast' op expects result and operand with same underlying scalar type: memref<2xvector<3xi32>>}}
  %0 = vector.type_cast %m : memref<2x3xf32> to memref<2xvector<3xi32>>
  return
}

// -----

func.func @type_cast_space(%m: memref<2x3xf32, 1>) {
  // expected-error@+1 {{'vector.type_cast' op expects result in same memory space}}
  %0 = vector.type_cast %m : memref<2x3xf32, 1> to memref<vector<2x3xf32>>
  return
}

// -----

func.func @load_negative_stride(%m: memref<8x8xf32, strided<[-8, 1], offset: 56>>, %i: index) {
  // expected-error@+1 {{'vector.load' op memref strides must be non-negative}}
  %0 = vector.load %m[%i, %i] : memref<8x8xf32, strided<[-8, 1], offset: 56>>, vector<4xf32>
  return
}

// -----

func.func @store_negative_stride(%m: memref<8xf32, strided<[-1], offset: 7>>, %i: index, %v: vector<4xf32>) {
  // expected-error@+1 {{'vector.store' op memref strides must be non-negative}}
  vector.store %v, %m[%i] : memref<8xf32, strided<[-1], offset: 7>>, vector<4xf32>
  return
}

// -----

func.func @maskedload_negative_stride(%m: memref<8x8xf32, strided<[-8, 1], offset: 56>>, %i: index, %k: vector<4xi1>, %p: vector<4xf32>) {
  // expected-error@+1 {{'vector.maskedload' op memref strides must be non-negative}}
  %0 = vector.maskedload %m[%i, %i], %k, %p : memref<8x8xf32, strided<[-8, 1], offset: 56>>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  return
}

// -----

func.func @gather_negative_stride(%m: memref<8xf32, strided<[-1], offset: 7>>, %i: index, %x: vector<4xi32>, %k: vector<4xi1>, %p: vector<4xf32>) {
  // expected-error@+1 {{'vector.gather' op memref strides must be non-negative}}
  %0 = vector.gather %m[%i] [%x], %k, %p : memref<8xf32, strided<[-1], offset: 7>>, vector<4xi32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  return
}

// -----

func.func @load_alignment_custom(%m: memref<4xi32>, %i: index) {
  // expected-error@+1 {{custom op 'vector.load' 'vector.load' op attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive and whose value is a power of two > 0}}
  %0 = vector.load %m[%i] { alignment = 3 } : memref<4xi32>, vector<4xi32>
  return
}

// -----

func.func @store_strided_minor(%m: memref<4x4xf16, strided<[8, 2]>>, %i: index, %v: vector<2xf16>) {
  // expected-error@+1 {{'vector.store' op most minor memref dim must have unit stride}}
  vector.store %v, %m[%i, %i] : memref<4x4xf16, strided<[8, 2]>>, vector<2xf16>
  return
}

// -----

func.func @store_element(%m: memref<4xf16>, %i: index, %v: vector<2xf32>) {
  // expected-error@+1 {{'vector.store' op base and valueToStore element type should match}}
  vector.store %v, %m[%i] : memref<4xf16>, vector<2xf32>
  return
}

// -----

func.func @store_no_index(%m: memref<4xf16>, %v: vector<2xf16>) {
  // expected-error@+1 {{'vector.store' op requires 1 indices}}
  vector.store %v, %m[] : memref<4xf16>, vector<2xf16>
  return
}

// -----

func.func @maskedload_alignment(%m: memref<8xf16>, %i: index, %mask: vector<4xi1>, %p: vector<4xf16>) {
  // expected-error@+1 {{'vector.maskedload' op attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive and whose value is a power of two > 0}}
  %0 = vector.maskedload %m[%i], %mask, %p {alignment = 6} : memref<8xf16>, vector<4xi1>, vector<4xf16> into vector<4xf16>
  return
}

// -----

func.func @maskedload_mask_shape(%m: memref<8xf16>, %i: index, %mask: vector<2xi1>, %p: vector<4xf16>) {
  // expected-error@+1 {{'vector.maskedload' op expected result shape to match mask shape}}
  %0 = vector.maskedload %m[%i], %mask, %p : memref<8xf16>, vector<2xi1>, vector<4xf16> into vector<4xf16>
  return
}

// -----

func.func @maskedstore_indices(%m: memref<8xf16>, %i: index, %mask: vector<4xi1>, %v: vector<4xf16>) {
  // expected-error@+1 {{'vector.maskedstore' op requires 1 indices}}
  vector.maskedstore %m[%i, %i], %mask, %v : memref<8xf16>, vector<4xi1>, vector<4xf16>
  return
}

// -----

func.func @gather_vector_base(%b: vector<8xf16>, %i: index, %idx: vector<4xi32>, %mask: vector<4xi1>, %p: vector<4xf16>) {
  // expected-error@+1 {{'vector.gather' op operand #0 must be Tensor or MemRef of any type values, but got 'vector<8xf16>'}}
  %0 = vector.gather %b[%i] [%idx], %mask, %p : vector<8xf16>, vector<4xi32>, vector<4xi1>, vector<4xf16> into vector<4xf16>
  return
}

// -----

func.func @gather_mask_dim(%b: memref<8xf16>, %i: index, %idx: vector<4xi32>, %mask: vector<2xi1>, %p: vector<4xf16>) {
  // expected-error@+1 {{'vector.gather' op expected result dim to match mask dim}}
  %0 = vector.gather %b[%i] [%idx], %mask, %p : memref<8xf16>, vector<4xi32>, vector<2xi1>, vector<4xf16> into vector<4xf16>
  return
}

// -----

func.func @scatter_vector_base(%b: vector<8xf16>, %i: index, %idx: vector<4xi32>, %mask: vector<4xi1>, %v: vector<4xf16>) {
  // expected-error@+1 {{'vector.scatter' op operand #0 must be Tensor or MemRef of any type values, but got 'vector<8xf16>'}}
  vector.scatter %b[%i] [%idx], %mask, %v : vector<8xf16>, vector<4xi32>, vector<4xi1>, vector<4xf16>
  return
}

// -----

func.func @scatter_tensor_no_result(%t: tensor<8xf16>, %i: index, %idx: vector<4xi32>, %mask: vector<4xi1>, %v: vector<4xf16>) {
  // expected-error@+1 {{'vector.scatter' op expects a result of the tensor type when writing to a tensor}}
  vector.scatter %t[%i] [%idx], %mask, %v : tensor<8xf16>, vector<4xi32>, vector<4xi1>, vector<4xf16>
  return
}

// -----

func.func @scatter_tensor_other_result(%t: tensor<8xf16>, %i: index, %idx: vector<4xi32>, %mask: vector<4xi1>, %v: vector<4xf16>) {
  // expected-error@+1 {{'vector.scatter' op expects a result of the tensor type when writing to a tensor}}
  %0 = vector.scatter %t[%i] [%idx], %mask, %v : tensor<8xf16>, vector<4xi32>, vector<4xi1>, vector<4xf16> -> tensor<?xf16>
  return
}

// -----

func.func @scatter_memref_result(%m: memref<8xf16>, %i: index, %idx: vector<4xi32>, %mask: vector<4xi1>, %v: vector<4xf16>) {
  // expected-error@+1 {{'vector.scatter' op expects a result of the tensor type when writing to a tensor}}
  %0 = vector.scatter %m[%i] [%idx], %mask, %v : memref<8xf16>, vector<4xi32>, vector<4xi1>, vector<4xf16> -> tensor<8xf16>
  return
}

// -----

func.func @scatter_index_dim(%b: memref<8xf16>, %i: index, %idx: vector<2xi32>, %mask: vector<4xi1>, %v: vector<4xf16>) {
  // expected-error@+1 {{'vector.scatter' op expected valueToStore dim to match indices dim}}
  vector.scatter %b[%i] [%idx], %mask, %v : memref<8xf16>, vector<2xi32>, vector<4xi1>, vector<4xf16>
  return
}

// -----

func.func @deinterleave_0d(%v: vector<i8>) {
  // expected-error@+1 {{'vector.deinterleave' op operand #0 must be vector of any type values, but got 'vector<i8>'}}
  %0, %1 = vector.deinterleave %v : vector<i8> -> vector<i8>
  return
}

// -----

func.func @deinterleave_odd(%v: vector<2x3xi8>) {
  // expected-error@+1 {{'vector.deinterleave' op failed to verify that the trailing dimension of the source vector has an even number of elements}}
  %0, %1 = vector.deinterleave %v : vector<2x3xi8> -> vector<2x1xi8>
  return
}

// -----

func.func @deinterleave_width(%v: vector<6xi8>) {
  // expected-error@+1 {{'vector.deinterleave' op failed to verify that the trailing dimension of the results is half the width of source trailing dimension}}
  %0, %1 = "vector.deinterleave"(%v) : (vector<6xi8>) -> (vector<6xi8>, vector<3xi8>)
  return
}

// -----

func.func @deinterleave_results_differ(%v: vector<[6]xi8>) {
  // expected-error@+1 {{'vector.deinterleave' op failed to verify that all of {res1, res2} have same type}}
  %0, %1 = "vector.deinterleave"(%v) : (vector<[6]xi8>) -> (vector<[3]xi8>, vector<3xi8>)
  return
}

// -----

func.func @to_elements_binding(%v: vector<3xi8>) {
  // expected-error@+1 {{operation defines 3 results but was provided 2 to bind}}
  %0:2 = vector.to_elements %v : vector<3xi8>
  return
}

// -----

func.func @from_elements_count(%a: i8) {
  // expected-error@+1 {{'vector.from_elements' number of operands and types do not match: got 2 operands and 3 types}}
  %0 = vector.from_elements %a, %a : vector<3xi8>
  return
}

// -----

func.func @from_elements_scalable(%a: i8) {
  // expected-error@+1 {{'dest' must be fixed-length vector of any type values, but got 'vector<[1]xi8>'}}
  %0 = vector.from_elements %a : vector<[1]xi8>
  return
}

// -----

func.func @step_f32() {
  // expected-error@+1 {{'vector.step' op result #0 must be vector of index values of ranks 1, but got 'vector<4xf32>'}}
  %0 = vector.step : vector<4xf32>
  return
}

// -----

func.func @load_rank(%m: memref<8xi8>, %i: index) {
  // expected-error@+1 {{'vector.load' op destination memref has lower rank than the result vector}}
  %0 = vector.load %m[%i] : memref<8xi8>, vector<2x2xi8>
  return
}

// -----

func.func @store_rank(%m: memref<8xi8>, %i: index, %v: vector<2x2xi8>) {
  // expected-error@+1 {{'vector.store' op source memref has lower rank than the vector to store}}
  vector.store %v, %m[%i] : memref<8xi8>, vector<2x2xi8>
  return
}

// -----

func.func @expandload_dim(%m: memref<?xf32>, %i: index, %mask: vector<4xi1>, %v: vector<8xf32>) {
  // expected-error @+1 {{'vector.expandload' op expected result dim to match mask dim}}
  %0 = vector.expandload %m[%i], %mask, %v : memref<?xf32>, vector<4xi1>, vector<8xf32> into vector<8xf32>
  return
}

// -----

func.func @compressstore_elem(%m: memref<?xf32>, %i: index, %mask: vector<8xi1>, %v: vector<8xi32>) {
  // expected-error @+1 {{'vector.compressstore' op base and valueToStore element type should match}}
  vector.compressstore %m[%i], %mask, %v : memref<?xf32>, vector<8xi1>, vector<8xi32>
  return
}

// -----

func.func @scan_dim(%s: vector<4x8xf32>, %init: vector<4xf32>) {
  // expected-error @+1 {{'vector.scan' op reduction dimension 2 has to be less than 2}}
  %0:2 = vector.scan <add>, %s, %init {inclusive = true, reduction_dim = 2 : i64} : vector<4x8xf32>, vector<4xf32>
  return
}

// -----

func.func @scan_shape(%s: vector<4x8xf32>, %init: vector<8xf32>) {
  // expected-error @+1 {{'vector.scan' op incompatible input/initial value shapes}}
  %0:2 = vector.scan <add>, %s, %init {inclusive = true, reduction_dim = 1 : i64} : vector<4x8xf32>, vector<8xf32>
  return
}

// -----

func.func @scan_kind(%s: vector<4x8xf32>, %init: vector<4xf32>) {
  // expected-error @+1 {{'vector.scan' op unsupported reduction type 'f32' for kind 'xor'}}
  %0:2 = vector.scan <xor>, %s, %init {inclusive = true, reduction_dim = 1 : i64} : vector<4x8xf32>, vector<4xf32>
  return
}

// -----

func.func @mask_type(%m: memref<?xf32>, %i: index, %mask: vector<4xi1>, %pad: f32) {
  // expected-error @+1 {{'vector.mask' op expects a 'vector<8xi1>' mask for the maskable operation}}
  %0 = vector.mask %mask { vector.transfer_read %m[%i], %pad : memref<?xf32>, vector<8xf32> } : vector<4xi1> -> vector<8xf32>
  return
}

// -----

func.func @mask_passthru(%v: vector<8xf32>, %p: f32, %mask: vector<8xi1>) {
  // expected-error @+1 {{'vector.mask' op doesn't expect a passthru argument for this maskable operation}}
  %0 = vector.mask %mask, %p { vector.reduction <add>, %v : vector<8xf32> into f32 } : vector<8xi1> -> f32
  return
}

// -----

func.func @mask_not_maskable(%a: vector<8xf32>, %mask: vector<8xi1>) {
  // expected-error @+1 {{'vector.mask' op expects a MaskableOpInterface within the mask region}}
  %0 = vector.mask %mask { arith.addf %a, %a : vector<8xf32> } : vector<8xi1> -> vector<8xf32>
  return
}

// -----

func.func @scalable_insert_pos(%v: vector<4xf32>, %s: vector<[16]xf32>) {
  // expected-error @+1 {{'vector.scalable.insert' op failed to verify that position is a multiple of the source length.}}
  %0 = vector.scalable.insert %v, %s[2] : vector<4xf32> into vector<[16]xf32>
  return
}

// -----

func.func @scalable_extract_fixed(%s: vector<16xf32>) {
  // expected-error @+1 {{'vector.scalable.extract' op source must be scalable vector of any type values of ranks 1, but got 'vector<16xf32>'}}
  %0 = vector.scalable.extract %s[0] : vector<4xf32> from vector<16xf32>
  return
}

// -----

func.func @print_str_not_a_string() {
  // expected-error@+1 {{custom op 'vector.print' invalid kind of attribute specified}}
  vector.print str 3
  return
}

// -----

func.func @print_punctuation_twice() {
  // expected-error@+1 {{custom op 'vector.print' `punctuation` clause can appear at most once in the expansion of the oilist directive}}
  vector.print punctuation <comma> punctuation <comma>
  return
}

// -----

func.func @ess_syntax_missing_sizes(%v: vector<4xi8>) {
  // expected-error@+1 {{expected 'sizes'}}
  %0 = vector.extract_strided_slice %v offsets = [0], strides = [1] : vector<4xi8> to vector<2xi8>
  return
}

// -----

func.func @iss_syntax_missing_comma(%s: vector<2xi8>, %v: vector<4xi8>) {
  // expected-error@+1 {{expected ','}}
  %0 = vector.insert_strided_slice %s, %v offsets = [0] strides = [1] : vector<2xi8> into vector<4xi8>
  return
}

// -----

// The masked, expand and compress ops read or write consecutive elements:
// the minor stride must be 1 (MLIR PR 216485).
func.func @maskedload_non_unit_stride(%m: memref<16xf32, strided<[2]>>, %i: index, %k: vector<4xi1>, %p: vector<4xf32>) -> vector<4xf32> {
  // expected-error@+1 {{'vector.maskedload' op most minor memref dim must have unit stride}}
  %0 = vector.maskedload %m[%i], %k, %p : memref<16xf32, strided<[2]>>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  return %0 : vector<4xf32>
}

// -----

func.func @maskedstore_dynamic_stride(%m: memref<4x16xf32, strided<[16, ?]>>, %i: index, %k: vector<4xi1>, %v: vector<4xf32>) {
  // expected-error@+1 {{'vector.maskedstore' op most minor memref dim must have unit stride}}
  vector.maskedstore %m[%i, %i], %k, %v : memref<4x16xf32, strided<[16, ?]>>, vector<4xi1>, vector<4xf32>
  return
}

// -----

func.func @expandload_non_unit_stride(%m: memref<16xf32, strided<[3]>>, %i: index, %k: vector<4xi1>, %p: vector<4xf32>) -> vector<4xf32> {
  // expected-error@+1 {{'vector.expandload' op most minor memref dim must have unit stride}}
  %0 = vector.expandload %m[%i], %k, %p : memref<16xf32, strided<[3]>>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  return %0 : vector<4xf32>
}

// -----

func.func @compressstore_non_unit_stride(%m: memref<16xf32, strided<[2], offset: ?>>, %i: index, %k: vector<4xi1>, %v: vector<4xf32>) {
  // expected-error@+1 {{'vector.compressstore' op most minor memref dim must have unit stride}}
  vector.compressstore %m[%i], %k, %v : memref<16xf32, strided<[2], offset: ?>>, vector<4xi1>, vector<4xf32>
  return
}
