// RUN: kiln opt %s --allow-unregistered-dialect --pass-pipeline='builtin.module(func.func(scf-forall-to-for))' | FileCheck %s --check-prefix=FOR

// Two shared outputs, one inserted into twice: each is carried through
// the loops and the inserts chain on the carried value.
// FOR-LABEL: func.func @two_outputs(
// FOR-SAME:    %[[A:.*]]: tensor<8xf32>, %[[B:.*]]: tensor<8xf32>, %[[S:.*]]: tensor<1xf32>)
// FOR:         %[[R:.*]]:2 = scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[X:.*]] = %[[A]], %[[Y:.*]] = %[[B]]) -> (tensor<8xf32>, tensor<8xf32>) {
// FOR-NEXT:      %[[J:.*]] = "test.next"(%[[I]]) : (index) -> index
// FOR-NEXT:      %[[Y1:.*]] = tensor.insert_slice %[[S]] into %[[Y]][%[[I]]] [1] [1] : tensor<1xf32> into tensor<8xf32>
// FOR-NEXT:      %[[X1:.*]] = tensor.insert_slice %[[S]] into %[[X]][%[[I]]] [1] [1] : tensor<1xf32> into tensor<8xf32>
// FOR-NEXT:      %[[Y2:.*]] = tensor.insert_slice %[[S]] into %[[Y1]][%[[J]]] [1] [1] : tensor<1xf32> into tensor<8xf32>
// FOR-NEXT:      scf.yield %[[X1]], %[[Y2]] : tensor<8xf32>, tensor<8xf32>
// FOR-NEXT:    }
// FOR-NEXT:    return %[[R]]#0, %[[R]]#1
func.func @two_outputs(%a: tensor<8xf32>, %b: tensor<8xf32>, %s: tensor<1xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  %r:2 = scf.forall (%i) in (7) shared_outs(%x = %a, %y = %b) -> (tensor<8xf32>, tensor<8xf32>) {
    %j = "test.next"(%i) : (index) -> index
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %s into %y[%i] [1] [1] : tensor<1xf32> into tensor<8xf32>
      tensor.parallel_insert_slice %s into %x[%i] [1] [1] : tensor<1xf32> into tensor<8xf32>
      tensor.parallel_insert_slice %s into %y[%j] [1] [1] : tensor<1xf32> into tensor<8xf32>
    }
  }
  return %r#0, %r#1 : tensor<8xf32>, tensor<8xf32>
}

// A forall without dimensions runs its body once, in place.
// FOR-LABEL: func.func @no_dims(
// FOR-SAME:    %[[A:.*]]: tensor<8xf32>, %[[S:.*]]: tensor<1xf32>)
// FOR-NOT:     scf.for
// FOR:         %[[X:.*]] = tensor.insert_slice %[[S]] into %[[A]][0] [1] [1] : tensor<1xf32> into tensor<8xf32>
// FOR-NEXT:    return %[[X]]
func.func @no_dims(%a: tensor<8xf32>, %s: tensor<1xf32>) -> tensor<8xf32> {
  %r = scf.forall () in () shared_outs(%x = %a) -> (tensor<8xf32>) {
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %s into %x[0] [1] [1] : tensor<1xf32> into tensor<8xf32>
    }
  }
  return %r : tensor<8xf32>
}
