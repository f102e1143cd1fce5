#version 450
layout(local_size_x = 64) in;
layout(binding = 0) buffer In { float a[4096][64]; };
layout(binding = 1) buffer Out { float b[4096][64]; };
void main() {
  uint r = gl_GlobalInvocationID.x;
  float m = uintBitsToFloat(0xff800000u);
  for (uint j = 0; j < 64; j++)
    m = max(m, a[r][j]);
  float s = 0.0;
  for (uint j = 0; j < 64; j++) {
    float e = exp(a[r][j] - m);
    b[r][j] = e;
    s += e;
  }
  for (uint j = 0; j < 64; j++)
    b[r][j] = b[r][j] / s;
}
