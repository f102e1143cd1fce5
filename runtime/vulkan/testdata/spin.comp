#version 450
// Spins until flag[0] is nonzero, which only the host writes (through the
// mapped buffer, after the dispatch timed out): the dispatch watchdog's test
// kernel. The atomic load is a side effect, so the loop cannot be dropped;
// lavapipe ends a loop after 65535 turns, so the test launches many
// invocations, which together take far longer than the timeout.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) coherent buffer F { uint flag[]; };

void main() {
	while (atomicAdd(flag[0], 0u) == 0u) {
	}
}
