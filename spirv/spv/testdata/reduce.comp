// target-env: vulkan1.0
// Workgroup sum reduction: shared memory, barriers, loops and branches.
#version 450
layout(local_size_x = 64) in;

layout(std430, set = 0, binding = 0) readonly buffer Input { float data[]; } inp;
layout(std430, set = 0, binding = 1) writeonly buffer Output { float sums[]; } outp;

shared float partial[64];

void main() {
  uint lid = gl_LocalInvocationID.x;
  uint gid = gl_GlobalInvocationID.x;
  partial[lid] = gid < uint(inp.data.length()) ? inp.data[gid] : 0.0;
  barrier();
  for (uint stride = 32u; stride > 0u; stride >>= 1) {
    if (lid < stride) {
      partial[lid] += partial[lid + stride];
    }
    memoryBarrierShared();
    barrier();
  }
  if (lid == 0u) {
    outp.sums[gl_WorkGroupID.x] = partial[0];
  } else if (lid == 1u && gl_WorkGroupID.x == 0u) {
    outp.sums[gl_NumWorkGroups.x] = -1.0;
  }
}
