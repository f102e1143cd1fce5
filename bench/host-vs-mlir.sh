#!/usr/bin/env bash
# Compares `kiln run` with MLIR 16's JIT runner on host-heavy programs
# (bench/host/*.mlir): issue 19's 4,000,000-iteration addi+xori loop, a
# 1M-element fill and checksum, a nested loop over a 1024x1024 memref, the
# fill and checksum through vector<8xf32> loads, stores and arithmetic, and
# 100 launches on the same three 4 MiB buffers. MLIR runs each program
# lowered by mlir-opt-16 to the LLVM dialect and JIT-compiled by
# mlir-cpu-runner-16 -O0 (compilation included); for the launches it runs
# launches-cpu.mlir, the same program with the kernel as a CPU loop, while
# Kiln dispatches the kernel on its Vulkan device. Each program runs RUNS
# times (default 3) per tool; the table shows the best wall time, CPU time
# (user+sys) and peak memory of each, the ratios kiln/mlir (below 1: Kiln
# is faster or smaller) and whether both printed the same result. Kiln's
# own --time summary of the last run follows the table.
#
#   [RUNS=n] bench/host-vs-mlir.sh
#
# It installs mlir-16-tools (mlir-opt-16, mlir-cpu-runner-16), libmlir-16
# (the runner utility library) and time with apt-get when they are missing;
# CI does not run it. The machine may be shared: quote `uptime` with any number.
. "$(dirname "$0")/common.sh"
need mlir-opt-16=mlir-16-tools mlir-cpu-runner-16=mlir-16-tools '/usr/lib/llvm-16/lib/libmlir_c_runner_utils.so*=libmlir-16' /usr/bin/time=time
# The programs print with printI64, printF32 and printNewline.
libs=$(ls /usr/lib/llvm-16/lib/libmlir_c_runner_utils.so* | head -1)
memref_pass=finalize-memref-to-llvm
mlir-opt-16 --help | grep -q -- "--$memref_pass" || memref_pass=convert-memref-to-llvm
lower="--convert-scf-to-cf --convert-vector-to-llvm --convert-arith-to-llvm --$memref_pass --convert-func-to-llvm --reconcile-unrealized-casts"

export RUNS=${RUNS:-3}

mlir_run() { # lowers $1 with mlir-opt-16 and runs it with mlir-cpu-runner-16
  # shellcheck disable=SC2086 # $lower is a list of flags
  mlir-opt-16 $lower "$1" | mlir-cpu-runner-16 -O0 -e main -entry-point-result=void -shared-libs="$libs"
}
export -f mlir_run
export lower libs

uptime
printf '%-10s %8s %8s %7s %8s %8s %7s %9s %9s %7s  %s\n' \
  program kiln_s mlir_s time_x kiln_cpu mlir_cpu cpu_x kiln_MiB mlir_MiB mem_x same
summaries=()
for prog in loop fill nested vector launches; do
  src=bench/host/$prog.mlir
  mlir_src=$src
  if [ -f "bench/host/$prog-cpu.mlir" ]; then mlir_src=bench/host/$prog-cpu.mlir; fi
  read -r kw kc km < <(measure "$tmp/kiln" run --time "$src")
  cp "$tmp/out" "$tmp/kiln.out"
  summaries+=("$prog: $(grep '^kiln run:' "$tmp/err" || true)")
  read -r mw mc mm < <(measure bash -c 'mlir_run "$0"' "$mlir_src")
  same=no
  cmp -s "$tmp/out" "$tmp/kiln.out" && same=yes
  [ "$same" = yes ] || same="no: kiln $(tr '\n' ' ' <"$tmp/kiln.out")/ mlir $(tr '\n' ' ' <"$tmp/out")"
  awk -v n="$prog" -v kw="$kw" -v kc="$kc" -v km="$km" -v mw="$mw" -v mc="$mc" -v mm="$mm" -v same="$same" '
    function x(k, m) { return k / (m > 0 ? m : 0.01) }
    BEGIN { printf "%-10s %8.3f %8.3f %7.2f %8.2f %8.2f %7.2f %9.1f %9.1f %7.2f  %s\n",
      n, kw, mw, x(kw, mw), kc, mc, x(kc, mc), km / 1024, mm / 1024, km / mm, same }'
done
echo "time_x, cpu_x and mem_x are kiln/mlir: below 1 means Kiln is faster or smaller."
printf '%s\n' "${summaries[@]}"
