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

// xferParts are what the permutation patterns read of a transfer op.
type xferParts struct {
	base, vec, pad, mask *ir.Value
	indices              []*ir.Value
	m                    *ir.AffineMap
	inb                  []bool
	vt                   *ir.VectorType
}

func xferOf(op *ir.Operation) (xferParts, bool) {
	var x xferParts
	if p := op.ParentOp(); p != nil && p.Name() == "vector.mask" {
		return x, false
	}
	switch op.Name() {
	case "vector.transfer_read":
		v := vector.TransferRead{Operation: op}
		x.base, x.pad, x.mask, x.indices, x.m, x.inb = v.Base(), v.Padding(), v.Mask(), v.Indices(), v.PermutationMap(), v.InBounds()
		x.vt, _ = op.Result(0).Type().(*ir.VectorType)
	default:
		v := vector.TransferWrite{Operation: op}
		x.base, x.vec, x.mask, x.indices, x.m, x.inb = v.Base(), v.Value(), v.Mask(), v.Indices(), v.PermutationMap(), v.InBounds()
		x.vt, _ = x.vec.Type().(*ir.VectorType)
	}
	if x.vt == nil || x.m == nil || len(x.m.Results) == 0 || len(x.m.Results) != len(x.vt.Dims) {
		return x, false
	}
	if len(x.inb) != len(x.m.Results) {
		x.inb = make([]bool, len(x.m.Results))
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
	return b.op("vector.transpose", []*ir.Value{v}, []ir.Type{b.ctx.ScalableVector(dims, scal, vt.Elem)},
		ir.NamedAttr{Name: "permutation", Value: b.ctx.DenseI64Array(perm...)})
}

func (b *builder) transferRead(vt *ir.VectorType, x xferParts, m *ir.AffineMap, inb []bool) *ir.Value {
	return vector.NewTransferRead(&b.rw.Builder, b.loc, vt, x.base, x.indices, m, x.pad, x.mask, inb).Result(0)
}

func (b *builder) transferWrite(vec *ir.Value, x xferParts, mask *ir.Value, m *ir.AffineMap, inb []bool) []*ir.Value {
	return vector.NewTransferWrite(&b.rw.Builder, b.loc, vec, x.base, x.indices, m, mask, inb).Results()
}

// readPermutationLowering is MLIR's TransferReadPermutationLowering:
// (d0, d1, d2) -> (0, d1) reads as (d1, 0) and a vector.transpose [1, 0].
func readPermutationLowering(op *ir.Operation, rw *ir.Rewriter) bool {
	x, ok := xferOf(op)
	if !ok {
		return false
	}
	perm, ok := permutationOfMinorIdentity(x.m)
	if !ok || isIdentityPerm(perm) {
		return false
	}
	n := len(perm)
	results := make([]*ir.AffineExpr, n)
	dims := make([]int64, n)
	var scal []bool
	if x.vt.Scalable != nil {
		scal = make([]bool, n)
	}
	inb := make([]bool, n)
	for k, p := range perm {
		results[p], dims[p], inb[p] = x.m.Results[k], x.vt.Dims[k], x.inb[k]
		if scal != nil {
			scal[p] = x.vt.Scalable[k]
		}
	}
	b := at(rw, op)
	newMap := &ir.AffineMap{Dims: x.m.Dims, Symbols: x.m.Symbols, Results: results}
	read := b.transferRead(b.ctx.ScalableVector(dims, scal, x.vt.Elem), x, newMap, inb)
	rw.ReplaceOp(op, []*ir.Value{b.transpose(read, ints64(perm))})
	return true
}

// writePermutationLowering is MLIR's TransferWritePermutationLowering:
// (d0, d1, d2) -> (d2, d0, d1) writes vector.transpose [1, 2, 0] of the
// value with the minor identity map.
func writePermutationLowering(op *ir.Operation, rw *ir.Rewriter) bool {
	x, ok := xferOf(op)
	if !ok || x.m.IsMinorIdentity() {
		return false
	}
	perm, ok := permutationOfMinorIdentity(x.m)
	if !ok {
		return false
	}
	// The transpose takes each result from the vector dim that holds it:
	// the inverse of the results' order among the used dims.
	used := make([]int, 0, len(x.m.Results))
	for _, e := range x.m.Results {
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
		inb[p] = x.inb[k]
	}
	b := at(rw, op)
	vec := b.transpose(x.vec, order)
	newMap := &ir.AffineMap{Dims: x.m.Dims}
	for i := range used {
		newMap.Results = append(newMap.Results, ir.AffineDimExpr(x.m.Dims-len(used)+i))
	}
	rw.ReplaceOp(op, b.transferWrite(vec, x, x.mask, newMap, inb))
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
	if _, ok := permutationOfMinorIdentity(x.m); ok {
		return false
	}
	found := make([]bool, x.m.Dims)
	for _, e := range x.m.Results {
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
		return b.broadcast(v, b.ctx.ScalableVector(dims, scal, vt.Elem))
	}
	vec := unitsFirst(x.vec)
	var mask *ir.Value
	if x.mask != nil {
		m := unitsFirst(x.mask)
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
	inb := make([]bool, n, n+len(x.inb))
	for i := range inb {
		inb[i] = true
	}
	inb = append(inb, x.inb...)
	newMap := &ir.AffineMap{Dims: x.m.Dims, Results: append(missing, x.m.Results...)}
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
	for _, e := range x.m.Results {
		if e.Kind != ir.AffineConst || e.Value != 0 {
			break
		}
		lead++
	}
	if lead == 0 {
		return false
	}
	newMap := &ir.AffineMap{Dims: x.m.Dims, Results: x.m.Results[lead:]}
	if !minorIdentityWithBroadcasting(newMap) {
		return false
	}
	var scal []bool
	if x.vt.Scalable != nil {
		scal = x.vt.Scalable[lead:]
	}
	b := at(rw, op)
	read := b.transferRead(b.ctx.ScalableVector(x.vt.Dims[lead:], scal, x.vt.Elem), x, newMap, x.inb[lead:])
	rw.ReplaceOp(op, []*ir.Value{b.broadcast(read, x.vt)})
	return true
}
