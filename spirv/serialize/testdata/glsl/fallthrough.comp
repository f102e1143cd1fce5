#version 450
// A switch case falling through into the next: a known gap.
layout(local_size_x = 16) in;
layout(set = 0, binding = 0) buffer Data { int v[]; } d;

void main() {
  uint i = gl_GlobalInvocationID.x;
  switch (d.v[i] & 3) {
  case 1: d.v[i] = 20;
  case 2: d.v[i] += 1; break;
  default: d.v[i] = -1;
  }
}
