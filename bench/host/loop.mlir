// Issue 19's host loop: 4,000,000 iterations of arith.addi, arith.xori and
// scf.yield.
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 4000000 : index
  %z = arith.constant 0 : i64
  %k = arith.constant 12345 : i64
  %m = arith.constant 977 : i64
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (i64) {
    %a = arith.addi %acc, %k : i64
    %b = arith.xori %a, %m : i64
    scf.yield %b : i64
  }
  call @printI64(%r) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}
func.func private @printI64(i64)
func.func private @printNewline()
