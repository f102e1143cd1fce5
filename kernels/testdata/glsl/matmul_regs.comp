#version 450
#extension GL_KHR_shader_subgroup_shuffle : require
// The GLSL counterpart of kernels.MatMul on CPU drivers (matmul_regs.mlir):
// 32 threads a workgroup, each computing 16 rows (the workgroup's) by 4
// columns (t, t + 32, ...) of C straight from the buffers; each lane loads
// one of gl_SubgroupSize consecutive elements of each row of A and
// subgroupShuffle hands them to the others; past the last multiple of the
// subgroup size each thread loads them itself. Rows and columns past the
// edges are clamped for loading and not stored.
layout(local_size_x = 32) in;
layout(set = 0, binding = 0) readonly buffer A { float a[]; };
layout(set = 0, binding = 1) readonly buffer B { float b[]; };
layout(set = 0, binding = 2) writeonly buffer C { float c[]; };
layout(set = 0, binding = 3) readonly buffer M { uint m; };
layout(set = 0, binding = 4) readonly buffer N { uint n; };
layout(set = 0, binding = 5) readonly buffer K { uint k; };
void main() {
  uint col0 = gl_WorkGroupID.x * 128u + gl_LocalInvocationID.x;
  uint row0 = gl_WorkGroupID.y * 16u;
  uint ak[16], cc[4];
  for (uint i = 0u; i < 16u; i++) {
    ak[i] = min(row0 + i, m - 1u) * k;
  }
  for (uint j = 0u; j < 4u; j++) {
    cc[j] = min(col0 + j * 32u, n - 1u);
  }
  float acc[16][4];
  for (int i = 0; i < 16; i++) {
    for (int j = 0; j < 4; j++) {
      acc[i][j] = 0.0;
    }
  }
  uint s = gl_SubgroupSize, kfull = k - k % s;
  for (uint kk0 = 0u; kk0 < kfull; kk0 += s) {
    float av[16];
    for (uint i = 0u; i < 16u; i++) {
      av[i] = a[ak[i] + kk0 + gl_SubgroupInvocationID];
    }
    for (uint u = 0u; u < s; u++) {
      float yv[4];
      for (uint j = 0u; j < 4u; j++) {
        yv[j] = b[(kk0 + u) * n + cc[j]];
      }
      for (uint i = 0u; i < 16u; i++) {
        float x = subgroupShuffle(av[i], u);
        for (uint j = 0u; j < 4u; j++) {
          acc[i][j] = fma(x, yv[j], acc[i][j]);
        }
      }
    }
  }
  for (uint kk = kfull; kk < k; kk++) {
    for (uint i = 0u; i < 16u; i++) {
      float x = a[ak[i] + kk];
      for (uint j = 0u; j < 4u; j++) {
        acc[i][j] = fma(x, b[kk * n + cc[j]], acc[i][j]);
      }
    }
  }
  for (uint i = 0u; i < 16u; i++) {
    for (uint j = 0u; j < 4u; j++) {
      uint col = col0 + j * 32u;
      if (row0 + i < m && col < n) {
        c[(row0 + i) * n + col] = acc[i][j];
      }
    }
  }
}
