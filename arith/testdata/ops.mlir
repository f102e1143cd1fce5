// RUN: kiln opt %s | FileCheck %s
// RUN: kiln opt %s --mlir-print-op-generic | kiln opt | FileCheck %s

// CHECK-LABEL: func.func @int_ops
func.func @int_ops(%a: i32, %b: i32, %v: vector<4xi64>, %t: tensor<4x?xi8>, %i: index) {
  // CHECK: arith.addi %{{.*}}, %{{.*}} : i32
  %0 = arith.addi %a, %b : i32
  // CHECK: arith.addi %{{.*}}, %{{.*}} overflow<nsw, nuw> : i32
  %1 = arith.addi %a, %b overflow<nsw, nuw> : i32
  // CHECK: arith.subi %{{.*}}, %{{.*}} overflow<nsw> : vector<4xi64>
  %2 = arith.subi %v, %v overflow<nsw> : vector<4xi64>
  // CHECK: arith.muli %{{.*}}, %{{.*}} overflow<nuw> : tensor<4x?xi8>
  %3 = arith.muli %t, %t overflow<nuw> : tensor<4x?xi8>
  // CHECK: arith.divui %{{.*}}, %{{.*}} exact : i32
  %4 = arith.divui %a, %b exact : i32
  // CHECK: arith.divsi %{{.*}}, %{{.*}} : index
  %5 = arith.divsi %i, %i : index
  // CHECK: arith.ceildivui %{{.*}}, %{{.*}} : i32
  %6 = arith.ceildivui %a, %b : i32
  // CHECK: arith.ceildivsi %{{.*}}, %{{.*}} : i32
  %7 = arith.ceildivsi %a, %b : i32
  // CHECK: arith.floordivsi %{{.*}}, %{{.*}} : i32
  %8 = arith.floordivsi %a, %b : i32
  // CHECK: arith.remui %{{.*}}, %{{.*}} : i32
  %9 = arith.remui %a, %b : i32
  // CHECK: arith.remsi %{{.*}}, %{{.*}} : vector<4xi64>
  %10 = arith.remsi %v, %v : vector<4xi64>
  // CHECK: arith.andi %{{.*}}, %{{.*}} : i32
  %11 = arith.andi %a, %b : i32
  // CHECK: arith.ori %{{.*}}, %{{.*}} : i32
  %12 = arith.ori %a, %b : i32
  // CHECK: arith.xori %{{.*}}, %{{.*}} : i32
  %13 = arith.xori %a, %b : i32
  // CHECK: arith.shli %{{.*}}, %{{.*}} overflow<nsw> : i32
  %14 = arith.shli %a, %b overflow<nsw> : i32
  // CHECK: arith.shrui %{{.*}}, %{{.*}} exact : i32
  %15 = arith.shrui %a, %b exact : i32
  // CHECK: arith.shrsi %{{.*}}, %{{.*}} : i32
  %16 = arith.shrsi %a, %b : i32
  // CHECK: arith.maxsi %{{.*}}, %{{.*}} : i32
  %17 = arith.maxsi %a, %b : i32
  // CHECK: arith.maxui %{{.*}}, %{{.*}} : i32
  %18 = arith.maxui %a, %b : i32
  // CHECK: arith.minsi %{{.*}}, %{{.*}} : i32
  %19 = arith.minsi %a, %b : i32
  // CHECK: arith.minui %{{.*}}, %{{.*}} : i32
  %20 = arith.minui %a, %b : i32
  // CHECK: %{{.*}}:2 = arith.addui_extended %{{.*}}, %{{.*}} : i32, i1
  %sum, %carry = arith.addui_extended %a, %b : i32, i1
  // CHECK: %{{.*}}:2 = arith.addui_extended %{{.*}}, %{{.*}} : i32, i1
  %sum2, %carry2 = arith.addui_extended %a, %b : i32
  // MLIR's name for it until December 2022.
  // CHECK: %{{.*}}:2 = arith.addui_extended %{{.*}}, %{{.*}} : i32, i1
  %sum3, %carry3 = arith.addui_carry %a, %b : i32, i1
  // CHECK: %{{.*}}:2 = arith.subui_extended %{{.*}}, %{{.*}} : vector<4xi64>, vector<4xi1>
  %diff, %borrow = arith.subui_extended %v, %v : vector<4xi64>, vector<4xi1>
  // CHECK: %low, %high = arith.mulsi_extended %{{.*}}, %{{.*}} : i32
  %low, %high = arith.mulsi_extended %a, %b : i32
  // CHECK: %low_0, %high_1 = arith.mului_extended %{{.*}}, %{{.*}} : i32
  %low2, %high2 = arith.mului_extended %a, %b : i32
  return
}

// CHECK-LABEL: func.func @float_ops
func.func @float_ops(%x: f32, %y: f32, %v: vector<4xf16>, %t: tensor<?xbf16>) {
  // CHECK: arith.addf %{{.*}}, %{{.*}} : f32
  %0 = arith.addf %x, %y : f32
  // CHECK: arith.addf %{{.*}}, %{{.*}} fastmath<fast> : f32
  %1 = arith.addf %x, %y fastmath<fast> : f32
  // CHECK: arith.addf %{{.*}}, %{{.*}} downward : f32
  %r0 = arith.addf %x, %y downward : f32
  // CHECK: arith.subf %{{.*}}, %{{.*}} upward fastmath<nnan> : f32
  %r1 = arith.subf %x, %y upward fastmath<nnan> : f32
  // CHECK: arith.mulf %{{.*}}, %{{.*}} toward_zero : f32
  %r2 = arith.mulf %x, %y toward_zero fastmath<none> : f32
  // CHECK: arith.divf %{{.*}}, %{{.*}} to_nearest_away : f32
  %r3 = arith.divf %x, %y to_nearest_away : f32
  // CHECK: arith.addf %{{.*}}, %{{.*}} to_nearest_even : f32
  %r4 = arith.addf %x, %y to_nearest_even : f32
  // CHECK: arith.subf %{{.*}}, %{{.*}} fastmath<nnan,ninf> : f32
  %2 = arith.subf %x, %y fastmath<nnan,ninf> : f32
  // CHECK: arith.mulf %{{.*}}, %{{.*}} : vector<4xf16>
  %3 = arith.mulf %v, %v fastmath<none> : vector<4xf16>
  // CHECK: arith.divf %{{.*}}, %{{.*}} : tensor<?xbf16>
  %4 = arith.divf %t, %t : tensor<?xbf16>
  // CHECK: arith.remf %{{.*}}, %{{.*}} : f32
  %5 = arith.remf %x, %y : f32
  // CHECK: arith.negf %{{.*}} fastmath<contract> : f32
  %6 = arith.negf %x fastmath<contract> : f32
  // CHECK: arith.maximumf %{{.*}}, %{{.*}} : f32
  %7 = arith.maximumf %x, %y : f32
  // CHECK: arith.minimumf %{{.*}}, %{{.*}} : f32
  %8 = arith.minimumf %x, %y : f32
  // CHECK: arith.maxnumf %{{.*}}, %{{.*}} : f32
  %9 = arith.maxnumf %x, %y : f32
  // CHECK: arith.minnumf %{{.*}}, %{{.*}} : f32
  %10 = arith.minnumf %x, %y : f32
  // MLIR's names before maximumf/minimumf parse as them.
  // CHECK: arith.maximumf %{{.*}}, %{{.*}} : f32
  %11 = arith.maxf %x, %y : f32
  // CHECK: arith.minimumf %{{.*}}, %{{.*}} fastmath<nnan> : f32
  %12 = arith.minf %x, %y fastmath<nnan> : f32
  return
}

// CHECK-LABEL: func.func @compare_select
func.func @compare_select(%a: i32, %b: i32, %x: f32, %v: vector<4xf32>, %m: vector<4xi1>, %t: tensor<2xi32, "enc">) {
  // CHECK: arith.cmpi slt, %{{.*}}, %{{.*}} : i32
  %0 = arith.cmpi slt, %a, %b : i32
  // CHECK: arith.cmpi uge, %{{.*}}, %{{.*}} : i32
  %1 = arith.cmpi "uge", %a, %b : i32
  // CHECK: arith.cmpf olt, %{{.*}}, %{{.*}} : f32
  %2 = arith.cmpf olt, %x, %x : f32
  // CHECK: arith.cmpf uno, %{{.*}}, %{{.*}} fastmath<nnan> : vector<4xf32>
  %3 = arith.cmpf uno, %v, %v fastmath<nnan> : vector<4xf32>
  // CHECK: arith.select %{{.*}}, %{{.*}}, %{{.*}} : i32
  %4 = arith.select %0, %a, %b : i32
  // CHECK: arith.select %{{.*}}, %{{.*}}, %{{.*}} : vector<4xi1>, vector<4xf32>
  %5 = arith.select %m, %v, %v : vector<4xi1>, vector<4xf32>
  // CHECK: arith.select %{{.*}}, %{{.*}}, %{{.*}} : vector<4xf32>
  %6 = arith.select %0, %v, %v : vector<4xf32>
  // The i1 result keeps the operands' tensor encoding.
  // CHECK: arith.cmpi eq, %{{.*}}, %{{.*}} : tensor<2xi32, "enc">
  %7 = arith.cmpi eq, %t, %t : tensor<2xi32, "enc">
  // CHECK: arith.select %{{.*}}, %{{.*}}, %{{.*}} : tensor<2xi1, "enc">, tensor<2xi32, "enc">
  %8 = arith.select %7, %t, %t : tensor<2xi1, "enc">, tensor<2xi32, "enc">
  return
}

// CHECK-LABEL: func.func @casts
func.func @casts(%i8: i8, %i32: i32, %f16: f16, %f32: f32, %idx: index, %v: vector<2xi32>, %m: memref<4xi32>) {
  // CHECK: arith.extui %{{.*}} : i8 to i32
  %0 = arith.extui %i8 : i8 to i32
  // CHECK: arith.extsi %{{.*}} : vector<2xi32> to vector<2xi64>
  %1 = arith.extsi %v : vector<2xi32> to vector<2xi64>
  // CHECK: arith.trunci %{{.*}} overflow<nsw> : i32 to i8
  %2 = arith.trunci %i32 overflow<nsw> : i32 to i8
  // CHECK: arith.extf %{{.*}} : f16 to f32
  %3 = arith.extf %f16 : f16 to f32
  // CHECK: arith.extf %{{.*}} fastmath<none> : f16 to f32
  %4 = arith.extf %f16 fastmath<none> : f16 to f32
  // CHECK: arith.truncf %{{.*}} : f32 to f16
  %5 = arith.truncf %f32 : f32 to f16
  // CHECK: arith.truncf %{{.*}} downward fastmath<fast> : f32 to bf16
  %6 = arith.truncf %f32 downward fastmath<fast> : f32 to bf16
  // MLIR's first keywords for the rounding modes print as the current ones.
  // CHECK: arith.truncf %{{.*}} to_nearest_even : f32 to f16
  %r0 = arith.truncf %f32 tonearesteven : f32 to f16
  // CHECK: arith.truncf %{{.*}} toward_zero : f32 to f16
  %r1 = arith.truncf %f32 towardzero : f32 to f16
  // CHECK: arith.truncf %{{.*}} to_nearest_away : f32 to f16
  %r2 = arith.truncf %f32 tonearestaway : f32 to f16
  // CHECK: arith.sitofp %{{.*}} : i32 to f32
  %7 = arith.sitofp %i32 : i32 to f32
  // CHECK: arith.uitofp %{{.*}} : i8 to f16
  %8 = arith.uitofp %i8 : i8 to f16
  // CHECK: arith.fptosi %{{.*}} : f32 to i32
  %9 = arith.fptosi %f32 : f32 to i32
  // CHECK: arith.fptoui %{{.*}} : f16 to i8
  %10 = arith.fptoui %f16 : f16 to i8
  // CHECK: arith.index_cast %{{.*}} : index to i32
  %11 = arith.index_cast %idx : index to i32
  // CHECK: arith.index_castui %{{.*}} : i32 to index
  %12 = arith.index_castui %i32 : i32 to index
  // CHECK: arith.index_cast %{{.*}} : memref<4xi32> to memref<4xindex>
  %13 = arith.index_cast %m : memref<4xi32> to memref<4xindex>
  // CHECK: arith.bitcast %{{.*}} : f32 to i32
  %14 = arith.bitcast %f32 : f32 to i32
  // CHECK: arith.bitcast %{{.*}} : f16 to i16
  %15 = arith.bitcast %f16 : f16 to i16
  return
}

// CHECK-LABEL: func.func @constants
func.func @constants() {
  // CHECK: %c0 = arith.constant 0 : index
  %0 = arith.constant 0 : index
  // CHECK: %c-1_i32 = arith.constant -1 : i32
  %1 = arith.constant -1 : i32
  // CHECK: %c42_i64 = arith.constant 42 : i64
  %2 = arith.constant 42
  // CHECK: %true = arith.constant true
  %3 = arith.constant true
  // CHECK: %cst = arith.constant 1.000000e+00 : f32
  %4 = arith.constant 1.0 : f32
  // CHECK: %cst_0 = arith.constant dense<1.000000e+00> : vector<4xf32>
  %5 = arith.constant dense<1.0> : vector<4xf32>
  // CHECK: %cst_1 = arith.constant dense<[1, 2]> : tensor<2xi32>
  %6 = arith.constant dense<[1, 2]> : tensor<2xi32>
  // CHECK: %cst_2 = arith.constant dense<0> : vector<[4]xi8>
  %7 = arith.constant dense<0> : vector<[4]xi8>
  // Any elements attribute, a sparse one too.
  // CHECK: %cst_3 = arith.constant sparse<[1, 3], [5, 6]> : vector<4xi32>
  %8 = arith.constant sparse<[1, 3], [5, 6]> : vector<4xi32>
  return
}

// The nneg flag of extui, uitofp and index_castui.
// CHECK-LABEL: func.func @nneg
func.func @nneg(%a: i32, %v: vector<4xi8>) {
  // CHECK: arith.extui %{{.*}} nneg : i32 to i64
  %0 = arith.extui %a nneg : i32 to i64
  // CHECK: arith.uitofp %{{.*}} nneg : vector<4xi8> to vector<4xf32>
  %1 = arith.uitofp %v nneg : vector<4xi8> to vector<4xf32>
  // CHECK: arith.index_castui %{{.*}} nneg : i32 to index
  %2 = arith.index_castui %a nneg : i32 to index
  // CHECK: arith.extui %{{.*}} : i32 to i64
  %3 = arith.extui %a : i32 to i64
  return
}

// An index product of a constant and vector.vscale is named after both.
// CHECK-LABEL: func.func @vscale_names
func.func @vscale_names(%i: index) {
  %vs = vector.vscale
  %c4 = arith.constant 4 : index
  // CHECK: %c4_vscale = arith.muli %c4, %{{.*}} : index
  %0 = arith.muli %c4, %vs : index
  // CHECK: %c4_vscale_0 = arith.muli %{{.*}}, %c4 : index
  %1 = arith.muli %vs, %c4 : index
  // CHECK: %{{[0-9]+}} = arith.muli %{{.*}}, %c4 : index
  %2 = arith.muli %i, %c4 : index
  return
}

// convertf converts between float types of one width.
// CHECK-LABEL: func.func @convertf
func.func @convertf(%a: f16, %v: vector<2xbf16>, %e: f8E4M3FN) {
  // CHECK: arith.convertf %{{.*}} : f16 to bf16
  %0 = arith.convertf %a : f16 to bf16
  // CHECK: arith.convertf %{{.*}} toward_zero fastmath<fast> : vector<2xbf16> to vector<2xf16>
  %1 = arith.convertf %v toward_zero fastmath<fast> : vector<2xbf16> to vector<2xf16>
  // CHECK: arith.convertf %{{.*}} : f8E4M3FN to f8E5M2
  %2 = arith.convertf %e : f8E4M3FN to f8E5M2
  return
}
