package memref

import (
	"github.com/kiln-gpu/kiln/ir"
)

// parseIndices parses `[%i, %j]` and resolves the uses as index values.
func parseIndices(p *ir.OpParser) ([]ir.UnresolvedOperand, error) {
	if err := p.ParsePunct("["); err != nil {
		return nil, err
	}
	us, err := p.ParseOperandList()
	if err != nil {
		return nil, err
	}
	return us, p.ParsePunct("]")
}

// printIndices writes `[%i, %j]`.
func printIndices(p *ir.OpPrinter, vs []*ir.Value) {
	p.WriteByte('[')
	p.Operands(vs)
	p.WriteByte(']')
}

// ParseDynamicIndexList parses MLIR's mixed list `[%a, 4, -1]`: SSA values
// become dynamic operands (ir.Dynamic in the static list), integers are
// static entries.
func ParseDynamicIndexList(p *ir.OpParser) (dyn []ir.UnresolvedOperand, static []int64, err error) {
	return parseDelimitedIndexList(p, "[", "]")
}

// parseDelimitedIndexList is ParseDynamicIndexList between other
// delimiters (MLIR's AsmParser::Delimiter, `(` `)` for affine's basis).
func parseDelimitedIndexList(p *ir.OpParser, open, close string) (dyn []ir.UnresolvedOperand, static []int64, err error) {
	if err := p.ParsePunct(open); err != nil {
		return nil, nil, err
	}
	static = []int64{}
	if p.ParseOptionalPunct(close) {
		return nil, static, nil
	}
	for {
		if u, ok, err := p.ParseOptionalOperand(); err != nil {
			return nil, nil, err
		} else if ok {
			dyn = append(dyn, u)
			static = append(static, ir.Dynamic)
		} else {
			v, ok, err := p.ParseOptionalInteger()
			if err != nil {
				return nil, nil, err
			}
			if !ok {
				return nil, nil, p.Errorf("expected SSA value or integer")
			}
			static = append(static, v)
		}
		if !p.ParseOptionalPunct(",") {
			break
		}
	}
	return dyn, static, p.ParsePunct(close)
}

// PrintDynamicIndexList writes `[%a, 4]` from a static list whose Dynamic
// entries take the next value of dyn.
func PrintDynamicIndexList(p *ir.OpPrinter, dyn []*ir.Value, static []int64) {
	printDelimitedIndexList(p, dyn, static, "[", "]")
}

// printDelimitedIndexList is PrintDynamicIndexList between other delimiters.
func printDelimitedIndexList(p *ir.OpPrinter, dyn []*ir.Value, static []int64, open, close string) {
	p.WriteString(open)
	k := 0
	for i, s := range static {
		if i > 0 {
			p.WriteString(", ")
		}
		if s == ir.Dynamic && k < len(dyn) {
			p.Operand(dyn[k])
			k++
		} else {
			p.Int(s)
		}
	}
	p.WriteString(close)
}

// DynamicIndexList is MLIR's custom<DynamicIndexList>($values, $static):
// `[%a, 4]`, SSA values standing for the ir.Dynamic entries.
var DynamicIndexList = DelimitedIndexList("[", "]")

// DelimitedIndexList is DynamicIndexList between other delimiters (MLIR's
// custom<DynamicIndexList>(..., "{}", Paren) for `(` `)`).
func DelimitedIndexList(open, close string) ir.CustomDirective {
	return ir.CustomDirective{
		Parse: func(p *ir.OpParser, args []*ir.FormatArg) error {
			dyn, static, err := parseDelimitedIndexList(p, open, close)
			if err != nil {
				return err
			}
			args[0].Operands = dyn
			args[1].Attr = p.Context().DenseI64Array(static...)
			return nil
		},
		Print: func(p *ir.OpPrinter, _ *ir.Operation, args []*ir.FormatArg) {
			var static []int64
			if a, ok := args[1].Attr.(*ir.DenseArrayAttr); ok {
				static = a.Ints
			}
			printDelimitedIndexList(p, args[0].Values, static, open, close)
		},
	}
}

// resolveIndex resolves uses as index values into the state's operands.
func resolveIndex(p *ir.OpParser, us []ir.UnresolvedOperand) error {
	return p.ResolveOperandsSameType(us, p.Context().Index())
}

// parseReassociation parses `[[0, 1], [2]]` into an array of i64 arrays.
func parseReassociation(p *ir.OpParser) (*ir.ArrayAttr, error) {
	ctx := p.Context()
	if err := p.ParsePunct("["); err != nil {
		return nil, err
	}
	var groups []ir.Attribute
	if !p.ParseOptionalPunct("]") {
		for {
			if err := p.ParsePunct("["); err != nil {
				return nil, err
			}
			var g []ir.Attribute
			if !p.ParseOptionalPunct("]") {
				for {
					v, err := p.ParseInteger()
					if err != nil {
						return nil, err
					}
					g = append(g, ctx.I64Attr(v))
					if !p.ParseOptionalPunct(",") {
						break
					}
				}
				if err := p.ParsePunct("]"); err != nil {
					return nil, err
				}
			}
			groups = append(groups, ctx.ArrayAttr(g...))
			if !p.ParseOptionalPunct(",") {
				break
			}
		}
		if err := p.ParsePunct("]"); err != nil {
			return nil, err
		}
	}
	return ctx.ArrayAttr(groups...), nil
}

// Reassociation returns the index groups of a reassociation attribute, or
// ok=false when it is not an array of integer arrays.
func Reassociation(a ir.Attribute) (groups [][]int64, ok bool) {
	arr, ok := a.(*ir.ArrayAttr)
	if !ok {
		return nil, false
	}
	groups = [][]int64{}
	for _, g := range arr.Elems {
		ga, ok := g.(*ir.ArrayAttr)
		if !ok {
			return nil, false
		}
		var is []int64
		for _, e := range ga.Elems {
			ia, ok := e.(*ir.IntegerAttr)
			if !ok {
				return nil, false
			}
			is = append(is, ia.Int())
		}
		groups = append(groups, is)
	}
	return groups, true
}

// ReassociationAttr is the reassociation attribute of groups.
func ReassociationAttr(ctx *ir.Context, groups [][]int64) *ir.ArrayAttr {
	attrs := make([]ir.Attribute, len(groups))
	for i, g := range groups {
		elems := make([]ir.Attribute, len(g))
		for j, d := range g {
			elems[j] = ctx.I64Attr(d)
		}
		attrs[i] = ctx.ArrayAttr(elems...)
	}
	return ctx.ArrayAttr(attrs...)
}

// ComposeReassociations is MLIR's composeReassociationIndices: the groups of the
// longer list (the reshape over more dimensions) gathered by the other's.
func ComposeReassociations(producer, consumer [][]int64) ([][]int64, bool) {
	if len(producer) == len(consumer) {
		return nil, false
	}
	if len(producer) < len(consumer) {
		producer, consumer = consumer, producer
	}
	out := [][]int64{}
	if len(consumer) == 0 {
		return out, true
	}
	n := 0
	for _, g := range consumer {
		n += len(g)
	}
	if n != len(producer) {
		return nil, false
	}
	for _, g := range consumer {
		var c []int64
		for _, d := range g {
			if d < 0 || int(d) >= len(producer) {
				return nil, false
			}
			c = append(c, producer[d]...)
		}
		out = append(out, c)
	}
	return out, true
}

func printReassociation(p *ir.OpPrinter, groups [][]int64) {
	p.WriteByte('[')
	for i, g := range groups {
		if i > 0 {
			p.WriteString(", ")
		}
		p.WriteByte('[')
		for j, v := range g {
			if j > 0 {
				p.WriteString(", ")
			}
			p.Int(v)
		}
		p.WriteByte(']')
	}
	p.WriteByte(']')
}

// staticArray returns the values of a dense i64 array property (nil when absent).
func staticArray(op *ir.Operation, name string) []int64 {
	if a, ok := op.Attr(name).(*ir.DenseArrayAttr); ok {
		return a.Ints
	}
	return nil
}

// setSegments records segment sizes on a state.
func setSegments(st *ir.OpState, ctx *ir.Context, sizes ...int) {
	vs := make([]int64, len(sizes))
	for i, s := range sizes {
		vs[i] = int64(s)
	}
	st.AddAttr("operandSegmentSizes", ctx.DenseI32Array(vs...))
}
