package kiln

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/kiln-gpu/kiln/gpu"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/spirv"
	"github.com/kiln-gpu/kiln/spirv/spv"
)

// Program is compiled kernels: what Compile returns, and what
// manifest.json holds (its JSON encoding, without the words, which `kiln
// compile` writes beside it as one .spv file per module; see WriteDir and
// ReadDir).
type Program struct {
	Modules []*Module `json:"modules"`

	mod *ir.Operation // the module compiled, for the reference device
	dev *Device       // set by Device.Compile
}

// Module is one gpu.module compiled for one target environment.
type Module struct {
	Name    string   `json:"module"`         // the gpu.module's symbol
	File    string   `json:"file,omitempty"` // the .spv file, when written
	Env     string   `json:"targetEnv"`      // spirv-val's environment
	Kernels []Kernel `json:"kernels"`

	Words []uint32      `json:"-"` // the SPIR-V binary
	SPIRV *ir.Operation `json:"-"` // the spirv.module the words come from; nil when read back
}

// Kernel describes one kernel: its entry point and its arguments in the
// order gpu.launch_func (and Program.Launch) passes them.
type Kernel struct {
	Name          string    `json:"name"`
	Entry         string    `json:"entryPoint"`
	WorkgroupSize [3]uint32 `json:"workgroupSize"`
	Args          []Binding `json:"args"`
}

// Binding says where one kernel argument is bound and what it holds.
// Memrefs are storage buffers holding their elements; scalars are wrapped
// in a one-member block. The lowering passes no argument as a push
// constant.
type Binding struct {
	Set          uint32 `json:"set"`
	Binding      uint32 `json:"binding"`
	StorageClass string `json:"storageClass"`
	Type         string `json:"type"` // the kernel parameter's type
	// Elem is the element type of a memref parameter, or the type of a
	// scalar one; Shape is a memref's sizes (-1 for dynamic ones), nil for
	// a scalar.
	Elem  string  `json:"elementType"`
	Shape []int64 `json:"shape,omitempty"`
	// Size is the byte size of the SPIR-V block, 0 when runtime-sized.
	Size int64 `json:"size"`
	// Unused is true when the compiled module has no variable for the
	// argument (the kernel never reads it), so nothing is bound.
	Unused bool `json:"unused,omitempty"`
}

// Kernel returns the kernel named name, or nil.
func (m *Module) Kernel(name string) *Kernel {
	for i := range m.Kernels {
		if m.Kernels[i].Name == name {
			return &m.Kernels[i]
		}
	}
	return nil
}

// Kernel returns the module and kernel named name ("kernel" or
// "module::kernel"), or nil.
func (p *Program) Kernel(name string) (*Module, *Kernel) {
	modName, kname, qualified := strings.Cut(name, "::")
	if !qualified {
		modName, kname = "", name
	}
	for _, m := range p.Modules {
		if qualified && m.Name != modName {
			continue
		}
		if k := m.Kernel(kname); k != nil {
			return m, k
		}
	}
	return nil, nil
}

// WriteDir writes each module's words to DIR/<module>.spv and the
// manifest to DIR/manifest.json.
func (p *Program) WriteDir(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	man := Program{}
	for _, m := range p.Modules {
		c := *m
		c.File = m.Name + ".spv"
		b := make([]byte, 4*len(m.Words))
		for i, w := range m.Words {
			binary.LittleEndian.PutUint32(b[4*i:], w)
		}
		if err := os.WriteFile(filepath.Join(dir, c.File), b, 0o644); err != nil {
			return err
		}
		man.Modules = append(man.Modules, &c)
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false) // memref<8xf32>, not memref\u003c8xf32\u003e
	enc.SetIndent("", "  ")
	if err := enc.Encode(man); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "manifest.json"), buf.Bytes(), 0o644)
}

// ReadDir reads what WriteDir wrote: the manifest and each module's words.
func ReadDir(dir string) (*Program, error) {
	data, err := os.ReadFile(filepath.Join(dir, "manifest.json"))
	if err != nil {
		return nil, err
	}
	var p Program
	if err := json.Unmarshal(data, &p); err != nil {
		return nil, fmt.Errorf("%s: %v", filepath.Join(dir, "manifest.json"), err)
	}
	for _, m := range p.Modules {
		if m == nil || m.File == "" {
			return nil, fmt.Errorf("%s: a module without its .spv file", filepath.Join(dir, "manifest.json"))
		}
		b, err := os.ReadFile(filepath.Join(dir, filepath.Base(m.File)))
		if err != nil {
			return nil, err
		}
		if len(b)%4 != 0 {
			return nil, fmt.Errorf("%s: %d bytes, not a whole number of SPIR-V words", m.File, len(b))
		}
		m.Words = make([]uint32, len(b)/4)
		for i := range m.Words {
			m.Words[i] = binary.LittleEndian.Uint32(b[4*i:])
		}
	}
	return &p, nil
}

// buildManifest reads the kernels of gm and what the pipeline made of
// them in sm: argument bindings by spirv.interface_var_abi ((0, i) when
// absent, as the lowering assigns them), block sizes from the variables,
// workgroup sizes from LocalSize execution modes.
func buildManifest(gm, sm *ir.Operation) (*Module, error) {
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
	man := &Module{Name: ir.SymbolName(gm)}
	for op := ir.ModuleBody(gm).First(); op != nil; op = op.NextOp() {
		if op.Name() != "gpu.func" || !gpu.IsKernel(op) {
			continue
		}
		name := ir.SymbolName(op)
		if !entries[name] {
			return nil, op.Errorf("the compiled module has no entry point for kernel '%s'", name)
		}
		ws, ok := local[name]
		if !ok {
			return nil, op.Errorf("the compiled module has no LocalSize for kernel '%s'", name)
		}
		k := Kernel{Name: name, Entry: name, WorkgroupSize: ws}
		entry := op.Region(0).Entry()
		for i := 0; i < kernelArgCount(op); i++ {
			t := entry.Arg(i).Type()
			a := Binding{Binding: uint32(i), StorageClass: "StorageBuffer", Type: ir.TypeString(t), Elem: ir.TypeString(t)}
			if mt, ok := t.(*ir.MemRefType); ok {
				a.Elem = ir.TypeString(mt.Elem)
				for _, d := range mt.Dims {
					if d == ir.Dynamic {
						d = -1
					}
					a.Shape = append(a.Shape, d)
				}
			}
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
