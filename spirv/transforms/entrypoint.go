package transforms

import (
	"slices"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/spirv"
	"github.com/kiln-gpu/kiln/spirv/spv"
)

// entryPoints builds the entry point ops of a module's functions.
type entryPoints struct {
	env     *spirv.TargetEnvAttr
	allowed map[spv.Capability]bool // the target's capabilities
	model   spv.ExecutionModel
	symbols map[string]*ir.Operation // the module's, only read
}

func newEntryPoints(env *spirv.TargetEnvAttr, symbols map[string]*ir.Operation) *entryPoints {
	return &entryPoints{env: env, allowed: targetCaps(env), symbols: symbols}
}

// selectModel chooses the execution model of the target; fn is the
// function an error names.
func (p *entryPoints) selectModel(fn *ir.Operation) error {
	switch {
	case p.allowed[spv.CapabilityShader]:
		p.model = spv.ExecutionModelGLCompute
	case p.allowed[spv.CapabilityKernel]:
		p.model = spv.ExecutionModelKernel
	default:
		return fn.Errorf("lower entry point failure: could not select execution model based on 'spirv.target_env'")
	}
	return nil
}

// lower returns the spirv.EntryPoint and execution modes of fn, not yet
// inserted, and drops what they lower from its spirv.entry_point_abi. It
// changes nothing outside fn.
func (p *entryPoints) lower(fn *ir.Operation) []*ir.Operation {
	ctx := fn.Context()
	loc := fn.Loc()
	ref := ctx.SymbolRef(ir.SymbolName(fn))
	ops := make([]*ir.Operation, 1, 4) // with at most three execution modes
	ops[0] = ctx.NewOp(&ir.OpState{Name: "spirv.EntryPoint", Loc: loc, Attrs: []ir.NamedAttr{
		{Name: "execution_model", Value: spirv.Enum(ctx, spv.KindExecutionModel, uint32(p.model))},
		{Name: "fn", Value: ref},
		{Name: "interface", Value: ctx.ArrayAttr(interfaceVars(fn, p.env, p.symbols)...)},
	}})
	mode := func(m spv.ExecutionMode, vals ...int32) bool {
		if e := spv.KindExecutionMode.Enumerant(uint32(m)); e != nil && len(e.Capabilities) > 0 &&
			!slices.ContainsFunc(e.Capabilities, func(c spv.Capability) bool { return p.allowed[c] }) {
			return false
		}
		attrs := make([]ir.Attribute, len(vals))
		for i, v := range vals {
			attrs[i] = ctx.I32Attr(int64(v))
		}
		ops = append(ops, ctx.NewOp(&ir.OpState{Name: "spirv.ExecutionMode", Loc: loc, Attrs: []ir.NamedAttr{
			{Name: "fn", Value: ref},
			{Name: "execution_mode", Value: spirv.Enum(ctx, spv.KindExecutionMode, uint32(m))},
			{Name: "values", Value: ctx.ArrayAttr(attrs...)},
		}}))
		return true
	}
	abi := spirv.LookupEntryPointABI(fn).EntryPointABI
	if abi.WorkgroupSize != nil {
		ws := [3]int32{1, 1, 1}
		copy(ws[:], abi.WorkgroupSize)
		if mode(spv.ExecutionModeLocalSize, ws[:]...) {
			abi.WorkgroupSize = nil
		}
	}
	if abi.SubgroupSize != 0 && mode(spv.ExecutionModeSubgroupSize, abi.SubgroupSize) {
		abi.SubgroupSize = 0
	}
	if abi.TargetWidth != 0 && mode(spv.ExecutionModeSignedZeroInfNanPreserve, abi.TargetWidth) {
		abi.TargetWidth = 0
	}
	fn.RemoveAttr(spirv.EntryPointABIAttrName)
	fn.RemoveAttr("spv.entry_point_abi")
	if abi.WorkgroupSize != nil || abi.SubgroupSize != 0 || abi.TargetWidth != 0 {
		fn.SetAttr(spirv.EntryPointABIAttrName, spirv.NewEntryPointABI(ctx, abi))
	}
	return ops
}

// interfaceVars lists the global variables fn takes the address of that
// belong in its entry point's interface: before SPIR-V 1.4 only Input and
// Output ones, from 1.4 all of them.
func interfaceVars(fn *ir.Operation, env *spirv.TargetEnvAttr, symbols map[string]*ir.Operation) []ir.Attribute {
	all := env.Version() >= spv.MakeVersion(1, 4)
	var out []ir.Attribute
	listed := func(name string) bool {
		return slices.ContainsFunc(out, func(a ir.Attribute) bool { return a.(*ir.SymbolRefAttr).Root == name })
	}
	fn.Walk(func(o *ir.Operation) bool {
		if o.Name() != "spirv.mlir.addressof" {
			return true
		}
		ref, ok := o.Attr("variable").(*ir.SymbolRefAttr)
		if !ok || listed(ref.Root) {
			return true
		}
		v := symbols[ref.Root]
		if v == nil {
			return true
		}
		ptr := varPointer(v)
		if ptr != nil && (all || ptr.StorageClass == spv.StorageClassInput || ptr.StorageClass == spv.StorageClassOutput) {
			if len(ref.Nested) > 0 {
				ref = fn.Context().SymbolRef(ref.Root)
			}
			out = append(out, ref)
		}
		return true
	})
	return out
}
