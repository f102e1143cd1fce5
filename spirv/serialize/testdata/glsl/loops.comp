#version 450
// Nested loops with break and continue, a while and a do-while.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) buffer Data { float v[]; } data;
layout(push_constant) uniform Params { int n; } params;

void main() {
  uint i = gl_GlobalInvocationID.x;
  float acc = 0.0;
  for (int j = 0; j < params.n; ++j) {
    if (j == 7) continue;
    for (int k = 0; k < 4; k++) {
      acc += float(j * k);
      if (acc > 1000.0) break;
    }
  }
  int w = 0;
  while (w < 10) { w += 3; }
  do { acc -= 1.0; } while (acc > 500.0);
  data.v[i] = acc + float(w);
}
