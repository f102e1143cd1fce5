package vector

import (
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/memref"
)

// extractOp is vector.extract, with static and dynamic positions:
//
//	%r = vector.extract %v[0, %i] : f32 from vector<4x8xf32>
//
// MLIR's format, but for its types: the older form `vector.extract %v[0] :
// vector<4x8xf32>` (the source type only, still in upstream tests) is
// accepted on input, which `type($result) `from` type($vector)` cannot
// say, so custom<ExtractTypes> reads both forms.
var extractOp = &ir.OpDef{
	Name:     "vector.extract",
	Summary:  "extract operation",
	Example:  "%r = vector.extract %v[0, %i] : f32 from vector<4x8xf32>",
	Traits:   ir.Pure,
	Operands: ir.AtLeast(1),
	Results:  ir.Exactly(1),
	Inherent: []string{"static_position"},
	Format: &ir.Format{Syntax: "$vector `` custom<DynamicIndexList>($dynamic_position, $static_position) attr-dict `:` " +
		"custom<ExtractTypes>(type($result), type($vector), ref($static_position))",
		Operands: []string{"vector", "dynamic_position*"}, Results: []string{"result"},
		Attrs: []ir.FormatAttr{{Name: "static_position"}}, Types: map[string]func(*ir.Context) ir.Type{"dynamic_position": indexType},
		Custom: map[string]ir.CustomDirective{"DynamicIndexList": memref.DynamicIndexList,
			"ExtractTypes": {Parse: parseExtractTypes, Print: printExtractTypes}}},
	Verify: func(op *ir.Operation) error {
		vt, err := vectorOperand(op, 0)
		if err != nil {
			return err
		}
		pos, err := verifyPositions(op, "static_position", op.Operands()[1:])
		if err != nil {
			return err
		}
		if len(pos) > len(vt.Dims) {
			return op.Errorf("expected position attribute of rank no greater than vector rank")
		}
		if err := checkPositionBounds(op, pos, vt, "vector dimension"); err != nil {
			return err
		}
		rt := op.Result(0).Type()
		if r, ok := rt.(*ir.VectorType); ok && len(r.Dims) == 0 {
			return op.Errorf("expected a scalar instead of a 0-d vector as the result type")
		}
		want := subVector(op.Context(), vt, len(pos))
		if rt != want && !isUnitVectorOf(rt, want) {
			return op.Errorf("inferred type(s) %s are incompatible with return type(s) of operation %s", typeQuoted(want), typeQuoted(rt))
		}
		return nil
	},
	Fold:         foldExtract,
	Canonicalize: []*ir.Pattern{extractOfBroadcast, extractOfCreateMask, extractOfShapeCast, extractOfFromElements, extractToShapeCast},
}

// parseExtractTypes reads `f32 from vector<4x8xf32>`, or the older
// `vector<4x8xf32>` whose result type the position's rank gives.
func parseExtractTypes(p *ir.OpParser, args []*ir.FormatArg) error {
	at := p.Pos()
	t, err := p.ParseType()
	if err != nil {
		return err
	}
	var vt *ir.VectorType
	if p.ParseOptionalKeyword("from") {
		if vt, err = parseVectorType(p, "vector.extract"); err != nil {
			return err
		}
	} else {
		var ok bool
		if vt, ok = t.(*ir.VectorType); !ok {
			return customError(p.LocAt(at), "vector.extract", "invalid kind of type specified: expected builtin.vector, but found '%s'", ir.TypeString(t))
		}
		static, _ := Ints(args[2].Attr)
		if len(static) > len(vt.Dims) {
			return customError(p.LocAt(at), "vector.extract", "expected position attribute of rank no greater than vector rank")
		}
		t = subVector(p.Context(), vt, len(static))
	}
	args[0].Types, args[1].Types = []ir.Type{t}, []ir.Type{vt}
	return nil
}

func printExtractTypes(p *ir.OpPrinter, _ *ir.Operation, args []*ir.FormatArg) {
	for i, ts := range [][]ir.Type{args[0].Types, args[1].Types} {
		if i > 0 {
			p.WriteString(" from ")
		}
		if len(ts) == 1 {
			p.Type(ts[0])
		}
	}
}

// isUnitVectorOf reports whether t is vector<1xE> for scalar e (MLIR
// allows extracting and inserting those in place of scalars).
func isUnitVectorOf(t, e ir.Type) bool {
	v, ok := t.(*ir.VectorType)
	return ok && len(v.Dims) == 1 && v.Dims[0] == 1 && !v.IsScalable() && v.Elem == e
}

// verifyPositions checks the static/dynamic position pair and returns the
// static positions.
func verifyPositions(op *ir.Operation, name string, dyn []*ir.Value) ([]int64, error) {
	a, ok := op.Attr(name).(*ir.DenseArrayAttr)
	if !ok || a.Floats != nil || a.Elem != op.Context().I(64) {
		if op.Attr(name) == nil {
			return nil, op.Errorf("requires attribute '%s'", name)
		}
		return nil, op.Errorf("attribute '%s' failed to satisfy constraint: i64 dense array attribute", name)
	}
	n := 0
	for _, v := range a.Ints {
		if v == Dynamic {
			n++
		}
	}
	if n != len(dyn) {
		return nil, op.Errorf("mismatch between dynamic and static positions (kDynamic marker but no corresponding dynamic position) -- this can only happen due to an incorrect fold/rewrite")
	}
	for i, v := range dyn {
		if !ir.IsIntOrIndex(v.Type()) {
			return nil, op.Errorf("operand #%d must be variadic of index, but got %s", i+1, typeQuoted(v.Type()))
		}
	}
	return a.Ints, nil
}

func checkPositionBounds(op *ir.Operation, pos []int64, vt *ir.VectorType, what string) error {
	for i, p := range pos {
		if p == Dynamic || p == Poison {
			continue
		}
		if p < 0 || p >= vt.Dims[i] {
			return op.Errorf("expected position attribute #%d to be a non-negative integer smaller than the corresponding %s or poison (-1)", i+1, what)
		}
	}
	return nil
}

// insertOp is vector.insert:
//
//	%r = vector.insert %s, %v[0, %i] : f32 into vector<4x8xf32>
var insertOp = &ir.OpDef{
	Name:     "vector.insert",
	Summary:  "insert operation",
	Example:  "%r = vector.insert %s, %v [0, %i] : f32 into vector<4x8xf32>",
	Traits:   ir.Pure,
	Operands: ir.AtLeast(2),
	Results:  ir.Exactly(1),
	Inherent: []string{"static_position"},
	// No `` before the position, as MLIR: `%v [0]`.
	Format: &ir.Format{Syntax: "$valueToStore `,` $dest custom<DynamicIndexList>($dynamic_position, $static_position) attr-dict `:` type($valueToStore) `into` type($dest)",
		Operands: []string{"valueToStore", "dest", "dynamic_position*"}, Results: []string{"result"},
		Attrs: []ir.FormatAttr{{Name: "static_position"}}, Types: map[string]func(*ir.Context) ir.Type{"dynamic_position": indexType},
		Kinds: map[string]ir.TypeKind{"dest": vectorKind}, TypesMatch: [][]string{{"dest", "result"}},
		Custom: map[string]ir.CustomDirective{"DynamicIndexList": memref.DynamicIndexList}},
	Verify: func(op *ir.Operation) error {
		vt, err := vectorOperand(op, 1)
		if err != nil {
			return err
		}
		if op.Result(0).Type() != vt {
			return op.Errorf("failed to verify that all of {dest, result} have same type")
		}
		pos, err := verifyPositions(op, "static_position", op.Operands()[2:])
		if err != nil {
			return err
		}
		if len(pos) > len(vt.Dims) {
			return op.Errorf("expected position attribute of rank no greater than dest vector rank")
		}
		st := op.Operand(0).Type()
		if sv, ok := st.(*ir.VectorType); ok {
			if len(sv.Dims) == 0 {
				return op.Errorf("expected a scalar instead of a 0-d vector as the source operand")
			}
			if len(sv.Dims)+len(pos) != len(vt.Dims) && !isUnitVectorOf(sv, vt.Elem) {
				return op.Errorf("expected position attribute rank + source rank to match dest vector rank")
			}
		} else if len(pos) != len(vt.Dims) {
			return op.Errorf("expected position attribute rank to match the dest vector rank")
		}
		if ir.ElementTypeOrSelf(st) != vt.Elem {
			return op.Errorf("failed to verify that source operand and result have same element type")
		}
		return checkPositionBounds(op, pos, vt, "dest vector dimension")
	},
	Fold:         foldInsert,
	Canonicalize: []*ir.Pattern{insertToBroadcast, insertSplatToSplat},
}

// Position is one entry of a mixed static/dynamic position: a constant, or
// (when Value is set) an index operand.
type Position struct {
	Static int64
	Value  *ir.Value
}

// mixedPositions merges static_position with the dynamic operands.
func mixedPositions(op *ir.Operation, dyn []*ir.Value) []Position {
	static := attrInts(op, "static_position")
	out := make([]Position, len(static))
	d := 0
	for i, s := range static {
		out[i].Static = s
		if s == Dynamic && d < len(dyn) {
			out[i].Value = dyn[d]
			d++
		}
	}
	return out
}
