#version 450
// Switch cases falling through into the next case, a chain of them, and
// one into the default.
layout(local_size_x = 16) in;
layout(set = 0, binding = 0) buffer Data { int v[]; } d;

void main() {
  uint i = gl_GlobalInvocationID.x;
  switch (d.v[i] & 3) {
  case 1: d.v[i] = 20;
  case 2: d.v[i] += 1; break;
  default: d.v[i] = -1;
  }
  switch (d.v[i] & 7) {
  case 0: d.v[i] *= 3;
  case 5:
  case 6: d.v[i] += 2;
  case 7: d.v[i] -= 1; break;
  case 3: d.v[i] ^= 5;
  default: d.v[i] <<= 1;
  }
}
