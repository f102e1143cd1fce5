// RUN: kiln opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect

// Parser diagnostics worded as MLIR's parser words them.

// expected-error @+1 {{missing right operand of binary operator}}
#m = affine_map<(x, y) -> (x -, y)>

// -----

// expected-error @+1 {{missing left operand of binary operator}}
#m = affine_map<(x, y) -> (x, * y)>

// -----

// expected-error @+1 {{no expression inside parentheses}}
#m = affine_map<(x) -> (x + ())>

// -----

// expected-error @+2 {{no expression inside parentheses}}
// expected-error @+1 {{missing operand of negation}}
#m = affine_map<(x) -> (-())>

// -----

// A product of two dimensions, or a division by one, is not affine.
// expected-error @+1 {{non-affine expression: at least one of the multiply operands has to be either a constant or symbolic}}
#m = affine_map<(x, y)[s] -> (x * (y + s))>

// -----

// expected-error @+1 {{non-affine expression: right operand of mod has to be either a constant or symbolic}}
#s = affine_set<(x, y) : (x mod y >= 0)>

// -----

// Products with a symbol stay affine.
"test.op"() {m = affine_map<(x)[s] -> (x * s, x floordiv (s * 2), (x + 1) mod s)>} : () -> ()

// -----

// expected-error @+1 {{expected '=' in attribute alias definition}}
#a affine_map<(x) -> (x)>

// -----

// expected-error @+1 {{expected '=' in type alias definition}}
!t i32

// -----

// expected-error @+1 {{invalid tensor element type}}
"test.op"() : () -> tensor<2xtensor<2xf32>>

// -----

// expected-error @+1 {{invalid memref element type}}
"test.op"() : () -> memref<2xtuple<i32>>

// -----

// expected-error @+1 {{unsupported memory space Attribute}}
"test.op"() : () -> memref<2xf32, [1]>

// -----

// expected-error @+1 {{unsupported memory space Attribute}}
"test.op"() : () -> memref<2xf32, distinct[0]<>>

// -----

// expected-error @+1 {{unsupported memory space Attribute}}
"test.op"() : () -> memref<2xf32, sparse<> : tensor<2xi32>>

// -----

// Integers, strings, dictionaries and dialect attributes are memory spaces.
"test.op"() : () -> (memref<2xf32, 3>, memref<2xf32, "shared">, memref<2xf32, {kind = 1}>, memref<2xf32, #gpu.address_space<workgroup>>)

// -----

// expected-error @+1 {{expected list element}}
"test.op"() : () -> memref<2xf32, >

// -----

// expected-error @+1 {{expected '<' after 'strided'}}
"test.op"() : () -> memref<2xf32, strided[1]>

// -----

// expected-error @+1 {{expected a 64-bit signed integer or '?'}}
"test.op"() : () -> memref<2xf32, strided<[x]>>

// -----

// expected-error @+1 {{invalid integer width}}
"test.op"() : () -> i99999999999

// -----

// expected-error @+1 {{unknown builtin type 'quux'}}
"test.op"() : () -> !builtin.quux<i32>

// -----

// expected-error @+1 {{invalid integer width}}
"test.op"() : () -> !builtin.i99999999999

// -----

// expected-error @+1 {{failed to verify 'elementType': VectorElementTypeInterface instance}}
"test.op"() : () -> vector<2xcomplex<f32>>

// -----

// expected-error @+1 {{expected non-function type (invalid tensor dimension size}}
"test.op"() : () -> tensor<2x-3xf32>

// -----

// expected-error @+1 {{expected '>' in complex type}}
"test.op"() : () -> complex<f32, f32>

// -----

// expected-error @+1 {{expected ')' in location}}
"test.op"() : () -> () loc("a" "b")

// -----

// expected-error @+1 {{expected '(' in location}}
"test.op"() : () -> () loc "a"

// -----

// expected-error @+1 {{expected 'at' in callsite location}}
"test.op"() : () -> () loc(callsite("a" from "b"))

// -----

// expected-error @+1 {{expected ']' in fused location}}
"test.op"() : () -> () loc(fused["a", "b")

// -----

// expected-error @+1 {{expected ')' after child location of NameLoc}}
"test.op"() : () -> () loc("a"("b" "c"))

// -----

// expected-error @+1 {{expected ')' after 'loc'}}
"test.op"() {l = loc("a" "b")} : () -> ()

// -----

// expected-error @+1 {{elements literal must be a shaped type}}
"test.op"() {d = dense<1> : f32} : () -> ()

// -----

// expected-error @+2 {{unexpected decimal integer literal for a floating point value}}
// expected-note @+1 {{add a trailing dot to make the literal a float}}
"test.op"() {d = dense<[1.5, 2]> : tensor<2xf16>} : () -> ()

// -----

// Hexadecimal integers are the bits of a float.
"test.op"() {d = dense<[0x3C00, 1.0]> : tensor<2xf16>, f = 0x3F800000 : f32} : () -> ()

// -----

// expected-error @+1 {{expected unsigned integer elements, but parsed negative value}}
"test.op"() {d = dense<[1, -1]> : tensor<2xui8>} : () -> ()

// -----

// expected-error @+1 {{expected ',' between complex elements}}
"test.op"() {d = dense<(1.0 2.0)> : tensor<complex<f32>>} : () -> ()

// -----

// expected-error @+1 {{expected ',' or ']'}}
"test.op"() {a = [1, 2 3]} : () -> ()

// -----

// expected-error @+1 {{expected ':' after dense array type}}
"test.op"() {a = array<i32 1, 2>} : () -> ()

// -----

// expected-error @+1 {{element type bitwidth must be a multiple of 8}}
"test.op"() {a = array<i4: 1>} : () -> ()

// -----

// expected-error @+1 {{expected '>' to close an array attribute}}
"test.op"() {a = array<i32: 1 2>} : () -> ()

// -----

// An empty dense array needs no colon.
"test.op"() {a = array<i32>, b = array<i1: true, false>} : () -> ()

// -----

// The split marker counts anywhere on a line, as in MLIR: the string below
// ends its chunk, unterminated.
// expected-error @+1 {{expected '"' in string literal}}
"test.op"() {s = "a// -----
"test.op"() : () -> ()

// -----

// expected-error @+4 {{expected ':' after block name}}
"test.op"() ({
^bb0:
  "test.op"() : () -> ()
^bb1
  "test.op"() : () -> ()
}) : () -> ()

// -----

// expected-error @+1 {{expected three consecutive dots for an ellipsis}}
"test.op"() {a = ..} : () -> ()

// -----

// expected-error @+1 {{invalid type identifier}}
"test.op"() : () -> !

// -----

// expected-error @+1 {{type names with a '.' are reserved for dialect-defined names}}
!a.b = i32

// -----

// expected-error @+1 {{attribute names with a '.' are reserved for dialect-defined names}}
#a.b = 1

// -----

// expected-error @+1 {{expected '>' in tuple type}}
"test.op"() : () -> tuple<i32, i32

// -----

"test.op"() ({
// expected-error @+1 {{expected SSA operand}}
^bb0(i32):
  "test.op"() : () -> ()
}) : () -> ()

// -----

"test.op"() ({
// expected-error @+1 {{expected ':' and type for SSA operand}}
^bb0(%a):
  "test.op"() : () -> ()
}) : () -> ()

// -----

// The missing type belongs at the end of the op's line.
// expected-error @+1 {{expected ':' followed by operation type}}
%0 = "test.op"()
"test.op"() : () -> ()

// -----

// expected-error @+1 {{expected ')' to end region list}}
"test.op"() ({}, {} : () -> ()

// -----

// expected-error @+1 {{expected '=' after SSA name}}
%0 "test.op"() : () -> i32

// -----

// An integer type names no op.
// expected-error @+1 {{expected operation name in quotes}}
i32

// -----

func.func @f(%c: i1) {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  // expected-error @+1 {{operand #0 does not dominate this use}}
  "test.use"(%v) : (i32) -> ()
  cf.br ^bb2
^bb2:
  // expected-note @+1 {{operand defined here (op in the same region)}}
  %v = "test.def"() : () -> i32
  return
}

// -----

// expected-note @+1 {{operand defined as a block argument (block #1 in a parent region)}}
func.func @f(%x: i32) {
  "test.region"() ({
    // expected-error @+1 {{operand #0 does not dominate this use}}
    "test.use"(%a) : (i32) -> ()
  }) : () -> ()
  cf.br ^bb1(%x : i32)
^bb1(%a: i32):
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error @+1 {{successors in non-terminator}}
  %c = "arith.addi"(%a, %a)[^bb1] : (i32, i32) -> i32
^bb1:
  return
}

// -----

func.func @f(%n: index) {
  // expected-note @+1 {{previously referenced here}}
  scf.for %i = %n to %n step %n {
    // expected-error @+1 {{region entry argument '%i' is already in use}}
    scf.for %i = %n to %n step %n {
    }
  }
  return
}

// -----

func.func @f() -> i8 {
  cf.br ^bb2
^bb1:
  // expected-note @+1 {{previously used here with type 'i8'}}
  return %v : i8
^bb2:
  // expected-error @+1 {{definition of SSA value '%v#0' has type 'f32'}}
  %v = "test.def"() : () -> f32
  cf.br ^bb1
}

// -----

// expected-error@below {{expected '[' after 'distinct'}}
#attr = distinct<

// -----

// expected-error@below {{expected distinct ID}}
#attr = distinct[i8

// -----

// expected-error@below {{expected an unsigned 64-bit integer}}
#attr = distinct[0x10000000000000000]

// -----

// expected-error@below {{expected ']' to close distinct ID}}
#attr = distinct[8)

// -----

// expected-error@below {{expected '<' after distinct ID}}
#attr = distinct[8](

// -----

// expected-error@below {{expected attribute value}}
#attr = distinct[8]<attribute

// -----

// expected-error@below {{expected '>' to close distinct attribute}}
#attr = distinct[8]<@foo]

// -----

#attr = distinct[0]<42 : i32>
// expected-error@+1 {{referenced attribute does not match previous definition: 42 : i32}}
"t.op"() {a = distinct[0]<43 : i32>} : () -> ()

// -----

// expected-error @+1 {{expected element literal of primitive type}}
"t.op"() {a = sparse<vector<1xi64>,[,[,1]

// -----

// expected-error @+1 {{expected 1-d tensor for sparse element values}}
"t.op"() {a = sparse<[[0, 0, 0]], [[-2.0]]> : vector<1x1x1xf16>} : () -> ()

// -----

// expected-error @+1 {{sparse index #0 is not contained within the value shape, with index=[1, 1], and type='tensor<1x1xi16>'}}
"t.op"() {a = sparse<1, 10> : tensor<1x1xi16>} : () -> ()

// -----

// expected-error @+1 {{sparse index #1 is not contained within the value shape, with index=[0, 4], and type='tensor<2x4xi16>'}}
"t.op"() {a = sparse<[[1, 3], [0, 4]], 10> : tensor<2x4xi16>} : () -> ()

// -----

// expected-error @+1 {{expected shape ([2, 4]); inferred shape of indices literal ([2, 3]); inferred shape of values literal ([2])}}
"t.op"() {a = sparse<[[1, 3, 0], [0, 1, 0]], 10> : tensor<2x4xi16>} : () -> ()

// -----

// expected-error @+1 {{expected shape ([2, 4]); inferred shape of indices literal ([1, 2]); inferred shape of values literal ([2])}}
"t.op"() {a = sparse<[[1, 3]], [1, 2]> : tensor<2x4xi16>} : () -> ()

// -----

// expected-error @+1 {{expected integer elements, but parsed floating-point}}
"t.op"() {a = sparse<[[1.0, 3]], [1]> : tensor<2x4xi16>} : () -> ()

// -----

// expected-error @+1 {{expected integer elements, but parsed string}}
"t.op"() {a = sparse<"0x01", [1]> : tensor<2x4xi16>} : () -> ()

// -----

// expected-error @+1 {{expected ','}}
"t.op"() {a = sparse<[1] [1]> : tensor<2xi16>} : () -> ()

// -----

// expected-error @+1 {{elements literal type must have static shape}}
"t.op"() {a = sparse<[1], [1]> : tensor<?xi16>} : () -> ()

// -----

// expected-error @+1 {{'builtin.module' has no property 'sym_name'}}
module <sym_name = "m"> {
}

// -----

// expected-error @+1 {{expected '=' after property name}}
module <sym_visibility "private"> {
}

// -----

// expected-error @+1 {{duplicate key 'sym_visibility' in dictionary attribute}}
module <sym_visibility = "private", sym_visibility = "nested"> {
}

// -----

// A region cut short: MLIR's message, at the end of the last line with code
// (a '//' inside a string starts no comment).
"test.wrap"() ({
  // expected-error@+1 {{expected operation name in quotes}}
  "test.op"() {url = "http://example.com"} : () -> ()

// -----

// An error at the end of the input is one character back, on the empty line.
// expected-error@+2 {{expected identifier key in file metadata dictionary}}
{-#

// -----

// expected-error @+1 {{expected attribute value}}
"test.dummy"() {attr = dense<tensor<3xi32> : [foo]>} : () -> ()

// -----

// expected-error @+1 {{incompatible attribute for element type}}
"test.dummy"() {attr = dense<tensor<3xi32> : [1 : i64, 2 : i32, 3 : i32]>} : () -> ()

// -----

// expected-error @+1 {{expected 3 elements in dimension, got 2}}
"test.dummy"() {attr = dense<tensor<3xi32> : [1 : i32, 2 : i32]>} : () -> ()

// -----

// expected-error @+1 {{dense elements type must have static shape}}
"test.dummy"() {attr = dense<tensor<?xi32> : [1 : i32, 2 : i32, 3 : i32]>} : () -> ()

// -----

// expected-error @+1 {{expected a shaped type for dense elements}}
"test.dummy"() {attr = dense<i32 : [1 : i32, 2 : i32, 3 : i32]>} : () -> ()

// -----

// expected-error @+1 {{dense string elements not supported in sparse elements attribute}}
"test.foostr"() {bar = sparse<[[1, 1, 0], [0, 1, 0]], ["a", "b"]> : tensor<2x2x2x!unknown<>>} : () -> ()
