#version 450
#extension GL_KHR_shader_subgroup_shuffle : require
// The GLSL counterpart of kernels.MatMul on CPU drivers for n a multiple of
// 4 (matmul_vec.mlir): 32 threads a workgroup, each computing ROWS rows
// (the workgroup's; 16 unless glslangValidator is given -DROWS=N) by 4
// side-by-side columns of C, B read as vec4; each lane
// loads one of gl_SubgroupSize consecutive elements of each row of A and
// subgroupShuffle hands them to the others; past the last multiple of the
// subgroup size each thread loads them itself. Rows and columns past the
// edges are clamped for loading and not stored.
#ifndef ROWS
#define ROWS 16
#endif
layout(local_size_x = 32) in;
layout(set = 0, binding = 0) readonly buffer A { float a[]; };
layout(set = 0, binding = 1) readonly buffer B { vec4 b[]; };
layout(set = 0, binding = 2) writeonly buffer C { float c[]; };
layout(set = 0, binding = 3) readonly buffer M { uint m; };
layout(set = 0, binding = 4) readonly buffer N { uint n; };
layout(set = 0, binding = 5) readonly buffer K { uint k; };
void main() {
  uint col0 = gl_WorkGroupID.x * 128u + gl_LocalInvocationID.x * 4u;
  uint row0 = gl_WorkGroupID.y * ROWS;
  uint n4 = n / 4u, cb = min(col0 / 4u, n4 - 1u);
  uint ak[ROWS];
  vec4 acc[ROWS];
  for (uint i = 0u; i < ROWS; i++) {
    ak[i] = min(row0 + i, m - 1u) * k;
    acc[i] = vec4(0.0);
  }
  uint s = gl_SubgroupSize, kfull = k - k % s;
  for (uint kk0 = 0u; kk0 < kfull; kk0 += s) {
    float av[ROWS];
    for (uint i = 0u; i < ROWS; i++) {
      av[i] = a[ak[i] + kk0 + gl_SubgroupInvocationID];
    }
    for (uint u = 0u; u < s; u++) {
      vec4 y = b[(kk0 + u) * n4 + cb];
      for (uint i = 0u; i < ROWS; i++) {
        acc[i] = fma(vec4(subgroupShuffle(av[i], u)), y, acc[i]);
      }
    }
  }
  for (uint kk = kfull; kk < k; kk++) {
    vec4 y = b[kk * n4 + cb];
    for (uint i = 0u; i < ROWS; i++) {
      acc[i] = fma(vec4(a[ak[i] + kk]), y, acc[i]);
    }
  }
  for (uint i = 0u; i < ROWS; i++) {
    for (uint j = 0u; j < 4u; j++) {
      uint col = col0 + j;
      if (row0 + i < m && col < n) {
        c[(row0 + i) * n + col] = acc[i][j];
      }
    }
  }
}
