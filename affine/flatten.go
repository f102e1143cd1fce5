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
// (semi-affine, or a division by a non-positive constant).
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
	switch e.Kind {
	case ir.AffineAdd:
		for i := range lhs {
			lhs[i] += rhs[i]
		}
		return true
	case ir.AffineMul:
		c, ok := constantForm(rhs)
		if !ok {
			c, ok = constantForm(lhs)
			if !ok {
				return false
			}
			copy(lhs, rhs)
		}
		for i := range lhs {
			lhs[i] *= c
		}
		return true
	}
	c, ok := constantForm(rhs)
	if !ok || c <= 0 {
		return false
	}
	if e.Kind == ir.AffineMod {
		f.mod(lhs, c)
	} else {
		f.div(lhs, c, e.Kind == ir.AffineCeilDiv)
	}
	return true
}

// constantForm returns the constant a flat form stands for.
func constantForm(v []int64) (int64, bool) {
	for _, x := range v[:len(v)-1] {
		if x != 0 {
			return 0, false
		}
	}
	return v[len(v)-1], true
}

// mod rewrites lhs (top of the stack) to lhs mod c: zero when every
// coefficient is a multiple of c, else lhs - c * (lhs floordiv c).
func (f *flattener) mod(lhs []int64, c int64) {
	if !slices.ContainsFunc(lhs, func(x int64) bool { return x%c != 0 }) {
		clear(lhs)
		return
	}
	q := floorDivExpr(f.rebuild(lhs), c, false)
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

// simplifyExpr is MLIR's simplifyAffineExpr for pure affine expressions;
// others are returned as they are.
func simplifyExpr(e *ir.AffineExpr, dims, syms int) *ir.AffineExpr {
	if !isPureAffine(e) {
		return e
	}
	f := &flattener{dims: dims, syms: syms}
	if !f.walk(e) {
		return e
	}
	return f.rebuild(f.stack[0])
}

// simplifyMap is MLIR's simplifyAffineMap.
func simplifyMap(m exprs) exprs {
	out := exprs{m.Dims, m.Syms, make([]*ir.AffineExpr, len(m.List))}
	for i, e := range m.List {
		out.List[i] = simplifyExpr(e, m.Dims, m.Syms)
	}
	return out
}
