#version 450
// Each invocation gets the largest value of its subgroup
// (GL_KHR_shader_subgroup: SPIR-V 1.3 GroupNonUniformArithmetic).
#extension GL_KHR_shader_subgroup_arithmetic : require
layout(local_size_x = 64) in;
layout(std430, binding = 0) buffer Data { float data[]; };
void main() {
	uint i = gl_GlobalInvocationID.x;
	data[i] = subgroupMax(data[i]);
}
