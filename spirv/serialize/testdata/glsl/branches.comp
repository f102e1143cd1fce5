#version 450
// if/else chains, short-circuit conditions (OpPhi), ternaries, early return.
layout(local_size_x = 32) in;
layout(set = 0, binding = 0) buffer In { int a[]; } inb;
layout(set = 0, binding = 1) buffer Out { int b[]; } outb;

int classify(int x) {
  if (x < 0) return -1;
  else if (x == 0) return 0;
  return 1;
}

void main() {
  uint i = gl_GlobalInvocationID.x;
  int x = inb.a[i];
  if (i >= 1000u) return;
  int r = 0;
  if (x > 3 && x < 10 || x == 42) {
    r = x * 2;
  } else {
    r = classify(x) + (x > 100 ? 5 : 7);
  }
  outb.b[i] = r;
}
