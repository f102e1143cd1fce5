#version 450
// Structs, arrays of structs, vectors, matrices, constant arrays and GLSL.std.450 calls.
layout(local_size_x = 8, local_size_y = 8) in;
struct Particle { vec4 pos; vec4 vel; float mass; int id; };
layout(set = 0, binding = 0) buffer Particles { Particle p[]; } ps;
layout(set = 0, binding = 1) uniform Params { mat4 m; vec4 g; float dt; } params;
const float weights[4] = float[4](0.1, 0.2, 0.3, 0.4);

void main() {
  uint i = gl_GlobalInvocationID.x + gl_GlobalInvocationID.y * 32u; // 4 x 1 workgroups
  Particle q = ps.p[i];
  q.vel += params.g * params.dt * weights[i & 3u];
  q.pos = params.m * (q.pos + q.vel * params.dt);
  q.mass = sqrt(abs(q.mass)) + exp(-q.mass) + clamp(q.mass, 0.0, 1.0);
  vec3 n = normalize(q.pos.xyz);
  q.pos.xyz = mix(q.pos.xyz, n, 0.5);
  q.id = max(q.id, int(floor(q.mass)));
  ps.p[i] = q;
}
