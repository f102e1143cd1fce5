#!/usr/bin/env bash
# Runs the Vulkan runtime's tests once per CPU driver: lavapipe (Debian's
# mesa-vulkan-drivers) and SwiftShader (ci/install-swiftshader.sh), each
# selected alone through VK_DRIVER_FILES. Per driver: the runtime's tests with
# the validation layer on, `kiln devices`, the same tests under the race
# detector (they include concurrent dispatches) and built with
# GOEXPERIMENT=cgocheck2 (a Go pointer stored in C memory aborts them),
# every benchmark once so that none rots, the differential test of the
# lowering (interpreter against the driver), the runner's end-to-end tests
# (`kiln run` and `kiln compile` of the upstream Vulkan integration tests),
# package kiln's and the kernels' tests, and `kiln test --validate` over
# google/amber's compute tests and upstream's Vulkan integration tests (each
# passes or is unsupported with its reason, no validation message), with a
# JUnit report in $KILN_REPORT_DIR (default: a temporary folder) that
# xmllint checks against the JUnit schema Jenkins reads.
#
# With CI=true a missing driver, loader, device or validation layer fails;
# otherwise the tests say what is missing and skip.
set -euo pipefail
cd "$(dirname "$0")/.."
# SPIRV-Tools 2026.4 (ci/install-spirv-tools.sh) before Debian 12's v2023.1.
export PATH="${KILN_SPIRV_TOOLS_DIR:-/opt/kiln/spirv-tools}/bin:/usr/local/go/bin:$PATH"

ci=false
case "${CI:-}" in 1 | true | TRUE | True) ci=true ;; esac

reports=${KILN_REPORT_DIR:-$(mktemp -d)}
mkdir -p "$reports"
kiln=$(mktemp -d)/kiln
go build -o "$kiln" ./cmd/kiln
suites=()
for d in ../shared/conformance/amber ../shared/conformance/mlir-upstream/mlir/test/Integration/GPU/Vulkan; do
  if [ -d "$d" ]; then
    suites+=("$d")
  elif [ "$ci" = true ]; then
    echo "test-vulkan: $d is missing" >&2
    exit 1
  fi
done

drivers=(
  "lavapipe=/usr/share/vulkan/icd.d/lvp_icd.x86_64.json"
  "swiftshader=${KILN_SWIFTSHADER_DIR:-/opt/kiln/swiftshader}/vk_swiftshader_icd.json"
)
for entry in "${drivers[@]}"; do
  name=${entry%%=*} icd=${entry#*=}
  if [ ! -f "$icd" ]; then
    if [ "$ci" = true ]; then
      echo "test-vulkan: $name: $icd is missing (run ci/install.sh)" >&2
      exit 1
    fi
    echo "test-vulkan: $name: $icd is missing; skipping it"
    continue
  fi
  echo "== $name ($icd)"
  # VK_ICD_FILENAMES is the older loaders' name for VK_DRIVER_FILES.
  export VK_DRIVER_FILES="$icd" VK_ICD_FILENAMES="$icd"
  go test -count=1 ./runtime/vulkan/
  go test -count=1 -run '^TestDevices' ./cmd/kiln/
  go test -count=1 -race ./runtime/vulkan/
  GOEXPERIMENT=cgocheck2 go test -count=1 ./runtime/vulkan/
  go test -count=1 -run '^$' -bench . -benchtime 1x ./runtime/vulkan/ >/dev/null
  # The differential test: every kernel of spirv/lowering/testdata on this
  # driver against the interpreter (with the driver's subgroup size).
  KILN_VALIDATE=1 go test -count=1 -run '^TestKernelsOnVulkan$' ./spirv/lowering/
  # End to end: kernels compiled by Kiln, run by `kiln run` on this driver.
  go test -count=1 ./runner/
  # The Go front door and the kernel library on this driver, validation on.
  KILN_VALIDATE=1 go test -count=1 . ./kernels/
  go test -count=1 -run '^Test(Run|Compile)' ./cmd/kiln/
  # Upstream's Vulkan integration tests through their own RUN lines
  # (mlir-opt -test-vulkan-runner-pipeline | mlir-runner), validation on.
  KILN_VALIDATE=1 KILN_CONFORMANCE_RUN='Integration/GPU/Vulkan|mlir-vulkan-runner' \
    go test -count=1 -run '^TestConformance$' ./cmd/kiln/
  go test -count=1 -run '^$' -bench . -benchtime 1x ./runner/ >/dev/null
  go test -count=1 ./amber/ ./suite/
  go test -count=1 -run '^TestTest' ./cmd/kiln/
  if [ ${#suites[@]} -gt 0 ]; then
    "$kiln" test -j2 --validate --junit "$reports/kiln-test-$name.xml" "${suites[@]}"
    if command -v xmllint >/dev/null; then
      xmllint --noout --schema suite/testdata/jenkins-junit.xsd "$reports/kiln-test-$name.xml"
    elif [ "$ci" = true ]; then
      echo "test-vulkan: xmllint is missing (run ci/install.sh)" >&2
      exit 1
    fi
  fi
done
