package transforms_test

import (
	"os"
	"slices"
	"testing"

	"github.com/kiln-gpu/kiln"
	"github.com/kiln-gpu/kiln/affine/transforms"
	"github.com/kiln-gpu/kiln/ir"
)

// affineKernel transposes a 8x8 tile through affine subscripts, keeps the
// lower half with affine.if, and writes each element's linearized index
// split back by delinearize_index: out[i*8+j] = in[j*8+i] + (i*8+j) for
// j <= i, and (i*8+j) mod 8 + (i*8+j) floordiv 8 otherwise.
const affineKernel = `gpu.module @k {
  gpu.func @tile(%in: memref<64xf32>, %out: memref<64xf32>) kernel
      attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [8, 1, 1]>} {
    %i = gpu.thread_id x
    affine.for %j = 0 to 8 {
      %l = affine.linearize_index disjoint [%i, %j] by (8, 8) : index
      %d:2 = affine.delinearize_index %l into (8, 8) : index, index
      %s = affine.apply affine_map<(d0, d1) -> (d0 + d1)>(%d#0, %d#1)
      %fs = arith.index_cast %s : index to i32
      %f = arith.sitofp %fs : i32 to f32
      affine.if affine_set<(d0, d1) : (d0 - d1 >= 0)>(%i, %j) {
        %v = affine.load %in[%j * 8 + %i] : memref<64xf32>
        %li = arith.index_cast %l : index to i32
        %lf = arith.sitofp %li : i32 to f32
        %w = arith.addf %v, %lf : f32
        affine.store %w, %out[%l] : memref<64xf32>
      } else {
        affine.store %f, %out[%i * 8 + %j] : memref<64xf32>
      }
    }
    gpu.return
  }
}`

// The lowered kernel runs on Vulkan (lavapipe, SwiftShader or a GPU) and
// on the reference interpreter with the results Go computes.
func TestLoweredKernelOnDevices(t *testing.T) {
	ctx := kiln.NewContext()
	mod, err := ir.Parse(ctx, affineKernel, "tile.mlir")
	if err != nil {
		t.Fatal(err)
	}
	transforms.LowerAffine(mod)
	src := string(ir.PrintBytes(mod, ir.PrintOptions{}))
	in := make([]float32, 64)
	for k := range in {
		in[k] = float32(k) * 0.5
	}
	want := make([]float32, 64)
	for i := range 8 {
		for j := range 8 {
			l := i*8 + j
			if j <= i {
				want[l] = in[j*8+i] + float32(l)
			} else {
				want[l] = float32(l%8 + l/8)
			}
		}
	}
	for _, name := range []string{"", kiln.Reference} {
		dev, err := kiln.Open(name)
		if err != nil {
			if os.Getenv("CI") == "true" {
				t.Fatalf("no device (CI=true: device tests must run): %v", err)
			}
			t.Logf("no device %q: %v", name, err)
			continue
		}
		t.Logf("device %s", dev.Name)
		prog, err := dev.Compile(src)
		if err != nil {
			dev.Close()
			t.Fatal(err)
		}
		x, _ := kiln.Upload(dev, in)
		y, _ := kiln.Alloc[float32](dev, 64)
		if err := prog.Launch("tile", kiln.Grid{1, 1, 1}, x, y); err != nil {
			dev.Close()
			t.Fatal(err)
		}
		got, err := kiln.Read[float32](y)
		dev.Close()
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s (%q): got %v, want %v", dev.Name, name, got, want)
		}
	}
}
