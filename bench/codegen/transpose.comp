#version 450
layout(local_size_x = 16, local_size_y = 16) in;
layout(binding = 0) buffer In { float a[1024][1024]; };
layout(binding = 1) buffer Out { float b[1024][1024]; };
shared float tile[16][17];
void main() {
  uint tx = gl_LocalInvocationID.x, ty = gl_LocalInvocationID.y;
  uint x0 = gl_WorkGroupID.x * 16, y0 = gl_WorkGroupID.y * 16;
  tile[ty][tx] = a[y0 + ty][x0 + tx];
  barrier();
  b[x0 + ty][y0 + tx] = tile[tx][ty];
}
