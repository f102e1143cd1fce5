#version 450
layout(local_size_x = 256) in;
layout(binding = 0) buffer Data { int data[1048576]; };
layout(binding = 1) buffer Hist { int hist[256]; };
void main() {
  uint i = gl_GlobalInvocationID.x;
  atomicAdd(hist[data[i] & 255], 1);
}
