// A nested loop filling a 1024x1024 memref, then one summing it column by
// column.
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 1024 : index
  %z = arith.constant 0 : i64
  %mem = memref.alloc() : memref<1024x1024xi32>
  scf.for %i = %c0 to %n step %c1 {
    scf.for %j = %c0 to %n step %c1 {
      %p = arith.muli %i, %j : index
      %x = arith.index_cast %p : index to i32
      memref.store %x, %mem[%i, %j] : memref<1024x1024xi32>
    }
  }
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (i64) {
    %row = scf.for %j = %c0 to %n step %c1 iter_args(%r = %acc) -> (i64) {
      %v = memref.load %mem[%j, %i] : memref<1024x1024xi32>
      %w = arith.extsi %v : i32 to i64
      %a = arith.addi %r, %w : i64
      scf.yield %a : i64
    }
    scf.yield %row : i64
  }
  memref.dealloc %mem : memref<1024x1024xi32>
  call @printI64(%s) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}
func.func private @printI64(i64)
func.func private @printNewline()
