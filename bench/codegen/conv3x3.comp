#version 450
layout(local_size_x = 16, local_size_y = 16) in;
layout(binding = 0) buffer In { float a[1026][1026]; };
layout(binding = 1) buffer W { float w[3][3]; };
layout(binding = 2) buffer Out { float b[1024][1024]; };
void main() {
  uint x = gl_GlobalInvocationID.x, y = gl_GlobalInvocationID.y;
  float s = 0.0;
  for (uint i = 0; i < 3; i++)
    for (uint j = 0; j < 3; j++)
      s += a[y + i][x + j] * w[i][j];
  b[y][x] = s;
}
