// RUN: not kiln opt --affine-parallelize='max-nested=x' %s 2>&1 | FileCheck %s --check-prefix=NESTED
// RUN: not kiln opt --affine-parallelize='parallel-reductions=maybe' %s 2>&1 | FileCheck %s --check-prefix=RED
// RUN: not kiln opt --affine-scalrep='max-nested=1' %s 2>&1 | FileCheck %s --check-prefix=SCALREP

// Option values are checked before any pass runs, with the place in the
// pipeline text.
// NESTED:  pass pipeline:1:31: error: for the --max-nested option: 'x' value invalid for uint argument!
// RED:     pass pipeline:1:40: error: for the --parallel-reductions option: 'maybe' is invalid value for boolean argument! Try 0 or 1
// SCALREP: pass pipeline:1:16: error: no such option max-nested
func.func @f() {
  return
}
