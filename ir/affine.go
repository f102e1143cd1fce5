package ir

import (
	"math"
	"slices"
	"strconv"
)

// AffineExprKind is the kind of an affine expression node.
type AffineExprKind uint8

const (
	AffineAdd AffineExprKind = iota
	AffineMul
	AffineMod
	AffineFloorDiv
	AffineCeilDiv
	AffineConst
	AffineDim
	AffineSymbol
)

// AffineExpr is a node of an affine expression: a binary operation, a
// constant (Value), or a dimension or symbol (Value is its position).
// Expressions are immutable once built.
type AffineExpr struct {
	Kind     AffineExprKind
	LHS, RHS *AffineExpr
	Value    int64
}

// AffineDimExpr returns d<pos>.
func AffineDimExpr(pos int) *AffineExpr { return &AffineExpr{Kind: AffineDim, Value: int64(pos)} }

// AffineSymbolExpr returns s<pos>.
func AffineSymbolExpr(pos int) *AffineExpr { return &AffineExpr{Kind: AffineSymbol, Value: int64(pos)} }

// AffineConstExpr returns a constant.
func AffineConstExpr(v int64) *AffineExpr { return &AffineExpr{Kind: AffineConst, Value: v} }

// AffineBinary builds lhs op rhs with MLIR's simplifications (simplifyAdd,
// simplifyMul, simplifyFloorDiv, simplifyCeilDiv, simplifyMod): constant
// folding, identities, constants and then symbolic terms moved to the
// right, constants of chained sums and products gathered on the right,
// c1 * e + c2 * e merged, e - (e floordiv q) * q made e mod q, quotients
// and remainders of terms known to be multiples of a positive constant
// divisor resolved, and two plain dimensions or symbols of a sum or product
// ordered. Division and remainder by a constant below 1 stay as written,
// as in MLIR.
func AffineBinary(kind AffineExprKind, lhs, rhs *AffineExpr) *AffineExpr {
	var e *AffineExpr
	switch kind {
	case AffineAdd:
		e = simplifyAdd(lhs, rhs)
	case AffineMul:
		e = simplifyMul(lhs, rhs)
	case AffineFloorDiv:
		e = simplifyDiv(lhs, rhs, false)
	case AffineCeilDiv:
		e = simplifyDiv(lhs, rhs, true)
	case AffineMod:
		e = simplifyMod(lhs, rhs)
	}
	if e != nil {
		return e
	}
	if kind == AffineAdd || kind == AffineMul {
		if a, ok := orderKey(lhs); ok {
			if b, ok := orderKey(rhs); ok && b < a {
				lhs, rhs = rhs, lhs
			}
		}
	}
	return &AffineExpr{Kind: kind, LHS: lhs, RHS: rhs}
}

// simplifyDiv is MLIR's simplifyFloorDiv (and, with ceil, simplifyCeilDiv,
// which does not split sums); nil when the quotient stays as it is.
func simplifyDiv(lhs, rhs *AffineExpr, ceil bool) *AffineExpr {
	if rhs.Kind != AffineConst || rhs.Value < 1 {
		return nil
	}
	c := rhs.Value
	switch {
	case lhs.Kind == AffineConst && ceil:
		return AffineConstExpr(-FloorDiv(-lhs.Value, c))
	case lhs.Kind == AffineConst:
		return AffineConstExpr(FloorDiv(lhs.Value, c))
	case c == 1:
		return lhs
	case lhs.Kind == AffineMul && lhs.RHS.Kind == AffineConst && lhs.RHS.Value%c == 0:
		return AffineBinary(AffineMul, lhs.LHS, AffineConstExpr(lhs.RHS.Value/c))
	case !ceil && lhs.Kind == AffineAdd && (lhs.LHS.LargestKnownDivisor()%c == 0 || lhs.RHS.LargestKnownDivisor()%c == 0):
		return AffineBinary(AffineAdd, AffineBinary(AffineFloorDiv, lhs.LHS, rhs), AffineBinary(AffineFloorDiv, lhs.RHS, rhs))
	}
	return nil
}

// simplifyMod is MLIR's simplifyMod; nil when the remainder stays as it is.
func simplifyMod(lhs, rhs *AffineExpr) *AffineExpr {
	if rhs.Kind != AffineConst || rhs.Value < 1 {
		return nil
	}
	c := rhs.Value
	switch {
	case lhs.Kind == AffineConst:
		return AffineConstExpr(((lhs.Value % c) + c) % c)
	case lhs.LargestKnownDivisor()%c == 0:
		return AffineConstExpr(0)
	case lhs.Kind == AffineAdd && lhs.LHS.LargestKnownDivisor()%c == 0:
		return AffineBinary(AffineMod, lhs.RHS, rhs)
	case lhs.Kind == AffineAdd && lhs.RHS.LargestKnownDivisor()%c == 0:
		return AffineBinary(AffineMod, lhs.LHS, rhs)
	case lhs.Kind == AffineMod && lhs.RHS.Kind == AffineConst && lhs.RHS.Value >= 1 && lhs.RHS.Value%c == 0:
		// (e mod a) mod b is e mod b when b divides a.
		return AffineBinary(AffineMod, lhs.LHS, rhs)
	}
	return nil
}

// LargestKnownDivisor is MLIR's getLargestKnownDivisor: a positive integer
// that divides e whatever its dimensions and symbols (0 for the constant 0).
func (e *AffineExpr) LargestKnownDivisor() int64 {
	switch e.Kind {
	case AffineDim, AffineSymbol:
		return 1
	case AffineConst:
		if e.Value < 0 {
			return -e.Value
		}
		return e.Value
	case AffineMul:
		return e.LHS.LargestKnownDivisor() * e.RHS.LargestKnownDivisor()
	case AffineFloorDiv, AffineCeilDiv:
		if e.RHS.Kind == AffineConst && e.RHS.Value != 0 {
			if d := e.LHS.LargestKnownDivisor(); d%e.RHS.Value == 0 {
				q := d / e.RHS.Value
				if q < 0 {
					q = -q
				}
				return q
			}
		}
		return 1
	}
	return gcd(e.LHS.LargestKnownDivisor(), e.RHS.LargestKnownDivisor())
}

func gcd(a, b int64) int64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// symbolic reports whether e holds no dimension (MLIR's
// isSymbolicOrConstant).
func (e *AffineExpr) symbolic() bool {
	switch e.Kind {
	case AffineDim:
		return false
	case AffineConst, AffineSymbol:
		return true
	}
	return e.LHS.symbolic() && e.RHS.symbolic()
}

// simplifyAdd is MLIR's simplifyAdd; nil when lhs + rhs stays as it is.
func simplifyAdd(lhs, rhs *AffineExpr) *AffineExpr {
	if lhs.Kind == AffineConst && rhs.Kind == AffineConst {
		return AffineConstExpr(lhs.Value + rhs.Value)
	}
	if lhs.Kind == AffineConst || lhs.symbolic() && !rhs.symbolic() {
		return AffineBinary(AffineAdd, rhs, lhs)
	}
	if rhs.Kind == AffineConst && rhs.Value == 0 {
		return lhs
	}
	lc := lhs.Kind == AffineAdd && lhs.RHS.Kind == AffineConst
	if lc && rhs.Kind == AffineConst {
		return AffineBinary(AffineAdd, lhs.LHS, AffineConstExpr(lhs.RHS.Value+rhs.Value))
	}
	// c1 * e + c2 * e is (c1 + c2) * e.
	first, c1 := scaled(lhs)
	second, c2 := scaled(rhs)
	if first.Equal(second) {
		return AffineBinary(AffineMul, first, AffineConstExpr(c1+c2))
	}
	if lc {
		return AffineBinary(AffineAdd, AffineBinary(AffineAdd, lhs.LHS, rhs), lhs.RHS)
	}
	// e - (e floordiv q) * q is e mod q, and x + e - (e floordiv q) * q is
	// x + e mod q.
	if q := floorDivTimesMinus(rhs, lhs); q != nil {
		return AffineBinary(AffineMod, lhs, q)
	}
	if lhs.Kind == AffineAdd {
		if q := floorDivTimesMinus(rhs, lhs.RHS); q != nil {
			return AffineBinary(AffineAdd, lhs.LHS, AffineBinary(AffineMod, lhs.RHS, q))
		}
	}
	return nil
}

// floorDivTimesMinus returns q when r is ((e floordiv q) * q) * -1, or
// (e floordiv c) * -c for a positive constant c; nil otherwise.
func floorDivTimesMinus(r, e *AffineExpr) *AffineExpr {
	if r.Kind != AffineMul {
		return nil
	}
	if p, m := r.LHS, r.RHS; m.Kind == AffineConst && m.Value == -1 && p.Kind == AffineMul {
		if fd := p.LHS; fd.Kind == AffineFloorDiv && fd.RHS.Equal(p.RHS) && fd.LHS.Equal(e) {
			return p.RHS
		}
		return nil
	}
	// A negative divisor would make a remainder by it, which lowerings do
	// not support (MLIR PR 107530).
	if fd, c := r.LHS, r.RHS; fd.Kind == AffineFloorDiv && fd.LHS.Equal(e) && c.Kind == AffineConst &&
		fd.RHS.Kind == AffineConst && fd.RHS.Value > 0 && fd.RHS.Value == -c.Value {
		return fd.RHS
	}
	return nil
}

// orderKey orders plain dimensions before symbols, each by position, for
// the operands of sums and products (MLIR PR 146895).
func orderKey(e *AffineExpr) (int64, bool) {
	switch e.Kind {
	case AffineDim:
		return e.Value, true
	case AffineSymbol:
		return 1<<32 + e.Value, true
	}
	return 0, false
}

// scaled splits e into x and c with e = x * c (c = 1 when e is no product
// by a constant).
func scaled(e *AffineExpr) (*AffineExpr, int64) {
	if e.Kind == AffineMul && e.RHS.Kind == AffineConst {
		return e.LHS, e.RHS.Value
	}
	return e, 1
}

// simplifyMul is MLIR's simplifyMul; nil when lhs * rhs stays as it is.
func simplifyMul(lhs, rhs *AffineExpr) *AffineExpr {
	if lhs.Kind == AffineConst && rhs.Kind == AffineConst {
		return AffineConstExpr(lhs.Value * rhs.Value)
	}
	if !lhs.symbolic() && !rhs.symbolic() {
		return nil
	}
	if !rhs.symbolic() || lhs.Kind == AffineConst {
		return AffineBinary(AffineMul, rhs, lhs)
	}
	if rhs.Kind == AffineConst {
		switch rhs.Value {
		case 1:
			return lhs
		case 0:
			return rhs
		}
	}
	if lhs.Kind == AffineMul && lhs.RHS.Kind == AffineConst {
		if rhs.Kind == AffineConst {
			return AffineBinary(AffineMul, lhs.LHS, AffineConstExpr(lhs.RHS.Value*rhs.Value))
		}
		return AffineBinary(AffineMul, AffineBinary(AffineMul, lhs.LHS, rhs), lhs.RHS)
	}
	return nil
}

// FloorDiv is a/b rounded toward negative infinity (MLIR's floorDiv).
func FloorDiv(a, b int64) int64 {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

// CheckedMul is a*b and whether it did not overflow.
func CheckedMul(a, b int64) (int64, bool) {
	if a == 0 || b == 0 {
		return 0, true
	}
	c := a * b
	return c, c/b == a && !(a == -1 && b == math.MinInt64) && !(b == -1 && a == math.MinInt64)
}

// CheckedAdd is a+b and whether it did not overflow.
func CheckedAdd(a, b int64) (int64, bool) {
	c := a + b
	return c, (c > a) == (b > 0)
}

// Equal reports structural equality.
func (e *AffineExpr) Equal(o *AffineExpr) bool {
	if e == o {
		return true
	}
	if e == nil || o == nil || e.Kind != o.Kind || e.Value != o.Value {
		return false
	}
	if e.LHS == nil {
		return true
	}
	return e.LHS.Equal(o.LHS) && e.RHS.Equal(o.RHS)
}

// Eval evaluates the expression for the given dimension and symbol values.
func (e *AffineExpr) Eval(dims, syms []int64) int64 {
	switch e.Kind {
	case AffineConst:
		return e.Value
	case AffineDim:
		return dims[e.Value]
	case AffineSymbol:
		return syms[e.Value]
	}
	a, b := e.LHS.Eval(dims, syms), e.RHS.Eval(dims, syms)
	switch e.Kind {
	case AffineAdd:
		return a + b
	case AffineMul:
		return a * b
	case AffineMod:
		if b == 0 {
			return 0
		}
		return ((a % b) + b) % b
	case AffineFloorDiv:
		if b == 0 {
			return 0
		}
		return FloorDiv(a, b)
	default:
		if b == 0 {
			return 0
		}
		return -FloorDiv(-a, b)
	}
}

func (e *AffineExpr) key(k *KeyBuilder) {
	k.Int(int64(e.Kind)).Int(e.Value)
	if e.LHS != nil {
		e.LHS.key(k)
		e.RHS.key(k)
	}
}

type bindingStrength bool

const (
	weak   bindingStrength = false
	strong bindingStrength = true
)

// print writes the expression as MLIR does, with subtraction and negation
// recovered from multiplications by negative constants.
func (e *AffineExpr) print(p *Printer, tight bindingStrength) {
	switch e.Kind {
	case AffineDim:
		p.WriteByte('d')
		p.WriteString(strconv.FormatInt(e.Value, 10))
		return
	case AffineSymbol:
		p.WriteByte('s')
		p.WriteString(strconv.FormatInt(e.Value, 10))
		return
	case AffineConst:
		p.WriteString(strconv.FormatInt(e.Value, 10))
		return
	}
	if tight == strong {
		p.WriteByte('(')
		defer p.WriteByte(')')
	}
	if e.Kind != AffineAdd {
		if e.Kind == AffineMul && e.RHS.Kind == AffineConst && e.RHS.Value == -1 {
			p.WriteByte('-')
			e.LHS.print(p, strong)
			return
		}
		e.LHS.print(p, strong)
		p.WriteString([...]string{AffineMul: " * ", AffineMod: " mod ", AffineFloorDiv: " floordiv ", AffineCeilDiv: " ceildiv "}[e.Kind])
		e.RHS.print(p, strong)
		return
	}
	if r := e.RHS; r.Kind == AffineMul && r.RHS.Kind == AffineConst {
		if c := r.RHS.Value; c == -1 {
			e.LHS.print(p, weak)
			p.WriteString(" - ")
			r.LHS.print(p, bindingStrength(r.LHS.Kind == AffineAdd))
			return
		} else if c < -1 {
			e.LHS.print(p, weak)
			p.WriteString(" - ")
			r.LHS.print(p, strong)
			p.WriteString(" * ")
			p.WriteString(strconv.FormatInt(-c, 10))
			return
		}
	}
	if e.RHS.Kind == AffineConst && e.RHS.Value < 0 {
		e.LHS.print(p, weak)
		p.WriteString(" - ")
		p.WriteString(strconv.FormatInt(-e.RHS.Value, 10))
		return
	}
	e.LHS.print(p, weak)
	p.WriteString(" + ")
	e.RHS.print(p, weak)
}

// AffineMap is (d0, ..., dn)[s0, ..., sm] -> (results).
type AffineMap struct {
	Dims, Symbols int
	Results       []*AffineExpr
}

// NumDims returns the number of dimensions.
func (m *AffineMap) NumDims() int { return m.Dims }

// IsIdentity reports whether the map is (d0, ..., dn)[...] -> (d0, ..., dn),
// whatever its symbols, as MLIR's isIdentity.
func (m *AffineMap) IsIdentity() bool {
	if len(m.Results) != m.Dims {
		return false
	}
	for i, r := range m.Results {
		if r.Kind != AffineDim || r.Value != int64(i) {
			return false
		}
	}
	return true
}

// IsMinorIdentity reports whether the map is (d0, ..., dn) -> (dk, ..., dn)
// with no symbols, as MLIR's isMinorIdentity.
func (m *AffineMap) IsMinorIdentity() bool {
	if m.Symbols != 0 || len(m.Results) > m.Dims {
		return false
	}
	off := m.Dims - len(m.Results)
	for i, r := range m.Results {
		if r.Kind != AffineDim || r.Value != int64(off+i) {
			return false
		}
	}
	return true
}

// IsPermutation reports whether the map is a permutation of its dimensions.
func (m *AffineMap) IsPermutation() bool {
	if m.Symbols != 0 || len(m.Results) != m.Dims {
		return false
	}
	seen := make([]bool, m.Dims)
	for _, r := range m.Results {
		if r.Kind != AffineDim || seen[r.Value] {
			return false
		}
		seen[r.Value] = true
	}
	return true
}

// Eval applies the map.
func (m *AffineMap) Eval(dims, syms []int64) []int64 {
	out := make([]int64, len(m.Results))
	for i, r := range m.Results {
		out[i] = r.Eval(dims, syms)
	}
	return out
}

// stridesAndOffset recognizes single-result maps of the form
// d0 * s0 + d1 * s1 + ... + c with constant strides.
func (m *AffineMap) stridesAndOffset() ([]int64, int64, bool) {
	if len(m.Results) != 1 || m.Symbols != 0 {
		return nil, 0, false
	}
	strides := make([]int64, m.Dims)
	var offset int64
	var walk func(e *AffineExpr) bool
	walk = func(e *AffineExpr) bool {
		switch e.Kind {
		case AffineAdd:
			return walk(e.LHS) && walk(e.RHS)
		case AffineConst:
			offset += e.Value
			return true
		case AffineDim:
			strides[e.Value]++
			return true
		case AffineMul:
			if e.LHS.Kind == AffineDim && e.RHS.Kind == AffineConst {
				strides[e.LHS.Value] += e.RHS.Value
				return true
			}
		}
		return false
	}
	// A zero stride would alias elements: MLIR does not call such a map strided.
	if !walk(m.Results[0]) || slices.Contains(strides, 0) {
		return nil, 0, false
	}
	return strides, offset, true
}

func (m *AffineMap) print(p *Printer) {
	printDimsAndSymbols(p, m.Dims, m.Symbols)
	p.WriteString(" -> (")
	for i, r := range m.Results {
		if i > 0 {
			p.WriteString(", ")
		}
		r.print(p, weak)
	}
	p.WriteByte(')')
}

// AffineMapAttr is affine_map<...>.
type AffineMapAttr struct {
	Storage
	Map *AffineMap
}

// AffineMapAttr returns the attribute for a map.
func (c *Context) AffineMapAttr(m *AffineMap) *AffineMapAttr {
	k := NewKey("amap").Int(int64(m.Dims)).Int(int64(m.Symbols)).Int(int64(len(m.Results)))
	for _, r := range m.Results {
		r.key(k)
	}
	c.usesAliasableAttrs.Store(true)
	return UniqueKey(c, k, func() *AffineMapAttr { return &AffineMapAttr{Map: m} })
}

func (a *AffineMapAttr) Print(p *Printer) {
	p.WriteString("affine_map<")
	a.Map.print(p)
	p.WriteByte('>')
}

// IntegerSet is (dims)[syms] : (c0 >= 0, c1 == 0, ...).
type IntegerSet struct {
	Dims, Symbols int
	Constraints   []*AffineExpr
	IsEq          []bool
}

// IntegerSetAttr is affine_set<...>.
type IntegerSetAttr struct {
	Storage
	Set *IntegerSet
}

// IntegerSetAttr returns the attribute for a set.
func (c *Context) IntegerSetAttr(s *IntegerSet) *IntegerSetAttr {
	k := NewKey("aset").Int(int64(s.Dims)).Int(int64(s.Symbols)).Int(int64(len(s.Constraints)))
	for i, e := range s.Constraints {
		e.key(k)
		if s.IsEq[i] {
			k.Int(1)
		} else {
			k.Int(0)
		}
	}
	c.usesAliasableAttrs.Store(true)
	return UniqueKey(c, k, func() *IntegerSetAttr { return &IntegerSetAttr{Set: s} })
}

func (a *IntegerSetAttr) Print(p *Printer) {
	p.WriteString("affine_set<")
	printDimsAndSymbols(p, a.Set.Dims, a.Set.Symbols)
	p.WriteString(" : (")
	for i, c := range a.Set.Constraints {
		if i > 0 {
			p.WriteString(", ")
		}
		c.print(p, weak)
		if a.Set.IsEq[i] {
			p.WriteString(" == 0")
		} else {
			p.WriteString(" >= 0")
		}
	}
	p.WriteString(")>")
}

// printDimsAndSymbols writes (d0, d1)[s0] as the header of maps and sets.
func printDimsAndSymbols(p *Printer, dims, syms int) {
	p.WriteByte('(')
	for i := 0; i < dims; i++ {
		if i > 0 {
			p.WriteString(", ")
		}
		p.WriteByte('d')
		p.Int(int64(i))
	}
	p.WriteByte(')')
	if syms > 0 {
		p.WriteByte('[')
		for i := 0; i < syms; i++ {
			if i > 0 {
				p.WriteString(", ")
			}
			p.WriteByte('s')
			p.Int(int64(i))
		}
		p.WriteByte(']')
	}
}
