#!/usr/bin/env bash
# Benchmarks the kernels/ library on each Vulkan driver (by default the CPU
# drivers lavapipe and SwiftShader) and prints one table: each kernel's
# rate beside the same algorithm in GLSL (compiled by glslangValidator), as
# a plain Go loop, and the driver's measured peak (a copy kernel for
# bandwidth, FMA chains for FLOP/s); MatMulTiled is MatMul's GPU kernel
# (workgroup-memory tiles), which a CPU driver does not get, for
# comparison, and MatMulTiled8 (on a GPU only) that kernel with 8 x 8
# outputs a thread rather than 4 x 4. The "by CPU time" columns are the
# same ratios of rates per second of the process's CPU time rather than of
# wall-clock time: on a CPU driver, whose workers are the process's
# threads, that is the work the driver did, which the machine's load
# changes far less (on a GPU it is only the host's share, meaningless).
# The last results are in kernels/README.md.
#
# Settings (environment):
#   BENCHTIME          passed to -benchtime (default 3x).
#   KILN_BENCH_DRIVERS the drivers, "name=ICD-json" separated by spaces
#                      (default: lavapipe's and SwiftShader's).
#   KILN_BENCH_SCALE   s from 1 to 32 (default 1) sizes the device
#                      benchmarks up for a GPU: 2^24*s elements for Map,
#                      Sum and the copy, 256*s^2 workgroups for the FMA
#                      peak, n = 1024*floor(sqrt(s)) for MatMul
#                      (kernels/bench_test.go; fewer elements where the
#                      device's maxStorageBufferRange is smaller, logged).
#                      On an H200, use 32: the copy moves 4 GiB a launch,
#                      the FMA peak runs 1.1 TFLOP.
#   KILN_BENCH_OUT     where the benchmarks' output is kept (/tmp/kiln-bench).
#   KILN_KERNELS_TEST  a test binary of ./kernels (go test -c) to run instead
#                      of `go test`, on a machine without Go; glslangValidator
#                      and spirv-val must be on PATH.
# On a GPU machine, for example:
#   KILN_BENCH_SCALE=32 BENCHTIME=1s KILN_KERNELS_TEST=/opt/kdev/tests/kernels.test \
#     KILN_BENCH_DRIVERS=nvidia=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json bench/kernels.sh
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/usr/local/go/bin:$PATH"
benchtime=${BENCHTIME:-3x}
read -r -a drivers <<<"${KILN_BENCH_DRIVERS:-lavapipe=/usr/share/vulkan/icd.d/lvp_icd.x86_64.json swiftshader=${KILN_SWIFTSHADER_DIR:-/opt/kiln/swiftshader}/vk_swiftshader_icd.json}"
out=${KILN_BENCH_OUT:-/tmp/kiln-bench} # the benchmarks' own output, per driver
mkdir -p "$out"
# bench PATTERN: runs the kernels' benchmarks matching PATTERN.
bench() {
  if [ -n "${KILN_KERNELS_TEST:-}" ]; then
    (cd kernels && "$KILN_KERNELS_TEST" -test.run '^$' -test.bench "$1" -test.benchtime "$benchtime")
  else
    go test -run '^$' -bench "$1" -benchtime "$benchtime" ./kernels/
  fi
}
bench '^BenchmarkGo' >"$out/go.txt"
printf '| driver | kernel | Kiln | GLSL | Kiln / GLSL | by CPU time | Go loop | peak | Kiln / peak | by CPU time |\n|---|---|---|---|---|---|---|---|---|---|\n'
for entry in "${drivers[@]}"; do
  name=${entry%%=*} icd=${entry#*=}
  [ -f "$icd" ] || { echo "kernels.sh: $name: $icd is missing; skipping it" >&2; continue; }
  # One process a kernel, its Kiln and GLSL benchmarks back to back, so
  # that a change of the machine's load between them is less likely.
  : >"$out/$name.txt"
  for group in Map Sum MatMul 'MatMulTiled|MatMulTiled8' Peak; do
    VK_DRIVER_FILES="$icd" VK_ICD_FILENAMES="$icd" bench "^Benchmark(GLSL)?($group)\$" >>"$out/$name.txt"
  done
  # metric FILE NAME UNITS: the value and units of benchmark NAME's metric
  # in UNITS (a regular expression), or nothing; the first if several.
  metric() {
    awk -v n="$2" -v u="^($3)$" '$1 ~ "^"n"(-[0-9]+)?$" { for (i = 3; i <= NF; i++) if ($i ~ u) { print $(i-1), $i; exit } }' "$1"
  }
  rate() { metric "$1" "$2" 'GB/s|GFLOP/s'; }
  # cpurate FILE NAME: the rate per second of CPU time (rate * ns/op / cpu-ms/op / 1e6).
  cpurate() {
    awk -v r="$(rate "$1" "$2")" -v t="$(metric "$1" "$2" ns/op)" -v c="$(metric "$1" "$2" cpu-ms/op)" \
      'BEGIN { if (c + 0 > 0) print r * t / c / 1e6 }'
  }
  copy=$(rate "$out/$name.txt" BenchmarkPeak/copy) copycpu=$(cpurate "$out/$name.txt" BenchmarkPeak/copy)
  fma=$(rate "$out/$name.txt" BenchmarkPeak/fma) fmacpu=$(cpurate "$out/$name.txt" BenchmarkPeak/fma)
  # pct A B: A / B as a percentage (of the numbers before any units).
  pct() { awk -v a="${1%% *}" -v b="${2%% *}" 'BEGIN { if (a > 0 && b > 0) printf "%.0f%%", 100 * a / b; else printf "-" }'; }
  for k in Map Sum MatMul MatMulTiled MatMulTiled8; do
    kiln=$(rate "$out/$name.txt" "Benchmark$k")
    [ -n "$kiln" ] || continue # skipped on this driver
    glsl=$(rate "$out/$name.txt" "BenchmarkGLSL$k")
    kilncpu=$(cpurate "$out/$name.txt" "Benchmark$k")
    goloop=$(rate "$out/go.txt" "BenchmarkGo${k%%Tiled*}")
    peak=$copy peakcpu=$copycpu
    [ "${k#MatMul}" != "$k" ] && peak=$fma peakcpu=$fmacpu
    printf '| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n' "$name" "$k" "$kiln" "$glsl" "$(pct "$kiln" "$glsl")" \
      "$(pct "$kilncpu" "$(cpurate "$out/$name.txt" "BenchmarkGLSL$k")")" "$goloop" "$peak" "$(pct "$kiln" "$peak")" \
      "$(pct "$kilncpu" "$peakcpu")"
  done
done
