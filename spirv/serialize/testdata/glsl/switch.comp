#version 450
// A switch statement with cases, shared targets and a default; read as a
// loop that runs once around a chain of selections.
layout(local_size_x = 16) in;
layout(set = 0, binding = 0) buffer Data { int v[]; } d;

int classify(int x) {
  switch (x) {
  case 3: return 30;
  case 4: x += 2; break;
  }
  return x;
}

void main() {
  uint i = 4u * gl_GlobalInvocationID.x; // each invocation has 4 words
  d.v[i + 1u] = classify(d.v[i + 2u]);
  switch (d.v[i] & 7) {
  case 0: d.v[i] = 10; break;
  case 1:
  case 5: d.v[i] = 20; break;
  case 2:
    if (i > 4u) { d.v[i] += 1; break; }
    d.v[i] -= 1;
    break;
  default: d.v[i] = -1;
  }
}
