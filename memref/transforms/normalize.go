package transforms

import (
	"math"
	"slices"

	"github.com/kiln-gpu/kiln/affine"
	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/fn"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/pass"
	"github.com/kiln-gpu/kiln/memref"
)

// NormalizeMemRefsPass is normalize-memrefs (MLIR's NormalizeMemRefsPass):
// the memrefs of a module's functions with a non-identity layout map get
// the identity layout, their shape the extent of the layout map's results,
// and their accesses the layout map composed into the subscripts. A
// function is left alone when one of its layout-mapped memrefs has a user
// without MLIR's MemRefsNormalizable trait (ir.MemRefsNormalizable), and
// so are its callers and callees; signatures and call sites follow the
// normalized argument and result types.
func NormalizeMemRefsPass() *pass.Pass {
	return &pass.Pass{Name: "NormalizeMemRefsPass", Argument: "normalize-memrefs",
		Summary: "Normalize memrefs", OpName: "builtin.module",
		Run: func(op *ir.Operation, _ *pass.Context) error {
			n := &normalizer{module: op, candidates: map[*ir.Operation]bool{}}
			n.run()
			return nil
		}}
}

type normalizer struct {
	module *ir.Operation
	// funcs are the module's func.func ops in walk order; candidates
	// those still deemed normalizable.
	funcs      []*ir.Operation
	candidates map[*ir.Operation]bool
}

func (n *normalizer) run() {
	n.module.Walk(func(o *ir.Operation) bool {
		if o.Name() == "func.func" {
			n.funcs = append(n.funcs, o)
			n.candidates[o] = true
		}
		return true
	})
	for _, f := range n.funcs {
		if n.candidates[f] && !memRefsNormalizable(f) {
			n.dropWithCallersAndCallees(f)
		}
	}
	for _, f := range n.funcs {
		if n.candidates[f] {
			n.normalizeFunc(f)
		}
	}
}

// isDeclaration reports whether f is an external function.
func isDeclaration(f *ir.Operation) bool { return fn.Func{Operation: f}.IsDeclaration() }

// allNormalizable reports whether every user of v has the trait.
func allNormalizable(v *ir.Value) bool {
	for u := range v.Users() {
		if !u.HasTrait(ir.MemRefsNormalizable) {
			return false
		}
	}
	return true
}

// layoutMapped reports whether v is a memref with a non-identity layout.
func layoutMapped(v *ir.Value) bool {
	t, ok := v.Type().(*ir.MemRefType)
	return ok && !layoutMap(t).IsIdentity()
}

// memRefsNormalizable is MLIR's areMemRefsNormalizable: every layout-mapped
// memref made by an allocation or a call, or passed as an argument, has
// only users with the trait. External functions are normalizable.
func memRefsNormalizable(f *ir.Operation) bool {
	if isDeclaration(f) {
		return true
	}
	ok := f.Walk(func(o *ir.Operation) bool {
		switch o.Name() {
		case "memref.alloc", "memref.alloca", "func.call":
			for _, r := range o.Results() {
				if layoutMapped(r) && !allNormalizable(r) {
					return false
				}
			}
		}
		return true
	})
	if !ok {
		return false
	}
	for _, a := range f.Region(0).Entry().Args() {
		if layoutMapped(a) && !allNormalizable(a) {
			return false
		}
	}
	return true
}

// enclosingFunc returns the func.func holding op, or nil.
func enclosingFunc(op *ir.Operation) *ir.Operation {
	for p := op.ParentOp(); p != nil; p = p.ParentOp() {
		if p.Name() == "func.func" {
			return p
		}
	}
	return nil
}

// symbolUsers returns the ops that refer to f by name from f's symbol
// table, in walk order, each once.
func symbolUsers(f *ir.Operation) []*ir.Operation {
	name := ir.SymbolName(f)
	table := f.ParentOp()
	var users []*ir.Operation
	ir.SymbolUses(table, func(user *ir.Operation, ref *ir.SymbolRefAttr) {
		if ref.Root == name && len(ref.Nested) == 0 && ir.NearestSymbolTable(user) == table && !slices.Contains(users, user) {
			users = append(users, user)
		}
	})
	return users
}

// dropWithCallersAndCallees is MLIR's setCalleesAndCallersNonNormalizable.
func (n *normalizer) dropWithCallersAndCallees(f *ir.Operation) {
	if !n.candidates[f] {
		return
	}
	delete(n.candidates, f)
	for _, u := range symbolUsers(f) {
		if p := enclosingFunc(u); p != nil {
			n.dropWithCallersAndCallees(p)
		}
	}
	var callees []*ir.Operation
	f.Walk(func(o *ir.Operation) bool {
		if c, ok := fn.AsCall(o); ok {
			if callee := ir.LookupNearestSymbol(o, c.Callee()); callee != nil && callee.Name() == "func.func" {
				callees = append(callees, callee)
			}
		}
		return true
	})
	for _, c := range callees {
		n.dropWithCallersAndCallees(c)
	}
}

// normalizeFunc is MLIR's normalizeFuncOpMemRefs.
func (n *normalizer) normalizeFunc(f *ir.Operation) {
	ctx := f.Context()
	var allocs, allocas, casts []*ir.Operation
	f.Walk(func(o *ir.Operation) bool {
		switch o.Name() {
		case "memref.alloc":
			allocs = append(allocs, o)
		case "memref.alloca":
			allocas = append(allocas, o)
		case "memref.reinterpret_cast":
			casts = append(casts, o)
		}
		return true
	})
	for _, o := range slices.Concat(allocs, allocas) {
		normalizeAlloc(o)
	}
	for _, o := range casts {
		normalizeReinterpretCast(o)
	}

	ft := ir.FunctionTypeOf(f)
	external := isDeclaration(f)
	var inputs []ir.Type
	for i, t := range ft.Inputs {
		mt, ok := t.(*ir.MemRefType)
		if !ok {
			inputs = append(inputs, t)
			continue
		}
		nt := normalizeType(ctx, mt)
		if nt == mt || external {
			inputs = append(inputs, nt)
			continue
		}
		entry := f.Region(0).Entry()
		old := entry.Arg(i)
		nv := entry.InsertArgument(i, nt, old.Loc())
		if !replaceAllMemRefUses(old, nv, layoutMap(mt), nil) {
			entry.EraseArgument(i)
			continue
		}
		entry.EraseArgument(i + 1)
	}

	if !external {
		// In post-order, as MLIR: the ops nested in a region before the
		// op holding them.
		var withResults []*ir.Operation
		f.Walk(func(o *ir.Operation) bool {
			if o.HasTrait(ir.MemRefsNormalizable) && o.NumResults() > 0 && o.Name() != "func.call" {
				withResults = append(withResults, o)
			}
			return true
		})
		for _, o := range withResults {
			normalizeResults(o)
		}
	}

	if external {
		var results []ir.Type
		for _, t := range ft.Results {
			if mt, ok := t.(*ir.MemRefType); ok {
				t = normalizeType(ctx, mt)
			}
			results = append(results, t)
		}
		f.SetAttr("function_type", ctx.TypeAttr(ctx.FunctionType(inputs, results)))
	}
	n.updateSignature(f)
}

// normalizeResults is the part of MLIR's normalizeFuncOpMemRefs built on
// createOpResultsNormalized: an op with the trait whose memref results
// normalize is made again with the normalized result types (taking over
// its regions), and the uses of each changed result remapped.
func normalizeResults(op *ir.Operation) {
	types := make([]ir.Type, op.NumResults())
	changed := false
	for i, r := range op.Results() {
		types[i] = r.Type()
		if mt, ok := r.Type().(*ir.MemRefType); ok {
			if nt := normalizeType(op.Context(), mt); nt != mt {
				types[i], changed = nt, true
				if !canReplaceAllMemRefUses(r) {
					return
				}
			}
		}
	}
	if !changed {
		return
	}
	st := &ir.OpState{Name: op.Name(), Loc: op.Loc(), Operands: op.Operands(), ResultTypes: types,
		Attrs: op.Attrs(), Successors: op.Successors()}
	for _, r := range op.Regions() {
		st.AddRegion().TakeBody(r)
	}
	b := ir.NewBuilder(op.Context())
	b.SetInsertionPointBefore(op)
	nop := b.Create(st)
	for i, r := range op.Results() {
		if types[i] != r.Type() {
			replaceAllMemRefUses(r, nop.Result(i), layoutMap(r.Type().(*ir.MemRefType)), nil)
		}
	}
	op.ReplaceAllUsesWith(nop.Results())
	op.Erase()
}

// updateSignature is MLIR's updateFunctionSignature: the result types of
// f follow the normalized memrefs its returns give, every call of f is made
// again with those result types (remapping the uses of changed results),
// and the functions holding such calls are updated in turn.
func (n *normalizer) updateSignature(f *ir.Operation) {
	ctx := f.Context()
	ft := ir.FunctionTypeOf(f)
	results := slices.Clone(ft.Results)
	external := isDeclaration(f)
	var newType *ir.FunctionType
	if !external {
		f.Walk(func(o *ir.Operation) bool {
			if o.Name() != "func.return" {
				return true
			}
			for i, v := range o.Operands() {
				mt, ok := v.Type().(*ir.MemRefType)
				if ok && i < len(results) && mt != results[i] && layoutMap(mt).IsIdentity() {
					results[i] = mt
				}
			}
			return true
		})
		newType = ctx.FunctionType(f.Region(0).Entry().ArgTypes(), results)
	}
	var toUpdate []*ir.Operation
	for _, user := range symbolUsers(f) {
		c, ok := fn.AsCall(user)
		if !ok || user.NumResults() != len(results) {
			continue
		}
		replaceable := true
		for i, r := range user.Results() {
			if r.Type() != results[i] && !canReplaceAllMemRefUses(r) {
				replaceable = false
			}
		}
		if !replaceable {
			continue
		}
		b := ir.NewBuilder(ctx)
		b.SetInsertionPointBefore(user)
		call := b.CreateOp("func.call", user.Loc(), user.Operands(), results,
			ir.NamedAttr{Name: "callee", Value: c.Callee()})
		changed := false
		for i, r := range user.Results() {
			if r.Type() == results[i] {
				continue
			}
			replaceAllMemRefUses(r, call.Result(i), layoutMap(r.Type().(*ir.MemRefType)), nil)
			changed = true
		}
		user.ReplaceAllUsesWith(call.Results())
		user.Erase()
		if p := enclosingFunc(call); changed && p != nil && !slices.Contains(toUpdate, p) {
			toUpdate = append(toUpdate, p)
		}
	}
	if !external {
		f.SetAttr("function_type", ctx.TypeAttr(newType))
	}
	for _, p := range toUpdate {
		n.updateSignature(p)
	}
}

// normalizeAlloc is MLIR's normalizeMemRef for memref.alloc and alloca: a
// new allocation of the normalized type (its dynamic sizes computed from
// the old ones, see dynamicSizes) replaces the old one, the accesses
// remapped through the layout map.
func normalizeAlloc(op *ir.Operation) {
	ctx := op.Context()
	old := op.Result(0)
	mt := old.Type().(*ir.MemRefType)
	nt := normalizeType(ctx, mt)
	if nt == mt || !canReplaceAllMemRefUses(old) {
		return
	}
	b := ir.NewBuilder(ctx)
	b.SetInsertionPointBefore(op)
	var sizes []*ir.Value
	if slices.Contains(nt.Dims, ir.Dynamic) {
		sizes = dynamicSizes(b, op, mt, nt)
	}
	attrs := []ir.NamedAttr{{Name: "operandSegmentSizes", Value: ctx.DenseI32Array(int64(len(sizes)), 0)}}
	if a := op.Attr("alignment"); a != nil {
		attrs = append(attrs, ir.NamedAttr{Name: "alignment", Value: a})
	}
	na := b.CreateOp(op.Name(), op.Loc(), sizes, []ir.Type{nt}, attrs...)
	replaceAllMemRefUses(old, na.Result(0), layoutMap(mt), ir.OperandSegment(op, 1))
	op.Erase()
}

// dynamicSizes is MLIR's createNewDynamicSizes: the sizes of the dynamic
// dimensions of nt, each the layout map's result over the old sizes (the
// allocation's dynamic sizes, constants for the static ones) with, for a
// tiled layout, `floordiv t` read as `ceildiv t` and `mod t` as t.
func dynamicSizes(b *ir.Builder, op *ir.Operation, mt, nt *ir.MemRefType) []*ir.Value {
	ctx := b.Context()
	loc := op.Loc()
	dyn := ir.OperandSegment(op, 0)
	var in []*ir.Value
	for _, d := range mt.Dims {
		if d == ir.Dynamic {
			in, dyn = append(in, dyn[0]), dyn[1:]
			continue
		}
		in = append(in, arith.NewConstant(b, ctx.IndexAttr(d), ctx.Index(), loc))
	}
	m := layoutMap(mt)
	tiles := tileSizePos(m)
	var sizes []*ir.Value
	for i, e := range m.Results {
		if nt.Dims[i] != ir.Dynamic {
			continue
		}
		for _, t := range tiles {
			switch i {
			case t.floorDiv:
				e = ir.AffineBinary(ir.AffineCeilDiv, e.LHS, e.RHS)
			case t.mod:
				e = e.RHS
			}
		}
		am := &ir.AffineMap{Dims: m.Dims + m.Symbols, Symbols: m.Symbols, Results: []*ir.AffineExpr{e}}
		sizes = append(sizes, b.CreateOp("affine.apply", loc, in, []ir.Type{ctx.Index()},
			ir.NamedAttr{Name: "map", Value: ctx.AffineMapAttr(am)}).Result(0))
	}
	return sizes
}

// normalizeReinterpretCast is MLIR's normalizeMemRef for
// memref.reinterpret_cast: a cast of the same source to the normalized
// type, at offset 0 with unit strides, its dynamic sizes one more than the
// layout map's results at the last index of each old dimension.
func normalizeReinterpretCast(op *ir.Operation) {
	ctx := op.Context()
	old := op.Result(0)
	mt := old.Type().(*ir.MemRefType)
	m := layoutMap(mt)
	nt := normalizeType(ctx, mt)
	parts, ok := memref.ReinterpretCastParts(op)
	if m.IsIdentity() || nt == mt || !ok || !canReplaceAllMemRefUses(old) {
		return
	}
	var strides []*ir.Value
	for _, s := range parts[2] {
		if s.Value != nil {
			strides = append(strides, s.Value)
		}
	}
	if len(strides) != m.Symbols {
		return
	}
	loc := op.Loc()
	b := ir.NewBuilder(ctx)
	b.SetInsertionPointBefore(op)
	idx := ctx.Index()
	one := func() *ir.Value { return arith.NewConstant(b, ctx.IndexAttr(1), idx, loc) }
	var sizes []*ir.Value
	if slices.Contains(nt.Dims, ir.Dynamic) {
		var operands []*ir.Value
		for i, d := range mt.Dims {
			if d == ir.Dynamic {
				operands = append(operands, b.CreateOp("arith.subi", loc, []*ir.Value{parts[1][i].Value, one()}, []ir.Type{idx}).Result(0))
				continue
			}
			operands = append(operands, arith.NewConstant(b, ctx.IndexAttr(d-1), idx, loc))
		}
		operands = append(operands, strides...)
		for i, e := range m.Results {
			if nt.Dims[i] != ir.Dynamic {
				continue
			}
			am := &ir.AffineMap{Dims: m.Dims, Symbols: m.Symbols, Results: []*ir.AffineExpr{e}}
			sizes = append(sizes, b.CreateOp("affine.apply", loc, operands, []ir.Type{idx},
				ir.NamedAttr{Name: "map", Value: ctx.AffineMapAttr(am)}).Result(0))
		}
		for i, s := range sizes {
			sizes[i] = b.CreateOp("arith.addi", loc, []*ir.Value{s, one()}, []ir.Type{idx}).Result(0)
		}
	}
	strideOnes := make([]int64, len(nt.Dims))
	for i := range strideOnes {
		strideOnes[i] = 1
	}
	nc := b.CreateOp("memref.reinterpret_cast", loc, append([]*ir.Value{op.Operand(0)}, sizes...), []ir.Type{nt},
		ir.NamedAttr{Name: "operandSegmentSizes", Value: ctx.DenseI32Array(1, 0, int64(len(sizes)), 0)},
		ir.NamedAttr{Name: "static_offsets", Value: ctx.DenseI64Array(0)},
		ir.NamedAttr{Name: "static_sizes", Value: ctx.DenseI64Array(nt.Dims...)},
		ir.NamedAttr{Name: "static_strides", Value: ctx.DenseI64Array(strideOnes...)})
	replaceAllMemRefUses(old, nc.Result(0), m, strides)
	op.Erase()
}

// layoutMap is MLIR's MemRefLayoutAttrInterface::getAffineMap: the
// identity for no layout, the map of an affine layout, and for a strided
// layout offset + sum(d_i * stride_i) with a symbol for each dynamic
// entry, the offset's first (makeStridedLinearLayoutMap).
func layoutMap(t *ir.MemRefType) *ir.AffineMap {
	switch l := t.Layout.(type) {
	case *ir.AffineMapAttr:
		return l.Map
	case *ir.StridedLayoutAttr:
		syms := 0
		term := func(v int64) *ir.AffineExpr {
			if v == ir.Dynamic {
				syms++
				return ir.AffineSymbolExpr(syms - 1)
			}
			return ir.AffineConstExpr(v)
		}
		e := term(l.Offset)
		for i, s := range l.Strides {
			e = ir.AffineBinary(ir.AffineAdd, e, ir.AffineBinary(ir.AffineMul, ir.AffineDimExpr(i), term(s)))
		}
		return &ir.AffineMap{Dims: len(l.Strides), Symbols: syms, Results: []*ir.AffineExpr{e}}
	}
	m := &ir.AffineMap{Dims: len(t.Dims)}
	for i := range t.Dims {
		m.Results = append(m.Results, ir.AffineDimExpr(i))
	}
	return m
}

// tilePos is one tile of a tiled layout: the positions of the results
// `e floordiv t` and `e mod t`.
type tilePos struct{ floorDiv, mod int }

// tileSizePos is MLIR's getTileSizePos: the tiles of m when it is a tiled
// layout (each `e floordiv t` result paired with exactly one `e mod t`
// result, e appearing in no other result), else none.
func tileSizePos(m *ir.AffineMap) []tilePos {
	var tiles []tilePos
	for fp, f := range m.Results {
		if f.Kind != ir.AffineFloorDiv || f.RHS.Kind != ir.AffineConst {
			continue
		}
		found := false
		for p, r := range m.Results {
			if p == fp || !contains(r, f.LHS) {
				continue
			}
			if r.Kind != ir.AffineMod || !r.LHS.Equal(f.LHS) || !r.RHS.Equal(f.RHS) || found {
				return nil
			}
			tiles = append(tiles, tilePos{fp, p})
			found = true
		}
	}
	return tiles
}

// contains reports whether sub occurs in e.
func contains(e, sub *ir.AffineExpr) bool {
	if e.Equal(sub) {
		return true
	}
	return e.LHS != nil && (contains(e.LHS, sub) || contains(e.RHS, sub))
}

// usesDims reports whether e uses one of the dimensions dims.
func usesDims(e *ir.AffineExpr, dims []int) bool {
	if e.Kind == ir.AffineDim {
		return slices.Contains(dims, int(e.Value))
	}
	return e.LHS != nil && (usesDims(e.LHS, dims) || usesDims(e.RHS, dims))
}

// normalizeType is MLIR's normalizeMemRefType: t with the identity layout
// and, for each result of its layout map, the extent 0 to the result's
// upper bound over the static dimensions (dynamic when the result uses a
// dynamic dimension), or t itself when the layout is the identity, when
// t is dynamic and the layout not tiled, when the map is semi-affine, or
// when a bound is unknown or negative.
func normalizeType(ctx *ir.Context, t *ir.MemRefType) *ir.MemRefType {
	if len(t.Dims) == 0 {
		return t
	}
	m := layoutMap(t)
	if m.IsIdentity() {
		return t
	}
	var dynDims []int
	for i, d := range t.Dims {
		if d == ir.Dynamic {
			dynDims = append(dynDims, i)
		}
	}
	// As in MLIR, a dynamic memref is normalized only with a tiled layout;
	// and the sizes of its new dynamic dimensions would need the symbols.
	if len(dynDims) > 0 && (len(tileSizePos(m)) == 0 || m.Symbols > 0) {
		return t
	}
	shape := make([]int64, len(m.Results))
	for i, e := range m.Results {
		r, ok := exprRange(e, t.Dims)
		if !ok {
			return t
		}
		if usesDims(e, dynDims) {
			shape[i] = ir.Dynamic
			continue
		}
		if !r.hasHi || r.hi < 0 || r.hi == math.MaxInt64 {
			return t
		}
		shape[i] = r.hi + 1
	}
	return ctx.MemRef(shape, t.Elem, nil, t.MemorySpace)
}

// interval is a range of integers, each end possibly unbounded.
type interval struct {
	lo, hi       int64
	hasLo, hasHi bool
}

// exprRange bounds e over dimensions d_i in [0, dims[i] - 1] (unbounded
// for dynamic ones) and unbounded symbols, as MLIR's bounds from the
// flattened constraint system: sums and constant multiples exactly,
// `e floordiv c` and `e ceildiv c` from e's bounds, `e mod c` in
// [0, c - 1]. ok is false for a semi-affine expression (MLIR's
// composeMatchingMap fails on it).
func exprRange(e *ir.AffineExpr, dims []int64) (interval, bool) {
	switch e.Kind {
	case ir.AffineConst:
		return interval{e.Value, e.Value, true, true}, true
	case ir.AffineDim:
		if d := dims[e.Value]; d != ir.Dynamic {
			return interval{0, d - 1, true, true}, true
		}
		return interval{0, 0, true, false}, true
	case ir.AffineSymbol:
		return interval{}, true
	}
	l, ok := exprRange(e.LHS, dims)
	if !ok {
		return interval{}, false
	}
	if e.Kind == ir.AffineAdd {
		r, ok := exprRange(e.RHS, dims)
		lo, okLo := ir.CheckedAdd(l.lo, r.lo)
		hi, okHi := ir.CheckedAdd(l.hi, r.hi)
		return interval{lo, hi, l.hasLo && r.hasLo, l.hasHi && r.hasHi}, ok && okLo && okHi
	}
	k := e.RHS
	if e.Kind == ir.AffineMul && k.Kind != ir.AffineConst && e.LHS.Kind == ir.AffineConst {
		k, l = e.LHS, interval{}
		if l, ok = exprRange(e.RHS, dims); !ok {
			return interval{}, false
		}
	}
	if k.Kind != ir.AffineConst {
		return interval{}, false
	}
	c := k.Value
	switch e.Kind {
	case ir.AffineMul:
		lo, okLo := ir.CheckedMul(l.lo, c)
		hi, okHi := ir.CheckedMul(l.hi, c)
		if c < 0 {
			return interval{hi, lo, l.hasHi, l.hasLo}, okLo && okHi
		}
		return interval{lo, hi, l.hasLo || c == 0, l.hasHi || c == 0}, okLo && okHi
	case ir.AffineMod:
		if c < 1 {
			return interval{}, false
		}
		return interval{0, c - 1, true, true}, true
	}
	if c < 1 {
		return interval{}, false
	}
	div := ir.FloorDiv
	if e.Kind == ir.AffineCeilDiv {
		div = func(a, b int64) int64 { return -ir.FloorDiv(-a, b) }
	}
	return interval{div(l.lo, c), div(l.hi, c), l.hasLo, l.hasHi}, true
}

// accessMapOps are the single-memref ops with MLIR's
// AffineMapAccessInterface the pass rewrites, by the position of their
// memref operand; their subscripts' map is "map".
var accessMapOps = map[string]int{
	"affine.load": 0, "affine.store": 1, "affine.vector_load": 0, "affine.vector_store": 1, "affine.prefetch": 0,
}

// accessMap returns the name of the map attribute holding the subscripts
// of the memref operand at pos of an op with MLIR's
// AffineMapAccessInterface (getAffineMapAttrForMemRef), or "".
func accessMap(op *ir.Operation, pos int) string {
	if p, ok := accessMapOps[op.Name()]; ok && p == pos {
		return "map"
	}
	switch op.Name() {
	case "affine.dma_start":
		parts, _, ok := affine.DmaStartParts(op)
		if !ok {
			return ""
		}
		at := 0
		for i, part := range parts {
			if at == pos {
				return affine.DmaStartMaps[i]
			}
			at += len(part)
		}
	case "affine.dma_wait":
		if pos == 0 {
			return "tag_map"
		}
	}
	return ""
}

// memRefPos returns the position of old among the operands of a
// dereferencing op (one with an affine access map, memref.load or
// memref.store) using it as a memref, or -1.
func memRefPos(op *ir.Operation, old *ir.Value) int {
	pos := slices.Index(op.Operands(), old)
	switch {
	case pos < 0:
		return -1
	case accessMap(op, pos) != "":
		return pos
	case op.Name() == "memref.load" && pos == 0, op.Name() == "memref.store" && pos == 1:
		return pos
	}
	return -1
}

// canReplaceAllMemRefUses reports whether replaceAllMemRefUses would
// succeed on old: every user has the trait, and a dereferencing one uses
// old once.
func canReplaceAllMemRefUses(old *ir.Value) bool {
	for u := range old.Users() {
		if !u.HasTrait(ir.MemRefsNormalizable) {
			return false
		}
		if p := memRefPos(u, old); p >= 0 && slices.Index(u.Operands()[p+1:], old) >= 0 {
			// MLIR does not rewrite one access using a memref twice.
			return false
		}
	}
	return true
}

// replaceAllMemRefUses is MLIR's replaceAllMemRefUsesWith (no extra
// indices or operands, non-dereferencing uses allowed): each user of old
// uses nv instead; a dereferencing user's subscripts become remap (over
// the old subscripts and symbols) composed into them. It reports false,
// changing nothing, when canReplaceAllMemRefUses does.
func replaceAllMemRefUses(old, nv *ir.Value, remap *ir.AffineMap, symbols []*ir.Value) bool {
	if !canReplaceAllMemRefUses(old) {
		return false
	}
	var users []*ir.Operation
	for u := range old.Users() {
		if !slices.Contains(users, u) {
			users = append(users, u)
		}
	}
	for _, u := range users {
		pos := memRefPos(u, old)
		if pos < 0 {
			for i, v := range u.Operands() {
				if v == old {
					u.SetOperand(i, nv)
				}
			}
			continue
		}
		remapAccess(u, pos, old, nv, remap, symbols)
	}
	return true
}

// identityOver reports whether m is the identity map of its dimensions
// with no symbols (MLIR's comparison with getMultiDimIdentityMap).
func identityOver(m *ir.AffineMap) bool { return m.Symbols == 0 && m.IsIdentity() }

// remapAccess rewrites one dereferencing user op of old, its memref
// operand at pos, to access nv.
func remapAccess(op *ir.Operation, pos int, old, nv *ir.Value, remap *ir.AffineMap, symbols []*ir.Value) {
	ctx := op.Context()
	loc := op.Loc()
	idx := ctx.Index()
	oldRank := len(old.Type().(*ir.MemRefType).Dims)
	newRank := len(nv.Type().(*ir.MemRefType).Dims)
	mapName := accessMap(op, pos)
	isAffine := mapName != ""
	b := ir.NewBuilder(ctx)
	b.SetInsertionPointBefore(op)
	apply := func(m *ir.AffineMap, e *ir.AffineExpr, operands []*ir.Value) *ir.Value {
		am := &ir.AffineMap{Dims: m.Dims, Symbols: m.Symbols, Results: []*ir.AffineExpr{e}}
		return b.CreateOp("affine.apply", loc, operands, []ir.Type{idx},
			ir.NamedAttr{Name: "map", Value: ctx.AffineMapAttr(am)}).Result(0)
	}
	numIdx := oldRank
	var oldMap *ir.AffineMap
	if isAffine {
		oldMap = affine.MapOf(op, mapName)
		numIdx = oldMap.Dims + oldMap.Symbols
	}
	operands := op.Operands()
	oldMapOperands := operands[pos+1 : pos+1+numIdx]
	var created []*ir.Value
	indices := oldMapOperands
	if isAffine && !identityOver(oldMap) {
		indices = nil
		for _, e := range oldMap.Results {
			v := apply(oldMap, e, oldMapOperands)
			indices = append(indices, v)
			created = append(created, v)
		}
	}
	remapOperands := slices.Concat(indices, symbols)
	outputs := remapOperands
	if remap != nil && !identityOver(remap) {
		outputs = nil
		for _, e := range remap.Results {
			v := apply(remap, e, remapOperands)
			outputs = append(outputs, v)
			created = append(created, v)
		}
	}
	identity := &ir.AffineMap{Dims: newRank}
	for i := range newRank {
		identity.Results = append(identity.Results, ir.AffineDimExpr(i))
	}
	newMap, newOperands := affine.ComposeMap(identity, outputs)
	for _, v := range created {
		if !v.HasUses() {
			v.DefiningOp().Erase()
		}
	}
	st := &ir.OpState{Name: op.Name(), Loc: loc, ResultTypes: op.ResultTypes()}
	st.Operands = append(slices.Clone(operands[:pos]), nv)
	if isAffine {
		st.Operands = append(st.Operands, newOperands...)
	} else {
		for _, e := range newMap.Results {
			st.Operands = append(st.Operands, apply(newMap, e, newOperands))
		}
	}
	st.Operands = append(st.Operands, operands[pos+1+numIdx:]...)
	for _, a := range op.Attrs() {
		if isAffine && a.Name == mapName {
			a.Value = ctx.AffineMapAttr(newMap)
		}
		st.Attrs = append(st.Attrs, a)
	}
	nop := b.Create(st)
	op.ReplaceAllUsesWith(nop.Results())
	op.Erase()
}
