#version 450
// The GLSL counterpart of kernels.MatMul (matmul.mlir): 16 x 16 threads,
// each computing 4 x 4 outputs of a 64 x 64 tile of C, rows ty + 16i and
// columns tx + 16j, k in 16-wide slices staged in shared memory.
layout(local_size_x = 16, local_size_y = 16) in;
layout(set = 0, binding = 0) readonly buffer A { float a[]; };
layout(set = 0, binding = 1) readonly buffer B { float b[]; };
layout(set = 0, binding = 2) writeonly buffer C { float c[]; };
layout(set = 0, binding = 3) readonly buffer M { uint m; };
layout(set = 0, binding = 4) readonly buffer N { uint n; };
layout(set = 0, binding = 5) readonly buffer K { uint k; };
shared float As[64][16];
shared float Bs[16][64];
void main() {
  uint tx = gl_LocalInvocationID.x, ty = gl_LocalInvocationID.y;
  uint brow = gl_WorkGroupID.y * 64u, bcol = gl_WorkGroupID.x * 64u;
  float acc[4][4];
  for (int i = 0; i < 4; i++) {
    for (int j = 0; j < 4; j++) {
      acc[i][j] = 0.0;
    }
  }
  for (uint k0 = 0u; k0 < k; k0 += 16u) {
    for (uint i = 0u; i < 4u; i++) {
      uint r = brow + ty + 16u * i, ac = k0 + tx;
      As[ty + 16u * i][tx] = (r < m && ac < k) ? a[r * k + ac] : 0.0;
      uint br = k0 + ty, bc = bcol + tx + 16u * i;
      Bs[ty][tx + 16u * i] = (br < k && bc < n) ? b[br * n + bc] : 0.0;
    }
    barrier();
    for (uint kk = 0u; kk < 16u; kk++) {
      float xv[4], yv[4];
      for (uint i = 0u; i < 4u; i++) {
        xv[i] = As[ty + 16u * i][kk];
        yv[i] = Bs[kk][tx + 16u * i];
      }
      for (int i = 0; i < 4; i++) {
        for (int j = 0; j < 4; j++) {
          acc[i][j] = fma(xv[i], yv[j], acc[i][j]);
        }
      }
    }
    barrier();
  }
  for (uint i = 0u; i < 4u; i++) {
    for (uint j = 0u; j < 4u; j++) {
      uint row = brow + ty + 16u * i, col = bcol + tx + 16u * j;
      if (row < m && col < n) {
        c[row * n + col] = acc[i][j];
      }
    }
  }
}
