package pass_test

import (
	"strings"
	"testing"
)

func TestCanonicalize(t *testing.T) {
	check(t, "builtin.module(test.func(canonicalize))", `"test.func"() ({
^bb0(%a: i32):
  %c1 = "test.constant"() {value = 1 : i32} : () -> i32
  %c2 = "test.constant"() {value = 2 : i32} : () -> i32
  %s = "test.add"(%c1, %c2) : (i32, i32) -> i32
  %n = "test.neg"(%a) : (i32) -> i32
  %m = "test.neg"(%n) : (i32) -> i32
  %dead = "test.add"(%a, %a) : (i32, i32) -> i32
  "test.return"(%s, %m) : (i32, i32) -> ()
}) {sym_name = "f"} : () -> ()`, `module {
  "test.func"() ({
  ^bb0(%arg0: i32):
    %0 = "test.constant"() {value = 3 : i32} : () -> i32
    "test.return"(%0, %arg0) : (i32, i32) -> ()
  }) {sym_name = "f"} : () -> ()
}`)
}

func TestCanonicalizeOptions(t *testing.T) {
	src := `"test.func"() ({
^bb0(%a: i32):
  %n = "test.neg"(%a) : (i32) -> i32
  %m = "test.neg"(%n) : (i32) -> i32
  "test.return"(%m) : (i32) -> ()
}) {sym_name = "f"} : () -> ()`
	m, err := runPipeline(t, "builtin.module(test.func(canonicalize{disable-patterns=neg-neg}))", src)
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Count(m.String(), "test.neg"); got != 2 {
		t.Errorf("%d negations left with the pattern disabled, want 2", got)
	}
	m, err = runPipeline(t, "builtin.module(test.func(canonicalize{max-iterations=0}))", src)
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Count(m.String(), "test.neg"); got != 2 {
		t.Errorf("%d negations left with max-iterations=0, want 2", got)
	}
}

func TestCSE(t *testing.T) {
	check(t, "builtin.module(test.func(cse))", `"test.func"() ({
^bb0(%a: i32, %b: i32):
  %0 = "test.add"(%a, %b) : (i32, i32) -> i32
  %1 = "test.add"(%a, %b) : (i32, i32) -> i32
  %2 = "test.add"(%b, %a) : (i32, i32) -> i32
  %e1 = "test.effect"(%a) : (i32) -> i32
  %e2 = "test.effect"(%a) : (i32) -> i32
  %c1 = "test.constant"() {value = 1 : i32, test.tag} : () -> i32
  %c2 = "test.constant"() {test.tag, value = 1 : i32} : () -> i32
  %c3 = "test.constant"() {value = 1 : i64} : () -> i32
  %unused = "test.neg"(%a) : (i32) -> i32
  "test.return"(%0, %1, %2, %e1, %e2, %c1, %c2, %c3) : (i32, i32, i32, i32, i32, i32, i32, i32) -> ()
}) {sym_name = "f"} : () -> ()`, `module {
  "test.func"() ({
  ^bb0(%arg0: i32, %arg1: i32):
    %0 = "test.add"(%arg0, %arg1) : (i32, i32) -> i32
    %1 = "test.effect"(%arg0) : (i32) -> i32
    %2 = "test.effect"(%arg0) : (i32) -> i32
    %3 = "test.constant"() {test.tag, value = 1 : i32} : () -> i32
    %4 = "test.constant"() {value = 1 : i64} : () -> i32
    "test.return"(%0, %0, %0, %1, %2, %3, %3, %4) : (i32, i32, i32, i32, i32, i32, i32, i32) -> ()
  }) {sym_name = "f"} : () -> ()
}`)
}

func TestCSEDominance(t *testing.T) {
	// ^bb1 and ^bb2 are siblings under ^bb0: each may reuse ^bb0's add, not
	// each other's; ^bb3 joins them and sees only ^bb0's.
	check(t, "builtin.module(test.func(cse))", `"test.func"() ({
^bb0(%a: i32):
  %0 = "test.add"(%a, %a) : (i32, i32) -> i32
  "test.effect"(%0) : (i32) -> ()
  "test.br"()[^bb1, ^bb2] : () -> ()
^bb1:
  %1 = "test.add"(%a, %a) : (i32, i32) -> i32
  %2 = "test.neg"(%a) : (i32) -> i32
  "test.effect"(%1, %2) : (i32, i32) -> ()
  "test.br"()[^bb3] : () -> ()
^bb2:
  %3 = "test.neg"(%a) : (i32) -> i32
  "test.effect"(%3) : (i32) -> ()
  "test.br"()[^bb3] : () -> ()
^bb3:
  %4 = "test.neg"(%a) : (i32) -> i32
  "test.return"(%4) : (i32) -> ()
}) {sym_name = "f"} : () -> ()`, `module {
  "test.func"() ({
  ^bb0(%arg0: i32):
    %0 = "test.add"(%arg0, %arg0) : (i32, i32) -> i32
    "test.effect"(%0) : (i32) -> ()
    "test.br"()[^bb1, ^bb2] : () -> ()
  ^bb1:  // pred: ^bb0
    %1 = "test.neg"(%arg0) : (i32) -> i32
    "test.effect"(%0, %1) : (i32, i32) -> ()
    "test.br"()[^bb3] : () -> ()
  ^bb2:  // pred: ^bb0
    %2 = "test.neg"(%arg0) : (i32) -> i32
    "test.effect"(%2) : (i32) -> ()
    "test.br"()[^bb3] : () -> ()
  ^bb3:  // 2 preds: ^bb1, ^bb2
    %3 = "test.neg"(%arg0) : (i32) -> i32
    "test.return"(%3) : (i32) -> ()
  }) {sym_name = "f"} : () -> ()
}`)
}

func TestCSENestedRegions(t *testing.T) {
	// The loop body may reuse the outer constant; the nested function is
	// isolated from above and keeps its own.
	check(t, "builtin.module(test.func(cse))", `"test.func"() ({
  %c = "test.constant"() {value = 1 : i32} : () -> i32
  "test.loop"() ({
    %d = "test.constant"() {value = 1 : i32} : () -> i32
    %e = "test.constant"() {value = 2 : i32} : () -> i32
    "test.effect"(%d, %e) : (i32, i32) -> ()
    "test.yield"() : () -> ()
  }) : () -> ()
  %f = "test.constant"() {value = 2 : i32} : () -> i32
  "test.func"() ({
    %g = "test.constant"() {value = 1 : i32} : () -> i32
    "test.effect"(%g) : (i32) -> ()
    "test.return"() : () -> ()
  }) {sym_name = "inner"} : () -> ()
  "test.effect"(%c, %f) : (i32, i32) -> ()
  "test.return"() : () -> ()
}) {sym_name = "f"} : () -> ()`, `module {
  "test.func"() ({
    %0 = "test.constant"() {value = 1 : i32} : () -> i32
    "test.loop"() ({
      %2 = "test.constant"() {value = 2 : i32} : () -> i32
      "test.effect"(%0, %2) : (i32, i32) -> ()
      "test.yield"() : () -> ()
    }) : () -> ()
    %1 = "test.constant"() {value = 2 : i32} : () -> i32
    "test.func"() ({
      %2 = "test.constant"() {value = 1 : i32} : () -> i32
      "test.effect"(%2) : (i32) -> ()
      "test.return"() : () -> ()
    }) {sym_name = "inner"} : () -> ()
    "test.effect"(%0, %1) : (i32, i32) -> ()
    "test.return"() : () -> ()
  }) {sym_name = "f"} : () -> ()
}`)
}

func TestSymbolDCE(t *testing.T) {
	check(t, "builtin.module(symbol-dce)", `"test.func"() ({
  "test.call"() {callee = @used} : () -> ()
  "test.return"() : () -> ()
}) {sym_name = "public"} : () -> ()
"test.func"() ({
  "test.call"() {callee = @transitive} : () -> ()
  "test.return"() : () -> ()
}) {sym_name = "used", sym_visibility = "private"} : () -> ()
"test.func"() ({
  "test.return"() : () -> ()
}) {sym_name = "transitive", sym_visibility = "private"} : () -> ()
"test.func"() ({
  "test.call"() {callee = @only_from_dead} : () -> ()
  "test.return"() : () -> ()
}) {sym_name = "dead", sym_visibility = "private"} : () -> ()
"test.func"() ({
  "test.return"() : () -> ()
}) {sym_name = "only_from_dead", sym_visibility = "private"} : () -> ()
"test.func"() ({
  "test.return"() : () -> ()
}) {sym_name = "nested_vis", sym_visibility = "nested"} : () -> ()
module @kernels {
  "test.func"() ({
    "test.return"() : () -> ()
  }) {sym_name = "k", sym_visibility = "private"} : () -> ()
  "test.func"() ({
    "test.return"() : () -> ()
  }) {sym_name = "unused_k", sym_visibility = "private"} : () -> ()
}
"test.effect"() {refs = [@kernels::@k]} : () -> ()`, `module {
  "test.func"() ({
    "test.call"() {callee = @used} : () -> ()
    "test.return"() : () -> ()
  }) {sym_name = "public"} : () -> ()
  "test.func"() ({
    "test.call"() {callee = @transitive} : () -> ()
    "test.return"() : () -> ()
  }) {sym_name = "used", sym_visibility = "private"} : () -> ()
  "test.func"() ({
    "test.return"() : () -> ()
  }) {sym_name = "transitive", sym_visibility = "private"} : () -> ()
  module @kernels {
    "test.func"() ({
      "test.return"() : () -> ()
    }) {sym_name = "k", sym_visibility = "private"} : () -> ()
  }
  "test.effect"() {refs = [@kernels::@k]} : () -> ()
}`)
}

func TestSymbolDCEErrors(t *testing.T) {
	_, err := runPipeline(t, "builtin.module(test.func(symbol-dce))", `"test.func"() ({
  "test.return"() : () -> ()
}) {sym_name = "f"} : () -> ()`)
	// The pass's own diagnostic, with nothing added: MLIR's tests expect
	// exactly the errors a pass emits.
	if err == nil || err.Error() != "test.mlir:1:1: error: 'test.func' op was scheduled to run under SymbolDCE, but does not define a symbol table" {
		t.Errorf("err = %v", err)
	}
}
