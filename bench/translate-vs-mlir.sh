#!/usr/bin/env bash
# Times `kiln translate` against `mlir-translate-16` on the same generated
# spirv.module (N functions, each a structured loop over Function
# variables; the shape of spirv/serialize's Go benchmark): serialization
# of the text to a binary, and deserialization of that binary back to text.
# Prints the best of a few runs of each, in wall time and in CPU time
# (user+sys, steadier on a shared machine), and the ratios mlir/kiln
# (above 1: Kiln is faster).
#
#   bench/translate-vs-mlir.sh [functions] [runs]   (defaults 5000 3)
. "$(dirname "$0")/common.sh"
n=${1:-5000}
runs=${2:-3}
need mlir-translate-16=mlir-16-tools /usr/bin/time=time

{
  echo 'spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader], []> {'
  for ((i = 0; i < n; i++)); do
    cat <<FN
  spirv.func @f$i(%n: i32, %x: f32) -> f32 "None" {
    %zero = spirv.Constant 0 : i32
    %one = spirv.Constant 1 : i32
    %fz = spirv.Constant 0.0 : f32
    %i = spirv.Variable init(%zero) : !spirv.ptr<i32, Function>
    %acc = spirv.Variable init(%fz) : !spirv.ptr<f32, Function>
    spirv.mlir.loop {
      spirv.Branch ^header
    ^header:
      %v = spirv.Load "Function" %i : i32
      %c = spirv.SLessThan %v, %n : i32
      spirv.BranchConditional %c, ^body, ^merge
    ^body:
      %a = spirv.Load "Function" %acc : f32
      %f = spirv.ConvertSToF %v : i32 to f32
      %m = spirv.FMul %f, %x : f32
      %s = spirv.FAdd %a, %m : f32
      %e = spirv.GL.Exp %s : f32
      %t = spirv.FSub %e, %x : f32
      spirv.Store "Function" %acc, %t : f32
      spirv.Branch ^continue
    ^continue:
      %k = spirv.IAdd %v, %one : i32
      spirv.Store "Function" %i, %k : i32
      spirv.Branch ^header
    ^merge:
      spirv.mlir.merge
    }
    %r = spirv.Load "Function" %acc : f32
    spirv.ReturnValue %r : f32
  }
FN
  done
  cat <<'MAIN'
  spirv.func @main() "None" {
    spirv.Return
  }
  spirv.EntryPoint "GLCompute" @main
  spirv.ExecutionMode @main "LocalSize", 1, 1, 1
}
MAIN
} >"$tmp/in.mlir"

best() { # prints the best wall and CPU seconds of running "$@" $runs times
  local bw=1e9 bc=1e9
  for ((r = 0; r < runs; r++)); do
    /usr/bin/time -f "%e %U %S" -o "$tmp/time" "$@" >/dev/null
    read -r w u s <"$tmp/time"
    bw=$(awk -v a="$w" -v b="$bw" 'BEGIN{print (a < b) ? a : b}')
    bc=$(awk -v a="$u" -v s="$s" -v b="$bc" 'BEGIN{c = a + s; print (c < b) ? c : b}')
  done
  echo "$bw $bc"
}

"$tmp/kiln" translate --serialize-spirv --no-implicit-module "$tmp/in.mlir" -o "$tmp/kiln.spv"
mlir-translate-16 --serialize-spirv --no-implicit-module "$tmp/in.mlir" -o "$tmp/mlir.spv"
ks=$(best "$tmp/kiln" translate --serialize-spirv --no-implicit-module "$tmp/in.mlir" -o "$tmp/kiln.spv")
ms=$(best mlir-translate-16 --serialize-spirv --no-implicit-module "$tmp/in.mlir" -o "$tmp/mlir.spv")
kd=$(best "$tmp/kiln" translate --deserialize-spirv --no-implicit-module "$tmp/mlir.spv" -o "$tmp/kiln.mlir")
md=$(best mlir-translate-16 --deserialize-spirv --no-implicit-module "$tmp/mlir.spv" -o "$tmp/mlir.mlir")

printf '%d functions, %d bytes of text, %d bytes of SPIR-V (best of %d)\n' "$n" "$(wc -c <"$tmp/in.mlir")" "$(wc -c <"$tmp/mlir.spv")" "$runs"
printf '%-12s %9s %9s %9s %9s %9s %9s\n' step kiln_wall mlir_wall wall_x kiln_cpu mlir_cpu cpu_x
row() {
  echo "$1 $2 $3" | awk '{printf "%-12s %9.3f %9.3f %9.2f %9.3f %9.3f %9.2f\n", $1, $2, $4, $4 / $2, $3, $5, $5 / $3}'
}
row serialize "$ks" "$ms"
row deserialize "$kd" "$md"
