package ir

import "slices"

// Helpers shared by the dialect packages: small pieces of op machinery that
// several dialects had each written for themselves.

// OperandSegmentSizes returns the operandSegmentSizes of an
// AttrSizedOperandSegments op, or nil when it has none.
func OperandSegmentSizes(op *Operation) []int64 {
	if a, ok := op.Attr("operandSegmentSizes").(*DenseArrayAttr); ok {
		return a.Ints
	}
	return nil
}

// OperandSegment returns the operands of segment i of an
// AttrSizedOperandSegments op, or nil when operandSegmentSizes is missing or
// does not fit the operands.
func OperandSegment(op *Operation, i int) []*Value {
	return SegmentOperands(op, OperandSegmentSizes(op), i)
}

// SegmentOperands returns the operands of segment i when op's operands are
// split by sizes (for ops whose older forms have fewer segments), or nil when
// sizes does not fit the operands: an unverified op must not make callers
// panic.
func SegmentOperands(op *Operation, sizes []int64, i int) []*Value {
	if i < 0 || i >= len(sizes) {
		return nil
	}
	start := 0
	for _, n := range sizes[:i] {
		if n < 0 {
			return nil
		}
		start += int(n)
	}
	end := start + int(sizes[i])
	if end < start || end > op.NumOperands() {
		return nil
	}
	return op.Operands()[start:end]
}

// SetOperandSegment replaces the operands of segment i of an
// AttrSizedOperandSegments op with vals and updates operandSegmentSizes.
func SetOperandSegment(op *Operation, i int, vals []*Value) {
	sizes := slices.Clone(OperandSegmentSizes(op))
	start := 0
	for _, n := range sizes[:i] {
		start += int(n)
	}
	ops := op.Operands()
	rest := ops[start+int(sizes[i]):]
	op.SetOperands(slices.Concat(ops[:start:start], vals, rest))
	sizes[i] = int64(len(vals))
	op.SetAttr("operandSegmentSizes", op.Context().DenseI32Array(sizes...))
}

// ParseOperandColonType parses `%v attr-dict : type`, the custom form
// `$v attr-dict : type($v)` of ops with one operand and no results
// (terminators that yield one value, deallocations).
func ParseOperandColonType(p *OpParser, _ *OpState) error {
	u, t, err := ParseOneOperandColonType(p)
	if err != nil {
		return err
	}
	return p.ResolveOperands([]UnresolvedOperand{u}, []Type{t})
}

// ParseOneOperandColonType parses `%v attr-dict : T`, returning the operand
// and T for the caller to resolve (T may be the operand's type or the
// result's).
func ParseOneOperandColonType(p *OpParser) (UnresolvedOperand, Type, error) {
	u, err := p.ParseOperand()
	if err != nil {
		return u, nil, err
	}
	if err := p.ParseOptionalAttrDict(); err != nil {
		return u, nil, err
	}
	t, err := p.ParseColonType()
	return u, t, err
}

// PrintOperandColonType prints the form ParseOperandColonType reads.
func PrintOperandColonType(p *OpPrinter, op *Operation) {
	p.WriteByte(' ')
	p.Operand(op.Operand(0))
	p.OptionalAttrDict(op.Attrs())
	p.WriteString(" : ")
	p.Type(op.Operand(0).Type())
}

// ParseAttrDictColonTypes parses `attr-dict : T1 kw T2`, the tail of casts
// and views (`: memref<4xf32> to memref<?xf32>`), returning T1 and T2.
func ParseAttrDictColonTypes(p *OpParser, kw string) (Type, Type, error) {
	if err := p.ParseOptionalAttrDict(); err != nil {
		return nil, nil, err
	}
	from, err := p.ParseColonType()
	if err != nil {
		return nil, nil, err
	}
	if err := p.ParseKeyword(kw); err != nil {
		return nil, nil, err
	}
	to, err := p.ParseType()
	if err != nil {
		return nil, nil, err
	}
	return from, to, nil
}

// ParseAttrDictFunctionType parses `attr-dict : (T1, ...) -> (R1, ...)`.
func ParseAttrDictFunctionType(p *OpParser) (*FunctionType, error) {
	if err := p.ParseOptionalAttrDict(); err != nil {
		return nil, err
	}
	if err := p.ParsePunct(":"); err != nil {
		return nil, err
	}
	return p.ParseFunctionType()
}

// ParseFunctionalTail parses `attr-dict : (T1, ...) -> (R1, ...)` after the
// operands us, which it resolves to the inputs; the results take the
// function type's results.
func ParseFunctionalTail(p *OpParser, st *OpState, us []UnresolvedOperand) error {
	ft, err := ParseAttrDictFunctionType(p)
	if err != nil {
		return err
	}
	st.ResultTypes = ft.Results
	return p.ResolveOperands(us, ft.Inputs)
}

// ParseSymbolNameAttr parses `@name` into the string attribute attr of st,
// as MLIR's parseSymbolName(StringAttr &, attrName, attrs) does.
func ParseSymbolNameAttr(p *OpParser, st *OpState, attr string) error {
	name, err := p.ParseSymbolName()
	if err != nil {
		return err
	}
	st.AddAttr(attr, p.Context().StringAttr(name))
	return nil
}

// PrintSymbolNameAttr prints op's string attribute attr as `@name`; nothing
// when it is missing, so that a malformed op still prints.
func PrintSymbolNameAttr(p *OpPrinter, op *Operation, attr string) {
	if n, ok := op.Attr(attr).(*StringAttr); ok {
		p.SymbolName(n.Value)
	}
}

// ParseOperandsN parses exactly n comma-separated operands, for custom forms
// whose operand count is fixed.
func ParseOperandsN(p *OpParser, n int) ([]UnresolvedOperand, error) {
	start := len(p.uses)
	for i := range n {
		if i > 0 {
			if err := p.ParsePunct(","); err != nil {
				return nil, err
			}
		}
		u, err := p.ParseOperand()
		if err != nil {
			return nil, err
		}
		p.uses = append(p.uses, u)
	}
	return p.uses[start:len(p.uses):len(p.uses)], nil
}

// ParseArrowResultType parses `-> T`, the type of an op's one result.
func ParseArrowResultType(p *OpParser, st *OpState) error {
	if err := p.ParsePunct("->"); err != nil {
		return err
	}
	t, err := p.ParseType()
	if err != nil {
		return err
	}
	st.ResultTypes = []Type{t}
	return nil
}

// DictArrayAttr returns [{...}, ...] holding per-argument (or per-result)
// attributes, or nil when all are empty: function-like ops then drop the
// arg_attrs/res_attrs attribute, as MLIR does.
func DictArrayAttr(ctx *Context, lists [][]NamedAttr) Attribute {
	empty := true
	for _, l := range lists {
		empty = empty && len(l) == 0
	}
	if empty {
		return nil
	}
	elems := make([]Attribute, len(lists))
	for i, l := range lists {
		elems[i] = ctx.DictionaryAttr(l)
	}
	return ctx.ArrayAttr(elems...)
}

// ParseAttrDictAndBody parses `(attributes {...})? { body }` of module-like
// ops, giving an empty body its one empty block.
func ParseAttrDictAndBody(p *OpParser, st *OpState) (*Region, error) {
	if err := p.ParseOptionalAttrDictWithKeyword(); err != nil {
		return nil, err
	}
	r := st.AddRegion()
	if err := p.ParseRegion(r, nil); err != nil {
		return nil, err
	}
	if r.Empty() {
		r.Append(NewBlock(nil, nil))
	}
	return r, nil
}

// FunctionTypeOf returns the signature in a function-like op's
// function_type attribute, or nil when it is missing or malformed.
func FunctionTypeOf(op *Operation) *FunctionType {
	if ta, ok := op.Attr("function_type").(*TypeAttr); ok {
		ft, _ := ta.Value.(*FunctionType)
		return ft
	}
	return nil
}

// ConstantIntAttr returns the integer a value is known to hold: the "value"
// attribute of its ConstantLike defining op (arith.constant and the like).
func ConstantIntAttr(v *Value) (*IntegerAttr, bool) {
	d := v.DefiningOp()
	if d == nil || !d.HasTrait(ConstantLike) {
		return nil, false
	}
	a, ok := d.Attr("value").(*IntegerAttr)
	return a, ok
}
