#version 450
// Atomics on buffer and shared memory.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) buffer Counters { uint count; int maxv; uint bits; uint swapped; uint olds; } c;
layout(set = 0, binding = 1) buffer Vals { int v[]; } vals;
shared uint local_count;

void main() {
  if (gl_LocalInvocationIndex == 0u) local_count = 0u;
  barrier();
  int x = vals.v[gl_GlobalInvocationID.x];
  atomicAdd(local_count, 1u);
  atomicMax(c.maxv, x);
  atomicOr(c.bits, 1u << (gl_LocalInvocationIndex & 31u));
  // One invocation at most sees what it swaps, so the sum is the same in
  // any order.
  uint old = atomicCompSwap(c.swapped, 0u, 1u);
  atomicAdd(c.olds, old);
  barrier();
  if (gl_LocalInvocationIndex == 0u) atomicAdd(c.count, local_count);
}
