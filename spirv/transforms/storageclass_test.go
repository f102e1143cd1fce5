package transforms

import (
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/pass"
)

func vulkan(m *ir.Operation) error { return MapStorageClasses(m, VulkanStorageClass) }

func TestMapStorageClasses(t *testing.T) {
	got := run(t, `func.func @f(%a: memref<4xf32>, %b: memref<4xf32, 3>, %c: memref<*xi32, 4>,
    %d: memref<8xf32, #gpu.address_space<workgroup>>, %e: memref<2xf32, #gpu.address_space<private>>,
    %g: memref<2xf32, #spirv.storage_class<Function>>) -> memref<4xf32, 3> {
  %0 = memref.alloc() : memref<4xf32, 3>
  return %0 : memref<4xf32, 3>
}`, vulkan)
	wantAll(t, got,
		"%arg0: memref<4xf32, #spirv.storage_class<StorageBuffer>>",
		"%arg1: memref<4xf32, #spirv.storage_class<Workgroup>>",
		"%arg2: memref<*xi32, #spirv.storage_class<Uniform>>",
		"%arg3: memref<8xf32, #spirv.storage_class<Workgroup>>",
		"%arg4: memref<2xf32, #spirv.storage_class<Private>>",
		"%arg5: memref<2xf32, #spirv.storage_class<Function>>",
		") -> memref<4xf32, #spirv.storage_class<Workgroup>>",
		"memref.alloc() : memref<4xf32, #spirv.storage_class<Workgroup>>",
	)
}

func TestMapStorageClassesOpenCL(t *testing.T) {
	got := run(t, `func.func @f(%a: memref<4xf32>, %b: memref<4xf32, 4>) {
  return
}`, func(m *ir.Operation) error { return MapStorageClasses(m, OpenCLStorageClass) })
	wantAll(t, got, "memref<4xf32, #spirv.storage_class<CrossWorkgroup>>", "memref<4xf32, #spirv.storage_class<UniformConstant>>")
}

// A Kernel target environment picks the OpenCL map whatever the option says.
func TestMapStorageClassesFollowsTarget(t *testing.T) {
	got := run(t, `module attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Kernel, Addresses], []>, #spirv.resource_limits<>>} {
  func.func @f(%a: memref<4xf32>) {
    return
  }
}`, vulkan)
	wantAll(t, got, "memref<4xf32, #spirv.storage_class<CrossWorkgroup>>")
}

func TestMapStorageClassesUnknownSpace(t *testing.T) {
	got := runErr(t, `func.func @f() {
  %0 = memref.alloc() : memref<4xf32, 2>
  return
}`, vulkan)
	wantAll(t, got, "test.mlir:2:8: error: 'memref.alloc' op failed to legalize memory space of memref<4xf32, 2>")
}

// An unknown client-api is refused as the pipeline is parsed, in MLIR's
// words, located on the value.
func TestClientAPIOption(t *testing.T) {
	reg := pass.Registry{}
	reg.Add(MapMemRefStorageClass)
	_, err := pass.Parse("builtin.module(map-memref-spirv-storage-class{client-api=metal})", reg)
	if want := "pass pipeline:1:58: error: Invalid clienAPI: metal"; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("err = %v, want %q", err, want)
	}
}
