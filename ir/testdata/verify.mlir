// RUN: kiln opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect

// expected-error @+1 {{attribute 'sym_name' failed to satisfy constraint: string attribute}}
"builtin.module"() ({
  // A nested module with a wrong symbol name type.
}) {sym_name = 3} : () -> ()

// -----

module {
  // expected-note @+1 {{see existing symbol definition here}}
  module @a {}
  // expected-error @+1 {{redefinition of symbol named 'a'}}
  module @a {}
}

// -----

%0 = "test.def"() : () -> i32
// expected-error @+1 {{expected 1 or more results}}
"builtin.unrealized_conversion_cast"(%0) : (i32) -> ()

// -----

// expected-error @+1 {{can only contain attributes with dialect-prefixed names, found: 'nodialect'}}
module attributes {nodialect} {}

