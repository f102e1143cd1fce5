#!/usr/bin/env bash
# Times `kiln test` against one process per test file on the same files:
# google/amber's compute tests and upstream's Vulkan integration tests
# (read in place from ../shared/conformance), and N generated one-kernel
# AmberScript files for the per-test overhead of a suite run.
#
#   bench/suite.sh [N (200)]    # VK_DRIVER_FILES picks the driver
. "$(dirname "$0")/common.sh"
n=${1:-200}
kiln=$tmp/kiln

files=()
for d in ../shared/conformance/amber ../shared/conformance/mlir-upstream/mlir/test/Integration/GPU/Vulkan; do
  [ -d "$d" ] || { echo "bench/suite.sh: $d is missing" >&2; exit 1; }
  while IFS= read -r f; do files+=("$f"); done < <(find "$d" -name '*.amber' -o -name '*.mlir' | sort)
done

now() { date +%s.%N; }
secs() { echo "$2 - $1" | bc; }

t0=$(now)
"$kiln" test -j2 "${files[@]}" | tail -1
t1=$(now)
for f in "${files[@]}"; do "$kiln" test -j1 "$f" >/dev/null || true; done
t2=$(now)
printf 'suite: %d files, kiln test -j2: %.2f s; one kiln test process per file, one at a time: %.2f s\n' \
  "${#files[@]}" "$(secs "$t0" "$t1")" "$(secs "$t1" "$t2")"

# Per-test overhead: N tests of one small kernel (the same shader, so that
# it is compiled once, with different data) run by one process,
# sequentially, against one of them alone.
mkdir -p "$tmp/gen"
for i in $(seq 1 "$n"); do
  cat >"$tmp/gen/t$i.amber" <<EOF
#!amber
SHADER compute inc GLSL
#version 450
layout(local_size_x = 4) in;
layout(set = 0, binding = 0) buffer B { int v[]; };
void main() { v[gl_GlobalInvocationID.x] += 1; }
END
BUFFER b DATA_TYPE int32 SIZE 4 FILL $i
PIPELINE compute p
  ATTACH inc
  BIND BUFFER b AS storage DESCRIPTOR_SET 0 BINDING 0
END
RUN p 1 1 1
EXPECT b IDX 0 EQ $((i + 1)) $((i + 1)) $((i + 1)) $((i + 1))
EOF
done
t0=$(now)
"$kiln" test -j1 "$tmp/gen/t1.amber" >/dev/null
t1=$(now)
"$kiln" test -j1 "$tmp/gen" | tail -1
t2=$(now)
"$kiln" test -j2 "$tmp/gen" >/dev/null
t3=$(now)
one=$(secs "$t0" "$t1") all=$(secs "$t1" "$t2")
printf 'generated: 1 test %.3f s; %d tests -j1 %.2f s, -j2 %.2f s: %.1f ms a test past the first (-j1)\n' \
  "$one" "$n" "$all" "$(secs "$t2" "$t3")" "$(echo "($all - $one) * 1000 / ($n - 1)" | bc -l)"
