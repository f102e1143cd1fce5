#version 450
// A workgroup size and a factor set by specialization constants:
// out[i] = in[i] * factor + invocations per workgroup.
layout(local_size_x_id = 0, local_size_y_id = 1) in;
layout(constant_id = 2) const int factor = 1;
layout(set = 0, binding = 0) readonly buffer In { int src[]; };
layout(set = 0, binding = 1) writeonly buffer Out { int dst[]; };

void main() {
	uint i = gl_GlobalInvocationID.x + gl_GlobalInvocationID.y * gl_NumWorkGroups.x * gl_WorkGroupSize.x;
	if (i < dst.length()) {
		dst[i] = src[i] * factor + int(gl_WorkGroupSize.x * gl_WorkGroupSize.y);
	}
}
