#version 450
#extension GL_KHR_shader_subgroup_arithmetic : require
// gpu.all_reduce in GLSL: subgroupAdd, one partial per subgroup in shared
// memory, one barrier, and every invocation adds the partials, since
// all_reduce gives the total to all of them.
layout(local_size_x = 256) in;
layout(binding = 0) buffer In { float a[1024][256]; };
layout(binding = 1) buffer Sums { float sums[1024]; };
shared float partial[256];
void main() {
  uint r = gl_WorkGroupID.x, t = gl_LocalInvocationID.x;
  float s = subgroupAdd(a[r][t]);
  if (subgroupElect())
    partial[gl_SubgroupID] = s;
  barrier();
  float total = partial[0];
  for (uint i = 1; i < gl_NumSubgroups; i++)
    total += partial[i];
  if (t == 0)
    sums[r] = total;
}
