#version 450
layout(local_size_x = 256) in;
layout(binding = 0) buffer A { float a[1048576]; };
layout(binding = 1) buffer B { float b[1048576]; };
layout(binding = 2) buffer C { float c[1048576]; };
void main() {
  uint i = gl_GlobalInvocationID.x;
  c[i] = a[i] + b[i];
}
