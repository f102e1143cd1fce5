// A 1M-element f32 fill, then a checksum loop over it.
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 1048576 : index
  %z = arith.constant 0.0 : f32
  %c255 = arith.constant 255 : i32
  %mem = memref.alloc(%n) : memref<?xf32>
  scf.for %i = %c0 to %n step %c1 {
    %x = arith.index_cast %i : index to i32
    %y = arith.andi %x, %c255 : i32
    %f = arith.sitofp %y : i32 to f32
    memref.store %f, %mem[%i] : memref<?xf32>
  }
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (f32) {
    %v = memref.load %mem[%i] : memref<?xf32>
    %a = arith.addf %acc, %v : f32
    scf.yield %a : f32
  }
  memref.dealloc %mem : memref<?xf32>
  call @printF32(%s) : (f32) -> ()
  call @printNewline() : () -> ()
  return
}
func.func private @printF32(f32)
func.func private @printNewline()
