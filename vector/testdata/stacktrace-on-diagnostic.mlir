// RUN: not kiln opt %s -mlir-print-stacktrace-on-diagnostic 2>&1 | FileCheck %s

// Both errors of a bad #vector.kind (MLIR reports two) carry the stack of
// the code that made them, as every diagnostic made with ir.NewDiagnostic.
func.func @reduction_bad_kind(%v: vector<8xi16>) {
  %0 = vector.reduction <sum>, %v : vector<8xi16> into i16
  return
}

// CHECK:      error: custom op 'vector.reduction' expected ::mlir::vector::CombiningKind to be one of:
// CHECK:      note: diagnostic emitted with trace:
// CHECK-NEXT: #0 0x{{[0-9a-f]+}} github.com/kiln-gpu/kiln/ir.Errorf {{.*}}diag.go:{{[0-9]+}}
// CHECK-NEXT: #1 0x{{[0-9a-f]+}} github.com/kiln-gpu/kiln/vector.parseEnumBody {{.*}}attrs.go:{{[0-9]+}}
// CHECK:      error: custom op 'vector.reduction' failed to parse Vector_CombiningKindAttr parameter 'value'
// CHECK-NEXT: note: diagnostic emitted with trace:
// CHECK-NEXT: #0 0x{{[0-9a-f]+}} github.com/kiln-gpu/kiln/ir.Errorf {{.*}}diag.go:{{[0-9]+}}
// CHECK-NEXT: #1 0x{{[0-9a-f]+}} github.com/kiln-gpu/kiln/vector.parseEnumBody {{.*}}attrs.go:{{[0-9]+}}
