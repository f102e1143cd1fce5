#version 450
// The GLSL counterpart of kernels.Sum (reduce.mlir): a grid-stride fold
// per thread, then a tree in shared memory; one partial sum per workgroup.
layout(local_size_x = 256) in;
layout(set = 0, binding = 0) readonly buffer X { float x[]; };
layout(set = 0, binding = 1) writeonly buffer O { float o[]; };
layout(set = 0, binding = 2) readonly buffer N { uint n; };
shared float sh[256];
void main() {
  uint tid = gl_LocalInvocationID.x;
  uint stride = gl_NumWorkGroups.x * 256u;
  float a = 0.0;
  for (uint i = gl_GlobalInvocationID.x; i < n; i += stride) {
    a += x[i];
  }
  sh[tid] = a;
  barrier();
  for (uint s = 128u; s > 0u; s >>= 1) {
    if (tid < s) {
      sh[tid] += sh[tid + s];
    }
    barrier();
  }
  if (tid == 0u) {
    o[gl_WorkGroupID.x] = sh[0];
  }
}
