package ir

import (
	"slices"
	"strings"
)

// fmtPrinter prints one op by its format with the spacing rules of
// OpFormatGen: a space goes before each element unless the last one was
// punctuation that asked for none, and before literals unless they are
// closing punctuation.
type fmtPrinter struct {
	f                  *compiledFormat
	p                  *OpPrinter
	op                 *Operation
	operands           [][]*Value
	results            [][]*Value
	shouldEmitSpace    bool
	lastWasPunctuation bool
	// values holds the op's operands then its results, and attrs and
	// elided what attrDict prints and leaves out: arrays kept from op to op.
	values  []*Value
	attrs   []NamedAttr
	elided  []string
	scratch []Type
}

func (f *compiledFormat) print(p *OpPrinter, op *Operation) {
	w := p.fmt // reused for the ops p prints, one at a time
	if w == nil {
		w = &fmtPrinter{}
		p.fmt = w
	}
	vs := w.values[:0]
	for _, u := range op.uses() {
		vs = append(vs, u.value)
	}
	n := len(vs)
	for i := range op.results() {
		vs = append(vs, &op.results()[i])
	}
	*w = fmtPrinter{f: f, p: p, op: op, shouldEmitSpace: true, values: vs, attrs: w.attrs[:0], elided: w.elided[:0], scratch: w.scratch,
		operands: groups(w.operands, vs[:n:n], f.operands, op, "operandSegmentSizes"),
		results:  groups(w.results, vs[n:], f.results, op, "resultSegmentSizes")}
	w.elements(f.elems, nil)
}

// groups splits values among named parts, into out's array when it is
// large enough: by the segment sizes attribute when the op has one, else
// as splitDefault does.
func groups[T any](out [][]T, vs []T, ps []fmtPart, op *Operation, segments string) [][]T {
	if a, ok := op.Attr(segments).(*DenseArrayAttr); ok && len(a.Ints) == len(ps) && segmentsCover(a.Ints, len(vs)) {
		out = zeroed(out, len(ps))
		at := 0
		for i, n := range a.Ints {
			out[i] = vs[at : at+int(n)]
			at += int(n)
		}
		return out
	}
	return splitDefault(out, vs, ps)
}

// splitDefault splits values among named parts, into out's array when it
// is large enough: each fixed part takes one value and the single
// variable-length part what the fixed ones leave.
func splitDefault[T any](out [][]T, vs []T, ps []fmtPart) [][]T {
	out = zeroed(out, len(ps))
	fixed := 0
	for _, p := range ps {
		if !p.variadic && !p.optional {
			fixed++
		}
	}
	at := 0
	for i, p := range ps {
		n := 1
		if p.variadic || p.optional {
			n = max(len(vs)-fixed, 0)
			fixed = len(vs) // later variable parts get nothing
		}
		end := min(at+n, len(vs))
		out[i] = vs[at:end]
		at = end
	}
	return out
}

// segmentsCover reports whether sizes split n values exactly; an op whose
// segment attribute does not (a malformed one) is split as if it had none.
func segmentsCover(sizes []int64, n int) bool {
	sum := int64(0)
	for _, s := range sizes {
		if s < 0 || s > int64(n) {
			return false
		}
		sum += s
	}
	return sum == int64(n)
}

func (w *fmtPrinter) elements(es []*fmtElem, skip *fmtElem) {
	for _, e := range es {
		if e != skip {
			w.element(e)
		}
	}
}

func (w *fmtPrinter) element(e *fmtElem) {
	p := w.p
	switch e.kind {
	case fLiteral:
		w.literal(e.text)
		return
	case fSpace:
		if e.text == `\n` {
			p.newline()
			return
		}
		if e.text == " " {
			p.WriteByte(' ')
		}
		w.lastWasPunctuation = e.text != " "
		w.shouldEmitSpace = false
		return
	case fOptional:
		if !w.present(e.anchor) {
			w.elements(e.els, nil)
			return
		}
		w.elements(e.then, w.f.impliedAnchor(e))
		return
	case fAttrDict:
		w.attrDict(e.withKeyword)
		w.lastWasPunctuation = false
		return
	case fOIList:
		for _, clause := range e.clauses {
			if slices.ContainsFunc(clause, func(el *fmtElem) bool { return el.kind == fVar && w.present(el) }) {
				w.elements(clause, nil)
			}
		}
		return
	}
	if e.kind == fVar && e.ref.kind == rRegion && w.f.regions[e.ref.idx].variadic && len(w.regions(e.ref.idx)) == 0 {
		return // no space for no regions, where MLIR leaves a trailing one
	}
	// No space before a newline, where MLIR leaves a trailing one.
	newlineFirst := e.kind == fCustom && w.f.spec.Custom[e.text].NewlineFirst
	if !newlineFirst && (w.shouldEmitSpace || !w.lastWasPunctuation) {
		p.WriteByte(' ')
	}
	w.lastWasPunctuation = false
	w.shouldEmitSpace = true
	switch e.kind {
	case fVar:
		w.variable(e)
	case fType:
		w.types(w.typesNow(e.ref))
	case fFunctional:
		p.WriteByte('(')
		p.TypeList(w.typesNow(e.args[0].ref))
		p.WriteString(") -> ")
		p.FunctionResults(w.typesNow(e.args[1].ref))
	case fCustom:
		w.f.spec.Custom[e.text].Print(p, w.op, w.customArgs(e))
	}
}

func (w *fmtPrinter) literal(v string) {
	if w.shouldEmitSpace && shouldEmitSpaceBefore(v, w.lastWasPunctuation) {
		w.p.WriteByte(' ')
	}
	w.p.WriteString(v)
	w.shouldEmitSpace = len(v) != 1 || !strings.ContainsRune("<({[", rune(v[0]))
	w.lastWasPunctuation = !isKeywordLiteral(v)
}

func shouldEmitSpaceBefore(v string, lastWasPunctuation bool) bool {
	if len(v) != 1 && v != "->" {
		return true
	}
	if lastWasPunctuation {
		return !strings.ContainsRune(">)}],", rune(v[0]))
	}
	return !strings.ContainsRune("<>(){}[],", rune(v[0]))
}

// present reports whether an optional group's anchor is there.
func (w *fmtPrinter) present(a *fmtElem) bool {
	switch a.kind {
	case fType:
		return w.present(&fmtElem{kind: fVar, ref: a.ref})
	case fFunctional:
		return w.present(a.args[0])
	}
	switch a.ref.kind {
	case rAllOperands:
		return w.op.NumOperands() > 0
	case rOperand:
		return len(w.operands[a.ref.idx]) > 0
	case rResult:
		return len(w.results[a.ref.idx]) > 0
	case rRegion:
		rs := w.regions(a.ref.idx)
		return len(rs) > 0 && (w.f.regions[a.ref.idx].variadic || rs[0].first != nil)
	case rSuccessor:
		return len(w.successors(a.ref.idx)) > 0
	case rAttr:
		fa := w.f.spec.Attrs[a.ref.idx]
		v := w.op.Attr(fa.Name)
		return v != nil && (fa.Default == nil || v != w.f.defaultAttr(a.ref.idx, w.op.Context()))
	}
	return false
}

func (w *fmtPrinter) regions(i int) []*Region {
	return groups(nil, w.op.Regions(), w.f.regions, w.op, "")[i]
}

func (w *fmtPrinter) successors(i int) []*Block {
	return groups(nil, w.op.Successors(), w.f.succs, w.op, "")[i]
}

// typesNow returns the types of r, those of an operand or result in w's
// scratch array, which the next call reuses.
func (w *fmtPrinter) typesNow(r fmtRef) []Type {
	var vs []*Value
	switch r.kind {
	case rOperand:
		vs = w.operands[r.idx]
	case rResult:
		vs = w.results[r.idx]
	default:
		return w.typesOf(r)
	}
	w.scratch = w.scratch[:0]
	for _, v := range vs {
		w.scratch = append(w.scratch, v.typ)
	}
	return w.scratch
}

func (w *fmtPrinter) typesOf(r fmtRef) []Type {
	switch r.kind {
	case rOperand:
		return valueTypes(w.operands[r.idx])
	case rResult:
		return valueTypes(w.results[r.idx])
	case rAllOperands:
		return w.op.OperandTypes()
	}
	return w.op.ResultTypes()
}

func (w *fmtPrinter) types(ts []Type) {
	for i, t := range ts {
		if i > 0 {
			w.p.WriteString(", ")
		}
		w.p.Type(t)
	}
}

func (w *fmtPrinter) variable(e *fmtElem) {
	p := w.p
	switch e.ref.kind {
	case rAllOperands:
		p.Operands(w.op.Operands())
	case rOperand:
		p.Operands(w.operands[e.ref.idx])
	case rAttr:
		fa := w.f.spec.Attrs[e.ref.idx]
		switch a := w.op.Attr(fa.Name); {
		case a == nil:
		case fa.SymbolName && isStringAttr(a):
			p.SymbolName(a.(*StringAttr).Value)
		case fa.Print != nil && !e.qualified:
			fa.Print(p.Printer, a)
		case fa.Type != nil:
			p.attrWithoutType(a)
		default:
			p.Attr(a)
		}
	case rRegion:
		for i, r := range w.regions(e.ref.idx) {
			if i > 0 {
				p.WriteString(", ")
			}
			p.Region(r, true, !w.elidesTerminator(r))
		}
	case rSuccessor:
		for i, b := range w.successors(e.ref.idx) {
			if i > 0 {
				p.WriteString(", ")
			}
			p.Successor(b)
		}
	}
}

func isStringAttr(a Attribute) bool { _, ok := a.(*StringAttr); return ok }

// attrWithoutType writes a typed attribute's value alone, as MLIR's
// printAttributeWithoutType does.
func (p *Printer) attrWithoutType(a Attribute) {
	switch a := a.(type) {
	case *IntegerAttr:
		if it, ok := a.typ.(*IntegerType); ok && it.Width == 1 && it.Signedness == Signless {
			a.print(p, false)
			return
		}
		p.WriteString(a.valueString())
	case *FloatAttr:
		p.WriteString(FormatFloat(a.typ.Kind, a.v))
	default:
		p.Attr(a)
	}
}

// attrDict writes the attributes the syntax does not show, leaving out
// default-valued ones equal to their default and segment sizes.
func (w *fmtPrinter) attrDict(withKeyword bool) {
	props, discardable := w.op.propList(), w.op.discardable()
	if len(props) == 0 && len(discardable) == 0 {
		return // nothing to show, nothing to elide
	}
	elided := append(w.elided[:0], w.f.elided...)
	ctx := w.op.Context()
	for i, fa := range w.f.spec.Attrs {
		if fa.Default != nil && w.op.Attr(fa.Name) == w.f.defaultAttr(i, ctx) {
			elided = append(elided, fa.Name)
		}
	}
	w.elided = elided
	w.attrs = append(append(w.attrs[:0], props...), discardable...)
	if withKeyword {
		w.p.OptionalAttrDictWithKeyword(w.attrs, elided...)
	} else {
		w.p.OptionalAttrDict(w.attrs, elided...)
	}
}

func (w *fmtPrinter) customArgs(e *fmtElem) []*FormatArg {
	args := make([]*FormatArg, len(e.args))
	for i, a := range e.args {
		args[i] = &FormatArg{}
		if a.ref.kind == rOperand {
			if name := w.f.spec.OperandSegments[w.f.operands[a.ref.idx].name]; name != "" {
				if sizes, ok := w.op.Attr(name).(*DenseArrayAttr); ok && segmentsCover(sizes.Ints, len(w.operands[a.ref.idx])) {
					args[i].Segments = sizes.Ints
				}
			}
		}
		switch {
		case a.kind == fType:
			args[i].Types = w.typesOf(a.ref)
		case a.ref.kind == rOperand:
			args[i].Values = w.operands[a.ref.idx]
		case a.ref.kind == rAttr:
			args[i].Attr = w.op.Attr(w.f.spec.Attrs[a.ref.idx].Name)
		case a.ref.kind == rRegion:
			args[i].Regions = w.regions(a.ref.idx)
		case a.ref.kind == rSuccessor:
			args[i].Blocks = w.successors(a.ref.idx)
		}
	}
	return args
}

// elidesTerminator reports whether r's terminator is the implicit one with
// nothing to show (no operands, results or attributes), which ODS's
// printer for SingleBlockImplicitTerminator ops leaves out.
func (w *fmtPrinter) elidesTerminator(r *Region) bool {
	if w.f.spec.ImplicitTerminator == "" || r.first == nil {
		return false
	}
	t := r.first.Last()
	return t != nil && t.Name() == w.f.spec.ImplicitTerminator && t.NumOperands() == 0 && t.NumResults() == 0 && len(t.Attrs()) == 0
}
