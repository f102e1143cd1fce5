package fn

import "github.com/kiln-gpu/kiln/ir"

// The custom form of func.func, as MLIR's function_interface_impl prints it:
//
//	func.func [public|private|nested] @name(%arg0: i32 {a.b}, %arg1: f32) -> (i32 {c.d}) [attributes {...}] [{ body }]
//	func.func private @decl(i32 {a.b}, f32) -> f32

// funcArg is one parsed argument: named (with a body to come) or just a type.
type funcArg struct {
	arg   ir.Argument
	attrs []ir.NamedAttr
}

func parseFunc(p *ir.OpParser, st *ir.OpState) error {
	ctx := p.Context()
	var props []ir.NamedAttr
	for _, vis := range []string{"public", "private", "nested"} {
		if p.ParseOptionalKeyword(vis) {
			props = append(props, ir.NamedAttr{Name: "sym_visibility", Value: ctx.StringAttr(vis)})
			break
		}
	}
	name, err := p.ParseSymbolName()
	if err != nil {
		return err
	}
	args, err := parseFuncArgs(p)
	if err != nil {
		return err
	}
	var results []ir.Type
	var resAttrs [][]ir.NamedAttr
	if p.ParseOptionalPunct("->") {
		if results, resAttrs, err = parseFuncResults(p); err != nil {
			return err
		}
	}
	inputs := make([]ir.Type, len(args))
	argAttrs := make([][]ir.NamedAttr, len(args))
	for i, a := range args {
		inputs[i], argAttrs[i] = a.arg.Type, a.attrs
	}
	attrAt := p.Pos()
	n := len(st.Attrs)
	if err := p.ParseOptionalAttrDictWithKeyword(); err != nil {
		return err
	}
	for _, inferred := range []string{"sym_visibility", "sym_name", "function_type"} {
		if ir.GetAttr(st.Attrs[n:], inferred) != nil {
			return ir.Errorf(p.LocAt(attrAt), "'%s' is an inferred attribute and should not be specified in the explicit attribute dictionary", inferred)
		}
	}
	// Properties in name order, as MLIR's generic form prints them.
	if a := ir.DictArrayAttr(ctx, argAttrs); a != nil {
		props = append(props, ir.NamedAttr{Name: "arg_attrs", Value: a})
	}
	props = append(props, ir.NamedAttr{Name: "function_type", Value: ctx.TypeAttr(ctx.FunctionType(inputs, results))})
	if a := ir.DictArrayAttr(ctx, resAttrs); a != nil {
		props = append(props, ir.NamedAttr{Name: "res_attrs", Value: a})
	}
	props = append(props, ir.NamedAttr{Name: "sym_name", Value: ctx.StringAttr(name)})
	if len(props) > 0 && props[0].Name == "sym_visibility" {
		props = append(props[1:], props[0])
	}
	st.Props = props
	body := st.AddRegion()
	if !p.IsRegion() {
		return nil
	}
	// Unnamed arguments leave the entry block to name its own, as in MLIR.
	var entry []ir.Argument
	if len(args) > 0 && args[0].arg.Name != "" {
		for _, a := range args {
			entry = append(entry, a.arg)
		}
	}
	bodyAt := p.Pos()
	if err := p.ParseRegion(body, entry); err != nil {
		return err
	}
	if body.Empty() {
		return ir.Errorf(p.LocAt(bodyAt), "expected non-empty function body")
	}
	return nil
}

// parseFuncArgs parses ( args ): all named (%a: t {attrs} loc(...)) or all
// types (t {attrs} loc(...)).
func parseFuncArgs(p *ir.OpParser) ([]funcArg, error) {
	if err := p.ParsePunct("("); err != nil {
		return nil, err
	}
	var args []funcArg
	if p.ParseOptionalPunct(")") {
		return nil, nil
	}
	for {
		var a funcArg
		if p.IsOperand() {
			if len(args) > 0 && args[len(args)-1].arg.Name == "" {
				return nil, p.Errorf("expected type instead of SSA identifier")
			}
			arg, attrs, err := p.ParseArgumentWithAttrs()
			if err != nil {
				return nil, err
			}
			a = funcArg{arg, attrs}
		} else {
			if len(args) > 0 && args[len(args)-1].arg.Name != "" {
				return nil, p.Errorf("expected SSA identifier")
			}
			t, err := p.ParseType()
			if err != nil {
				return nil, err
			}
			attrs, err := p.Parser.ParseOptionalAttrDict()
			if err != nil {
				return nil, err
			}
			// A declaration has no block argument to carry the location.
			if err := p.ParseOptionalLocationSpecifier(func(ir.Location) {}); err != nil {
				return nil, err
			}
			a = funcArg{ir.Argument{Type: t}, attrs}
		}
		args = append(args, a)
		if !p.ParseOptionalPunct(",") {
			break
		}
	}
	return args, p.ParsePunct(")")
}

// parseFuncResults parses the results after `->`: a bare type, or
// ( t {attrs}, ... ).
func parseFuncResults(p *ir.OpParser) ([]ir.Type, [][]ir.NamedAttr, error) {
	if !p.ParseOptionalPunct("(") {
		t, err := p.ParseType()
		if err != nil {
			return nil, nil, err
		}
		return []ir.Type{t}, [][]ir.NamedAttr{nil}, nil
	}
	if p.ParseOptionalPunct(")") {
		return nil, nil, nil
	}
	var ts []ir.Type
	var attrs [][]ir.NamedAttr
	for {
		t, err := p.ParseType()
		if err != nil {
			return nil, nil, err
		}
		as, err := p.Parser.ParseOptionalAttrDict()
		if err != nil {
			return nil, nil, err
		}
		ts, attrs = append(ts, t), append(attrs, as)
		if !p.ParseOptionalPunct(",") {
			break
		}
	}
	return ts, attrs, p.ParsePunct(")")
}

func printFunc(p *ir.OpPrinter, op *ir.Operation) {
	f := Func{op}
	p.WriteByte(' ')
	if vis, ok := op.Attr("sym_visibility").(*ir.StringAttr); ok {
		p.WriteString(vis.Value)
		p.WriteByte(' ')
	}
	p.SymbolName(f.Name())
	var inputs, results []ir.Type
	if ft := f.FunctionType(); ft != nil {
		inputs, results = ft.Inputs, ft.Results
	}
	p.WriteByte('(')
	// Invalid IR may have an entry block that disagrees with the signature:
	// print types then, rather than fail.
	args := f.Arguments()
	named := !f.IsDeclaration() && len(args) == len(inputs)
	for i, t := range inputs {
		if i > 0 {
			p.WriteString(", ")
		}
		if named {
			p.ArgumentWithAttrs(args[i], f.ArgAttrs(i))
		} else {
			p.Type(t)
			p.OptionalAttrDict(f.ArgAttrs(i))
		}
	}
	p.WriteByte(')')
	if len(results) > 0 {
		p.WriteString(" -> ")
		printFuncResults(p, f, results)
	}
	p.OptionalAttrDictWithKeyword(op.Attrs(), "sym_name", "sym_visibility", "function_type", "arg_attrs", "res_attrs")
	if !f.IsDeclaration() {
		p.WriteByte(' ')
		// Show the entry block's own arguments when they were not printed above.
		p.Region(f.Body(), !named, true)
	}
}

// printFuncResults writes a bare type when it can, else ( t {attrs}, ... ).
func printFuncResults(p *ir.OpPrinter, f Func, ts []ir.Type) {
	_, isFn := ts[0].(*ir.FunctionType)
	parens := len(ts) > 1 || isFn || len(f.ResultAttrs(0)) > 0
	if parens {
		p.WriteByte('(')
	}
	for i, t := range ts {
		if i > 0 {
			p.WriteString(", ")
		}
		p.Type(t)
		p.OptionalAttrDict(f.ResultAttrs(i))
	}
	if parens {
		p.WriteByte(')')
	}
}
