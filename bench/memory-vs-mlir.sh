#!/usr/bin/env bash
# Peak resident memory of `kiln opt` against `mlir-opt-16` on the same
# generated inputs (../shared/bench/gen_bench.py many N): parse, verify and
# print, or run the passes of $PASSES first (e.g.
# PASSES=--convert-gpu-to-spirv). Prints each tool's peak RSS, wall time
# and the ratios kiln/mlir-opt-16; issue #16 asks for a memory ratio of at
# most 1 at 1,000, 20,000 and 80,000 kernels.
#
#   bench/memory-vs-mlir.sh [kernels...]   (default 1000 20000 80000)
. "$(dirname "$0")/common.sh"
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(1000 20000 80000)
need_gen
need mlir-opt-16=mlir-16-tools /usr/bin/time=time

echo "load: $(uptime | sed 's/.*load average: //')  passes: ${PASSES:-none}"
printf '%-10s %9s %10s %10s %10s %8s %8s\n' kernels input_MB kiln_MiB mlir_MiB mem_x kiln_s mlir_s
for n in "${sizes[@]}"; do
  python3 "$gen" many "$n" > "$tmp/in.mlir"
  mb=$(awk -v b="$(stat -c %s "$tmp/in.mlir")" 'BEGIN { printf "%.1f", b / 1e6 }')
  # shellcheck disable=SC2086 # PASSES is a list of flags
  read -r ks _ km < <(measure "$tmp/kiln" opt ${PASSES:-} "$tmp/in.mlir")
  # shellcheck disable=SC2086
  read -r ms _ mm < <(measure mlir-opt-16 ${PASSES:-} "$tmp/in.mlir")
  awk -v n="$n" -v mb="$mb" -v ks="$ks" -v ms="$ms" -v km="$km" -v mm="$mm" 'BEGIN {
    printf "%-10s %9s %10.1f %10.1f %10.2f %8.3f %8.3f\n", n, mb, km/1024, mm/1024, km/mm, ks, ms }'
done
echo "mem_x is kiln/mlir-opt-16 peak RSS: at most 1 means Kiln needs no more memory."
