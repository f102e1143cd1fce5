#!/bin/sh
# Rebuilds the test kernels' SPIR-V from their GLSL for OpenGL
# (glslangValidator -G: SPIR-V 1.0 as GL_ARB_gl_spirv takes it); go generate
# in runtime/gl runs it.
set -eu
cd "$(dirname "$0")"
for src in *.comp; do
	glslangValidator -G --quiet -o "${src%.comp}.spv" "$src"
done
