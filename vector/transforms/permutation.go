package transforms

import (
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/vector"
)

// PermutationMapPatterns are MLIR's
// populateVectorTransferPermutationMapLoweringPatterns: transfers whose
// permutation map permutes a minor identity become minor-identity
// transfers and a vector.transpose, leading broadcasts of reads become a
// vector.broadcast of a lower-rank read, and writes to a map with inner
// source dims missing gain unit dims for them. Transfers inside
// vector.mask are left.
func PermutationMapPatterns() []*ir.Pattern {
	return []*ir.Pattern{
		{Name: "vector-transfer-read-permutation-lowering", Root: "vector.transfer_read", Rewrite: readPermutationLowering},
		{Name: "vector-transfer-write-permutation-lowering", Root: "vector.transfer_write", Rewrite: writePermutationLowering},
		{Name: "vector-transfer-op-reduce-rank", Root: "vector.transfer_read", Rewrite: transferReduceRank},
		{Name: "vector-transfer-write-non-permutation-lowering", Root: "vector.transfer_write", Rewrite: writeNonPermutationLowering},
	}
}

// xferOf views a transfer op for the permutation patterns: not one under
// vector.mask (lower-vector-mask's), not 0-d, in_bounds of the map's
// length.
func xferOf(op *ir.Operation) (vector.TransferParts, bool) {
	x, ok := vector.TransferOf(op)
	if !ok || x.UnderMask() || len(x.Map.Results) == 0 {
		return x, false
	}
	if len(x.InBounds) != len(x.Map.Results) {
		x.InBounds = make([]bool, len(x.Map.Results))
	}
	return x, true
}

// permutationOfMinorIdentity is MLIR's
// AffineMap::isPermutationOfMinorIdentityWithBroadcasting: the position
// each result takes in a minor identity with broadcasting.
func permutationOfMinorIdentity(m *ir.AffineMap) ([]int, bool) {
	n := len(m.Results)
	start := max(m.Dims-n, 0)
	leading := max(n-m.Dims, 0)
	perm := make([]int, n)
	found := make([]bool, max(m.Dims, n))
	var bcast []int
	for i, e := range m.Results {
		switch {
		case e.Kind == ir.AffineConst && e.Value == 0:
			bcast = append(bcast, i)
		case e.Kind == ir.AffineDim && int(e.Value) >= start:
			p := int(e.Value) - start + leading
			perm[i], found[p] = p, true
		default:
			return nil, false
		}
	}
	pos := 0
	for _, i := range bcast {
		for pos < len(found) && found[pos] {
			pos++
		}
		perm[i] = pos
		pos++
	}
	return perm, true
}

// minorIdentityWithBroadcasting is MLIR's
// AffineMap::isMinorIdentityWithBroadcasting.
func minorIdentityWithBroadcasting(m *ir.AffineMap) bool {
	if m.Dims < len(m.Results) {
		return false
	}
	start := m.Dims - len(m.Results)
	for i, e := range m.Results {
		if !(e.Kind == ir.AffineConst && e.Value == 0) && !(e.Kind == ir.AffineDim && int(e.Value) == start+i) {
			return false
		}
	}
	return true
}

func isIdentityPerm(perm []int) bool {
	for i, p := range perm {
		if p != i {
			return false
		}
	}
	return true
}

func ints64(perm []int) []int64 {
	out := make([]int64, len(perm))
	for i, p := range perm {
		out[i] = int64(p)
	}
	return out
}

func (b *builder) transpose(v *ir.Value, perm []int64) *ir.Value {
	vt := v.Type().(*ir.VectorType)
	dims := make([]int64, len(perm))
	var scal []bool
	if vt.Scalable != nil {
		scal = make([]bool, len(perm))
	}
	for i, p := range perm {
		dims[i] = vt.Dims[p]
		if scal != nil {
			scal[i] = vt.Scalable[p]
		}
	}
	return b.Op("vector.transpose", []*ir.Value{v}, []ir.Type{b.Context().ScalableVector(dims, scal, vt.Elem)},
		ir.NamedAttr{Name: "permutation", Value: b.Context().DenseI64Array(perm...)})
}

func (b *builder) transferRead(vt *ir.VectorType, x vector.TransferParts, m *ir.AffineMap, inb []bool) *ir.Value {
	return vector.NewTransferRead(&b.RW.Builder, b.Loc, vt, x.Base, x.Indices, m, x.Pad, x.Mask, inb).Result(0)
}

func (b *builder) transferWrite(vec *ir.Value, x vector.TransferParts, mask *ir.Value, m *ir.AffineMap, inb []bool) []*ir.Value {
	return vector.NewTransferWrite(&b.RW.Builder, b.Loc, vec, x.Base, x.Indices, m, mask, inb).Results()
}

// readPermutationLowering is MLIR's TransferReadPermutationLowering:
// (d0, d1, d2) -> (0, d1) reads as (d1, 0) and a vector.transpose [1, 0].
func readPermutationLowering(op *ir.Operation, rw *ir.Rewriter) bool {
	x, ok := xferOf(op)
	if !ok {
		return false
	}
	perm, ok := permutationOfMinorIdentity(x.Map)
	if !ok || isIdentityPerm(perm) {
		return false
	}
	n := len(perm)
	results := make([]*ir.AffineExpr, n)
	dims := make([]int64, n)
	var scal []bool
	if x.VT.Scalable != nil {
		scal = make([]bool, n)
	}
	inb := make([]bool, n)
	for k, p := range perm {
		results[p], dims[p], inb[p] = x.Map.Results[k], x.VT.Dims[k], x.InBounds[k]
		if scal != nil {
			scal[p] = x.VT.Scalable[k]
		}
	}
	b := at(rw, op)
	newMap := &ir.AffineMap{Dims: x.Map.Dims, Symbols: x.Map.Symbols, Results: results}
	read := b.transferRead(b.Context().ScalableVector(dims, scal, x.VT.Elem), x, newMap, inb)
	rw.ReplaceOp(op, []*ir.Value{b.transpose(read, ints64(perm))})
	return true
}

// writePermutationLowering is MLIR's TransferWritePermutationLowering:
// (d0, d1, d2) -> (d2, d0, d1) writes vector.transpose [1, 2, 0] of the
// value with the minor identity map.
func writePermutationLowering(op *ir.Operation, rw *ir.Rewriter) bool {
	x, ok := xferOf(op)
	if !ok || x.Map.IsMinorIdentity() {
		return false
	}
	perm, ok := permutationOfMinorIdentity(x.Map)
	if !ok {
		return false
	}
	// The transpose takes each result from the vector dim that holds it:
	// the inverse of the results' order among the used dims.
	used := make([]int, 0, len(x.Map.Results))
	for _, e := range x.Map.Results {
		if e.Kind != ir.AffineDim {
			return false
		}
		used = append(used, int(e.Value))
	}
	order := make([]int64, len(used))
	for k, d := range used {
		rank := 0
		for _, o := range used {
			if o < d {
				rank++
			}
		}
		order[rank] = int64(k)
	}
	inb := make([]bool, len(perm))
	for k, p := range perm {
		inb[p] = x.InBounds[k]
	}
	b := at(rw, op)
	vec := b.transpose(x.Vector, order)
	newMap := &ir.AffineMap{Dims: x.Map.Dims}
	for i := range used {
		newMap.Results = append(newMap.Results, ir.AffineDimExpr(x.Map.Dims-len(used)+i))
	}
	rw.ReplaceOp(op, b.transferWrite(vec, x, x.Mask, newMap, inb))
	return true
}

// writeNonPermutationLowering is MLIR's
// TransferWriteNonPermutationLowering: (d0, d1, d2, d3) -> (d1, d2)
// writes a vector<1x...> broadcast of the value through (d3, d1, d2), so
// that the permutation lowering applies; a mask gains inner unit dims.
func writeNonPermutationLowering(op *ir.Operation, rw *ir.Rewriter) bool {
	x, ok := xferOf(op)
	if !ok {
		return false
	}
	if _, ok := permutationOfMinorIdentity(x.Map); ok {
		return false
	}
	found := make([]bool, x.Map.Dims)
	for _, e := range x.Map.Results {
		if e.Kind != ir.AffineDim {
			return false
		}
		found[e.Value] = true
	}
	var missing []*ir.AffineExpr
	first := false
	for d, f := range found {
		if f {
			first = true
		} else if first {
			missing = append(missing, ir.AffineDimExpr(d))
		}
	}
	n := len(missing)
	b := at(rw, op)
	unitsFirst := func(v *ir.Value) *ir.Value {
		vt := v.Type().(*ir.VectorType)
		dims := append(make([]int64, n), vt.Dims...)
		for i := range n {
			dims[i] = 1
		}
		var scal []bool
		if vt.Scalable != nil {
			scal = append(make([]bool, n), vt.Scalable...)
		}
		return b.Broadcast(v, b.Context().ScalableVector(dims, scal, vt.Elem))
	}
	vec := unitsFirst(x.Vector)
	var mask *ir.Value
	if x.Mask != nil {
		m := unitsFirst(x.Mask)
		rank := len(m.Type().(*ir.VectorType).Dims)
		perm := make([]int64, 0, rank)
		for i := n; i < rank; i++ {
			perm = append(perm, int64(i))
		}
		for i := range n {
			perm = append(perm, int64(i))
		}
		mask = b.transpose(m, perm)
	}
	inb := make([]bool, n, n+len(x.InBounds))
	for i := range inb {
		inb[i] = true
	}
	inb = append(inb, x.InBounds...)
	newMap := &ir.AffineMap{Dims: x.Map.Dims, Results: append(missing, x.Map.Results...)}
	rw.ReplaceOp(op, b.transferWrite(vec, x, mask, newMap, inb))
	return true
}

// transferReduceRank is MLIR's TransferOpReduceRank: a read whose map
// starts with broadcasts, (d0, d1, d2, d3) -> (0, d1, 0, d3), reads the
// rest, (d1, 0, d3), and broadcasts it.
func transferReduceRank(op *ir.Operation, rw *ir.Rewriter) bool {
	x, ok := xferOf(op)
	if !ok {
		return false
	}
	lead := 0
	for _, e := range x.Map.Results {
		if e.Kind != ir.AffineConst || e.Value != 0 {
			break
		}
		lead++
	}
	if lead == 0 {
		return false
	}
	newMap := &ir.AffineMap{Dims: x.Map.Dims, Results: x.Map.Results[lead:]}
	if !minorIdentityWithBroadcasting(newMap) {
		return false
	}
	var scal []bool
	if x.VT.Scalable != nil {
		scal = x.VT.Scalable[lead:]
	}
	b := at(rw, op)
	read := b.transferRead(b.Context().ScalableVector(x.VT.Dims[lead:], scal, x.VT.Elem), x, newMap, x.InBounds[lead:])
	rw.ReplaceOp(op, []*ir.Value{b.Broadcast(read, x.VT)})
	return true
}
