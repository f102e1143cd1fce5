#version 450
#extension GL_EXT_buffer_reference : require
// target-env: vulkan1.2
// Buffer references to two blocks that point at each other (forward
// pointers to a struct other than the one using them) and a list node
// pointing at its own type.
layout(local_size_x = 1) in;
layout(buffer_reference) buffer B;
layout(buffer_reference) buffer Node;
layout(buffer_reference, std430) buffer A { B b; int x; };
layout(buffer_reference, std430) buffer B { A a; int y; };
layout(buffer_reference, std430) buffer Node { Node next; int v; };
layout(set = 0, binding = 0) buffer Root { A head; Node list; int out_v; } r;

void main() {
  r.out_v = r.head.b.a.x + r.head.b.y + r.list.next.next.v;
  r.head.b.a.b.y = 5;
}
