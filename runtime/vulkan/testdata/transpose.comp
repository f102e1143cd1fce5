#version 450
// out = alpha * transpose(in): a 2-D kernel with its shape in push constants
// and its scale in a uniform buffer in another descriptor set.
layout(local_size_x = 8, local_size_y = 8) in;
layout(push_constant) uniform Shape { uint rows; uint cols; } shape;
layout(set = 0, binding = 0) readonly buffer In { float src[]; };
layout(set = 0, binding = 1) writeonly buffer Out { float dst[]; };
layout(set = 1, binding = 0) uniform Params { float alpha; } params;

void main() {
	uint r = gl_GlobalInvocationID.y, c = gl_GlobalInvocationID.x;
	if (r < shape.rows && c < shape.cols) {
		dst[c * shape.rows + r] = params.alpha * src[r * shape.cols + c];
	}
}
