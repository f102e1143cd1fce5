package affine

import (
	"slices"

	"github.com/kiln-gpu/kiln/ir"
)

// MLIR's map-and-operands canonicalization (AffineOps.cpp): the helpers
// behind SimplifyAffineOp and the loop bound folds. A map or an integer
// set is handled as its expressions over dims and then symbols.

// exprs is a map's results or a set's constraints over Dims dims and
// Syms symbols.
type exprs struct {
	Dims, Syms int
	List       []*ir.AffineExpr
}

func (m exprs) toMap() *ir.AffineMap {
	return &ir.AffineMap{Dims: m.Dims, Symbols: m.Syms, Results: m.List}
}

func ofMap(m *ir.AffineMap) exprs { return exprs{m.Dims, m.Symbols, slices.Clone(m.Results)} }

// ReplaceDimsSyms rebuilds e with dim i replaced by dims[i] and symbol j
// by syms[j], simplifying as MLIR's replaceDimsAndSymbols does.
func ReplaceDimsSyms(e *ir.AffineExpr, dims, syms []*ir.AffineExpr) *ir.AffineExpr {
	switch e.Kind {
	case ir.AffineConst:
		return e
	case ir.AffineDim:
		if int(e.Value) < len(dims) && dims[e.Value] != nil {
			return dims[e.Value]
		}
		return e
	case ir.AffineSymbol:
		if int(e.Value) < len(syms) && syms[e.Value] != nil {
			return syms[e.Value]
		}
		return e
	}
	return ir.AffineBinary(e.Kind, ReplaceDimsSyms(e.LHS, dims, syms), ReplaceDimsSyms(e.RHS, dims, syms))
}

func (m exprs) replace(dims, syms []*ir.AffineExpr, numDims, numSyms int) exprs {
	out := exprs{numDims, numSyms, make([]*ir.AffineExpr, len(m.List))}
	for i, e := range m.List {
		out.List[i] = ReplaceDimsSyms(e, dims, syms)
	}
	return out
}

// used marks the dims and symbols m's expressions use.
func (m exprs) used() (dims, syms []bool) {
	dims, syms = make([]bool, m.Dims), make([]bool, m.Syms)
	var walk func(e *ir.AffineExpr)
	walk = func(e *ir.AffineExpr) {
		switch e.Kind {
		case ir.AffineDim:
			dims[e.Value] = true
		case ir.AffineSymbol:
			syms[e.Value] = true
		case ir.AffineConst:
		default:
			walk(e.LHS)
			walk(e.RHS)
		}
	}
	for _, e := range m.List {
		walk(e)
	}
	return dims, syms
}

// IsValidSymbol is MLIR's isValidSymbol(value): an index value defined at
// the top level of an affine scope, or valid as a symbol in the scope of
// its defining op.
func IsValidSymbol(v *ir.Value) bool {
	if !isIndex(v.Type()) {
		return false
	}
	if isTopLevel(v) {
		return true
	}
	if def := v.DefiningOp(); def != nil {
		return validSymbol(v, affineScope(def))
	}
	return false
}

// IsValidDim is MLIR's isValidDim(value).
func IsValidDim(v *ir.Value) bool {
	if !isIndex(v.Type()) {
		return false
	}
	if def := v.DefiningOp(); def != nil {
		return validDim(v, affineScope(def))
	}
	if isInductionVar(v) {
		return true
	}
	b := v.OwnerBlock()
	return b != nil && b.ParentOp() != nil && b.ParentOp().HasTrait(ir.AffineScope)
}

// anyConstant is the constants of canonicalization: the value of any
// integer constant op defining v.
func anyConstant(v *ir.Value) (int64, bool) {
	c, ok := ir.ConstantIntAttr(v)
	if !ok {
		return 0, false
	}
	return c.Int(), true
}

// canonicalize is MLIR's canonicalizeMapOrSetAndOperands: dims that are
// valid symbols become symbols, symbols that are only valid dims become
// dims, unused dims and symbols are dropped, repeated operands share one
// position, and constant symbols (cst says which values are constants)
// become constants.
func canonicalize(m exprs, operands []*ir.Value, cst func(*ir.Value) (int64, bool)) (exprs, []*ir.Value) {
	if len(operands) == 0 {
		return m, operands
	}
	m, operands = promoteSymbols(m, operands)
	m, operands = demoteDims(m, operands)
	usedDims, usedSyms := m.used()
	var out []*ir.Value
	dimRepl := make([]*ir.AffineExpr, m.Dims)
	seen := map[*ir.Value]*ir.AffineExpr{}
	nextDim := 0
	for i := range m.Dims {
		if !usedDims[i] {
			continue
		}
		if e, ok := seen[operands[i]]; ok {
			dimRepl[i] = e
			continue
		}
		dimRepl[i] = ir.AffineDimExpr(nextDim)
		nextDim++
		out = append(out, operands[i])
		seen[operands[i]] = dimRepl[i]
	}
	symRepl := make([]*ir.AffineExpr, m.Syms)
	seenSym := map[*ir.Value]*ir.AffineExpr{}
	nextSym := 0
	for i := range m.Syms {
		if !usedSyms[i] {
			continue
		}
		v := operands[m.Dims+i]
		if c, ok := cst(v); ok {
			symRepl[i] = ir.AffineConstExpr(c)
			continue
		}
		if e, ok := seenSym[v]; ok {
			symRepl[i] = e
			continue
		}
		symRepl[i] = ir.AffineSymbolExpr(nextSym)
		nextSym++
		out = append(out, v)
		seenSym[v] = symRepl[i]
	}
	return m.replace(dimRepl, symRepl, nextDim, nextSym), out
}

// promoteSymbols is MLIR's canonicalizePromotedSymbols: a dim whose
// operand is a valid symbol becomes a symbol after the existing ones.
func promoteSymbols(m exprs, operands []*ir.Value) (exprs, []*ir.Value) {
	var out, moved []*ir.Value
	dimRepl := make([]*ir.AffineExpr, m.Dims)
	nextDim, nextSym := 0, 0
	for i := range m.Dims {
		if IsValidSymbol(operands[i]) {
			dimRepl[i] = ir.AffineSymbolExpr(m.Syms + nextSym)
			nextSym++
			moved = append(moved, operands[i])
		} else {
			dimRepl[i] = ir.AffineDimExpr(nextDim)
			nextDim++
			out = append(out, operands[i])
		}
	}
	out = append(append(out, operands[m.Dims:]...), moved...)
	return m.replace(dimRepl, nil, nextDim, m.Syms+nextSym), out
}

// demoteDims is MLIR's legalizeDemotedDims: a symbol whose operand is a
// valid dim but no valid symbol becomes a dim after the existing ones.
func demoteDims(m exprs, operands []*ir.Value) (exprs, []*ir.Value) {
	out := slices.Clone(operands[:m.Dims])
	var syms []*ir.Value
	symRepl := make([]*ir.AffineExpr, m.Syms)
	nextDim, nextSym := 0, 0
	for i := range m.Syms {
		v := operands[m.Dims+i]
		if IsValidDim(v) && !IsValidSymbol(v) {
			symRepl[i] = ir.AffineDimExpr(m.Dims + nextDim)
			nextDim++
			out = append(out, v)
		} else {
			symRepl[i] = ir.AffineSymbolExpr(nextSym)
			nextSym++
			syms = append(syms, v)
		}
	}
	return m.replace(nil, symRepl, m.Dims+nextDim, nextSym), append(out, syms...)
}

// shift renumbers e's dims by dims and its symbols by syms.
func shift(e *ir.AffineExpr, numDims, numSyms, dims, syms int) *ir.AffineExpr {
	dr := make([]*ir.AffineExpr, numDims)
	for i := range dr {
		dr[i] = ir.AffineDimExpr(i + dims)
	}
	sr := make([]*ir.AffineExpr, numSyms)
	for i := range sr {
		sr[i] = ir.AffineSymbolExpr(i + syms)
	}
	return ReplaceDimsSyms(e, dr, sr)
}

// compose is MLIR's composeAffineMapAndOperands: operands defined by
// affine.apply are replaced, until none is left, by the apply's
// expression over its own operands; the result is then canonicalized and
// simplified.
func compose(m exprs, operands []*ir.Value, cst func(*ir.Value) (int64, bool)) (exprs, []*ir.Value) {
	if len(m.List) == 0 {
		m, operands = canonicalize(m, operands, cst)
		return simplifyMap(m), operands
	}
	dims := slices.Clone(operands[:m.Dims])
	syms := slices.Clone(operands[m.Dims:])
	for changed := true; changed; {
		changed = false
		for pos := 0; pos < len(dims)+len(syms); pos++ {
			isDim := pos < len(dims)
			slot := &dims
			p := pos
			if !isDim {
				slot, p = &syms, pos-len(dims)
			}
			v := (*slot)[p]
			if v == nil || v.DefiningOp() == nil || v.DefiningOp().Name() != "affine.apply" {
				continue
			}
			apply := v.DefiningOp()
			(*slot)[p] = nil
			am, aOperands := canonicalize(ofMap(MapOf(apply, "map")), apply.Operands(), cst)
			repl := shift(am.List[0], am.Dims, am.Syms, len(dims), len(syms))
			dims = append(dims, aOperands[:am.Dims]...)
			syms = append(syms, aOperands[am.Dims:]...)
			var dr, sr []*ir.AffineExpr
			if isDim {
				dr = make([]*ir.AffineExpr, p+1)
				dr[p] = repl
			} else {
				sr = make([]*ir.AffineExpr, p+1)
				sr[p] = repl
			}
			m = m.replace(dr, sr, len(dims), len(syms))
			changed = true
			break
		}
	}
	// Drop the replaced operands' positions.
	var out []*ir.Value
	dr := make([]*ir.AffineExpr, len(dims))
	sr := make([]*ir.AffineExpr, len(syms))
	nd, ns := 0, 0
	for i, v := range dims {
		if v == nil {
			dr[i] = ir.AffineConstExpr(0)
			continue
		}
		dr[i] = ir.AffineDimExpr(nd)
		nd++
		out = append(out, v)
	}
	for i, v := range syms {
		if v == nil {
			sr[i] = ir.AffineConstExpr(0)
			continue
		}
		sr[i] = ir.AffineSymbolExpr(ns)
		ns++
		out = append(out, v)
	}
	m = m.replace(dr, sr, nd, ns)
	m, out = canonicalize(m, out, cst)
	return simplifyMap(m), out
}
