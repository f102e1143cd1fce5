#version 450
// Per-workgroup sums by a tree reduction in shared memory with barriers.
layout(local_size_x = 128) in;
layout(set = 0, binding = 0) readonly buffer In { uint src[]; };
layout(set = 0, binding = 1) writeonly buffer Out { uint sums[]; };
shared uint partial[128];

void main() {
	uint l = gl_LocalInvocationID.x, i = gl_GlobalInvocationID.x;
	partial[l] = i < src.length() ? src[i] : 0u;
	barrier();
	for (uint stride = 64u; stride > 0u; stride >>= 1) {
		if (l < stride) {
			partial[l] += partial[l + stride];
		}
		barrier();
	}
	if (l == 0u) {
		sums[gl_WorkGroupID.x] = partial[0];
	}
}
