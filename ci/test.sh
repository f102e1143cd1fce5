#!/usr/bin/env bash
# Runs Kiln's whole test suite: vet, formatting, generated-file freshness and go test.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/usr/local/go/bin:$PATH"

fmt=$(gofmt -l $(git ls-files '*.go') 2>/dev/null || true)
if [ -n "$fmt" ]; then echo "gofmt needed:"; echo "$fmt"; exit 1; fi
go vet ./...
if [ -x ci/check-generated.sh ]; then ci/check-generated.sh; fi
go test -count=1 ./...
# Verification, printing and the conversion run on several goroutines:
# their tests also run under the race detector.
go test -count=1 -race -run 'Parallel|Isolated' ./ir/ ./spirv/lowering/
if [ -x ci/test-vulkan.sh ]; then ci/test-vulkan.sh; fi
