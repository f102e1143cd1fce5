package transforms

import (
	"fmt"
	"strconv"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/spirv"
)

// LowerABI lowers the shader ABI attributes of the entry points of op, a
// spirv.module, or of every spirv.module in op (MLIR's
// LowerABIAttributesPass): every argument of a spirv.func with
// `spirv.entry_point_abi` becomes a spirv.GlobalVariable @fn_arg_N bound
// at the (set, binding) of its `spirv.interface_var_abi`, with a Vulkan
// layout; scalar and vector arguments are wrapped in a struct in the
// storage class the ABI names and loaded at function entry. The function
// then takes no arguments, and gets a spirv.EntryPoint (with the variables
// it uses as interface: all of them from SPIR-V 1.4, only Input and Output
// before) and LocalSize / SubgroupSize execution modes.
func LowerABI(op *ir.Operation) error { return eachModule(op, lowerABI) }

func lowerABI(module *ir.Operation) error {
	env := spirv.LookupTargetEnv(module)
	if env == nil {
		return module.Errorf("missing SPIR-V target env attribute")
	}
	if module.NumRegions() == 0 || module.Region(0).Empty() {
		return nil
	}
	body := module.Region(0).Entry()
	symbols := map[string]*ir.Operation{}
	for o := range body.Ops() {
		if n := ir.SymbolName(o); n != "" {
			symbols[n] = o
		}
	}
	var entries []*ir.Operation
	for _, fn := range body.OpList() {
		if fn.Name() != "spirv.func" {
			continue
		}
		if spirv.LookupEntryPointABI(fn) == nil {
			if i := firstABIArg(fn); i >= 0 {
				return fn.Errorf("argument #%d has a 'spirv.interface_var_abi' but the function has no 'spirv.entry_point_abi'", i)
			}
			continue
		}
		if err := lowerArguments(fn, symbols); err != nil {
			return err
		}
		entries = append(entries, fn)
	}
	for _, fn := range entries {
		if err := lowerEntryPoint(fn, env, symbols); err != nil {
			return err
		}
	}
	return nil
}

// firstABIArg returns the first argument of fn with an interface_var_abi, or -1.
func firstABIArg(fn *ir.Operation) int {
	for i := range funcType(fn).Inputs {
		if spirv.ArgInterfaceVarABI(fn, i) != nil {
			return i
		}
	}
	return -1
}

func funcType(fn *ir.Operation) *ir.FunctionType {
	if ta, ok := fn.Attr("function_type").(*ir.TypeAttr); ok {
		if ft, ok := ta.Value.(*ir.FunctionType); ok {
			return ft
		}
	}
	return &ir.FunctionType{}
}

// lowerArguments replaces each argument of fn by its interface variable.
func lowerArguments(fn *ir.Operation, symbols map[string]*ir.Operation) error {
	ctx := fn.Context()
	ft := funcType(fn)
	if fn.NumRegions() == 0 || fn.Region(0).Empty() {
		return fn.Errorf("entry point function has no body")
	}
	entry := fn.Region(0).Entry()
	if entry.NumArgs() != len(ft.Inputs) {
		return fn.Errorf("entry block has %d arguments, want %d as in the function type", entry.NumArgs(), len(ft.Inputs))
	}
	loc := fn.Loc()
	vars := make([]*spirv.PointerType, len(ft.Inputs))
	names := make([]string, len(ft.Inputs))
	gb := ir.NewBuilder(ctx)
	gb.SetInsertionPointBefore(fn)
	for i, t := range ft.Inputs {
		abi := spirv.ArgInterfaceVarABI(fn, i)
		if abi == nil {
			return fn.Errorf("argument #%d has no 'spirv.interface_var_abi' attribute", i)
		}
		varType, err := interfaceVarType(ctx, t, abi)
		if err != nil {
			return fn.Errorf("argument #%d: %v", i, err)
		}
		name := uniqueName(ir.SymbolName(fn)+"_arg_"+strconv.Itoa(i), symbols)
		v := spirv.NewGlobalVariable(ctx, name, varType, loc)
		v.SetAttr("descriptor_set", ctx.I32Attr(int64(abi.DescriptorSet)))
		v.SetAttr("binding", ctx.I32Attr(int64(abi.Binding)))
		gb.Insert(v)
		symbols[name] = v
		vars[i], names[i] = varType, name
	}
	// Pointer arguments first, then scalars loaded from their structs, each
	// in argument order: the order MLIR's conversion leaves them in.
	var order []int
	for _, scalars := range []bool{false, true} {
		for i, t := range ft.Inputs {
			if isScalarOrVector(t) == scalars {
				order = append(order, i)
			}
		}
	}
	b := ir.NewBuilder(ctx)
	b.SetInsertionPointToStart(entry)
	for _, i := range order {
		t, varType := ft.Inputs[i], vars[i]
		repl := b.Create(&ir.OpState{Name: "spirv.mlir.addressof", Loc: loc, ResultTypes: []ir.Type{varType},
			Attrs: []ir.NamedAttr{{Name: "variable", Value: ctx.SymbolRef(names[i])}}}).Result(0)
		if isScalarOrVector(t) {
			zero := spirv.NewConstant(b, ctx.I32Attr(0), ctx.I(32), loc)
			elem := spirv.Pointer(ctx, t, varType.StorageClass)
			ptr := b.Create(&ir.OpState{Name: "spirv.AccessChain", Loc: loc, Operands: []*ir.Value{repl, zero},
				ResultTypes: []ir.Type{elem}}).Result(0)
			repl = b.Create(&ir.OpState{Name: "spirv.Load", Loc: loc, Operands: []*ir.Value{ptr},
				ResultTypes: []ir.Type{t}}).Result(0)
		}
		if arg := entry.Arg(i); arg.Type() != repl.Type() && arg.HasUses() {
			// The layout changed the pointer type: bridge old uses as MLIR does.
			repl = b.Create(&ir.OpState{Name: "spirv.Bitcast", Loc: loc, Operands: []*ir.Value{repl},
				ResultTypes: []ir.Type{arg.Type()}}).Result(0)
		}
		entry.Arg(i).ReplaceAllUsesWith(repl)
	}
	for entry.NumArgs() > 0 {
		entry.EraseArgument(entry.NumArgs() - 1)
	}
	fn.SetAttr("function_type", ctx.TypeAttr(ctx.FunctionType(nil, ft.Results)))
	fn.RemoveAttr("arg_attrs")
	return nil
}

// interfaceVarType is the type of the variable for an argument of type t:
// scalars and vectors are wrapped in a struct in the ABI's storage class;
// pointers to structs get a Vulkan layout; sampled images stay as they are.
func interfaceVarType(ctx *ir.Context, t ir.Type, abi *spirv.InterfaceVarABIAttr) (*spirv.PointerType, error) {
	if isScalarOrVector(t) {
		if !abi.HasStorageClass {
			return nil, fmt.Errorf("a %s argument needs a storage class in its 'spirv.interface_var_abi'", ir.TypeString(t))
		}
		t = spirv.Pointer(ctx, spirv.Struct(ctx, []ir.Type{t}, nil, nil), abi.StorageClass)
	}
	ptr, ok := t.(*spirv.PointerType)
	if !ok {
		return nil, fmt.Errorf("type %s is neither a scalar, a vector nor a pointer", ir.TypeString(t))
	}
	switch pointee := ptr.Pointee.(type) {
	case *spirv.SampledImageType:
		return ptr, nil
	case *spirv.StructType:
		d, err := decorateStruct(ctx, pointee)
		if err != nil {
			return nil, err
		}
		return spirv.Pointer(ctx, d, ptr.StorageClass), nil
	}
	return nil, fmt.Errorf("pointee type %s is not a struct", ir.TypeString(ptr.Pointee))
}

func isScalarOrVector(t ir.Type) bool {
	switch t := t.(type) {
	case *ir.IntegerType, *ir.FloatType:
		return true
	case *ir.VectorType:
		return isScalarOrVector(t.Elem)
	}
	return false
}

// uniqueName returns name, or name_N for the first N that is free.
func uniqueName(name string, symbols map[string]*ir.Operation) string {
	if symbols[name] == nil {
		return name
	}
	for n := 1; ; n++ {
		if c := name + "_" + strconv.Itoa(n); symbols[c] == nil {
			return c
		}
	}
}

// varPointer returns the pointer type of a spirv.GlobalVariable, or nil.
func varPointer(v *ir.Operation) *spirv.PointerType {
	if ta, ok := v.Attr("type").(*ir.TypeAttr); ok {
		p, _ := ta.Value.(*spirv.PointerType)
		return p
	}
	return nil
}
