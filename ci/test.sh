#!/usr/bin/env bash
# Runs Kiln's whole test suite: vet, formatting, generated-file freshness and go test.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/usr/local/go/bin:$PATH"

fmt=$(gofmt -l $(git ls-files '*.go') 2>/dev/null || true)
if [ -n "$fmt" ]; then echo "gofmt needed:"; echo "$fmt"; exit 1; fi
go vet ./...
if [ -x ci/check-generated.sh ]; then ci/check-generated.sh; fi
# The upstream conformance run (cmd/kiln TestConformance) goes beside the
# other tests; its summary lines are printed, and its whole log on failure.
conf_log=$(mktemp)
go test -count=1 -v -run '^TestConformance$' ./cmd/kiln/ >"$conf_log" 2>&1 &
conf_pid=$!
go test -count=1 -skip '^TestConformance$' ./...
conf_rc=0
wait "$conf_pid" || conf_rc=$?
grep -E '^conformance ' "$conf_log" || true
if [ "$conf_rc" != 0 ]; then grep -vE '^=== (RUN|PAUSE|CONT)' "$conf_log" | head -400; exit "$conf_rc"; fi
# Verification, printing and the conversion run on several goroutines:
# their tests also run under the race detector.
go test -count=1 -race -run 'Parallel|Isolated' ./ir/ ./spirv/lowering/
if [ -x ci/test-vulkan.sh ]; then ci/test-vulkan.sh; fi
if [ -x ci/test-gl.sh ]; then ci/test-gl.sh; fi
