#version 450
// A histogram with atomicAdd on a storage buffer: bins[v % bins.length()]++.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer In { uint values[]; };
layout(set = 0, binding = 1) buffer Bins { uint bins[]; };

void main() {
	uint i = gl_GlobalInvocationID.x;
	if (i < values.length()) {
		atomicAdd(bins[values[i] % uint(bins.length())], 1u);
	}
}
