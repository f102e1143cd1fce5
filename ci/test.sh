#!/usr/bin/env bash
# Runs Kiln's whole test suite: vet, formatting, generated-file freshness and go test.
set -euo pipefail
cd "$(dirname "$0")/.."
# SPIRV-Tools 2026.4 (ci/install-spirv-tools.sh) before Debian 12's v2023.1.
export PATH="${KILN_SPIRV_TOOLS_DIR:-/opt/kiln/spirv-tools}/bin:/usr/local/go/bin:$PATH"

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
# A compile-only program (package kiln without its dispatch files) builds
# and runs without cgo.
nocgo=$(mktemp -d)
printf 'module nocgo\ngo 1.26\nrequire github.com/kiln-gpu/kiln v0.0.0\nreplace github.com/kiln-gpu/kiln => %s\n' "$PWD" >"$nocgo/go.mod"
cat >"$nocgo/main.go" <<'EOF'
package main

import (
	"fmt"
	"os"

	"github.com/kiln-gpu/kiln"
)

func main() {
	p, err := kiln.Compile(`gpu.module @m {
  gpu.func @k(%x: memref<4xf32>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [4, 1, 1]>} {
    gpu.return
  }
}`, kiln.Options{})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fmt.Println(p.Modules[0].Kernels[0].WorkgroupSize, len(p.Modules[0].Words) > 0)
}
EOF
(cd "$nocgo" && CGO_ENABLED=0 go build -o nocgo . && ./nocgo | grep -qx '\[4 1 1\] true')
rm -rf "$nocgo"
# Verification, printing and the conversion run on several goroutines, and
# package kiln compiles concurrently: their tests also run under the race
# detector.
go test -count=1 -race -run 'Parallel|Isolated|Concurrent' ./ir/ ./spirv/lowering/ .
if [ -x ci/test-vulkan.sh ]; then ci/test-vulkan.sh; fi
if [ -x ci/test-gl.sh ]; then ci/test-gl.sh; fi
