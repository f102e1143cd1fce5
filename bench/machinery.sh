#!/usr/bin/env bash
# Measures what each piece of kiln's performance machinery buys at the sizes
# users have (1, 100, 1,000 and 20,000 generated kernels), side by side with
# mlir-opt-16, in interleaved rounds (every command once per round) keeping
# each command's best wall time, best CPU time (user+sys) and least memory.
# Two tasks: parse+print (generic form, as opt-vs-mlir.sh) and the gpu->spirv
# pipeline with the ABI lowering and VCE update (as lowering-vs-mlir.sh).
#
# Rows: mlir-opt-16; kiln as built; kiln with GOGC=100 (no lazy collector,
# no collector pause for the print); kiln --mlir-disable-threading (no
# parallel parse, verify, print or chunked conversion); and any extra
# binaries given as VARIANTS="name=/path/to/kiln ..." (kiln built with one
# piece removed, e.g. without reserveHugePages).
#
#   [ROUNDS=n] [SIZES="1 100 1000 20000"] [VARIANTS=...] bench/machinery.sh
#
# mlir-opt-16's pipeline is quadratic in the kernel count (about 12 s at
# 4,000 kernels), so it is not run at 20,000 kernels.
. "$(dirname "$0")/common.sh"
need_gen
need mlir-opt-16=mlir-16-tools /usr/bin/time=time
rounds=${ROUNDS:-5}
full='builtin.module(convert-gpu-to-spirv,spirv.module(spirv-lower-abi-attrs,spirv-update-vce))'

rows=("mlir|mlir-opt-16" "kiln|$tmp/kiln opt" "GOGC=100|env GOGC=100 $tmp/kiln opt" "no-threads|$tmp/kiln opt --mlir-disable-threading")
for v in ${VARIANTS:-}; do rows+=("${v%%=*}|${v#*=} opt"); done

echo "load: $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) cores, $rounds rounds"
printf '%-8s %-12s %-12s %8s %8s %8s %8s\n' kernels task row wall_s cpu_s MiB x_mlir
for n in ${SIZES:-1 100 1000 20000}; do
  python3 "$gen" many "$n" >"$tmp/in.mlir" 2>/dev/null
  mlir-opt-16 --mlir-print-op-generic "$tmp/in.mlir" >"$tmp/generic.mlir"
  for task in parse+print gpu-spirv; do
    : >"$tmp/times"
    for _ in $(seq "$rounds"); do
      for row in "${rows[@]}"; do
        name=${row%%|*} cmd=${row#*|}
        [ "$task" = gpu-spirv ] && [ "$name" = mlir ] && [ "$n" -gt 4000 ] && continue
        if [ "$task" = parse+print ]; then
          args=("$tmp/generic.mlir")
          [ "$name" = mlir ] || args=(--allow-unregistered-dialect "${args[@]}")
        else
          args=(--pass-pipeline="$full" "$tmp/in.mlir")
        fi
        # shellcheck disable=SC2086 # cmd is a command line
        /usr/bin/time -f "%e %U %S %M" -o "$tmp/time" $cmd "${args[@]}" >/dev/null
        echo "$name $(cat "$tmp/time")" >>"$tmp/times"
      done
    done
    awk -v n="$n" -v task="$task" '
      !($1 in w) || $2 < w[$1] { w[$1] = $2 }
      !($1 in c) || $3 + $4 < c[$1] { c[$1] = $3 + $4 }
      !($1 in m) || $5 < m[$1] { m[$1] = $5 }
      !($1 in seen) { seen[$1] = 1; order[++k] = $1 }
      END {
        for (i = 1; i <= k; i++) {
          r = order[i]
          x = ("mlir" in w && w["mlir"] > 0) ? sprintf("%.2f", w[r] / w["mlir"]) : "-"
          printf "%-8s %-12s %-12s %8.3f %8.3f %8.1f %8s\n", n, task, r, w[r], c[r], m[r] / 1024, x
        }
      }' "$tmp/times"
  done
done
echo "x_mlir is the best wall time over mlir-opt-16's (below 1: kiln is faster)."
