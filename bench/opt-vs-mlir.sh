#!/usr/bin/env bash
# Compares `kiln opt` with `mlir-opt-16` side by side on the same generated
# inputs: parse, verify and print, in MLIR's generic form (so that Kiln needs
# only its core, with --allow-unregistered-dialect, while mlir-opt verifies
# its registered ops). Prints wall time and peak memory, and their ratios.
#
#   [RUNS=n] bench/opt-vs-mlir.sh [many-kernels] [ops-in-one-function]   (defaults 1000 100000;
#   RUNS, default 1, keeps the best of n runs of each command)
. "$(dirname "$0")/common.sh"
many=${1:-1000}
big=${2:-100000}
need_gen
need mlir-opt-16=mlir-16-tools /usr/bin/time=time

printf '%-28s %10s %10s %12s %12s %8s %8s\n' input kiln_s mlir_s kiln_MiB mlir_MiB time_x mem_x
for spec in "many $many" "big $big"; do
  set -- $spec
  python3 "$gen" "$1" "$2" > "$tmp/in.mlir"
  mlir-opt-16 --mlir-print-op-generic "$tmp/in.mlir" > "$tmp/generic.mlir"
  read -r ks _ km < <(measure "$tmp/kiln" opt --allow-unregistered-dialect "$tmp/generic.mlir")
  read -r ms _ mm < <(measure mlir-opt-16 "$tmp/generic.mlir")
  awk -v n="$1 $2" -v ks="$ks" -v ms="$ms" -v km="$km" -v mm="$mm" 'BEGIN {
    printf "%-28s %10.3f %10.3f %12.1f %12.1f %8.2f %8.2f\n", n, ks, ms, km/1024, mm/1024, ks/(ms>0?ms:0.01), km/mm }'
done
echo "time_x and mem_x are kiln/mlir-opt-16: below 1 means Kiln is faster or smaller."
