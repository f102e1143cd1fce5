package transforms

import (
	"fmt"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/pass"
	"github.com/kiln-gpu/kiln/spirv"
	"github.com/kiln-gpu/kiln/spirv/spv"
)

// VectorizeBufferAccess returns the spirv-vectorize-buffer-access pass.
func VectorizeBufferAccess() *pass.Pass {
	return &pass.Pass{
		Name:     "SPIRVVectorizeBufferAccess",
		Argument: "spirv-vectorize-buffer-access",
		Summary:  "Load and store vectors of a scalar storage buffer at aligned indices through a vector-typed alias of the binding",
		Run:      func(op *ir.Operation, _ *pass.Context) error { return eachModule(op, VectorAccess) },
	}
}

// VectorAccess rewrites the lane-by-lane vector accesses the lowering makes
// of vector.load and vector.store on a scalar StorageBuffer variable (N
// loads of consecutive elements gathered by a CompositeConstruct, or N
// stores of a vector's CompositeExtracts) into one vector Load or Store,
// when N is 2 or 4 and the first index is provably a multiple of N (i * c
// or i << s, with N dividing c or 2^s, or a constant). They go through a
// second variable of the same descriptor binding whose array holds
// vector<N x T> (`@<var>_vec<N>`, both decorated Aliased; spirv-decorate-buffer-access
// drops Aliased again where the binding is only read), as glslang would
// declare a vec4 buffer. Unaligned and masked accesses keep the scalar
// path, and so does a group with a write or an unknown access between its
// lanes.
func VectorAccess(module *ir.Operation) error {
	body := module.Region(0).Entry()
	if body == nil {
		return nil
	}
	v := &vectorizer{ctx: module.Context(), b: ir.NewBuilder(module.Context()), body: body,
		vars: map[string]*ir.Operation{}, aliases: map[string]*ir.Operation{}, scalarOf: map[*ir.Operation]string{}}
	for op := range body.Ops() {
		if op.Name() == "spirv.GlobalVariable" {
			v.vars[ir.SymbolName(op)] = op
		}
	}
	var loads, stores []*ir.Operation
	module.Walk(func(op *ir.Operation) bool {
		switch op.Name() {
		case "spirv.CompositeConstruct":
			loads = append(loads, op)
		case "spirv.Store":
			stores = append(stores, op)
		}
		return true
	})
	for _, c := range loads {
		v.load(c)
	}
	done := map[*ir.Operation]bool{}
	for _, s := range stores {
		if !done[s] {
			v.store(s, done)
		}
	}
	v.retire(module)
	return nil
}

// retire erases each aliased scalar variable no access uses any more (its
// only alias then needs no Aliased), and lists the aliases in the entry
// points' interfaces where their scalar variable was listed (SPIR-V 1.4
// lists every global an entry point uses).
func (v *vectorizer) retire(module *ir.Operation) {
	if len(v.aliases) == 0 {
		return
	}
	used := map[string]bool{}
	module.Walk(func(op *ir.Operation) bool {
		if op.Name() == "spirv.mlir.addressof" {
			if ref, ok := op.Attr("variable").(*ir.SymbolRefAttr); ok {
				used[ref.Leaf()] = true
			}
		}
		return true
	})
	byScalar := map[string][]*ir.Operation{}
	for _, a := range v.aliases {
		byScalar[v.scalarOf[a]] = append(byScalar[v.scalarOf[a]], a)
	}
	for op := range v.body.Ops() {
		arr, ok := op.Attr("interface").(*ir.ArrayAttr)
		if op.Name() != "spirv.EntryPoint" || !ok {
			continue
		}
		var iface []ir.Attribute
		for _, e := range arr.Elems {
			ref, ok := e.(*ir.SymbolRefAttr)
			if !ok || byScalar[ref.Leaf()] == nil || used[ref.Leaf()] {
				iface = append(iface, e)
			}
			if ok {
				for _, a := range byScalar[ref.Leaf()] {
					iface = append(iface, v.ctx.SymbolRef(ir.SymbolName(a)))
				}
			}
		}
		op.SetAttr("interface", v.ctx.ArrayAttr(iface...))
	}
	for scalar, as := range byScalar {
		if used[scalar] {
			continue
		}
		v.vars[scalar].Erase()
		if len(as) == 1 {
			as[0].RemoveAttr("aliased")
		}
	}
}

type vectorizer struct {
	ctx      *ir.Context
	b        *ir.Builder
	body     *ir.Block
	vars     map[string]*ir.Operation
	aliases  map[string]*ir.Operation // by alias name
	scalarOf map[*ir.Operation]string // alias -> its scalar variable
}

// element is one lane's access: the variable, the index of the array
// element in it, and the access chain.
type element struct {
	variable *ir.Operation
	index    *ir.Value
	chain    *ir.Operation
}

// elementOf matches ptr = AccessChain(addressof @var, 0, index) into a
// StorageBuffer variable holding one array of scalars packed tight.
func (v *vectorizer) elementOf(ptr *ir.Value) (element, bool) {
	ch := ptr.DefiningOp()
	if ch == nil || ch.Name() != "spirv.AccessChain" || ch.NumOperands() != 3 {
		return element{}, false
	}
	if c, _, ok := intConstant(ch.Operand(1)); !ok || c != 0 {
		return element{}, false
	}
	addr := ch.Operand(0).DefiningOp()
	if addr == nil || addr.Name() != "spirv.mlir.addressof" {
		return element{}, false
	}
	ref, ok := addr.Attr("variable").(*ir.SymbolRefAttr)
	if !ok {
		return element{}, false
	}
	g := v.vars[ref.Leaf()]
	if g == nil || v.scalarOf[g] != "" {
		return element{}, false
	}
	if _, _, ok := scalarArray(g); !ok {
		return element{}, false
	}
	return element{g, ch.Operand(2), ch}, true
}

// scalarArray returns the array of g, a StorageBuffer variable of a struct
// of one array of 32-bit scalars with their size as stride.
func scalarArray(g *ir.Operation) (*spirv.StructType, ir.Type, bool) {
	pt := spirv.GlobalVariableType(g)
	if pt == nil || pt.StorageClass != spv.StorageClassStorageBuffer {
		return nil, nil, false
	}
	st, ok := pt.Pointee.(*spirv.StructType)
	if !ok || st.NumMembers() != 1 || st.Offset(0) != 0 || len(st.Decorations()) != 0 {
		return nil, nil, false
	}
	var elem ir.Type
	var stride int64
	switch a := st.Member(0).(type) {
	case *spirv.ArrayType:
		elem, stride = a.Elem, a.Stride
	case *spirv.RuntimeArrayType:
		elem, stride = a.Elem, a.Stride
	default:
		return nil, nil, false
	}
	if _, isInt := elem.(*ir.IntegerType); (!isInt && !ir.IsFloat(elem)) || ir.IntOrFloatBitWidth(elem) != 32 || stride != 4 {
		return nil, nil, false
	}
	return st, elem, true
}

// lane reports whether index is first + k.
func lane(index, first *ir.Value, k int64) bool {
	if k == 0 {
		return index == first
	}
	if c, _, ok := intConstant(index); ok {
		f, _, ok := intConstant(first)
		return ok && c == f+k
	}
	add := index.DefiningOp()
	if add == nil || add.Name() != "spirv.IAdd" || (add.Operand(0) != first && add.Operand(1) != first) {
		return false
	}
	c, _, ok := intConstant(otherOperand(add, first))
	return ok && c == k
}

// vectorIndex returns a builder of first / n when first is provably a
// multiple of n.
func vectorIndex(first *ir.Value, n int64) (func(b *ir.Builder, loc ir.Location) *ir.Value, bool) {
	if c, _, ok := intConstant(first); ok {
		if c < 0 || c%n != 0 {
			return nil, false
		}
		return func(b *ir.Builder, loc ir.Location) *ir.Value {
			return constant(b, first.Type(), c/n, loc)
		}, true
	}
	def := first.DefiningOp()
	if def == nil || def.NumOperands() != 2 {
		return nil, false
	}
	x := def.Operand(0)
	var factor int64
	switch def.Name() {
	case "spirv.IMul":
		c, _, ok := intConstant(def.Operand(1))
		if !ok {
			x = def.Operand(1)
			c, _, ok = intConstant(def.Operand(0))
		}
		if !ok || c <= 0 {
			return nil, false
		}
		factor = c
	case "spirv.ShiftLeftLogical":
		s, _, ok := intConstant(def.Operand(1))
		if !ok || s < 0 || s > 30 {
			return nil, false
		}
		factor = 1 << s
	default:
		return nil, false
	}
	if factor%n != 0 {
		return nil, false
	}
	return func(b *ir.Builder, loc ir.Location) *ir.Value {
		if factor == n {
			return x
		}
		return b.CreateOp("spirv.IMul", loc, []*ir.Value{x, constant(b, x.Type(), factor/n, loc)}, []ir.Type{x.Type()}).Result(0)
	}, true
}

func constant(b *ir.Builder, t ir.Type, c int64, loc ir.Location) *ir.Value {
	ctx := b.Context()
	return b.CreateOp("spirv.Constant", loc, nil, []ir.Type{t}, ir.NamedAttr{Name: "value", Value: ctx.IntegerAttr(t, c)}).Result(0)
}

// alias returns the variable of g's binding holding vector<n x T>, made
// on first use.
func (v *vectorizer) alias(g *ir.Operation, n int64) *ir.Operation {
	name := fmt.Sprintf("%s_vec%d", ir.SymbolName(g), n)
	if a := v.aliases[name]; a != nil {
		return a
	}
	st, elem, _ := scalarArray(g)
	vec := v.ctx.Vector([]int64{n}, elem)
	var arr ir.Type
	switch a := st.Member(0).(type) {
	case *spirv.ArrayType:
		arr = spirv.Array(v.ctx, vec, a.Len/n, 4*n)
	case *spirv.RuntimeArrayType:
		arr = spirv.RuntimeArray(v.ctx, vec, 4*n)
	}
	t := spirv.Pointer(v.ctx, spirv.Struct(v.ctx, []ir.Type{arr}, []int64{0}, nil), spv.StorageClassStorageBuffer)
	a := spirv.NewGlobalVariable(v.ctx, name, t, g.Loc())
	for _, attr := range []string{"descriptor_set", "binding"} {
		if x := g.Attr(attr); x != nil {
			a.SetAttr(attr, x)
		}
	}
	a.SetAttr("aliased", v.ctx.UnitAttr())
	g.SetAttr("aliased", v.ctx.UnitAttr())
	v.body.InsertBefore(a, g.NextOp())
	v.aliases[name] = a
	v.scalarOf[a] = ir.SymbolName(g)
	return a
}

// vectorPtr builds, before at, the pointer to vector index of g's alias.
func (v *vectorizer) vectorPtr(at *ir.Operation, g *ir.Operation, n int64, index func(*ir.Builder, ir.Location) *ir.Value) *ir.Value {
	a := v.alias(g, n)
	pt := spirv.GlobalVariableType(a)
	vec := pt.Pointee.(*spirv.StructType).Member(0)
	var et ir.Type
	switch arr := vec.(type) {
	case *spirv.ArrayType:
		et = arr.Elem
	case *spirv.RuntimeArrayType:
		et = arr.Elem
	}
	loc := at.Loc()
	v.b.SetInsertionPointBefore(at)
	addr := v.b.CreateOp("spirv.mlir.addressof", loc, nil, []ir.Type{pt},
		ir.NamedAttr{Name: "variable", Value: v.ctx.SymbolRef(ir.SymbolName(a))}).Result(0)
	i := index(v.b, loc)
	zero := constant(v.b, i.Type(), 0, loc)
	return v.b.CreateOp("spirv.AccessChain", loc, []*ir.Value{addr, zero, i},
		[]ir.Type{spirv.Pointer(v.ctx, et, spv.StorageClassStorageBuffer)}).Result(0)
}

// vectorWidth is N when t is vector<N x T> with N 2 or 4.
func vectorWidth(t ir.Type) int64 {
	vt, ok := t.(*ir.VectorType)
	if !ok || len(vt.Dims) != 1 || vt.Scalable != nil || (vt.Dims[0] != 2 && vt.Dims[0] != 4) {
		return 0
	}
	return vt.Dims[0]
}

// load rewrites c = CompositeConstruct(Load(p + 0), ..., Load(p + N-1)).
func (v *vectorizer) load(c *ir.Operation) {
	n := vectorWidth(c.Result(0).Type())
	if n == 0 || int64(c.NumOperands()) != n {
		return
	}
	lanes := map[*ir.Operation]bool{}
	var first element
	earliest := c
	for k := range n {
		ld := c.Operand(int(k)).DefiningOp()
		if ld == nil || ld.Name() != "spirv.Load" || ld.Block() != c.Block() || ld.HasAttr("memory_access") || lanes[ld] {
			return
		}
		e, ok := v.elementOf(ld.Operand(0))
		if !ok || k > 0 && (e.variable != first.variable || !lane(e.index, first.index, k)) {
			return
		}
		if k == 0 {
			first = e
		}
		lanes[ld] = true
		if ld.IsBeforeInBlock(earliest) {
			earliest = ld
		}
	}
	index, ok := vectorIndex(first.index, n)
	if !ok {
		return
	}
	// Loading all lanes at c must read what the lanes read.
	for op := earliest; op != c; op = op.NextOp() {
		if !lanes[op] && !ir.IsPure(op) {
			return
		}
	}
	ptr := v.vectorPtr(c, first.variable, n, index)
	ld := v.b.CreateOp("spirv.Load", c.Loc(), []*ir.Value{ptr}, []ir.Type{c.Result(0).Type()})
	c.Result(0).ReplaceAllUsesWith(ld.Result(0))
	c.Erase()
	for l := range lanes {
		eraseDead(l)
	}
}

// store rewrites the N stores of CompositeExtract(x, [k]) to p + k that
// follow s (s storing lane 0) in its block.
func (v *vectorizer) store(s *ir.Operation, done map[*ir.Operation]bool) {
	x, k0, ok := extractedLane(s)
	if !ok || k0 != 0 || s.HasAttr("memory_access") {
		return
	}
	n := vectorWidth(x.Type())
	first, ok := v.elementOf(s.Operand(0))
	if n == 0 || !ok {
		return
	}
	index, ok := vectorIndex(first.index, n)
	if !ok {
		return
	}
	group := []*ir.Operation{s}
	last := s
	for op := s.NextOp(); op != nil && int64(len(group)) < n; op = op.NextOp() {
		if ir.IsPure(op) {
			continue
		}
		if op.Name() != "spirv.Store" || op.HasAttr("memory_access") {
			return
		}
		y, k, ok := extractedLane(op)
		e, ok2 := v.elementOf(op.Operand(0))
		if !ok || !ok2 || y != x || k != int64(len(group)) || e.variable != first.variable || !lane(e.index, first.index, k) {
			return
		}
		group = append(group, op)
		last = op
	}
	if int64(len(group)) != n {
		return
	}
	ptr := v.vectorPtr(last, first.variable, n, index)
	v.b.CreateOp("spirv.Store", last.Loc(), []*ir.Value{ptr, x}, nil)
	for _, st := range group {
		done[st] = true
		eraseDead(st)
	}
}

// extractedLane matches a store of CompositeExtract(x, [k]).
func extractedLane(s *ir.Operation) (*ir.Value, int64, bool) {
	if s.NumOperands() != 2 {
		return nil, 0, false
	}
	ex := s.Operand(1).DefiningOp()
	if ex == nil || ex.Name() != "spirv.CompositeExtract" {
		return nil, 0, false
	}
	idx, ok := ex.Attr("indices").(*ir.ArrayAttr)
	if !ok || len(idx.Elems) != 1 {
		return nil, 0, false
	}
	k, ok := idx.Elems[0].(*ir.IntegerAttr)
	if !ok {
		return nil, 0, false
	}
	return ex.Operand(0), k.Int(), true
}
