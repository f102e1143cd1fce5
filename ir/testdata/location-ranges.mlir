// RUN: kiln opt %s --allow-unregistered-dialect --mlir-print-debuginfo --mlir-print-local-scope | FileCheck %s
// RUN: kiln opt %s --allow-unregistered-dialect --mlir-print-debuginfo | kiln opt --allow-unregistered-dialect --mlir-print-debuginfo --mlir-print-local-scope | FileCheck %s
// RUN: kiln opt %s --allow-unregistered-dialect --mlir-print-debuginfo | FileCheck %s --check-prefix=ALIAS
// RUN: kiln opt %s --allow-unregistered-dialect --mlir-print-debuginfo --mlir-pretty-debuginfo | FileCheck %s --check-prefix=PRETTY

// File ranges, as MLIR's FileLineColRange: a whole line prints at column 0
// of it, a range on one line as `to :col`, one over lines as `to line:col`,
// a range of one position as the position. The plain "file":line:col is a
// FileLineColLoc, as before.

// CHECK: "test.line"() : () -> () loc("src.cc":10:0)
"test.line"() : () -> () loc("src.cc":10)
// CHECK: "test.pos"() : () -> () loc("src.cc":10:8)
"test.pos"() : () -> () loc("src.cc":10:8)
// CHECK: "test.same_line"() : () -> () loc("src.cc":10:8 to :12)
"test.same_line"() : () -> () loc("src.cc":10:8 to :12)
// CHECK: "test.lines"() : () -> () loc("src.cc":10:8 to 12:4)
"test.lines"() : () -> () loc("src.cc":10:8 to 12:4)
// CHECK: "test.one_pos"() : () -> () loc("src.cc":10:8)
"test.one_pos"() : () -> () loc("src.cc":10:8 to 10:8)
// CHECK: "test.same_line_full"() : () -> () loc("src.cc":10:8 to :9)
"test.same_line_full"() : () -> () loc("src.cc":10:8 to 10:9)
// Numbers may be hexadecimal, as MLIR's integer tokens.
// CHECK: "test.hex"() : () -> () loc("src.cc":16:1 to 17:2)
"test.hex"() : () -> () loc("src.cc":0x10:1 to 0x11:0x2)
// Ranges nest in other locations and in attributes.
// CHECK: "test.nested"() {a = loc("a.cc":3:0)} : () -> () loc(callsite("f"("a.cc":1:2 to :3) at fused["b.cc":4:5 to 6:7, "c.cc":8:0]))
"test.nested"() {a = loc("a.cc":3)} : () -> () loc(callsite("f"("a.cc":1:2 to :3) at fused["b.cc":4:5 to 6:7, "c.cc":8]))

// A range of one position made from four numbers is another attribute than
// the position (MLIR keeps the numbers it was made with), so it gets an alias
// of its own, printed the same (aliases of op locations follow the module).
// ALIAS: "test.pos"() : () -> () loc(#[[POS:loc[0-9]+]])
// ALIAS: "test.same_line"() : () -> () loc(#[[SAME:loc[0-9]+]])
// ALIAS: "test.lines"() : () -> () loc(#[[LINES:loc[0-9]+]])
// ALIAS: "test.one_pos"() : () -> () loc(#[[ONE:loc[0-9]+]])
// ALIAS-DAG: #[[POS]] = loc("src.cc":10:8)
// ALIAS-DAG: #[[ONE]] = loc("src.cc":10:8)
// ALIAS-DAG: #[[SAME]] = loc("src.cc":10:8 to :12)
// ALIAS-DAG: #[[LINES]] = loc("src.cc":10:8 to 12:4)

// The pretty form leaves the file name unquoted.
// PRETTY: "test.line"() : () -> () src.cc:10:0
// PRETTY: "test.same_line"() : () -> () src.cc:10:8 to :12
// PRETTY: "test.lines"() : () -> () src.cc:10:8 to 12:4
