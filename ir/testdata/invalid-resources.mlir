// RUN: kiln opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect

// expected-error @+2 {{expected identifier key in file metadata dictionary}}
{-#
  10
#-}

// -----

// expected-error @+2 {{expected ':'}}
{-#
  key
#-}

// -----

// expected-error @+2 {{unknown key 'other_key' in file metadata dictionary}}
{-#
  other_key: {}
#-}

// -----

// expected-error @+2 {{expected '{'}}
{-#
  dialect_resources: 7
#-}

// -----

// expected-error @+3 {{expected identifier key for 'resource' entry}}
{-#
  dialect_resources: {
    "builtin": {}
  }
#-}

// -----

// expected-error @+3 {{dialect 'nodialect' is unknown}}
{-#
  dialect_resources: {
    nodialect: {}
  }
#-}

// -----

// expected-error @+4 {{unknown 'resource' key 'entry' for dialect 'arith'}}
{-#
  dialect_resources: {
    arith: {
      entry: "0x04000000"
    }
  }
#-}

// -----

// expected-error @+4 {{expected hex string blob for key 'blob'}}
{-#
  dialect_resources: {
    builtin: {
      blob: 12
    }
  }
#-}

// -----

// Odd number of digits.
// expected-error @+4 {{expected hex string blob for key 'blob'}}
{-#
  dialect_resources: {
    builtin: {
      blob: "0x040000000"
    }
  }
#-}

// -----

// Not hex.
// expected-error @+4 {{expected hex string blob for key 'blob'}}
{-#
  dialect_resources: {
    builtin: {
      blob: "0x04000000zz"
    }
  }
#-}

// -----

// No 0x.
// expected-error @+4 {{expected hex string blob for key 'blob'}}
{-#
  dialect_resources: {
    builtin: {
      blob: "04000000"
    }
  }
#-}

// -----

// expected-error @+4 {{expected hex string blob for key 'blob' to encode alignment in first 4 bytes}}
{-#
  dialect_resources: {
    builtin: {
      blob: "0x040000"
    }
  }
#-}

// -----

// expected-error @+4 {{expected hex string blob for key 'blob' to encode alignment in first 4 bytes, but got non-power-of-2 value: 3}}
{-#
  dialect_resources: {
    builtin: {
      blob: "0x0300000001"
    }
  }
#-}

// -----

// expected-error @+4 {{expected ',' or '}'}}
{-#
  dialect_resources: {
    builtin: {
      a: "0x04000000" b: "0x04000000"
    }
  }
#-}

// -----

// expected-error @+2 {{expected ',' or '#-}'}}
{-#
  dialect_resources: {} external_resources: {}
#-}

// -----

// expected-error @+4 {{expected string value for key 'entry'}}
{-#
  external_resources: {
    tool: {
      entry: 10
    }
  }
#-}

// -----

// expected-error @+4 {{expected hex string blob for key 'entry'}}
{-#
  external_resources: {
    tool: {
      entry: "0xZZ"
    }
  }
#-}

// -----

// expected-error @+1 {{expected '<' after 'dense_resource'}}
"test.op"() {a = dense_resource} : () -> ()

// -----

// expected-error @+1 {{expected identifier key for 'resource' entry}}
"test.op"() {a = dense_resource<12>} : () -> ()

// -----

// expected-error @+1 {{expected '>'}}
"test.op"() {a = dense_resource<blob : tensor<2xi8>} : () -> ()

// -----

// expected-error @+1 {{expected ':'}}
"test.op"() {a = dense_resource<blob>} : () -> ()

// -----

// expected-error @+1 {{`dense_resource` expected a shaped type}}
"test.op"() {a = dense_resource<blob> : i32} : () -> ()
