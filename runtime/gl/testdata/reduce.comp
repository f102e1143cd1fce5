#version 450
// Sums each workgroup's 256 integers into one partial sum, through shared
// memory.
layout(local_size_x = 256) in;
layout(std430, binding = 0) readonly buffer X { int x[]; };
layout(std430, binding = 1) writeonly buffer S { int s[]; };
shared int part[256];
void main() {
	uint t = gl_LocalInvocationID.x;
	part[t] = x[gl_GlobalInvocationID.x];
	barrier();
	for (uint w = 128; w > 0; w >>= 1) {
		if (t < w) {
			part[t] += part[t + w];
		}
		barrier();
	}
	if (t == 0) {
		s[gl_WorkGroupID.x] = part[0];
	}
}
