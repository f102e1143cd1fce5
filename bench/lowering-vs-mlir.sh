#!/usr/bin/env bash
# Compares Kiln's kernel lowering with mlir-opt-16's on the same generated
# gpu/arith/memref kernels (../shared/bench/gen_bench.py), with the same
# --pass-pipeline for both tools, in two rows per input:
#   gpu-to-spirv  convert-gpu-to-spirv alone: each gpu.module becomes a
#                 spirv.module (in Kiln, convert-to-spirv with
#                 convert-gpu-modules on; plain --convert-to-spirv lowers
#                 ops in place and needs that option for gpu.module inputs);
#   +abi+vce      then spirv-lower-abi-attrs and spirv-update-vce on each
#                 spirv.module, as mlir-vulkan-runner and kiln compile do
#                 (the step where MLIR 16 grows quadratically).
# Each tool runs once per row: wall time, CPU time (user+sys, steadier on a
# shared machine) and peak memory, the ratios mlir/kiln (above 1: Kiln is
# faster or smaller), and how each tool's time grows from the small to the
# large kernel count (4.0 would be linear).
#
#   [RUNS=n] bench/lowering-vs-mlir.sh [kernels] [more-kernels] [ops-in-one-kernel]
#   (defaults 1000 4000 100000; more-kernels 0 skips that case, which takes
#   mlir-opt-16 about 12 s; RUNS, default 1, runs each command that many
#   times and keeps its best wall time, best CPU time and least memory,
#   which a shared machine needs for steady ratios)
. "$(dirname "$0")/common.sh"
few=${1:-1000}
more=${2:-4000}
big=${3:-100000}
need_gen
need mlir-opt-16=mlir-16-tools /usr/bin/time=time
convert='builtin.module(convert-gpu-to-spirv)'
full='builtin.module(convert-gpu-to-spirv,spirv.module(spirv-lower-abi-attrs,spirv-update-vce))'


check() { # fails unless $tmp/out has one spirv.module holding $3 lines matching $2
  local n
  n=$(grep -c -- "$2" "$tmp/out" || true)
  if [ "$(grep -c 'spirv.module @' "$tmp/out" || true)" != 1 ] || [ "$n" != "$3" ]; then
    echo "$1: expected one spirv.module with $3 '$2', got $n" >&2
    exit 1
  fi
}

specs=("many $few")
[ "$more" -gt 0 ] && specs+=("many $more")
specs+=("big $big")
printf '%-12s %-12s %8s %8s %7s %8s %8s %7s %9s %9s %7s\n' \
  input passes kiln_s mlir_s time_x kiln_cpu mlir_cpu cpu_x kiln_MiB mlir_MiB mem_x
for spec in "${specs[@]}"; do
  set -- $spec
  python3 "$gen" "$1" "$2" >"$tmp/in.mlir" 2>/dev/null
  kernels=$([ "$1" = many ] && echo "$2" || echo 1)
  for passes in gpu-to-spirv +abi+vce; do
    if [ "$passes" = gpu-to-spirv ]; then pipeline=$convert mark='spirv.func @'; else pipeline=$full mark=spirv.EntryPoint; fi
    read -r kw kc km < <(measure "$tmp/kiln" opt --pass-pipeline="$pipeline" "$tmp/in.mlir")
    check "kiln opt $passes ($spec)" "$mark" "$kernels"
    read -r mw mc mm < <(measure mlir-opt-16 --pass-pipeline="$pipeline" "$tmp/in.mlir")
    check "mlir-opt-16 $passes ($spec)" "$mark" "$kernels"
    echo "$spec $passes $kw $kc $km $mw $mc $mm" >>"$tmp/rows"
    awk -v n="$spec" -v p="$passes" -v kw="$kw" -v kc="$kc" -v km="$km" -v mw="$mw" -v mc="$mc" -v mm="$mm" '
      function x(m, k) { return m / (k > 0 ? k : 0.01) }
      BEGIN { printf "%-12s %-12s %8.3f %8.3f %7.2f %8.2f %8.2f %7.2f %9.1f %9.1f %7.2f\n",
        n, p, kw, mw, x(mw, kw), kc, mc, x(mc, kc), km / 1024, mm / 1024, mm / km }'
  done
done
echo "time_x, cpu_x and mem_x are mlir-opt-16/kiln: above 1 means Kiln is faster or smaller."
if [ "$more" -gt 0 ]; then
  awk -v few="$few" -v more="$more" '
    function x(b, a) { return b / (a > 0 ? a : 0.01) }
    $1 == "many" && $2 == few { kw[$3] = $4; kc[$3] = $5; mw[$3] = $7; mc[$3] = $8 }
    $1 == "many" && $2 == more { kw2[$3] = $4; kc2[$3] = $5; mw2[$3] = $7; mc2[$3] = $8 }
    END {
      for (p in kw) printf "growth %d -> %d kernels, %s (linear: %.1fx): kiln %.1fx wall, %.1fx cpu; mlir-opt-16 %.1fx wall, %.1fx cpu\n",
        few, more, p, more / few, x(kw2[p], kw[p]), x(kc2[p], kc[p]), x(mw2[p], mw[p]), x(mc2[p], mc[p])
    }' "$tmp/rows" | sort
fi
