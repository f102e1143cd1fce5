#version 450
// A default that falls through into a case, a case falling into the
// default, and (after spirv-opt, which turns x into SSA values) OpPhi in
// cases that other cases fall into.
layout(local_size_x = 16) in;
layout(set = 0, binding = 0) buffer Data { int v[]; } d;

void main() {
  uint i = gl_GlobalInvocationID.x;
  int x = d.v[i];
  switch (x & 7) {
  case 1: d.v[i] = 7; break;
  default:
    d.v[i] = 100;
    if (x > 40) { d.v[i] += x; }
  case 2: d.v[i] += 3;
  case 3: d.v[i] *= 2; break;
  case 4: d.v[i] = 9;
  }
  switch (x & 3) {
  case 1: x = x * 5;
  case 2: x += 1; break;
  case 3: x -= 4;
  default: x ^= 6;
  }
  d.v[i + 64u] = x;
}
