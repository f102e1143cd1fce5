package ir

import "slices"

// Listener is told about changes a Builder or Rewriter makes, so a driver
// can keep its worklist current.
type Listener interface {
	OpInserted(op *Operation)
	OpErased(op *Operation) // before the op is destroyed
	OpModified(op *Operation)
	OpReplaced(op *Operation, with []*Value) // before uses are replaced
}

// Builder creates operations at an insertion point.
type Builder struct {
	ctx      *Context
	block    *Block
	before   *Operation // insert before this op; nil: at the end of block
	Listener Listener
}

// NewBuilder returns a builder with no insertion point.
func NewBuilder(ctx *Context) *Builder { return &Builder{ctx: ctx} }

// Context returns the builder's context.
func (b *Builder) Context() *Context { return b.ctx }

// SetInsertionPointBefore inserts before op from now on.
func (b *Builder) SetInsertionPointBefore(op *Operation) { b.block, b.before = op.block, op }

// SetInsertionPointAfter inserts after op from now on.
func (b *Builder) SetInsertionPointAfter(op *Operation) { b.block, b.before = op.block, op.next }

// SetInsertionPointToStart inserts at the start of blk.
func (b *Builder) SetInsertionPointToStart(blk *Block) { b.block, b.before = blk, blk.first }

// SetInsertionPointToEnd inserts at the end of blk.
func (b *Builder) SetInsertionPointToEnd(blk *Block) { b.block, b.before = blk, nil }

// InsertionBlock returns the current block, or nil.
func (b *Builder) InsertionBlock() *Block { return b.block }

// InsertionPoint returns the block and the op before which ops are inserted.
func (b *Builder) InsertionPoint() (*Block, *Operation) { return b.block, b.before }

// RestoreInsertionPoint sets a point saved with InsertionPoint.
func (b *Builder) RestoreInsertionPoint(blk *Block, before *Operation) {
	b.block, b.before = blk, before
}

// Insert places a detached op at the insertion point.
func (b *Builder) Insert(op *Operation) *Operation {
	if b.block != nil {
		b.block.insertBefore(op, b.before)
	}
	if b.Listener != nil {
		b.Listener.OpInserted(op)
		op.Walk(func(n *Operation) bool {
			if n != op {
				b.Listener.OpInserted(n)
			}
			return true
		})
	}
	return op
}

// Create builds an op from a state and inserts it.
func (b *Builder) Create(st *OpState) *Operation { return b.Insert(b.ctx.NewOp(st)) }

// CreateOp builds an op with no successors or regions from its parts and
// inserts it: Create without an OpState. Lists passed apart can stay in
// the caller's stack arrays, where a state's go to the heap with it (the
// state's location is kept, and Go's escape analysis does not tell one
// field of a struct from another), so hot paths that make many small ops
// use this.
func (b *Builder) CreateOp(name string, loc Location, operands []*Value, resultTypes []Type, attrs ...NamedAttr) *Operation {
	return b.Insert(b.ctx.buildOp(b.ctx.createdInfo(name), loc, operands, resultTypes, nil, attrs))
}

// CreateOrFold builds op name like CreateOp and tries its folder, as
// MLIR's OpBuilder::createOrFold. When the fold replaces the op, the op is
// erased, never announced to the listener, and the values it folded to are
// returned: constants are materialized through the op's dialect at the
// insertion point, at loc. Otherwise the op stays and its results are
// returned.
func (b *Builder) CreateOrFold(name string, loc Location, operands []*Value, resultTypes []Type, attrs ...NamedAttr) []*Value {
	op := b.ctx.buildOp(b.ctx.createdInfo(name), loc, operands, resultTypes, nil, attrs)
	if b.block != nil {
		b.block.insertBefore(op, b.before)
	}
	if vals, ok := b.TryFold(op, nil); ok && len(vals) > 0 {
		op.Erase()
		return vals
	}
	if b.Listener != nil {
		b.Listener.OpInserted(op)
	}
	return op.Results()
}

// FoldConfig adapts TryFold to a caller; nil or the zero value is MLIR's
// OpBuilder::tryFold.
type FoldConfig struct {
	// Constant returns the constant attribute of operand v, or nil.
	// Nil: ConstantAttr of v's defining op.
	Constant func(v *Value) Attribute
	// Materialize returns a constant op of type t holding value, for a
	// result of op, and whether it made the op now (a made op is erased
	// again when the fold cannot complete); nil when it cannot. Nil:
	// MaterializeConstant through op's dialect at the builder's insertion
	// point, at op's location.
	Materialize func(b *Builder, op *Operation, value Attribute, t Type) (c *Operation, made bool)
}

// TryFold runs op's folder, as MLIR's OpBuilder::tryFold, and leaves op in
// place. It reports false when op is constant-like, has no folder, or the
// folder fails or gives values that cannot replace op's results; true and
// no values when op folded in place; else true and the values for op's
// results, the constants among them materialized as cfg says.
func (b *Builder) TryFold(op *Operation, cfg *FoldConfig) ([]*Value, bool) {
	def := op.Def()
	if def == nil || def.Fold == nil || op.HasTrait(ConstantLike) {
		return nil, false
	}
	if cfg == nil {
		cfg = &FoldConfig{}
	}
	operands := make([]Attribute, op.NumOperands())
	for i := range operands {
		v := op.Operand(i)
		switch {
		case v == nil:
		case cfg.Constant != nil:
			operands[i] = cfg.Constant(v)
		default:
			operands[i] = ConstantAttr(v.DefiningOp())
		}
	}
	results, ok := def.Fold(op, operands)
	if !ok {
		return nil, false
	}
	if len(results) == 0 {
		return nil, true
	}
	if len(results) != op.NumResults() {
		return nil, false
	}
	vals := make([]*Value, len(results))
	var made []*Operation
	for i, r := range results {
		res := op.Result(i)
		var c *Operation
		switch {
		case r.Value != nil:
			if r.Value != res && r.Value.Type() == res.Type() {
				vals[i] = r.Value
				continue
			}
		case r.Attr != nil && cfg.Materialize != nil:
			var isNew bool
			if c, isNew = cfg.Materialize(b, op, r.Attr, res.Type()); c != nil && isNew {
				made = append(made, c)
			}
		case r.Attr != nil:
			if c = MaterializeConstant(b, def.Dialect(), r.Attr, res.Type(), op.Loc()); c != nil {
				made = append(made, c)
			}
		}
		if c == nil {
			for _, c := range made {
				if !c.HasResultUses() {
					b.erase(c)
				}
			}
			return nil, false
		}
		vals[i] = c.Result(0)
	}
	return vals, true
}

// ConstantAttr returns the value attribute of a constant-like op with one
// result, or nil (as for a nil op).
func ConstantAttr(op *Operation) Attribute {
	if op == nil || !op.HasTrait(ConstantLike) || op.NumResults() != 1 {
		return nil
	}
	return op.Attr("value")
}

// MaterializeConstant builds value of type t through d at b's insertion
// point. It returns nil, erasing what d built unless it is used, when d
// cannot or builds anything but one result of type t.
func MaterializeConstant(b *Builder, d *Dialect, value Attribute, t Type, loc Location) *Operation {
	if d == nil || d.MaterializeConstant == nil {
		return nil
	}
	c := d.MaterializeConstant(b, value, t, loc)
	if c == nil {
		return nil
	}
	if c.Block() == nil {
		b.Insert(c)
	}
	if c.NumResults() != 1 || c.Result(0).Type() != t {
		if !c.HasResultUses() {
			b.erase(c)
		}
		return nil
	}
	return c
}

// erase erases op, telling the listener of it and its nested ops first.
func (b *Builder) erase(op *Operation) {
	if b.Listener != nil {
		op.Walk(func(n *Operation) bool {
			b.Listener.OpErased(n)
			return true
		})
	}
	op.Erase()
}

// CreateBlock adds a block to region before another block (nil: at the end)
// and moves the insertion point to its end.
func (b *Builder) CreateBlock(region *Region, before *Block, types []Type, locs []Location) *Block {
	blk := NewBlock(types, locs)
	region.InsertBefore(blk, before)
	b.SetInsertionPointToEnd(blk)
	return blk
}

// Clone inserts a deep copy of op, remapping operands through m (which may be nil).
func (b *Builder) Clone(op *Operation, m *Mapping) *Operation {
	if m == nil {
		m = NewMapping()
	}
	return b.Insert(op.Clone(m))
}

// Mapping maps values and blocks of cloned IR to their copies.
type Mapping struct {
	values ptrTable[Value, *Value]
	blocks map[*Block]*Block
	// misses counts lookups of unmapped values: a region clone with none
	// has no operand left to remap.
	misses int
}

// NewMapping returns an empty mapping.
func NewMapping() *Mapping {
	return &Mapping{blocks: map[*Block]*Block{}}
}

// Clear empties m, keeping the room its maps have grown, for a mapping
// reused clone after clone.
func (m *Mapping) Clear() {
	m.values.clear()
	clear(m.blocks)
	m.misses = 0
}

// Map records that from maps to to.
func (m *Mapping) Map(from, to *Value) { m.values.set(from, to) }

// MapBlock records that from maps to to.
func (m *Mapping) MapBlock(from, to *Block) { m.blocks[from] = to }

// Lookup returns the mapped value, or v itself.
func (m *Mapping) Lookup(v *Value) *Value {
	if w, ok := m.values.get(v); ok {
		return w
	}
	m.misses++
	return v
}

// LookupBlock returns the mapped block, or b itself.
func (m *Mapping) LookupBlock(b *Block) *Block {
	if w, ok := m.blocks[b]; ok {
		return w
	}
	return b
}

// Clone returns a detached deep copy of op; its results and nested values
// are recorded in m, and its operands are remapped through m.
func (op *Operation) Clone(m *Mapping) *Operation {
	var operandArr [4]*Value
	var typeArr [2]Type
	operands, types := operandArr[:0], typeArr[:0]
	for _, u := range op.uses() {
		operands = append(operands, m.Lookup(u.value))
	}
	for i := range op.results() {
		types = append(types, op.results()[i].typ)
	}
	n := newOp(op.info, op.loc, operands, types)
	// The lists are sorted and split already: one copy of both.
	n.props = op.props // never changed in place
	if op.rare != nil {
		r := n.rareFields() // which may hold the operands already
		r.attrs = slices.Clone(op.rare.attrs)
		for _, s := range op.rare.successors {
			n.rare.successors = append(n.rare.successors, m.LookupBlock(s))
		}
		for range op.rare.regions {
			n.rare.regions = append(n.rare.regions, &Region{parent: n})
		}
	}
	for i := range op.results() {
		m.Map(&op.results()[i], &n.results()[i])
	}
	for i, r := range op.regs() {
		r.CloneInto(n.rare.regions[i], nil, m)
	}
	return n
}

// CloneInto copies r's blocks into dest before the given block (nil: at the end).
func (r *Region) CloneInto(dest *Region, before *Block, m *Mapping) {
	misses := m.misses
	var newBlocks []*Block
	for b := r.first; b != nil; b = b.next {
		nb := &Block{}
		if n := len(b.args); n > 0 {
			nb.args, nb.argLocs = make([]*Value, 0, n), make([]Location, 0, n)
		}
		for _, a := range b.args {
			m.Map(a, nb.AddArgument(a.typ, a.argLoc()))
		}
		m.MapBlock(b, nb)
		newBlocks = append(newBlocks, nb)
	}
	i := 0
	for b := r.first; b != nil; b = b.next {
		nb := newBlocks[i]
		i++
		dest.InsertBefore(nb, before)
		for o := b.first; o != nil; o = o.next {
			nb.Append(o.Clone(m))
		}
	}
	// Operands of earlier blocks may point at values cloned later: remap
	// once more, unless every operand was found mapped (blocks are mapped
	// before any op is cloned).
	if m.misses == misses {
		return
	}
	for _, nb := range newBlocks {
		for o := nb.first; o != nil; o = o.next {
			remapNested(o, m)
		}
	}
}

func remapNested(op *Operation, m *Mapping) {
	op.Walk(func(o *Operation) bool {
		uses := o.uses()
		for i := range uses {
			if w := m.Lookup(uses[i].value); w != uses[i].value {
				uses[i].Set(w)
			}
		}
		for i, s := range o.succs() {
			o.rare.successors[i] = m.LookupBlock(s)
		}
		return true
	})
}

// Rewriter is a Builder that also replaces and erases ops, telling its
// Listener, as patterns need.
type Rewriter struct {
	Builder
}

// NewRewriter returns a rewriter with the given listener (which may be nil).
func NewRewriter(ctx *Context, l Listener) *Rewriter {
	return &Rewriter{Builder{ctx: ctx, Listener: l}}
}

// ReplaceOp replaces op's results with vals and erases op.
func (r *Rewriter) ReplaceOp(op *Operation, vals []*Value) {
	if r.Listener != nil {
		r.Listener.OpReplaced(op, vals)
	}
	for i := range op.results() {
		res := &op.results()[i]
		if r.Listener != nil {
			for u := range res.Uses() {
				r.Listener.OpModified(u.owner)
			}
		}
		res.ReplaceAllUsesWith(vals[i])
	}
	r.EraseOp(op)
}

// ReplaceOpWith replaces op with a new op built from st at op's position.
func (r *Rewriter) ReplaceOpWith(op *Operation, st *OpState) *Operation {
	r.SetInsertionPointBefore(op)
	n := r.Create(st)
	r.ReplaceOp(op, n.Results())
	return n
}

// EraseOp erases op (its results must be unused).
func (r *Rewriter) EraseOp(op *Operation) { r.erase(op) }

// EraseBlock erases a block and its ops.
func (r *Rewriter) EraseBlock(b *Block) {
	if r.Listener != nil {
		for o := b.first; o != nil; o = o.next {
			o.Walk(func(n *Operation) bool {
				r.Listener.OpErased(n)
				return true
			})
		}
	}
	b.Erase()
}

// ModifyInPlace runs fn, which changes op, and tells the listener.
func (r *Rewriter) ModifyInPlace(op *Operation, fn func()) {
	fn()
	if r.Listener != nil {
		r.Listener.OpModified(op)
	}
}

// ReplaceAllUsesWith replaces uses of from with to, telling the listener about each user.
func (r *Rewriter) ReplaceAllUsesWith(from, to *Value) {
	for u := range from.Uses() {
		owner := u.owner
		u.Set(to)
		if r.Listener != nil {
			r.Listener.OpModified(owner)
		}
	}
}

// InlineBlockBefore moves src's ops before op (in op's block), replacing
// src's arguments with args, and erases src.
func (r *Rewriter) InlineBlockBefore(src *Block, op *Operation, args []*Value) {
	for i, a := range src.args {
		r.ReplaceAllUsesWith(a, args[i])
	}
	dest := op.block
	for o := src.first; o != nil; {
		next := o.next
		dest.insertBefore(o, op)
		// As MLIR's moveOpBefore, the listener hears of each moved op.
		if r.Listener != nil {
			r.Listener.OpInserted(o)
		}
		o = next
	}
	if src.parent != nil {
		src.parent.unlink(src)
	}
}

// MergeBlocks appends src's ops to dest, replacing src's arguments with args, and erases src.
func (r *Rewriter) MergeBlocks(src, dest *Block, args []*Value) {
	for i, a := range src.args {
		r.ReplaceAllUsesWith(a, args[i])
	}
	for o := src.first; o != nil; {
		next := o.next
		dest.Append(o)
		o = next
	}
	if src.parent != nil {
		src.parent.unlink(src)
	}
}

// InlineRegionBefore moves region's blocks into dest before the given block (nil: at the end).
func (r *Rewriter) InlineRegionBefore(region, dest *Region, before *Block) {
	for region.first != nil {
		dest.InsertBefore(region.first, before)
	}
}
