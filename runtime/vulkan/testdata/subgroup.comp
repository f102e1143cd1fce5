#version 450
// glslang: --target-env vulkan1.1
// Per-workgroup sums through subgroupAdd, then one atomicAdd per subgroup into
// shared memory. info[0] receives gl_SubgroupSize.
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_arithmetic : require
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint src[]; };
layout(set = 0, binding = 1) writeonly buffer Out { uint sums[]; };
layout(set = 0, binding = 2) writeonly buffer Info { uint info[]; };
shared uint total;

void main() {
	if (gl_LocalInvocationIndex == 0u) {
		total = 0u;
	}
	barrier();
	uint i = gl_GlobalInvocationID.x;
	uint s = subgroupAdd(i < src.length() ? src[i] : 0u);
	if (subgroupElect()) {
		atomicAdd(total, s);
	}
	barrier();
	if (gl_LocalInvocationIndex == 0u) {
		sums[gl_WorkGroupID.x] = total;
		if (gl_WorkGroupID.x == 0u) {
			info[0] = gl_SubgroupSize;
		}
	}
}
