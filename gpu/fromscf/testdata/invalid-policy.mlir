// RUN: kiln opt %s --verify-diagnostics --gpu-map-parallel-loops="mapping-policy=middle-first"

// expected-error @+1 {{Invalid mapping policy specified.}}
func.func @f() {
  return
}
