package kiln

import (
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/pass"
	"github.com/kiln-gpu/kiln/spirv"
)

// OutlinePass is the pass that turns gpu.launch into gpu.launch_func.
const OutlinePass = "gpu-kernel-outlining"

// Outline runs gpu-kernel-outlining from reg on module when it has a
// gpu.launch, so that every kernel is in a gpu.module before compiling.
func Outline(module *ir.Operation, reg pass.Registry) error {
	var launch *ir.Operation
	module.Walk(func(op *ir.Operation) bool {
		if op.Name() == "gpu.launch" && launch == nil {
			launch = op
		}
		return launch == nil
	})
	if launch == nil {
		return nil
	}
	if reg[OutlinePass] == nil {
		return launch.Errorf("gpu.launch needs the '%s' pass, which is not registered", OutlinePass)
	}
	p, err := pass.Parse("builtin.module("+OutlinePass+")", reg)
	if err != nil {
		return err
	}
	return pass.New(p, pass.Config{}).Run(module)
}

// CompileAll compiles every gpu.module of module, in order. env is the
// target environment of modules that carry none (nil: spirv's default).
func (c *Compiler) CompileAll(module *ir.Operation, env *spirv.TargetEnvAttr) ([]*Module, error) {
	return compileEach(module, func(gm *ir.Operation) (*Module, error) {
		e := spirv.LookupTargetEnv(gm)
		if e == nil {
			e = env
		}
		return c.Compile(gm, e)
	})
}

// compileEach compiles every gpu.module of module with compile, in order.
func compileEach(module *ir.Operation, compile func(gm *ir.Operation) (*Module, error)) ([]*Module, error) {
	gms := gpuModules(module)
	if len(gms) == 0 {
		return nil, module.Errorf("no gpu.module to compile")
	}
	var out []*Module
	for _, gm := range gms {
		m, err := compile(gm)
		if err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, nil
}

// gpuModules returns the gpu.modules in op, in order.
func gpuModules(op *ir.Operation) []*ir.Operation {
	var gms []*ir.Operation
	op.Walk(func(o *ir.Operation) bool {
		if o.Name() == "gpu.module" {
			gms = append(gms, o)
		}
		return true
	})
	return gms
}
