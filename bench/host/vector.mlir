// A 1M-element f32 fill and checksum through vector<8xf32>: broadcast,
// elementwise arithmetic, vector.store and vector.load, and a reduction.
func.func @main() {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %n = arith.constant 1048576 : index
  %c15 = arith.constant 15 : i32
  %iota = arith.constant dense<[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0]> : vector<8xf32>
  %half = arith.constant dense<0.5> : vector<8xf32>
  %zero = arith.constant dense<0.0> : vector<8xf32>
  %mem = memref.alloc(%n) : memref<?xf32>
  scf.for %i = %c0 to %n step %c8 {
    %x = arith.index_cast %i : index to i32
    %y = arith.andi %x, %c15 : i32
    %f = arith.sitofp %y : i32 to f32
    %b = vector.broadcast %f : f32 to vector<8xf32>
    %v = arith.addf %b, %iota : vector<8xf32>
    %w = arith.mulf %v, %half : vector<8xf32>
    vector.store %w, %mem[%i] : memref<?xf32>, vector<8xf32>
  }
  %s = scf.for %i = %c0 to %n step %c8 iter_args(%acc = %zero) -> (vector<8xf32>) {
    %v = vector.load %mem[%i] : memref<?xf32>, vector<8xf32>
    %h = arith.mulf %v, %half : vector<8xf32>
    %a = arith.addf %acc, %v : vector<8xf32>
    %b = arith.addf %a, %h : vector<8xf32>
    scf.yield %b : vector<8xf32>
  }
  %r = vector.reduction <add>, %s : vector<8xf32> into f32
  memref.dealloc %mem : memref<?xf32>
  call @printF32(%r) : (f32) -> ()
  call @printNewline() : () -> ()
  return
}
func.func private @printF32(f32)
func.func private @printNewline()
