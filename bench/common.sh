# Sourced by the bench scripts (`. "$(dirname "$0")/common.sh"`): strict mode,
# the repository root as working directory, $tmp (removed on exit) holding a
# kiln built from this tree, and the helpers below.
set -euo pipefail
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/kiln" ./cmd/kiln

# The kernel generator of ../shared (gen_bench.py many N | big N).
gen=../shared/bench/gen_bench.py
need_gen() { [ -f "$gen" ] || { echo "missing $gen" >&2; exit 1; }; }

# need TEST=PACKAGE...: installs each Debian PACKAGE whose TEST fails, a
# command name or (starting with /) a file glob; the side-by-side tools are
# installed here, not by CI.
need() {
  local missing=() spec test
  for spec in "$@"; do
    test=${spec%%=*}
    if [[ $test == /* ]]; then
      compgen -G "$test" >/dev/null && continue
    else
      command -v "$test" >/dev/null && continue
    fi
    missing+=("${spec#*=}")
  done
  [ ${#missing[@]} -gt 0 ] || return 0
  local sudo=
  [ "$(id -u)" = 0 ] || sudo=sudo
  $sudo apt-get update -qq && $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
}

# measure CMD...: runs CMD $RUNS times (default 1) and prints "wall_s cpu_s
# maxrss_kb": the best wall time (to the microsecond; time's %e counts in
# 10 ms steps, a tenth of a 1,000-kernel lowering), the best user+sys CPU
# time and the least peak memory. The last run's stdout is in $tmp/out, its
# stderr in $tmp/err (shown if the command fails, which stops the script).
measure() {
  : >"$tmp/times"
  local t0 t1
  for _ in $(seq "${RUNS:-1}"); do
    t0=$(date +%s%N)
    /usr/bin/time -f "%U %S %M" -o "$tmp/time" "$@" >"$tmp/out" 2>"$tmp/err" || { cat "$tmp/err" >&2; exit 1; }
    t1=$(date +%s%N)
    echo "$(((t1 - t0) / 1000)) $(cat "$tmp/time")" >>"$tmp/times"
  done
  awk 'NR == 1 || $1 < w { w = $1 } NR == 1 || $2 + $3 < c { c = $2 + $3 } NR == 1 || $4 < m { m = $4 }
    END { printf "%.6f %.2f %d\n", w / 1e6, c, m }' "$tmp/times"
}
