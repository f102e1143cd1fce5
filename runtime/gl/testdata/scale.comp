#version 450
// x *= s: the scalar comes in a uniform block, as Kiln's GL lowering passes
// scalar kernel arguments; the workgroup size is specialization constant 0.
layout(local_size_x_id = 0) in;
layout(std430, binding = 0) buffer X { int x[]; };
layout(std140, binding = 1) uniform S { int s; };
void main() {
	x[gl_GlobalInvocationID.x] *= s;
}
