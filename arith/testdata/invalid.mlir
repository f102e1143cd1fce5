// RUN: kiln opt %s --split-input-file --verify-diagnostics

func.func @addi_float(%a: f32) {
  // expected-error @+1 {{'arith.addi' op operand #0 must be signless-integer-like, but got 'f32'}}
  %0 = arith.addi %a, %a : f32
  return
}

// -----

func.func @addf_int(%a: i32) {
  // expected-error @+1 {{'arith.addf' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = arith.addf %a, %a : i32
  return
}

// -----

func.func @addf_three(%a: f32) {
  // expected-error @+1 {{expected ':'}}
  %0 = arith.addf %a, %a, %a : f32
  return
}

// -----

func.func @cmpi_generic_predicate(%a: i32) {
  // expected-error @+1 {{attribute 'predicate' failed to satisfy constraint: allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9}}
  %0 = "arith.cmpi"(%a, %a) {predicate = 42} : (i32, i32) -> i1
  return
}

// -----

func.func @cmpi_no_predicate(%a: i32) {
  // expected-error @+1 {{requires attribute 'predicate'}}
  %0 = "arith.cmpi"(%a, %a) {foo = 1} : (i32, i32) -> i1
  return
}

// -----

func.func @cmpi_float(%a: f32) {
  // expected-error @+1 {{'lhs' must be signless-integer-like, but got 'f32'}}
  %0 = arith.cmpi eq, %a, %a : f32
  return
}

// -----

func.func @cmpf_signed_predicate(%a: f32) {
  // expected-error @+1 {{expected string or keyword containing one of the following enum values}}
  %0 = arith.cmpf sge, %a, %a : f32
  return
}

// -----

func.func @cmpi_result_shape(%a: vector<42xi32>) {
  // expected-error @+1 {{op failed to verify that result type has i1 element type and same shape as operands}}
  %0 = "arith.cmpi"(%a, %a) {predicate = 0} : (vector<42xi32>, vector<42xi32>) -> vector<41xi1>
  return
}

// -----

func.func @constant_unsigned() {
  // expected-error @+1 {{'arith.constant' op integer return type must be signless}}
  %0 = arith.constant 0 : ui32
  return
}

// -----

func.func @constant_type() {
  // expected-error @+1 {{'arith.constant' op failed to verify that all of {value, result} have same type}}
  %0 = "arith.constant"() {value = 10.0 : f64} : () -> f32
  return
}

// -----

func.func @constant_scalable() {
  // expected-error @+1 {{'arith.constant' op intializing scalable vectors with elements attribute is not supported unless it's a vector splat}}
  %0 = arith.constant dense<[0, 1]> : vector<[2]xi32>
  return
}

// -----

func.func @bitcast_width(%a: f16) {
  // expected-error @+1 {{'arith.bitcast' op operand type 'f16' and result type 'f32' are cast incompatible}}
  %0 = arith.bitcast %a : f16 to f32
  return
}

// -----

func.func @extsi_narrower(%a: i16) {
  // expected-error @+1 {{are cast incompatible}}
  %0 = arith.extsi %a : i16 to i15
  return
}

// -----

func.func @trunci_index(%a: index) {
  // expected-error @+1 {{op operand #0 must be signless-fixed-width-integer-like, but got 'index'}}
  %0 = arith.trunci %a : index to i8
  return
}

// -----

func.func @index_cast_float(%a: index) {
  // expected-error @+1 {{op result #0 must be signless-integer-like or memref of signless-integer, but got 'f32'}}
  %0 = arith.index_cast %a : index to f32
  return
}

// -----

func.func @extf_shape(%a: vector<2xf16>) {
  // expected-error @+1 {{'arith.extf' op requires the same shape for all operands and results}}
  %0 = arith.extf %a : vector<2xf16> to vector<3xf32>
  return
}

// -----

func.func @extsi_tensor_dims(%a: tensor<4xi32>) {
  // expected-error @+1 {{'arith.extsi' op failed to verify that input and output have the same tensor dimensions}}
  %0 = arith.extsi %a : tensor<4xi32> to tensor<?xi64>
  return
}

// -----

func.func @select_shape(%c: tensor<i1>, %a: tensor<2xi64>) {
  // expected-error @+1 {{'arith.select' op failed to verify that condition is scalar or has matching shape}}
  %0 = arith.select %c, %a, %a : tensor<i1>, tensor<2xi64>
  return
}

// -----

func.func @addui_extended_carry(%a: i32) {
  // expected-error @+1 {{'arith.addui_extended' op result #1 must be bool-like, but got 'i32'}}
  %0:2 = arith.addui_extended %a, %a : i32, i32
  return
}

// -----

func.func @addui_extended_shapes(%a: vector<8xi32>) {
  // expected-error @+1 {{'arith.addui_extended' op if an operand is non-scalar, then all results must be non-scalar}}
  %0:2 = arith.addui_extended %a, %a : vector<8xi32>, i1
  return
}

// -----

func.func @fastmath_flag(%a: f32) {
  // expected-error @+1 {{expected one of [none, reassoc, nnan, ninf, nsz, arcp, contract, afn] for fastmath flags, got 'quick'}}
  %0 = arith.addf %a, %a fastmath<quick> : f32
  return
}

// -----

func.func @addf_rounding_mode(%a: f32) {
  // expected-error @+1 {{'arith.addf' op attribute 'roundingmode' failed to satisfy constraint: allowed 32-bit signless integer cases: 0, 1, 2, 3, 4}}
  %0 = "arith.addf"(%a, %a) <{roundingmode = 5 : i32}> : (f32, f32) -> f32
  return
}

// -----

func.func @remf_rounding_mode(%a: f32) {
  // expected-error @+1 {{expected ':'}}
  %0 = arith.remf %a, %a downward : f32
  return
}

// -----

func.func @nneg_not_unit(%a: i32) {
  // expected-error @+1 {{'arith.extui' op attribute 'nonNeg' failed to satisfy constraint: unit attribute}}
  %0 = "arith.extui"(%a) <{nonNeg = 1 : i32}> : (i32) -> i64
  return
}

// -----

func.func @nneg_on_extsi(%a: i32) {
  // expected-error @+1 {{expected ':'}}
  %0 = arith.extsi %a nneg : i32 to i64
  return
}

// -----

func.func @convertf_widens(%a: f16) {
  // expected-error @+1 {{'arith.convertf' op operand type 'f16' and result type 'f32' are cast incompatible}}
  %0 = arith.convertf %a : f16 to f32
  return
}
