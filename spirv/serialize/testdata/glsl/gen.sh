#!/bin/sh
# Regenerates the .spv files from the GLSL compute shaders beside this
# script: glslang's output as it is, and optimized by spirv-opt -O (SSA
# form: OpPhi everywhere, values live across structured constructs).
set -e
cd "$(dirname "$0")"
for f in *.comp; do
  glslangValidator -V --target-env vulkan1.1 -o "${f%.comp}.spv" "$f" >/dev/null
  spirv-opt -O "${f%.comp}.spv" -o "${f%.comp}.opt.spv"
done
