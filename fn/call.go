package fn

import "github.com/kiln-gpu/kiln/ir"

var callDef = &ir.OpDef{
	Name:    "func.call",
	Traits:  ir.MemRefsNormalizable,
	Summary: "Calls a function named by a symbol.",
	Example: "func.func private @callee(i32) -> f32\n" +
		"func.func @caller(%arg0: i32) -> f32 {\n  %0 = call @callee(%arg0) : (i32) -> f32\n  return %0 : f32\n}",
	Operands: ir.Variadic,
	Results:  ir.Variadic,
	Inherent: []string{"callee", "no_inline"},
	Format: &ir.Format{Syntax: "$callee `(` $operands `)` attr-dict `:` functional-type($operands, results)",
		Operands: []string{"operands*"}, Results: []string{"results*"}, Attrs: []ir.FormatAttr{flatSymbolRef("callee")}},
	Verify:           verifyCall,
	VerifySymbolUses: verifyCallSymbolUses,
}

// Call is a typed view of func.call.
type Call struct{ *ir.Operation }

// AsCall returns op as a Call if it is a func.call.
func AsCall(op *ir.Operation) (Call, bool) {
	if op == nil || op.Name() != callDef.Name {
		return Call{}, false
	}
	return Call{op}, true
}

// Callee returns the called symbol, or nil when malformed.
func (c Call) Callee() *ir.SymbolRefAttr {
	ref, _ := c.Attr("callee").(*ir.SymbolRefAttr)
	return ref
}

// Args returns the call's arguments.
func (c Call) Args() []*ir.Value { return c.Operands() }

// CalleeType returns the function type the call site implies.
func (c Call) CalleeType() *ir.FunctionType {
	return c.Context().FunctionType(c.OperandTypes(), c.ResultTypes())
}

// verifyCall checks the callee attribute.
func verifyCall(op *ir.Operation) error { return verifyFlatSymbolRef(op, "callee") }

// flatSymbolRef is a FlatSymbolRefAttr that a format names.
func flatSymbolRef(name string) ir.FormatAttr {
	return ir.FormatAttr{Name: name, Kind: func(a ir.Attribute) bool {
		ref, ok := a.(*ir.SymbolRefAttr)
		return ok && ref.IsFlat()
	}}
}

// verifyFlatSymbolRef checks that op has the required flat symbol reference
// attribute name, as ODS's FlatSymbolRefAttr does.
func verifyFlatSymbolRef(op *ir.Operation, name string) error {
	a := op.Attr(name)
	if a == nil {
		return op.Errorf("requires attribute '%s'", name)
	}
	if ref, ok := a.(*ir.SymbolRefAttr); !ok || !ref.IsFlat() {
		return op.Errorf("attribute '%s' failed to satisfy constraint: flat symbol reference attribute", name)
	}
	return nil
}

// verifyCallSymbolUses checks the callee's signature; it runs when the
// enclosing symbol table is verified.
func verifyCallSymbolUses(op *ir.Operation) error {
	ref, ok := op.Attr("callee").(*ir.SymbolRefAttr)
	if !ok {
		return nil // verifyCall reports it
	}
	f, ok := AsFunc(ir.LookupNearestSymbol(op, ref))
	if !ok {
		return op.Errorf("'%s' does not reference a valid function", ref.Root)
	}
	ft := f.FunctionType()
	if ft == nil {
		return nil // the callee's own verifier reports it
	}
	if len(ft.Inputs) != op.NumOperands() {
		return op.Errorf("incorrect number of operands for callee")
	}
	for i, t := range ft.Inputs {
		if got := op.Operand(i).Type(); got != t {
			return op.Errorf("operand type mismatch: expected operand type '%s', but provided '%s' for operand number %d",
				ir.TypeString(t), ir.TypeString(got), i)
		}
	}
	if len(ft.Results) != op.NumResults() {
		return op.Errorf("incorrect number of results for callee")
	}
	for i, t := range ft.Results {
		if op.Result(i).Type() != t {
			return op.Errorf("result type mismatch at index %d", i).
				Note(op.Loc(), "      op result types: %s", typeList(op.ResultTypes())).
				Note(op.Loc(), "function result types: %s", typeList(ft.Results))
		}
	}
	return nil
}

// typeList renders types as MLIR prints a TypeRange in diagnostics: 'a', 'b'.
func typeList(ts []ir.Type) string {
	s := ""
	for i, t := range ts {
		if i > 0 {
			s += ", "
		}
		s += "'" + ir.TypeString(t) + "'"
	}
	return s
}
