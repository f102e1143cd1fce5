package ir

import (
	"fmt"
	"math/big"
)

// OpParser reads an op's custom form. The op name is already consumed; a
// Parse hook reads the rest into an OpState. It offers everything Parser
// does (types, attributes, keywords, punctuation) plus operands, regions,
// successors and arguments.
type OpParser struct {
	*Parser
	def        *OpDef
	numResults int
	st         *OpState
	fmt        *fmtParseState // for a declarative format's parser; nil: a new one
	// uses backs the lists of operands ParseOperandsN returns; its array
	// is kept from op to op, and lists already returned keep theirs when
	// it grows.
	uses []UnresolvedOperand
}

// Errorf reports an error of the op's custom form at the current token,
// naming the op as MLIR's custom-op parser does ("custom op 'x.y' ...").
// Errors of the generic pieces it reads (operands, types, punctuation) come
// from the embedded Parser and, as in MLIR, do not name it.
func (p *OpParser) Errorf(format string, args ...any) error {
	if p.tok.kind == tokError {
		return p.Parser.Errorf(format, args...)
	}
	return Errorf(p.Loc(), "custom op '%s' %s", p.def.Name, fmt.Sprintf(format, args...))
}

// ErrorfAt is Errorf at loc.
func (p *OpParser) ErrorfAt(loc Location, format string, args ...any) error {
	return Errorf(loc, "custom op '%s' %s", p.def.Name, fmt.Sprintf(format, args...))
}

// KnownType returns the type of the value u names when it is already
// defined or used, for custom forms that leave an operand's type out.
func (p *OpParser) KnownType(u UnresolvedOperand) (Type, bool) {
	s := p.scope()
	if vals, ok := s.lookup(u.Name); ok && u.Number < vals.len() {
		return vals.at(u.Number).typ, true
	}
	if f, ok := s.forward[valueKey{u.Name, u.Number}]; ok {
		return f.placeholder.typ, true
	}
	return nil, false
}

// NumResults returns how many results the op's binding list names
// (%x:2 = ... gives 2), which some custom forms need.
func (p *OpParser) NumResults() int { return p.numResults }

// ParseOperand parses a value use (%x or %x#1).
func (p *OpParser) ParseOperand() (UnresolvedOperand, error) { return p.parseOperandUse() }

// ParseOptionalOperand parses a value use if one is next.
func (p *OpParser) ParseOptionalOperand() (UnresolvedOperand, bool, error) {
	if p.tok.kind != tokValueID {
		return UnresolvedOperand{}, false, nil
	}
	u, err := p.parseOperandUse()
	return u, true, err
}

// ParseOperandList parses zero or more comma-separated value uses.
func (p *OpParser) ParseOperandList() ([]UnresolvedOperand, error) {
	us, err := p.appendOperandList(nil)
	if len(us) == 0 {
		us = nil
	}
	return us, err
}

// appendOperandList is ParseOperandList appending to us (a format parser's
// reused list).
func (p *OpParser) appendOperandList(us []UnresolvedOperand) ([]UnresolvedOperand, error) {
	if p.tok.kind != tokValueID {
		return us, nil
	}
	for {
		u, err := p.parseOperandUse()
		if err != nil {
			return us, err
		}
		us = append(us, u)
		if !p.ParseOptionalPunct(",") {
			return us, nil
		}
	}
}

// ParseParenOperandList parses ( operands ).
func (p *OpParser) ParseParenOperandList() ([]UnresolvedOperand, error) {
	if err := p.ParsePunct("("); err != nil {
		return nil, err
	}
	us, err := p.ParseOperandList()
	if err != nil {
		return nil, err
	}
	return us, p.ParsePunct(")")
}

// IsOperand reports whether a value use is next.
func (p *OpParser) IsOperand() bool { return p.tok.kind == tokValueID }

// Resolve turns a use into a value of type t (creating a forward reference when needed).
func (p *OpParser) Resolve(u UnresolvedOperand, t Type) (*Value, error) { return p.resolveValue(u, t) }

// ResolveOperands resolves uses with their types and appends them to the state's operands.
func (p *OpParser) ResolveOperands(us []UnresolvedOperand, ts []Type) error {
	if len(us) != len(ts) {
		return p.Errorf("%d operands present, but expected %d", len(us), len(ts))
	}
	for i, u := range us {
		v, err := p.resolveValue(u, ts[i])
		if err != nil {
			return err
		}
		p.st.Operands = append(p.st.Operands, v)
	}
	return nil
}

// ResolveOperandsSameType resolves all uses with one type.
func (p *OpParser) ResolveOperandsSameType(us []UnresolvedOperand, t Type) error {
	for _, u := range us {
		v, err := p.resolveValue(u, t)
		if err != nil {
			return err
		}
		p.st.Operands = append(p.st.Operands, v)
	}
	return nil
}

// OperandLoc returns the location of a parsed use.
func (p *OpParser) OperandLoc(u UnresolvedOperand) Location { return p.locOf(u.tok) }

// ParseColonType parses `: type`.
func (p *OpParser) ParseColonType() (Type, error) {
	if err := p.ParsePunct(":"); err != nil {
		return nil, err
	}
	return p.ParseType()
}

// ParseColonTypeList parses `: t1, t2`.
func (p *OpParser) ParseColonTypeList() ([]Type, error) {
	if err := p.ParsePunct(":"); err != nil {
		return nil, err
	}
	return p.ParseTypeList()
}

// ParseOptionalArrowTypeList parses `-> t` or `-> (t1, t2)` if present.
func (p *OpParser) ParseOptionalArrowTypeList() ([]Type, error) {
	if !p.ParseOptionalPunct("->") {
		return nil, nil
	}
	return p.ParseFunctionResults()
}

// ParseFunctionType parses (t1, t2) -> results.
func (p *OpParser) ParseFunctionType() (*FunctionType, error) {
	t := p.tok
	ty, err := p.parseFunctionType()
	if err != nil {
		return nil, err
	}
	ft, ok := ty.(*FunctionType)
	if !ok {
		return nil, p.errorAt(t, "expected function type")
	}
	return ft, nil
}

// ParseOptionalAttrDict parses {...} into the state's attributes if present.
func (p *OpParser) ParseOptionalAttrDict() error {
	attrs, err := p.Parser.ParseOptionalAttrDict()
	p.st.Attrs = append(p.st.Attrs, attrs...)
	return err
}

// ParseOptionalAttrDictWithKeyword parses `attributes {...}` if present.
func (p *OpParser) ParseOptionalAttrDictWithKeyword() error {
	if !p.ParseOptionalKeyword("attributes") {
		return nil
	}
	attrs, err := p.parseAttrDict()
	p.st.Attrs = append(p.st.Attrs, attrs...)
	return err
}

// ParseSymbolName parses @name.
func (p *OpParser) ParseSymbolName() (string, error) {
	if p.tok.kind != tokAtID {
		return "", p.Errorf("expected valid '@'-identifier for symbol name")
	}
	return p.symbolName()
}

// ParseOptionalSymbolName parses @name if present.
func (p *OpParser) ParseOptionalSymbolName() (string, bool, error) {
	if p.tok.kind != tokAtID {
		return "", false, nil
	}
	s, err := p.symbolName()
	return s, true, err
}

// ParseSymbolRef parses @a or @a::@b.
func (p *OpParser) ParseSymbolRef() (*SymbolRefAttr, error) {
	if p.tok.kind != tokAtID {
		// As MLIR's parseAttribute<SymbolRefAttr>: any attribute, then its kind.
		t := p.tok
		if _, err := p.ParseAttribute(nil); err != nil {
			return nil, err
		}
		return nil, p.errorAt(t, "custom op '%s' invalid kind of attribute specified", p.def.Name)
	}
	a, err := p.parseSymbolRef()
	if err != nil {
		return nil, err
	}
	return a.(*SymbolRefAttr), nil
}

// ParseArgument parses %name (with `: type` when withType) and an optional loc(...).
func (p *OpParser) ParseArgument(withType bool) (Argument, error) { return p.parseArgument(withType) }

// ParseOptionalArgument parses an argument if a value name is next.
func (p *OpParser) ParseOptionalArgument(withType bool) (Argument, bool, error) {
	if p.tok.kind != tokValueID {
		return Argument{}, false, nil
	}
	a, err := p.parseArgument(withType)
	return a, true, err
}

// ParseArgumentList parses ( %a: t, ... ) or, without parens, a bare list.
func (p *OpParser) ParseArgumentList(parens, withType bool) ([]Argument, error) {
	if parens {
		if err := p.ParsePunct("("); err != nil {
			return nil, err
		}
	}
	var args []Argument
	if p.tok.kind == tokValueID {
		for {
			a, err := p.parseArgument(withType)
			if err != nil {
				return nil, err
			}
			args = append(args, a)
			if !p.ParseOptionalPunct(",") {
				break
			}
		}
	}
	if parens {
		if err := p.ParsePunct(")"); err != nil {
			return nil, err
		}
	}
	return args, nil
}

// ParseRegion parses a region into r with the given entry arguments
// (nil: the region's blocks name their own). Regions of isolated ops get a
// fresh value scope.
func (p *OpParser) ParseRegion(r *Region, entryArgs []Argument) error {
	if entryArgs != nil && len(entryArgs) == 0 {
		entryArgs = nil
	}
	return p.parseRegion(r, entryArgs, p.def.Traits&IsolatedFromAbove != 0)
}

// ParseRegionWithArgs is ParseRegion for regions whose entry block always
// gets the given arguments, even when there are none.
func (p *OpParser) ParseRegionWithArgs(r *Region, entryArgs []Argument) error {
	if entryArgs == nil {
		entryArgs = []Argument{}
	}
	return p.parseRegion(r, entryArgs, p.def.Traits&IsolatedFromAbove != 0)
}

// IsRegion reports whether a region starts here.
func (p *OpParser) IsRegion() bool { return p.isPunct("{") }

// ParseSuccessor parses ^label.
func (p *OpParser) ParseSuccessor() (*Block, error) {
	if p.tok.kind != tokCaretID {
		return nil, p.wrongTokenf("expected block name")
	}
	b := p.blockRef(p.spelling()[1:], p.tok)
	p.consume()
	return b, nil
}

// parseSuccessorUses parses ^label or ^label(%a, %b : t1, t2), returning
// the block and its unresolved operands with their types.
func (p *OpParser) parseSuccessorUses() (*Block, []UnresolvedOperand, []Type, error) {
	b, err := p.ParseSuccessor()
	if err != nil || !p.ParseOptionalPunct("(") {
		return b, nil, nil, err
	}
	us, err := p.ParseOperandList()
	if err != nil {
		return nil, nil, nil, err
	}
	var ts []Type
	if len(us) > 0 {
		if ts, err = p.ParseColonTypeList(); err != nil {
			return nil, nil, nil, err
		}
		if len(ts) != len(us) {
			return nil, nil, nil, p.Errorf("%d operands present, but expected %d", len(us), len(ts))
		}
	}
	return b, us, ts, p.ParsePunct(")")
}

// ParseSuccessorUse parses ^label or ^label(%a, %b : t1, t2) for a custom
// directive, appending the block, the unresolved operands and their types
// to dest, uses and types (MLIR's parseSuccessorAndUseList).
func (p *OpParser) ParseSuccessorUse(dest, uses, types *FormatArg) error {
	b, us, ts, err := p.parseSuccessorUses()
	if err != nil {
		return err
	}
	dest.Blocks = append(dest.Blocks, b)
	uses.Operands = append(uses.Operands, us...)
	types.Types = append(types.Types, ts...)
	return nil
}

// ParseSwitchCases parses MLIR's custom<SwitchOpCases>: `default: ^bb(...)`
// and then `, value: ^bb(...)` per case. Its arguments, as cf.switch and
// spirv.Switch name them: the ref'd selector type, the default successor,
// its operands and their types, the case values (a 1-D dense attribute,
// left unset without cases), the case successors, their operands (with
// one segment per case) and their types. value checks each case value,
// read at at, against the selector type t and returns the value to keep.
func (p *OpParser) ParseSwitchCases(args []*FormatArg, value func(at Pos, v *big.Int, t Type) (*big.Int, error)) error {
	t := args[0].Types[0]
	if !p.ParseOptionalKeyword("default") {
		return p.Errorf("expected 'default'")
	}
	if err := p.ParsePunct(":"); err != nil {
		return err
	}
	if err := p.ParseSuccessorUse(args[1], args[2], args[3]); err != nil {
		return err
	}
	dests, uses, types := args[5], args[6], args[7]
	var values []*big.Int
	for p.ParseOptionalPunct(",") {
		at := p.Pos()
		b, err := p.ParseBigInteger()
		if err != nil {
			return err
		}
		v, err := value(at, b, t)
		if err != nil {
			return err
		}
		if err := p.ParsePunct(":"); err != nil {
			return err
		}
		n := len(uses.Operands)
		if err := p.ParseSuccessorUse(dests, uses, types); err != nil {
			return err
		}
		values = append(values, v)
		uses.Segments = append(uses.Segments, int64(len(uses.Operands)-n))
	}
	if len(values) > 0 {
		ctx := p.Context()
		args[4].Attr = ctx.DenseBigInts(ctx.Vector([]int64{int64(len(values))}, t), values)
	}
	return nil
}

// ParseSuccessorAndArgs parses ^label or ^label(%a, %b : t1, t2), appending
// the successor and its resolved operands to the state.
func (p *OpParser) ParseSuccessorAndArgs() (*Block, []*Value, error) {
	b, us, ts, err := p.parseSuccessorUses()
	if err != nil {
		return nil, nil, err
	}
	p.st.Successors = append(p.st.Successors, b)
	var vals []*Value
	for i, u := range us {
		v, err := p.resolveValue(u, ts[i])
		if err != nil {
			return nil, nil, err
		}
		vals = append(vals, v)
	}
	p.st.Operands = append(p.st.Operands, vals...)
	return b, vals, nil
}

// State returns the state being filled.
func (p *OpParser) State() *OpState { return p.st }

// ParseAssignmentList parses `(%a = %x, %b = %y)`: region arguments and
// the values they start with, as MLIR's OpAsmParser::parseAssignmentList
// (scf.for's iter_args, scf.while, scf.forall's shared_outs).
func (p *OpParser) ParseAssignmentList() ([]Argument, []UnresolvedOperand, error) {
	if err := p.ParsePunct("("); err != nil {
		return nil, nil, err
	}
	var args []Argument
	var vals []UnresolvedOperand
	if p.ParseOptionalPunct(")") {
		return args, vals, nil
	}
	for {
		a, err := p.ParseArgument(false)
		if err != nil {
			return nil, nil, err
		}
		if err := p.ParsePunct("="); err != nil {
			return nil, nil, err
		}
		v, err := p.ParseOperand()
		if err != nil {
			return nil, nil, err
		}
		args = append(args, a)
		vals = append(vals, v)
		if !p.ParseOptionalPunct(",") {
			break
		}
	}
	return args, vals, p.ParsePunct(")")
}
