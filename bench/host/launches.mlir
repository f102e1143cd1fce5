// 100 launches on the same three 4 MiB buffers (12 MiB of arguments), with
// host fill and checksum loops around them.
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %c4096 = arith.constant 4096 : index
  %c100 = arith.constant 100 : index
  %n = arith.constant 1048576 : index
  %z = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %a = memref.alloc() : memref<1048576xf32>
  %b = memref.alloc() : memref<1048576xf32>
  %c = memref.alloc() : memref<1048576xf32>
  scf.for %i = %c0 to %n step %c1 {
    memref.store %z, %a[%i] : memref<1048576xf32>
    memref.store %one, %b[%i] : memref<1048576xf32>
    memref.store %z, %c[%i] : memref<1048576xf32>
  }
  scf.for %r = %c0 to %c100 step %c1 {
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c4096, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c256, %sy = %c1, %sz = %c1) {
      %base = arith.muli %bx, %c256 : index
      %i = arith.addi %base, %tx : index
      %x = memref.load %a[%i] : memref<1048576xf32>
      %y = memref.load %b[%i] : memref<1048576xf32>
      %s = arith.addf %x, %y : f32
      memref.store %s, %a[%i] : memref<1048576xf32>
      memref.store %x, %c[%i] : memref<1048576xf32>
      gpu.terminator
    }
  }
  %sum = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (f32) {
    %v = memref.load %a[%i] : memref<1048576xf32>
    %w = memref.load %c[%i] : memref<1048576xf32>
    %p = arith.addf %acc, %v : f32
    %q = arith.addf %p, %w : f32
    scf.yield %q : f32
  }
  call @printF32(%sum) : (f32) -> ()
  call @printNewline() : () -> ()
  return
}
func.func private @printF32(f32)
func.func private @printNewline()
