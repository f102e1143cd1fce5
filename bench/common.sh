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
