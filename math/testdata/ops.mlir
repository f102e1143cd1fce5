// RUN: kiln opt %s | FileCheck %s
// RUN: kiln opt %s --mlir-print-op-generic | kiln opt | FileCheck %s

// CHECK-LABEL: func.func @float_ops
func.func @float_ops(%x: f32, %y: f32, %v: vector<4xf64>, %t: tensor<?xf16>) {
  // CHECK: math.absf %{{.*}} : f32
  %0 = math.absf %x : f32
  // CHECK: math.sqrt %{{.*}} fastmath<fast> : f32
  %1 = math.sqrt %x fastmath<fast> : f32
  // CHECK: math.rsqrt %{{.*}} : vector<4xf64>
  %2 = math.rsqrt %v : vector<4xf64>
  // CHECK: math.exp %{{.*}} : tensor<?xf16>
  %3 = math.exp %t : tensor<?xf16>
  // CHECK: math.exp2 %{{.*}} : f32
  %4 = math.exp2 %x : f32
  // CHECK: math.expm1 %{{.*}} : f32
  %5 = math.expm1 %x : f32
  // CHECK: math.log %{{.*}} : f32
  %6 = math.log %x : f32
  // CHECK: math.log2 %{{.*}} : f32
  %7 = math.log2 %x : f32
  // CHECK: math.log10 %{{.*}} : f32
  %8 = math.log10 %x : f32
  // CHECK: math.log1p %{{.*}} fastmath<afn> : f32
  %9 = math.log1p %x fastmath<afn> : f32
  // CHECK: math.cbrt %{{.*}} : f32
  %10 = math.cbrt %x : f32
  // CHECK: math.sin %{{.*}} : f32
  %11 = math.sin %x : f32
  // CHECK: math.cos %{{.*}} : f32
  %12 = math.cos %x : f32
  // CHECK: math.tan %{{.*}} : f32
  %13 = math.tan %x : f32
  // CHECK: math.asin %{{.*}} : f32
  %14 = math.asin %x : f32
  // CHECK: math.acos %{{.*}} : f32
  %15 = math.acos %x : f32
  // CHECK: math.atan %{{.*}} : f32
  %16 = math.atan %x : f32
  // CHECK: math.atan2 %{{.*}}, %{{.*}} : f32
  %17 = math.atan2 %x, %y : f32
  // CHECK: math.sinh %{{.*}} : f32
  %18 = math.sinh %x : f32
  // CHECK: math.cosh %{{.*}} : f32
  %19 = math.cosh %x : f32
  // CHECK: math.tanh %{{.*}} : f32
  %20 = math.tanh %x : f32
  // CHECK: math.asinh %{{.*}} : f32
  %21 = math.asinh %x : f32
  // CHECK: math.acosh %{{.*}} : f32
  %22 = math.acosh %x : f32
  // CHECK: math.atanh %{{.*}} : f32
  %23 = math.atanh %x : f32
  // CHECK: math.erf %{{.*}} : f32
  %24 = math.erf %x : f32
  // CHECK: math.erfc %{{.*}} : f32
  %25 = math.erfc %x : f32
  // CHECK: math.powf %{{.*}}, %{{.*}} : f32
  %26 = math.powf %x, %y : f32
  // CHECK: math.fma %{{.*}}, %{{.*}}, %{{.*}} fastmath<contract> : f32
  %27 = math.fma %x, %y, %x fastmath<contract> : f32
  // CHECK: math.fma %{{.*}}, %{{.*}}, %{{.*}} to_nearest_even : f32
  %fma_rne = math.fma %x, %y, %x to_nearest_even : f32
  // CHECK: math.fma %{{.*}}, %{{.*}}, %{{.*}} downward fastmath<contract> : f32
  %fma_down = math.fma %x, %y, %x downward fastmath<contract> : f32
  // CHECK: math.fma %{{.*}}, %{{.*}}, %{{.*}} upward : f32
  %fma_up = math.fma %x, %y, %x upward : f32
  // CHECK: math.fma %{{.*}}, %{{.*}}, %{{.*}} toward_zero : f32
  %fma_rtz = math.fma %x, %y, %x toward_zero : f32
  // CHECK: math.fma %{{.*}}, %{{.*}}, %{{.*}} to_nearest_away : f32
  %fma_away = math.fma %x, %y, %x to_nearest_away fastmath<none> : f32
  // CHECK: math.ceil %{{.*}} : f32
  %28 = math.ceil %x : f32
  // CHECK: math.floor %{{.*}} : f32
  %29 = math.floor %x : f32
  // CHECK: math.round %{{.*}} : f32
  %30 = math.round %x : f32
  // CHECK: math.roundeven %{{.*}} : f32
  %31 = math.roundeven %x : f32
  // CHECK: math.trunc %{{.*}} : f32
  %32 = math.trunc %x : f32
  // CHECK: math.copysign %{{.*}}, %{{.*}} : f32
  %33 = math.copysign %x, %y : f32
  return
}

// CHECK-LABEL: func.func @int_and_class_ops
func.func @int_and_class_ops(%i: i32, %n: i32, %v: vector<4xi16>, %x: f32, %fv: vector<4xf32>, %iv: vector<4xi32>) {
  // CHECK: math.absi %{{.*}} : i32
  %0 = math.absi %i : i32
  // CHECK: math.ctlz %{{.*}} : i32
  %1 = math.ctlz %i : i32
  // CHECK: math.cttz %{{.*}} : vector<4xi16>
  %2 = math.cttz %v : vector<4xi16>
  // CHECK: math.ctpop %{{.*}} : i32
  %3 = math.ctpop %i : i32
  // CHECK: math.ipowi %{{.*}}, %{{.*}} : i32
  %4 = math.ipowi %i, %n : i32
  // CHECK: math.fpowi %{{.*}}, %{{.*}} : f32, i32
  %5 = math.fpowi %x, %n : f32, i32
  // CHECK: math.fpowi %{{.*}}, %{{.*}} fastmath<fast> : vector<4xf32>, vector<4xi32>
  %6 = math.fpowi %fv, %iv fastmath<fast> : vector<4xf32>, vector<4xi32>
  // CHECK: math.isnan %{{.*}} : f32
  %7 = math.isnan %x : f32
  // CHECK: math.isinf %{{.*}} : vector<4xf32>
  %8 = math.isinf %fv : vector<4xf32>
  // CHECK: math.isfinite %{{.*}} fastmath<nnan> : f32
  %9 = math.isfinite %x fastmath<nnan> : f32
  // CHECK: math.isnormal %{{.*}} : f32
  %10 = math.isnormal %x : f32
  return
}

// CHECK-LABEL: func.func @clampf_sincos
func.func @clampf_sincos(%x: f32, %lo: f32, %hi: f32, %v: vector<4xf64>) -> (f32, vector<4xf64>, vector<4xf64>) {
  // CHECK: math.clampf %{{.*}} to [%{{.*}}, %{{.*}}] fastmath<nnan> : f32
  %0 = math.clampf %x to [%lo, %hi] fastmath<nnan> : f32
  // CHECK: math.sincos %{{.*}} : vector<4xf64>
  %1:2 = math.sincos %v : vector<4xf64>
  return %0, %1#0, %1#1 : f32, vector<4xf64>, vector<4xf64>
}
