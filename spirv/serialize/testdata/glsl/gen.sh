#!/bin/sh
# Regenerates the .spv files from the GLSL compute shaders beside this
# script: glslang's output as it is, and optimized by spirv-opt -O (SSA
# form: OpPhi everywhere, values live across structured constructs). A
# "// target-env: ENV" line in a shader picks glslang's environment
# (vulkan1.1 when there is none); the tests validate for the same. A
# "// reference-env: ENV" line adds NAME.ref, glslang's binary for ENV,
# which TestGlslangOnVulkan runs instead of the others when the device
# cannot run those (LocalSizeId needs maintenance4).
set -e
cd "$(dirname "$0")"
for f in *.comp; do
  env=$(sed -n 's|^// target-env: *||p' "$f")
  glslangValidator -V --target-env "${env:-vulkan1.1}" -o "${f%.comp}.spv" "$f" >/dev/null
  spirv-opt -O "${f%.comp}.spv" -o "${f%.comp}.opt.spv"
  ref=$(sed -n 's|^// reference-env: *||p' "$f")
  if [ -n "$ref" ]; then
    glslangValidator -V --target-env "$ref" -o "${f%.comp}.ref" "$f" >/dev/null
  fi
done
