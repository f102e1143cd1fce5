package interp

import (
	"slices"

	"github.com/kiln-gpu/kiln/ir"
)

// vecAccess is where a vector memory op finds its operands: the memref,
// the stored vector, the mask, the pass-through or padding and the
// gather/scatter offsets (-1 when absent), and the base indices.
type vecAccess struct {
	memIdx, valIdx, maskIdx, passIdx, vecIdx int
	base                                     []*ir.Value
}

// vecMemoryHandler resolves the vector ops that read or write memrefs,
// reading the layout of their operands once.
func vecMemoryHandler(op *ir.Operation) handler {
	a := vecAccess{memIdx: 0, valIdx: -1, maskIdx: -1, passIdx: -1, vecIdx: -1}
	ops := op.Operands()
	n := len(ops)
	switch op.Name() {
	case "vector.load":
		a.base = ops[1:]
	case "vector.store":
		a.memIdx, a.valIdx, a.base = 1, 0, ops[2:]
	case "vector.maskedload":
		a.base, a.maskIdx, a.passIdx = ops[1:n-2], n-2, n-1
	case "vector.maskedstore":
		a.base, a.maskIdx, a.valIdx = ops[1:n-2], n-2, n-1
	case "vector.gather":
		a.base, a.vecIdx, a.maskIdx, a.passIdx = ops[1:n-3], n-3, n-2, n-1
	case "vector.scatter":
		a.base, a.vecIdx, a.maskIdx, a.valIdx = ops[1:n-3], n-3, n-2, n-1
	case "vector.transfer_read", "vector.transfer_write":
		seg := segments(op)
		if len(seg) != 4 {
			return func(m *Machine, f *frame, op *ir.Operation) error {
				return op.Errorf("expected operandSegmentSizes with 4 groups")
			}
		}
		if op.Name() == "vector.transfer_write" {
			a.memIdx, a.valIdx, a.base = 1, 0, seg[2]
		} else {
			a.base, a.passIdx = seg[1], 1+len(seg[1])
		}
		if len(seg[3]) > 0 {
			a.maskIdx = n - 1
		}
	}
	transfer := op.Name() == "vector.transfer_read" || op.Name() == "vector.transfer_write"
	return func(m *Machine, f *frame, op *ir.Operation) error { return m.vecMemory(f, op, a, transfer) }
}

// vecMemory runs a vector op that reads or writes a memref, its operands
// laid out as a says. Each vector element maps to memref indices: the
// base indices plus the element's index along the memref dimensions the
// permutation map names (the innermost ones by default); dimensions the
// map sends to 0 broadcast.
func (m *Machine) vecMemory(f *frame, op *ir.Operation, a vecAccess, transfer bool) error {
	memIdx, valIdx, maskIdx, passIdx, vecIdx, base := a.memIdx, a.valIdx, a.maskIdx, a.passIdx, a.vecIdx, a.base
	mr, err := memrefOperand(f, op, memIdx)
	if err != nil {
		return err
	}
	start, err := indices(f, op, base)
	if err != nil {
		return err
	}
	var vt *ir.VectorType
	if valIdx >= 0 {
		vt, _ = op.Operand(valIdx).Type().(*ir.VectorType)
	} else if op.NumResults() > 0 {
		vt, _ = op.Result(0).Type().(*ir.VectorType)
	}
	if vt == nil {
		return op.Errorf("expected a vector type")
	}
	pmap := permutationMap(op, len(mr.Sizes), len(vt.Dims))
	var mask, pass, vals, offs []Scalar
	if maskIdx >= 0 {
		mask = elems(f.get(op.Operand(maskIdx)))
	}
	if passIdx >= 0 {
		pass = elems(f.get(op.Operand(passIdx)))
	}
	if valIdx >= 0 {
		vals = elems(f.get(op.Operand(valIdx)))
	}
	if vecIdx >= 0 {
		offs = elems(f.get(op.Operand(vecIdx)))
	}
	out := make([]Scalar, 0, product(vt.Dims))
	i := 0
	var failed error
	forEachIndex(vt.Dims, func(v []int64) {
		defer func() { i++ }()
		if failed != nil {
			return
		}
		idx := append([]int64(nil), start...)
		if offs != nil {
			idx[len(idx)-1] += sext(op.Operand(vecIdx).Type(), offs[i].Bits)
		} else {
			for r, e := range pmap {
				if e >= 0 {
					idx[e] += v[r]
				}
			}
		}
		on := mask == nil || mask[maskIndex(pmap, vt.Dims, v, i)].Bits&1 != 0
		x, inb := mr.At(idx...)
		switch {
		case !on && valIdx < 0:
			out = append(out, pass[min(i, len(pass)-1)])
		case !on:
		case !inb && transfer && valIdx < 0:
			out = append(out, pass[0])
		case !inb && transfer:
		case !inb:
			failed = outOfBounds(op, mr, idx)
		case valIdx < 0:
			out = append(out, x)
		default:
			mr.Set(vals[i], idx...)
		}
	})
	if failed != nil {
		return failed
	}
	if valIdx < 0 {
		setVector(f, op, 0, out)
	}
	return nil
}

// maskIndex returns the position in a transfer's mask of the element at
// vector index v (linear index i). As in MLIR, the mask is laid out as the
// elements are read from memory, before the permutation map: one dimension
// per memref dimension the map uses, in memref order, none for broadcast
// dimensions. For a minor identity map that is i itself.
func maskIndex(pmap []int, dims, v []int64, i int) int {
	identity := true
	for r := 1; r < len(pmap); r++ {
		if pmap[r] < 0 || pmap[r] <= pmap[r-1] {
			identity = false
		}
	}
	if identity && (len(pmap) == 0 || pmap[0] >= 0) {
		return i
	}
	// Vector dimensions in memref order.
	order := make([]int, 0, len(pmap))
	for r, e := range pmap {
		if e >= 0 {
			order = append(order, r)
		}
	}
	slices.SortFunc(order, func(a, b int) int { return pmap[a] - pmap[b] })
	n := int64(0)
	for _, r := range order {
		n = n*dims[r] + v[r]
	}
	return int(n)
}

// permutationMap returns, per vector dimension, the memref dimension it
// walks, or -1 where the map broadcasts.
func permutationMap(op *ir.Operation, memRank, vecRank int) []int {
	out := make([]int, vecRank)
	ma, ok := op.Attr("permutation_map").(*ir.AffineMapAttr)
	for r := range out {
		out[r] = memRank - vecRank + r
		if ok && r < len(ma.Map.Results) {
			e := ma.Map.Results[r]
			out[r] = -1
			if e.Kind == ir.AffineDim {
				out[r] = int(e.Value)
			}
		}
	}
	return out
}
