#version 450
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_KHR_shader_subgroup_ballot : require
#extension GL_KHR_shader_subgroup_shuffle : require
#extension GL_KHR_shader_subgroup_vote : require
// Subgroup operations.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) buffer Data { float x[]; } d;

void main() {
  uint i = 2u * gl_GlobalInvocationID.x; // each invocation has 2 words
  float v = d.x[i];
  float s = subgroupAdd(v);
  float m = subgroupInclusiveMax(v);
  float first = subgroupBroadcastFirst(v);
  float sh = subgroupShuffle(v, gl_SubgroupInvocationID ^ 1u);
  uvec4 b = subgroupBallot(v > 0.0);
  if (subgroupElect()) {
    d.x[i] = s + m + first + sh;
  }
  d.x[i + 1u] = float(subgroupBallotFindLSB(b)) + (subgroupAll(v > 1.0) ? 1.0 : 0.0);
}
