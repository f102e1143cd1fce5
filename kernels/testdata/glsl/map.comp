#version 450
// The GLSL counterpart of kernels.Map with "%r = arith.mulf %a0, %a0".
layout(local_size_x = 256) in;
layout(set = 0, binding = 0) readonly buffer X { float x[]; };
layout(set = 0, binding = 1) writeonly buffer O { float o[]; };
layout(set = 0, binding = 2) readonly buffer N { uint n; };
void main() {
  uint stride = gl_NumWorkGroups.x * 256u;
  for (uint i = gl_GlobalInvocationID.x; i < n; i += stride) {
    o[i] = x[i] * x[i];
  }
}
