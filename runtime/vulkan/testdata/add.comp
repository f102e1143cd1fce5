#version 450
// c = a + b over float arrays; the simplest kernel, compiled to SPIR-V 1.0
// where storage buffers are Uniform blocks decorated BufferBlock. Rows of
// workgroups along y continue the x range, for arrays longer than 65535
// workgroups.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) readonly buffer A { float a[]; };
layout(set = 0, binding = 1) readonly buffer B { float b[]; };
layout(set = 0, binding = 2) writeonly buffer C { float c[]; };

void main() {
	uint i = gl_GlobalInvocationID.x + gl_GlobalInvocationID.y * gl_NumWorkGroups.x * gl_WorkGroupSize.x;
	if (i < c.length()) {
		c[i] = a[i] + b[i];
	}
}
