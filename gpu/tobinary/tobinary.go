// Package tobinary implements MLIR's gpu-module-to-binary for SPIR-V
// targets: each gpu.module becomes a gpu.binary of the same name holding,
// for each of its #spirv.target_env targets, a #gpu.object whose payload is
// the SPIR-V of the spirv.module inside it (little-endian words, as
// mlir-translate --serialize-spirv writes them); and spirv-attach-target,
// which gives gpu.modules the #spirv.target_env targets that
// convert-gpu-to-spirv lowers for and this pass serializes for.
package tobinary

import (
	"encoding/binary"

	"github.com/kiln-gpu/kiln/gpu"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/pass"
	"github.com/kiln-gpu/kiln/spirv"
	"github.com/kiln-gpu/kiln/spirv/serialize"
)

// formats are the names the pass's format option takes, as MLIR's.
var formats = map[string]gpu.CompilationTarget{
	"offloading": gpu.TargetOffload, "llvm": gpu.TargetOffload,
	"assembly": gpu.TargetAssembly, "isa": gpu.TargetAssembly,
	"binary": gpu.TargetBinary, "bin": gpu.TargetBinary,
	"fatbinary": gpu.TargetFatbin, "fatbin": gpu.TargetFatbin,
}

// Pass is gpu-module-to-binary. It serializes the gpu.modules in the
// blocks of the op's regions.
func Pass() *pass.Pass {
	return &pass.Pass{
		Name:     "GpuModuleToBinaryPass",
		Argument: "gpu-module-to-binary",
		Summary:  "Transforms a GPU module into a GPU binary.",
		Options: []pass.Option{
			{Name: "format", Kind: pass.StringOption, Default: "fatbin", Help: "The target representation of the compilation process."},
			{Name: "toolkit", Kind: pass.StringOption, Help: "Toolkit path (unused by SPIR-V targets)."},
			{Name: "l", Kind: pass.ListOption, Help: "Extra files to link to (unused by SPIR-V targets)."},
			{Name: "opts", Kind: pass.StringOption, Help: "Command line options to pass to the tools (unused by SPIR-V targets)."},
			{Name: "section", Kind: pass.StringOption, Help: "ELF section where binary is to be located (unused by SPIR-V targets)."},
		},
		Run: func(op *ir.Operation, pc *pass.Context) error {
			format, ok := formats[pc.Options.String("format")]
			if !ok {
				return op.Errorf("Invalid format specified.")
			}
			var modules []*ir.Operation
			for i := range op.NumRegions() {
				for b := range op.Region(i).Blocks() {
					for o := range b.Ops() {
						if o.Name() == "gpu.module" {
							modules = append(modules, o)
						}
					}
				}
			}
			for _, m := range modules {
				if err := toBinary(m, format); err != nil {
					return err
				}
			}
			return nil
		},
	}
}

// toBinary replaces the gpu.module m by a gpu.binary.
func toBinary(m *ir.Operation, format gpu.CompilationTarget) error {
	mod, _ := gpu.AsModule(m)
	targets := mod.Targets()
	if len(targets) == 0 {
		return m.Errorf("the module has no target attributes")
	}
	ctx := m.Context()
	var objects []ir.Attribute
	for _, t := range targets {
		if _, ok := t.(*spirv.TargetEnvAttr); !ok {
			return m.Errorf("cannot serialize for target %s: Kiln compiles SPIR-V targets (#spirv.target_env) only", ir.AttrString(t))
		}
		if format != gpu.TargetBinary && format != gpu.TargetFatbin {
			return m.Errorf("a SPIR-V target serializes to a binary only, not to format '%s'", format)
		}
		words, err := serializeInside(m)
		if err != nil {
			return err
		}
		bytes := make([]byte, 4*len(words))
		for i, w := range words {
			binary.LittleEndian.PutUint32(bytes[4*i:], w)
		}
		objects = append(objects, gpu.Object(ctx, t, format, string(bytes), nil))
	}
	handler := m.Attr("offloadingHandler")
	if handler == nil {
		handler = gpu.SelectObject(ctx, nil)
	}
	b := ir.NewBuilder(ctx)
	b.SetInsertionPointAfter(m)
	b.CreateOp("gpu.binary", m.Loc(), nil, nil,
		ir.NamedAttr{Name: "sym_name", Value: ctx.StringAttr(mod.Name())},
		ir.NamedAttr{Name: "offloadingHandler", Value: handler},
		ir.NamedAttr{Name: "objects", Value: ctx.ArrayAttr(objects...)})
	m.Erase()
	return nil
}

// serializeInside serializes the one spirv.module nested in m.
func serializeInside(m *ir.Operation) ([]uint32, error) {
	var sms []*ir.Operation
	m.Walk(func(o *ir.Operation) bool {
		if o.Name() == "spirv.module" {
			sms = append(sms, o)
		}
		return true
	})
	switch len(sms) {
	case 0:
		return nil, m.Errorf("expected a spirv.module inside the gpu.module to serialize (run convert-gpu-to-spirv first)")
	case 1:
		return serialize.Serialize(sms[0])
	}
	return nil, m.Errorf("expected one spirv.module inside the gpu.module, found %d", len(sms))
}
