package transforms

import (
	"slices"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/spirv"
	"github.com/kiln-gpu/kiln/spirv/spv"
)

// lowerEntryPoint adds the spirv.EntryPoint and execution modes of fn and
// drops what it lowered from its spirv.entry_point_abi.
func lowerEntryPoint(fn *ir.Operation, env *spirv.TargetEnvAttr, symbols map[string]*ir.Operation) error {
	ctx := fn.Context()
	loc := fn.Loc()
	allowed := targetCaps(env)
	var model spv.ExecutionModel
	switch {
	case allowed[spv.CapabilityShader]:
		model = spv.ExecutionModelGLCompute
	case allowed[spv.CapabilityKernel]:
		model = spv.ExecutionModelKernel
	default:
		return fn.Errorf("lower entry point failure: could not select execution model based on 'spirv.target_env'")
	}
	name := ir.SymbolName(fn)
	b := ir.NewBuilder(ctx)
	b.SetInsertionPointToEnd(fn.Block())
	b.Create(&ir.OpState{Name: "spirv.EntryPoint", Loc: loc, Attrs: []ir.NamedAttr{
		{Name: "execution_model", Value: spirv.Enum(ctx, spv.KindExecutionModel, uint32(model))},
		{Name: "fn", Value: ctx.SymbolRef(name)},
		{Name: "interface", Value: ctx.ArrayAttr(interfaceVars(fn, env, symbols)...)},
	}})
	mode := func(m spv.ExecutionMode, vals ...int32) bool {
		if e := spv.KindExecutionMode.Enumerant(uint32(m)); e != nil && len(e.Capabilities) > 0 &&
			!slices.ContainsFunc(e.Capabilities, func(c spv.Capability) bool { return allowed[c] }) {
			return false
		}
		attrs := make([]ir.Attribute, len(vals))
		for i, v := range vals {
			attrs[i] = ctx.I32Attr(int64(v))
		}
		b.Create(&ir.OpState{Name: "spirv.ExecutionMode", Loc: loc, Attrs: []ir.NamedAttr{
			{Name: "fn", Value: ctx.SymbolRef(name)},
			{Name: "execution_mode", Value: spirv.Enum(ctx, spv.KindExecutionMode, uint32(m))},
			{Name: "values", Value: ctx.ArrayAttr(attrs...)},
		}})
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
	return nil
}

// interfaceVars lists the global variables fn takes the address of that
// belong in its entry point's interface: before SPIR-V 1.4 only Input and
// Output ones, from 1.4 all of them.
func interfaceVars(fn *ir.Operation, env *spirv.TargetEnvAttr, symbols map[string]*ir.Operation) []ir.Attribute {
	all := env.Version() >= spv.MakeVersion(1, 4)
	var out []ir.Attribute
	seen := map[string]bool{}
	fn.Walk(func(o *ir.Operation) bool {
		ref, ok := o.Attr("variable").(*ir.SymbolRefAttr)
		if o.Name() != "spirv.mlir.addressof" || !ok || seen[ref.Root] {
			return true
		}
		v := symbols[ref.Root]
		if v == nil {
			return true
		}
		ptr := varPointer(v)
		if ptr != nil && (all || ptr.StorageClass == spv.StorageClassInput || ptr.StorageClass == spv.StorageClassOutput) {
			seen[ref.Root] = true
			out = append(out, fn.Context().SymbolRef(ref.Root))
		}
		return true
	})
	return out
}
