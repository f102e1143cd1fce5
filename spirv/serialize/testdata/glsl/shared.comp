#version 450
// Workgroup (shared) memory reduction with barriers.
layout(local_size_x = 128) in;
layout(set = 0, binding = 0) buffer In { float x[]; } inb;
layout(set = 0, binding = 1) buffer Out { float sums[]; } outb;
shared float tile[128];

void main() {
  uint l = gl_LocalInvocationID.x;
  tile[l] = inb.x[gl_GlobalInvocationID.x];
  barrier();
  for (uint s = 64u; s > 0u; s >>= 1) {
    if (l < s) tile[l] += tile[l + s];
    memoryBarrierShared();
    barrier();
  }
  if (l == 0u) outb.sums[gl_WorkGroupID.x] = tile[0];
}
