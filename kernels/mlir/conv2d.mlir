// out[y][x] = sum over i < kh, j < kw of in[y + i][x + j] * w[i][j]: the
// "valid" 2-D convolution (cross-correlation, as in ML frameworks) of an
// h x w f32 image by a kh x kw filter; out is (h-kh+1) x (w-kw+1). One
// output per thread of a TS x TS workgroup.
gpu.module @conv2d {
  gpu.func @conv2d(%in: memref<?xf32>, %f: memref<?xf32>, %out: memref<?xf32>, %w: index, %kh: index, %kw: index, %oh: index, %ow: index) kernel
      attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [{{.TS}}, {{.TS}}, 1]>} {
    %x = gpu.global_id x
    %y = gpu.global_id y
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = arith.constant 0.0 : f32
    %xin = arith.cmpi ult, %x, %ow : index
    %yin = arith.cmpi ult, %y, %oh : index
    %inside = arith.andi %xin, %yin : i1
    scf.if %inside {
      %acc = scf.for %i = %c0 to %kh step %c1 iter_args(%a = %zero) -> (f32) {
        %row = arith.addi %y, %i : index
        %rw = arith.muli %row, %w : index
        %base = arith.addi %rw, %x : index
        %fi = arith.muli %i, %kw : index
        %s = scf.for %j = %c0 to %kw step %c1 iter_args(%b = %a) -> (f32) {
          %ii = arith.addi %base, %j : index
          %v = memref.load %in[%ii] : memref<?xf32>
          %fj = arith.addi %fi, %j : index
          %g = memref.load %f[%fj] : memref<?xf32>
          %t = math.fma %v, %g, %b : f32
          scf.yield %t : f32
        }
        scf.yield %s : f32
      }
      %oy = arith.muli %y, %ow : index
      %o = arith.addi %oy, %x : index
      memref.store %acc, %out[%o] : memref<?xf32>
    }
    gpu.return
  }
}
