#!/bin/sh
# Rebuilds the test kernels' SPIR-V from their GLSL (go generate in
# runtime/vulkan runs it). A "// glslang: FLAGS" line in a .comp file adds
# FLAGS; without one, glslangValidator emits SPIR-V 1.0 for Vulkan 1.0.
set -eu
cd "$(dirname "$0")"
for src in *.comp; do
	flags=$(sed -n 's|^// glslang: ||p' "$src")
	# shellcheck disable=SC2086 # flags are words
	glslangValidator -V $flags --quiet -o "${src%.comp}.spv" "$src"
done
