// RUN: kiln opt %s --reconcile-unrealized-casts | FileCheck %s

// Chains of casts back to the original type fold away, unused casts go,
// and a cast nothing reconciles stays.
// CHECK-LABEL: func.func @round_trip
// CHECK-NEXT: return %arg0 : i64
func.func @round_trip(%a: i64) -> i64 {
  %0 = builtin.unrealized_conversion_cast %a : i64 to i32
  %1 = builtin.unrealized_conversion_cast %0 : i32 to index
  %2 = builtin.unrealized_conversion_cast %1 : index to i64
  %3 = builtin.unrealized_conversion_cast %a : i64 to f32
  return %2 : i64
}

// CHECK-LABEL: func.func @kept
// CHECK-NEXT: %[[C:.*]] = builtin.unrealized_conversion_cast %arg0 : i64 to i32
// CHECK-NEXT: return %[[C]] : i32
func.func @kept(%a: i64) -> i32 {
  %0 = builtin.unrealized_conversion_cast %a : i64 to i32
  return %0 : i32
}

// CHECK-LABEL: func.func @multi
// CHECK-NEXT: return %arg1, %arg0 : i32, i64
func.func @multi(%a: i64, %b: i32) -> (i32, i64) {
  %0 = builtin.unrealized_conversion_cast %a, %b : i64, i32 to f32
  %1:2 = builtin.unrealized_conversion_cast %0 : f32 to i64, i32
  %2:2 = builtin.unrealized_conversion_cast %1#1, %1#0 : i32, i64 to i32, i64
  return %2#0, %2#1 : i32, i64
}
