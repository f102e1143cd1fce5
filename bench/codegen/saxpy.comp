#version 450
layout(local_size_x = 256) in;
layout(binding = 0) buffer X { float x[1048576]; };
layout(binding = 1) buffer Y { float y[1048576]; };
void main() {
  uint i = gl_GlobalInvocationID.x;
  y[i] = 2.5 * x[i] + y[i];
}
