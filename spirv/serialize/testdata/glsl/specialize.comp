#version 450
// Workgroup size from specialization constants (gl_WorkGroupSize is a spec
// constant composite decorated BuiltIn WorkgroupSize), spec constants in
// arithmetic (OpSpecConstantOp). All unsigned: glslang converts a spec
// constant between int and uint with an OpSpecConstantOp IAdd of mixed
// signedness, which the dialect's same-type ops reject, as MLIR's do.
layout(local_size_x_id = 0, local_size_y = 1) in;
layout(constant_id = 1) const uint SCALE = 3u;
layout(constant_id = 2) const bool FLAG = true;
layout(set = 0, binding = 0) buffer Data { uint v[]; } d;

void main() {
  uint i = gl_GlobalInvocationID.x;
  uint s = SCALE * 2u + 1u;
  if (FLAG) d.v[i] = d.v[i] * s + gl_WorkGroupSize.x;
}
