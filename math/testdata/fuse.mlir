// RUN: kiln opt %s --math-uplift-to-fma --split-input-file | FileCheck %s --check-prefix=FMA
// RUN: kiln opt %s --math-sincos-fusion --split-input-file | FileCheck %s --check-prefix=SINCOS

// An addf of a mulf becomes math.fma when both allow contraction, with the
// flags they share; the mulf may be either addend, and a mulf that does not
// allow contraction, or an addf that does not, stays.
// FMA-LABEL: func.func @uplift
// FMA-SAME: (%[[A:.*]]: vector<2xf32>, %[[B:.*]]: vector<2xf32>, %[[C:.*]]: vector<2xf32>)
// FMA: %[[F1:.*]] = math.fma %[[A]], %[[B]], %[[C]] fastmath<nnan,contract> : vector<2xf32>
// FMA: %[[F2:.*]] = math.fma %[[A]], %[[B]], %[[C]] fastmath<contract> : vector<2xf32>
// FMA: %[[M:.*]] = arith.mulf %[[A]], %[[B]] fastmath<nnan> : vector<2xf32>
// FMA: %[[N:.*]] = arith.addf %[[M]], %[[C]] fastmath<contract> : vector<2xf32>
// FMA: %[[K:.*]] = arith.mulf %[[A]], %[[B]] fastmath<contract> : vector<2xf32>
// FMA: %[[P:.*]] = arith.addf %[[K]], %[[C]] fastmath<nnan> : vector<2xf32>
// FMA: return %[[F1]], %[[F2]], %[[N]], %[[P]]
func.func @uplift(%a: vector<2xf32>, %b: vector<2xf32>, %c: vector<2xf32>) -> (vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>) {
  %m0 = arith.mulf %a, %b fastmath<nnan,contract> : vector<2xf32>
  %0 = arith.addf %m0, %c fastmath<nnan,contract,afn> : vector<2xf32>
  %m1 = arith.mulf %a, %b fastmath<fast> : vector<2xf32>
  %1 = arith.addf %c, %m1 fastmath<contract> : vector<2xf32>
  %m2 = arith.mulf %a, %b fastmath<nnan> : vector<2xf32>
  %2 = arith.addf %m2, %c fastmath<contract> : vector<2xf32>
  %m3 = arith.mulf %a, %b fastmath<contract> : vector<2xf32>
  %3 = arith.addf %m3, %c fastmath<nnan> : vector<2xf32>
  return %0, %1, %2, %3 : vector<2xf32>, vector<2xf32>, vector<2xf32>, vector<2xf32>
}

// -----

// A sin and the first cos of the same value and flags in its block fuse
// where the earlier one was, so that every use stays dominated; a cos with
// other flags, of another value or in a nested block stays.
// SINCOS-LABEL: func.func @fuse
// SINCOS-SAME: (%[[X:.*]]: f16, %[[Y:.*]]: f16, %[[P:.*]]: i1)
// SINCOS: %[[SIN:.*]], %[[COS:.*]] = math.sincos %[[X]] fastmath<afn> : f16
// SINCOS: %[[D:.*]] = arith.addf %[[COS]], %[[COS]]
// SINCOS: %[[CY:.*]] = math.cos %[[Y]] fastmath<afn> : f16
// SINCOS: %[[C2:.*]] = math.cos %[[X]] : f16
// SINCOS: %[[IF:.*]] = scf.if
// SINCOS: math.cos %[[X]] fastmath<afn> : f16
// SINCOS: return %[[D]], %[[SIN]], %[[CY]], %[[C2]], %[[IF]]
func.func @fuse(%x: f16, %y: f16, %p: i1) -> (f16, f16, f16, f16, f16) {
  %c = math.cos %x fastmath<afn> : f16
  %d = arith.addf %c, %c : f16
  %cy = math.cos %y fastmath<afn> : f16
  %c2 = math.cos %x : f16
  %if = scf.if %p -> f16 {
    %n = math.cos %x fastmath<afn> : f16
    scf.yield %n : f16
  } else {
    scf.yield %x : f16
  }
  %s = math.sin %x fastmath<afn> : f16
  return %d, %s, %cy, %c2, %if : f16, f16, f16, f16, f16
}
