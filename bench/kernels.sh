#!/usr/bin/env bash
# Benchmarks the kernels/ library on each CPU Vulkan driver (lavapipe,
# SwiftShader) and prints one table: each kernel's rate beside the same
# algorithm in GLSL (compiled by glslangValidator), as a plain Go loop, and
# the driver's measured peak (a copy kernel for bandwidth, FMA chains for
# FLOP/s); MatMulTiled is MatMul's GPU kernel (workgroup-memory tiles),
# which a CPU driver does not get, for comparison. BENCHTIME (default 3x) is passed to
# -benchtime. The last results are in kernels/README.md.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/usr/local/go/bin:$PATH"
benchtime=${BENCHTIME:-3x}
drivers=(
  "lavapipe=/usr/share/vulkan/icd.d/lvp_icd.x86_64.json"
  "swiftshader=${KILN_SWIFTSHADER_DIR:-/opt/kiln/swiftshader}/vk_swiftshader_icd.json"
)
go test -run '^$' -bench '^BenchmarkGo' -benchtime "$benchtime" ./kernels/ >/tmp/kiln-bench-go.txt
printf '| driver | kernel | Kiln | GLSL | Kiln / GLSL | Go loop | peak | Kiln / peak |\n|---|---|---|---|---|---|---|---|\n'
for entry in "${drivers[@]}"; do
  name=${entry%%=*} icd=${entry#*=}
  [ -f "$icd" ] || { echo "kernels.sh: $name: $icd is missing; skipping it" >&2; continue; }
  VK_DRIVER_FILES="$icd" VK_ICD_FILENAMES="$icd" \
    go test -run '^$' -bench '^Benchmark(GLSL)?(Map|Sum|MatMul|MatMulTiled|Peak)$' -benchtime "$benchtime" ./kernels/ >/tmp/kiln-bench-$name.txt
  # rate FILE NAME: the metric (GB/s or GFLOP/s) of benchmark NAME.
  rate() { awk -v n="$2" '$1 ~ "^"n"(-[0-9]+)?$" { print $(NF-1), $NF }' "$1"; }
  copy=$(rate /tmp/kiln-bench-$name.txt BenchmarkPeak/copy)
  fma=$(rate /tmp/kiln-bench-$name.txt BenchmarkPeak/fma)
  for k in Map Sum MatMul MatMulTiled; do
    kiln=$(rate /tmp/kiln-bench-$name.txt Benchmark$k)
    glsl=$(rate /tmp/kiln-bench-$name.txt BenchmarkGLSL$k)
    goloop=$(rate /tmp/kiln-bench-go.txt BenchmarkGo${k%Tiled})
    peak=$copy
    [ "${k#MatMul}" != "$k" ] && peak=$fma
    pct() { awk -v a="${1%% *}" -v b="${2%% *}" 'BEGIN { if (b > 0) printf "%.0f%%", 100 * a / b; else printf "-" }'; }
    printf '| %s | %s | %s | %s | %s | %s | %s | %s |\n' "$name" "$k" "$kiln" "$glsl" "$(pct "$kiln" "$glsl")" \
      "$goloop" "$peak" "$(pct "$kiln" "$peak")"
  done
done
