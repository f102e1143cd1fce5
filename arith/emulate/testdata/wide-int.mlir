// RUN: kiln opt %s --arith-emulate-wide-int="widest-int-supported=32" --split-input-file | FileCheck %s

// Supported widths, index and floats stay; i64 signatures, calls and
// returns become vector<2xi32>, vectors of i64 gain a trailing 2.
// CHECK-LABEL: func.func @legal(
// CHECK-SAME:    %[[A:.*]]: i32, %[[I:.*]]: index, %[[F:.*]]: f64) -> (i32, index, f64)
// CHECK-NEXT:    %[[X:.*]] = arith.addi %[[A]], %[[A]] : i32
// CHECK-NEXT:    %[[Y:.*]] = arith.addi %[[I]], %[[I]] : index
// CHECK-NEXT:    return %[[X]], %[[Y]], %[[F]] : i32, index, f64
func.func @legal(%a: i32, %i: index, %f: f64) -> (i32, index, f64) {
  %x = arith.addi %a, %a : i32
  %y = arith.addi %i, %i : index
  return %x, %y, %f : i32, index, f64
}

// CHECK-LABEL: func.func @call(
// CHECK-SAME:    %[[V:.*]]: vector<4x2xi32>, %[[S:.*]]: vector<2xi32>) -> vector<3x4x2xi32>
// CHECK-NEXT:    %[[R:.*]] = call @ext(%[[V]], %[[S]]) : (vector<4x2xi32>, vector<2xi32>) -> vector<3x4x2xi32>
// CHECK-NEXT:    return %[[R]] : vector<3x4x2xi32>
func.func private @ext(vector<4xi64>, i64) -> vector<3x4xi64>
func.func @call(%v: vector<4xi64>, %s: i64) -> vector<3x4xi64> {
  %r = func.call @ext(%v, %s) : (vector<4xi64>, i64) -> vector<3x4xi64>
  return %r : vector<3x4xi64>
}

// -----

// Constants split into low and high halves.
// CHECK-LABEL: func.func @constants() -> (vector<2xi32>, vector<2xi32>, vector<3x2xi32>, vector<3x2xi32>)
// CHECK-NEXT:    arith.constant dense<[0, 1]> : vector<2xi32>
// CHECK-NEXT:    arith.constant dense<[-7, -1]> : vector<2xi32>
// CHECK-NEXT:    arith.constant dense<{{\[\[}}0, 1], [0, 1], [0, 1]]> : vector<3x2xi32>
// CHECK-NEXT:    arith.constant dense<{{\[\[}}-1, 2147483647], [0, -2147483648], [-2, -1]]> : vector<3x2xi32>
func.func @constants() -> (i64, i64, vector<3xi64>, vector<3xi64>) {
  %a = arith.constant 4294967296 : i64
  %b = arith.constant -7 : i64
  %c = arith.constant dense<4294967296> : vector<3xi64>
  %d = arith.constant dense<[9223372036854775807, -9223372036854775808, -2]> : vector<3xi64>
  return %a, %b, %c, %d : i64, i64, vector<3xi64>, vector<3xi64>
}

// -----

// addi: the carry of the low halves goes into the high half.
// CHECK-LABEL: func.func @addi(
// CHECK-SAME:    %[[A:.*]]: vector<2xi32>, %[[B:.*]]: vector<2xi32>) -> vector<2xi32>
// CHECK-NEXT:    %[[A0:.*]] = vector.extract %[[A]][0] : i32 from vector<2xi32>
// CHECK-NEXT:    %[[A1:.*]] = vector.extract %[[A]][1] : i32 from vector<2xi32>
// CHECK-NEXT:    %[[B0:.*]] = vector.extract %[[B]][0] : i32 from vector<2xi32>
// CHECK-NEXT:    %[[B1:.*]] = vector.extract %[[B]][1] : i32 from vector<2xi32>
// CHECK-NEXT:    arith.addui_extended %[[A0]], %[[B0]] : i32, i1
// CHECK-NEXT:    %[[C:.*]] = arith.extui %{{.*}} : i1 to i32
// CHECK-NEXT:    %[[H0:.*]] = arith.addi %[[C]], %[[A1]] : i32
// CHECK-NEXT:    %[[H1:.*]] = arith.addi %[[H0]], %[[B1]] : i32
// CHECK-NEXT:    %[[Z:.*]] = arith.constant dense<0> : vector<2xi32>
// CHECK-NEXT:    %[[I0:.*]] = vector.insert %{{.*}}, %[[Z]]{{ ?}}[0] : i32 into vector<2xi32>
// CHECK-NEXT:    %[[I1:.*]] = vector.insert %[[H1]], %[[I0]]{{ ?}}[1] : i32 into vector<2xi32>
// CHECK-NEXT:    return %[[I1]] : vector<2xi32>
func.func @addi(%a: i64, %b: i64) -> i64 {
  %x = arith.addi %a, %b : i64
  return %x : i64
}

// subi: current MLIR's subui_extended borrow.
// CHECK-LABEL: func.func @subi_vector(
// CHECK-SAME:    %[[A:.*]]: vector<4x2xi32>, %[[B:.*]]: vector<4x2xi32>) -> vector<4x2xi32>
// CHECK-NEXT:    %[[A0:.*]] = vector.extract_strided_slice %[[A]] offsets = [0, 0], sizes = [4, 1], strides = [1, 1] : vector<4x2xi32> to vector<4x1xi32>
// CHECK-NEXT:    %[[A1:.*]] = vector.extract_strided_slice %[[A]] offsets = [0, 1], sizes = [4, 1], strides = [1, 1] : vector<4x2xi32> to vector<4x1xi32>
// CHECK-NEXT:    %[[B0:.*]] = vector.extract_strided_slice %[[B]] offsets = [0, 0], sizes = [4, 1], strides = [1, 1] : vector<4x2xi32> to vector<4x1xi32>
// CHECK-NEXT:    %[[B1:.*]] = vector.extract_strided_slice %[[B]] offsets = [0, 1], sizes = [4, 1], strides = [1, 1] : vector<4x2xi32> to vector<4x1xi32>
// CHECK-NEXT:    arith.subui_extended %[[A0]], %[[B0]] : vector<4x1xi32>, vector<4x1xi1>
// CHECK-NEXT:    %[[C:.*]] = arith.extui %{{.*}} : vector<4x1xi1> to vector<4x1xi32>
// CHECK-NEXT:    %[[H0:.*]] = arith.subi %[[A1]], %[[C]] : vector<4x1xi32>
// CHECK-NEXT:    %[[H1:.*]] = arith.subi %[[H0]], %[[B1]] : vector<4x1xi32>
// CHECK-NEXT:    %[[Z:.*]] = arith.constant dense<0> : vector<4x2xi32>
// CHECK-NEXT:    %[[I0:.*]] = vector.insert_strided_slice %{{.*}}, %[[Z]] offsets = [0, 0], strides = [1, 1] : vector<4x1xi32> into vector<4x2xi32>
// CHECK-NEXT:    %[[I1:.*]] = vector.insert_strided_slice %[[H1]], %[[I0]] offsets = [0, 1], strides = [1, 1] : vector<4x1xi32> into vector<4x2xi32>
// CHECK-NEXT:    return %[[I1]] : vector<4x2xi32>
func.func @subi_vector(%a: vector<4xi64>, %b: vector<4xi64>) -> vector<4xi64> {
  %x = arith.subi %a, %b : vector<4xi64>
  return %x : vector<4xi64>
}

// muli: the low halves' full product, plus the two cross products in the
// high half.
// CHECK-LABEL: func.func @muli(
// CHECK:         %[[A0:.*]] = vector.extract %{{.*}}[0] : i32 from vector<2xi32>
// CHECK-NEXT:    %[[A1:.*]] = vector.extract %{{.*}}[1] : i32 from vector<2xi32>
// CHECK-NEXT:    %[[B0:.*]] = vector.extract %{{.*}}[0] : i32 from vector<2xi32>
// CHECK-NEXT:    %[[B1:.*]] = vector.extract %{{.*}}[1] : i32 from vector<2xi32>
// CHECK-NEXT:    %[[LO:.*]], %[[HI:.*]] = arith.mului_extended %[[A0]], %[[B0]] : i32
// CHECK-NEXT:    %[[LH:.*]] = arith.muli %[[A0]], %[[B1]] : i32
// CHECK-NEXT:    %[[HL:.*]] = arith.muli %[[A1]], %[[B0]] : i32
// CHECK-NEXT:    %[[H0:.*]] = arith.addi %[[HI]], %[[LH]] : i32
// CHECK-NEXT:    %[[H1:.*]] = arith.addi %[[H0]], %[[HL]] : i32
// CHECK:         vector.insert %[[LO]]
// CHECK-NEXT:    vector.insert %[[H1]]
func.func @muli(%a: i64, %b: i64) -> i64 {
  %x = arith.muli %a, %b : i64
  return %x : i64
}

// CHECK-LABEL: func.func @bitwise(
// CHECK:         arith.andi %{{.*}}, %{{.*}} : vector<3x1xi32>
// CHECK-NEXT:    arith.andi %{{.*}}, %{{.*}} : vector<3x1xi32>
// CHECK:         arith.ori %{{.*}}, %{{.*}} : vector<3x1xi32>
// CHECK-NEXT:    arith.ori %{{.*}}, %{{.*}} : vector<3x1xi32>
// CHECK:         arith.xori %{{.*}}, %{{.*}} : vector<3x1xi32>
// CHECK-NEXT:    arith.xori %{{.*}}, %{{.*}} : vector<3x1xi32>
// CHECK:         return %{{.*}} : vector<3x2xi32>
func.func @bitwise(%a: vector<3xi64>, %b: vector<3xi64>) -> vector<3xi64> {
  %x = arith.andi %a, %b : vector<3xi64>
  %y = arith.ori %x, %b : vector<3xi64>
  %z = arith.xori %y, %a : vector<3xi64>
  return %z : vector<3xi64>
}

// -----

// Comparisons: both halves for eq and ne; for orderings the high halves
// decide unless equal, and the low halves compare unsigned.
// CHECK-LABEL: func.func @cmpi(
// CHECK:         %[[L:.*]] = arith.cmpi eq, %[[A0:.*]], %[[B0:.*]] : i32
// CHECK-NEXT:    %[[H:.*]] = arith.cmpi eq, %[[A1:.*]], %[[B1:.*]] : i32
// CHECK-NEXT:    %[[EQ:.*]] = arith.andi %[[L]], %[[H]] : i1
// CHECK:         %[[L:.*]] = arith.cmpi ne, %{{.*}}, %{{.*}} : i32
// CHECK-NEXT:    %[[H:.*]] = arith.cmpi ne, %{{.*}}, %{{.*}} : i32
// CHECK-NEXT:    %[[NE:.*]] = arith.ori %[[L]], %[[H]] : i1
// CHECK:         %[[L:.*]] = arith.cmpi ult, %{{.*}}, %{{.*}} : i32
// CHECK-NEXT:    %[[H:.*]] = arith.cmpi slt, %[[X1:.*]], %[[Y1:.*]] : i32
// CHECK-NEXT:    %[[HE:.*]] = arith.cmpi eq, %[[X1]], %[[Y1]] : i32
// CHECK-NEXT:    %[[LT:.*]] = arith.select %[[HE]], %[[L]], %[[H]] : i1
// CHECK:         arith.cmpi ule, %{{.*}}, %{{.*}} : i32
// CHECK-NEXT:    arith.cmpi ule, %{{.*}}, %{{.*}} : i32
// CHECK-NEXT:    arith.cmpi eq
// CHECK-NEXT:    %[[LE:.*]] = arith.select
// CHECK-NEXT:    return %[[EQ]], %[[NE]], %[[LT]], %[[LE]] : i1, i1, i1, i1
func.func @cmpi(%a: i64, %b: i64) -> (i1, i1, i1, i1) {
  %eq = arith.cmpi eq, %a, %b : i64
  %ne = arith.cmpi ne, %a, %b : i64
  %lt = arith.cmpi slt, %a, %b : i64
  %le = arith.cmpi ule, %a, %b : i64
  return %eq, %ne, %lt, %le : i1, i1, i1, i1
}

// CHECK-LABEL: func.func @cmpi_vector(
// CHECK-SAME:    -> vector<3xi1>
// CHECK:         arith.cmpi uge, %{{.*}}, %{{.*}} : vector<3x1xi32>
// CHECK-NEXT:    arith.cmpi sge, %{{.*}}, %{{.*}} : vector<3x1xi32>
// CHECK-NEXT:    arith.cmpi eq, %{{.*}}, %{{.*}} : vector<3x1xi32>
// CHECK-NEXT:    %[[S:.*]] = arith.select %{{.*}}, %{{.*}}, %{{.*}} : vector<3x1xi1>, vector<3x1xi1>
// CHECK-NEXT:    %[[R:.*]] = vector.shape_cast %[[S]] : vector<3x1xi1> to vector<3xi1>
// CHECK-NEXT:    return %[[R]] : vector<3xi1>
func.func @cmpi_vector(%a: vector<3xi64>, %b: vector<3xi64>) -> vector<3xi1> {
  %r = arith.cmpi sge, %a, %b : vector<3xi64>
  return %r : vector<3xi1>
}

// select picks each half; min and max become a compare and a select of
// the original operands, emulated in turn.
// CHECK-LABEL: func.func @select(
// CHECK-SAME:    %[[A:.*]]: vector<3x2xi32>, %[[B:.*]]: vector<3x2xi32>, %[[C:.*]]: vector<3xi1>)
// CHECK:         %[[C1:.*]] = vector.shape_cast %[[C]] : vector<3xi1> to vector<3x1xi1>
// CHECK-NEXT:    arith.select %[[C1]], %{{.*}}, %{{.*}} : vector<3x1xi1>, vector<3x1xi32>
// CHECK-NEXT:    arith.select %[[C1]], %{{.*}}, %{{.*}} : vector<3x1xi1>, vector<3x1xi32>
func.func @select(%a: vector<3xi64>, %b: vector<3xi64>, %c: vector<3xi1>) -> vector<3xi64> {
  %r = arith.select %c, %a, %b : vector<3xi1>, vector<3xi64>
  return %r : vector<3xi64>
}

// CHECK-LABEL: func.func @maxsi(
// CHECK:         arith.cmpi ugt
// CHECK-NEXT:    arith.cmpi sgt
// CHECK-NEXT:    arith.cmpi eq
// CHECK-NEXT:    %[[GT:.*]] = arith.select
// CHECK:         arith.select %[[GT]], %{{.*}}, %{{.*}} : i32
// CHECK-NEXT:    arith.select %[[GT]], %{{.*}}, %{{.*}} : i32
// CHECK-NOT:     arith.maxsi
func.func @maxsi(%a: i64, %b: i64) -> i64 {
  %r = arith.maxsi %a, %b : i64
  return %r : i64
}

// -----

// Shifts by amounts below 64 (the high half of the amount is ignored).
// A shift by 0 keeps the half whose crossing bits would need a shift by
// 32 (MLIR's pattern leaves it poison).
// CHECK-LABEL: func.func @shli(
// CHECK-SAME:    %[[A:.*]]: vector<2xi32>, %[[B:.*]]: vector<2xi32>)
// CHECK-NEXT:    %[[A0:.*]] = vector.extract %[[A]][0] : i32 from vector<2xi32>
// CHECK-NEXT:    %[[A1:.*]] = vector.extract %[[A]][1] : i32 from vector<2xi32>
// CHECK-NEXT:    %[[S:.*]] = vector.extract %[[B]][0] : i32 from vector<2xi32>
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : i32
// CHECK-NEXT:    %[[C32:.*]] = arith.constant 32 : i32
// CHECK-NEXT:    %[[OOB:.*]] = arith.cmpi uge, %[[S]], %[[C32]] : i32
// CHECK-NEXT:    %[[SH0:.*]] = arith.shli %[[A0]], %[[S]] : i32
// CHECK-NEXT:    %[[R0:.*]] = arith.select %[[OOB]], %[[C0]], %[[SH0]] : i32
// CHECK-NEXT:    %[[CAP:.*]] = arith.select %[[OOB]], %[[C32]], %[[S]] : i32
// CHECK-NEXT:    %[[RA:.*]] = arith.subi %[[C32]], %[[CAP]] : i32
// CHECK-NEXT:    %[[RIGHT:.*]] = arith.shrui %[[A0]], %[[RA]] : i32
// CHECK-NEXT:    %[[LA:.*]] = arith.subi %[[S]], %[[C32]] : i32
// CHECK-NEXT:    %[[LEFT:.*]] = arith.shli %[[A0]], %[[LA]] : i32
// CHECK-NEXT:    %[[SH1:.*]] = arith.shli %[[A1]], %[[S]] : i32
// CHECK-NEXT:    %[[HIGH:.*]] = arith.select %[[OOB]], %[[C0]], %[[SH1]] : i32
// CHECK-NEXT:    %[[LOW:.*]] = arith.select %[[OOB]], %[[LEFT]], %[[RIGHT]] : i32
// CHECK-NEXT:    %[[OR:.*]] = arith.ori %[[LOW]], %[[HIGH]] : i32
// CHECK-NEXT:    %[[ZERO:.*]] = arith.cmpi eq, %[[S]], %[[C0]] : i32
// CHECK-NEXT:    %[[R1:.*]] = arith.select %[[ZERO]], %[[A1]], %[[OR]] : i32
// CHECK-NEXT:    %[[Z:.*]] = arith.constant dense<0> : vector<2xi32>
// CHECK-NEXT:    %[[I0:.*]] = vector.insert %[[R0]], %[[Z]]{{ ?}}[0] : i32 into vector<2xi32>
// CHECK-NEXT:    %[[I1:.*]] = vector.insert %[[R1]], %[[I0]]{{ ?}}[1] : i32 into vector<2xi32>
// CHECK-NEXT:    return %[[I1]] : vector<2xi32>
func.func @shli(%a: i64, %b: i64) -> i64 {
  %r = arith.shli %a, %b : i64
  return %r : i64
}

// CHECK-LABEL: func.func @shrui(
// CHECK-SAME:    %[[A:.*]]: vector<3x2xi32>, %[[B:.*]]: vector<3x2xi32>)
// CHECK-NEXT:    %[[A0:.*]] = vector.extract_strided_slice %[[A]] offsets = [0, 0], sizes = [3, 1], strides = [1, 1] : vector<3x2xi32> to vector<3x1xi32>
// CHECK-NEXT:    %[[A1:.*]] = vector.extract_strided_slice %[[A]] offsets = [0, 1], sizes = [3, 1], strides = [1, 1] : vector<3x2xi32> to vector<3x1xi32>
// CHECK-NEXT:    %[[S:.*]] = vector.extract_strided_slice %[[B]] offsets = [0, 0], sizes = [3, 1], strides = [1, 1] : vector<3x2xi32> to vector<3x1xi32>
// CHECK-NEXT:    %[[C0:.*]] = arith.constant dense<0> : vector<3x1xi32>
// CHECK-NEXT:    %[[C32:.*]] = arith.constant dense<32> : vector<3x1xi32>
// CHECK-NEXT:    %[[OOB:.*]] = arith.cmpi uge, %[[S]], %[[C32]] : vector<3x1xi32>
// CHECK-NEXT:    %[[SH0:.*]] = arith.shrui %[[A0]], %[[S]] : vector<3x1xi32>
// CHECK-NEXT:    %[[LOWLOW:.*]] = arith.select %[[OOB]], %[[C0]], %[[SH0]] : vector<3x1xi1>, vector<3x1xi32>
// CHECK-NEXT:    %[[SH1:.*]] = arith.shrui %[[A1]], %[[S]] : vector<3x1xi32>
// CHECK-NEXT:    %[[R1:.*]] = arith.select %[[OOB]], %[[C0]], %[[SH1]] : vector<3x1xi1>, vector<3x1xi32>
// CHECK-NEXT:    %[[CAP:.*]] = arith.select %[[OOB]], %[[C32]], %[[S]] : vector<3x1xi1>, vector<3x1xi32>
// CHECK-NEXT:    %[[LA:.*]] = arith.subi %[[C32]], %[[CAP]] : vector<3x1xi32>
// CHECK-NEXT:    %[[LEFT:.*]] = arith.shli %[[A1]], %[[LA]] : vector<3x1xi32>
// CHECK-NEXT:    %[[RA:.*]] = arith.subi %[[S]], %[[C32]] : vector<3x1xi32>
// CHECK-NEXT:    %[[RIGHT:.*]] = arith.shrui %[[A1]], %[[RA]] : vector<3x1xi32>
// CHECK-NEXT:    %[[LOWHIGH:.*]] = arith.select %[[OOB]], %[[RIGHT]], %[[LEFT]] : vector<3x1xi1>, vector<3x1xi32>
// CHECK-NEXT:    %[[OR:.*]] = arith.ori %[[LOWLOW]], %[[LOWHIGH]] : vector<3x1xi32>
// CHECK-NEXT:    %[[ZERO:.*]] = arith.cmpi eq, %[[S]], %[[C0]] : vector<3x1xi32>
// CHECK-NEXT:    %[[R0:.*]] = arith.select %[[ZERO]], %[[A0]], %[[OR]] : vector<3x1xi1>, vector<3x1xi32>
// CHECK-NEXT:    %[[Z:.*]] = arith.constant dense<0> : vector<3x2xi32>
// CHECK-NEXT:    %[[I0:.*]] = vector.insert_strided_slice %[[R0]], %[[Z]] offsets = [0, 0], strides = [1, 1] : vector<3x1xi32> into vector<3x2xi32>
// CHECK-NEXT:    %[[I1:.*]] = vector.insert_strided_slice %[[R1]], %[[I0]] offsets = [0, 1], strides = [1, 1] : vector<3x1xi32> into vector<3x2xi32>
// CHECK-NEXT:    return %[[I1]] : vector<3x2xi32>
func.func @shrui(%a: vector<3xi64>, %b: vector<3xi64>) -> vector<3xi64> {
  %r = arith.shrui %a, %b : vector<3xi64>
  return %r : vector<3xi64>
}

// shrsi: a logical shift or'ed with the sign bits, all on i64 and
// emulated in turn; a shift by 0 is the input.
// CHECK-LABEL: func.func @shrsi(
// CHECK-SAME:    %[[A:.*]]: vector<2xi32>, %[[B:.*]]: vector<2xi32>)
// CHECK-NEXT:    %[[A1:.*]] = vector.extract %[[A]][1] : i32 from vector<2xi32>
// CHECK-NEXT:    %[[S:.*]] = vector.extract %[[B]][0] : i32 from vector<2xi32>
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : i32
// CHECK-NEXT:    %[[NEG:.*]] = arith.cmpi slt, %[[A1]], %[[C0]] : i32
// CHECK:         %[[C64:.*]] = arith.constant 64 : i32
// CHECK-NEXT:    arith.subi %[[C64]], %[[S]] : i32
// CHECK:         arith.shli
// CHECK:         arith.shrui
// CHECK:         arith.ori
// CHECK:         %[[NOOP:.*]] = arith.cmpi eq, %[[S]], %[[C0]] : i32
// CHECK:         arith.select %[[NOOP]], %{{.*}}, %{{.*}} : i32
// CHECK-NEXT:    arith.select %[[NOOP]], %{{.*}}, %{{.*}} : i32
// CHECK-NOT:     i64
func.func @shrsi(%a: i64, %b: i64) -> i64 {
  %r = arith.shrsi %a, %b : i64
  return %r : i64
}

// -----

// Extensions: the low half extends, the high half is the sign or 0; an
// extension from i32 needs no narrow cast. trunci takes the low half.
// CHECK-LABEL: func.func @extsi(
// CHECK-SAME:    %[[A:.*]]: i16) -> vector<2xi32>
// CHECK-NEXT:    %[[E:.*]] = arith.extsi %[[A]] : i16 to i32
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : i32
// CHECK-NEXT:    %[[N:.*]] = arith.cmpi slt, %[[E]], %[[C0]] : i32
// CHECK-NEXT:    %[[H:.*]] = arith.extsi %[[N]] : i1 to i32
// CHECK-NEXT:    %[[Z:.*]] = arith.constant dense<0> : vector<2xi32>
// CHECK-NEXT:    %[[I0:.*]] = vector.insert %[[E]], %[[Z]]{{ ?}}[0] : i32 into vector<2xi32>
// CHECK-NEXT:    %[[I1:.*]] = vector.insert %[[H]], %[[I0]]{{ ?}}[1] : i32 into vector<2xi32>
// CHECK-NEXT:    return %[[I1]] : vector<2xi32>
func.func @extsi(%a: i16) -> i64 {
  %r = arith.extsi %a : i16 to i64
  return %r : i64
}

// CHECK-LABEL: func.func @extui_vector(
// CHECK-SAME:    %[[A:.*]]: vector<3xi32>) -> vector<3x2xi32>
// CHECK-NEXT:    %[[S:.*]] = vector.shape_cast %[[A]] : vector<3xi32> to vector<3x1xi32>
// CHECK-NEXT:    %[[Z:.*]] = arith.constant dense<0> : vector<3x2xi32>
// CHECK-NEXT:    %[[R:.*]] = vector.insert_strided_slice %[[S]], %[[Z]] offsets = [0, 0], strides = [1, 1] : vector<3x1xi32> into vector<3x2xi32>
// CHECK-NEXT:    return %[[R]] : vector<3x2xi32>
func.func @extui_vector(%a: vector<3xi32>) -> vector<3xi64> {
  %r = arith.extui %a : vector<3xi32> to vector<3xi64>
  return %r : vector<3xi64>
}

// CHECK-LABEL: func.func @trunci(
// CHECK-SAME:    %[[A:.*]]: vector<2xi32>, %[[V:.*]]: vector<3x2xi32>) -> (i32, vector<3xi16>)
// CHECK-NEXT:    %[[L:.*]] = vector.extract %[[A]][0] : i32 from vector<2xi32>
// CHECK-NEXT:    %[[VL:.*]] = vector.extract_strided_slice %[[V]] offsets = [0, 0], sizes = [3, 1], strides = [1, 1] : vector<3x2xi32> to vector<3x1xi32>
// CHECK-NEXT:    %[[S:.*]] = vector.shape_cast %[[VL]] : vector<3x1xi32> to vector<3xi32>
// CHECK-NEXT:    %[[T:.*]] = arith.trunci %[[S]] : vector<3xi32> to vector<3xi16>
// CHECK-NEXT:    return %[[L]], %[[T]] : i32, vector<3xi16>
func.func @trunci(%a: i64, %v: vector<3xi64>) -> (i32, vector<3xi16>) {
  %r = arith.trunci %a : i64 to i32
  %t = arith.trunci %v : vector<3xi64> to vector<3xi16>
  return %r, %t : i32, vector<3xi16>
}

// index casts go through the low half, or an i32 extended.
// CHECK-LABEL: func.func @index_casts(
// CHECK-SAME:    %[[A:.*]]: vector<2xi32>, %[[I:.*]]: index)
// CHECK-NEXT:    %[[L:.*]] = vector.extract %[[A]][0] : i32 from vector<2xi32>
// CHECK-NEXT:    %[[X:.*]] = arith.index_castui %[[L]] : i32 to index
// CHECK-NEXT:    %[[N:.*]] = arith.index_cast %[[I]] : index to i32
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : i32
// CHECK-NEXT:    %[[NEG:.*]] = arith.cmpi slt, %[[N]], %[[C0]] : i32
// CHECK-NEXT:    %[[H:.*]] = arith.extsi %[[NEG]] : i1 to i32
// CHECK-NEXT:    %[[Z:.*]] = arith.constant dense<0> : vector<2xi32>
// CHECK-NEXT:    %[[I0:.*]] = vector.insert %[[N]], %[[Z]]{{ ?}}[0] : i32 into vector<2xi32>
// CHECK-NEXT:    %[[I1:.*]] = vector.insert %[[H]], %[[I0]]{{ ?}}[1] : i32 into vector<2xi32>
// CHECK-NEXT:    return %[[X]], %[[I1]] : index, vector<2xi32>
func.func @index_casts(%a: i64, %i: index) -> (index, i64) {
  %x = arith.index_castui %a : i64 to index
  %y = arith.index_cast %i : index to i64
  return %x, %y : index, i64
}

// -----

// Float conversions: uitofp is low + high * 2^32 (2^32 rounds to inf in
// f16), fptoui divides and takes the remainder by 2^32; the signed ones
// work on the absolute value.
// CHECK-LABEL: func.func @uitofp(
// CHECK-SAME:    %[[A:.*]]: vector<2xi32>) -> f16
// CHECK-NEXT:    %[[L:.*]] = vector.extract %[[A]][0] : i32 from vector<2xi32>
// CHECK-NEXT:    %[[H:.*]] = vector.extract %[[A]][1] : i32 from vector<2xi32>
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : i32
// CHECK-NEXT:    %[[HZ:.*]] = arith.cmpi eq, %[[H]], %[[C0]] : i32
// CHECK-NEXT:    %[[LF:.*]] = arith.uitofp %[[L]] : i32 to f16
// CHECK-NEXT:    %[[HF:.*]] = arith.uitofp %[[H]] : i32 to f16
// CHECK-NEXT:    %[[P:.*]] = arith.constant 0x7C00 : f16
// CHECK-NEXT:    %[[M:.*]] = arith.mulf %[[HF]], %[[P]] : f16
// CHECK-NEXT:    %[[S:.*]] = arith.addf %[[LF]], %[[M]] : f16
// CHECK-NEXT:    %[[R:.*]] = arith.select %[[HZ]], %[[LF]], %[[S]] : f16
// CHECK-NEXT:    return %[[R]] : f16
func.func @uitofp(%a: i64) -> f16 {
  %r = arith.uitofp %a : i64 to f16
  return %r : f16
}

// CHECK-LABEL: func.func @sitofp(
// CHECK:         arith.subui_extended
// CHECK:         %[[F:.*]] = arith.select %{{.*}}, %{{.*}}, %{{.*}} : vector<3xi1>, vector<3xf64>
// CHECK-NEXT:    %[[N:.*]] = arith.negf %[[F]] : vector<3xf64>
// CHECK-NEXT:    %[[R:.*]] = arith.select %{{.*}}, %[[N]], %[[F]] : vector<3xi1>, vector<3xf64>
// CHECK-NEXT:    return %[[R]] : vector<3xf64>
func.func @sitofp(%a: vector<3xi64>) -> vector<3xf64> {
  %r = arith.sitofp %a : vector<3xi64> to vector<3xf64>
  return %r : vector<3xf64>
}

// CHECK-LABEL: func.func @fptoui(
// CHECK-SAME:    %[[A:.*]]: vector<3xf64>) -> vector<3x2xi32>
// CHECK-NEXT:    %[[P:.*]] = arith.constant dense<0x41F0000000000000> : vector<3xf64>
// CHECK-NEXT:    %[[D:.*]] = arith.divf %[[A]], %[[P]] : vector<3xf64>
// CHECK-NEXT:    %[[H:.*]] = arith.fptoui %[[D]] : vector<3xf64> to vector<3xi32>
// CHECK-NEXT:    %[[M:.*]] = arith.remf %[[A]], %[[P]] : vector<3xf64>
// CHECK-NEXT:    %[[L:.*]] = arith.fptoui %[[M]] : vector<3xf64> to vector<3xi32>
// CHECK-NEXT:    %[[H1:.*]] = vector.shape_cast %[[H]] : vector<3xi32> to vector<3x1xi32>
// CHECK-NEXT:    %[[L1:.*]] = vector.shape_cast %[[L]] : vector<3xi32> to vector<3x1xi32>
// CHECK-NEXT:    %[[Z:.*]] = arith.constant dense<0> : vector<3x2xi32>
// CHECK-NEXT:    %[[I0:.*]] = vector.insert_strided_slice %[[L1]], %[[Z]] offsets = [0, 0], strides = [1, 1] : vector<3x1xi32> into vector<3x2xi32>
// CHECK-NEXT:    %[[I1:.*]] = vector.insert_strided_slice %[[H1]], %[[I0]] offsets = [0, 1], strides = [1, 1] : vector<3x1xi32> into vector<3x2xi32>
// CHECK-NEXT:    return %[[I1]] : vector<3x2xi32>
func.func @fptoui(%a: vector<3xf64>) -> vector<3xi64> {
  %r = arith.fptoui %a : vector<3xf64> to vector<3xi64>
  return %r : vector<3xi64>
}

// CHECK-LABEL: func.func @fptosi(
// CHECK-SAME:    %[[A:.*]]: f32) -> vector<2xi32>
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:    %[[Z:.*]] = arith.constant dense<0> : vector<2xi32>
// CHECK-NEXT:    %[[NEG:.*]] = arith.cmpf olt, %[[A]], %[[C0]] : f32
// CHECK-NEXT:    %[[N:.*]] = arith.negf %[[A]] : f32
// CHECK-NEXT:    %[[ABS:.*]] = arith.select %[[NEG]], %[[N]], %[[A]] : f32
// CHECK-NEXT:    %[[P:.*]] = arith.constant 4.2949673E+9 : f32
// CHECK-NEXT:    arith.divf %[[ABS]], %[[P]] : f32
// CHECK:         arith.subui_extended
// CHECK:         arith.select %[[NEG]], %{{.*}}, %{{.*}} : i32
// CHECK-NEXT:    arith.select %[[NEG]], %{{.*}}, %{{.*}} : i32
func.func @fptosi(%a: f32) -> i64 {
  %r = arith.fptosi %a : f32 to i64
  return %r : i64
}

// -----

// vector.print prints the halves; other ops keep their i64 values through
// casts.
// CHECK-LABEL: func.func @print(
// CHECK-SAME:    %[[A:.*]]: vector<2xi32>)
// CHECK-NEXT:    %[[C:.*]] = builtin.unrealized_conversion_cast %[[A]] : vector<2xi32> to i64
// CHECK-NEXT:    vector.print %[[A]] : vector<2xi32>
// CHECK-NEXT:    %[[B:.*]] = vector.broadcast %[[C]] : i64 to vector<2xi64>
func.func @print(%a: i64) -> vector<2xi64> {
  vector.print %a : i64
  %b = vector.broadcast %a : i64 to vector<2xi64>
  return %b : vector<2xi64>
}
