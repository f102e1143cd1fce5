#!/bin/sh
# Regenerates the .spv files from the SPIR-V assembly beside this script
# with spirv-as. A "; target-env: ENV" line picks the environment
# (vulkan1.1 when there is none); the tests validate for the same.
set -e
cd "$(dirname "$0")"
for f in *.spvasm; do
  env=$(sed -n 's|^; target-env: *||p' "$f")
  spirv-as --target-env "${env:-vulkan1.1}" -o "${f%.spvasm}.spv" "$f"
done
