package lowering

import (
	"slices"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/spirv"
)

// Buffers indexed by dimension (Options.IndexByDimension).
//
// MLIR lowers a memref<RxCxT> kernel argument (or workgroup buffer) to a
// buffer holding one array of R*C elements, and each access to the index
// row * C + col. memref.load and memref.store require every index within its dimension
// (MemRefOps.td: "0 <= idx < dim_size"), so the same access may as well
// index an array of R arrays of C elements with (row, col), as glslang
// does for `float a[R][C]`: drivers then see a uniform row apart from a
// per-invocation column, which lavapipe compiles to cheaper addressing
// (bench/codegen matmul_regs, docs/RATIONALE.md "Generated code against
// glslang's"). Without the guarantee (after the linearization, or for
// vector.load, whose lanes may run past a row) the rewrite would be
// wrong: an out-of-range index of an inner array is undefined in SPIR-V
// where the linear one is not.

// dimAccess is an access chain built for a memref.load or memref.store of
// a static memref of rank 2 or more with the identity layout: its last
// index is offset + sum(stride * index), one IMul per index (muls).
type dimAccess struct {
	chain *ir.Operation
	shape []int64
	muls  []*ir.Operation
}

// noteDims records ptr, the element pointer of a load or store of mt,
// when the buffer may be indexed by dimension.
func (e *env) noteDims(ptr *ir.Value, mt *ir.MemRefType) {
	if !e.opts.IndexByDimension || len(mt.Dims) < 2 || mt.Layout != nil {
		return
	}
	for _, d := range mt.Dims {
		if d == ir.Dynamic {
			return
		}
	}
	chain := ptr.DefiningOp()
	if chain == nil || chain.Name() != "spirv.AccessChain" || chain.NumOperands() != 3 {
		return
	}
	// elementPtr's unfolded sum for a wrapped buffer, innermost index last.
	strides, _, _ := mt.StridesAndOffset()
	muls := make([]*ir.Operation, len(mt.Dims))
	lin := chain.Operand(2)
	for k := len(mt.Dims) - 1; k >= 0; k-- {
		add := lin.DefiningOp()
		if add == nil || add.Name() != "spirv.IAdd" {
			return
		}
		mul := add.Operand(1).DefiningOp()
		if mul == nil || mul.Name() != "spirv.IMul" {
			return
		}
		if s, ok := spirvConst(mul.Operand(0)); !ok || s != strides[k] {
			return
		}
		muls[k], lin = mul, add.Operand(0)
	}
	if off, ok := spirvConst(lin); !ok || off != 0 {
		return
	}
	e.dimAccesses = append(e.dimAccesses, dimAccess{chain: chain, shape: mt.Dims, muls: muls})
}

// indexByDimension gives each kernel argument or workgroup variable whose
// every use is a noted access of one shape the nested array type of that
// shape, and its accesses one index per dimension.
func (e *env) indexByDimension(root *ir.Operation) {
	if len(e.dimAccesses) == 0 {
		return
	}
	noted := map[*ir.Operation]dimAccess{}
	for _, a := range e.dimAccesses {
		if a.chain.Block() != nil {
			noted[a.chain] = a
		}
	}
	e.dimAccesses = nil
	// The buffers: kernel arguments, and globals through their addressof.
	var args []*ir.Value
	seen := map[*ir.Value]bool{}
	addrs := map[string][]*ir.Value{}
	var globals []string
	for _, a := range noted {
		b := a.chain.Operand(0)
		if d := b.DefiningOp(); d != nil && d.Name() == "spirv.mlir.addressof" {
			if sym := addressedSymbol(d); sym != "" && addrs[sym] == nil {
				globals = append(globals, sym)
				addrs[sym] = []*ir.Value{}
			}
		} else if !seen[b] {
			seen[b] = true
			args = append(args, b)
		}
	}
	if len(globals) > 0 {
		root.Walk(func(op *ir.Operation) bool {
			if op.Name() == "spirv.mlir.addressof" {
				if sym := addressedSymbol(op); addrs[sym] != nil {
					addrs[sym] = append(addrs[sym], op.Result(0))
				}
			}
			return true
		})
	}
	slices.SortFunc(args, func(x, y *ir.Value) int { return x.Index() - y.Index() })
	for _, b := range args {
		// Only a kernel's arguments: another function's callers would
		// pass pointers of the old type.
		fn := b.OwnerBlock().ParentOp()
		if !b.IsBlockArgument() || fn == nil || fn.Name() != "spirv.func" || b.OwnerBlock() != fn.Region(0).Entry() ||
			spirv.LookupEntryPointABI(fn) == nil {
			continue
		}
		ft, ok := fn.Attr("function_type").(*ir.TypeAttr)
		if !ok {
			continue
		}
		fty, ok := ft.Value.(*ir.FunctionType)
		if !ok {
			continue
		}
		e.retypeBuffer([]*ir.Value{b}, noted, func(npt *spirv.PointerType) {
			inputs := slices.Clone(fty.Inputs)
			inputs[b.Index()] = npt
			fn.SetAttr("function_type", e.ctx.TypeAttr(e.ctx.FunctionType(inputs, fty.Results)))
		})
	}
	slices.Sort(globals)
	for _, sym := range globals {
		g := e.symbolOf(symbolTableOf(addrs[sym][0].DefiningOp()), sym)
		if g == nil || g.Name() != "spirv.GlobalVariable" {
			continue
		}
		e.retypeBuffer(addrs[sym], noted, func(npt *spirv.PointerType) { g.SetAttr("type", e.ctx.TypeAttr(npt)) })
	}
}

// addressedSymbol returns the variable a spirv.mlir.addressof names.
func addressedSymbol(op *ir.Operation) string {
	if r, ok := op.Attr("variable").(*ir.SymbolRefAttr); ok {
		return r.Root
	}
	return ""
}

// retypeBuffer gives the pointers ptrs to one buffer (an argument, or the
// addresses of one global) the nested array type of their accesses'
// shape, when every use of each is one of the noted accesses and all
// have one shape; set records the new type where the buffer is declared.
func (e *env) retypeBuffer(ptrs []*ir.Value, noted map[*ir.Operation]dimAccess, set func(*spirv.PointerType)) {
	var accs []dimAccess
	for _, p := range ptrs {
		for u := range p.Users() {
			a, ok := noted[u]
			if !ok || u.Operand(0) != p || len(accs) > 0 && !slices.Equal(a.shape, accs[0].shape) {
				return
			}
			accs = append(accs, a)
		}
	}
	if len(accs) == 0 {
		return
	}
	shape := accs[0].shape
	pt, ok := ptrs[0].Type().(*spirv.PointerType)
	if !ok {
		return
	}
	st, ok := pt.Pointee.(*spirv.StructType)
	if !ok || st.NumMembers() != 1 || len(st.Decorations()) != 0 {
		return
	}
	arr, ok := st.Member(0).(*spirv.ArrayType)
	n := int64(1)
	for _, d := range shape {
		n *= d
	}
	if !ok || arr.Len != n {
		return
	}
	t, stride := ir.Type(arr.Elem), arr.Stride
	for k := len(shape) - 1; k >= 0; k-- {
		t = spirv.Array(e.ctx, t, shape[k], stride)
		stride *= shape[k]
	}
	var offsets []int64
	if st.HasOffsets() {
		offsets = []int64{st.Offset(0)}
	}
	npt := spirv.Pointer(e.ctx, spirv.Struct(e.ctx, []ir.Type{t}, offsets, nil), pt.StorageClass)
	for _, p := range ptrs {
		p.SetType(npt)
	}
	set(npt)
	b := ir.NewBuilder(e.ctx)
	for _, a := range accs {
		b.SetInsertionPointBefore(a.chain)
		indices := []*ir.Value{a.chain.Operand(0), a.chain.Operand(1)}
		for _, m := range a.muls {
			indices = append(indices, m.Operand(1))
		}
		nc := val(b, "spirv.AccessChain", a.chain.Loc(), a.chain.Result(0).Type(), indices...)
		lin := a.chain.Operand(2)
		a.chain.Result(0).ReplaceAllUsesWith(nc)
		a.chain.Erase()
		eraseUnusedIndex(lin)
	}
}

// eraseUnusedIndex erases v's defining op, an index computation, once
// nothing uses it, and then its operands' in turn.
func eraseUnusedIndex(v *ir.Value) {
	d := v.DefiningOp()
	if d == nil || d.HasResultUses() {
		return
	}
	switch d.Name() {
	case "spirv.IAdd", "spirv.IMul", "spirv.Constant":
	default:
		return
	}
	ins := d.Operands()
	d.Erase()
	for _, x := range ins {
		eraseUnusedIndex(x)
	}
}
