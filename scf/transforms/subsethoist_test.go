package transforms_test

import (
	"testing"

	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/fn"
	"github.com/kiln-gpu/kiln/interp/interptest"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/irtest"
	"github.com/kiln-gpu/kiln/ir/pass"
	"github.com/kiln-gpu/kiln/scf"
	"github.com/kiln-gpu/kiln/scf/transforms"
	"github.com/kiln-gpu/kiln/tensor"
	"github.com/kiln-gpu/kiln/vector"
)

var newVectorContext = irtest.ContextWith(scf.Dialect(), arith.Dialect(), fn.Dialect(), tensor.Dialect(), vector.Dialect())

// subsetKernels each define @main(%a, %b) with a loop of %b iterations
// over a tensor, and how many loop-carried values the loop has after
// loop-invariant-subset-hoisting.
var subsetKernels = []struct {
	name    string
	carried int
	kernel  string
}{
	// A slice updated in place each iteration beside a disjoint slice
	// read: the pair moves out, the loop carries the slice.
	{"slice-pair", 2, `func.func @main(%a: index, %b: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %t0 = tensor.from_elements %a, %b, %a, %c1, %b, %a, %b, %a : tensor<8xindex>
  %init = tensor.insert %c3 into %t0[%c5] : tensor<8xindex>
  %r = scf.for %i = %c0 to %b step %c1 iter_args(%t = %init) -> (tensor<8xindex>) {
    %other = tensor.extract_slice %t[5] [2] [1] : tensor<8xindex> to tensor<2xindex>
    %x = tensor.extract %other[%c0] : tensor<2xindex>
    %s = tensor.extract_slice %t[%c2] [3] [1] : tensor<8xindex> to tensor<3xindex>
    %sp = tensor.from_elements %x, %x, %x : tensor<3xindex>
    %n = arith.muli %s, %sp : tensor<3xindex>
    %u = tensor.insert_slice %n into %t[2] [3] [1] : tensor<3xindex> into tensor<8xindex>
    scf.yield %u : tensor<8xindex>
  }
` + tensorSum + `}`},
	// The same through vector transfers, two disjoint pairs.
	{"transfer-pairs", 3, `func.func @main(%a: index, %b: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %init = tensor.from_elements %a, %b, %a, %c1, %b, %a, %b, %a : tensor<8xindex>
  %r = scf.for %i = %c0 to %b step %c1 iter_args(%t = %init) -> (tensor<8xindex>) {
    %v = vector.transfer_read %t[%c1], %c0 {in_bounds = [true]} : tensor<8xindex>, vector<2xindex>
    %w = vector.transfer_read %t[%c4], %c0 {in_bounds = [true]} : tensor<8xindex>, vector<3xindex>
    %v2 = arith.addi %v, %v : vector<2xindex>
    %w2 = arith.muli %w, %w : vector<3xindex>
    %t1 = vector.transfer_write %v2, %t[%c1] {in_bounds = [true]} : vector<2xindex>, tensor<8xindex>
    %t2 = vector.transfer_write %w2, %t1[%c4] {in_bounds = [true]} : vector<3xindex>, tensor<8xindex>
    scf.yield %t2 : tensor<8xindex>
  }
` + tensorSum + `}`},
	// The read and write overlap the next iteration's slice: nothing moves.
	{"overlapping", 1, `func.func @main(%a: index, %b: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %init = tensor.from_elements %a, %b, %a, %c1, %b, %a, %b, %a : tensor<8xindex>
  %r = scf.for %i = %c0 to %b step %c1 iter_args(%t = %init) -> (tensor<8xindex>) {
    %s = tensor.extract_slice %t[0] [4] [1] : tensor<8xindex> to tensor<4xindex>
    %o = tensor.extract_slice %t[2] [4] [1] : tensor<8xindex> to tensor<4xindex>
    %n = arith.addi %s, %o : tensor<4xindex>
    %u = tensor.insert_slice %n into %t[0] [4] [1] : tensor<4xindex> into tensor<8xindex>
    scf.yield %u : tensor<8xindex>
  }
` + tensorSum + `}`},
}

// tensorSum returns a weighted sum of %r's elements.
const tensorSum = `  %c8 = arith.constant 8 : index
  %sum = scf.for %k = %c0 to %c8 step %c1 iter_args(%acc = %c0) -> (index) {
    %e = tensor.extract %r[%k] : tensor<8xindex>
    %k1 = arith.addi %k, %c1 : index
    %m = arith.muli %e, %k1 : index
    %n = arith.addi %acc, %m : index
    scf.yield %n : index
  }
  return %sum : index
`

// TestSubsetHoistingCarried runs loop-invariant-subset-hoisting on each
// kernel and checks the loop it leaves. (The reference interpreter has no
// tensors, so it cannot compare the results; testdata/subset-hoisting.mlir
// checks where each op goes.)
func TestSubsetHoistingCarried(t *testing.T) {
	reg := pass.Registry{}
	transforms.Register(reg)
	for _, tc := range subsetKernels {
		t.Run(tc.name, func(t *testing.T) {
			_, after := interptest.Transformed(t, newVectorContext, reg, tc.kernel, "builtin.module(func.func(loop-invariant-subset-hoisting))")
			var loop *ir.Operation
			after.Walk(func(o *ir.Operation) bool {
				if o.Name() == "scf.for" {
					loop = o
				}
				return loop == nil
			})
			if loop == nil || loop.NumResults() != tc.carried {
				t.Fatalf("want a loop carrying %d values first:\n%s", tc.carried, after)
			}
			if err := ir.Verify(after); err != nil {
				t.Fatal(err)
			}
		})
	}
}
