#!/usr/bin/env bash
# Installs everything Kiln's tests need on a fresh Debian 12 machine.
# Idempotent; runs apt-get as root directly or through sudo otherwise.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)

sudo_cmd=""
if [ "$(id -u)" != 0 ]; then sudo_cmd="sudo"; fi

pkgs=(
  spirv-tools glslang-tools                  # Debian's spirv-val (v2023.1), glslangValidator
  llvm-14-tools                              # FileCheck-14
  libvulkan-dev vulkan-validationlayers vulkan-tools mesa-vulkan-drivers  # loader, layer, lavapipe
  pkg-config libegl-dev libgl-dev libegl-mesa0 libgl1-mesa-dri  # EGL and GL headers, Mesa's EGL and llvmpipe (runtime/gl)
  libxml2-utils                              # xmllint: kiln test's JUnit report against the schema
  brotli ca-certificates                     # unpacking SwiftShader from npm
)
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# The SPIR-V grammar spirv/spv is generated from (newer than Debian 12's).
"$here/install-spirv-headers.sh"
# SPIRV-Tools 2026.4, whose spirv-val knows that grammar's extensions, with
# its own glibc and libstdc++ (the test scripts put it first on PATH).
"$here/install-spirv-tools.sh"

if [ -x "$here/install-swiftshader.sh" ]; then
  "$here/install-swiftshader.sh"
fi
