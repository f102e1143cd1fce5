#version 450
// The GLSL twin of matmul_regs.mlir: 32 invocations a workgroup, each 4 rows
// (the workgroup's) by 4 columns strided by 32 of c, from the buffers.
layout(local_size_x = 32) in;
layout(binding = 0) buffer A { float a[256][256]; };
layout(binding = 1) buffer B { float b[256][256]; };
layout(binding = 2) buffer C { float c[256][256]; };
void main() {
  uint col0 = gl_WorkGroupID.x * 128u + gl_LocalInvocationID.x;
  uint row0 = gl_WorkGroupID.y * 4u;
  float acc[4][4];
  for (int i = 0; i < 4; i++) {
    for (int j = 0; j < 4; j++) {
      acc[i][j] = 0.0;
    }
  }
  for (uint k = 0u; k < 256u; k++) {
    float x[4], y[4];
    for (uint i = 0u; i < 4u; i++) {
      x[i] = a[row0 + i][k];
      y[i] = b[k][col0 + i * 32u];
    }
    for (int i = 0; i < 4; i++) {
      for (int j = 0; j < 4; j++) {
        acc[i][j] = fma(x[i], y[j], acc[i][j]);
      }
    }
  }
  for (uint i = 0u; i < 4u; i++) {
    for (uint j = 0u; j < 4u; j++) {
      c[row0 + i][col0 + j * 32u] = acc[i][j];
    }
  }
}
