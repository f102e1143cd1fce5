// RUN: kiln opt %s | kiln opt | FileCheck %s
// RUN: kiln opt %s --mlir-print-op-generic | kiln opt | FileCheck %s

// CHECK-LABEL: func.func @binary
func.func @binary(%a: index, %b: index) -> (index, index, index, index, index, index, index, index, index, index) {
  // CHECK: index.add %{{.*}}, %{{.*}}
  %0 = index.add %a, %b
  // CHECK: index.sub
  %1 = index.sub %a, %b
  // CHECK: index.mul
  %2 = index.mul %a, %b
  // CHECK: index.divs
  %3 = index.divs %a, %b
  // CHECK: index.ceildivu
  %4 = index.ceildivu %a, %b
  // CHECK: index.floordivs
  %5 = index.floordivs %a, %b
  // CHECK: index.remu
  %6 = index.remu %a, %b
  // CHECK: index.maxs
  %7 = index.maxs %a, %b
  // CHECK: index.shru
  %8 = index.shru %a, %b
  // CHECK: index.xor
  %9 = index.xor %a, %b
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : index, index, index, index, index, index, index, index, index, index
}

// CHECK-LABEL: func.func @others
func.func @others(%a: index, %x: i32) -> (i1, i1, index, index, i64, index, index) {
  // CHECK: index.cmp slt(%{{.*}}, %{{.*}})
  %0 = index.cmp slt(%a, %a)
  // CHECK: %true = index.bool.constant true
  %1 = index.bool.constant true
  // CHECK: %idx-3 = index.constant -3
  %2 = index.constant -3
  // CHECK: index.castu %{{.*}} : i32 to index
  %3 = index.castu %x : i32 to index
  // CHECK: index.casts %{{.*}} : index to i64
  %4 = index.casts %a : index to i64
  // CHECK: index.sizeof
  %5 = index.sizeof
  // CHECK: index.minu %{{.*}}, %{{.*}} {tag}
  %6 = index.minu %a, %2 {tag}
  return %0, %1, %2, %3, %4, %5, %6 : i1, i1, index, index, i64, index, index
}
