package vector

import (
	"github.com/kiln-gpu/kiln/ir"
)

// contractOp is vector.contract, a generalized matmul given by affine
// indexing maps over iteration dimensions that are parallel or reduction:
//
//	%r = vector.contract {indexing_maps = [#mapA, #mapB, #mapC], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %c : vector<4x3xf32>, vector<3x7xf32> into vector<4x7xf32>
var contractOp = &ir.OpDef{
	Name:     "vector.contract",
	Summary:  "vector contraction operation",
	Example:  "%r = vector.contract {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = [\"parallel\", \"parallel\", \"reduction\"], kind = #vector.kind<add>} %a, %b, %c : vector<4x3xf32>, vector<3x7xf32> into vector<4x7xf32>",
	Traits:   ir.Pure,
	Operands: ir.Between(3, 5),
	Results:  ir.Exactly(1),
	Inherent: []string{"indexing_maps", "iterator_types", "kind"},
	// Hand-written as in MLIR (ContractionOp::parse, VectorOps.cpp): the
	// trait dictionary comes first and masks may follow the operands.
	Parse: parseContract,
	Print: func(p *ir.OpPrinter, op *ir.Operation) {
		ctx := op.Context()
		var trait []ir.NamedAttr
		for _, name := range []string{"indexing_maps", "iterator_types", "kind"} {
			a := op.Attr(name)
			if a == nil {
				continue
			}
			if name == "iterator_types" {
				// MLIR prints iterator types as strings here, the form tests use.
				if arr, ok := a.(*ir.ArrayAttr); ok {
					es := make([]ir.Attribute, len(arr.Elems))
					for i, e := range arr.Elems {
						if it, ok := e.(*IteratorTypeAttr); ok {
							es[i] = ctx.StringAttr(it.Value.String())
						} else {
							es[i] = e
						}
					}
					a = ctx.ArrayAttr(es...)
				}
			}
			trait = append(trait, ir.NamedAttr{Name: name, Value: a})
		}
		p.WriteByte(' ')
		p.AttrDict(trait)
		p.WriteByte(' ')
		p.Operands(op.Operands())
		p.OptionalAttrDict(op.Attrs(), "indexing_maps", "iterator_types", "kind")
		p.WriteString(" : ")
		p.Type(op.Operand(0).Type())
		p.WriteString(", ")
		p.Type(op.Operand(1).Type())
		p.WriteString(" into ")
		p.Type(op.Result(0).Type())
	},
	Verify: verifyContract,
	// MLIR registers these with ContractionOp; they match the arith adds.
	Canonicalize: []*ir.Pattern{contractAdd("arith.addf"), contractAdd("arith.addi")},
}

func parseContract(p *ir.OpParser, st *ir.OpState) error {
	ctx := p.Context()
	start := p.Pos()
	// The trait is a dictionary, often through an alias (#trait).
	var attrs []ir.NamedAttr
	if p.IsPunct("{") {
		var err error
		if attrs, err = p.Parser.ParseOptionalAttrDict(); err != nil {
			return err
		}
	} else {
		a, err := p.ParseAttribute(nil)
		if err != nil {
			return err
		}
		d, ok := a.(*ir.DictionaryAttr)
		if !ok {
			return customError(p.LocAt(start), "vector.contract", "expected a dictionary of trait attributes")
		}
		attrs = d.Entries
	}
	its, ok := ir.GetAttr(attrs, "iterator_types").(*ir.ArrayAttr)
	if !ok {
		return customError(p.LocAt(start), "vector.contract", "expected \"iterator_types\" array attribute")
	}
	hasKind := false
	for _, a := range attrs {
		switch a.Name {
		case "iterator_types":
			es := make([]ir.Attribute, len(its.Elems))
			for i, e := range its.Elems {
				es[i] = e
				if s, ok := e.(*ir.StringAttr); ok {
					for k, n := range iteratorNames {
						if n == s.Value {
							es[i] = Iterator(ctx, IteratorType(k))
						}
					}
				}
			}
			st.AddAttr(a.Name, ctx.ArrayAttr(es...))
			continue
		case "kind":
			hasKind = true
		}
		st.AddAttr(a.Name, a.Value)
	}
	if !hasKind {
		st.AddAttr("kind", Kind(ctx, KindAdd))
	}
	us, err := p.ParseOperandList()
	if err != nil {
		return err
	}
	if err := p.ParseOptionalAttrDict(); err != nil {
		return err
	}
	if err := p.ParsePunct(":"); err != nil {
		return err
	}
	lt, err := p.ParseType()
	if err != nil {
		return err
	}
	if err := p.ParsePunct(","); err != nil {
		return err
	}
	rt, err := p.ParseType()
	if err != nil {
		return err
	}
	if err := p.ParseKeyword("into"); err != nil {
		return err
	}
	at, err := p.ParseType()
	if err != nil {
		return err
	}
	st.ResultTypes = []ir.Type{at}
	types := []ir.Type{lt, rt, at}
	switch len(us) {
	case 3:
	case 5:
		lv, ok1 := lt.(*ir.VectorType)
		rv, ok2 := rt.(*ir.VectorType)
		if !ok1 || !ok2 {
			return customError(p.LocAt(start), "vector.contract", "expected vector operands with masks")
		}
		i1 := ctx.I(1)
		types = append(types, ctx.ScalableVector(lv.Dims, lv.Scalable, i1), ctx.ScalableVector(rv.Dims, rv.Scalable, i1))
	default:
		return customError(p.LocAt(start), "vector.contract", "expected zero or exactly 2 vector mask operands")
	}
	return p.ResolveOperands(us, types)
}

// ContractMaps returns the indexing maps of a vector.contract (nil when
// malformed).
func ContractMaps(op *ir.Operation) []*ir.AffineMap {
	arr, ok := op.Attr("indexing_maps").(*ir.ArrayAttr)
	if !ok {
		return nil
	}
	out := make([]*ir.AffineMap, len(arr.Elems))
	for i, e := range arr.Elems {
		m, ok := e.(*ir.AffineMapAttr)
		if !ok {
			return nil
		}
		out[i] = m.Map
	}
	return out
}

// IteratorTypes returns the iterator types of a vector.contract (nil when
// malformed).
func IteratorTypes(op *ir.Operation) []IteratorType {
	arr, ok := op.Attr("iterator_types").(*ir.ArrayAttr)
	if !ok {
		return nil
	}
	out := make([]IteratorType, len(arr.Elems))
	for i, e := range arr.Elems {
		switch e := e.(type) {
		case *IteratorTypeAttr:
			out[i] = e.Value
		case *ir.StringAttr: // generic forms written by older MLIR
			switch e.Value {
			case "parallel":
				out[i] = IteratorParallel
			case "reduction":
				out[i] = IteratorReduction
			default:
				return nil
			}
		default:
			return nil
		}
	}
	return out
}

// shapeOf returns a vector's shape, or none for a scalar.
func shapeOf(t ir.Type) []int64 {
	if v, ok := t.(*ir.VectorType); ok {
		return v.Dims
	}
	return nil
}

// resultIndex returns where dim d appears in m's results, or -1.
func resultIndex(m *ir.AffineMap, d int) int {
	for i, r := range m.Results {
		if r.Kind == ir.AffineDim && r.Value == int64(d) {
			return i
		}
	}
	return -1
}

func isProjectedPermutation(m *ir.AffineMap) bool {
	if m.Symbols != 0 {
		return false
	}
	seen := make([]bool, m.Dims)
	for _, r := range m.Results {
		if r.Kind != ir.AffineDim || seen[r.Value] {
			return false
		}
		seen[r.Value] = true
	}
	return true
}

func verifyContract(op *ir.Operation) error {
	ctx := op.Context()
	lt, rt, at := op.Operand(0).Type(), op.Operand(1).Type(), op.Operand(2).Type()
	for i, t := range []ir.Type{lt, rt} {
		if v, ok := t.(*ir.VectorType); !ok || len(v.Dims) == 0 {
			return op.Errorf("operand #%d must be vector of any type values of non-zero rank, but got %s", i, typeQuoted(t))
		}
	}
	le := ir.ElementTypeOrSelf(lt)
	if le != ir.ElementTypeOrSelf(rt) {
		return op.Errorf("failed to verify that lhs and rhs have same element type")
	}
	if op.Result(0).Type() != at {
		return op.Errorf("failed to verify that third operand acc and result have same type")
	}
	if it, ok := le.(*ir.IntegerType); ok && !it.IsSignless() {
		return op.Errorf("only supports signless integer types")
	}
	k, err := verifyDefaultedKind(op)
	if err != nil {
		return err
	}
	maps := ContractMaps(op)
	its := IteratorTypes(op)
	if its == nil {
		return op.Errorf("attribute 'iterator_types' failed to satisfy constraint: Iterator type should be an enum.")
	}
	if len(maps) != 3 {
		return op.Errorf("expected an indexing map for each vector operand")
	}
	shapes := [][]int64{shapeOf(lt), shapeOf(rt), shapeOf(at)}
	for i, m := range maps {
		if m.Symbols != 0 {
			return op.Errorf("expected indexing map %d to have no symbols", i)
		}
		if m.Dims != len(its) {
			return op.Errorf("expected indexing map %d to have %d number of inputs", i, len(its))
		}
		if len(m.Results) != len(shapes[i]) {
			return op.Errorf("expected indexing map %d to have %d number of outputs", i, len(shapes[i]))
		}
		if !isProjectedPermutation(m) {
			return op.Errorf("expected indexing map %d to be a projected permutation of its inputs", i)
		}
	}
	pairs := 0
	for d, it := range its {
		l, r := resultIndex(maps[0], d), resultIndex(maps[1], d)
		if l < 0 || r < 0 {
			continue
		}
		if it == IteratorReduction {
			pairs++
			if shapes[0][l] != shapes[1][r] {
				return op.Errorf("invalid contracting dimension map")
			}
		}
	}
	if pairs == 0 {
		return op.Errorf("expected at least one contracting dimension pair")
	}
	for d, it := range its {
		l, r := resultIndex(maps[0], d), resultIndex(maps[1], d)
		if it == IteratorParallel && l >= 0 && r >= 0 && shapes[0][l] != shapes[1][r] {
			return op.Errorf("invalid batch dimension map")
		}
	}
	sizes := make([]int64, len(its))
	scalable := make([]bool, len(its))
	for d := range its {
		if l := resultIndex(maps[0], d); l >= 0 {
			sizes[d], scalable[d] = shapes[0][l], isScalableDim(lt.(*ir.VectorType), l)
		} else if r := resultIndex(maps[1], d); r >= 0 {
			sizes[d], scalable[d] = shapes[1][r], isScalableDim(rt.(*ir.VectorType), r)
		} else {
			return op.Errorf("expected all dimensions to be either a LHS or a RHS dimension")
		}
	}
	want := make([]int64, len(maps[2].Results))
	wantScalable := make([]bool, len(want))
	for i, r := range maps[2].Results {
		want[i], wantScalable[i] = sizes[r.Value], scalable[r.Value]
	}
	if av, ok := at.(*ir.VectorType); ok {
		if exp := ctx.ScalableVector(want, wantScalable, av.Elem); exp != av {
			return op.Errorf("invalid accumulator/result vector shape, expected: %s", typeQuoted(exp))
		}
	} else if len(want) != 0 {
		return op.Errorf("invalid accumulator/result vector shape")
	}
	if !k.SupportsType(ir.ElementTypeOrSelf(at)) {
		return op.Errorf("unsupported contraction type")
	}
	return nil
}
