package runner

import (
	"github.com/kiln-gpu/kiln/gpu"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/spirv"
	"github.com/kiln-gpu/kiln/spirv/spv"
)

// Manifest describes the kernels `kiln compile` wrote, for a runner that
// loads the .spv files without the compiler.
type Manifest struct {
	Modules []ModuleManifest `json:"modules"`
}

// ModuleManifest describes one compiled gpu.module.
type ModuleManifest struct {
	Module  string           `json:"module"`         // the gpu.module's symbol
	File    string           `json:"file,omitempty"` // the .spv file, when written
	Env     string           `json:"targetEnv"`      // spirv-val's environment
	Kernels []KernelManifest `json:"kernels"`
}

// KernelManifest describes one kernel: its entry point and its arguments
// in the order gpu.launch_func passes them.
type KernelManifest struct {
	Name          string        `json:"name"`
	Entry         string        `json:"entryPoint"`
	WorkgroupSize [3]uint32     `json:"workgroupSize"`
	Args          []ArgManifest `json:"args"`
}

// ArgManifest says where one kernel argument is bound. Memrefs are storage
// buffers holding their elements; scalars are wrapped in a one-member block.
type ArgManifest struct {
	Set          uint32 `json:"set"`
	Binding      uint32 `json:"binding"`
	StorageClass string `json:"storageClass"`
	Type         string `json:"type"` // the kernel parameter's type
	// Size is the byte size of the SPIR-V block, 0 when runtime-sized.
	Size int64 `json:"size"`
	// Unused is true when the compiled module has no variable for the
	// argument (the kernel never reads it), so nothing is bound.
	Unused bool `json:"unused,omitempty"`
}

// Kernel returns the manifest of the kernel named name, or nil.
func (m *ModuleManifest) Kernel(name string) *KernelManifest {
	for i := range m.Kernels {
		if m.Kernels[i].Name == name {
			return &m.Kernels[i]
		}
	}
	return nil
}

// buildManifest reads the kernels of gm and what the pipeline made of
// them in sm: argument bindings by spirv.interface_var_abi ((0, i) when
// absent, as the lowering assigns them), block sizes from the variables,
// workgroup sizes from LocalSize execution modes.
func buildManifest(gm, sm *ir.Operation) (ModuleManifest, error) {
	vars := map[[2]uint32]*spirv.PointerType{}
	local := map[string][3]uint32{}
	entries := map[string]bool{}
	sm.Walk(func(op *ir.Operation) bool {
		switch op.Name() {
		case "spirv.GlobalVariable":
			set, ok1 := op.Attr("descriptor_set").(*ir.IntegerAttr)
			b, ok2 := op.Attr("binding").(*ir.IntegerAttr)
			if ok1 && ok2 {
				vars[[2]uint32{uint32(set.Int()), uint32(b.Int())}] = spirv.GlobalVariableType(op)
			}
		case "spirv.EntryPoint":
			if ref, ok := op.Attr("fn").(*ir.SymbolRefAttr); ok {
				entries[ref.Leaf()] = true
			}
		case "spirv.ExecutionMode":
			mode, _ := op.Attr("execution_mode").(*spirv.EnumAttr)
			ref, _ := op.Attr("fn").(*ir.SymbolRefAttr)
			vals, _ := op.Attr("values").(*ir.ArrayAttr)
			if mode == nil || ref == nil || vals == nil || mode.Value != uint32(spv.ExecutionModeLocalSize) {
				break
			}
			var ws [3]uint32
			for i, v := range vals.Elems {
				if iv, ok := v.(*ir.IntegerAttr); ok && i < 3 {
					ws[i] = uint32(iv.Int())
				}
			}
			local[ref.Leaf()] = ws
		}
		return true
	})
	man := ModuleManifest{Module: symName(gm)}
	for op := ir.ModuleBody(gm).First(); op != nil; op = op.NextOp() {
		if op.Name() != "gpu.func" || !gpu.IsKernel(op) {
			continue
		}
		name := symName(op)
		if !entries[name] {
			return man, op.Errorf("the compiled module has no entry point for kernel '%s'", name)
		}
		ws, ok := local[name]
		if !ok {
			return man, op.Errorf("the compiled module has no LocalSize for kernel '%s'", name)
		}
		k := KernelManifest{Name: name, Entry: name, WorkgroupSize: ws}
		entry := op.Region(0).Entry()
		for i := 0; i < kernelArgCount(op); i++ {
			a := ArgManifest{Binding: uint32(i), StorageClass: "StorageBuffer", Type: ir.TypeString(entry.Arg(i).Type())}
			if abi := spirv.ArgInterfaceVarABI(op, i); abi != nil {
				a.Set, a.Binding = abi.DescriptorSet, abi.Binding
				if abi.HasStorageClass {
					a.StorageClass = spirv.EnumName(spv.KindStorageClass, uint32(abi.StorageClass))
				}
			}
			pt := vars[[2]uint32{a.Set, a.Binding}]
			if pt == nil {
				a.Unused = true
			} else {
				a.StorageClass = spirv.EnumName(spv.KindStorageClass, uint32(pt.StorageClass))
				a.Size, _ = spirv.SizeInBytes(pt.Pointee)
			}
			k.Args = append(k.Args, a)
		}
		man.Kernels = append(man.Kernels, k)
	}
	return man, nil
}

// kernelArgCount is the number of a gpu.func's launch arguments: its
// function type's inputs (workgroup and private attributions follow them
// as block arguments).
func kernelArgCount(fn *ir.Operation) int {
	if ta, ok := fn.Attr("function_type").(*ir.TypeAttr); ok {
		if ft, ok := ta.Value.(*ir.FunctionType); ok {
			return len(ft.Inputs)
		}
	}
	return fn.Region(0).Entry().NumArgs()
}

func symName(op *ir.Operation) string {
	if s, ok := op.Attr("sym_name").(*ir.StringAttr); ok {
		return s.Value
	}
	return ""
}
