// RUN: kiln translate --no-implicit-module --split-input-file --test-spirv-roundtrip %s | FileCheck %s
// RUN: rm -rf %t && mkdir %t
// RUN: kiln translate --no-implicit-module --split-input-file --serialize-spirv --spirv-save-validation-files-with-prefix=%t/m %s > /dev/null
// RUN: spirv-val --target-env spv1.4 %t/m_0.spv && spirv-val --target-env spv1.4 %t/m_1.spv

// Mesh shading (SPV_EXT_mesh_shader): OpEmitMeshTasksEXT ends its block
// without successors, in a selection as at the end of a function.

spirv.module Logical GLSL450 requires #spirv.vce<v1.4, [MeshShadingEXT], [SPV_EXT_mesh_shader]> {
  spirv.GlobalVariable @payload : !spirv.ptr<i32, TaskPayloadWorkgroupEXT>
  spirv.GlobalVariable @count : !spirv.ptr<i32, Private>
  // CHECK-LABEL: spirv.func @task
  spirv.func @task() "None" {
    %c1 = spirv.Constant 1 : i32
    %c2 = spirv.Constant 2 : i32
    %n = spirv.mlir.addressof @count : !spirv.ptr<i32, Private>
    %v = spirv.Load "Private" %n : i32
    %early = spirv.IEqual %v, %c1 : i32
    // CHECK: spirv.mlir.selection
    spirv.mlir.selection {
      spirv.BranchConditional %early, ^bb1, ^bb2
    ^bb1:
      // CHECK: spirv.EXT.EmitMeshTasks %{{.*}}, %{{.*}}, %{{.*}} : i32, i32, i32
      // CHECK-NEXT: ^bb2:
      spirv.EXT.EmitMeshTasks %c1, %c1, %c1 : i32, i32, i32
    ^bb2:
      spirv.mlir.merge
    }
    %p = spirv.mlir.addressof @payload : !spirv.ptr<i32, TaskPayloadWorkgroupEXT>
    spirv.Store "TaskPayloadWorkgroupEXT" %p, %c2 : i32
    // CHECK: spirv.EXT.EmitMeshTasks %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : i32, i32, i32, !spirv.ptr<i32, TaskPayloadWorkgroupEXT>
    // CHECK-NEXT: }
    spirv.EXT.EmitMeshTasks %c2, %c1, %c1, %p : i32, i32, i32, !spirv.ptr<i32, TaskPayloadWorkgroupEXT>
  }
  spirv.EntryPoint "TaskEXT" @task, @payload, @count
  spirv.ExecutionMode @task "LocalSize", 1, 1, 1
}

// -----

spirv.module Logical GLSL450 requires #spirv.vce<v1.4, [MeshShadingEXT], [SPV_EXT_mesh_shader]> {
  // CHECK-LABEL: spirv.func @mesh
  spirv.func @mesh() "None" {
    %c3 = spirv.Constant 3 : i32
    %c1 = spirv.Constant 1 : i32
    // CHECK: spirv.EXT.SetMeshOutputs %{{.*}}, %{{.*}} : i32, i32
    spirv.EXT.SetMeshOutputs %c3, %c1 : i32, i32
    spirv.Return
  }
  spirv.EntryPoint "MeshEXT" @mesh
  spirv.ExecutionMode @mesh "LocalSize", 1, 1, 1
  spirv.ExecutionMode @mesh "OutputVertices", 3
  spirv.ExecutionMode @mesh "OutputPrimitivesEXT", 1
  spirv.ExecutionMode @mesh "OutputTrianglesEXT"
}
