#version 450
// target-env: vulkan1.3
// reference-env: vulkan1.2
// LocalSizeId with a spec constant (local_size_y_id), which the deserializer
// turns into a WorkgroupSize spec constant composite and LocalSize.
layout(local_size_x = 8, local_size_y_id = 3) in;
layout(constant_id = 3) const uint SY = 2u;
layout(set = 0, binding = 0) buffer Data { uint v[]; } d;

void main() {
  uint i = gl_GlobalInvocationID.x + 32u * gl_GlobalInvocationID.y;
  d.v[i] += gl_WorkGroupSize.x * 100u + gl_WorkGroupSize.y * 10u + gl_LocalInvocationID.y;
}
