// target-env: vulkan1.1
// Subgroup operations: elect, ballot, broadcast, shuffles, arithmetic.
#version 450
#extension GL_KHR_shader_subgroup_basic : enable
#extension GL_KHR_shader_subgroup_ballot : enable
#extension GL_KHR_shader_subgroup_shuffle : enable
#extension GL_KHR_shader_subgroup_shuffle_relative : enable
#extension GL_KHR_shader_subgroup_arithmetic : enable
#extension GL_KHR_shader_subgroup_clustered : enable
#extension GL_KHR_shader_subgroup_vote : enable
layout(local_size_x = 64) in;

layout(std430, set = 0, binding = 0) readonly buffer Data { float x[]; } d;
layout(std430, set = 0, binding = 2) writeonly buffer Ballots { uvec4 ballots[]; };
layout(std430, set = 0, binding = 1) buffer Results { float r[8]; uint counts[]; } res;

void main() {
  uint i = gl_GlobalInvocationID.x;
  float v = d.x[i];
  uvec4 b = subgroupBallot(v > 0.0);
  float first = subgroupBroadcastFirst(v);
  float lane3 = subgroupBroadcast(v, 3u);
  float shuffled = subgroupShuffle(v, gl_SubgroupInvocationID ^ 1u);
  float down = subgroupShuffleDown(v, 1u);
  float sum = subgroupAdd(v);
  float prefix = subgroupInclusiveAdd(v);
  float product = subgroupExclusiveMul(v);
  float cluster = subgroupClusteredMax(v, 4u);
  if (subgroupElect()) {
    res.counts[gl_SubgroupID] = subgroupBallotBitCount(b);
    ballots[gl_SubgroupID] = b;
  }
  if (subgroupAll(v >= 0.0) || subgroupAny(v < -1.0)) {
    res.r[i % 8u] = first + lane3 + shuffled + down + sum + prefix + product + cluster;
  }
}
