#version 450
// Harder control flow: break and continue under nested ifs, while(true)
// with break, early return inside a loop, calls with out parameters.
layout(local_size_x = 16) in;
layout(set = 0, binding = 0) buffer Data { int v[]; } d;

void minmax(int a, int b, out int lo, out int hi) {
  if (a < b) { lo = a; hi = b; } else { lo = b; hi = a; }
}

int search(int key) {
  for (int i = 0; i < 64; i++) {
    if (d.v[i] == key) {
      if (i > 3) return i;
      continue;
    }
    if (d.v[i] > 1000) {
      if (key < 0) break;
      return -i;
    }
  }
  return -1;
}

void main() {
  uint gid = gl_GlobalInvocationID.x;
  int acc = 0;
  int j = 0;
  while (true) {
    j++;
    if (j > 20) break;
    for (int k = 0; k < j; k++) {
      if ((k & 1) == 0) continue;
      if (k > 7) {
        if (acc > 100) break;
        acc += 3;
      }
      acc += k;
    }
  }
  int lo, hi;
  minmax(acc, search(int(gid)), lo, hi);
  d.v[gid + 64u] = lo * 2 + hi; // search reads d.v[0..63]
}
