package index

import (
	"testing"

	"github.com/kiln-gpu/kiln/ir/irtest"
)

func TestDiagnostics(t *testing.T) {
	tests := []irtest.Invalid{
		{In: "%a = \"test.def\"() : () -> i32\n%r = \"index.add\"(%a, %a) : (i32, i32) -> i32",
			Err: "t.mlir:2:6: error: 'index.add' op operand #0 must be index, but got 'i32'"},
		{In: "%a = \"test.def\"() : () -> index\n%r = index.cmp foo(%a, %a)",
			Err: "t.mlir:2:16: error: expected one of [eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge] for index comparison predicate, got 'foo'"},
		{In: "%a = \"test.def\"() : () -> index\n%r = \"index.cmp\"(%a, %a) {pred = 1} : (index, index) -> i1",
			Err: "t.mlir:2:6: error: 'index.cmp' op requires attribute 'pred' to be an index comparison predicate"},
		{In: "%a = \"test.def\"() : () -> index\n%r = \"index.cmp\"(%a, %a) {pred = #index<cmp_predicate eq>} : (index, index) -> i32",
			Err: "t.mlir:2:6: error: 'index.cmp' op result #0 must be 1-bit signless integer, but got 'i32'"},
		{In: "%a = \"test.def\"() : () -> i32\n%r = index.castu %a : i32 to i64",
			Err: "t.mlir:2:6: error: 'index.castu' op operand type 'i32' and result type 'i64' are cast incompatible"},
		{In: "%a = \"test.def\"() : () -> f32\n%r = index.casts %a : f32 to index",
			Err: "t.mlir:2:6: error: 'index.casts' op operand #0 must be index-cast-compatible type, but got 'f32'"},
		{In: "%r = index.bool.constant maybe",
			Err: "t.mlir:1:25: error: expected attribute value"}, // after the last token, as MLIR's emitWrongTokenError
		{In: "%r = \"index.constant\"() {value = 3 : i32} : () -> index",
			Err: "t.mlir:1:6: error: 'index.constant' op requires attribute 'value' to be an index attribute"},
		{In: "%r = index.constant",
			Err: "t.mlir:1:19: error: unexpected end of input: expected attribute value"},
	}
	irtest.CheckInvalid(t, newContext, "t.mlir", tests, irtest.FirstLine)
}
