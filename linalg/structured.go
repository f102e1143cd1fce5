package linalg

import (
	"github.com/kiln-gpu/kiln/ir"
)

// Structured is a typed view of a linalg structured op: its inputs, then
// its outputs (inits), split by operandSegmentSizes.
type Structured struct{ *ir.Operation }

func (s Structured) segment(i int) []*ir.Value {
	if len(ir.OperandSegmentSizes(s.Operation)) != 2 {
		return nil
	}
	return ir.OperandSegment(s.Operation, i)
}

// Inputs returns the ins operands.
func (s Structured) Inputs() []*ir.Value { return s.segment(0) }

// Outputs returns the outs operands (the inits).
func (s Structured) Outputs() []*ir.Value { return s.segment(1) }

// IndexingMaps returns the indexing map of each operand (MLIR's
// getIndexingMapsArray), or nil for an op whose maps are malformed.
func (s Structured) IndexingMaps() []*ir.AffineMap {
	if s.Name() != "linalg.generic" {
		if len(s.Inputs()) != 1 || len(s.Outputs()) != 1 {
			return nil
		}
		return namedMaps(s)
	}
	maps, err := genericMaps(s.Operation)
	if err != nil {
		return nil
	}
	return maps
}

// Body returns the scalar body.
func (s Structured) Body() *ir.Block { return s.Region(0).Entry() }

// parseInsOuts reads `attr-dict (ins(%a : T, ...))? (outs(%b : U, ...))?`,
// MLIR's parseCommonStructuredOpParts, adding the operands and their
// segment sizes to st; it returns the operand types.
func parseInsOuts(p *ir.OpParser, st *ir.OpState) ([]ir.Type, []ir.Type, error) {
	if err := p.ParseOptionalAttrDict(); err != nil {
		return nil, nil, err
	}
	var lists [2][]*ir.Value
	var types [2][]ir.Type
	for i, kw := range []string{"ins", "outs"} {
		if !p.ParseOptionalKeyword(kw) {
			continue
		}
		if err := p.ParsePunct("("); err != nil {
			return nil, nil, err
		}
		at := p.Pos()
		us, err := p.ParseOperandList()
		if err != nil {
			return nil, nil, err
		}
		if err := p.ParsePunct(":"); err != nil {
			return nil, nil, err
		}
		if types[i], err = p.ParseTypeList(); err != nil {
			return nil, nil, err
		}
		if err := p.ParsePunct(")"); err != nil {
			return nil, nil, err
		}
		if len(us) != len(types[i]) {
			return nil, nil, ir.Errorf(p.LocAt(at), "%d operands present, but expected %d", len(us), len(types[i]))
		}
		for k, u := range us {
			v, err := p.Resolve(u, types[i][k])
			if err != nil {
				return nil, nil, err
			}
			lists[i] = append(lists[i], v)
		}
	}
	st.Operands = append(lists[0], lists[1]...)
	st.AddAttr("operandSegmentSizes", p.Context().DenseI32Array(int64(len(lists[0])), int64(len(lists[1]))))
	return types[0], types[1], nil
}

// printInsOuts writes ` ins(...)` and ` outs(...)` for the non-empty lists.
func printInsOuts(p *ir.OpPrinter, op *ir.Operation) {
	s := Structured{op}
	for _, l := range []struct {
		kw   string
		vals []*ir.Value
	}{{"ins", s.Inputs()}, {"outs", s.Outputs()}} {
		if len(l.vals) == 0 {
			continue
		}
		p.WriteString(" " + l.kw + "(")
		p.Operands(l.vals)
		p.WriteString(" : ")
		types := make([]ir.Type, len(l.vals))
		for i, v := range l.vals {
			types[i] = v.Type()
		}
		p.TypeList(types)
		p.WriteByte(')')
	}
}

// printResults writes ` -> T` or ` -> (T, U)` when the op has results.
func printResults(p *ir.OpPrinter, op *ir.Operation) {
	if op.NumResults() > 0 {
		p.ArrowTypes(op.ResultTypes())
	}
}

// structuredEffects are a structured op's memory effects, MLIR's
// getGenericEffectsImpl under RecursiveMemoryEffects: it reads and writes
// its memref operands (unknown effects here) and has none of its own on
// tensors and scalars, where it has those of its body.
func structuredEffects(op *ir.Operation) ir.Trait {
	for _, v := range op.Operands() {
		if isMemRef(v.Type()) {
			return 0
		}
	}
	return ir.Pure | ir.RecursiveEffects
}

// structuredSpeculatability is MLIR's getGenericSpeculatabilityImpl
// (PR 108032): an op with pure tensor semantics (no memref operand, a
// tensor one) may be speculated as far as its body may; on memrefs not.
func structuredSpeculatability(op *ir.Operation) ir.Speculatability {
	s := ir.NotSpeculatable
	for _, v := range op.Operands() {
		switch t := v.Type(); {
		case isMemRef(t):
			return ir.NotSpeculatable
		case isTensor(t):
			s = ir.RecursivelySpeculatable
		}
	}
	return s
}

func isMemRef(t ir.Type) bool {
	switch t.(type) {
	case *ir.MemRefType, *ir.UnrankedMemRefType:
		return true
	}
	return false
}

func isTensor(t ir.Type) bool {
	switch t.(type) {
	case *ir.RankedTensorType, *ir.UnrankedTensorType:
		return true
	}
	return false
}

// rankOf returns the rank of a shaped operand, 0 for a scalar.
func rankOf(t ir.Type) int {
	if s, ok := t.(ir.ShapedType); ok {
		return len(s.Shape())
	}
	return 0
}

// verifyStructured checks what MLIR's structured-op interface and
// destination-style interface check on every linalg op: one result per
// tensor output, of its type; maps of the right shape when the op has
// them; block arguments of the operands' element types.
func verifyStructured(op *ir.Operation, maps []*ir.AffineMap, numLoops int) error {
	s := Structured{op}
	if len(ir.OperandSegmentSizes(op)) != 2 {
		return op.Errorf("requires attribute 'operandSegmentSizes' with 2 elements")
	}
	outs := s.Outputs()
	var tensorOuts []*ir.Value
	for _, o := range outs {
		if isTensor(o.Type()) {
			tensorOuts = append(tensorOuts, o)
		} else if _, ok := o.Type().(*ir.MemRefType); !ok {
			return op.Errorf("expected that operand #%d is a ranked tensor or a ranked memref", len(s.Inputs())+len(tensorOuts))
		}
	}
	if len(tensorOuts) != op.NumResults() {
		return op.Errorf("expected the number of tensor results (%d) to be equal to the number of output tensors (%d)",
			op.NumResults(), len(tensorOuts))
	}
	for i, o := range tensorOuts {
		if o.Type() != op.Result(i).Type() {
			return op.Errorf("expected type of operand #%d (%s) to match type of corresponding result (%s)",
				len(s.Inputs())+i, ir.TypeString(o.Type()), ir.TypeString(op.Result(i).Type()))
		}
	}
	if maps != nil {
		if len(maps) != op.NumOperands() {
			return op.Errorf("expected the number of indexing_map (%d) to be equal to the number of input/output operands (%d)",
				len(maps), op.NumOperands())
		}
		for i, m := range maps {
			if m.Symbols != 0 {
				return op.Errorf("unexpected symbols in indexing_map #%d", i)
			}
			if m.Dims != numLoops {
				return op.Errorf("expected indexing_map #%d to have %d dim(s) to match the number of loops", i, numLoops)
			}
			if r := rankOf(op.Operand(i).Type()); r != len(m.Results) {
				return op.Errorf("expected operand rank (%d) to match the result rank of indexing_map #%d (%d)", r, i, len(m.Results))
			}
		}
	}
	b := s.Body()
	if b == nil {
		return op.Errorf("expected a body region")
	}
	if b.NumArgs() != op.NumOperands() {
		return op.Errorf("expected as many non-induction variable region arguments as the number of input/output operands")
	}
	for i, a := range b.Args() {
		if want := ir.ElementTypeOrSelf(op.Operand(i).Type()); a.Type() != want {
			return op.Errorf("expected type of bb argument #%d (%s) to match element or self type of the corresponding operand (%s)",
				i, ir.TypeString(a.Type()), ir.TypeString(want))
		}
	}
	return nil
}

// buildBody gives a named op its body, as MLIR's region builders do: a
// block of the operands' element types whose ops body appends.
func buildBody(ctx *ir.Context, r *ir.Region, operandTypes []ir.Type, loc ir.Location, body func(b *ir.Builder, args []*ir.Value) []*ir.Value) {
	types := make([]ir.Type, len(operandTypes))
	locs := make([]ir.Location, len(operandTypes))
	for i, t := range operandTypes {
		types[i], locs[i] = ir.ElementTypeOrSelf(t), loc
	}
	blk := ir.NewBlock(types, locs)
	r.Append(blk)
	b := ir.NewBuilder(ctx)
	b.SetInsertionPointToEnd(blk)
	vals := body(b, blk.Args())
	b.Create(&ir.OpState{Name: "linalg.yield", Loc: loc, Operands: vals})
}

// castTo converts v to t as MLIR's TypeFn cast_signed (or cast_unsigned)
// does: extensions, truncations and int/float conversions; v itself when
// the types agree.
func castTo(b *ir.Builder, v *ir.Value, t ir.Type, unsigned bool, loc ir.Location) *ir.Value {
	from := v.Type()
	if from == t {
		return v
	}
	name := ""
	_, fromIndex := from.(*ir.IndexType)
	_, toIndex := t.(*ir.IndexType)
	fw, tw := ir.IntOrFloatBitWidth(from), ir.IntOrFloatBitWidth(t)
	pick := func(s, u string) string {
		if unsigned {
			return u
		}
		return s
	}
	switch {
	case fromIndex || toIndex:
		name = pick("arith.index_cast", "arith.index_castui")
	case ir.IsFloat(from) && ir.IsFloat(t) && fw < tw:
		name = "arith.extf"
	case ir.IsFloat(from) && ir.IsFloat(t):
		name = "arith.truncf"
	case ir.IsFloat(t):
		name = pick("arith.sitofp", "arith.uitofp")
	case ir.IsFloat(from):
		name = pick("arith.fptosi", "arith.fptoui")
	case fw < tw:
		name = pick("arith.extsi", "arith.extui")
	default:
		name = "arith.trunci"
	}
	return b.Create(&ir.OpState{Name: name, Loc: loc, Operands: []*ir.Value{v}, ResultTypes: []ir.Type{t}}).Result(0)
}
