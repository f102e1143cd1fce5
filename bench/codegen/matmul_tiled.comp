#version 450
layout(local_size_x = 16, local_size_y = 16) in;
layout(binding = 0) buffer A { float a[256][256]; };
layout(binding = 1) buffer B { float b[256][256]; };
layout(binding = 2) buffer C { float c[256][256]; };
shared float ta[16][16];
shared float tb[16][16];
void main() {
  uint tx = gl_LocalInvocationID.x, ty = gl_LocalInvocationID.y;
  uint col = gl_GlobalInvocationID.x, row = gl_GlobalInvocationID.y;
  float s = 0.0;
  for (uint t0 = 0; t0 < 256; t0 += 16) {
    ta[ty][tx] = a[row][t0 + tx];
    tb[ty][tx] = b[t0 + ty][col];
    barrier();
    for (uint k = 0; k < 16; k++)
      s += ta[ty][k] * tb[k][tx];
    barrier();
  }
  c[row][col] = s;
}
