// RUN: kiln opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect

func_without_quotes
// expected-error @-1 {{custom op 'func_without_quotes' is unknown}}

// -----

// expected-error @+1 {{use of undeclared SSA value name '%x'}}
"test.use"(%x) : (i32) -> ()

// -----

// expected-note @+1 {{previously defined here}}
%0 = "test.def"() : () -> i32
// expected-error @+1 {{redefinition of SSA value '%0'}}
%0 = "test.def"() : () -> i32

// -----

// expected-note @+1 {{prior use here}}
%0 = "test.def"() : () -> i32
// expected-error @+1 {{use of value '%0' expects different type than prior uses: 'f32' vs 'i32'}}
"test.use"(%0) : (f32) -> ()

// -----

// expected-note @+1 {{prior use here}}
"test.use"(%1) : (f32) -> ()
// expected-error @+1 {{use of value '%1' expects different type than prior uses: 'i32' vs 'f32'}}
"test.use"(%1) : (i32) -> ()
%1 = "test.def"() : () -> f32

// -----

// expected-error @+1 {{expected 1 operand type but had 0}}
"test.use"(%0) : () -> ()

// -----

// expected-error @+1 {{operation defines 1 results but was provided 2 to bind}}
%a, %b = "test.def"() : () -> i32

// -----

// expected-error @+1 {{cannot name an operation with no results}}
%a = "test.def"() : () -> ()

// -----

// expected-error @+1 {{undefined symbol alias id 'nope'}}
"test.op"() {a = #nope} : () -> ()

// -----

// expected-error @+1 {{reference to an undefined block '^bb9'}}
"test.br"() [^bb9] : () -> ()

// -----

"test.region"() ({
^bb0:
  %0 = "test.def"() : () -> i32
  "test.br"() [^bb1] : () -> ()
^bb1:
  // expected-error @+1 {{redefinition of block '^bb1'}}
^bb1:
  "test.end"() : () -> ()
}) : () -> ()

// -----

// expected-error @+1 {{integer constant out of range for attribute}}
"test.op"() {a = 256 : i8} : () -> ()

// -----

// expected-error @+1 {{expected 'x' in dimension list}}
"test.op"() {a = memref<4f32>} : () -> ()

// -----

// expected-error @+1 {{expected '"' in string literal}}
"test.op"() {a = "unterminated} : () -> ()

// -----

// expected-error @+1 {{operation location alias was never defined}}
"test.op"() : () -> () loc(#undefined_loc)

// -----

// A missing token is reported after the last code, as MLIR does.
// expected-error @+1 {{expected '}'}}
"test.op"() {a = 1
// a comment

// -----

// -----

// expected-error @+1 {{parsed zero elements, but type ('tensor<f32>') expected at least 1}}
"test.dense"() {x = dense<> : tensor<f32>} : () -> ()

// -----

// expected-error @+1 {{expected '(' in integer set constraint list}}
"test.op"() {s = affine_set<(i)[N, M] : )i >= 0)>} : () -> ()

// -----

// expected-error @+1 {{expected ')' in integer set constraint list}}
"test.op"() {s = affine_set<(i) : (i >= 0>} : () -> ()

// -----

// expected-error @+1 {{expected '(' in affine map range}}
"test.op"() {m = affine_map<(i) -> )i)>} : () -> ()

// -----

// expected-error @+1 {{expected ')' in affine map range}}
"test.op"() {m = affine_map<(i) -> (i>} : () -> ()

// -----

// A positive literal of a signed or index type must leave the sign bit
// clear, as in MLIR's parser.
// expected-error @+1 {{integer constant out of range for attribute}}
"test.op"() {a = 9223372036854775810 : index} : () -> ()

// -----

// expected-error @+1 {{integer constant out of range for attribute}}
"test.op"() {a = 128 : si8} : () -> ()

// -----

// expected-error @+1 {{integer constant out of range for attribute}}
"test.op"() {a = -129 : i8} : () -> ()

// -----

// expected-error @+1 {{integer constant out of range for attribute}}
"test.op"() {a = -0 : i32} : () -> ()

// -----

// expected-error @+1 {{integer constant out of range for type}}
"test.op"() {a = dense<[1, 128]> : vector<2xsi8>} : () -> ()

// -----

// expected-error @+1 {{expected integer line number in FileLineColRange}}
"test.op"() : () -> () loc("f":x)

// -----

// expected-error @+1 {{expected integer line number in FileLineColRange}}
"test.op"() : () -> () loc("f":-1)

// -----

// expected-error @+1 {{expected integer column number in FileLineColRange}}
"test.op"() : () -> () loc("f":1:x)

// -----

// expected-error @+1 {{expected either integer or `:` post `to` in FileLineColRange}}
"test.op"() : () -> () loc("f":1:2 to 3)

// -----

// expected-error @+1 {{expected either integer or `:` post `to` in FileLineColRange}}
"test.op"() : () -> () loc("f":1:2 to x)

// -----

// expected-error @+1 {{expected integer column number in FileLineColRange}}
"test.op"() : () -> () loc("f":1:2 to 3:)

// -----

// expected-error @+1 {{expected integer line number in FileLineColRange}}
"test.op"() : () -> () loc("f":1:2 to 0x100000000:1)
