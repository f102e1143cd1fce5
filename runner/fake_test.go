package runner

import (
	"os"
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/pass"
)

// fakePasses registers kiln.Pipeline with convert-to-spirv replaced by a
// pass that puts the spirv.module of spvFile in place of each gpu.module,
// and the other SPIR-V passes as no-ops: it tests compiling, binding and
// dispatch without the lowering.
func fakePasses(t testing.TB, spvFile string) pass.Registry {
	text, err := os.ReadFile(spvFile)
	if err != nil {
		t.Fatal(err)
	}
	reg := pass.Registry{}
	pass.RegisterTransforms(reg)
	noop := func(name string) func() *pass.Pass {
		return func() *pass.Pass {
			return &pass.Pass{Name: name, Argument: name, Run: func(*ir.Operation, *pass.Context) error { return nil }}
		}
	}
	for _, element := range kiln.Pipeline {
		if name, _, _ := strings.Cut(element, "{"); reg[name] == nil {
			reg.Add(noop(name))
		}
	}
	reg.Add(func() *pass.Pass {
		return &pass.Pass{Name: "FakeConvertToSPIRV", Argument: "convert-to-spirv", OpName: "builtin.module",
			Options: []pass.Option{{Name: "convert-gpu-modules", Kind: pass.BoolOption, Default: "false"},
				{Name: "index-by-dimension", Kind: pass.BoolOption, Default: "false"}},
			Run: func(op *ir.Operation, _ *pass.Context) error {
				var gms []*ir.Operation
				for o := ir.ModuleBody(op).First(); o != nil; o = o.NextOp() {
					if o.Name() == "gpu.module" {
						gms = append(gms, o)
					}
				}
				for _, gm := range gms {
					top, err := ir.Parse(op.Context(), string(text), spvFile)
					if err != nil {
						return err
					}
					sm := ir.ModuleBody(top).First()
					sm.Remove()
					ir.ModuleBody(op).InsertBefore(sm, gm)
					gm.Erase()
				}
				return nil
			}}
	})
	return reg
}
