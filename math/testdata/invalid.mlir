// RUN: kiln opt %s --split-input-file --verify-diagnostics

func.func @sqrt_int(%a: i32) {
  // expected-error @+1 {{'math.sqrt' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = math.sqrt %a : i32
  return
}

// -----

func.func @ctlz_float(%a: f32) {
  // expected-error @+1 {{'math.ctlz' op operand #0 must be signless-integer-like, but got 'f32'}}
  %0 = math.ctlz %a : f32
  return
}

// -----

func.func @fpowi_float_exponent(%a: f32, %n: f32) {
  // expected-error @+1 {{'math.fpowi' op operand #1 must be signless-integer-like, but got 'f32'}}
  %0 = math.fpowi %a, %n : f32, f32
  return
}

// -----

func.func @fpowi_shape(%a: vector<4xf32>, %n: i32) {
  // expected-error @+1 {{'math.fpowi' op requires the same shape for all operands and results}}
  %0 = math.fpowi %a, %n : vector<4xf32>, i32
  return
}

// -----

func.func @isnan_result(%a: f32) {
  // expected-error @+1 {{'math.isnan' op result #0 must be bool-like, but got 'i32'}}
  %0 = "math.isnan"(%a) : (f32) -> i32
  return
}

// -----

func.func @generic_fastmath(%a: f32) {
  // expected-error @+1 {{'math.exp' op attribute 'fastmath' failed to satisfy constraint: Floating point fast math flags}}
  %0 = "math.exp"(%a) <{fastmath = 1 : i32}> : (f32) -> f32
  return
}

// -----

func.func @clampf_int(%a: i32) {
  // expected-error @+1 {{'math.clampf' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = math.clampf %a to [%a, %a] : i32
  return
}

// -----

func.func @sincos_int(%a: i32) {
  // expected-error @+1 {{'math.sincos' op operand #0 must be floating-point-like, but got 'i32'}}
  %0:2 = math.sincos %a : i32
  return
}

// -----

func.func @fma_rounding_mode(%a: f32) {
  // expected-error @+1 {{'math.fma' op attribute 'roundingmode' failed to satisfy constraint: allowed 32-bit signless integer cases: 0, 1, 2, 3, 4}}
  %0 = "math.fma"(%a, %a, %a) <{roundingmode = 7 : i32}> : (f32, f32, f32) -> f32
  return
}

// -----

func.func @fma_rounding_after_fastmath(%a: f32) {
  // expected-error @+1 {{expected ':'}}
  %0 = math.fma %a, %a, %a fastmath<fast> downward : f32
  return
}
