// target-env: vulkan1.2
// Structs, arrays, matrices, push and specialization constants, a switch,
// function calls, 64-bit and 16-bit types, GLSL.std.450 functions.
#version 450
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : enable
#extension GL_EXT_shader_explicit_arithmetic_types_float16 : enable
layout(local_size_x_id = 0, local_size_y = 2) in;

layout(constant_id = 1) const int SCALE = 3;
layout(constant_id = 2) const bool FAST = false;
const int SCALE2 = SCALE * 2 + 1;

struct Particle {
  vec3 position;
  float mass;
  mat2 frame;
  int tags[4];
};

struct Cell {
  Particle particles[2];
  uint64_t id;
  double weight;
};

layout(push_constant) uniform Params { float dt; int mode; } params;
layout(std430, set = 0, binding = 0) buffer Cells { Cell cells[]; };
layout(std140, set = 0, binding = 1) uniform Table { vec4 coeffs[4]; mat4 transform; } table;

float kinetic(Particle p, vec3 v) {
  return 0.5 * p.mass * dot(v, v);
}

void main() {
  uint i = gl_GlobalInvocationID.x;
  Cell c = cells[i];
  float e = 0.0;
  int k = 0;
  do {
    Particle p = c.particles[k];
    vec3 v = (table.transform * vec4(p.position, 1.0)).xyz;
    switch (params.mode) {
    case 0:
      e += kinetic(p, v);
      break;
    case 1:
    case 2:
      e += length(v) * table.coeffs[params.mode].x;
      break;
    case -1:
      continue;
    default:
      e = max(e, inversesqrt(abs(p.mass) + 1e-6));
    }
    p.frame = p.frame * mat2(cos(e), -sin(e), sin(e), cos(e));
    p.tags[k * 2] = SCALE2 + findMSB(p.tags[3]);
    c.particles[k] = p;
  } while (++k < 2);
  float16_t h = float16_t(e) * float16_t(0.25);
  c.id = c.id * 6364136223846793005ul + 1442695040888963407ul;
  c.weight = FAST ? c.weight : fma(c.weight, double(params.dt), double(h));
  c.particles[0].mass = clamp(e, 0.0, 1.0e30) * float(SCALE);
  cells[i] = c;
}
