#version 450
// C = A * B for n x n floats, one invocation per element of C.
layout(local_size_x = 16, local_size_y = 16) in;
layout(std430, binding = 0) readonly buffer A { float a[]; };
layout(std430, binding = 1) readonly buffer B { float b[]; };
layout(std430, binding = 2) writeonly buffer C { float c[]; };
layout(constant_id = 0) const uint n = 256;
void main() {
	uint i = gl_GlobalInvocationID.y, j = gl_GlobalInvocationID.x;
	float s = 0.0;
	for (uint k = 0; k < n; k++) {
		s += a[i * n + k] * b[k * n + j];
	}
	c[i * n + j] = s;
}
