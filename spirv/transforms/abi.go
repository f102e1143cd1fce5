package transforms

import (
	"fmt"
	"strconv"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/spirv"
	"github.com/kiln-gpu/kiln/spirv/spv"
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

func lowerABI(module *ir.Operation) error { return lowerABIWith(module, maxWorkers(module.Context())) }

// lowerABIWith lowers module's ABI with up to w goroutines. Functions
// are isolated from above: each is prepared (its interface variables
// built, not yet inserted) and later rewritten on any goroutine. The
// module's body changes on this goroutine only, in function order, so
// that names and places are those of one walk in order: the variables are
// declared before their function, renamed where their name is taken, and
// the entry point ops appended at the end.
func lowerABIWith(module *ir.Operation, w int) error {
	env := spirv.LookupTargetEnv(module)
	if env == nil {
		return module.Errorf("missing SPIR-V target env attribute")
	}
	if module.NumRegions() == 0 || module.Region(0).Empty() {
		return nil
	}
	body := module.Region(0).Entry()
	ops := body.OpList()
	prepared := make([]*entryArgs, len(ops))
	caps := targetCaps(env)
	kernel := !caps[spv.CapabilityShader] && caps[spv.CapabilityKernel]
	// An error skips the functions after it, which declare never reaches.
	_ = ir.ParallelForN(parallelism(w, len(ops)), len(ops), func(i int) error {
		if prepared[i] = prepareEntry(ops[i], kernel); prepared[i] != nil {
			return prepared[i].err
		}
		return nil
	})
	size := len(ops)
	for _, e := range prepared {
		if e != nil {
			size += len(e.vars)
		}
	}
	symbols := make(map[string]*ir.Operation, size)
	for _, o := range ops {
		if n := ir.SymbolName(o); n != "" {
			symbols[n] = o
		}
	}
	if err := existingEntryPoints(ops, prepared); err != nil {
		return err
	}
	entries, err := declare(prepared, symbols)
	ep := newEntryPoints(env, symbols)
	if err == nil && len(entries) > 0 {
		err = ep.selectModel(entries[0].fn)
	}
	// After an error, the functions before the failing one are still
	// rewritten, as a pass in order leaves them; entry points are only
	// added once every function is.
	points := make([][]*ir.Operation, len(entries))
	_ = ir.ParallelForN(parallelism(w, len(entries)), len(entries), func(i int) error {
		entries[i].rewrite()
		if err == nil {
			points[i] = ep.lower(entries[i].fn)
		}
		return nil
	})
	if err != nil {
		return err
	}
	b := ir.NewBuilder(module.Context())
	b.SetInsertionPointToEnd(body)
	for _, ops := range points {
		for _, op := range ops {
			b.Insert(op)
		}
	}
	return nil
}

// declare inserts the interface variables of the prepared functions
// before them, in order, and returns the entry functions; on an error,
// those before the failing one, whose variables made before the error are
// declared as well.
func declare(prepared []*entryArgs, symbols map[string]*ir.Operation) ([]*entryArgs, error) {
	var entries []*entryArgs
	for _, e := range prepared {
		if e == nil {
			continue
		}
		b := ir.NewBuilder(e.fn.Context())
		b.SetInsertionPointBefore(e.fn)
		for i := range e.vars {
			v := &e.vars[i]
			if name := uniqueName(v.name, symbols); name != v.name {
				v.op.SetAttr("sym_name", e.fn.Context().StringAttr(name))
				v.name = name
			}
			b.Insert(v.op)
			symbols[v.name] = v.op
		}
		if e.err != nil {
			return entries, e.err
		}
		entries = append(entries, e)
	}
	return entries, nil
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

// entryArgs is an entry function and the interface variables of its
// arguments: vars[i] replaces argument i. An error (err) stops the list
// at the argument it is about.
// existingEntryPoints refuses a spirv.EntryPoint already written for a
// function whose spirv.entry_point_abi the pass would turn into another:
// the module would declare the entry point twice.
func existingEntryPoints(ops []*ir.Operation, prepared []*entryArgs) error {
	lowered := map[string]bool{}
	for _, e := range prepared {
		if e != nil && e.err == nil {
			lowered[ir.SymbolName(e.fn)] = true
		}
	}
	for _, o := range ops {
		if o.Name() != "spirv.EntryPoint" {
			continue
		}
		if ref, ok := o.Attr("fn").(*ir.SymbolRefAttr); ok && lowered[ref.Root] {
			return o.Errorf("duplicates the entry point that spirv.entry_point_abi on @%s asks for", ref.Root)
		}
	}
	return nil
}

type entryArgs struct {
	fn       *ir.Operation
	ft       *ir.FunctionType
	vars     []interfaceVar
	keepArgs bool // no argument has an interface_var_abi: none is replaced
	err      error
}

// interfaceVar is a spirv.GlobalVariable with its type and name.
type interfaceVar struct {
	op   *ir.Operation
	typ  *spirv.PointerType
	name string
}

// prepareEntry builds the interface variables of op's arguments, not yet
// inserted and named as if no name were taken, if op is an entry function;
// it returns nil for other ops, unless they are in error.
// A Kernel's arguments without any interface_var_abi stay arguments, as
// MLIR leaves them (OpenCL kernels take parameters); a GLCompute entry
// point cannot, so there each argument needs one.
func prepareEntry(op *ir.Operation, kernel bool) *entryArgs {
	if op.Name() != "spirv.func" {
		return nil
	}
	if spirv.LookupEntryPointABI(op) == nil {
		if i := firstABIArg(op); i >= 0 {
			return &entryArgs{fn: op, err: op.Errorf("argument #%d has a 'spirv.interface_var_abi' but the function has no 'spirv.entry_point_abi'", i)}
		}
		return nil
	}
	e := &entryArgs{fn: op, ft: funcType(op)}
	if kernel && len(e.ft.Inputs) > 0 && firstABIArg(op) < 0 {
		e.keepArgs = true
		return e
	}
	e.err = e.prepareArguments()
	return e
}

func (e *entryArgs) prepareArguments() error {
	fn, ft := e.fn, e.ft
	ctx := fn.Context()
	if fn.NumRegions() == 0 || fn.Region(0).Empty() {
		return fn.Errorf("entry point function has no body")
	}
	if n := fn.Region(0).Entry().NumArgs(); n != len(ft.Inputs) {
		return fn.Errorf("entry block has %d arguments, want %d as in the function type", n, len(ft.Inputs))
	}
	e.vars = make([]interfaceVar, 0, len(ft.Inputs))
	for i, t := range ft.Inputs {
		abi := spirv.ArgInterfaceVarABI(fn, i)
		if abi == nil {
			return fn.Errorf("argument #%d has no 'spirv.interface_var_abi' attribute", i)
		}
		varType, err := interfaceVarType(ctx, t, abi)
		if err != nil {
			return fn.Errorf("argument #%d: %v", i, err)
		}
		name := ir.SymbolName(fn) + "_arg_" + strconv.Itoa(i)
		v := spirv.NewGlobalVariable(ctx, name, varType, fn.Loc())
		v.SetAttr("descriptor_set", ctx.I32Attr(int64(abi.DescriptorSet)))
		v.SetAttr("binding", ctx.I32Attr(int64(abi.Binding)))
		e.vars = append(e.vars, interfaceVar{v, varType, name})
	}
	return nil
}

// rewrite replaces each argument of the function by its interface
// variable. It changes nothing outside the function.
func (e *entryArgs) rewrite() {
	if e.keepArgs {
		return
	}
	ctx, fn, ft := e.fn.Context(), e.fn, e.ft
	loc := fn.Loc()
	entry := fn.Region(0).Entry()
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
		t, varType := ft.Inputs[i], e.vars[i].typ
		repl := b.Create(&ir.OpState{Name: "spirv.mlir.addressof", Loc: loc, ResultTypes: []ir.Type{varType},
			Attrs: []ir.NamedAttr{{Name: "variable", Value: ctx.SymbolRef(e.vars[i].name)}}}).Result(0)
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
