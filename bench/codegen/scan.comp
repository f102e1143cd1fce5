#version 450
// The GLSL twin of scan.mlir: inclusive prefix sums of 256-float blocks,
// with the same loop (a step counter k beside the offset).
layout(local_size_x = 256) in;
layout(binding = 0) buffer In { float a[262144]; };
layout(binding = 1) buffer Out { float b[262144]; };
shared float buf[256];
void main() {
  uint t = gl_LocalInvocationID.x, g = gl_GlobalInvocationID.x;
  float acc = a[g];
  buf[t] = acc;
  barrier();
  uint off = 1u;
  for (uint k = 0u; k < 8u; k++) {
    if (t >= off) {
      acc += buf[t - off];
    }
    barrier();
    buf[t] = acc;
    barrier();
    off *= 2u;
  }
  b[g] = acc;
}
