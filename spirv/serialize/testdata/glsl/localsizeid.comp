#version 450
// target-env: vulkan1.3
// reference-env: vulkan1.2
// glslang writes OpExecutionModeId LocalSizeId for SPIR-V 1.6: with
// constants here, and with a spec constant in localsizeid_spec.comp.
layout(local_size_x = 8, local_size_y = 2) in;
layout(set = 0, binding = 0) buffer Data { uint v[]; } d;

void main() {
  uint i = gl_GlobalInvocationID.x + 32u * gl_GlobalInvocationID.y;
  d.v[i] += gl_WorkGroupSize.x * 100u + gl_WorkGroupSize.y;
}
