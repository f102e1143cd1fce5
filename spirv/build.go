package spirv

import (
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/spirv/spv"
)

// Constructors of the structural ops, for the lowering and the
// deserializer. Each returns a detached op; insert it with a Builder or
// Block.Append.

// NewModule returns an empty `spirv.module` (name may be "", vce nil).
func NewModule(ctx *ir.Context, name string, am spv.AddressingModel, mm spv.MemoryModel, vce *VCEAttr, loc ir.Location) *ir.Operation {
	attrs := []ir.NamedAttr{
		{Name: "addressing_model", Value: Enum(ctx, spv.KindAddressingModel, uint32(am))},
		{Name: "memory_model", Value: Enum(ctx, spv.KindMemoryModel, uint32(mm))},
	}
	if vce != nil {
		attrs = append(attrs, ir.NamedAttr{Name: "vce_triple", Value: vce})
	}
	if name != "" {
		attrs = append(attrs, ir.NamedAttr{Name: "sym_name", Value: ctx.StringAttr(name)})
	}
	r := ir.NewRegion()
	r.Append(ir.NewBlock(nil, nil))
	return ctx.NewOp(&ir.OpState{Name: moduleOp.Name, Loc: loc, Attrs: attrs, Regions: []*ir.Region{r}})
}

// NewFunc returns a `spirv.func` with an entry block whose arguments match t.
func NewFunc(ctx *ir.Context, name string, t *ir.FunctionType, control spv.FunctionControl, loc ir.Location) *ir.Operation {
	locs := make([]ir.Location, len(t.Inputs))
	for i := range locs {
		locs[i] = loc
	}
	r := ir.NewRegion()
	r.Append(ir.NewBlock(t.Inputs, locs))
	return ctx.NewOp(&ir.OpState{Name: funcOp.Name, Loc: loc, Regions: []*ir.Region{r}, Attrs: []ir.NamedAttr{
		{Name: "function_control", Value: Enum(ctx, spv.KindFunctionControl, uint32(control))},
		{Name: "function_type", Value: ctx.TypeAttr(t)},
		{Name: "sym_name", Value: ctx.StringAttr(name)},
	}})
}

// NewGlobalVariable returns a `spirv.GlobalVariable @name : t`; add
// descriptor_set and binding (i32) or built_in (string) attributes as needed.
func NewGlobalVariable(ctx *ir.Context, name string, t *PointerType, loc ir.Location) *ir.Operation {
	return ctx.NewOp(&ir.OpState{Name: globalVariableOp.Name, Loc: loc, Attrs: []ir.NamedAttr{
		{Name: "sym_name", Value: ctx.StringAttr(name)},
		{Name: "type", Value: ctx.TypeAttr(t)},
	}})
}
