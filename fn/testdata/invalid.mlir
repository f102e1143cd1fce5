// RUN: kiln opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect

// expected-error @+1 {{symbol declaration cannot have public visibility}}
func.func @public_decl()

// -----

// expected-error @+1 {{expected non-empty function body}}
func.func @empty_body() {}

// -----

// expected-error @+1 {{expected type instead of SSA identifier}}
func.func private @mixed(i32, %a: f32)

// -----

// expected-error @+1 {{'sym_name' is an inferred attribute and should not be specified in the explicit attribute dictionary}}
func.func private @inferred() attributes {sym_name = "g"}

// -----

// expected-error @+1 {{arguments may only have dialect attributes}}
func.func private @arg_attr(i32 {foo})

// -----

// expected-error @+1 {{entry block must have 1 arguments to match function signature}}
"func.func"() <{function_type = (i32) -> (), sym_name = "entry_count"}> ({
  "func.return"() : () -> ()
}) : () -> ()

// -----

func.func @return_count(%a: i32) {
  // expected-error @+1 {{'func.return' op has 1 operands, but enclosing function (@return_count) returns 0}}
  return %a : i32
}

// -----

func.func @return_type(%a: i32) -> f32 {
  // expected-error @+1 {{type of return operand 0 ('i32') doesn't match function result type ('f32') in function @return_type}}
  return %a : i32
}

// -----

"test.region"() ({
  // expected-error @+1 {{'func.return' op expects parent op 'func.func'}}
  "func.return"() : () -> ()
}) : () -> ()

// -----

func.func @undefined_callee() {
  // expected-error @+1 {{'func.call' op 'nowhere' does not reference a valid function}}
  call @nowhere() : () -> ()
  return
}

// -----

func.func private @callee(i32)
func.func @operand_type(%a: f32) {
  // expected-error @+1 {{operand type mismatch: expected operand type 'i32', but provided 'f32' for operand number 0}}
  call @callee(%a) : (f32) -> ()
  return
}

// -----

func.func private @two() -> (i32, i32)
func.func @result_type() {
  // expected-error @+3 {{result type mismatch at index 1}}
  // expected-note @+2 {{op result types: 'i32', 'f32'}}
  // expected-note @+1 {{function result types: 'i32', 'i32'}}
  %0:2 = call @two() : () -> (i32, f32)
  return
}

// -----

func.func @indirect(%g: (i32) -> (), %a: f32) {
  // expected-error @+1 {{failed to verify that callee input types match argument types}}
  "func.call_indirect"(%g, %a) : ((i32) -> (), f32) -> ()
  return
}

// -----

func.func @constant_undefined() {
  // expected-error @+1 {{reference to undefined function 'nowhere'}}
  %0 = constant @nowhere : () -> ()
  return
}
