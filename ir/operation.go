package ir

import (
	"iter"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"unsafe"
)

// Operation is the one generic IR node: a name, operands, results,
// attributes (inherent properties and discardable attributes), successors,
// regions and a location. Dialect ops are Operations whose OpDef gives them
// meaning; typed views (type AddI struct{ *ir.Operation }) name the parts.
type Operation struct {
	// What a walk reads comes first, to share a cache line.
	info       *opInfo
	block      *Block
	prev, next *Operation
	rare       *opRare // nil unless the op has successors, regions or discardable attributes

	// nres and nops are the numbers of results and operands (see results
	// and uses). Most ops keep both in their own allocation, after the op
	// (MLIR's trailing storage), so that no pointer to them is needed:
	// inlineRes says the results are there, inline how many operands fit
	// after them. Other ops keep them in rare.
	nres      int32
	order     int32 // position in block, valid while block.orderValid
	nops      int32
	inline    uint8
	inlineRes bool
	// props are the inherent attributes (MLIR properties), sorted by name.
	// A list is never changed once an op has it, so ops share lists (see
	// setProps), and a pointer is 16 bytes less than a slice in every op.
	props *[]NamedAttr
	loc   Location
}

// opInfo holds what all ops of one name in a context share.
type opInfo struct {
	ctx  *Context
	name string
	def  *OpDef // nil when unregistered
	// dialect is name's part before the first '.', which verifiers ask for
	// op by op.
	dialect string
	// lastProps is the shared property list an op of this name got last:
	// ops of one name mostly have the same, which a compare finds
	// without building and hashing the list's key.
	lastProps atomic.Pointer[[]NamedAttr]
}

func newOpInfo(c *Context, name string, def *OpDef) *opInfo {
	info := &opInfo{ctx: c, name: name, def: def}
	if i := strings.IndexByte(name, '.'); i >= 0 {
		info.dialect = name[:i]
	}
	return info
}

// opRare holds what few ops have, out of the Operation struct that every
// op pays for.
type opRare struct {
	results    []Value     // when the op has no room for them inline
	operands   []OpOperand // likewise
	successors []*Block
	regions    []*Region
	attrs      []NamedAttr // discardable attributes
	// syms is a symbol table op's lookup cache, read without a lock by
	// lookups from several goroutines and replaced whole, under symMu,
	// when it is stale.
	syms  atomic.Pointer[map[string]*Operation]
	symMu sync.Mutex
}

// regs returns the op's regions.
func (op *Operation) regs() []*Region {
	if op.rare == nil {
		return nil
	}
	return op.rare.regions
}

// discardable returns the op's discardable attributes.
func (op *Operation) discardable() []NamedAttr {
	if op.rare == nil {
		return nil
	}
	return op.rare.attrs
}

// rareFields returns op.rare, made when the op has none.
func (op *Operation) rareFields() *opRare {
	if op.rare == nil {
		op.rare = &opRare{}
	}
	return op.rare
}

// succs returns the op's successors.
func (op *Operation) succs() []*Block {
	if op.rare == nil {
		return nil
	}
	return op.rare.successors
}

// OpState describes an operation to create.
type OpState struct {
	Name        string
	Loc         Location
	Operands    []*Value
	ResultTypes []Type
	// Attrs holds all attributes; those the op's definition names as
	// inherent are stored as properties, unless given in Props already.
	Attrs      []NamedAttr
	Props      []NamedAttr
	Successors []*Block
	Regions    []*Region // taken over by the new op
	info       *opInfo   // Name's, when the parser has looked it up
}

// AddRegion appends an empty region to the state and returns it.
func (s *OpState) AddRegion() *Region {
	r := &Region{}
	s.Regions = append(s.Regions, r)
	return r
}

// AddAttr appends an attribute.
func (s *OpState) AddAttr(name string, v Attribute) { s.Attrs = append(s.Attrs, NamedAttr{name, v}) }

// NewOp creates a detached operation from a state.
func (c *Context) NewOp(st *OpState) *Operation {
	info := st.info
	if info == nil || info.name != st.Name {
		info = c.opInfo(st.Name)
	}
	op := c.buildOp(info, st.Loc, st.Operands, st.ResultTypes, st.Props, st.Attrs)
	if len(st.Successors) > 0 || len(st.Regions) > 0 {
		r := op.rareFields()
		r.successors, r.regions = append([]*Block(nil), st.Successors...), st.Regions
		for _, r := range st.Regions {
			r.parent = op
		}
	}
	return op
}

// buildOp makes an op without successors or regions, for NewOp and
// Builder.CreateOp: props are properties already, attrs are split by name.
// A registered op's info has the canonical spelling (spv.X -> spirv.X).
func (c *Context) buildOp(info *opInfo, loc Location, operands []*Value, resultTypes []Type, props, attrs []NamedAttr) *Operation {
	op := newOp(info, loc, operands, resultTypes)
	if op.loc == nil {
		op.loc = c.UnknownLoc()
	}
	inherent := func(name string) bool { return op.info.def != nil && op.info.def.isInherent(name) }
	nProps, nAttrs := len(props), 0
	var one NamedAttr
	if nProps == 1 {
		one = props[0]
	}
	for _, a := range attrs {
		if inherent(a.Name) {
			nProps++
			one = a
		} else {
			nAttrs++
		}
	}
	// Arrays sized for all: no growing by appends. (For one, the first
	// append allocates no more.)
	if nAttrs > 1 {
		op.rareFields().attrs = make([]NamedAttr, 0, nAttrs)
	}
	if nProps == 1 && (len(props) == 0 || GetAttr(attrs, one.Name) == nil) {
		// The usual case, without a list to build and drop.
		op.props = op.info.sharedProps([]NamedAttr{one})
		for _, a := range attrs {
			if !inherent(a.Name) {
				setSorted(&op.rareFields().attrs, a.Name, a.Value)
			}
		}
		return op
	}
	if nProps <= maxSharedProps {
		// Built on the stack: the shared list is a copy.
		var buf [maxSharedProps]NamedAttr
		op.props = op.info.sharedProps(op.splitAttrs(buf[:0], props, attrs))
		return op
	}
	list := op.splitAttrs(make([]NamedAttr, 0, nProps), props, attrs)
	op.props = &list
	return op
}

// splitAttrs returns list with props and the inherent attrs added, sorted,
// and adds the other attrs to the op's discardable ones.
func (op *Operation) splitAttrs(list, props, attrs []NamedAttr) []NamedAttr {
	for _, a := range props {
		list = withSorted(list, a.Name, a.Value)
	}
	for _, a := range attrs {
		if op.info.def != nil && op.info.def.isInherent(a.Name) || GetAttr(list, a.Name) != nil {
			list = withSorted(list, a.Name, a.Value)
		} else {
			setSorted(&op.rareFields().attrs, a.Name, a.Value)
		}
	}
	return list
}

// setProps gives op the property list, which no one else holds.
func (op *Operation) setProps(list []NamedAttr) {
	switch {
	case len(list) == 0:
		op.props = nil
	case len(list) <= maxSharedProps:
		op.props = op.info.sharedProps(list)
	default:
		op.props = &list
	}
}

// maxSharedProps bounds the property lists that ops share. Short lists
// repeat: most float ops have just arith's fastmath<none>, each cmpf of a
// kernel the same predicate and fastmath.
const maxSharedProps = 4

// propList is a property list shared by the ops that have the same: one
// list for all, where each would otherwise have its own.
type propList struct {
	Storage
	list []NamedAttr
}

// sharedProps returns the shared copy of a sorted property list.
func (c *Context) sharedProps(list []NamedAttr) *[]NamedAttr {
	var buf [128]byte
	key := append(buf[:0], "props\x00"...)
	for _, a := range list {
		key = appendKeyObj(appendKeyStr(key, a.Name), a.Value)
	}
	l := uniqueBytes(c, key, func() *propList {
		return &propList{list: slices.Clone(list)}
	})
	return &l.list
}

// sharedProps is Context.sharedProps, first trying the list an op of
// this name got last.
func (info *opInfo) sharedProps(list []NamedAttr) *[]NamedAttr {
	if l := info.lastProps.Load(); l != nil && sameProps(*l, list) {
		return l
	}
	l := info.ctx.sharedProps(list)
	info.lastProps.Store(l)
	return l
}

// sameProps reports whether two property lists have the same key in
// sharedProps.
func sameProps(a, b []NamedAttr) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Name != b[i].Name || a[i].Value == nil || b[i].Value == nil || a[i].Value.uniqueID() != b[i].Value.uniqueID() {
			return false
		}
	}
	return true
}

// propList returns the op's properties.
func (op *Operation) propList() []NamedAttr {
	if op.props == nil {
		return nil
	}
	return *op.props
}

// newOp returns an op with its operands linked and its results typed, for
// buildOp and Clone to complete. It takes the lists as arguments rather than
// in an OpState so that callers' small stack arrays stay on the stack.
func newOp(info *opInfo, loc Location, operands []*Value, resultTypes []Type) *Operation {
	// Fields are set one by one on the zero op: a whole Operation built
	// and copied in stalled on store forwarding (most of newOp's time).
	op := allocOp(len(operands), len(resultTypes))
	op.info, op.loc = info, loc
	uses := op.uses()
	for i, v := range operands {
		uses[i].owner = op
		uses[i].link(v)
	}
	res := op.results()
	for i, t := range resultTypes {
		res[i].typ, res[i].def = t, unsafe.Pointer(op)
	}
	return op
}

// Most ops have at most one result and a few operands: allocating them
// with the op in one object saves two allocations per op.
type (
	opWith1x0 struct {
		op  Operation
		res [1]Value
	}
	opWith1x1 struct {
		op  Operation
		res [1]Value
		use [1]OpOperand
	}
	opWith1x2 struct {
		op  Operation
		res [1]Value
		use [2]OpOperand
	}
	opWith1x3 struct {
		op  Operation
		res [1]Value
		use [3]OpOperand
	}
)

// Where an opWith1xN's results and operands start, from its op.
const (
	inlineResults = unsafe.Offsetof(opWith1x1{}.res)
	inlineUses    = unsafe.Offsetof(opWith1x1{}.use)
)

// allocOp returns a zero op with the given numbers of operands and results.
func allocOp(operands, results int) *Operation {
	var op *Operation
	switch {
	case results == 0 && operands == 0:
		return &Operation{}
	case results == 1 && operands == 0:
		op = &(&opWith1x0{}).op
	case results <= 1 && operands <= 1:
		op = &(&opWith1x1{}).op
		op.inline = 1
	case results <= 1 && operands == 2:
		op = &(&opWith1x2{}).op
		op.inline = 2
	case results <= 1 && operands <= 3:
		op = &(&opWith1x3{}).op
		op.inline = 3
	default:
		op = &Operation{}
		if operands > 0 {
			op.rareFields().operands = make([]OpOperand, operands)
		}
		if results > 0 {
			op.rareFields().results = make([]Value, results)
		}
	}
	op.inlineRes = op.rare == nil
	op.nres, op.nops = int32(results), int32(operands)
	return op
}

// uses returns the op's operands.
func (op *Operation) uses() []OpOperand {
	if op.inline == 0 {
		if op.rare == nil {
			return nil
		}
		return op.rare.operands
	}
	// The op is the first field of an opWith1xN, whose use array follows.
	return unsafe.Slice((*OpOperand)(unsafe.Add(unsafe.Pointer(op), inlineUses)), op.nops)
}

// results returns the op's results.
func (op *Operation) results() []Value {
	if !op.inlineRes {
		if op.rare == nil {
			return nil
		}
		return op.rare.results
	}
	// The op is the first field of an opWith1xN, whose result follows.
	return unsafe.Slice((*Value)(unsafe.Add(unsafe.Pointer(op), inlineResults)), op.nres)
}

// Context returns the op's context.
func (op *Operation) Context() *Context { return op.info.ctx }

// Name returns the full op name, e.g. "arith.addi".
func (op *Operation) Name() string { return op.info.name }

// Def returns the op's definition, or nil when unregistered.
func (op *Operation) Def() *OpDef { return op.info.def }

// IsRegistered reports whether the op has a definition.
func (op *Operation) IsRegistered() bool { return op.info.def != nil }

// DialectName returns the namespace part of the name.
func (op *Operation) DialectName() string { return op.info.dialect }

// HasTrait reports whether the op has all the given traits (its
// definition's, the effect traits as its Effects gives them for this op).
func (op *Operation) HasTrait(t Trait) bool { return op.info.def != nil && op.traits()&t == t }

// Loc returns the op's location.
func (op *Operation) Loc() Location { return op.loc }

// SetLoc sets the op's location.
func (op *Operation) SetLoc(l Location) { op.loc = l }

// NumOperands returns the number of operands.
func (op *Operation) NumOperands() int { return int(op.nops) }

// Operand returns operand i.
func (op *Operation) Operand(i int) *Value { return op.uses()[i].value }

// OpOperand returns the use for operand i.
func (op *Operation) OpOperand(i int) *OpOperand { return &op.uses()[i] }

// Operands returns the operand values (a fresh slice).
func (op *Operation) Operands() []*Value {
	uses := op.uses()
	vs := make([]*Value, len(uses))
	for i := range uses {
		vs[i] = uses[i].value
	}
	return vs
}

// SetOperand makes operand i use v.
func (op *Operation) SetOperand(i int, v *Value) { op.uses()[i].Set(v) }

// SetOperands replaces the whole operand list.
func (op *Operation) SetOperands(vs []*Value) {
	old := op.uses()
	for i := range old {
		old[i].unlink()
	}
	clear(old)
	if len(vs) > int(op.inline) {
		op.inline = 0
		op.rareFields().operands = make([]OpOperand, len(vs))
	} else if op.rare != nil {
		op.rare.operands = nil
	}
	op.nops = int32(len(vs))
	uses := op.uses()
	for i, v := range vs {
		uses[i].owner = op
		uses[i].link(v)
	}
}

// NumResults returns the number of results.
func (op *Operation) NumResults() int { return len(op.results()) }

// Result returns result i.
func (op *Operation) Result(i int) *Value { return &op.results()[i] }

// Results returns the result values (a fresh slice).
func (op *Operation) Results() []*Value {
	vs := make([]*Value, len(op.results()))
	for i := range op.results() {
		vs[i] = &op.results()[i]
	}
	return vs
}

// ResultTypes returns the result types.
func (op *Operation) ResultTypes() []Type {
	ts := make([]Type, len(op.results()))
	for i := range op.results() {
		ts[i] = op.results()[i].typ
	}
	return ts
}

// OperandTypes returns the operand types.
func (op *Operation) OperandTypes() []Type {
	uses := op.uses()
	ts := make([]Type, len(uses))
	for i := range uses {
		ts[i] = uses[i].value.typ
	}
	return ts
}

// HasResultUses reports whether any result is used.
func (op *Operation) HasResultUses() bool {
	for i := range op.results() {
		if op.results()[i].uses != nil {
			return true
		}
	}
	return false
}

// ReplaceAllUsesWith replaces each result's uses with the matching value.
func (op *Operation) ReplaceAllUsesWith(vs []*Value) {
	for i := range op.results() {
		op.results()[i].ReplaceAllUsesWith(vs[i])
	}
}

// Props returns the inherent attributes (properties).
func (op *Operation) Props() []NamedAttr {
	props := op.propList()
	return props[:len(props):len(props)]
}

// DiscardableAttrs returns the discardable attributes.
func (op *Operation) DiscardableAttrs() []NamedAttr { return op.discardable() }

// Attrs returns all attributes, properties first.
func (op *Operation) Attrs() []NamedAttr {
	props, attrs := op.propList(), op.discardable()
	switch {
	case len(props) == 0:
		return attrs[:len(attrs):len(attrs)] // an append copies
	case len(attrs) == 0:
		return props[:len(props):len(props)]
	}
	out := make([]NamedAttr, 0, len(props)+len(attrs))
	return append(append(out, props...), attrs...)
}

// Attr returns the named attribute (inherent or discardable), or nil.
func (op *Operation) Attr(name string) Attribute {
	if a := GetAttr(op.propList(), name); a != nil {
		return a
	}
	return GetAttr(op.discardable(), name)
}

// HasAttr reports whether the op has the named attribute.
func (op *Operation) HasAttr(name string) bool { return op.Attr(name) != nil }

// SetAttr sets an attribute; names the definition declares inherent become properties.
func (op *Operation) SetAttr(name string, v Attribute) {
	if props := op.propList(); op.info.def != nil && op.info.def.isInherent(name) || GetAttr(props, name) != nil {
		list := append(make([]NamedAttr, 0, len(props)+1), props...) // never changed in place
		setSorted(&list, name, v)
		op.setProps(list)
		return
	}
	setSorted(&op.rareFields().attrs, name, v)
}

// setSorted sets name in a list kept sorted by name, as MLIR's attribute
// dictionaries are.
func setSorted(list *[]NamedAttr, name string, v Attribute) { *list = withSorted(*list, name, v) }

// withSorted is setSorted returning the list, which may then live on the
// caller's stack.
func withSorted(list []NamedAttr, name string, v Attribute) []NamedAttr {
	i := 0
	for i < len(list) && list[i].Name < name {
		i++
	}
	if i < len(list) && list[i].Name == name {
		list[i].Value = v
		return list
	}
	list = append(list, NamedAttr{})
	copy(list[i+1:], list[i:])
	list[i] = NamedAttr{name, v}
	return list
}

// RemoveAttr removes an attribute and reports whether it was present.
func (op *Operation) RemoveAttr(name string) bool {
	props := op.propList()
	for i := range props {
		if props[i].Name == name {
			op.setProps(append(props[:i:i], props[i+1:]...))
			return true
		}
	}
	if op.rare == nil {
		return false
	}
	list := &op.rare.attrs
	for i := range *list {
		if (*list)[i].Name == name {
			*list = append((*list)[:i:i], (*list)[i+1:]...)
			return true
		}
	}
	return false
}

// NumSuccessors returns the number of successor blocks.
func (op *Operation) NumSuccessors() int { return len(op.succs()) }

// Successor returns successor i.
func (op *Operation) Successor(i int) *Block { return op.succs()[i] }

// Successors returns the successor blocks.
func (op *Operation) Successors() []*Block { return op.succs() }

// SetSuccessor replaces successor i.
func (op *Operation) SetSuccessor(i int, b *Block) { op.rare.successors[i] = b }

// SuccessorOperands returns the operand range [start, start+n) forwarded to
// successor i, as the op's definition describes it.
func (op *Operation) SuccessorOperands(i int) (start, n int) {
	if op.info.def != nil && op.info.def.SuccessorOperands != nil {
		return op.info.def.SuccessorOperands(op, i)
	}
	return 0, 0
}

// SetSuccessorOperands replaces the operands forwarded to successor i and
// reports whether the op's definition allows it.
func (op *Operation) SetSuccessorOperands(i int, vals []*Value) bool {
	if op.info.def == nil || op.info.def.SetSuccessorOperands == nil {
		return false
	}
	op.info.def.SetSuccessorOperands(op, i, vals)
	return true
}

// CanSetSuccessorOperands reports whether SetSuccessorOperands works on op.
func (op *Operation) CanSetSuccessorOperands() bool {
	return op.info.def != nil && op.info.def.SetSuccessorOperands != nil
}

// NumRegions returns the number of regions.
func (op *Operation) NumRegions() int { return len(op.regs()) }

// Region returns region i.
func (op *Operation) Region(i int) *Region { return op.regs()[i] }

// Regions returns the regions.
func (op *Operation) Regions() []*Region { return op.regs() }

// Block returns the block that contains the op, or nil.
func (op *Operation) Block() *Block { return op.block }

// ParentRegion returns the region that contains the op, or nil.
func (op *Operation) ParentRegion() *Region {
	if op.block == nil {
		return nil
	}
	return op.block.parent
}

// ParentOp returns the op whose region contains this op, or nil.
func (op *Operation) ParentOp() *Operation {
	if r := op.ParentRegion(); r != nil {
		return r.parent
	}
	return nil
}

// ParentOfName returns the closest ancestor with the given name, or nil.
func (op *Operation) ParentOfName(name string) *Operation {
	for p := op.ParentOp(); p != nil; p = p.ParentOp() {
		if p.info.name == name {
			return p
		}
	}
	return nil
}

// IsAncestorOf reports whether op is other or contains it.
func (op *Operation) IsAncestorOf(other *Operation) bool {
	for o := other; o != nil; o = o.ParentOp() {
		if o == op {
			return true
		}
	}
	return false
}

// NextOp returns the following op in the block, or nil.
func (op *Operation) NextOp() *Operation { return op.next }

// PrevOp returns the preceding op in the block, or nil.
func (op *Operation) PrevOp() *Operation { return op.prev }

// IsBeforeInBlock reports whether op comes before other in their common block.
func (op *Operation) IsBeforeInBlock(other *Operation) bool {
	b := op.block
	if !b.orderValid {
		b.renumber()
	}
	return op.order < other.order
}

// Remove unlinks the op from its block without destroying it.
func (op *Operation) Remove() {
	if op.block != nil {
		op.block.unlinkOp(op)
	}
}

// MoveBefore moves the op before another op (possibly in another block).
func (op *Operation) MoveBefore(other *Operation) {
	op.Remove()
	other.block.insertBefore(op, other)
}

// MoveAfter moves the op after another op.
func (op *Operation) MoveAfter(other *Operation) {
	op.Remove()
	other.block.insertBefore(op, other.next)
}

// DropAllReferences drops the op's operand uses and successors, and those
// of all ops nested in it, so that a group of ops can be erased in any order.
func (op *Operation) DropAllReferences() {
	uses := op.uses()
	for i := range uses {
		uses[i].unlink()
	}
	if op.rare != nil {
		op.rare.successors = op.rare.successors[:0]
	}
	for _, r := range op.regs() {
		for b := r.first; b != nil; b = b.next {
			for o := b.first; o != nil; o = o.next {
				o.DropAllReferences()
			}
		}
	}
}

// Erase removes the op from its block and destroys it with its regions.
// Its results must have no uses left outside the op.
func (op *Operation) Erase() {
	op.DropAllReferences()
	for i := range op.results() {
		if op.results()[i].uses != nil {
			panic("ir: erasing " + op.info.name + " whose result still has uses")
		}
	}
	op.Remove()
}

// Walk visits op and every nested op in post-order (nested ops first). The
// visited op may be erased by fn. Returning false from fn stops the walk.
func (op *Operation) Walk(fn func(*Operation) bool) bool {
	for _, r := range op.regs() {
		if !r.Walk(fn) {
			return false
		}
	}
	return fn(op)
}

// WalkPre visits op and every nested op in pre-order. fn returns whether to
// descend into the op's regions and whether to continue at all.
func (op *Operation) WalkPre(fn func(*Operation) (descend, cont bool)) bool {
	descend, cont := fn(op)
	if !cont {
		return false
	}
	if descend {
		for _, r := range op.regs() {
			for b := r.first; b != nil; b = b.next {
				for o := b.first; o != nil; {
					next := o.next
					if !o.WalkPre(fn) {
						return false
					}
					o = next
				}
			}
		}
	}
	return true
}

// Ops iterates over all ops nested in op (not op itself), in pre-order.
func (op *Operation) Ops() iter.Seq[*Operation] {
	return func(yield func(*Operation) bool) {
		for _, r := range op.regs() {
			for b := r.first; b != nil; b = b.next {
				for o := b.first; o != nil; o = o.next {
					if !yield(o) {
						return
					}
					for n := range o.Ops() {
						if !yield(n) {
							return
						}
					}
				}
			}
		}
	}
}
