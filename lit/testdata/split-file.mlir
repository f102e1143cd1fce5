# A test spelled as upstream's Target/SPIRV/ssa.mlir is: `#` RUN lines, a
# SPIR-V assembly part cut out by split-file into %t/, assembled by
# spirv-as from PATH into %t.spv and read back by the translator.
# REQUIRES: spirv-tools
# RUN: split-file %s %t
# RUN: spirv-as --target-env spv1.0 %t/kernel.spvasm -o %t.spv
# RUN: mlir-translate --deserialize-spirv %t.spv -o - | FileCheck %s
# RUN: FileCheck --check-prefix=PART %s < %t/notes.txt

// CHECK: spirv.module Logical GLSL450
// CHECK: spirv.func @main() "None"
// CHECK: spirv.Variable : !spirv.ptr<f32, Function>
// CHECK: spirv.Store "Function"
// CHECK: spirv.Return
// CHECK: spirv.EntryPoint "GLCompute" @main
// CHECK: spirv.ExecutionMode @main "LocalSize", 1, 1, 1

// Parts carry no padding lines unless --leading-lines.
// PART: {{^}}first line of the notes{{$}}
// PART-NEXT: {{^}}last line{{$}}

//--- kernel.spvasm
               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main"
               OpExecutionMode %main LocalSize 1 1 1
       %void = OpTypeVoid
      %float = OpTypeFloat 32
      %ptr_f = OpTypePointer Function %float
         %fn = OpTypeFunction %void
    %float_2 = OpConstant %float 2
       %main = OpFunction %void None %fn
      %entry = OpLabel
        %var = OpVariable %ptr_f Function
               OpStore %var %float_2
               OpReturn
               OpFunctionEnd
#--- notes.txt
first line of the notes
last line
