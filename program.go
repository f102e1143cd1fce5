package kiln

import (
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/spirv"
)

// Options configure Compile.
type Options struct {
	// Name is the file name diagnostics give ("input.mlir" when empty).
	Name string
	// Target is the target environment of gpu.modules that carry none
	// (nil: spirv's default environment).
	Target *spirv.TargetEnvAttr
	// SkipValidation turns spirv-val off, for compile-only callers;
	// Device.Compile always validates what it hands to a driver.
	SkipValidation bool
}

// Compile parses src (MLIR text holding gpu.modules, or gpu.launch ops to
// outline), verifies it and compiles every gpu.module to SPIR-V, checked
// by spirv-val. It needs no device and no cgo. Errors are *ir.Diagnostic
// values located in src.
func Compile(src string, o Options) (*Program, error) {
	mod, err := parse(NewContext(), src, o.Name)
	if err != nil {
		return nil, err
	}
	return CompileModule(mod, o)
}

// CompileModule is Compile for a module already parsed; it outlines the
// module's gpu.launch ops in place.
func CompileModule(mod *ir.Operation, o Options) (*Program, error) {
	c := &Compiler{Passes: Passes(), SkipValidation: o.SkipValidation}
	if err := Outline(mod, c.Passes); err != nil {
		return nil, err
	}
	mods, err := c.CompileAll(mod, o.Target)
	if err != nil {
		return nil, err
	}
	return &Program{Modules: mods, mod: mod}, nil
}

// parse parses and verifies src.
func parse(ctx *ir.Context, src, name string) (*ir.Operation, error) {
	if name == "" {
		name = "input.mlir"
	}
	mod, err := ir.Parse(ctx, src, name)
	if err != nil {
		return nil, err
	}
	if err := ir.Verify(mod); err != nil {
		return nil, err
	}
	return mod, nil
}
