// RUN: kiln opt %s --pass-pipeline='builtin.module(func.func(cse,cse),symbol-dce)' --mlir-pass-statistics -o /dev/null 2>&1 | FileCheck %s --check-prefix=PIPE
// RUN: kiln opt %s --pass-pipeline='builtin.module(func.func(cse,cse),symbol-dce)' --mlir-pass-statistics --mlir-pass-statistics-display=list -o /dev/null 2>&1 | FileCheck %s --check-prefix=LIST
// RUN: kiln opt %s --pass-pipeline='builtin.module(func.func(mem2reg))' --mlir-pass-statistics -o /dev/null 2>&1 | FileCheck %s --check-prefix=M2R
// RUN: kiln opt %s --pass-pipeline='builtin.module(func.func(sroa))' --mlir-pass-statistics --mlir-pass-statistics-display=list -o /dev/null 2>&1 | FileCheck %s --check-prefix=SROA
// RUN: kiln opt %s --pass-pipeline='builtin.module(func.func(control-flow-sink))' --mlir-pass-statistics --mlir-pass-statistics-display=list -o /dev/null 2>&1 | FileCheck %s --check-prefix=SINK
// RUN: not kiln opt %s --mlir-pass-statistics-display=tree 2>&1 | FileCheck %s --check-prefix=BAD

// The pipeline view: each pass where it runs, with its own counts; the
// statistics of a pass sorted by name, values right-aligned.
// PIPE:      {{^}}===-------------------------------------------------------------------------==={{$}}
// PIPE-NEXT: {{^}}                         ... Pass statistics report ...{{$}}
// PIPE-NEXT: {{^}}===-------------------------------------------------------------------------==={{$}}
// PIPE-NEXT: {{^}}'func.func' Pipeline{{$}}
// PIPE-NEXT: {{^}}  CSE{{$}}
// PIPE-NEXT: {{^}}    (S) 2 num-cse'd - Number of operations CSE'd{{$}}
// PIPE-NEXT: {{^}}    (S) 2 num-dce'd - Number of operations DCE'd{{$}}
// PIPE-NEXT: {{^}}  CSE{{$}}
// PIPE-NEXT: {{^}}    (S) 0 num-cse'd - Number of operations CSE'd{{$}}
// PIPE-NEXT: {{^}}    (S) 0 num-dce'd - Number of operations DCE'd{{$}}
// PIPE-NEXT: {{^}}SymbolDCE{{$}}
// PIPE-NEXT: {{^}}  (S) 1 num-dce'd - Number of symbols DCE'd{{$}}
// PIPE-EMPTY:

// The list view: one entry per pass name, counts summed over its
// instances, passes sorted by name.
// LIST:      ... Pass statistics report ...
// LIST:      {{^}}  CSE{{$}}
// LIST-NEXT: {{^}}    (S) 2 num-cse'd - Number of operations CSE'd{{$}}
// LIST-NEXT: {{^}}    (S) 2 num-dce'd - Number of operations DCE'd{{$}}
// LIST-NEXT: {{^}}  SymbolDCE{{$}}
// LIST-NEXT: {{^}}    (S) 1 num-dce'd - Number of symbols DCE'd{{$}}
// LIST-EMPTY:

// M2R:      {{^}}  Mem2Reg{{$}}
// M2R-NEXT: {{^}}    (S) 2 new block args - Total amount of new block argument inserted in blocks{{$}}
// M2R-NEXT: {{^}}    (S) 1 promoted slots - Total amount of memory slot promoted{{$}}

// @split's 2x3 slot: 6 elements, 2 used; @whole's 2-element slot, both
// used; the largest count is a maximum, not a sum.
// SROA:      {{^}}  SROA{{$}}
// SROA-NEXT: {{^}}    (S) 2 destructured slots        - Total amount of memory slots destructured{{$}}
// SROA-NEXT: {{^}}    (S) 6 max subelement number     - Maximal number of sub-elements a successfully destructured slot initially had{{$}}
// SROA-NEXT: {{^}}    (S) 1 slots with memory benefit - Total amount of memory slots in which the destructured size was smaller than the total size after eliminating unused fields{{$}}

// @sink's two producers move into the branch that uses them.
// SINK:      {{^}}  ControlFlowSink{{$}}
// SINK-NEXT: {{^}}    (S) 2 num-sunk - Number of operations sunk{{$}}

// BAD: invalid value "tree" for --mlir-pass-statistics-display: Cannot find option named 'tree'!

func.func @f(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  %1 = arith.addi %a, %a : i32
  %dead = arith.muli %a, %a : i32
  %2 = arith.muli %0, %1 : i32
  %3 = arith.muli %0, %1 : i32
  %4 = arith.addi %2, %3 : i32
  return %4 : i32
}

func.func private @unused()

func.func @loop(%x: i64, %y: i64, %c: i1) {
  %slot = memref.alloca() : memref<i64>
  memref.store %x, %slot[] : memref<i64>
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %v = memref.load %slot[] : memref<i64>
  memref.store %y, %slot[] : memref<i64>
  cf.br ^bb2
^bb2:
  cf.br ^bb1
}

func.func @split(%x: f32, %y: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %m = memref.alloca() : memref<2x3xf32>
  memref.store %x, %m[%c0, %c2] : memref<2x3xf32>
  memref.store %y, %m[%c1, %c0] : memref<2x3xf32>
  %a = memref.load %m[%c1, %c0] : memref<2x3xf32>
  %b = memref.load %m[%c0, %c2] : memref<2x3xf32>
  %s = arith.subf %a, %b : f32
  return %s : f32
}

func.func @whole(%x: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = memref.alloca() : memref<2xf32>
  memref.store %x, %m[%c0] : memref<2xf32>
  memref.store %x, %m[%c1] : memref<2xf32>
  %a = memref.load %m[%c1] : memref<2xf32>
  return %a : f32
}

func.func @sink(%c: i1, %a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  %1 = arith.muli %0, %a : i32
  %r = scf.if %c -> i32 {
    scf.yield %1 : i32
  } else {
    scf.yield %a : i32
  }
  return %r : i32
}
