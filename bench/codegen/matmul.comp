#version 450
layout(local_size_x = 16, local_size_y = 16) in;
layout(binding = 0) buffer A { float a[256][256]; };
layout(binding = 1) buffer B { float b[256][256]; };
layout(binding = 2) buffer C { float c[256][256]; };
void main() {
  uint col = gl_GlobalInvocationID.x, row = gl_GlobalInvocationID.y;
  float s = 0.0;
  for (uint k = 0; k < 256; k++)
    s += a[row][k] * b[k][col];
  c[row][col] = s;
}
