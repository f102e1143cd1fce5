package linalg

import (
	"slices"

	"github.com/kiln-gpu/kiln/ir"
)

// linalgOps are the ops whose bodies end with linalg.yield.
var linalgOps = []string{"linalg.generic", "linalg.fill", "linalg.elemwise_unary"}

var generic = &ir.OpDef{
	Name:    "linalg.generic",
	Summary: "Loop nest over its operands given by indexing maps and iterator types, with a scalar body.",
	Example: "%r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = [\"parallel\"]} " +
		"ins(%a : tensor<16xf32>) outs(%b : tensor<16xf32>) {\n^bb0(%x: f32, %y: f32):\n  %s = arith.addf %x, %y : f32\n  linalg.yield %s : f32\n} -> tensor<16xf32>",
	Traits:          ir.AttrSizedOperandSegments | ir.SingleBlock,
	Effects:         structuredEffects,
	Speculatability: structuredSpeculatability,
	Operands:        ir.Variadic,
	Results:         ir.Variadic,
	Regions:         ir.Exactly(1),
	Inherent:        []string{"indexing_maps", "iterator_types", "doc", "library_call"},
	// Hand-written as in MLIR (GenericOp::parse, LinalgOps.cpp): a trait dictionary
	// whose iterator types are strings, then ins/outs, the region and the
	// result types.
	Parse:         parseGeneric,
	Print:         printGeneric,
	Verify:        verifyGeneric,
	BlockArgNames: inOutArgNames,
}

// inOutArgNames names the body's arguments %in for the inputs and %out for
// the outputs, as MLIR's GenericOp::getAsmBlockArgumentNames.
func inOutArgNames(r *ir.Region, name func(v *ir.Value, name string)) {
	b := r.Entry()
	if b == nil {
		return
	}
	ins := len(Structured{r.ParentOp()}.Inputs())
	for i, a := range b.Args() {
		if i < ins {
			name(a, "in")
		} else {
			name(a, "out")
		}
	}
}

// traitAttrs are the generic op's attributes printed in its leading dictionary.
var traitAttrs = []string{"doc", "indexing_maps", "iterator_types", "library_call"}

func parseGeneric(p *ir.OpParser, st *ir.OpState) error {
	ctx := p.Context()
	at := p.Pos()
	a, err := p.ParseAttribute(nil)
	if err != nil {
		return err
	}
	dict, ok := a.(*ir.DictionaryAttr)
	if !ok {
		return ir.Errorf(p.LocAt(at), "expected attribute dictionary")
	}
	for _, e := range dict.Entries {
		if e.Name != "iterator_types" {
			st.AddAttr(e.Name, e.Value)
			continue
		}
		arr, ok := e.Value.(*ir.ArrayAttr)
		if !ok {
			return ir.Errorf(p.LocAt(at), "expected iterator_types array attribute")
		}
		its := make([]ir.Attribute, len(arr.Elems))
		for i, it := range arr.Elems {
			// Strings are MLIR's printed form; the enum is also accepted.
			if _, ok := EnumValue(it, "iterator_type"); ok {
				its[i] = it
				continue
			}
			s, ok := it.(*ir.StringAttr)
			if !ok || !slices.Contains(enums["iterator_type"].names, s.Value) {
				return ir.Errorf(p.LocAt(at), "unexpected iterator_type (%s)", ir.AttrString(it))
			}
			its[i] = Enum(ctx, "iterator_type", s.Value)
		}
		st.AddAttr("iterator_types", ctx.ArrayAttr(its...))
	}
	if _, _, err := parseInsOuts(p, st); err != nil {
		return err
	}
	if p.ParseOptionalKeyword("attrs") {
		if err := p.ParsePunct("="); err != nil {
			return err
		}
		if err := p.ParseOptionalAttrDict(); err != nil {
			return err
		}
	}
	rAt := p.Pos()
	r := st.AddRegion()
	if err := p.ParseRegion(r, nil); err != nil {
		return err
	}
	ensureYield(p, r, rAt)
	st.ResultTypes, err = p.ParseOptionalArrowTypeList()
	return err
}

func printGeneric(p *ir.OpPrinter, op *ir.Operation) {
	ctx := op.Context()
	var entries []ir.NamedAttr
	for _, n := range traitAttrs {
		a := op.Attr(n)
		if a == nil {
			continue
		}
		if arr, ok := a.(*ir.ArrayAttr); ok && n == "iterator_types" {
			strs := make([]ir.Attribute, len(arr.Elems))
			for i, it := range arr.Elems {
				if v, ok := EnumValue(it, "iterator_type"); ok {
					strs[i] = ctx.StringAttr(v)
				} else {
					strs[i] = it
				}
			}
			a = ctx.ArrayAttr(strs...)
		}
		entries = append(entries, ir.NamedAttr{Name: n, Value: a})
	}
	if len(entries) > 0 {
		p.WriteByte(' ')
		p.AttrDict(entries)
	}
	printInsOuts(p, op)
	elided := append(slices.Clone(traitAttrs), "operandSegmentSizes")
	for _, a := range op.Attrs() {
		if !slices.Contains(elided, a.Name) {
			p.WriteString(" attrs = ")
			p.AttrDict(withoutNames(op.Attrs(), elided))
			break
		}
	}
	p.WriteByte(' ')
	p.Region(op.Region(0), true, true)
	printResults(p, op)
}

func withoutNames(attrs []ir.NamedAttr, names []string) []ir.NamedAttr {
	var out []ir.NamedAttr
	for _, a := range attrs {
		if !slices.Contains(names, a.Name) {
			out = append(out, a)
		}
	}
	return out
}

// genericMaps returns the indexing_maps of a linalg.generic, or the
// verifier's error when the attribute is missing or malformed.
func genericMaps(op *ir.Operation) ([]*ir.AffineMap, error) {
	arr, ok := op.Attr("indexing_maps").(*ir.ArrayAttr)
	if !ok {
		return nil, op.Errorf("requires attribute 'indexing_maps'")
	}
	maps := make([]*ir.AffineMap, len(arr.Elems))
	for i, e := range arr.Elems {
		m, ok := e.(*ir.AffineMapAttr)
		if !ok {
			return nil, op.Errorf("attribute 'indexing_maps' failed to satisfy constraint: AffineMap array attribute")
		}
		maps[i] = m.Map
	}
	return maps, nil
}

func verifyGeneric(op *ir.Operation) error {
	maps, err := genericMaps(op)
	if err != nil {
		return err
	}
	its, ok := op.Attr("iterator_types").(*ir.ArrayAttr)
	if !ok {
		return op.Errorf("requires attribute 'iterator_types'")
	}
	for _, it := range its.Elems {
		if _, ok := EnumValue(it, "iterator_type"); !ok {
			return op.Errorf("attribute 'iterator_types' failed to satisfy constraint: Iterator type should be an enum.")
		}
	}
	return verifyStructured(op, maps, len(its.Elems))
}

// ensureYield appends an empty linalg.yield, located at the body's start
// at, to a body without a terminator.
func ensureYield(p *ir.OpParser, r *ir.Region, at ir.Pos) {
	if r.Empty() {
		r.Append(ir.NewBlock(nil, nil))
	}
	b := r.Entry()
	if last := b.Last(); last != nil && last.HasTrait(ir.Terminator) {
		return
	}
	b.Append(p.Context().NewOp(&ir.OpState{Name: "linalg.yield", Loc: p.LocAt(at)}))
}

var yield = &ir.OpDef{
	Name:     "linalg.yield",
	Summary:  "Ends the scalar body of a linalg op with one value per output.",
	Example:  "%r = linalg.fill ins(%x : f32) outs(%t : tensor<4xf32>) -> tensor<4xf32>",
	Traits:   ir.Terminator | ir.ReturnLike | ir.Pure,
	Operands: ir.Variadic,
	Format:   &ir.Format{Syntax: "attr-dict ($values^ `:` type($values))?", Operands: []string{"values*"}},
	Verify: func(op *ir.Operation) error {
		pa := op.ParentOp()
		if pa == nil || !slices.Contains(linalgOps, pa.Name()) {
			return op.Errorf("expected parent op with LinalgOp interface")
		}
		outs := Structured{pa}.Outputs()
		if op.NumOperands() != len(outs) {
			return op.Errorf("expected number of yield values (%d) to match the number of inits / outs operands of the enclosing LinalgOp (%d)",
				op.NumOperands(), len(outs))
		}
		for i, v := range op.Operands() {
			if want := ir.ElementTypeOrSelf(outs[i].Type()); v.Type() != want {
				return op.Errorf("type of yield operand %d (%s) doesn't match the element type of the enclosing linalg.generic op (%s)",
					i+1, ir.TypeString(v.Type()), ir.TypeString(want))
			}
		}
		return nil
	},
}
