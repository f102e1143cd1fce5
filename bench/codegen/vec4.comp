#version 450
layout(local_size_x = 256) in;
layout(binding = 0) buffer A { vec4 a[262144]; };
layout(binding = 1) buffer B { vec4 b[262144]; };
layout(binding = 2) buffer C { vec4 c[262144]; };
void main() {
  uint g = gl_GlobalInvocationID.x;
  vec4 x = a[g], y = b[g];
  c[g] = x * y + x;
}
