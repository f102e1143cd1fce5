// RUN: kiln opt %s --arith-emulate-unsupported-floats="source-types=bf16,f8E4M3FNUZ target-type=f32" --split-input-file | FileCheck %s

// Operands extend to f32 (one extf per value, after its definition),
// results truncate back, both with fastmath<contract>.
// CHECK-LABEL: func.func @chained(
// CHECK-SAME:    %[[X:.*]]: bf16, %[[Y:.*]]: bf16, %[[Z:.*]]: bf16) -> i1
// CHECK-DAG:     %[[XE:.*]] = arith.extf %[[X]] fastmath<contract> : bf16 to f32
// CHECK-DAG:     %[[YE:.*]] = arith.extf %[[Y]] fastmath<contract> : bf16 to f32
// CHECK-DAG:     %[[ZE:.*]] = arith.extf %[[Z]] fastmath<contract> : bf16 to f32
// CHECK:         %[[PE:.*]] = arith.addf %[[XE]], %[[YE]] : f32
// CHECK-NEXT:    %[[P:.*]] = arith.truncf %[[PE]] fastmath<contract> : f32 to bf16
// CHECK-NEXT:    %[[PE2:.*]] = arith.extf %[[P]] fastmath<contract> : bf16 to f32
// CHECK-NEXT:    %[[QE:.*]] = arith.mulf %[[PE2]], %[[ZE]] : f32
// CHECK-NEXT:    %[[Q:.*]] = arith.truncf %[[QE]] fastmath<contract> : f32 to bf16
// CHECK-NEXT:    %[[QE2:.*]] = arith.extf %[[Q]] fastmath<contract> : bf16 to f32
// CHECK-NEXT:    %[[R:.*]] = arith.cmpf ole, %[[PE2]], %[[QE2]] : f32
// CHECK-NEXT:    return %[[R]] : i1
func.func @chained(%x: bf16, %y: bf16, %z: bf16) -> i1 {
  %p = arith.addf %x, %y : bf16
  %q = arith.mulf %p, %z : bf16
  %r = arith.cmpf ole, %p, %q : bf16
  return %r : i1
}

// -----

// Vectors, memref values and the computing vector ops convert; constants,
// casts, selects and other ops stay.
// CHECK-LABEL: func.func @vectors(
// CHECK-SAME:    %[[A:.*]]: vector<4xf8E4M3FNUZ>, %[[M:.*]]: memref<4xbf16>, %[[C:.*]]: i1)
// CHECK-NEXT:    %[[AE:.*]] = arith.extf %[[A]] fastmath<contract> : vector<4xf8E4M3FNUZ> to vector<4xf32>
// CHECK:         %[[K:.*]] = arith.constant 1.000000e+00 : bf16
// CHECK:         %[[V:.*]] = memref.load %[[M]]
// CHECK-NEXT:    %[[VE:.*]] = arith.extf %[[V]] fastmath<contract> : bf16 to f32
// CHECK-NEXT:    %[[S:.*]] = arith.select %[[C]], %[[V]], %[[K]] : bf16
// CHECK-NEXT:    %[[BE:.*]] = arith.mulf %[[AE]], %[[AE]] : vector<4xf32>
// CHECK-NEXT:    %[[B:.*]] = arith.truncf %[[BE]] fastmath<contract> : vector<4xf32> to vector<4xf8E4M3FNUZ>
// CHECK-NEXT:    %[[BE2:.*]] = arith.extf %[[B]] fastmath<contract> : vector<4xf8E4M3FNUZ> to vector<4xf32>
// CHECK-NEXT:    %[[RE:.*]] = vector.reduction <add>, %[[BE2]] : vector<4xf32> into f32
// CHECK-NEXT:    %[[R:.*]] = arith.truncf %[[RE]] fastmath<contract> : f32 to f8E4M3FNUZ
// CHECK-NEXT:    %[[RX:.*]] = arith.extf %[[R]] : f8E4M3FNUZ to f32
// CHECK-NEXT:    memref.store %[[S]], %[[M]]
func.func @vectors(%a: vector<4xf8E4M3FNUZ>, %m: memref<4xbf16>, %c: i1) -> (f32, f32) {
  %k = arith.constant 1.0 : bf16
  %c0 = arith.constant 0 : index
  %v = memref.load %m[%c0] : memref<4xbf16>
  %s = arith.select %c, %v, %k : bf16
  %b = arith.mulf %a, %a : vector<4xf8E4M3FNUZ>
  %r = vector.reduction <add>, %b : vector<4xf8E4M3FNUZ> into f8E4M3FNUZ
  %rx = arith.extf %r : f8E4M3FNUZ to f32
  memref.store %s, %m[%c0] : memref<4xbf16>
  %ve = arith.addf %v, %v : bf16
  %vx = arith.extf %ve : bf16 to f32
  return %rx, %vx : f32, f32
}

// -----

// A result truncates back in the op's rounding mode: MLIR's truncation to
// nearest can round a downward quotient up (docs/RATIONALE.md).
// CHECK-LABEL: func.func @rounding(
// CHECK:         %[[DE:.*]] = arith.divf %{{.*}}, %{{.*}} downward : f32
// CHECK-NEXT:    %[[D:.*]] = arith.truncf %[[DE]] downward fastmath<contract> : f32 to bf16
// CHECK:         %[[SE:.*]] = arith.addf %{{.*}}, %{{.*}} : f32
// CHECK-NEXT:    arith.truncf %[[SE]] fastmath<contract> : f32 to bf16
func.func @rounding(%x: bf16, %y: bf16) -> (bf16, bf16) {
  %d = arith.divf %x, %y downward : bf16
  %s = arith.addf %d, %y : bf16
  return %d, %s : bf16, bf16
}
