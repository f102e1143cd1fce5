#!/usr/bin/env bash
# Regenerates the SPIR-V grammar tables of spirv/spv (go generate) from the
# grammar ci/install-spirv-headers.sh installs and fails, printing a diff, when
# the committed files differ. The working tree is left as it was.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/usr/local/go/bin:$PATH"

if [ ! -f /opt/kiln/spirv-headers/unified1/spirv.core.grammar.json ]; then
  echo "check-generated: no SPIR-V grammar in /opt/kiln/spirv-headers (run ci/install.sh)" >&2
  exit 1
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/committed"
cp spirv/spv/zz_generated_*.go "$tmp/committed/"
restore() {
  rm -f spirv/spv/zz_generated_*.go
  cp "$tmp"/committed/*.go spirv/spv/
}
trap 'restore; rm -rf "$tmp"' EXIT

go generate ./spirv/spv/...
mkdir "$tmp/generated"
cp spirv/spv/zz_generated_*.go "$tmp/generated/"

if diff -ru "$tmp/committed" "$tmp/generated" >"$tmp/diff"; then
  echo "check-generated: SPIR-V tables are up to date"
else
  cat "$tmp/diff"
  echo "check-generated: the committed SPIR-V tables differ from the grammar; run go generate ./spirv/spv/... and commit the result" >&2
  exit 1
fi
