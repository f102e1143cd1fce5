package gpu

import (
	"github.com/kiln-gpu/kiln/ir"
)

// Pieces of syntax shared by several ops.

// parseAsyncDependencies parses MLIR's custom<AsyncDependencies>:
// (`async`)? (`[` %t, ... `]`)?, resolving the tokens as operands.
func parseAsyncDependencies(p *ir.OpParser) (async bool, n int, err error) {
	async, us, err := parseAsyncDependencyList(p)
	if err != nil {
		return false, 0, err
	}
	return async, len(us), p.ResolveOperandsSameType(us, AsyncToken(p.Context()))
}

// parseAsyncDependencyList is parseAsyncDependencies leaving the tokens
// unresolved, for the custom<AsyncDependencies> directive of formats.
func parseAsyncDependencyList(p *ir.OpParser) (async bool, us []ir.UnresolvedOperand, err error) {
	at := p.Pos()
	if p.ParseOptionalKeyword("async") {
		if p.NumResults() == 0 {
			return false, nil, p.ErrorfAt(p.LocAt(at), "needs to be named when marked 'async'")
		}
		async = true
	}
	if !p.ParseOptionalPunct("[") {
		return async, nil, nil
	}
	if us, err = p.ParseOperandList(); err != nil {
		return false, nil, err
	}
	return async, us, p.ParsePunct("]")
}

// asyncDependenciesDirective is custom<AsyncDependencies>(type($asyncToken),
// $asyncDependencies) for ops with a declarative format.
var asyncDependenciesDirective = ir.CustomDirective{
	Parse: func(p *ir.OpParser, args []*ir.FormatArg) error {
		async, us, err := parseAsyncDependencyList(p)
		if err != nil {
			return err
		}
		if async {
			args[0].Types = []ir.Type{AsyncToken(p.Context())}
		}
		args[1].Operands = us
		return nil
	},
	Print: func(p *ir.OpPrinter, _ *ir.Operation, args []*ir.FormatArg) {
		printAsyncDependencies(p, len(args[0].Types) > 0, args[1].Values)
	},
}

// printAsyncDependencies writes `async`, `async [%t]` or `[%t]` (nothing
// when neither), without a leading space.
func printAsyncDependencies(p *ir.OpPrinter, async bool, deps []*ir.Value) {
	if async {
		p.WriteString("async")
	}
	if len(deps) == 0 {
		return
	}
	if async {
		p.WriteByte(' ')
	}
	p.WriteByte('[')
	p.Operands(deps)
	p.WriteByte(']')
}

// asyncResultNames names the results of an op that returns values and an
// async token after their ODS names (%memref, %asyncToken), as MLIR
// prints them; unless always, a single result keeps a number.
func asyncResultNames(always bool, names ...string) func(*ir.Operation, func(*ir.Value, string)) {
	return func(op *ir.Operation, name func(*ir.Value, string)) {
		if op.NumResults() < 2 && !always {
			return
		}
		// Results past the names are the last (variadic) group's, which
		// prints as one %name:N.
		for i, r := range op.Results() {
			switch {
			case i == op.NumResults()-1 && AsyncTokenOf(op) == r:
				name(r, "asyncToken")
			case i < len(names):
				name(r, names[i])
			}
		}
	}
}

// AsyncTokenOf returns op's !gpu.async.token result, nil when it has none.
func AsyncTokenOf(op *ir.Operation) *ir.Value {
	for _, r := range op.Results() {
		if _, ok := r.Type().(*AsyncTokenType); ok {
			return r
		}
	}
	return nil
}

// leadingTokens returns the op's leading !gpu.async.token operands (the
// dependencies of an op without operand segments).
func leadingTokens(op *ir.Operation) []*ir.Value {
	var deps []*ir.Value
	for _, v := range op.Operands() {
		if _, ok := v.Type().(*AsyncTokenType); !ok {
			break
		}
		deps = append(deps, v)
	}
	return deps
}

// parseAttributions parses `keyword(%a : type {attrs}, ...)` if the keyword
// is next. attrs is nil when no attribution has a dictionary.
func parseAttributions(p *ir.OpParser, keyword string) (args []ir.Argument, attrs ir.Attribute, err error) {
	if !p.ParseOptionalKeyword(keyword) {
		return nil, nil, nil
	}
	if err := p.ParsePunct("("); err != nil {
		return nil, nil, err
	}
	var dicts []ir.Attribute
	hasAttrs := false
	if !p.IsPunct(")") {
		for {
			a, as, err := p.ParseArgumentWithAttrs()
			if err != nil {
				return nil, nil, err
			}
			args = append(args, a)
			hasAttrs = hasAttrs || len(as) > 0
			dicts = append(dicts, p.Context().DictionaryAttr(as))
			if !p.ParseOptionalPunct(",") {
				break
			}
		}
	}
	if err := p.ParsePunct(")"); err != nil {
		return nil, nil, err
	}
	if hasAttrs {
		attrs = p.Context().ArrayAttr(dicts...)
	}
	return args, attrs, nil
}

// printAttributions writes ` keyword(%a : type {attrs}, ...)` when vs is not empty.
func printAttributions(p *ir.OpPrinter, keyword string, vs []*ir.Value, attrs ir.Attribute) {
	if len(vs) == 0 {
		return
	}
	p.WriteString(" " + keyword + "(")
	arr, _ := attrs.(*ir.ArrayAttr)
	for i, v := range vs {
		if i > 0 {
			p.WriteString(", ")
		}
		p.Operand(v)
		p.WriteString(" : ")
		p.Type(v.Type())
		if arr != nil && i < len(arr.Elems) {
			if d, ok := arr.Elems[i].(*ir.DictionaryAttr); ok {
				p.OptionalAttrDict(d.Entries)
			}
		}
	}
	p.WriteByte(')')
}

// verifyAttributions checks that attributions are memrefs in the given
// address space (when it is still a gpu address space).
func verifyAttributions(op *ir.Operation, vs []*ir.Value, want AddressSpace) error {
	for _, v := range vs {
		if _, ok := v.Type().(*ir.MemRefType); !ok {
			return op.Errorf("expected memref type in attribution")
		}
		if got, ok := MemorySpaceOf(v.Type()); ok && got != want {
			return op.Errorf("expected memory space %s in attribution", want)
		}
	}
	return nil
}

// sortedAttrs appends all of op's attributes to buf sorted by name, as
// MLIR's attribute dictionary holds inherent and discardable ones together:
// a merge of the two sorted lists, properties first among equal names.
// Printers pass a stack array, so that printing a dictionary allocates
// nothing.
func sortedAttrs(op *ir.Operation, buf []ir.NamedAttr) []ir.NamedAttr {
	props, attrs := op.Props(), op.DiscardableAttrs()
	for len(props) > 0 && len(attrs) > 0 {
		if attrs[0].Name < props[0].Name {
			buf, attrs = append(buf, attrs[0]), attrs[1:]
		} else {
			buf, props = append(buf, props[0]), props[1:]
		}
	}
	return append(append(buf, props...), attrs...)
}

// one returns the single value of a segment, or nil.
func one(vs []*ir.Value) *ir.Value {
	if len(vs) == 1 {
		return vs[0]
	}
	return nil
}

// dim3 is three values along x, y and z.
type dim3 = [3]*ir.Value

func toDim3(vs []*ir.Value) (d dim3) {
	if len(vs) == 3 {
		copy(d[:], vs)
	}
	return d
}

// parseDim3 parses `(%x, %y, %z)`.
func parseDim3(p *ir.OpParser) ([]ir.UnresolvedOperand, error) {
	at := p.Pos()
	us, err := p.ParseParenOperandList()
	if err == nil && len(us) != 3 {
		err = ir.Errorf(p.LocAt(at), "expected 3 operands, got %d", len(us))
	}
	return us, err
}

// printDim3 writes `(%x, %y, %z)`.
func printDim3(p *ir.OpPrinter, d dim3) {
	p.WriteByte('(')
	for i, v := range d {
		if i > 0 {
			p.WriteString(", ")
		}
		if v == nil {
			p.WriteString("<<NULL>>")
			continue
		}
		p.Operand(v)
	}
	p.WriteByte(')')
}

// Printers must not panic on unverified IR, so they reach operands,
// results and regions through these (MLIR prints <<NULL ...>> too).

// operandAt writes operand i of op.
func operandAt(p *ir.OpPrinter, op *ir.Operation, i int) {
	if i < op.NumOperands() {
		p.Operand(op.Operand(i))
		return
	}
	p.WriteString("<<NULL VALUE>>")
}

// regionAt writes region 0 of op (an empty one when missing).
func regionAt(p *ir.OpPrinter, op *ir.Operation, printEntryArgs, printTerminators bool) {
	if op.NumRegions() == 0 {
		p.Region(ir.NewRegion(), false, false)
		return
	}
	p.Region(op.Region(0), printEntryArgs, printTerminators)
}
