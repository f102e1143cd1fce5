// RUN: kiln opt %s --verify-roundtrip --allow-unregistered-dialect --split-input-file | FileCheck %s
// RUN: kiln opt %s --verify-roundtrip --allow-unregistered-dialect --split-input-file --mlir-print-op-generic | kiln opt --allow-unregistered-dialect --split-input-file | FileCheck %s
// RUN: not kiln opt %s --verify-roundtrip --split-input-file 2>&1 | FileCheck %s --check-prefix=UNREG

// The IR as parsed reads back the same from its custom and its generic
// form, locations, aliases, regions and unknown ops included; the output is
// what kiln opt prints without the flag.
// CHECK:       #map = affine_map<(d0) -> (d0 + 1)>
// CHECK-LABEL: func.func @f
// CHECK:         %[[C:.*]] = arith.constant dense<[1, 2]> : vector<2xi32>
// CHECK:         "other.region"() ({
// CHECK:           "other.op"(%[[C]]) {k = #map} : (vector<2xi32>) -> ()
// CHECK:         cf.br ^bb1(%arg0 : index)
// CHECK:       ^bb1(%{{.*}}: index):
// CHECK:         return
#m = affine_map<(d0) -> (d0 + 1)>
func.func @f(%n: index) {
  %c = arith.constant dense<[1, 2]> : vector<2xi32> loc("x.cc":3:4)
  "other.region"() ({
  ^bb0(%x: i1 loc("y.cc":1:2)):
    "other.op"(%c) {k = #m} : (vector<2xi32>) -> () loc(fused["a", "b"])
  }) : () -> ()
  cf.br ^bb1(%n : index)
^bb1(%m: index):
  return
}

// -----

// The check runs on each chunk's IR before any pass.
// CHECK-LABEL: func.func @g
func.func @g(%a: f32) -> f32 {
  %0 = math.absf %a fastmath<nnan> : f32
  return %0 : f32
}

// Without --allow-unregistered-dialect the parse fails before the check.
// UNREG: error: operation being parsed with an unregistered dialect
