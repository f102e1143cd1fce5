// RUN: kiln opt %s --split-input-file --convert-vector-to-scf | FileCheck %s

// An n-d print is a loop nest over the vector flattened to 1-d, printing
// brackets around each dimension and commas between elements, then the
// print's own punctuation (a newline by default).
// CHECK-LABEL: func.func @print_2d(
// CHECK-SAME:    %[[V:.*]]: vector<2x3xf32>)
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG:     %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG:     %[[C3:.*]] = arith.constant 3 : index
// CHECK:         %[[FLAT:.*]] = vector.shape_cast %[[V]] : vector<2x3xf32> to vector<6xf32>
// CHECK:         vector.print punctuation <open>
// CHECK:         scf.for %[[I:.*]] = %[[C0]] to %[[C2]] step %[[C1]] {
// CHECK:           vector.print punctuation <open>
// CHECK:           scf.for %[[J:.*]] = %[[C0]] to %[[C3]] step %[[C1]] {
// CHECK:             %[[ROW:.*]] = arith.muli %[[I]], %[[C3]] : index
// CHECK:             %[[K:.*]] = arith.addi %[[J]], %[[ROW]] : index
// CHECK:             %[[E:.*]] = vector.extract %[[FLAT]][%[[K]]] : f32 from vector<6xf32>
// CHECK:             vector.print %[[E]] : f32 punctuation <no_punctuation>
// CHECK:             %[[NL:.*]] = arith.cmpi ult, %[[J]], %[[C2]] : index
// CHECK:             scf.if %[[NL]] {
// CHECK:               vector.print punctuation <comma>
// CHECK:             }
// CHECK:           }
// CHECK:           vector.print punctuation <close>
// CHECK:           %[[NLI:.*]] = arith.cmpi ult, %[[I]], %[[C1]] : index
// CHECK:           scf.if %[[NLI]] {
// CHECK:             vector.print punctuation <comma>
// CHECK:           }
// CHECK:         }
// CHECK:         vector.print punctuation <close>
// CHECK-NEXT:    vector.print
// CHECK-NEXT:    return
func.func @print_2d(%v: vector<2x3xf32>) {
  vector.print %v : vector<2x3xf32>
  return
}

// -----

// i1 elements print widened to i8; the print's punctuation comes last.
// CHECK-LABEL: func.func @print_i1(
// CHECK-SAME:    %[[V:.*]]: vector<3xi1>)
// CHECK:         %[[W:.*]] = arith.extui %[[V]] : vector<3xi1> to vector<3xi8>
// CHECK:         vector.extract %[[W]][%{{.*}}] : i8 from vector<3xi8>
// CHECK:         vector.print punctuation <close>
// CHECK-NEXT:    vector.print punctuation <comma>
func.func @print_i1(%v: vector<3xi1>) {
  vector.print %v : vector<3xi1> punctuation <comma>
  return
}

// -----

// A scalable dimension loops to vscale times its size; scalars and
// strings print as they are.
// CHECK-LABEL: func.func @print_scalable(
// CHECK:         %[[VS:.*]] = vector.vscale
// CHECK:         %[[N:.*]] = arith.muli %[[VS]], %{{.*}} : index
// CHECK:         scf.for %{{.*}} = %{{.*}} to %[[N]] step
// CHECK:         vector.print %{{.*}} : f32
// CHECK:         vector.print str "done\0A"
func.func @print_scalable(%v: vector<[4]xi32>, %f: f32) {
  vector.print %v : vector<[4]xi32>
  vector.print %f : f32
  vector.print str "done\n"
  return
}
