// target-env: vulkan1.0
// Atomics on a storage buffer and on workgroup memory, and a histogram.
#version 450
layout(local_size_x = 32) in;

layout(std430, set = 0, binding = 0) buffer Counters {
  uint total;
  int minimum;
  int maximum;
  uint bits;
  uint swapped;
  uint histogram[16];
} c;
layout(std430, set = 0, binding = 1) readonly buffer Values { int values[]; };

shared uint localCount;

void main() {
  uint i = gl_GlobalInvocationID.x;
  if (gl_LocalInvocationIndex == 0u) {
    localCount = 0u;
  }
  barrier();
  int v = values[i];
  atomicAdd(localCount, 1u);
  atomicMin(c.minimum, v);
  atomicMax(c.maximum, v);
  atomicOr(c.bits, 1u << (uint(v) & 31u));
  atomicAnd(c.bits, ~(1u << 31));
  atomicXor(c.bits, uint(v));
  uint old = atomicCompSwap(c.swapped, 0u, i);
  atomicExchange(c.histogram[uint(abs(v)) % 16u], old);
  barrier();
  if (gl_LocalInvocationIndex == 0u) {
    atomicAdd(c.total, localCount);
  }
}
