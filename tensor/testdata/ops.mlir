// RUN: kiln opt %s | FileCheck %s
// RUN: kiln opt %s | kiln opt | FileCheck %s
// RUN: kiln opt %s --mlir-print-op-generic | kiln opt | FileCheck %s

// CHECK-LABEL: func.func @elements
// CHECK: %[[E:.*]] = tensor.empty(%{{.*}}) : tensor<?x4xf32>
// CHECK: tensor.extract %[[E]][%{{.*}}, %{{.*}}] : tensor<?x4xf32>
// CHECK: tensor.insert %{{.*}} into %[[E]][%{{.*}}, %{{.*}}] : tensor<?x4xf32>
// CHECK: tensor.from_elements %{{.*}}, %{{.*}} : tensor<2xf32>
// CHECK: tensor.splat %{{.*}}[%{{.*}}] : tensor<?x4xf32>
// CHECK: tensor.extract %{{.*}}[] : tensor<i1>
func.func @elements(%n: index, %f: f32, %b: tensor<i1>) -> (f32, tensor<?x4xf32>, tensor<2xf32>, tensor<?x4xf32>, i1) {
  %c0 = arith.constant 0 : index
  %e = tensor.empty(%n) : tensor<?x4xf32>
  %x = tensor.extract %e[%c0, %c0] : tensor<?x4xf32>
  %i = tensor.insert %f into %e[%c0, %c0] : tensor<?x4xf32>
  %l = tensor.from_elements %f, %x : tensor<2xf32>
  %s = tensor.splat %f[%n] : tensor<?x4xf32>
  %v = tensor.extract %b[] : tensor<i1>
  return %x, %i, %l, %s, %v : f32, tensor<?x4xf32>, tensor<2xf32>, tensor<?x4xf32>, i1
}

// CHECK-LABEL: func.func @shapes
// CHECK: tensor.dim %{{.*}}, %{{.*}} : tensor<?x4xf32>
// CHECK: tensor.cast %{{.*}} : tensor<?x4xf32> to tensor<*xf32>
// CHECK: tensor.extract_slice %{{.*}}[%{{.*}}, 0] [2, 4] [1, 1] : tensor<?x4xf32> to tensor<2x4xf32>
// CHECK: tensor.extract_slice %{{.*}}[0, 0] [1, 4] [1, 1] : tensor<?x4xf32> to tensor<4xf32>
// CHECK: tensor.insert_slice %{{.*}} into %{{.*}}[%{{.*}}, 0] [2, 4] [1, 1] : tensor<2x4xf32> into tensor<?x4xf32>
// CHECK: tensor.expand_shape %{{.*}} {{\[\[}}0, 1], [2]] output_shape [1, %{{.*}}, 4] : tensor<?x4xf32> into tensor<1x?x4xf32>
// CHECK: tensor.expand_shape %{{.*}} {{\[\[}}0, 1]] : tensor<4xf32> into tensor<2x2xf32>
// CHECK: tensor.collapse_shape %{{.*}} {{\[\[}}0, 1], [2]] : tensor<1x?x4xf32> into tensor<?x4xf32>
func.func @shapes(%t: tensor<?x4xf32>, %i: index) -> (index, tensor<*xf32>, tensor<?x4xf32>, tensor<?x4xf32>, tensor<4xf32>, tensor<2x2xf32>) {
  %c0 = arith.constant 0 : index
  %d = tensor.dim %t, %c0 : tensor<?x4xf32>
  %u = tensor.cast %t : tensor<?x4xf32> to tensor<*xf32>
  %s = tensor.extract_slice %t[%i, 0] [2, 4] [1, 1] : tensor<?x4xf32> to tensor<2x4xf32>
  %r = tensor.extract_slice %t[0, 0] [1, 4] [1, 1] : tensor<?x4xf32> to tensor<4xf32>
  %w = tensor.insert_slice %s into %t[%i, 0] [2, 4] [1, 1] : tensor<2x4xf32> into tensor<?x4xf32>
  %x = tensor.expand_shape %t [[0, 1], [2]] output_shape [1, %d, 4] : tensor<?x4xf32> into tensor<1x?x4xf32>
  %y = tensor.expand_shape %r [[0, 1]] : tensor<4xf32> into tensor<2x2xf32>
  %c = tensor.collapse_shape %x [[0, 1], [2]] : tensor<1x?x4xf32> into tensor<?x4xf32>
  return %d, %u, %w, %c, %r, %y : index, tensor<*xf32>, tensor<?x4xf32>, tensor<?x4xf32>, tensor<4xf32>, tensor<2x2xf32>
}

// CHECK-LABEL: func.func @parallel
// CHECK: scf.forall.in_parallel
// CHECK-NEXT: tensor.parallel_insert_slice %{{.*}} into %{{.*}}[%{{.*}}] [1] [1] : tensor<1xf32> into tensor<4xf32>
func.func @parallel(%t: tensor<4xf32>, %s: tensor<1xf32>) -> tensor<4xf32> {
  %r = scf.forall (%i) in (4) shared_outs(%o = %t) -> (tensor<4xf32>) {
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %s into %o[%i] [1] [1] : tensor<1xf32> into tensor<4xf32>
    }
  }
  return %r : tensor<4xf32>
}

// CHECK-LABEL: func.func @rank
// CHECK: %[[R:rank]] = tensor.rank %{{.*}} : tensor<*xf32>
// CHECK: return %[[R]] : index
func.func @rank(%u: tensor<*xf32>) -> index {
  %r = tensor.rank %u : tensor<*xf32>
  return %r : index
}

// The body's terminator is printed (it has an operand), the result is named
// as in MLIR (getAsmResultNames) and a static tensor needs no extent.
// CHECK-LABEL: func.func @generate
// CHECK-SAME: (%[[M:[^:]*]]: index, %[[N:[^:]*]]: index,
// CHECK: %[[G:generated]] = tensor.generate %[[M]], %[[N]] {
// CHECK-NEXT: ^bb0(%[[I:.*]]: index, %[[J:.*]]: index, %[[K:.*]]: index):
// CHECK-NEXT: %[[S:.*]] = arith.addi %[[I]], %[[K]] : index
// CHECK-NEXT: tensor.yield %[[S]] : index
// CHECK-NEXT: } : tensor<?x3x?xindex>
// CHECK: tensor.generate {
// CHECK-NEXT: ^bb0(%{{.*}}: index):
// CHECK-NEXT: tensor.yield %{{.*}} : f32
// CHECK-NEXT: } {tag} : tensor<4xf32>
func.func @generate(%m: index, %n: index, %f: f32) -> (tensor<?x3x?xindex>, tensor<4xf32>) {
  %g = tensor.generate %m, %n {
  ^bb0(%i: index, %j: index, %k: index):
    %s = arith.addi %i, %k : index
    tensor.yield %s : index
  } : tensor<?x3x?xindex>
  %h = tensor.generate {
  ^bb0(%i: index):
    tensor.yield %f : f32
  } {tag} : tensor<4xf32>
  return %g, %h : tensor<?x3x?xindex>, tensor<4xf32>
}
