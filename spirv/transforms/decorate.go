package transforms

import (
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/pass"
	"github.com/kiln-gpu/kiln/spirv"
	"github.com/kiln-gpu/kiln/spirv/spv"
)

// DecorateLayout returns the decorate-spirv-composite-type-layout pass.
func DecorateLayout() *pass.Pass {
	return &pass.Pass{
		Name:     "DecorateSPIRVCompositeTypeLayoutPass",
		Argument: "decorate-spirv-composite-type-layout",
		Summary:  "Decorate SPIR-V composite type with layout info",
		OpName:   "builtin.module",
		Run:      func(op *ir.Operation, _ *pass.Context) error { return eachModule(op, decorateLayout) },
	}
}

// decorateLayout lays out, with Vulkan's rules, the struct of every global
// variable of an interface storage class that has no offsets yet, and
// gives the addresses of those variables and the access chains and loads
// through them the new types (MLIR's DecorateSPIRVCompositeTypeLayoutPass).
func decorateLayout(module *ir.Operation) error {
	ctx := module.Context()
	retyped := map[string]*spirv.PointerType{}
	for op := range module.Region(0).Entry().Ops() {
		if op.Name() != "spirv.GlobalVariable" {
			continue
		}
		pt := varPointer(op)
		if pt == nil {
			continue
		}
		st, ok := pt.Pointee.(*spirv.StructType)
		if !ok || !needsLayout(pt.StorageClass, st) {
			continue
		}
		d, err := decorateStruct(ctx, st)
		if err != nil {
			// Two errors, as MLIR's pattern and then its conversion driver
			// report them.
			ctx.Emit(op.EmitErrorf("failed to decorate (unsuported pointee type: '%s')", ir.TypeString(st)))
			return op.EmitErrorf("failed to legalize operation '%s'", op.Name())
		}
		np := spirv.Pointer(ctx, d, pt.StorageClass)
		op.SetAttr("type", ctx.TypeAttr(np))
		retyped[ir.SymbolName(op)] = np
	}
	if len(retyped) == 0 {
		return nil
	}
	module.Walk(func(op *ir.Operation) bool {
		if op.Name() != "spirv.mlir.addressof" {
			return true
		}
		if ref, ok := op.Attr("variable").(*ir.SymbolRefAttr); ok && retyped[ref.Root] != nil {
			retype(ctx, op.Result(0), retyped[ref.Root])
		}
		return true
	})
	return nil
}

// needsLayout reports a struct of an interface storage class without
// offsets (MLIR's VulkanLayoutUtils::isLegalType, negated).
func needsLayout(sc spv.StorageClass, st *spirv.StructType) bool {
	switch sc {
	case spv.StorageClassUniform, spv.StorageClassStorageBuffer, spv.StorageClassPushConstant,
		spv.StorageClassPhysicalStorageBuffer:
		return !st.HasOffsets() && st.NumMembers() > 0
	}
	return false
}

// retype gives pointer v type t, and the access chains through it and
// the values loaded from them their types under t.
func retype(ctx *ir.Context, v *ir.Value, t *spirv.PointerType) {
	v.SetType(t)
	for use := range v.Uses() {
		user := use.Owner()
		switch user.Name() {
		case "spirv.AccessChain", "spirv.PtrAccessChain", "spirv.InBoundsPtrAccessChain":
			if use.Index() != 0 {
				continue
			}
			indices := user.Operands()[1:]
			if user.Name() != "spirv.AccessChain" {
				indices = indices[1:] // the first steps over elements of the base
			}
			if p := chainType(ctx, t, indices); p != nil && p != user.Result(0).Type() {
				retype(ctx, user.Result(0), p)
			}
		case "spirv.Load":
			user.Result(0).SetType(t.Pointee)
		}
	}
}

// chainType is the type of an access chain with indices into t, or nil.
func chainType(ctx *ir.Context, t *spirv.PointerType, indices []*ir.Value) *spirv.PointerType {
	e := t.Pointee
	for _, idx := range indices {
		var i int64
		if c, ok := spirv.ConstantValue(idx).(*ir.IntegerAttr); ok {
			i = c.Int()
		}
		if e = spirv.ElementType(e, i); e == nil {
			return nil
		}
	}
	return spirv.Pointer(ctx, e, t.StorageClass)
}
