package spirv

import (
	"slices"
	"strings"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/spirv/spv"
)

// Module-level ops: spirv.module, spirv.func, spirv.EntryPoint,
// spirv.ExecutionMode, spirv.GlobalVariable.

// moduleOp: `spirv.module [@name] Logical GLSL450 [requires #spirv.vce<...>] [attributes {...}] { ... }`.
var moduleOp = &ir.OpDef{
	Name:    "spirv.module",
	Summary: "A SPIR-V module: addressing and memory model, required version, capabilities and extensions, and its global ops.",
	Example: "spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class]> {\n" +
		"  spirv.func @main() \"None\" {\n    spirv.Return\n  }\n  spirv.EntryPoint \"GLCompute\" @main\n}",
	Traits:   ir.IsolatedFromAbove | ir.NoTerminator | ir.SingleBlock | ir.SymbolTable,
	Regions:  ir.Exactly(1),
	Inherent: []string{"addressing_model", "memory_model", "vce_triple", "sym_name"},
	Parse: func(p *ir.OpParser, st *ir.OpState) error {
		ctx := p.Context()
		if name, ok, err := p.ParseOptionalSymbolName(); err != nil {
			return err
		} else if ok {
			st.AddAttr("sym_name", ctx.StringAttr(name))
		}
		am, err := parseModuleEnum(p, st, spv.KindAddressingModel)
		if err != nil {
			return err
		}
		mm, err := parseModuleEnum(p, st, spv.KindMemoryModel)
		if err != nil {
			return err
		}
		st.AddAttr("addressing_model", Enum(ctx, spv.KindAddressingModel, am))
		st.AddAttr("memory_model", Enum(ctx, spv.KindMemoryModel, mm))
		if p.ParseOptionalKeyword("requires") {
			at := p.Pos()
			a, err := p.ParseAttribute(nil)
			if err != nil {
				return err
			}
			if _, ok := a.(*VCEAttr); !ok {
				return ir.Errorf(p.LocAt(at), "expected #spirv.vce attribute")
			}
			st.AddAttr("vce_triple", a)
		}
		_, err = ir.ParseAttrDictAndBody(p, st)
		return err
	},
	Print: func(p *ir.OpPrinter, op *ir.Operation) {
		if n, ok := op.Attr("sym_name").(*ir.StringAttr); ok {
			p.WriteString(" ")
			p.SymbolName(n.Value)
		}
		for _, name := range []string{"addressing_model", "memory_model"} {
			if e := enumAttr(op, name); e != nil {
				p.WriteString(" " + e.Name())
			}
		}
		if v := op.Attr("vce_triple"); v != nil {
			p.WriteString(" requires ")
			p.Attr(v)
		}
		p.OptionalAttrDictWithKeyword(op.Attrs(), "addressing_model", "memory_model", "vce_triple", "sym_name")
		p.WriteString(" ")
		p.Region(op.Region(0), false, false)
	},
	Verify: func(op *ir.Operation) error {
		if err := checkEnumAttr(op, "addressing_model", spv.KindAddressingModel, false); err != nil {
			return err
		}
		if err := checkEnumAttr(op, "memory_model", spv.KindMemoryModel, false); err != nil {
			return err
		}
		if a := op.Attr("vce_triple"); a != nil {
			if _, ok := a.(*VCEAttr); !ok {
				return op.Errorf("attribute 'vce_triple' failed to satisfy constraint: #spirv.vce attribute")
			}
		}
		if op.Region(0).Empty() {
			return nil
		}
		type entry struct {
			fn    *ir.Operation
			model uint32
		}
		entries := map[entry]bool{}
		for o := range op.Region(0).Entry().Ops() {
			if o.DialectName() != "spirv" && o.DialectName() != "spv" {
				return o.Errorf("'spirv.module' can only contain spirv.* ops")
			}
			if o.Name() == "spirv.func" {
				if err := verifyFuncInModule(o); err != nil {
					return err
				}
				continue
			}
			if o.Name() == "spirv.GlobalVariable" {
				continue
			}
			if ep := o.Name() == "spirv.EntryPoint" || o.Name() == "spirv.ExecutionMode" || o.Name() == "spirv.ExecutionModeId"; ep {
				ref, _ := o.Attr("fn").(*ir.SymbolRefAttr)
				if ref == nil {
					continue
				}
				f := ir.LookupSymbol(op, ref.Root)
				if f == nil {
					return o.Errorf("function '%s' not found in 'spirv.module'", ref.Root)
				}
				if f.Name() != "spirv.func" {
					return o.Errorf("'%s' is not a spirv.func", ref.Root)
				}
				if m := enumAttr(o, "execution_model"); m != nil && o.Name() == "spirv.EntryPoint" {
					if entries[entry{f, m.Value}] {
						return o.Errorf("duplicate of a previous EntryPointOp")
					}
					entries[entry{f, m.Value}] = true
				}
			}
		}
		return nil
	},
}

// parseModuleEnum parses spirv.module's addressing or memory model keyword.
func parseModuleEnum(p *ir.OpParser, st *ir.OpState, k *spv.OperandKind) (uint32, error) {
	at := p.Pos()
	s, err := p.ParseKeywordAny()
	if err != nil {
		return 0, customOpError(st, p.LocAt(at), "expected valid keyword")
	}
	v, ok := ParseEnum(k, s)
	if !ok {
		return 0, customOpError(st, p.LocAt(at), "invalid %s attribute specification: %s", snakeCase(k.Name), s)
	}
	return v, nil
}

// verifyFuncInModule checks what spirv.module requires of its functions:
// external ones import their definition, and bodies hold spirv ops only.
func verifyFuncInModule(f *ir.Operation) error {
	if f.Region(0).Empty() {
		if l, ok := f.Attr("linkage_attributes").(*LinkageAttr); !ok || l.Type != spv.LinkageTypeImport {
			return f.Errorf("'spirv.module' cannot contain external functions without 'Import' linkage_attributes (LinkageAttributes)")
		}
		return nil
	}
	for b := range f.Region(0).Blocks() {
		for o := range b.Ops() {
			if o.DialectName() != "spirv" && o.DialectName() != "spv" {
				return o.Errorf("functions in 'spirv.module' can only contain spirv.* ops")
			}
		}
	}
	return nil
}

// ModuleVCE returns a spirv.module's vce_triple, or nil.
func ModuleVCE(op *ir.Operation) *VCEAttr {
	v, _ := op.Attr("vce_triple").(*VCEAttr)
	return v
}

// funcOp: `spirv.func @name(%a: T) -> R "Control" [attributes {...}] [{ ... }]`.
var funcOp = &ir.OpDef{
	Name:     "spirv.func",
	Summary:  "A SPIR-V function with its function control.",
	Example:  "spirv.func @add(%arg0: i32, %arg1: i32) -> i32 \"Inline|Pure\" {\n  %0 = spirv.IAdd %arg0, %arg1 : i32\n  spirv.ReturnValue %0 : i32\n}",
	Traits:   ir.IsolatedFromAbove | ir.Symbol | ir.AutomaticAllocationScope,
	Regions:  ir.Exactly(1),
	Inherent: []string{"sym_name", "function_type", "arg_attrs", "res_attrs", "function_control", "linkage_attributes"},
	Parse:    parseFunc,
	Print:    printFunc,
	Verify:   verifyFunc,
}

func parseFunc(p *ir.OpParser, st *ir.OpState) error {
	ctx := p.Context()
	name, err := p.ParseSymbolName()
	if err != nil {
		return err
	}
	args, argAttrs, results, err := parseSignature(p)
	if err != nil {
		return err
	}
	at := p.Pos()
	fc, err := p.ParseString()
	if err != nil {
		return ir.Errorf(p.LocAt(at), "expected function_control attribute specified as string")
	}
	v, ok := ParseEnum(spv.KindFunctionControl, fc)
	if !ok {
		return ir.Errorf(p.LocAt(at), "invalid function_control attribute specification: \"%s\"", fc)
	}
	if err := p.ParseOptionalAttrDictWithKeyword(); err != nil {
		return err
	}
	return parseFunctionBody(p, st, name, args, argAttrs, results,
		ir.NamedAttr{Name: "function_control", Value: Enum(ctx, spv.KindFunctionControl, v)})
}

// parseFunctionBody records a function-like op's signature (arg_attrs,
// the extra properties, function_type, sym_name) and parses its optional
// body, whose entry block takes the named arguments.
func parseFunctionBody(p *ir.OpParser, st *ir.OpState, name string, args []ir.Argument, argAttrs [][]ir.NamedAttr, results []ir.Type, extra ...ir.NamedAttr) error {
	ctx := p.Context()
	inputs := make([]ir.Type, len(args))
	for i, a := range args {
		inputs[i] = a.Type
	}
	if a := ir.DictArrayAttr(ctx, argAttrs); a != nil {
		st.Props = append(st.Props, ir.NamedAttr{Name: "arg_attrs", Value: a})
	}
	st.Props = append(append(st.Props, extra...),
		ir.NamedAttr{Name: "function_type", Value: ctx.TypeAttr(ctx.FunctionType(inputs, results))},
		ir.NamedAttr{Name: "sym_name", Value: ctx.StringAttr(name)})
	body := st.AddRegion()
	if !p.IsRegion() {
		return nil
	}
	var entry []ir.Argument
	if len(args) > 0 && args[0].Name != "" {
		entry = args
	}
	return p.ParseRegion(body, entry)
}

// parseSignature parses a function-like op's `(%a: T {attrs}, ...) -> R`
// (spirv.func, spirv.ARM.Graph); arguments are all named or all types.
func parseSignature(p *ir.OpParser) (args []ir.Argument, argAttrs [][]ir.NamedAttr, results []ir.Type, err error) {
	if err := p.ParsePunct("("); err != nil {
		return nil, nil, nil, err
	}
	if !p.ParseOptionalPunct(")") {
		named := p.IsOperand() // arguments are all named or all types
		for {
			if named && !p.IsOperand() {
				return nil, nil, nil, p.Errorf("expected SSA identifier")
			}
			if named {
				a, attrs, err := p.ParseArgumentWithAttrs()
				if err != nil {
					return nil, nil, nil, err
				}
				args, argAttrs = append(args, a), append(argAttrs, attrs)
			} else {
				t, err := p.ParseType()
				if err != nil {
					return nil, nil, nil, err
				}
				attrs, err := p.Parser.ParseOptionalAttrDict()
				if err != nil {
					return nil, nil, nil, err
				}
				args, argAttrs = append(args, ir.Argument{Type: t}), append(argAttrs, attrs)
			}
			if !p.ParseOptionalPunct(",") {
				break
			}
		}
		if err := p.ParsePunct(")"); err != nil {
			return nil, nil, nil, err
		}
	}
	if p.ParseOptionalPunct("->") {
		if results, err = p.ParseFunctionResults(); err != nil {
			return nil, nil, nil, err
		}
	}
	return args, argAttrs, results, nil
}

// FuncType returns a spirv.func's signature, or nil.
func FuncType(op *ir.Operation) *ir.FunctionType { return ir.FunctionTypeOf(op) }

func printFunc(p *ir.OpPrinter, op *ir.Operation) {
	p.WriteString(" ")
	ir.PrintSymbolNameAttr(p, op, "sym_name")
	named := printSignature(p, op)
	body := op.Region(0)
	fc := "None"
	if e := enumAttr(op, "function_control"); e != nil {
		fc = e.Name()
	}
	p.WriteString(" \"" + fc + "\"")
	p.OptionalAttrDictWithKeyword(op.Attrs(), "sym_name", "function_type", "arg_attrs", "res_attrs", "function_control")
	if !body.Empty() {
		p.WriteString(" ")
		p.Region(body, !named, true)
	}
}

// printSignature writes a function-like op's `(%a: T, ...) -> R`, with
// the entry block's arguments when the body has them (it returns whether
// it did).
func printSignature(p *ir.OpPrinter, op *ir.Operation) bool {
	ft := FuncType(op)
	if ft == nil {
		ft = op.Context().FunctionType(nil, nil)
	}
	body := op.Region(0)
	named := !body.Empty() && body.Entry().NumArgs() == len(ft.Inputs)
	var argAttrs *ir.ArrayAttr
	if a, ok := op.Attr("arg_attrs").(*ir.ArrayAttr); ok && len(a.Elems) == len(ft.Inputs) {
		argAttrs = a
	}
	p.WriteString("(")
	for i, t := range ft.Inputs {
		if i > 0 {
			p.WriteString(", ")
		}
		var attrs []ir.NamedAttr
		if argAttrs != nil {
			if d, ok := argAttrs.Elems[i].(*ir.DictionaryAttr); ok {
				attrs = d.Entries
			}
		}
		if named {
			p.ArgumentWithAttrs(body.Entry().Arg(i), attrs)
		} else {
			p.Type(t)
			p.OptionalAttrDict(attrs)
		}
	}
	p.WriteString(")")
	if len(ft.Results) > 0 {
		p.WriteString(" -> ")
		_, isFn := ft.Results[0].(*ir.FunctionType)
		if len(ft.Results) > 1 || isFn {
			p.WriteString("(")
			p.TypeList(ft.Results)
			p.WriteString(")")
		} else {
			p.Type(ft.Results[0])
		}
	}
	return named
}

func verifyFunc(op *ir.Operation) error {
	ft := FuncType(op)
	if ft == nil {
		return op.Errorf("requires attribute 'function_type' of function type")
	}
	if err := checkEnumAttr(op, "function_control", spv.KindFunctionControl, false); err != nil {
		return err
	}
	if len(ft.Results) > 1 {
		return op.Errorf("cannot have more than one result")
	}
	if err := verifyPhysicalBufferArgs(op, ft); err != nil {
		return err
	}
	for _, part := range []struct{ attr, whats string }{{"arg_attrs", "arguments"}, {"res_attrs", "results"}} {
		arr, _ := op.Attr(part.attr).(*ir.ArrayAttr)
		if arr == nil {
			continue
		}
		for _, e := range arr.Elems {
			d, _ := e.(*ir.DictionaryAttr)
			if d == nil {
				continue
			}
			for _, na := range d.Entries {
				if !strings.Contains(na.Name, ".") {
					return op.Errorf("%s may only have dialect attributes", part.whats)
				}
			}
		}
	}
	body := op.Region(0)
	if body.Empty() {
		return nil // external: spirv.module checks its linkage
	}
	entry := body.Entry()
	if entry.NumArgs() != len(ft.Inputs) {
		return op.Errorf("entry block must have %d arguments to match function signature", len(ft.Inputs))
	}
	for i, t := range ft.Inputs {
		if entry.Arg(i).Type() != t {
			return op.Errorf("type of entry block argument #%d(%s) must match the type of the corresponding argument in function signature(%s)",
				i, quotedType(entry.Arg(i).Type()), quotedType(t))
		}
	}
	return nil
}

// verifyPhysicalBufferArgs is SPV_KHR_physical_storage_buffer's rule for
// function parameters, as MLIR checks it: a PhysicalStorageBuffer pointer
// (or a pointer to an array of them) is decorated Aliased or Restrict, a
// pointer to such a pointer AliasedPointer or RestrictPointer.
func verifyPhysicalBufferArgs(op *ir.Operation, ft *ir.FunctionType) error {
	decorated := func(i int, decs ...spv.Decoration) bool {
		e, ok := ArgDecoration(op, i).(*EnumAttr)
		return ok && e.Kind == spv.KindDecoration && slices.Contains(decs, spv.Decoration(e.Value))
	}
	physical := func(t ir.Type) bool {
		p, ok := t.(*PointerType)
		return ok && p.StorageClass == spv.StorageClassPhysicalStorageBuffer
	}
	for i, t := range ft.Inputs {
		ptr, ok := t.(*PointerType)
		if !ok {
			continue
		}
		if _, ok := ptr.Pointee.(*PointerType); ok {
			if physical(ptr.Pointee) && !decorated(i, spv.DecorationAliasedPointer, spv.DecorationRestrictPointer) {
				return op.Errorf("with a pointer points to a physical buffer pointer must be decorated either 'AliasedPointer' or 'RestrictPointer'")
			}
			continue
		}
		inner := ir.Type(ptr)
		if arr, ok := ptr.Pointee.(*ArrayType); ok {
			inner = arr.Elem
		}
		if physical(inner) && !decorated(i, spv.DecorationAliased, spv.DecorationRestrict) {
			return op.Errorf("with physical buffer pointer must be decorated either 'Aliased' or 'Restrict'")
		}
	}
	return nil
}

// verifyReturn checks a spirv.Return or spirv.ReturnValue against the
// signature of its function (MLIR checks them from the function; here each
// return checks itself, which spares a walk of the body).
func verifyReturn(o *ir.Operation) error {
	if functionLikeParent(o) == nil {
		return o.Errorf("must appear in a function-like op's block")
	}
	fn := o.ParentOfName("spirv.func")
	if fn == nil {
		return nil
	}
	ft := FuncType(fn)
	if ft == nil {
		return nil // the function's own verifier complains
	}
	switch o.Name() {
	case "spirv.Return":
		if len(ft.Results) != 0 {
			return o.Errorf("cannot be used in functions returning value")
		}
	case "spirv.ReturnValue":
		if len(ft.Results) != 1 {
			return o.Errorf("returns 1 value but enclosing function requires %d results", len(ft.Results))
		} else if o.NumOperands() == 1 && o.Operand(0).Type() != ft.Results[0] {
			return o.Errorf(" return value's type (%s) mismatch with function's result type (%s)",
				quotedType(o.Operand(0).Type()), quotedType(ft.Results[0]))
		}
	}
	return nil
}

// functionLikeParent returns the closest ancestor of op that is a function
// (has a function_type, as every FunctionOpInterface op), or nil.
func functionLikeParent(op *ir.Operation) *ir.Operation {
	for p := op.ParentOp(); p != nil; p = p.ParentOp() {
		if _, ok := p.Attr("function_type").(*ir.TypeAttr); ok {
			return p
		}
	}
	return nil
}

// entryPointOp: `spirv.EntryPoint "GLCompute" @fn, @var1, @var2`.
var entryPointOp = &ir.OpDef{
	Name:     "spirv.EntryPoint",
	Summary:  "Declares an entry point, its execution model and its interface variables.",
	Example:  "spirv.EntryPoint \"GLCompute\" @main, @gid, @lid",
	Inherent: []string{"execution_model", "fn", "interface"},
	Parse: func(p *ir.OpParser, st *ir.OpState) error {
		if err := parseEnumOperand(p, st, spv.KindExecutionModel, "execution_model"); err != nil {
			return err
		}
		if p.IsString() {
			return p.Errorf("invalid kind of attribute specified")
		}
		if err := parseEntryInterface(p, st); err != nil {
			return err
		}
		return p.ParseOptionalAttrDict()
	},
	Print: func(p *ir.OpPrinter, op *ir.Operation) {
		p.WriteString(" ")
		printEnumOperand(p, op, "execution_model", quoted)
		p.WriteString(" ")
		printEntryInterface(p, op)
		p.OptionalAttrDict(op.Attrs(), "execution_model", "fn", "interface")
	},
	Verify: func(op *ir.Operation) error {
		return verifyEnumAndFn(op, "execution_model", spv.KindExecutionModel)
	},
}

// verifyEnumAndFn checks the enum attribute name, of kind k, and the fn
// symbol that spirv.EntryPoint and the execution mode ops name.
func verifyEnumAndFn(op *ir.Operation, name string, k *spv.OperandKind) error {
	if err := checkEnumAttr(op, name, k, false); err != nil {
		return err
	}
	if _, ok := op.Attr("fn").(*ir.SymbolRefAttr); !ok {
		return op.Errorf("requires attribute 'fn'")
	}
	return nil
}

// parseEntryInterface parses an entry point's `@fn, @var, ...` into its
// fn and interface attributes (spirv.EntryPoint, spirv.ARM.GraphEntryPoint).
func parseEntryInterface(p *ir.OpParser, st *ir.OpState) error {
	ctx := p.Context()
	fn, err := p.ParseSymbolName()
	if err != nil {
		return err
	}
	var iface []ir.Attribute
	for p.ParseOptionalPunct(",") {
		v, err := p.ParseSymbolName()
		if err != nil {
			return err
		}
		iface = append(iface, ctx.SymbolRef(v))
	}
	st.AddAttr("fn", ctx.SymbolRef(fn))
	st.AddAttr("interface", ctx.ArrayAttr(iface...))
	return nil
}

// printEntryInterface writes what parseEntryInterface reads.
func printEntryInterface(p *ir.OpPrinter, op *ir.Operation) {
	if ref, ok := op.Attr("fn").(*ir.SymbolRefAttr); ok {
		p.SymbolName(ref.Root)
	}
	if arr, ok := op.Attr("interface").(*ir.ArrayAttr); ok {
		for _, e := range arr.Elems {
			p.WriteString(", ")
			p.Attr(e)
		}
	}
}

// executionModeOp: `spirv.ExecutionMode @fn "LocalSize", 32, 1, 1`.
var executionModeOp = executionModeDef("spirv.ExecutionMode",
	"Declares an execution mode of an entry point.",
	"spirv.ExecutionMode @main \"LocalSize\", 32, 1, 1",
	func(p *ir.OpParser) (ir.Attribute, error) {
		v, err := p.ParseInteger()
		return p.Context().I32Attr(v), err
	},
	func(p *ir.OpPrinter, a ir.Attribute) {
		if ia, ok := a.(*ir.IntegerAttr); ok {
			p.WriteString(", " + itoa(ia.Int()))
		}
	}, nil)

// executionModeIDOp: `spirv.ExecutionModeId @main "LocalSizeId", @x, @y, @z`,
// an execution mode whose operands are the ids of specialization constants.
var executionModeIDOp = executionModeDef("spirv.ExecutionModeId",
	"Declares an execution mode of an entry point whose operands are specialization constants.",
	"spirv.ExecutionModeId @main \"LocalSizeId\", @x, @y, @z",
	func(p *ir.OpParser) (ir.Attribute, error) {
		v, err := p.ParseSymbolName()
		return p.Context().SymbolRef(v), err
	},
	func(p *ir.OpPrinter, a ir.Attribute) {
		if ref, ok := a.(*ir.SymbolRefAttr); ok {
			p.WriteString(", ")
			p.SymbolName(ref.Root)
		}
	},
	func(op *ir.Operation) error {
		arr, ok := op.Attr("values").(*ir.ArrayAttr)
		if !ok {
			return op.Errorf("requires attribute 'values'")
		}
		for _, e := range arr.Elems {
			if _, ok := e.(*ir.SymbolRefAttr); !ok {
				return op.Errorf("attribute 'values' failed to satisfy constraint: symbol ref array attribute")
			}
		}
		return nil
	})

// executionModeDef defines an op `NAME @fn "Mode", v, ...`, the two
// execution-mode declarations, which differ in how each value is written
// (parseValue, printValue) and checked (verifyValues, may be nil).
func executionModeDef(name, summary, example string,
	parseValue func(*ir.OpParser) (ir.Attribute, error),
	printValue func(*ir.OpPrinter, ir.Attribute),
	verifyValues func(*ir.Operation) error) *ir.OpDef {
	return &ir.OpDef{
		Name:     name,
		Summary:  summary,
		Example:  example,
		Inherent: []string{"fn", "execution_mode", "values"},
		Parse: func(p *ir.OpParser, st *ir.OpState) error {
			ctx := p.Context()
			fn, err := p.ParseSymbolName()
			if err != nil {
				return err
			}
			st.AddAttr("fn", ctx.SymbolRef(fn))
			if err := parseEnumOperand(p, st, spv.KindExecutionMode, "execution_mode"); err != nil {
				return err
			}
			var vals []ir.Attribute
			for p.ParseOptionalPunct(",") {
				v, err := parseValue(p)
				if err != nil {
					return err
				}
				vals = append(vals, v)
			}
			st.AddAttr("values", ctx.ArrayAttr(vals...))
			return p.ParseOptionalAttrDict()
		},
		Print: func(p *ir.OpPrinter, op *ir.Operation) {
			p.WriteString(" ")
			if ref, ok := op.Attr("fn").(*ir.SymbolRefAttr); ok {
				p.SymbolName(ref.Root)
			}
			p.WriteString(" ")
			printEnumOperand(p, op, "execution_mode", quoted)
			if arr, ok := op.Attr("values").(*ir.ArrayAttr); ok {
				for _, e := range arr.Elems {
					printValue(p, e)
				}
			}
			p.OptionalAttrDict(op.Attrs(), "fn", "execution_mode", "values")
		},
		Verify: func(op *ir.Operation) error {
			if err := verifyEnumAndFn(op, "execution_mode", spv.KindExecutionMode); err != nil {
				return err
			}
			if verifyValues != nil {
				return verifyValues(op)
			}
			return nil
		},
	}
}

// globalVariableOp: `spirv.GlobalVariable @v [initializer(@c)] [bind(0, 1)] [built_in("X")] [{attrs}] : !spirv.ptr<T, SC>`.
var globalVariableOp = &ir.OpDef{
	Name:     "spirv.GlobalVariable",
	Summary:  "A module-scope variable: a symbol whose address spirv.mlir.addressof takes.",
	Example:  "spirv.GlobalVariable @data bind(0, 1) : !spirv.ptr<!spirv.struct<(!spirv.rtarray<f32, stride=4> [0])>, StorageBuffer>",
	Traits:   ir.Symbol,
	Inherent: []string{"sym_name", "type", "initializer", "descriptor_set", "binding", "built_in", "location", "linkage_attributes"},
	Parse: func(p *ir.OpParser, st *ir.OpState) error {
		ctx := p.Context()
		if err := ir.ParseSymbolNameAttr(p, st, "sym_name"); err != nil {
			return err
		}
		if p.ParseOptionalKeyword("initializer") {
			if err := p.ParsePunct("("); err != nil {
				return err
			}
			init, err := p.ParseSymbolName()
			if err != nil {
				return err
			}
			st.AddAttr("initializer", ctx.SymbolRef(init))
			if err := p.ParsePunct(")"); err != nil {
				return err
			}
		}
		if err := parseVariableDecorations(p, st); err != nil {
			return err
		}
		at := p.Pos()
		t, err := p.ParseColonType()
		if err != nil {
			return err
		}
		if _, ok := t.(*PointerType); !ok {
			return ir.Errorf(p.LocAt(at), "expected spirv.ptr type")
		}
		st.AddAttr("type", ctx.TypeAttr(t))
		return nil
	},
	Print: func(p *ir.OpPrinter, op *ir.Operation) {
		p.WriteString(" ")
		ir.PrintSymbolNameAttr(p, op, "sym_name")
		if ref, ok := op.Attr("initializer").(*ir.SymbolRefAttr); ok {
			p.WriteString(" initializer(")
			p.SymbolName(ref.Root)
			p.WriteString(")")
		}
		elided := printVariableDecorations(p, op, "sym_name", "initializer", "type")
		p.OptionalAttrDict(op.Attrs(), elided...)
		p.WriteString(" : ")
		if ta, ok := op.Attr("type").(*ir.TypeAttr); ok {
			p.Type(ta.Value)
		}
	},
	Verify: func(op *ir.Operation) error {
		ta, ok := op.Attr("type").(*ir.TypeAttr)
		if !ok {
			return op.Errorf("requires attribute 'type'")
		}
		ptr, ok := ta.Value.(*PointerType)
		if !ok {
			return op.Errorf("result must be of a !spv.ptr type")
		}
		if ptr.StorageClass == spv.StorageClassGeneric || ptr.StorageClass == spv.StorageClassFunction {
			return op.Errorf("storage class cannot be '%s'", EnumName(spv.KindStorageClass, uint32(ptr.StorageClass)))
		}
		if ref, ok := op.Attr("initializer").(*ir.SymbolRefAttr); ok {
			if t := ir.NearestSymbolTable(op); t != nil {
				init := ir.LookupSymbol(t, ref.Root)
				if init == nil || (init.Name() != "spirv.GlobalVariable" && init.Name() != "spirv.SpecConstant" && init.Name() != "spirv.SpecConstantComposite") {
					return op.Errorf("initializer must be result of a spirv.SpecConstant or spirv.GlobalVariable or spirv.SpecConstantCompositeOp op")
				}
			}
		}
		return nil
	},
}

// GlobalVariableType returns a spirv.GlobalVariable's pointer type, or nil.
func GlobalVariableType(op *ir.Operation) *PointerType {
	if ta, ok := op.Attr("type").(*ir.TypeAttr); ok {
		t, _ := ta.Value.(*PointerType)
		return t
	}
	return nil
}

// parseVariableDecorations parses `bind(set, binding)` and `built_in("X")`.
func parseVariableDecorations(p *ir.OpParser, st *ir.OpState) error {
	ctx := p.Context()
	if p.ParseOptionalKeyword("bind") {
		vs, err := parseParenInts(p.Parser, 2)
		if err != nil {
			return err
		}
		st.AddAttr("descriptor_set", ctx.I32Attr(vs[0]))
		st.AddAttr("binding", ctx.I32Attr(vs[1]))
	}
	if p.ParseOptionalKeyword("built_in") {
		if err := p.ParsePunct("("); err != nil {
			return err
		}
		s, err := p.ParseString()
		if err != nil {
			return err
		}
		st.AddAttr("built_in", ctx.StringAttr(s))
		if err := p.ParsePunct(")"); err != nil {
			return err
		}
	}
	return p.ParseOptionalAttrDict()
}

// printVariableDecorations writes bind(...) and built_in(...) and returns
// the attribute names to elide.
func printVariableDecorations(p *ir.OpPrinter, op *ir.Operation, elided ...string) []string {
	set, ok1 := op.Attr("descriptor_set").(*ir.IntegerAttr)
	binding, ok2 := op.Attr("binding").(*ir.IntegerAttr)
	if ok1 && ok2 {
		p.WriteString(" bind(" + itoa(set.Int()) + ", " + itoa(binding.Int()) + ")")
		elided = append(elided, "descriptor_set", "binding")
	}
	if b, ok := op.Attr("built_in").(*ir.StringAttr); ok {
		p.WriteString(" built_in(\"" + b.Value + "\")")
		elided = append(elided, "built_in")
	}
	return elided
}
