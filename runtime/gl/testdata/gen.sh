#!/bin/sh
# Rebuilds the test kernels' SPIR-V from their GLSL (go generate in
# runtime/gl runs it): NAME.spv for OpenGL (glslangValidator -G, SPIR-V 1.0
# as GL_ARB_gl_spirv takes it) and, for the benchmark's Vulkan side,
# NAME.vk.spv (-V, Vulkan 1.0); subgroupmax.spv is SPIR-V 1.3 for GL with
# GL_KHR_shader_subgroup.
set -eu
cd "$(dirname "$0")"
for src in add.comp matmul.comp reduce.comp scale.comp; do
	glslangValidator -G --quiet -o "${src%.comp}.spv" "$src"
	glslangValidator -V --quiet -o "${src%.comp}.vk.spv" "$src"
done
glslangValidator -G --target-env spirv1.3 --quiet -o subgroupmax.spv subgroupmax.comp
