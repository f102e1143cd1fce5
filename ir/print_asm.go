package ir

// OpPrinter writes an op's custom form. The op name is already written;
// a Print hook writes the rest, usually starting with a space.
type OpPrinter struct {
	*Printer
	op  *Operation
	fmt *fmtPrinter // for a declarative format's printer, kept from op to op
}

// Operand writes a value use (%x, %x#1).
func (p *OpPrinter) Operand(v *Value) { p.valueName(v) }

// Operands writes values separated by ", ".
func (p *OpPrinter) Operands(vs []*Value) {
	for i, v := range vs {
		if i > 0 {
			p.WriteString(", ")
		}
		p.valueName(v)
	}
}

// Successor writes a block reference.
func (p *OpPrinter) Successor(b *Block) { p.blockName(b) }

// SuccessorAndArgs writes ^bb(%a, %b : t1, t2), or ^bb when args is empty.
func (p *OpPrinter) SuccessorAndArgs(b *Block, args []*Value) {
	p.blockName(b)
	if len(args) == 0 {
		return
	}
	p.WriteByte('(')
	p.Operands(args)
	p.WriteString(" : ")
	for i, a := range args {
		if i > 0 {
			p.WriteString(", ")
		}
		p.Type(a.typ)
	}
	p.WriteByte(')')
}

// SwitchCases writes MLIR's custom<SwitchOpCases>: the default successor,
// then n "value: successor" lines, case(i) giving the i-th.
func (p *OpPrinter) SwitchCases(def *Block, defArgs []*Value, n int, c func(i int) (value string, dest *Block, args []*Value)) {
	p.WriteString("  default: ")
	p.SuccessorAndArgs(def, defArgs)
	for i := 0; i < n; i++ {
		v, dest, args := c(i)
		p.WriteByte(',')
		p.Newline()
		p.WriteString("  ")
		p.WriteString(v)
		p.WriteString(": ")
		p.SuccessorAndArgs(dest, args)
	}
	if n > 0 {
		p.Newline()
	}
}

// Region writes a region; see Printer.printRegion for the flags.
func (p *OpPrinter) Region(r *Region, printEntryArgs, printTerminators bool) {
	p.printRegion(r, printEntryArgs, printTerminators)
}

// Argument writes a block argument with its type: %arg0: i32 (and its
// location under --mlir-print-debuginfo).
func (p *OpPrinter) Argument(v *Value) {
	p.valueName(v)
	p.WriteString(": ")
	p.Type(v.typ)
	if l := v.argLoc(); p.opts.DebugInfo && l != nil {
		p.argLocation(l)
	}
}

// UntypedArgument writes a block argument without its type, as MLIR's
// printRegionArgument with omitType: %arg0 (and its location under
// --mlir-print-debuginfo).
func (p *OpPrinter) UntypedArgument(v *Value) {
	p.valueName(v)
	if l := v.argLoc(); p.opts.DebugInfo && l != nil {
		p.argLocation(l)
	}
}

// OptionalAttrDict writes " {...}" with the attributes not named in elided, if any remain.
func (p *OpPrinter) OptionalAttrDict(attrs []NamedAttr, elided ...string) {
	if rest := filterAttrs(attrs, elided); len(rest) > 0 {
		p.WriteByte(' ')
		p.AttrDict(rest)
	}
}

// OptionalAttrDictWithKeyword writes " attributes {...}" if any attributes remain.
func (p *OpPrinter) OptionalAttrDictWithKeyword(attrs []NamedAttr, elided ...string) {
	if rest := filterAttrs(attrs, elided); len(rest) > 0 {
		p.WriteString(" attributes ")
		p.AttrDict(rest)
	}
}

// filterAttrs returns attrs less the elided names, attrs itself (no copy)
// when it has none of them.
func filterAttrs(attrs []NamedAttr, elided []string) []NamedAttr {
	var out []NamedAttr
	kept := 0 // attrs[:kept] are all kept and not yet copied to out
outer:
	for i, a := range attrs {
		for _, e := range elided {
			if a.Name == e {
				if out == nil {
					out = make([]NamedAttr, 0, len(attrs)-1)
				}
				out = append(out, attrs[kept:i]...)
				kept = i + 1
				continue outer
			}
		}
	}
	if out == nil {
		return attrs
	}
	return append(out, attrs[kept:]...)
}

// FunctionalType writes (operand types) -> result types for the op.
func (p *OpPrinter) FunctionalType(op *Operation) {
	p.WriteByte('(')
	p.TypeList(op.OperandTypes())
	p.WriteString(") -> ")
	p.FunctionResults(op.ResultTypes())
}

// ArrowTypes writes " -> t" or " -> (t1, t2)" when ts is not empty.
func (p *OpPrinter) ArrowTypes(ts []Type) {
	if len(ts) == 0 {
		return
	}
	p.WriteString(" -> ")
	p.FunctionResults(ts)
}

// AssignmentList writes `(%a = %x, %b = %y)`, what ParseAssignmentList
// reads.
func (p *OpPrinter) AssignmentList(args, vals []*Value) {
	p.WriteByte('(')
	for i := range args {
		if i > 0 {
			p.WriteString(", ")
		}
		p.Operand(args[i])
		p.WriteString(" = ")
		p.Operand(vals[i])
	}
	p.WriteByte(')')
}
