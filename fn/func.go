package fn

import (
	"strings"

	"github.com/kiln-gpu/kiln/ir"
)

var funcDef = &ir.OpDef{
	Name:    "func.func",
	Summary: "A function: a symbol with a signature and an optional body.",
	Example: "func.func @add(%arg0: i32 {test.attr}, %arg1: i32) -> (i32 {test.res}) attributes {test.fn} {\n" +
		"  return %arg0 : i32\n}",
	Traits:         ir.IsolatedFromAbove | ir.Symbol | ir.AutomaticAllocationScope | ir.AffineScope,
	Regions:        ir.Exactly(1),
	Inherent:       []string{"sym_name", "function_type", "sym_visibility", "arg_attrs", "res_attrs"},
	DefaultDialect: "func",
	// Hand-written as in MLIR (hasCustomAssemblyFormat): the signature
	// with named entry arguments and their attributes is no format element.
	Parse:  parseFunc,
	Print:  printFunc,
	Verify: verifyFunc,
}

// Func is a typed view of func.func.
type Func struct{ *ir.Operation }

// AsFunc returns op as a Func if it is a func.func.
func AsFunc(op *ir.Operation) (Func, bool) {
	if op == nil || op.Name() != funcDef.Name {
		return Func{}, false
	}
	return Func{op}, true
}

// NewFunc returns a detached function with an entry block whose arguments
// match t; clear its body (f.Body().Entry().Erase()) for a declaration.
func NewFunc(ctx *ir.Context, name string, t *ir.FunctionType, loc ir.Location) Func {
	r := ir.NewRegion()
	locs := make([]ir.Location, len(t.Inputs))
	for i := range locs {
		locs[i] = loc
	}
	r.Append(ir.NewBlock(t.Inputs, locs))
	return Func{ctx.NewOp(&ir.OpState{Name: funcDef.Name, Loc: loc, Regions: []*ir.Region{r},
		Attrs: []ir.NamedAttr{{Name: "function_type", Value: ctx.TypeAttr(t)}, {Name: "sym_name", Value: ctx.StringAttr(name)}}})}
}

// Name returns the function's symbol name.
func (f Func) Name() string { return ir.SymbolName(f.Operation) }

// FunctionType returns the signature, or nil when the attribute is missing or malformed.
func (f Func) FunctionType() *ir.FunctionType { return ir.FunctionTypeOf(f.Operation) }

// Body returns the function's region (empty for a declaration), or nil
// for a malformed op without one.
func (f Func) Body() *ir.Region {
	if f.NumRegions() == 0 {
		return nil
	}
	return f.Region(0)
}

// IsDeclaration reports whether the function has no body.
func (f Func) IsDeclaration() bool { return f.Body() == nil || f.Body().Empty() }

// Visibility returns "public", "private" or "nested".
func (f Func) Visibility() string { return ir.Visibility(f.Operation) }

// Arguments returns the entry block's arguments (nil for a declaration).
func (f Func) Arguments() []*ir.Value {
	if f.IsDeclaration() {
		return nil
	}
	return f.Body().Entry().Args()
}

// ArgAttrs returns the attributes of argument i.
func (f Func) ArgAttrs(i int) []ir.NamedAttr { return attrDictAt(f.Attr("arg_attrs"), i) }

// ResultAttrs returns the attributes of result i.
func (f Func) ResultAttrs(i int) []ir.NamedAttr { return attrDictAt(f.Attr("res_attrs"), i) }

// attrDictAt returns entry i of an arg_attrs/res_attrs array, tolerating
// malformed arrays (the verifier reports those).
func attrDictAt(a ir.Attribute, i int) []ir.NamedAttr {
	arr, ok := a.(*ir.ArrayAttr)
	if !ok || i >= len(arr.Elems) {
		return nil
	}
	if d, ok := arr.Elems[i].(*ir.DictionaryAttr); ok {
		return d.Entries
	}
	return nil
}

// verifyFunc checks what ir.Verify does not: the attribute kinds, the
// argument and result attributes, public declarations and the entry block.
func verifyFunc(op *ir.Operation) error {
	f := Func{op}
	ta, ok := op.Attr("function_type").(*ir.TypeAttr)
	if op.Attr("function_type") == nil {
		return op.Errorf("requires attribute 'function_type'")
	}
	if !ok {
		return op.Errorf("attribute 'function_type' failed to satisfy constraint: type attribute of function type")
	}
	ft, ok := ta.Value.(*ir.FunctionType)
	if !ok {
		return op.Errorf("requires 'function_type' attribute of function type")
	}
	if err := verifyArgResAttrs(op, "arg_attrs", "argument", "arguments", len(ft.Inputs)); err != nil {
		return err
	}
	if err := verifyArgResAttrs(op, "res_attrs", "result", "results", len(ft.Results)); err != nil {
		return err
	}
	if f.IsDeclaration() {
		if f.Visibility() == "public" {
			return op.Errorf("symbol declaration cannot have public visibility")
		}
		return nil
	}
	entry := f.Body().Entry()
	if entry.NumArgs() != len(ft.Inputs) {
		return op.Errorf("entry block must have %d arguments to match function signature", len(ft.Inputs))
	}
	for i, t := range ft.Inputs {
		if at := entry.Arg(i).Type(); at != t {
			return op.Errorf("type of entry block argument #%d('%s') must match the type of the corresponding argument in function signature('%s')",
				i, ir.TypeString(at), ir.TypeString(t))
		}
	}
	return nil
}

// verifyArgResAttrs checks arg_attrs or res_attrs: one dictionary per
// argument (result), holding only dialect attributes.
func verifyArgResAttrs(op *ir.Operation, name, what, whats string, n int) error {
	a := op.Attr(name)
	if a == nil {
		return nil
	}
	arr, ok := a.(*ir.ArrayAttr)
	if !ok {
		return op.Errorf("attribute '%s' failed to satisfy constraint: Array of dictionary attributes", name)
	}
	if len(arr.Elems) != n {
		return op.Errorf("expects %s attribute array to have the same number of elements as the number of function %s, got %d, but expected %d",
			what, whats, len(arr.Elems), n)
	}
	for _, e := range arr.Elems {
		d, ok := e.(*ir.DictionaryAttr)
		if !ok {
			return op.Errorf("expects %s attribute dictionary to be a DictionaryAttr, but got `%s`", what, ir.AttrString(e))
		}
		for _, na := range d.Entries {
			if !strings.Contains(na.Name, ".") {
				return op.Errorf("%s may only have dialect attributes", whats)
			}
		}
	}
	return nil
}
