package affine

import (
	"slices"

	"github.com/kiln-gpu/kiln/ir"
)

// MLIR's simplifyAffineExpr for pure affine expressions: the expression
// is flattened into one coefficient per dim, symbol and local (a floordiv
// or ceildiv by a constant, or the quotient of a mod), plus a constant,
// as SimpleAffineExprFlattener does, and rebuilt from that form, so that
// equal terms merge, products distribute over sums, and common factors of
// a division cancel.

type flattener struct {
	dims, syms int
	stack      [][]int64
	locals     []*ir.AffineExpr
}

// width is the length of a flat form: dims, symbols, locals, constant.
func (f *flattener) width() int { return f.dims + f.syms + len(f.locals) + 1 }

// addLocal appends a local for expr (a floor division) to every form on
// the stack, before their constants.
func (f *flattener) addLocal(expr *ir.AffineExpr) {
	for i, s := range f.stack {
		f.stack[i] = slices.Insert(s, len(s)-1, 0)
	}
	f.locals = append(f.locals, expr)
}

func (f *flattener) findLocal(expr *ir.AffineExpr) int {
	return slices.IndexFunc(f.locals, expr.Equal)
}

// walk pushes e's flat form; false for an expression it does not flatten
// (a division or remainder by a non-positive constant). A product,
// quotient or remainder whose right operand is no constant becomes a local
// standing for that semi-affine term, as MLIR's addLocalVariableSemiAffine.
func (f *flattener) walk(e *ir.AffineExpr) bool {
	switch e.Kind {
	case ir.AffineConst, ir.AffineDim, ir.AffineSymbol:
		v := make([]int64, f.width())
		switch e.Kind {
		case ir.AffineConst:
			v[len(v)-1] = e.Value
		case ir.AffineDim:
			v[e.Value] = 1
		default:
			v[f.dims+int(e.Value)] = 1
		}
		f.stack = append(f.stack, v)
		return true
	}
	if !f.walk(e.LHS) || !f.walk(e.RHS) {
		return false
	}
	n := len(f.stack)
	lhs, rhs := f.stack[n-2], f.stack[n-1]
	f.stack = f.stack[:n-1]
	if e.Kind == ir.AffineAdd {
		for i := range lhs {
			lhs[i] += rhs[i]
		}
		return true
	}
	if e.RHS.Kind != ir.AffineConst {
		f.semiAffine(ir.AffineBinary(e.Kind, f.rebuild(lhs), f.rebuild(rhs)))
		return true
	}
	c := e.RHS.Value
	switch {
	case e.Kind == ir.AffineMul:
		for i := range lhs {
			lhs[i] *= c
		}
	case c <= 0:
		return false
	case e.Kind == ir.AffineMod:
		f.mod(lhs, c)
	default:
		f.div(lhs, c, e.Kind == ir.AffineCeilDiv)
	}
	return true
}

// semiAffine rewrites the top of the stack to the local standing for expr,
// added when it is new.
func (f *flattener) semiAffine(expr *ir.AffineExpr) {
	at := f.findLocal(expr)
	if at < 0 {
		f.addLocal(expr)
		at = len(f.locals) - 1
	}
	top := f.stack[len(f.stack)-1]
	clear(top)
	top[f.dims+f.syms+at] = 1
}

// mod rewrites lhs (top of the stack) to lhs mod c: zero when every
// coefficient is a multiple of c, else lhs - c * q with q the quotient
// (lhs / g) floordiv (c / g), g the common factor of c and lhs.
func (f *flattener) mod(lhs []int64, c int64) {
	if !slices.ContainsFunc(lhs, func(x int64) bool { return x%c != 0 }) {
		clear(lhs)
		return
	}
	g := c
	for _, x := range lhs {
		g = gcd(g, x)
	}
	dividend := slices.Clone(lhs)
	for i := range dividend {
		dividend[i] /= g
	}
	q := floorDivExpr(f.rebuild(dividend), c/g, false)
	top := len(f.stack) - 1
	if at := f.findLocal(q); at >= 0 {
		f.stack[top][f.dims+f.syms+at] -= c
		return
	}
	f.addLocal(q)
	f.stack[top][len(f.stack[top])-2] = -c
}

// div rewrites lhs (top of the stack) to lhs floordiv (or ceildiv) c,
// first cancelling the common factor of c and every coefficient.
func (f *flattener) div(lhs []int64, c int64, ceil bool) {
	g := c
	for _, x := range lhs {
		g = gcd(g, x)
	}
	if g != 1 {
		for i := range lhs {
			lhs[i] /= g
		}
	}
	if c /= g; c == 1 {
		return
	}
	q := floorDivExpr(f.rebuild(lhs), c, ceil)
	at := f.findLocal(q)
	if at < 0 {
		f.addLocal(q)
		at = len(f.locals) - 1
	}
	top := f.stack[len(f.stack)-1]
	clear(top)
	top[f.dims+f.syms+at] = 1
}

func floorDivExpr(e *ir.AffineExpr, c int64, ceil bool) *ir.AffineExpr {
	kind := ir.AffineFloorDiv
	if ceil {
		kind = ir.AffineCeilDiv
	}
	return ir.AffineBinary(kind, e, ir.AffineConstExpr(c))
}

func gcd(a, b int64) int64 {
	if a < 0 {
		a = -a
	}
	if b < 0 {
		b = -b
	}
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// rebuild is MLIR's getAffineExprFromFlatForm: dims and symbols in
// order, then the locals, then the constant.
func (f *flattener) rebuild(v []int64) *ir.AffineExpr {
	e := ir.AffineConstExpr(0)
	term := func(x *ir.AffineExpr, c int64) {
		if c != 0 {
			e = ir.AffineBinary(ir.AffineAdd, e, ir.AffineBinary(ir.AffineMul, x, ir.AffineConstExpr(c)))
		}
	}
	for j := range f.dims + f.syms {
		if j < f.dims {
			term(ir.AffineDimExpr(j), v[j])
		} else {
			term(ir.AffineSymbolExpr(j-f.dims), v[j])
		}
	}
	for j, l := range f.locals {
		term(l, v[f.dims+f.syms+j])
	}
	if c := v[len(v)-1]; c != 0 {
		e = ir.AffineBinary(ir.AffineAdd, e, ir.AffineConstExpr(c))
	}
	return e
}

// isPureAffine reports whether e multiplies only by constants and divides
// only by constants.
func isPureAffine(e *ir.AffineExpr) bool {
	switch e.Kind {
	case ir.AffineConst, ir.AffineDim, ir.AffineSymbol:
		return true
	case ir.AffineAdd:
		return isPureAffine(e.LHS) && isPureAffine(e.RHS)
	case ir.AffineMul:
		return isPureAffine(e.LHS) && isPureAffine(e.RHS) && (e.LHS.Kind == ir.AffineConst || e.RHS.Kind == ir.AffineConst)
	}
	return isPureAffine(e.LHS) && e.RHS.Kind == ir.AffineConst
}

// simplifyExpr is MLIR's simplifyAffineExpr: a semi-affine expression is
// first simplified by simplifySemiAffine, then the expression is flattened
// and rebuilt (semi-affine terms ordered by getSemiAffineExprFromFlatForm).
func simplifyExpr(e *ir.AffineExpr, dims, syms int) *ir.AffineExpr {
	pure := isPureAffine(e)
	if !pure {
		e = simplifySemiAffine(e, dims, syms)
		pure = isPureAffine(e)
	}
	f := &flattener{dims: dims, syms: syms}
	if !f.walk(e) {
		return e
	}
	if pure {
		return f.rebuild(f.stack[0])
	}
	if e.Equal(f.rebuild(f.stack[0])) {
		return e
	}
	if r := f.rebuildSemiAffine(f.stack[0]); r != nil {
		return r
	}
	return e
}

// rebuildSemiAffine is MLIR's getSemiAffineExprFromFlatForm: the terms are
// summed ordered by a key per term: a dimension di and the locals ranked
// with it (di op constant, then di op sj by j) come before the symbol si
// and the locals si op x; the other locals follow, then the constant. nil
// when two terms would share a key (MLIR asserts there).
func (f *flattener) rebuildSemiAffine(v []int64) *ir.AffineExpr {
	type key struct{ a, b int }
	type term struct {
		k key
		x *ir.AffineExpr
		c int64
	}
	var terms []term
	last := max(f.dims, f.syms)
	offsetSym, offsetDim := 0, -1
	for j := range f.syms {
		if c := v[f.dims+j]; c != 0 {
			terms = append(terms, term{key{j, last + offsetSym}, ir.AffineSymbolExpr(j), c})
			offsetSym++
		}
	}
	added := make([]bool, len(f.locals))
	for i, l := range f.locals {
		c := v[f.dims+f.syms+i]
		if c == 0 {
			continue
		}
		lhs, rhs := l.LHS, l.RHS
		if lhs == nil || lhs.Kind != ir.AffineDim && lhs.Kind != ir.AffineSymbol ||
			rhs.Kind != ir.AffineDim && rhs.Kind != ir.AffineSymbol && rhs.Kind != ir.AffineConst {
			continue
		}
		var k key
		switch {
		case rhs.Kind == ir.AffineConst && lhs.Kind == ir.AffineDim:
			k = key{int(lhs.Value), offsetDim}
			offsetDim--
		case lhs.Kind == ir.AffineDim:
			k = key{int(lhs.Value), int(rhs.Value)}
		default:
			k = key{int(lhs.Value), last + offsetSym}
			offsetSym++
		}
		terms = append(terms, term{k, l, c})
		added[i] = true
	}
	for j := range f.dims {
		if c := v[j]; c != 0 {
			terms = append(terms, term{key{j, offsetDim}, ir.AffineDimExpr(j), c})
			offsetDim--
		}
	}
	slices.SortFunc(terms, func(x, y term) int {
		if x.k.a != y.k.a {
			return x.k.a - y.k.a
		}
		return x.k.b - y.k.b
	})
	e := ir.AffineConstExpr(0)
	for i, t := range terms {
		if i > 0 && terms[i-1].k == t.k {
			return nil
		}
		e = ir.AffineBinary(ir.AffineAdd, e, ir.AffineBinary(ir.AffineMul, t.x, ir.AffineConstExpr(t.c)))
	}
	for i, l := range f.locals {
		if c := v[f.dims+f.syms+i]; c != 0 && !added[i] {
			e = ir.AffineBinary(ir.AffineAdd, e, ir.AffineBinary(ir.AffineMul, l, ir.AffineConstExpr(c)))
		}
	}
	if c := v[len(v)-1]; c != 0 {
		e = ir.AffineBinary(ir.AffineAdd, e, ir.AffineConstExpr(c))
	}
	return e
}

// simplifySemiAffine is MLIR's simplifySemiAffine: a remainder, quotient
// or ceiling quotient by a symbol that divides its dividend becomes 0 or
// the symbolic quotient, and a remainder of the form
// (x - x mod q) mod q becomes 0.
func simplifySemiAffine(e *ir.AffineExpr, dims, syms int) *ir.AffineExpr {
	switch e.Kind {
	case ir.AffineConst, ir.AffineDim, ir.AffineSymbol:
		return e
	case ir.AffineAdd, ir.AffineMul:
		return ir.AffineBinary(e.Kind, simplifySemiAffine(e.LHS, dims, syms), simplifySemiAffine(e.RHS, dims, syms))
	}
	lhs, rhs := simplifySemiAffine(e.LHS, dims, syms), simplifySemiAffine(e.RHS, dims, syms)
	if isModOfModSubtraction(lhs, rhs, dims, syms) {
		return ir.AffineConstExpr(0)
	}
	if rhs.Kind != ir.AffineSymbol || !divisibleBySymbol(e.LHS, rhs.Value, e.Kind, false) {
		return ir.AffineBinary(e.Kind, lhs, rhs)
	}
	if e.Kind == ir.AffineMod {
		return ir.AffineConstExpr(0)
	}
	// Where the division fails the operands stay as simplified (PR 129200).
	if q := symbolicDivide(lhs, rhs.Value, e.Kind); q != nil {
		return q
	}
	return ir.AffineBinary(e.Kind, lhs, rhs)
}

// divisibleBySymbol is MLIR's canSimplifyDivisionBySymbol: whether e is
// a multiple of symbol sym for a division or remainder of kind op. A
// quotient is one only under a division of its own kind, with which it
// commutes, and not as a factor of a product (PR 111254: ((s0 * 2) ceildiv
// 4) * 5 is no multiple of s0).
func divisibleBySymbol(e *ir.AffineExpr, sym int64, op ir.AffineExprKind, inMul bool) bool {
	switch e.Kind {
	case ir.AffineConst:
		return e.Value == 0
	case ir.AffineDim:
		return false
	case ir.AffineSymbol:
		return e.Value == sym
	case ir.AffineAdd:
		return divisibleBySymbol(e.LHS, sym, op, inMul) && divisibleBySymbol(e.RHS, sym, op, inMul)
	case ir.AffineMod:
		return divisibleBySymbol(e.LHS, sym, ir.AffineMod, inMul) && divisibleBySymbol(e.RHS, sym, ir.AffineMod, inMul)
	case ir.AffineMul:
		return divisibleBySymbol(e.LHS, sym, op, true) || divisibleBySymbol(e.RHS, sym, op, true)
	}
	return op == e.Kind && !inMul && divisibleBySymbol(e.LHS, sym, e.Kind, false)
}

// symbolicDivide is MLIR's symbolicDivide: e divided by symbol sym, which
// divisibleBySymbol has checked; nil where that division fails.
func symbolicDivide(e *ir.AffineExpr, sym int64, op ir.AffineExprKind) *ir.AffineExpr {
	switch e.Kind {
	case ir.AffineConst:
		if e.Value != 0 {
			return nil
		}
		return ir.AffineConstExpr(0)
	case ir.AffineDim:
		return nil
	case ir.AffineSymbol:
		return ir.AffineConstExpr(1)
	case ir.AffineAdd:
		return binaryOrNil(e.Kind, symbolicDivide(e.LHS, sym, op), symbolicDivide(e.RHS, sym, op))
	case ir.AffineMod:
		return binaryOrNil(e.Kind, symbolicDivide(e.LHS, sym, e.Kind), symbolicDivide(e.RHS, sym, e.Kind))
	case ir.AffineMul:
		if !divisibleBySymbol(e.LHS, sym, op, true) {
			return binaryOrNil(ir.AffineMul, e.LHS, symbolicDivide(e.RHS, sym, op))
		}
		return binaryOrNil(ir.AffineMul, symbolicDivide(e.LHS, sym, op), e.RHS)
	}
	return binaryOrNil(e.Kind, symbolicDivide(e.LHS, sym, e.Kind), e.RHS)
}

func binaryOrNil(kind ir.AffineExprKind, lhs, rhs *ir.AffineExpr) *ir.AffineExpr {
	if lhs == nil || rhs == nil {
		return nil
	}
	return ir.AffineBinary(kind, lhs, rhs)
}

// isModOfModSubtraction is MLIR's isModOfModSubtraction: whether lhs is a
// sum holding -(x mod rhs) whose other terms add up to x, so that lhs mod
// rhs is 0 (the shape loop peeling leaves).
func isModOfModSubtraction(lhs, rhs *ir.AffineExpr, dims, syms int) bool {
	var summands []*ir.AffineExpr
	var collect func(e *ir.AffineExpr)
	collect = func(e *ir.AffineExpr) {
		if e.Kind != ir.AffineAdd {
			summands = append(summands, e)
			return
		}
		collect(e.LHS)
		collect(e.RHS)
	}
	collect(lhs)
	for i, s := range summands {
		inner := negated(s)
		if inner == nil || inner.Kind != ir.AffineMod || !inner.RHS.Equal(rhs) {
			continue
		}
		diff := ir.AffineConstExpr(0)
		for j, t := range summands {
			if j != i {
				diff = ir.AffineBinary(ir.AffineAdd, diff, t)
			}
		}
		diff = ir.AffineBinary(ir.AffineAdd, diff, ir.AffineBinary(ir.AffineMul, inner.LHS, ir.AffineConstExpr(-1)))
		if d := simplifyExpr(diff, dims, syms); d.Kind == ir.AffineConst && d.Value == 0 {
			return true
		}
	}
	return false
}

// negated returns x when e is x * -1 or -1 * x, else nil.
func negated(e *ir.AffineExpr) *ir.AffineExpr {
	if e.Kind != ir.AffineMul {
		return nil
	}
	if e.LHS.Kind == ir.AffineConst && e.LHS.Value == -1 {
		return e.RHS
	}
	if e.RHS.Kind == ir.AffineConst && e.RHS.Value == -1 {
		return e.LHS
	}
	return nil
}

// simplifyMap is MLIR's simplifyAffineMap.
func simplifyMap(m exprs) exprs {
	out := exprs{m.Dims, m.Syms, make([]*ir.AffineExpr, len(m.List))}
	for i, e := range m.List {
		out.List[i] = simplifyExpr(e, m.Dims, m.Syms)
	}
	return out
}
