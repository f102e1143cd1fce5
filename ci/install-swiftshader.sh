#!/usr/bin/env bash
# Installs SwiftShader, Chromium's CPU Vulkan driver, into $KILN_SWIFTSHADER_DIR
# (default /opt/kiln/swiftshader). Debian does not package it, so it comes from the
# npm registry: @sparticuz/chromium ships it as package/bin/swiftshader.tar.br.
# The two files are pinned by sha256; a run with both present and matching does
# nothing. Select the driver with VK_DRIVER_FILES=$dir/vk_swiftshader_icd.json.
set -euo pipefail

dir=${KILN_SWIFTSHADER_DIR:-/opt/kiln/swiftshader}
pkg=@sparticuz/chromium@153.0.0
want_so=2f3ceffaaca7d031bc3943f8eacf398a5d9c42c5fe0d15d8840b9acfa630b58e
want_json=c9eef28b6b984fec220ef0abfecc40b502d46946706e47bfe97707027cb818bd

sudo_cmd=""
if [ "$(id -u)" != 0 ]; then sudo_cmd="sudo"; fi

# verify DIR: succeeds when both files in DIR have the pinned hashes.
verify() {
  [ -f "$1/libvk_swiftshader.so" ] && [ -f "$1/vk_swiftshader_icd.json" ] || return 1
  echo "$want_so  $1/libvk_swiftshader.so
$want_json  $1/vk_swiftshader_icd.json" | sha256sum --check --status
}

if verify "$dir"; then
  echo "swiftshader: already installed in $dir"
  exit 0
fi

for tool in npm brotli tar sha256sum; do
  command -v "$tool" >/dev/null || { echo "swiftshader: $tool not found (run ci/install.sh)" >&2; exit 1; }
done

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$tmp" && npm pack --silent "$pkg" >/dev/null)
tar -xzf "$tmp"/sparticuz-chromium-*.tgz -C "$tmp" package/bin/swiftshader.tar.br
mkdir "$tmp/out"
brotli -d -c "$tmp/package/bin/swiftshader.tar.br" | tar -x -C "$tmp/out"

# The archive's layout is not part of the package's contract: find the files by name.
so=$(find "$tmp/out" -name libvk_swiftshader.so -type f -print -quit)
json=$(find "$tmp/out" -name vk_swiftshader_icd.json -type f -print -quit)
if [ -z "$so" ] || [ -z "$json" ]; then
  echo "swiftshader: $pkg no longer contains libvk_swiftshader.so and vk_swiftshader_icd.json" >&2
  exit 1
fi
mkdir "$tmp/check"
cp "$so" "$json" "$tmp/check/"
if ! verify "$tmp/check"; then
  echo "swiftshader: sha256 mismatch in $pkg; refusing to install" >&2
  sha256sum "$tmp/check"/* >&2
  exit 1
fi

$sudo_cmd mkdir -p "$dir"
$sudo_cmd install -m 0644 "$tmp/check/libvk_swiftshader.so" "$tmp/check/vk_swiftshader_icd.json" "$dir/"
verify "$dir"
echo "swiftshader: installed in $dir"
