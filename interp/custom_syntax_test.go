package interp

import (
	"bytes"
	"testing"

	"github.com/kiln-gpu/kiln/ir"
)

// These programs use the dialects' custom syntax, so that the attribute
// names the interpreter reads are checked against the dialect packages.
var customPrograms = []struct{ name, src, want string }{
	{"scf-loops", `func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %z = arith.constant 0 : i32
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %z) -> (i32) {
    %x = arith.index_cast %i : index to i32
    %s = arith.addi %acc, %x : i32
    scf.yield %s : i32
  }
  vector.print %r : i32
  %p = scf.parallel (%i) = (%c0) to (%c4) step (%c1) init (%z) -> i32 {
    %x = arith.index_cast %i : index to i32
    scf.reduce(%x : i32) {
    ^bb0(%a: i32, %b: i32):
      %m = arith.maxsi %a, %b : i32
      scf.reduce.return %m : i32
    }
  }
  vector.print %p : i32
  %u = scf.for unsigned %i = %c0 to %c4 step %c1 iter_args(%acc = %z) -> (i32) {
    %one = arith.constant 1 : i32
    %s = arith.addi %acc, %one : i32
    scf.yield %s : i32
  }
  vector.print %u : i32
  return
}`, "6\n3\n4\n"},
	{"memref-views", `func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = memref.alloc() : memref<4x4xf32>
  %v = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : vector<4xf32>
  vector.store %v, %m[%c1, %c0] : memref<4x4xf32>, vector<4xf32>
  %s = memref.subview %m[1, 1] [2, 2] [1, 1] : memref<4x4xf32> to memref<2x2xf32, strided<[4, 1], offset: 5>>
  %x = memref.load %s[%c0, %c1] : memref<2x2xf32, strided<[4, 1], offset: 5>>
  vector.print %x : f32
  %flat = memref.collapse_shape %m [[0, 1]] : memref<4x4xf32> into memref<16xf32>
  %e = memref.expand_shape %flat [[0, 1]] output_shape [8, 2] : memref<16xf32> into memref<8x2xf32>
  %y = memref.load %e[%c0, %c0] : memref<8x2xf32>
  %c2 = arith.constant 2 : index
  %w = memref.load %e[%c2, %c1] : memref<8x2xf32>
  vector.print %w : f32
  %ten = arith.constant 10.0 : f32
  %old = memref.atomic_rmw addf %ten, %m[%c1, %c0] : (f32, memref<4x4xf32>) -> f32
  %new = memref.load %m[%c1, %c0] : memref<4x4xf32>
  vector.print %new : f32
  %r = vector.transfer_read %m[%c1, %c0], %ten : memref<4x4xf32>, vector<4xf32>
  vector.print %r : vector<4xf32>
  %red = vector.reduction <add>, %r : vector<4xf32> into f32
  vector.print %red : f32
  return
}`, "3\n2\n11\n( 11, 2, 3, 4 )\n20\n"},
	{"gpu-launch-collectives", `func.func @main() {
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %out = memref.alloc() : memref<8xi32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c8, %sy = %c1, %sz = %c1)
             workgroup(%wg : memref<8xi32, #gpu.address_space<workgroup>>) {
    %t = arith.index_cast %tx : index to i32
    memref.store %t, %wg[%tx] : memref<8xi32, #gpu.address_space<workgroup>>
    gpu.barrier
    %c7 = arith.constant 7 : index
    %rev = arith.subi %c7, %tx : index
    %v = memref.load %wg[%rev] : memref<8xi32, #gpu.address_space<workgroup>>
    %one = arith.constant 1 : i32
    %w = arith.constant 8 : i32
    %sh, %ok = gpu.shuffle xor %v, %one, %w : i32
    %sum = gpu.subgroup_reduce add %sh cluster(size = 2) : (i32) -> i32
    %all = gpu.all_reduce %sum {
    ^bb0(%a: i32, %b: i32):
      %m = arith.maxsi %a, %b : i32
      gpu.yield %m : i32
    } : (i32) -> (i32)
    %k = arith.constant 100 : i32
    %hi = arith.muli %all, %k : i32
    %r = arith.addi %hi, %sum : i32
    memref.store %r, %out[%tx] : memref<8xi32>
    gpu.terminator
  }
  %v = vector.load %out[%c1] : memref<8xi32>, vector<4xi32>
  vector.print %v : vector<4xi32>
  return
}`, "( 1313, 1309, 1309, 1305 )\n"},
	{"gpu-func-ids", `module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%out: memref<2x8xi32>) private(%p : memref<1xi32, #gpu.address_space<private>>) kernel {
      %c0 = arith.constant 0 : index
      %tx = gpu.thread_id x
      %bx = gpu.block_id x
      %lane = gpu.lane_id
      %sg = gpu.subgroup_id : index
      %n = gpu.num_subgroups : index
      %bd = gpu.block_dim x
      %gd = gpu.grid_dim x
      %l32 = arith.index_cast %lane : index to i32
      memref.store %l32, %p[%c0] : memref<1xi32, #gpu.address_space<private>>
      %mine = memref.load %p[%c0] : memref<1xi32, #gpu.address_space<private>>
      %two = arith.constant 2 : i32
      %b = gpu.subgroup_broadcast %mine, specific_lane %two : i32
      %s1 = arith.muli %sg, %n : index
      %s2 = arith.addi %s1, %bd : index
      %s3 = arith.addi %s2, %gd : index
      %s4 = arith.index_cast %s3 : index to i32
      %k = arith.constant 100 : i32
      %hi = arith.muli %s4, %k : i32
      %r = arith.addi %hi, %b : i32
      memref.store %r, %out[%bx, %tx] : memref<2x8xi32>
      gpu.return
    }
  }
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c8 = arith.constant 8 : index
    %out = memref.alloc() : memref<2x8xi32>
    gpu.launch_func @kernels::@k blocks in (%c2, %c1, %c1) threads in (%c8, %c1, %c1) args(%out : memref<2x8xi32>)
    %u = memref.cast %out : memref<2x8xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
  func.func private @printMemrefI32(memref<*xi32>)
}`, "Unranked Memref base@ = 0x1000 rank = 2 offset = 0 sizes = [2, 8] strides = [8, 1] data = \n" +
		"[[1002,   1002,   1002,   1002,   1202,   1202,   1202,   1202], \n" +
		" [1002,   1002,   1002,   1002,   1202,   1202,   1202,   1202]]\n"},
	{"gpu-host-ops", `func.func @main() {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %h = memref.alloc() : memref<4xi32>
  %seven = arith.constant 7 : i32
  %t0 = gpu.wait async
  %d, %t1 = gpu.alloc async [%t0] () : memref<4xi32>
  %t2 = gpu.memset async [%t1] %d, %seven : memref<4xi32>, i32
  %t3 = gpu.memcpy async [%t2] %h, %d : memref<4xi32>, memref<4xi32>
  gpu.wait [%t3]
  %x = memref.load %h[%c3] : memref<4xi32>
  gpu.printf "x=%d\n", %x : i32
  scf.forall (%i) in (4) {
    %v = arith.index_cast %i : index to i32
    memref.store %v, %h[%i] : memref<4xi32>
  }
  %v = vector.load %h[%c0] : memref<4xi32>, vector<4xi32>
  vector.print %v : vector<4xi32>
  gpu.dealloc %d : memref<4xi32>
  return
}`, "x=7\n( 0, 1, 2, 3 )\n"},
}

func TestCustomSyntaxPrograms(t *testing.T) {
	for _, c := range customPrograms {
		t.Run(c.name, func(t *testing.T) {
			mod, err := ir.Parse(fullContext(), c.src, "test.mlir")
			if err != nil {
				t.Fatal(err)
			}
			if err := ir.Verify(mod); err != nil {
				t.Fatal(err)
			}
			m := New(mod)
			m.SubgroupSize = 4
			var out bytes.Buffer
			m.Out = &out
			if _, err := m.Call("main"); err != nil {
				t.Fatal(err)
			}
			if out.String() != c.want {
				t.Fatalf("got %q, want %q", out.String(), c.want)
			}
		})
	}
}
