// RUN: kiln opt %s -snapshot-op-locations='filename=%t' -mlir-print-debuginfo -mlir-print-local-scope | FileCheck %s -DFILE=%t
// RUN: kiln opt %s -snapshot-op-locations='filename=%t tag=snap' -mlir-print-debuginfo -mlir-print-local-scope | FileCheck %s -DFILE=%t --check-prefix=TAG
// RUN: kiln opt %s -snapshot-op-locations='filename=%t print-op-generic print-debuginfo' -mlir-print-debuginfo -mlir-print-local-scope | FileCheck %s -DFILE=%t --check-prefix=GEN && FileCheck %s --check-prefix=GENFILE < %t
// RUN: not kiln opt %s -snapshot-op-locations='filename=%t/no/such/dir' 2>&1 | FileCheck %s --check-prefix=ERR

// Each op gets its line in the snapshot and, as MLIR records it, the indent
// of that line as the column: the module 1:0, the function 2:2, its ops
// lines 3, 5 and 6 at 4. The loop's yield is not printed: it keeps its own
// location.
// CHECK:      func.func @f(%arg0: index loc({{.*}})) -> index {
// CHECK-NEXT:   scf.for %arg1 = %arg0 to %arg0 step %arg0 {
// CHECK-NEXT:   } loc("[[FILE]]":3:4)
// CHECK-NEXT:   %0 = arith.addi %arg0, %arg0 : index loc("[[FILE]]":5:4)
// CHECK-NEXT:   return %0 : index loc("[[FILE]]":6:4)
// CHECK-NEXT: } loc("[[FILE]]":2:2)
// CHECK-NEXT: } loc("[[FILE]]":1:0)

// With a tag, the place comes as a name after the op's own location.
// TAG:   return %0 : index loc(fused[{{.*}}:{{[0-9]+}}:{{[0-9]+}}, "snap"("[[FILE]]":6:4)])

// The snapshot can be generic and carry the locations the ops had; the ops
// then point into it, where the generic form puts them (the loop's region
// starts with its block's label there).
// GEN:     } loc("[[FILE]]":4:4)
// GEN:     %0 = arith.addi %arg0, %arg0 : index loc("[[FILE]]":8:4)
// GENFILE: "builtin.module"() ({
// GENFILE: "scf.yield"() : () -> () loc({{.*}}snapshot-op-locations.mlir":{{[0-9]+}}:{{[0-9]+}})
// GENFILE: "arith.addi"(%arg0, %arg0) {{.*}} loc({{.*}}snapshot-op-locations.mlir":{{[0-9]+}}:{{[0-9]+}})

// ERR: error: open {{.*}}: not a directory
func.func @f(%a: index) -> index {
  scf.for %i = %a to %a step %a {
  }
  %0 = arith.addi %a, %a : index
  return %0 : index
}
