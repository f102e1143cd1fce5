#!/usr/bin/env bash
# Times Kiln's SPIR-V against glslang's on the kernels of bench/codegen, on
# lavapipe and on SwiftShader (see bench/README.md). Arguments go to the Go
# tool: -rounds N, -reps N, -only a,b, -spirv-opt=-O.
. "$(dirname "$0")/common.sh"
go build -o "$tmp/codegen" ./bench/codegen
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
for icd in /usr/share/vulkan/icd.d/lvp_icd.x86_64.json /opt/kiln/swiftshader/vk_swiftshader_icd.json; do
  VK_DRIVER_FILES=$icd "$tmp/codegen" -kiln "$tmp/kiln" "$@"
done
