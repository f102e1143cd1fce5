package transforms

import (
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/pass"
	"github.com/kiln-gpu/kiln/spirv"
)

// UnifyAliasedResource returns the spirv-unify-aliased-resource pass.
func UnifyAliasedResource() *pass.Pass {
	return &pass.Pass{
		Name:     "SPIRVUnifyAliasedResourcePass",
		Argument: "spirv-unify-aliased-resource",
		Summary:  "Unify access of multiple aliased resources into access of one single resource",
		Run:      func(op *ir.Operation, _ *pass.Context) error { return UnifyAliasedResources(op) },
	}
}

// UnifyAliasedResources rewrites, in op (a spirv.module) or in every
// spirv.module in op, the accesses to the `aliased` runtime-array
// resources of one descriptor (set, binding) into accesses to one of them,
// as MLIR's UnifyAliasedResourcePass does for targets whose shading
// languages have no aliasing (WGSL, MSL): the canonical resource is the
// vector of the fewest bits if there is one, else the scalar of the fewest
// bits; access chains are re-indexed, loads of wider values load several
// elements and bitcast them together, loads and stores of another type of
// the same width bitcast. A descriptor whose element types do not divide
// each other (odd vectors, a scalar narrower than the vector's elements) is
// left as it is. The variables left alone at a descriptor lose `aliased`.
// An access the pass cannot rewrite (a store of a wider value, an access
// chain into a vector element of a resource re-indexed by vectors) fails
// with MLIR's "failed to legalize operation" at it, and nothing changes.
func UnifyAliasedResources(op *ir.Operation) error { return eachModule(op, unifyAliased) }

// UnifyAliasedResourcesFor is UnifyAliasedResources where targetEnv (MLIR's
// GetTargetEnvFn) says a module needs it: WebGPU, Metal, or Vulkan on an
// Apple device (MoltenVK); other modules keep their aliases.
func UnifyAliasedResourcesFor(op *ir.Operation, targetEnv func(module *ir.Operation) *spirv.TargetEnvAttr) error {
	return eachModule(op, func(m *ir.Operation) error {
		env := targetEnv(m)
		if env == nil {
			env = spirv.DefaultTargetEnv(m.Context())
		}
		apple := env.API == spirv.APIVulkan && env.Vendor == spirv.VendorApple
		if env.API != spirv.APIWebGPU && env.API != spirv.APIMetal && !apple {
			return nil
		}
		return unifyAliased(m)
	})
}

// descriptor is a (set, binding) pair.
type descriptor [2]int64

// aliasedResources lists the `aliased` variables of module with a
// descriptor, by descriptor, in module order.
func aliasedResources(module *ir.Operation) ([]descriptor, map[descriptor][]*ir.Operation) {
	var order []descriptor
	byDesc := map[descriptor][]*ir.Operation{}
	module.Walk(func(op *ir.Operation) bool {
		if op.Name() != "spirv.GlobalVariable" || !op.HasAttr("aliased") {
			return true
		}
		set, ok1 := op.Attr("descriptor_set").(*ir.IntegerAttr)
		b, ok2 := op.Attr("binding").(*ir.IntegerAttr)
		if ok1 && ok2 {
			d := descriptor{set.Int(), b.Int()}
			if byDesc[d] == nil {
				order = append(order, d)
			}
			byDesc[d] = append(byDesc[d], op)
		}
		return true
	})
	return order, byDesc
}

// runtimeArrayElem is E of `!spirv.ptr<!spirv.struct<(!spirv.rtarray<E>)>>`, or nil.
func runtimeArrayElem(t ir.Type) ir.Type {
	p, ok := t.(*spirv.PointerType)
	if !ok {
		return nil
	}
	s, ok := p.Pointee.(*spirv.StructType)
	if !ok || s.NumMembers() != 1 {
		return nil
	}
	if a, ok := s.Member(0).(*spirv.RuntimeArrayType); ok {
		return a.Elem
	}
	return nil
}

// canonicalResource is the index in types (element types, scalars or
// vectors) of the resource the others unify into (MLIR's
// deduceCanonicalResource), or -1.
func canonicalResource(types []ir.Type) int {
	var scalarBits, vectorBits []int64
	var vectorIndex []int
	for i, t := range types {
		v, ok := t.(*ir.VectorType)
		if !ok {
			scalarBits = append(scalarBits, int64(ir.IntOrFloatBitWidth(t)))
			continue
		}
		if len(v.Dims) != 1 || v.Dims[0]%2 != 0 {
			return -1 // an odd vector has its own layout rules
		}
		n, ok := spirv.SizeInBytes(t)
		if !ok {
			return -1
		}
		scalarBits = append(scalarBits, int64(ir.IntOrFloatBitWidth(v.Elem)))
		vectorBits = append(vectorBits, n*8)
		vectorIndex = append(vectorIndex, i)
	}
	divides := func(bits []int64, d int64) bool {
		for _, b := range bits {
			if d == 0 || b%d != 0 {
				return false
			}
		}
		return true
	}
	minAt := func(bits []int64) int {
		m := 0
		for i, b := range bits {
			if b < bits[m] {
				m = i
			}
		}
		return m
	}
	if len(vectorBits) > 0 {
		// The narrowest vector keeps accesses vectorized without partial
		// updates of wider ones; every element type must be a multiple of
		// its element type's width.
		m := minAt(vectorBits)
		if !divides(vectorBits, vectorBits[m]) {
			return -1
		}
		i := vectorIndex[m]
		if !divides(scalarBits, scalarBits[i]) {
			return -1
		}
		return i
	}
	m := minAt(scalarBits)
	if !divides(scalarBits, scalarBits[m]) {
		return -1
	}
	return m
}

// aliasing is the analysis of one module: its aliased variables by
// descriptor, for each variable to unify its canonical variable, and each
// aliased variable's element type.
type aliasing struct {
	module    *ir.Operation
	order     []descriptor
	byDesc    map[descriptor][]*ir.Operation
	canonical map[*ir.Operation]*ir.Operation
	elem      map[*ir.Operation]ir.Type
}

func analyzeAliasing(module *ir.Operation) *aliasing {
	a := &aliasing{module: module, canonical: map[*ir.Operation]*ir.Operation{}, elem: map[*ir.Operation]ir.Type{}}
	a.order, a.byDesc = aliasedResources(module)
	for _, d := range a.order {
		vars := a.byDesc[d]
		types := make([]ir.Type, len(vars))
		ok := true
		for i, v := range vars {
			e := runtimeArrayElem(spirv.GlobalVariableType(v))
			if _, vec := e.(*ir.VectorType); e == nil || !vec && ir.IntOrFloatBitWidth(e) == 0 {
				ok = false
				break
			}
			types[i] = e
		}
		if !ok {
			continue
		}
		c := canonicalResource(types)
		if c < 0 {
			continue
		}
		for i, v := range vars {
			a.canonical[v] = vars[c]
			a.elem[v] = types[i]
		}
	}
	return a
}

// variableOf is the variable an addressof op names, or nil.
func (a *aliasing) variableOf(op *ir.Operation) *ir.Operation {
	ref, ok := op.Attr("variable").(*ir.SymbolRefAttr)
	if !ok {
		return nil
	}
	return ir.LookupSymbol(a.module, ref.Leaf())
}

// unified reports whether op must be rewritten (MLIR's shouldUnify).
func (a *aliasing) unified(op *ir.Operation) bool {
	if op == nil {
		return false
	}
	switch op.Name() {
	case "spirv.GlobalVariable":
		c := a.canonical[op]
		return c != nil && c != op
	case "spirv.mlir.addressof":
		return a.unified(a.variableOf(op))
	case "spirv.AccessChain", "spirv.Load", "spirv.Store":
		return a.unified(op.Operand(0).DefiningOp())
	}
	return false
}

// unifier rewrites one module's accesses.
type unifier struct {
	*aliasing
	b       *ir.Builder
	newVals map[*ir.Value]*ir.Value // old pointer -> its replacement
	types   map[*ir.Value]ir.Type   // old pointer -> the type of its replacement
	dead    []*ir.Operation         // replaced pointer ops, in order
}

func unifyAliased(module *ir.Operation) error {
	a := analyzeAliasing(module)
	if len(a.canonical) > 0 {
		var ops []*ir.Operation
		module.WalkPre(func(op *ir.Operation) (bool, bool) {
			if a.unified(op) {
				ops = append(ops, op)
			}
			return true, true
		})
		u := &unifier{aliasing: a, b: ir.NewBuilder(module.Context()),
			newVals: map[*ir.Value]*ir.Value{}, types: map[*ir.Value]ir.Type{}}
		// Check every op first, so that a failure leaves the module as it
		// was (MLIR's conversion rolls back).
		for _, op := range ops {
			if err := u.check(op); err != nil {
				return err
			}
		}
		for _, op := range ops {
			u.rewrite(op)
		}
		for i := len(u.dead) - 1; i >= 0; i-- {
			op := u.dead[i]
			// Other users (where the type did not change) take the new
			// pointer.
			op.Result(0).ReplaceAllUsesWith(u.newVals[op.Result(0)])
			op.Erase()
		}
		for _, op := range ops {
			if op.Name() == "spirv.GlobalVariable" {
				op.Erase()
			}
		}
	}
	// A descriptor left with one variable, its canonical one or its only
	// one, drops `aliased`.
	for _, d := range a.order {
		vs := a.byDesc[d]
		if c := a.canonical[vs[0]]; c != nil {
			c.RemoveAttr("aliased")
		} else if len(vs) == 1 {
			vs[0].RemoveAttr("aliased")
		}
	}
	return nil
}

// illegal is the conversion driver's error for an op no pattern rewrote.
func illegal(op *ir.Operation) error {
	return op.EmitErrorf("failed to legalize operation '%s' that was explicitly marked illegal", op.Name())
}

func isScalar(t ir.Type) bool { return ir.IntOrFloatBitWidth(t) != 0 }

func sameWidthScalars(x, y ir.Type) bool {
	return isScalar(x) && isScalar(y) && ir.IntOrFloatBitWidth(x) == ir.IntOrFloatBitWidth(y)
}

func sizeOf(t ir.Type) int64 {
	n, _ := spirv.SizeInBytes(t)
	return n
}

// check makes sure rewrite can rewrite op, recording the types of the
// pointers it will make.
func (u *unifier) check(op *ir.Operation) error {
	switch op.Name() {
	case "spirv.GlobalVariable":
		return nil
	case "spirv.mlir.addressof":
		u.types[op.Result(0)] = spirv.GlobalVariableType(u.canonical[u.variableOf(op)])
		return u.checkUsers(op)
	case "spirv.AccessChain":
		base := op.Operand(0).DefiningOp()
		if base.Name() != "spirv.mlir.addressof" {
			return illegal(op)
		}
		src := u.variableOf(base)
		srcElem, dstElem := u.elem[src], u.elem[u.canonical[src]]
		_, srcVec := srcElem.(*ir.VectorType)
		_, dstVec := dstElem.(*ir.VectorType)
		n := op.NumOperands() - 1
		switch {
		case srcElem == dstElem || sameWidthScalars(srcElem, dstElem):
		case isScalar(srcElem) && dstVec:
			n++
		case isScalar(srcElem) && isScalar(dstElem), srcVec && dstVec && n == 2:
			// Only the element index scales: an index into a vector's
			// components would not.
		default:
			return illegal(op)
		}
		newBase, ok := u.types[op.Operand(0)].(*spirv.PointerType)
		if !ok {
			return illegal(op)
		}
		t := unifiedChainType(op.Context(), newBase, op.Operands()[1:], n)
		if t == nil {
			return illegal(op)
		}
		u.types[op.Result(0)] = t
		return u.checkUsers(op)
	case "spirv.Load":
		ptr, ok := u.types[op.Operand(0)].(*spirv.PointerType)
		if !ok {
			return illegal(op)
		}
		src, dst := op.Result(0).Type(), ptr.Pointee
		if src == dst || sameWidthScalars(src, dst) {
			return nil
		}
		_, srcVec := src.(*ir.VectorType)
		_, dstVec := dst.(*ir.VectorType)
		if !(isScalar(src) && isScalar(dst)) && !(srcVec && dstVec) {
			return illegal(op)
		}
		s, d := sizeOf(src), sizeOf(dst)
		if d == 0 || s <= d || s%d != 0 || s/d > 4 || op.Operand(0).DefiningOp().Name() != "spirv.AccessChain" {
			return illegal(op)
		}
		return nil
	case "spirv.Store":
		ptr, ok := u.types[op.Operand(0)].(*spirv.PointerType)
		if !ok || !sameWidthScalars(op.Operand(1).Type(), ptr.Pointee) {
			return illegal(op)
		}
	}
	return nil
}

// checkUsers fails on a use of op's pointer, if its type changes, that
// the pass does not rewrite.
func (u *unifier) checkUsers(op *ir.Operation) error {
	if u.types[op.Result(0)] == op.Result(0).Type() {
		return nil
	}
	for use := range op.Result(0).Uses() {
		user := use.Owner()
		switch user.Name() {
		case "spirv.AccessChain", "spirv.Load", "spirv.Store":
			if use.Index() == 0 {
				continue
			}
		}
		return user.Errorf("uses aliased resource @%s, whose unified type spirv-unify-aliased-resource cannot give this use",
			ir.SymbolName(u.rootVariable(op)))
	}
	return nil
}

// rootVariable is the variable a pointer op's chain starts from.
func (u *unifier) rootVariable(op *ir.Operation) *ir.Operation {
	for op.Name() == "spirv.AccessChain" {
		op = op.Operand(0).DefiningOp()
	}
	return u.variableOf(op)
}

// unifiedChainType is the pointer type an access chain from base with n indices
// (the first of them the constant indices given) has, or nil.
func unifiedChainType(ctx *ir.Context, base *spirv.PointerType, indices []*ir.Value, n int) *spirv.PointerType {
	t := base.Pointee
	for i := range n {
		var index int64
		if _, ok := t.(*spirv.StructType); ok {
			if i >= len(indices) {
				return nil
			}
			c, ok := spirv.ConstantValue(indices[i]).(*ir.IntegerAttr)
			if !ok {
				return nil
			}
			index = c.Int()
		}
		if t = spirv.ElementType(t, index); t == nil {
			return nil
		}
	}
	return spirv.Pointer(ctx, t, base.StorageClass)
}

// rewrite rewrites op, which check accepted, with new ops before it.
func (u *unifier) rewrite(op *ir.Operation) {
	ctx, loc := op.Context(), op.Loc()
	b := u.b
	b.SetInsertionPointBefore(op)
	switch op.Name() {
	case "spirv.mlir.addressof":
		c := u.canonical[u.variableOf(op)]
		u.replacePointer(op, b.CreateOp(op.Name(), loc, nil, []ir.Type{spirv.GlobalVariableType(c)},
			ir.NamedAttr{Name: "variable", Value: ctx.SymbolRef(ir.SymbolName(c))}).Result(0))
	case "spirv.AccessChain":
		src := u.variableOf(op.Operand(0).DefiningOp())
		srcElem, dstElem := u.elem[src], u.elem[u.canonical[src]]
		indices := append([]*ir.Value(nil), op.Operands()[1:]...)
		if srcElem != dstElem && !sameWidthScalars(srcElem, dstElem) {
			last := indices[len(indices)-1]
			it := last.Type()
			if _, dstVec := dstElem.(*ir.VectorType); isScalar(srcElem) && dstVec {
				// One index for the vector, one inside it.
				ratio := spirv.NewConstant(b, ctx.IntegerAttr(it, sizeOf(dstElem)/sizeOf(srcElem)), it, loc)
				indices[len(indices)-1] = b.CreateOp("spirv.SDiv", loc, []*ir.Value{last, ratio}, []ir.Type{it}).Result(0)
				indices = append(indices, b.CreateOp("spirv.SMod", loc, []*ir.Value{last, ratio}, []ir.Type{it}).Result(0))
			} else {
				ratio := spirv.NewConstant(b, ctx.IntegerAttr(it, sizeOf(srcElem)/sizeOf(dstElem)), it, loc)
				indices[len(indices)-1] = b.CreateOp("spirv.IMul", loc, []*ir.Value{last, ratio}, []ir.Type{it}).Result(0)
			}
		}
		u.replacePointer(op, b.CreateOp(op.Name(), loc, append([]*ir.Value{u.newVals[op.Operand(0)]}, indices...),
			[]ir.Type{u.types[op.Result(0)]}).Result(0))
	case "spirv.Load":
		op.Result(0).ReplaceAllUsesWith(u.load(op))
		op.Erase()
	case "spirv.Store":
		ptr := u.newVals[op.Operand(0)]
		v := op.Operand(1)
		if dst := u.types[op.Operand(0)].(*spirv.PointerType).Pointee; dst != v.Type() {
			v = b.CreateOp("spirv.Bitcast", loc, []*ir.Value{v}, []ir.Type{dst}).Result(0)
		}
		b.CreateOp(op.Name(), loc, []*ir.Value{ptr, v}, nil, op.Attrs()...)
		op.Erase()
	}
}

// replacePointer records v as the replacement of op's pointer.
func (u *unifier) replacePointer(op *ir.Operation, v *ir.Value) {
	u.newVals[op.Result(0)] = v
	u.dead = append(u.dead, op)
}

// load rewrites a load through a unified pointer and returns the value of
// the loaded type: a load, a bitcast of one, or the consecutive elements
// that make up a wider value, loaded, put together and bitcast.
func (u *unifier) load(op *ir.Operation) *ir.Value {
	ctx, loc, b := op.Context(), op.Loc(), u.b
	ptr := u.newVals[op.Operand(0)]
	src := op.Result(0).Type()
	dst := ptr.Type().(*spirv.PointerType).Pointee
	if src == dst {
		// The same load: keep its memory access attributes.
		return b.CreateOp(op.Name(), loc, []*ir.Value{ptr}, []ir.Type{dst}, op.Attrs()...).Result(0)
	}
	first := b.CreateOp(op.Name(), loc, []*ir.Value{ptr}, []ir.Type{dst}).Result(0)
	if sameWidthScalars(src, dst) {
		return b.CreateOp("spirv.Bitcast", loc, []*ir.Value{first}, []ir.Type{src}).Result(0)
	}
	ratio := sizeOf(src) / sizeOf(dst)
	comps := []*ir.Value{first}
	chain := ptr.DefiningOp()
	indices := append([]*ir.Value(nil), chain.Operands()[1:]...)
	it := indices[len(indices)-1].Type()
	one := spirv.NewConstant(b, ctx.IntegerAttr(it, 1), it, loc)
	for range ratio - 1 {
		// Little endian: the lower-numbered components hold the
		// lower-order bits.
		indices[len(indices)-1] = b.CreateOp("spirv.IAdd", loc, []*ir.Value{indices[len(indices)-1], one}, []ir.Type{it}).Result(0)
		p := b.CreateOp(chain.Name(), loc, append([]*ir.Value{chain.Operand(0)}, indices...), []ir.Type{ptr.Type()}).Result(0)
		comps = append(comps, b.CreateOp(op.Name(), loc, []*ir.Value{p}, []ir.Type{dst}).Result(0))
	}
	vt := src
	sv, srcVec := src.(*ir.VectorType)
	if !srcVec {
		vt = ctx.Vector([]int64{ratio}, dst)
	} else if dv := dst.(*ir.VectorType); sv.Elem != dv.Elem {
		// The parts must have the element type of the whole.
		var ct ir.Type = sv.Elem
		if n := sizeOf(dst) / sizeOf(sv.Elem); n > 1 {
			ct = ctx.Vector([]int64{n}, sv.Elem)
		}
		for i, c := range comps {
			comps[i] = b.CreateOp("spirv.Bitcast", loc, []*ir.Value{c}, []ir.Type{ct}).Result(0)
		}
	}
	v := b.CreateOp("spirv.CompositeConstruct", loc, comps, []ir.Type{vt}).Result(0)
	if !srcVec {
		v = b.CreateOp("spirv.Bitcast", loc, []*ir.Value{v}, []ir.Type{src}).Result(0)
	}
	return v
}
