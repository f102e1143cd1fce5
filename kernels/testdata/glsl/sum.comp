#version 450
// The GLSL counterpart of kernels.Sum (reduce.mlir): a grid-stride fold
// per thread of vec4 loads, its lanes folded, then the tail past the last
// multiple of 4 (the first threads one element each), then a tree in
// shared memory; one partial sum per workgroup.
layout(local_size_x = 256) in;
layout(set = 0, binding = 0) readonly buffer X { float x[]; };
layout(set = 0, binding = 0) readonly buffer X4 { vec4 x4[]; };
layout(set = 0, binding = 1) writeonly buffer O { float o[]; };
layout(set = 0, binding = 2) readonly buffer N { uint n; };
shared float sh[256];
void main() {
  uint tid = gl_LocalInvocationID.x;
  uint stride = gl_NumWorkGroups.x * 256u;
  uint n4 = n / 4u;
  vec4 av = vec4(0.0);
  for (uint j = gl_GlobalInvocationID.x; j < n4; j += stride) {
    av += x4[j];
  }
  float a = (av.x + av.y) + (av.z + av.w);
  uint ti = 4u * n4 + gl_GlobalInvocationID.x;
  if (ti < n) {
    a += x[ti];
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
