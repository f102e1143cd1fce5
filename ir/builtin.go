package ir

// BuiltinDialect returns the builtin dialect: builtin.module and
// builtin.unrealized_conversion_cast. Every Context loads it.
func BuiltinDialect() *Dialect { return builtinDialect }

var builtinDialect = &Dialect{
	Name:    "builtin",
	Summary: "The builtin dialect: modules and conversion casts.",
	Ops:     []*OpDef{moduleDef, castDef},
}

var moduleDef = &OpDef{
	Name:     "builtin.module",
	Summary:  "A top-level container of operations with a symbol table.",
	Example:  "module @m attributes {gpu.container_module} {\n}",
	Traits:   IsolatedFromAbove | NoTerminator | SingleBlock | SymbolTable | GraphRegion | Symbol | AffineScope,
	Regions:  Exactly(1),
	Inherent: []string{"sym_name", "sym_visibility"},
	// As MLIR's ModuleOp: builtin ops inside drop their prefix.
	DefaultDialect: "builtin",
	Parse: func(p *OpParser, st *OpState) error {
		if name, ok, err := p.ParseOptionalSymbolName(); err != nil {
			return err
		} else if ok {
			st.AddAttr("sym_name", p.Context().StringAttr(name))
		}
		if p.IsPunct("<") {
			if err := parseModuleProperties(p, st); err != nil {
				return err
			}
		}
		if err := p.ParseOptionalAttrDictWithKeyword(); err != nil {
			return err
		}
		r := st.AddRegion()
		if err := p.ParseRegion(r, nil); err != nil {
			return err
		}
		if r.Empty() {
			r.Append(&Block{})
		}
		return nil
	},
	Print: func(p *OpPrinter, op *Operation) {
		if n, ok := op.Attr("sym_name").(*StringAttr); ok {
			p.WriteByte(' ')
			p.SymbolName(n.Value)
		}
		// The properties the format leaves out print as MLIR's prop-dict.
		if v := op.Attr("sym_visibility"); v != nil {
			p.WriteString(" <sym_visibility = ")
			p.Attr(v)
			p.WriteByte('>')
		}
		p.OptionalAttrDictWithKeyword(op.Attrs(), "sym_name", "sym_visibility")
		p.WriteByte(' ')
		p.Region(op.Region(0), false, false)
	},
	Verify: func(op *Operation) error {
		if a := op.Attr("sym_name"); a != nil {
			if _, ok := a.(*StringAttr); !ok {
				return op.Errorf("attribute 'sym_name' failed to satisfy constraint: string attribute")
			}
		}
		if a := op.Attr("sym_visibility"); a != nil {
			if _, ok := a.(*StringAttr); !ok {
				return op.Errorf("attribute 'sym_visibility' failed to satisfy constraint: string attribute")
			}
		}
		for _, a := range op.DiscardableAttrs() {
			if !hasDialectPrefix(a.Name) {
				return op.Errorf("can only contain attributes with dialect-prefixed names, found: '%s'", a.Name)
			}
		}
		return nil
	},
}

// parseModuleProperties parses a module's <sym_visibility = "..."> (or the
// older <{sym_visibility = "..."}>) into st.
func parseModuleProperties(p *OpParser, st *OpState) error {
	lt := p.tok
	p.consume() // <
	var props []NamedAttr
	if p.isPunct("{") {
		var err error
		if props, err = p.parseAttrDict(); err != nil {
			return err
		}
	} else {
		for {
			t := p.tok
			if t.kind != tokBareID {
				return p.Errorf("expected property name")
			}
			name := p.spelling()
			p.consume()
			if err := p.ParsePunctIn("=", " after property name"); err != nil {
				return err
			}
			v, err := p.ParseAttribute(nil)
			if err != nil {
				return err
			}
			if GetAttr(props, name) != nil {
				return p.errorAt(t, "duplicate key '%s' in dictionary attribute", name)
			}
			props = append(props, NamedAttr{name, v})
			if !p.ParseOptionalPunct(",") {
				break
			}
		}
	}
	for _, a := range props {
		if a.Name != "sym_visibility" {
			return p.errorAt(lt, "'builtin.module' has no property '%s'", a.Name)
		}
		st.AddAttr(a.Name, a.Value)
	}
	return p.ParsePunct(">")
}

func hasDialectPrefix(name string) bool {
	for i := 1; i < len(name); i++ {
		if name[i] == '.' {
			return true
		}
	}
	return false
}

// NewModule returns an empty builtin.module.
func NewModule(ctx *Context, loc Location) *Operation {
	m := ctx.NewOp(&OpState{Name: "builtin.module", Loc: loc, Regions: []*Region{{}}})
	m.Region(0).Append(&Block{})
	return m
}

// ModuleBody returns the single block of a module-like op.
func ModuleBody(op *Operation) *Block { return op.Region(0).Entry() }

var castDef = &OpDef{
	Name:     "builtin.unrealized_conversion_cast",
	Summary:  "A cast between types that a conversion has not yet resolved.",
	Example:  "%1 = builtin.unrealized_conversion_cast %0 : i32 to f32",
	Traits:   Pure,
	Operands: Variadic,
	Results:  AtLeast(1),
	Parse: func(p *OpParser, st *OpState) error {
		us, err := p.ParseOperandList()
		if err != nil {
			return err
		}
		var in []Type
		if len(us) > 0 {
			if in, err = p.ParseColonTypeList(); err != nil {
				return err
			}
		}
		if err := p.ResolveOperands(us, in); err != nil {
			return err
		}
		if err := p.ParseKeyword("to"); err != nil {
			return err
		}
		out, err := p.ParseTypeList()
		if err != nil {
			return err
		}
		st.ResultTypes = out
		return p.ParseOptionalAttrDict()
	},
	Print: func(p *OpPrinter, op *Operation) {
		if op.NumOperands() > 0 {
			p.WriteByte(' ')
			p.Operands(op.Operands())
			p.WriteString(" : ")
			p.TypeList(op.OperandTypes())
		}
		p.WriteString(" to ")
		p.TypeList(op.ResultTypes())
		p.OptionalAttrDict(op.Attrs())
	},
	Fold: func(op *Operation, _ []Attribute) ([]FoldResult, bool) {
		// cast(cast(x : A to B) : B to A) folds to x.
		if op.NumOperands() == 0 {
			return nil, false
		}
		in := op.Operand(0).DefiningOp()
		if in == nil || in.info.name != op.info.name || in.NumResults() != op.NumOperands() || in.NumOperands() != op.NumResults() {
			return nil, false
		}
		for i := 0; i < op.NumOperands(); i++ {
			if op.Operand(i) != in.Result(i) {
				return nil, false
			}
		}
		var out []FoldResult
		for i := 0; i < op.NumResults(); i++ {
			if in.Operand(i).Type() != op.Result(i).Type() {
				return nil, false
			}
			out = append(out, FoldResult{Value: in.Operand(i)})
		}
		return out, true
	},
}

// SymbolName returns an op's symbol name (its sym_name attribute), or "".
func SymbolName(op *Operation) string {
	if s, ok := op.Attr("sym_name").(*StringAttr); ok {
		return s.Value
	}
	return ""
}
