package spirv

import (
	"strings"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/spirv/spv"
	"github.com/kiln-gpu/kiln/ub"
)

// Target and ABI attributes as the lowering reads them, the dialect's
// check of its discardable attributes, and constant materialization.

// LookupTargetEnv returns the spirv.target_env attribute of op or of its
// nearest ancestor that has one (MLIR's spirv::lookupTargetEnv), or nil.
func LookupTargetEnv(op *ir.Operation) *TargetEnvAttr {
	for o := op; o != nil; o = o.ParentOp() {
		for _, name := range []string{TargetEnvAttrName, "spv.target_env"} {
			if a, ok := o.Attr(name).(*TargetEnvAttr); ok {
				return a
			}
		}
	}
	return nil
}

// DefaultTargetEnv is MLIR's default: SPIR-V 1.0 with Shader and
// SPV_KHR_storage_buffer_storage_class, default resource limits.
func DefaultTargetEnv(ctx *ir.Context) *TargetEnvAttr {
	return NewTargetEnv(ctx, TargetEnv{
		VCE:      VCE(ctx, spv.MakeVersion(1, 0), []spv.Capability{spv.CapabilityShader}, []string{"SPV_KHR_storage_buffer_storage_class"}),
		DeviceID: UnknownDeviceID,
		Limits:   Limits(ctx, DefaultResourceLimits()),
	})
}

// LookupEntryPointABI returns a function's spirv.entry_point_abi, or nil.
func LookupEntryPointABI(fn *ir.Operation) *EntryPointABIAttr {
	for _, name := range []string{EntryPointABIAttrName, "spv.entry_point_abi"} {
		if a, ok := fn.Attr(name).(*EntryPointABIAttr); ok {
			return a
		}
	}
	return nil
}

// ArgInterfaceVarABI returns the spirv.interface_var_abi of argument i of
// a function-like op (from its arg_attrs), or nil.
func ArgInterfaceVarABI(fn *ir.Operation, i int) *InterfaceVarABIAttr {
	for _, name := range []string{InterfaceVarABIAttrName, "spv.interface_var_abi"} {
		if a, ok := argAttr(fn, i, name).(*InterfaceVarABIAttr); ok {
			return a
		}
	}
	return nil
}

// ArgDecoration returns the spirv.decoration of argument i of a function
// (Aliased, RestrictPointer), or nil.
func ArgDecoration(fn *ir.Operation, i int) ir.Attribute {
	return argAttr(fn, i, "spirv.decoration")
}

// argAttr returns attribute name of argument i of a function-like op (from
// its arg_attrs), or nil.
func argAttr(fn *ir.Operation, i int, name string) ir.Attribute {
	arr, ok := fn.Attr("arg_attrs").(*ir.ArrayAttr)
	if !ok || i >= len(arr.Elems) {
		return nil
	}
	d, ok := arr.Elems[i].(*ir.DictionaryAttr)
	if !ok {
		return nil
	}
	return d.Get(name)
}

// verifyAttr checks the dialect's discardable attributes on ops (MLIR's
// SPIRVDialect::verifyOperationAttribute).
func verifyAttr(op *ir.Operation, a ir.NamedAttr) error {
	_, name, _ := strings.Cut(a.Name, ".")
	switch name {
	case "entry_point_abi":
		if _, ok := a.Value.(*EntryPointABIAttr); !ok {
			return op.Errorf("'%s' attribute must be an entry point ABI attribute", a.Name)
		}
	case "target_env":
		if _, ok := a.Value.(*TargetEnvAttr); !ok {
			return op.Errorf("'%s' must be a spirv::TargetEnvAttr", a.Name)
		}
	case "loop_control": // for the spirv.mlir.loop an SCF op converts to
		if e, ok := a.Value.(*EnumAttr); !ok || e.Kind != spv.KindLoopControl {
			return op.Errorf("'%s' must be a spirv::LoopControlAttr", a.Name)
		}
	case "selection_control": // for the spirv.mlir.selection an SCF op converts to
		if e, ok := a.Value.(*EnumAttr); !ok || e.Kind != spv.KindSelectionControl {
			return op.Errorf("'%s' must be a spirv::SelectionControlAttr", a.Name)
		}
	default:
		return op.Errorf("found unsupported '%s' attribute on operation", a.Name)
	}
	return nil
}

// verifyArgAttr checks the dialect's attributes on a function argument
// (MLIR's SPIRVDialect::verifyRegionArgAttribute).
func verifyArgAttr(op *ir.Operation, i int, a ir.NamedAttr) error {
	_, name, _ := strings.Cut(a.Name, ".")
	switch name {
	case "interface_var_abi":
		abi, ok := a.Value.(*InterfaceVarABIAttr)
		if !ok {
			return ir.Errorf(op.Loc(), "'%s' must be a spirv::InterfaceVarABIAttr", a.Name)
		}
		if ft := ir.FunctionTypeOf(op); abi.HasStorageClass && ft != nil && i < len(ft.Inputs) && !ir.IsIntOrIndex(ft.Inputs[i]) && !ir.IsFloat(ft.Inputs[i]) {
			return ir.Errorf(op.Loc(), "'%s' attribute cannot specify storage class when attaching to a non-scalar value", a.Name)
		}
		return nil
	case "decoration":
		if d, ok := a.Value.(*EnumAttr); ok && d.Kind == spv.KindDecoration {
			return nil
		}
	}
	return ir.Errorf(op.Loc(), "found unsupported '%s' attribute on region argument", a.Name)
}

// verifyResultAttr: no SPIR-V attribute goes on a function result.
func verifyResultAttr(op *ir.Operation, _ int, _ ir.NamedAttr) error {
	return ir.Errorf(op.Loc(), "cannot attach SPIR-V attributes to region result")
}

// materializeConstant builds a spirv.Constant for a folded value of a
// scalar or vector type, or returns nil.
func materializeConstant(b *ir.Builder, value ir.Attribute, t ir.Type, loc ir.Location) *ir.Operation {
	if op := ub.BuildPoison(b, value, t, loc); op != nil {
		return op
	}
	ta, ok := value.(ir.TypedAttr)
	if !ok || ta.Type() != t || !scalarOrVector.OK(t) {
		return nil
	}
	switch value.(type) {
	case *ir.IntegerAttr, *ir.FloatAttr, *ir.DenseElementsAttr:
		return NewConstant(b, value, t, loc).DefiningOp()
	}
	return nil
}

// NewConstant inserts `spirv.Constant value : t` with b and returns its result.
func NewConstant(b *ir.Builder, value ir.Attribute, t ir.Type, loc ir.Location) *ir.Value {
	rt := [1]ir.Type{t}
	return b.CreateOp(constantOp.Name, loc, nil, rt[:], ir.NamedAttr{Name: "value", Value: value}).Result(0)
}
