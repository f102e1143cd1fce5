package transforms

import (
	"strings"

	"github.com/kiln-gpu/kiln/ir"
)

// nativeSize returns the length that a 1-d vector of n elements is cut
// into: n itself when SPIR-V allows it, else the largest allowed size
// dividing n (1 at worst), as MLIR's getNativeVectorShape does for SPIR-V.
func nativeSize(n int64, vector16 bool) int64 {
	if allowed(n, vector16) {
		return n
	}
	for _, s := range []int64{16, 8, 4, 3, 2} {
		if n%s == 0 && allowed(s, vector16) {
			return s
		}
	}
	return 1
}

// allowed reports whether SPIR-V has vectors of n elements (1 meaning the
// scalar the conversion turns vector<1xT> into).
func allowed(n int64, vector16 bool) bool {
	switch n {
	case 1, 2, 3, 4:
		return true
	case 8, 16:
		return vector16
	}
	return false
}

// needsUnroll reports whether vt is n-d or a 1-d vector of a length SPIR-V
// lacks.
func needsUnroll(vt *ir.VectorType, vector16 bool) bool {
	return len(vt.Dims) > 1 || len(vt.Dims) == 1 && !allowed(vt.Dims[0], vector16)
}

// tiling describes how a vector shape is cut: one tile per leading
// position and per native-size chunk of the innermost dimension.
type tiling struct {
	shape []int64
	n, s  int64 // innermost length and chunk size
}

func newTiling(vt *ir.VectorType, vector16 bool) tiling {
	n := vt.Dims[len(vt.Dims)-1]
	return tiling{shape: vt.Dims, n: n, s: nativeSize(n, vector16)}
}

func (t tiling) lead() []int64 { return t.shape[:len(t.shape)-1] }

// each calls fn for each tile: leading position and innermost offset.
func (t tiling) each(fn func(lead []int64, off int64)) {
	forEach(t.lead(), func(lp []int64) {
		for off := int64(0); off < t.n; off += t.s {
			fn(lp, off)
		}
	})
}

// piece returns tile (lp, off) of the vector v (shaped as the tiling).
func (b *builder) piece(v *ir.Value, t tiling, lp []int64, off int64) *ir.Value {
	row := v
	if len(lp) > 0 {
		row = b.Extract(v, lp)
	}
	return b.slice(row, off, t.s)
}

// assembler builds a vector of type vt from its tiles, in tiling order.
type assembler struct {
	b     *builder
	t     tiling
	vt    *ir.VectorType
	whole *ir.Value
	row   *ir.Value
}

func (b *builder) assemble(vt *ir.VectorType, t tiling) *assembler {
	return &assembler{b: b, t: t, vt: vt}
}

// add places the next tile, which is at (lp, off).
func (a *assembler) add(tile *ir.Value, lp []int64, off int64) {
	b := a.b
	if off == 0 {
		if a.t.s == a.t.n {
			a.row = tile
		} else {
			a.row = b.zero(b.Context().Vector([]int64{a.t.n}, a.vt.Elem))
		}
	}
	if a.t.s != a.t.n {
		a.row = b.insertSlice(tile, a.row, off)
	}
	if off+a.t.s < a.t.n {
		return
	}
	if len(lp) == 0 {
		a.whole = a.row
		return
	}
	if a.whole == nil {
		a.whole = b.zero(a.vt)
	}
	a.whole = b.Insert(a.row, a.whole, lp)
}

// unrollElementwise cuts arith, math and vector.fma ops on vectors into
// native-size pieces (MLIR's UnrollElementwisePattern).
func unrollElementwise(vector16 bool) *ir.Pattern {
	return &ir.Pattern{Name: "vector-unroll-elementwise", Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
		if !isElementwise(op) {
			return false
		}
		vt, ok := fixedVector(op.Result(0))
		if !ok || !needsUnroll(vt, vector16) {
			return false
		}
		for _, v := range append(op.Operands(), op.Results()...) {
			if ot, ok := v.Type().(*ir.VectorType); ok && (ot.IsScalable() || !sameShape(ot, vt)) {
				return false
			}
		}
		b := at(rw, op)
		t := newTiling(vt, vector16)
		asm := make([]*assembler, op.NumResults())
		for i, r := range op.Results() {
			asm[i] = b.assemble(r.Type().(*ir.VectorType), t)
		}
		t.each(func(lp []int64, off int64) {
			operands := make([]*ir.Value, op.NumOperands())
			for i, v := range op.Operands() {
				operands[i] = v
				if _, ok := v.Type().(*ir.VectorType); ok {
					operands[i] = b.piece(v, t, lp, off)
				}
			}
			types := make([]ir.Type, op.NumResults())
			for i, r := range op.Results() {
				types[i] = b.Context().Vector([]int64{t.s}, r.Type().(*ir.VectorType).Elem)
			}
			n := rw.Create(&ir.OpState{Name: op.Name(), Loc: op.Loc(), Operands: operands, ResultTypes: types,
				Props: op.Props(), Attrs: op.DiscardableAttrs()})
			for i, r := range n.Results() {
				asm[i].add(r, lp, off)
			}
		})
		whole := make([]*ir.Value, len(asm))
		for i, a := range asm {
			whole[i] = a.whole
		}
		rw.ReplaceOp(op, whole)
		return true
	}}
}

// isElementwise reports whether op applies lane by lane: arith and math
// ops other than constants, vector.fma and same-shape vector.bitcast.
func isElementwise(op *ir.Operation) bool {
	if op.NumResults() == 0 || op.NumRegions() > 0 {
		return false
	}
	name := op.Name()
	switch {
	case name == "vector.fma", name == "vector.bitcast":
		return true
	case name == "arith.constant":
		return false
	}
	return strings.HasPrefix(name, "arith.") || strings.HasPrefix(name, "math.")
}

func sameShape(a, b *ir.VectorType) bool {
	if len(a.Dims) != len(b.Dims) {
		return false
	}
	for i := range a.Dims {
		if a.Dims[i] != b.Dims[i] {
			return false
		}
	}
	return true
}
