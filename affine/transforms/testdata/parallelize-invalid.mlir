// RUN: not kiln opt --affine-parallelize='max-nested=x' %s 2>&1 | FileCheck %s --check-prefix=NESTED
// RUN: not kiln opt --affine-parallelize='parallel-reductions=maybe' %s 2>&1 | FileCheck %s --check-prefix=RED
// RUN: not kiln opt --affine-scalrep='max-nested=1' %s 2>&1 | FileCheck %s --check-prefix=SCALREP

// Option values are checked before any pass runs, with the place in the
// pipeline text.
// NESTED:  pass pipeline:1:19: error: pass 'affine-parallelize': option 'max-nested' wants an integer, got 'x'
// RED:     pass pipeline:1:19: error: pass 'affine-parallelize': option 'parallel-reductions' wants true or false, got 'maybe'
// SCALREP: pass pipeline:1:15: error: pass 'affine-scalrep': no such option 'max-nested'
func.func @f() {
  return
}
