#!/usr/bin/env bash
# Runs the OpenGL runtime's tests on Mesa's llvmpipe through EGL's
# surfaceless platform (no display needed): runtime/gl's tests, under the
# race detector and with GOEXPERIMENT=cgocheck2, its benchmarks once, then
# `kiln run --backend=gl` on every upstream Vulkan integration test and
# runner sample, compared with lavapipe and --reference, `kiln devices`,
# google/amber's compute tests on GL, and `kiln test --device gl --validate`
# over them with a JUnit report.
#
# With CI=true a missing EGL or GL 4.5 driver fails; otherwise the tests say
# what is missing and skip.
set -euo pipefail
cd "$(dirname "$0")/.."
# SPIRV-Tools 2026.4 (ci/install-spirv-tools.sh) before Debian 12's v2023.1.
export PATH="${KILN_SPIRV_TOOLS_DIR:-/opt/kiln/spirv-tools}/bin:/usr/local/go/bin:$PATH"

# The differential runs compare GL with lavapipe.
lvp=/usr/share/vulkan/icd.d/lvp_icd.x86_64.json
if [ -f "$lvp" ]; then export VK_DRIVER_FILES="$lvp" VK_ICD_FILENAMES="$lvp"; fi
go test -count=1 ./runtime/gl/ ./runtime/compute/
go test -count=1 -race ./runtime/gl/
GOEXPERIMENT=cgocheck2 go test -count=1 ./runtime/gl/
go test -count=1 -run '^$' -bench . -benchtime 1x ./runtime/gl/ >/dev/null
go test -count=1 -run '^Test(RunGL|DevicesGL|TestGL)' ./cmd/kiln/
go test -count=1 -run '^TestCorpusGL$' ./amber/
# kiln test on the GL context, debug output on: google/amber's compute
# tests, upstream's Vulkan integration tests and the runner samples each
# pass or are unsupported naming what GL lacks; the JUnit report is checked
# against the schema.
suites=()
for d in ../shared/conformance/amber ../shared/conformance/mlir-upstream/mlir/test/Integration/GPU/Vulkan \
  ../shared/conformance/mlir-upstream/mlir/test/mlir-vulkan-runner runner/testdata; do
  if [ -d "$d" ]; then suites+=("$d"); fi
done
reports=${KILN_REPORT_DIR:-$(mktemp -d)}
mkdir -p "$reports"
kiln=$(mktemp -d)/kiln
go build -o "$kiln" ./cmd/kiln
"$kiln" test -j2 --validate --device gl --junit "$reports/kiln-test-gl.xml" "${suites[@]}"
if command -v xmllint >/dev/null; then
  xmllint --noout --schema suite/testdata/jenkins-junit.xsd "$reports/kiln-test-gl.xml"
fi
