package ir

import (
	"slices"
	"strings"
)

// fmtParseState is what a format's parser has read of one op, resolved into
// the OpState at the end as MLIR's generated parsers do: result types
// first, then operands, then inferred results.
type fmtParseState struct {
	f            *compiledFormat
	p            *OpParser
	operands     [][]UnresolvedOperand
	all          []UnresolvedOperand // read by the `operands` directive
	operandTypes [][]Type
	resultTypes  [][]Type
	allOperands  []Type // type(operands)
	allResults   []Type // type(results)
	regions      [][]*Region
	succs        [][]*Block
	segments     [][]int64 // of VariadicOfVariadic operands, by operand
	// uses and types back the lists of one operand or type each.
	uses  []UnresolvedOperand
	types []Type
}

// reset readies s, perhaps used for an earlier op, for an op of format f;
// its lists keep their arrays.
// Fields are set one by one: a whole state built and copied in stalled on
// store forwarding, as in newOp.
func (s *fmtParseState) reset(f *compiledFormat, p *OpParser) {
	s.f, s.p = f, p
	s.operands = zeroed(s.operands, len(f.operands))
	s.operandTypes = zeroed(s.operandTypes, len(f.operands))
	s.resultTypes = zeroed(s.resultTypes, len(f.results))
	s.regions = zeroed(s.regions, len(f.regions))
	s.succs = zeroed(s.succs, len(f.succs))
	s.segments = zeroed(s.segments, len(f.operands))
	s.all, s.allOperands, s.allResults = nil, nil, nil
	s.uses, s.types = s.uses[:0], s.types[:0]
}

// zeroed returns n zero elements, in xs's array when it is large enough.
func zeroed[T any](xs []T, n int) []T {
	if cap(xs) < n {
		return make([]T, n)
	}
	xs = xs[:n]
	clear(xs)
	return xs
}

func (f *compiledFormat) parse(p *OpParser, st *OpState) error {
	s := p.fmt // reused by parseCustomOp's ops of one nesting depth
	if s == nil {
		s = &fmtParseState{}
	}
	s.reset(f, p)
	if err := s.elements(f.elems); err != nil {
		return err
	}
	ctx := p.Context()
	for i, a := range f.spec.Attrs {
		if a.Default != nil && !a.Optional && stateAttr(st, a.Name) == nil {
			st.AddAttr(a.Name, f.defaultAttr(i, ctx))
		}
	}
	if f.def.Traits&AttrSizedOperandSegments != 0 {
		sizes := make([]int64, len(s.operands))
		for i, us := range s.operands {
			sizes[i] = int64(len(us))
		}
		st.AddAttr("operandSegmentSizes", ctx.DenseI32Array(sizes...))
	}
	for i, p := range f.operands {
		if name := f.spec.OperandSegments[p.name]; name != "" {
			st.AddAttr(name, ctx.DenseI32Array(s.segments[i]...))
		}
	}
	switch {
	case f.allResultTypes:
		st.ResultTypes = append(st.ResultTypes, s.allResults...)
	case !f.inferResults:
		sizes := make([]int64, len(f.results))
		for i := range f.results {
			ts := s.typesOf(fmtRef{rResult, i}, st)
			sizes[i] = int64(len(ts))
			st.ResultTypes = append(st.ResultTypes, ts...)
		}
		if f.def.Traits&AttrSizedResultSegments != 0 {
			st.AddAttr("resultSegmentSizes", ctx.DenseI32Array(sizes...))
		}
	}
	// Properties print sorted by name, as MLIR's do.
	slices.SortStableFunc(st.Attrs, func(a, b NamedAttr) int { return strings.Compare(a.Name, b.Name) })
	if err := s.resolveOperands(st); err != nil {
		return err
	}
	if f.inferResults {
		ts, err := f.spec.InferResults(ctx, valueTypes(st.Operands), st.Attrs)
		if err != nil {
			return Errorf(st.Loc, "%v", err)
		}
		st.ResultTypes = append(st.ResultTypes, ts...)
	}
	for i, rs := range s.regions {
		if rs == nil && !f.regions[i].variadic {
			rs = []*Region{{}}
		}
		if t := f.spec.ImplicitTerminator; t != "" {
			for _, r := range rs {
				ensureTerminator(ctx, r, t, st.Loc)
			}
		}
		st.Regions = append(st.Regions, rs...)
	}
	for _, bs := range s.succs {
		st.Successors = append(st.Successors, bs...)
	}
	return nil
}

// ensureTerminator gives r a block ending with a term op (with no operands)
// if it has none, as MLIR's ensureTerminator does for ops with
// SingleBlockImplicitTerminator.
func ensureTerminator(ctx *Context, r *Region, term string, loc Location) {
	if r.Empty() {
		r.Append(NewBlock(nil, nil))
	}
	b := r.Entry()
	if last := b.Last(); last != nil && last.HasTrait(Terminator) {
		return
	}
	b.Append(ctx.NewOp(&OpState{Name: term, Loc: loc}))
}

// stateAttr returns the state's attribute called name, or nil.
func stateAttr(st *OpState, name string) Attribute {
	for _, a := range st.Attrs {
		if a.Name == name {
			return a.Value
		}
	}
	return nil
}

func valueTypes(vs []*Value) []Type {
	ts := make([]Type, len(vs))
	for i, v := range vs {
		ts[i] = v.typ
	}
	return ts
}

// typesOf returns the types of an operand or result, read or resolved.
func (s *fmtParseState) typesOf(r fmtRef, st *OpState) []Type {
	src, read := s.f.operandTypes, s.operandTypes
	if r.kind == rResult {
		src, read = s.f.resultTypes, s.resultTypes
	}
	ts := src[r.idx]
	switch {
	case ts.seen && (read[r.idx] != nil || !ts.optional || ts.from == nil):
		return read[r.idx]
	case ts.build != nil:
		out := s.someTypes(1)
		out[0] = ts.build(s.p.Context())
		return out
	case ts.from == nil:
		return nil
	}
	var from []Type
	if ts.from.kind == rAttr {
		if a, ok := stateAttr(st, s.f.spec.Attrs[ts.from.idx].Name).(TypedAttr); ok {
			from = s.someTypes(1)
			from[0] = a.Type()
		}
	} else {
		from = s.typesOf(*ts.from, st)
	}
	if ts.first && len(from) > 1 {
		from = from[:1]
	}
	if ts.expand != nil {
		var out []Type
		for _, t := range from {
			out = append(out, ts.expand(s.p.Context(), t)...)
		}
		return out
	}
	if ts.transform == nil {
		return from
	}
	out := s.someTypes(len(from))
	for i, t := range from {
		out[i] = ts.transform(s.p.Context(), t)
	}
	return out
}

// someTypes returns n nil types at the end of s.types, which is reused
// from op to op (NewOp copies the types it keeps).
func (s *fmtParseState) someTypes(n int) []Type {
	start := len(s.types)
	s.types = append(s.types, make([]Type, n)...)
	return s.types[start:len(s.types):len(s.types)]
}

func (s *fmtParseState) resolveOperands(st *OpState) error {
	if s.all != nil {
		// The `operands` directive's list, split as an op's operands are.
		s.operands = splitDefault(s.operands, s.all, s.f.operands)
	}
	if s.f.allOperandTypes {
		var us []UnresolvedOperand
		for _, u := range s.operands {
			us = append(us, u...)
		}
		return s.resolve(us, s.allOperands, st)
	}
	for i, us := range s.operands {
		ts := s.typesOf(fmtRef{rOperand, i}, st)
		if len(ts) == 1 && len(us) != 1 && !s.f.operandTypes[i].seen && s.f.operandTypes[i].expand == nil {
			// A type taken from a single value applies to every operand.
			for _, u := range us {
				if err := s.resolve([]UnresolvedOperand{u}, ts, st); err != nil {
					return err
				}
			}
			continue
		}
		if err := s.resolve(us, ts, st); err != nil {
			return err
		}
	}
	return nil
}

func (s *fmtParseState) resolve(us []UnresolvedOperand, ts []Type, st *OpState) error {
	if len(us) != len(ts) {
		loc := st.Loc
		if len(us) > 0 {
			loc = s.p.OperandLoc(us[0])
		}
		// A generated parser's resolveOperands with the operands' location.
		return s.p.ErrorfAt(loc, "number of operands and types do not match: got %d operands and %d types", len(us), len(ts))
	}
	for i, u := range us {
		v, err := s.p.resolveValue(u, ts[i])
		if err != nil {
			return err
		}
		st.Operands = append(st.Operands, v)
	}
	return nil
}

func (s *fmtParseState) elements(es []*fmtElem) error {
	for _, e := range es {
		if err := s.element(e); err != nil {
			return err
		}
	}
	return nil
}

func (s *fmtParseState) element(e *fmtElem) error {
	p := s.p
	switch e.kind {
	case fLiteral:
		if isKeywordLiteral(e.text) {
			return p.ParseKeyword(e.text)
		}
		return p.ParsePunct(e.text)
	case fSpace:
		return nil
	case fAttrDict:
		at := p.tok
		var err error
		if e.withKeyword {
			err = p.ParseOptionalAttrDictWithKeyword()
		} else {
			err = p.ParseOptionalAttrDict()
		}
		if err != nil {
			return err
		}
		return s.verifyInherentAttrs(at)
	case fVar:
		return s.variable(e.ref)
	case fType:
		at := p.tok // its location is made only for an error
		ts, err := s.parseTypes(s.f.part(e.ref))
		s.setTypes(e.ref, ts)
		if err != nil {
			return err
		}
		return s.checkTypes(e.ref, ts, at)
	case fFunctional:
		ft, err := p.ParseFunctionType()
		if err != nil {
			return err
		}
		s.setTypes(e.args[0].ref, ft.Inputs)
		s.setTypes(e.args[1].ref, ft.Results)
		return nil
	case fOptional:
		first := e.first()
		present, err := s.groupPresent(first)
		if err != nil {
			return err
		}
		if !present {
			return s.elements(e.els)
		}
		for _, el := range e.then {
			if el == first && first.kind == fLiteral {
				continue // consumed by groupPresent
			}
			if el == s.f.impliedAnchor(e) {
				p.st.AddAttr(s.f.spec.Attrs[el.ref.idx].Name, p.Context().UnitAttr())
			} else if err := s.element(el); err != nil {
				return err
			}
		}
		return nil
	case fCustom:
		return s.custom(e)
	case fOIList:
		return s.oilist(e)
	}
	return nil
}

// oilist reads the clauses present, in any order, each at most once.
func (s *fmtParseState) oilist(e *fmtElem) error {
	seen := make([]bool, len(e.clauses))
	for {
		i := slices.IndexFunc(e.clauses, func(c []*fmtElem) bool { return s.p.ParseOptionalKeyword(c[0].text) })
		if i < 0 {
			return nil
		}
		if seen[i] {
			return s.p.ErrorfAt(s.p.st.Loc, "`%s` clause can appear at most once in the expansion of the oilist directive", e.clauses[i][0].text)
		}
		seen[i] = true
		if err := s.elements(e.clauses[i][1:]); err != nil {
			return err
		}
	}
}

// verifyInherentAttrs checks the attributes parsed so far against their
// constraints, reporting at the token at (the attribute dictionary).
func (s *fmtParseState) verifyInherentAttrs(at token) error {
	for _, fa := range s.f.spec.Attrs {
		if fa.Constraint == nil {
			continue
		}
		if a := stateAttr(s.p.st, fa.Name); a != nil && !fa.Constraint(s.p.Context(), a) {
			return s.p.ErrorfAt(s.p.locOf(at), "'%s' op attribute '%s' failed to satisfy constraint: %s", s.f.def.Name, fa.Name, fa.ConstraintDesc)
		}
	}
	return nil
}

// checkTypes applies the Kinds and TypesFrom checks of the operand or result r to
// its types, parsed from the token at.
func (s *fmtParseState) checkTypes(r fmtRef, ts []Type, at token) error {
	if r.kind != rOperand && r.kind != rResult {
		return nil
	}
	name := s.f.part(r).name
	if k, ok := s.f.spec.Kinds[name]; ok {
		for _, t := range ts {
			if !k.Is(t) {
				return s.p.ErrorfAt(s.p.locOf(at), "invalid kind of type specified: expected %s, but found '%s'", k.Name, TypeString(t))
			}
		}
	}
	for _, tf := range s.f.spec.TypesFrom {
		if tf.Check == nil || tf.From != name {
			continue
		}
		for _, t := range ts {
			if !tf.Check(t) {
				return Errorf(s.p.locOf(at), "'%s' must be %s, but got '%s'", name, tf.Desc, TypeString(t))
			}
		}
	}
	return nil
}

func isKeywordLiteral(s string) bool {
	c := s[0]
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// groupPresent reports whether an optional group starting with e is there;
// a literal is consumed.
func (s *fmtParseState) groupPresent(e *fmtElem) (bool, error) {
	p := s.p
	switch e.kind {
	case fLiteral:
		if isKeywordLiteral(e.text) {
			return p.ParseOptionalKeyword(e.text), nil
		}
		return p.ParseOptionalPunct(e.text), nil
	case fType, fFunctional:
		if e.kind == fFunctional {
			return p.isPunct("("), nil
		}
		return p.startsType(), nil
	}
	switch e.ref.kind {
	case rOperand, rAllOperands:
		return p.IsOperand(), nil
	case rRegion:
		return p.IsRegion(), nil
	case rSuccessor:
		return p.tok.kind == tokCaretID, nil
	}
	switch fa := s.f.spec.Attrs[e.ref.idx]; {
	case fa.Keywords != nil:
		return p.tok.kind == tokBareID && slices.Contains(fa.Keywords, p.spelling()), nil
	case fa.Str:
		return p.tok.kind == tokString, nil
	case fa.SymbolName:
		return p.tok.kind == tokAtID, nil
	}
	return p.startsAttr(), nil
}

// startsType reports whether a type may start at the current token.
func (p *Parser) startsType() bool {
	switch p.tok.kind {
	case tokBangID:
		return true
	case tokBareID:
		return isBuiltinTypeKeyword(p.spelling())
	}
	return p.isPunct("(")
}

// startsAttr reports whether an attribute value may start at the current token.
func (p *Parser) startsAttr() bool {
	switch p.tok.kind {
	case tokString, tokAtID, tokInteger, tokFloat, tokHashID:
		return true
	case tokPunct:
		return p.isPunct("-") || p.isPunct("[") || p.isPunct("{")
	case tokBareID:
		return p.startsType() || slices.Contains([]string{"true", "false", "unit", "dense", "array", "affine_map", "affine_set", "strided", "loc", "distinct", "sparse", "dense_resource"}, p.spelling())
	}
	return false
}

func (s *fmtParseState) parseTypes(part fmtPart) ([]Type, error) {
	p := s.p
	if !part.variadic && !part.optional {
		t, err := p.ParseType()
		s.types = append(s.types, t)
		n := len(s.types)
		return s.types[n-1 : n : n], err
	}
	t, ok, err := p.ParseOptionalType()
	if !ok || err != nil {
		return nil, err
	}
	ts := []Type{t}
	for part.variadic && p.ParseOptionalPunct(",") {
		t, err := p.ParseType()
		if err != nil {
			return nil, err
		}
		ts = append(ts, t)
	}
	return ts, nil
}

func (s *fmtParseState) setTypes(r fmtRef, ts []Type) {
	switch r.kind {
	case rOperand:
		s.operandTypes[r.idx] = ts
	case rResult:
		s.resultTypes[r.idx] = ts
	case rAllOperands:
		s.allOperands = ts
	case rAllResults:
		s.allResults = ts
	}
}

// operandList parses a list of operands into s.uses, returning them (nil
// for none).
func (s *fmtParseState) operandList() ([]UnresolvedOperand, error) {
	start := len(s.uses)
	var err error
	s.uses, err = s.p.appendOperandList(s.uses)
	if len(s.uses) == start {
		return nil, err
	}
	return s.uses[start:len(s.uses):len(s.uses)], err
}

func (s *fmtParseState) variable(r fmtRef) error {
	p := s.p
	part := s.f.part(r)
	switch r.kind {
	case rAllOperands:
		us, err := s.operandList()
		s.all = us
		return err
	case rOperand:
		if part.variadic {
			us, err := s.operandList()
			s.operands[r.idx] = us
			return err
		}
		if part.optional && !p.IsOperand() {
			return nil
		}
		u, err := p.ParseOperand()
		s.uses = append(s.uses, u)
		n := len(s.uses)
		s.operands[r.idx] = s.uses[n-1 : n : n]
		return err
	case rAttr:
		a, err := s.attr(s.f.spec.Attrs[r.idx])
		if err != nil {
			return err
		}
		p.st.AddAttr(part.name, a)
		return nil
	case rRegion:
		if part.variadic || part.optional {
			if !p.IsRegion() {
				return nil
			}
		}
		// A variadic part's regions are separated by commas, as
		// OpFormatGen's parser reads a VariadicRegion.
		for {
			reg := &Region{}
			s.regions[r.idx] = append(s.regions[r.idx], reg)
			if err := p.ParseRegion(reg, nil); err != nil {
				return err
			}
			if !part.variadic || !p.ParseOptionalPunct(",") {
				return nil
			}
		}
	case rSuccessor:
		for {
			if part.variadic && p.tok.kind != tokCaretID {
				return nil
			}
			b, err := p.ParseSuccessor()
			if err != nil {
				return err
			}
			s.succs[r.idx] = append(s.succs[r.idx], b)
			if !part.variadic || !p.ParseOptionalPunct(",") {
				return nil
			}
		}
	}
	return nil
}

func (s *fmtParseState) attr(fa FormatAttr) (Attribute, error) {
	p := s.p
	at := p.tok // its location is made only for an error
	var a Attribute
	var err error
	switch {
	case fa.SymbolName:
		var name string
		name, err = p.ParseSymbolName()
		a = p.Context().StringAttr(name)
	case fa.Parse != nil:
		a, err = fa.Parse(p.Parser)
	case fa.Type != nil:
		a, err = p.ParseAttribute(fa.Type(p.Context()))
	default:
		a, err = p.ParseAttribute(nil)
	}
	if err == nil && fa.Kind != nil && !fa.Kind(a) {
		return nil, p.ErrorfAt(p.locOf(at), "invalid kind of attribute specified")
	}
	return a, err
}

func (s *fmtParseState) custom(e *fmtElem) error {
	args := make([]*FormatArg, len(e.args))
	for i, a := range e.args {
		args[i] = &FormatArg{}
		if a.isRef {
			s.refArg(a, args[i])
		}
	}
	if err := s.f.spec.Custom[e.text].Parse(s.p, args); err != nil {
		return err
	}
	for i, a := range e.args {
		switch {
		case a.isRef:
		case a.kind == fType:
			s.setTypes(a.ref, args[i].Types)
		case a.ref.kind == rOperand:
			s.operands[a.ref.idx] = args[i].Operands
			s.segments[a.ref.idx] = args[i].Segments
		case a.ref.kind == rAttr && args[i].Attr != nil:
			s.p.st.AddAttr(s.f.spec.Attrs[a.ref.idx].Name, args[i].Attr)
		case a.ref.kind == rRegion:
			s.regions[a.ref.idx] = args[i].Regions
		case a.ref.kind == rSuccessor:
			s.succs[a.ref.idx] = args[i].Blocks
		}
	}
	return nil
}

// refArg fills a custom directive's ref(...) argument with what was parsed.
func (s *fmtParseState) refArg(a *fmtElem, arg *FormatArg) {
	r := a.ref
	switch {
	case a.kind == fType && r.kind == rOperand:
		arg.Types = s.operandTypes[r.idx]
	case a.kind == fType:
		arg.Types = s.resultTypes[r.idx]
	case r.kind == rOperand:
		arg.Operands, arg.Segments = s.operands[r.idx], s.segments[r.idx]
	case r.kind == rAttr:
		arg.Attr = stateAttr(s.p.st, s.f.spec.Attrs[r.idx].Name)
	case r.kind == rRegion:
		arg.Regions = s.regions[r.idx]
	case r.kind == rSuccessor:
		arg.Blocks = s.succs[r.idx]
	}
}
