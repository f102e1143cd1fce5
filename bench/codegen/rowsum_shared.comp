#version 450
layout(local_size_x = 256) in;
layout(binding = 0) buffer In { float a[1024][256]; };
layout(binding = 1) buffer Sums { float sums[1024]; };
shared float buf[256];
void main() {
  uint r = gl_WorkGroupID.x, t = gl_LocalInvocationID.x;
  buf[t] = a[r][t];
  barrier();
  for (uint k = 0; k < 8; k++) {
    uint s = 128u >> k;
    if (t < s)
      buf[t] = buf[t] + buf[t + s];
    barrier();
  }
  if (t == 0)
    sums[r] = buf[0];
}
