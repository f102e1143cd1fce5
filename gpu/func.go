package gpu

import (
	"github.com/kiln-gpu/kiln/ir"
)

var funcDef = &ir.OpDef{
	Name:    "gpu.func",
	Summary: "A function executable on a GPU: a kernel or a device function, with workgroup and private memory attributions.",
	Example: "gpu.module @kernels {\n" +
		"  gpu.func @k(%arg0: memref<8xf32>) workgroup(%arg1 : memref<32xf32, #gpu.address_space<workgroup>>) private(%arg2 : memref<1xf32, #gpu.address_space<private>>) kernel attributes {known_block_size = array<i32: 8, 1, 1>} {\n" +
		"    gpu.return\n  }\n}",
	Traits:  ir.IsolatedFromAbove | ir.Symbol | ir.AutomaticAllocationScope | ir.AffineScope,
	Regions: ir.Exactly(1),
	Inherent: []string{"function_type", "arg_attrs", "res_attrs", "workgroup_attrib_attrs", "private_attrib_attrs",
		"known_block_size", "known_grid_size", "known_cluster_size"},
	// Hand-written as in MLIR (hasCustomAssemblyFormat): a function
	// signature with workgroup and private attributions.
	Parse:  parseFunc,
	Print:  printFunc,
	Verify: verifyFunc,
}

// Func is a typed view of gpu.func.
type Func struct{ *ir.Operation }

// AsFunc returns op as a Func if it is a gpu.func.
func AsFunc(op *ir.Operation) (Func, bool) {
	if op == nil || op.Name() != "gpu.func" {
		return Func{}, false
	}
	return Func{op}, true
}

// Name returns the function's symbol name.
func (f Func) Name() string { return ir.SymbolName(f.Operation) }

// IsKernel reports whether the function has the gpu.kernel attribute.
func (f Func) IsKernel() bool { return IsKernel(f.Operation) }

// IsKernel reports whether op (any function) carries the gpu.kernel unit attribute.
func IsKernel(op *ir.Operation) bool {
	_, ok := op.Attr(KernelAttrName).(*ir.UnitAttr)
	return ok
}

// FunctionType returns the signature, or nil when missing or malformed.
func (f Func) FunctionType() *ir.FunctionType { return ir.FunctionTypeOf(f.Operation) }

// Body returns the function's region (nil for a malformed op without one).
func (f Func) Body() *ir.Region {
	if f.NumRegions() == 0 {
		return nil
	}
	return f.Region(0)
}

func (f Func) entryArgs() []*ir.Value {
	if f.NumRegions() == 0 || f.Body().Empty() {
		return nil
	}
	return f.Body().Entry().Args()
}

func (f Func) numInputs() int {
	if ft := f.FunctionType(); ft != nil {
		return len(ft.Inputs)
	}
	return 0
}

// NumWorkgroupAttributions returns the workgroup_attributions count.
func (f Func) NumWorkgroupAttributions() int { return numWorkgroupAttributions(f.Operation) }

func numWorkgroupAttributions(op *ir.Operation) int {
	if a, ok := op.Attr("workgroup_attributions").(*ir.IntegerAttr); ok {
		return int(a.Int())
	}
	return 0
}

// Arguments returns the entry block arguments that are function arguments.
func (f Func) Arguments() []*ir.Value { return clip(f.entryArgs(), 0, f.numInputs()) }

// WorkgroupAttributions returns the entry block arguments that are buffers
// in workgroup memory.
func (f Func) WorkgroupAttributions() []*ir.Value {
	n := f.numInputs()
	return clip(f.entryArgs(), n, n+f.NumWorkgroupAttributions())
}

// PrivateAttributions returns the entry block arguments that are buffers
// in private memory (after the workgroup ones).
func (f Func) PrivateAttributions() []*ir.Value {
	args := f.entryArgs()
	return clip(args, f.numInputs()+f.NumWorkgroupAttributions(), len(args))
}

// clip returns vs[lo:hi] clamped to vs, for malformed ops.
func clip(vs []*ir.Value, lo, hi int) []*ir.Value {
	hi = min(hi, len(vs))
	if lo >= hi {
		return nil
	}
	return vs[lo:hi]
}

// KnownBlockSize returns known_block_size (or MLIR 16's discardable
// gpu.known_block_size): the block size the kernel is launched with.
func (f Func) KnownBlockSize() ([3]int64, bool) {
	return knownSize(f.Operation, "known_block_size", KnownBlockSizeAttrName)
}

// KnownGridSize returns known_grid_size (or gpu.known_grid_size).
func (f Func) KnownGridSize() ([3]int64, bool) {
	return knownSize(f.Operation, "known_grid_size", KnownGridSizeAttrName)
}

func knownSize(op *ir.Operation, names ...string) ([3]int64, bool) {
	var s [3]int64
	for _, n := range names {
		if a, ok := op.Attr(n).(*ir.DenseArrayAttr); ok && len(a.Ints) == 3 {
			copy(s[:], a.Ints)
			return s, true
		}
	}
	return s, false
}

// gpu.func @name(%arg0: t {attrs}, ...) (-> results)? (workgroup(...))?
// (private(...))? (kernel)? (attributes {...})? { body }
func parseFunc(p *ir.OpParser, st *ir.OpState) error {
	ctx := p.Context()
	if err := ir.ParseSymbolNameAttr(p, st, "sym_name"); err != nil {
		return err
	}
	sigAt := p.Pos()
	if err := p.ParsePunct("("); err != nil {
		return err
	}
	// Kernels have a few arguments: room for them on the stack, as the
	// region's parse copies them into its entry block.
	var argBuf [8]ir.Argument
	args := argBuf[:0]
	var argAttrs []ir.Attribute // made at the first argument with attributes
	if !p.ParseOptionalPunct(")") {
		for {
			if !p.IsOperand() {
				return p.ErrorfAt(p.LocAt(sigAt), "gpu.func requires named arguments")
			}
			a, as, err := p.ParseArgumentWithAttrs()
			if err != nil {
				return err
			}
			if len(as) > 0 && argAttrs == nil {
				argAttrs = make([]ir.Attribute, len(args), len(args)+1)
				for i := range argAttrs {
					argAttrs[i] = ctx.DictionaryAttr(nil)
				}
			}
			args = append(args, a)
			if argAttrs != nil {
				argAttrs = append(argAttrs, ctx.DictionaryAttr(as))
			}
			if !p.ParseOptionalPunct(",") {
				break
			}
		}
		if err := p.ParsePunct(")"); err != nil {
			return err
		}
	}
	results, resAttrs, hasResAttrs, err := parseResults(p)
	if err != nil {
		return err
	}
	inputs := make([]ir.Type, len(args))
	for i, a := range args {
		inputs[i] = a.Type
	}
	st.AddAttr("function_type", ctx.TypeAttr(ctx.FunctionType(inputs, results)))
	if argAttrs != nil {
		st.AddAttr("arg_attrs", ctx.ArrayAttr(argAttrs...))
	}
	if hasResAttrs {
		st.AddAttr("res_attrs", ctx.ArrayAttr(resAttrs...))
	}
	wg, wgAttrs, err := parseAttributions(p, "workgroup")
	if err != nil {
		return err
	}
	st.AddAttr("workgroup_attributions", ctx.I64Attr(int64(len(wg))))
	if wgAttrs != nil {
		st.AddAttr("workgroup_attrib_attrs", wgAttrs)
	}
	priv, privAttrs, err := parseAttributions(p, "private")
	if err != nil {
		return err
	}
	if privAttrs != nil {
		st.AddAttr("private_attrib_attrs", privAttrs)
	}
	if p.ParseOptionalKeyword("kernel") {
		st.AddAttr(KernelAttrName, ctx.UnitAttr())
	}
	if err := p.ParseOptionalAttrDictWithKeyword(); err != nil {
		return err
	}
	entry := append(append(args, wg...), priv...)
	if len(entry) == 0 {
		entry = nil // the body may name its own entry block
	}
	return p.ParseRegion(st.AddRegion(), entry)
}

// parseResults parses an optional `-> t` or `-> (t {attrs}, ...)`.
func parseResults(p *ir.OpParser) ([]ir.Type, []ir.Attribute, bool, error) {
	if !p.ParseOptionalPunct("->") {
		return nil, nil, false, nil
	}
	if !p.ParseOptionalPunct("(") {
		t, err := p.ParseType()
		return []ir.Type{t}, []ir.Attribute{p.Context().DictionaryAttr(nil)}, false, err
	}
	var ts []ir.Type
	var attrs []ir.Attribute
	has := false
	if p.ParseOptionalPunct(")") {
		return nil, nil, false, nil
	}
	for {
		t, err := p.ParseType()
		if err != nil {
			return nil, nil, false, err
		}
		as, err := p.Parser.ParseOptionalAttrDict()
		if err != nil {
			return nil, nil, false, err
		}
		ts, attrs = append(ts, t), append(attrs, p.Context().DictionaryAttr(as))
		has = has || len(as) > 0
		if !p.ParseOptionalPunct(",") {
			break
		}
	}
	return ts, attrs, has, p.ParsePunct(")")
}

func dictAt(a ir.Attribute, i int) []ir.NamedAttr {
	if arr, ok := a.(*ir.ArrayAttr); ok && i < len(arr.Elems) {
		if d, ok := arr.Elems[i].(*ir.DictionaryAttr); ok {
			return d.Entries
		}
	}
	return nil
}

func printFunc(p *ir.OpPrinter, op *ir.Operation) {
	f := Func{op}
	p.WriteByte(' ')
	p.SymbolName(f.Name())
	ft := f.FunctionType()
	var inputs, results []ir.Type
	if ft != nil {
		inputs, results = ft.Inputs, ft.Results
	}
	args := f.Arguments()
	p.WriteByte('(')
	for i, t := range inputs {
		if i > 0 {
			p.WriteString(", ")
		}
		if i < len(args) {
			p.ArgumentWithAttrs(args[i], dictAt(op.Attr("arg_attrs"), i))
		} else {
			p.Type(t)
		}
	}
	p.WriteByte(')')
	if len(results) > 0 {
		p.WriteString(" -> ")
		resAttrs := op.Attr("res_attrs")
		_, isFn := results[0].(*ir.FunctionType)
		parens := len(results) > 1 || isFn || len(dictAt(resAttrs, 0)) > 0
		if parens {
			p.WriteByte('(')
		}
		for i, t := range results {
			if i > 0 {
				p.WriteString(", ")
			}
			p.Type(t)
			p.OptionalAttrDict(dictAt(resAttrs, i))
		}
		if parens {
			p.WriteByte(')')
		}
	}
	printAttributions(p, "workgroup", f.WorkgroupAttributions(), op.Attr("workgroup_attrib_attrs"))
	printAttributions(p, "private", f.PrivateAttributions(), op.Attr("private_attrib_attrs"))
	if f.IsKernel() {
		p.WriteString(" kernel")
	}
	var attrBuf [8]ir.NamedAttr
	p.OptionalAttrDictWithKeyword(sortedAttrs(op, attrBuf[:0]), "sym_name", "workgroup_attributions", KernelAttrName,
		"function_type", "arg_attrs", "res_attrs", "workgroup_attrib_attrs", "private_attrib_attrs")
	p.WriteByte(' ')
	regionAt(p, op, false, true)
}

func verifyFunc(op *ir.Operation) error {
	f := Func{op}
	if par := op.ParentOp(); par == nil || par.Name() != "gpu.module" {
		return op.Errorf("expects parent op '%s'", "gpu.module")
	}
	ta, ok := op.Attr("function_type").(*ir.TypeAttr)
	if !ok {
		return op.Errorf("requires attribute 'function_type'")
	}
	ft, ok := ta.Value.(*ir.FunctionType)
	if !ok {
		return op.Errorf("attribute 'function_type' failed to satisfy constraint: type attribute of function type")
	}
	for _, n := range []string{"known_block_size", "known_grid_size", "known_cluster_size"} {
		if a := op.Attr(n); a != nil {
			if arr, ok := a.(*ir.DenseArrayAttr); !ok || arr.Len() != 3 || ir.IntOrFloatBitWidth(arr.Elem) != 32 {
				return op.Errorf("attribute '%s' failed to satisfy constraint: i32 dense array attribute with 3 elements (if present)", n)
			}
		}
	}
	if f.IsKernel() && len(ft.Results) != 0 {
		return op.Errorf("expected void return type for kernel function")
	}
	if f.Body().Empty() {
		return op.Errorf("expected body with at least one block")
	}
	entry := f.Body().Entry()
	if want := len(ft.Inputs) + f.NumWorkgroupAttributions(); entry.NumArgs() < want {
		return op.Errorf("expected at least %d arguments to body region", want)
	}
	for i, t := range ft.Inputs {
		if got := entry.Arg(i).Type(); got != t {
			return op.Errorf("expected body region argument #%d to be of type %s, got %s", i, ir.TypeString(t), ir.TypeString(got))
		}
	}
	if err := verifyAttributions(op, f.WorkgroupAttributions(), AddressSpaceWorkgroup); err != nil {
		return err
	}
	return verifyAttributions(op, f.PrivateAttributions(), AddressSpacePrivate)
}

var returnDef = &ir.OpDef{
	Name:     "gpu.return",
	Summary:  "Returns from a gpu.func with values matching its result types.",
	Example:  "gpu.module @m {\n  gpu.func @f(%arg0: f32) -> f32 {\n    gpu.return %arg0 : f32\n  }\n}",
	Traits:   ir.Terminator | ir.ReturnLike | ir.Pure,
	Operands: ir.Variadic,
	Format:   &ir.Format{Syntax: "attr-dict ($operands^ `:` type($operands))?", Operands: []string{"operands*"}},
	Verify:   verifyReturn,
}

func verifyReturn(op *ir.Operation) error {
	f, ok := AsFunc(op.ParentOp())
	if !ok {
		return op.Errorf("expects parent op '%s'", "gpu.func")
	}
	ft := f.FunctionType()
	if ft == nil {
		return nil
	}
	if len(ft.Results) != op.NumOperands() {
		return op.Errorf("expected %d result operands", len(ft.Results)).Note(f.Loc(), "return type declared here")
	}
	for i, t := range ft.Results {
		if got := op.Operand(i).Type(); got != t {
			return op.Errorf("unexpected type `%s' for operand #%d", ir.TypeString(got), i)
		}
	}
	return nil
}
