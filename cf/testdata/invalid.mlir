// RUN: kiln opt %s --split-input-file --verify-diagnostics

func.func @switch_missing_case_value(%flag : i32, %caseOperand : i32) {
  cf.switch %flag : i32, [
    default: ^bb1(%caseOperand : i32),
    45: ^bb2(%caseOperand : i32),
    // expected-error@+1 {{expected integer value}}
    : ^bb3(%caseOperand : i32)
  ]
^bb1(%bb1arg : i32):
  return
^bb2(%bb2arg : i32):
  return
^bb3(%bb3arg : i32):
  return
}

// -----

func.func @switch_missing_comma(%flag : i32, %caseOperand : i32) {
  cf.switch %flag : i32, [
    default: ^bb1(%caseOperand : i32),
    // expected-error@+1 {{expected ']'}}
    45: ^bb2(%caseOperand : i32) 43: ^bb3(%caseOperand : i32)
  ]
^bb1(%bb1arg : i32):
  return
^bb2(%bb2arg : i32):
  return
^bb3(%bb3arg : i32):
  return
}

// -----

func.func @switch_missing_default(%flag : i32, %caseOperand : i32) {
  cf.switch %flag : i32, [
    // expected-error@+1 {{expected 'default'}}
    45: ^bb2(%caseOperand : i32)
  ]
^bb2(%bb2arg : i32):
  return
}

// -----

func.func @switch_i8_positive_overflow(%flag : i8) {
  cf.switch %flag : i8, [
    default: ^bb1,
    // expected-error@+1 {{case value is out of range for 'i8'}}
    256: ^bb1
  ]
^bb1:
  return
}

// -----

func.func @switch_i64_negative_overflow(%flag : i64) {
  cf.switch %flag : i64, [
    default: ^bb1,
    // expected-error@+1 {{case value is out of range for 'i64'}}
    -9223372036854775809: ^bb1
  ]
^bb1:
  return
}

// -----

func.func @wrong_weights_number(%cond: i1) {
  // expected-error@+1 {{expects number of branch weights to match number of successors: 1 vs 2}}
  cf.cond_br %cond weights([100]), ^bb1, ^bb2
^bb1:
  return
^bb2:
  return
}

// -----

func.func @wrong_total_weight(%cond: i1) {
  // expected-error@+1 {{branch weights cannot all be zero}}
  cf.cond_br %cond weights([0, 0]), ^bb1, ^bb2
^bb1:
  return
^bb2:
  return
}

// -----

func.func @br_operand_count(%a: i32) {
  // expected-error@+1 {{branch has 1 operands for successor #0, but target block has 0}}
  cf.br ^bb1(%a : i32)
^bb1:
  return
}

// -----

func.func @switch_case_type(%flag: i32) {
  // expected-error@+1 {{'flag' type (i32) should match case value type (i64)}}
  "cf.switch"(%flag)[^bb1, ^bb1] <{case_operand_segments = array<i32: 0>, case_values = dense<1> : vector<1xi64>, operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
^bb1:
  return
}

// -----

func.func @switch_i128_positive_overflow(%flag : i128) {
  cf.switch %flag : i128, [
    default: ^bb1,
    // expected-error@+1 {{case value is out of range for 'i128'}}
    340282366920938463463374607431768211456: ^bb1
  ]
^bb1:
  return
}
