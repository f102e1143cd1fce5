package serialize

import (
	"slices"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/spirv"
	"github.com/kiln-gpu/kiln/spirv/spv"
)

// funcOut is what the serializer tracks inside one function.
//
// Blocks and labels do not map one to one: a loop's region entry (the
// branch to its header) is written into the block that holds the loop op,
// and the ops after a construct op continue in a new block, the
// construct's merge block, to which spirv.mlir.merge branches.
type funcOut struct {
	labels map[*ir.Block]uint32
	merges map[*ir.Operation]uint32                     // construct op -> merge block label
	preds  map[*ir.Region]map[*ir.Block][]*ir.Operation // branches to each block
	split  map[*ir.Block]uint32                         // header -> the block its ops go on in
	// edges are the blocks written for the false edge of a conditional
	// branch whose two targets are one block with arguments: an OpPhi
	// tells its incoming values apart by parent block only.
	edges map[*ir.Operation]uint32
	// hoisted are the function's variables, written at its start as
	// SPIR-V requires.
	hoisted map[*ir.Operation]bool
}

// reset returns f with its maps emptied, or a new funcOut when f is nil.
func (f *funcOut) reset() *funcOut {
	if f == nil {
		return &funcOut{labels: map[*ir.Block]uint32{}, merges: map[*ir.Operation]uint32{}, split: map[*ir.Block]uint32{},
			hoisted: map[*ir.Operation]bool{}, preds: map[*ir.Region]map[*ir.Block][]*ir.Operation{}, edges: map[*ir.Operation]uint32{}}
	}
	clear(f.edges)
	clear(f.labels)
	clear(f.merges)
	clear(f.preds)
	clear(f.split)
	clear(f.hoisted)
	return f
}

func isConstruct(op *ir.Operation) bool {
	return op.Name() == "spirv.mlir.selection" || op.Name() == "spirv.mlir.loop"
}

// constructOf returns the construct op whose region r is, or nil.
func constructOf(r *ir.Region) *ir.Operation {
	if p := r.ParentOp(); p != nil && isConstruct(p) {
		return p
	}
	return nil
}

func (s *serializer) mergeLabel(c *ir.Operation) uint32 {
	id, ok := s.fn.merges[c]
	if !ok {
		id = s.newID()
		s.fn.merges[c] = id
	}
	return id
}

// label returns the label a branch to b targets.
func (s *serializer) label(b *ir.Block) uint32 {
	if c := constructOf(b.Parent()); c != nil && b == b.Parent().Last() {
		return s.mergeLabel(c)
	}
	if c := constructOf(b.Parent()); c != nil && b.IsEntry() && (c.Name() == "spirv.mlir.loop" || headerInPlace(c)) {
		return s.labelAt(c)
	}
	id, ok := s.fn.labels[b]
	if !ok {
		id = s.newID()
		s.fn.labels[b] = id
	}
	return id
}

// labelAt returns the label of the SPIR-V block that op is written into.
func (s *serializer) labelAt(op *ir.Operation) uint32 {
	for p := op.PrevOp(); p != nil; p = p.PrevOp() {
		if isConstruct(p) {
			return s.mergeLabel(p)
		}
	}
	if id, ok := s.fn.split[op.Block()]; ok {
		return id
	}
	return s.label(op.Block())
}

// valueID returns the id of a value. Constants, undefs, addressof and
// referenceof have no instruction of their own in a function: their id is
// the module-level constant, OpUndef, variable or spec constant.
func (s *serializer) valueID(v *ir.Value) (uint32, error) {
	if id, ok := s.values[v]; ok {
		return id, nil
	}
	if op := v.DefiningOp(); op != nil {
		switch op.Name() {
		case "spirv.Constant":
			if err := s.available(op); err != nil {
				return 0, err
			}
			id, err := s.constantID(op.Attr("value"), v.Type())
			if err != nil {
				return 0, at(op, err)
			}
			s.values[v] = id
			return id, nil
		case "spirv.EXT.ConstantCompositeReplicate":
			if err := s.available(op); err != nil {
				return 0, err
			}
			id, err := s.replicateID(op.Attr("value"), v.Type())
			if err != nil {
				return 0, at(op, err)
			}
			s.values[v] = id
			return id, nil
		case "spirv.Undef":
			// As in MLIR: one module-level OpUndef per type, so an unused
			// spirv.Undef leaves nothing behind.
			if err := s.available(op); err != nil {
				return 0, err
			}
			id, err := s.undefID(v.Type())
			if err != nil {
				return 0, at(op, err)
			}
			s.values[v] = id
			return id, nil
		case "spirv.mlir.addressof":
			id, _, err := s.symbolID(op, "variable")
			return id, err
		case "spirv.ARM.GraphConstant":
			id, err := s.graphConstant(op)
			return id, at(op, err)
		case "spirv.mlir.referenceof":
			id, _, err := s.symbolID(op, "spec_const")
			return id, err
		case "spirv.mlir.loop", "spirv.mlir.selection":
			// A construct's results are the values its spirv.mlir.merge
			// yields, which dominate the merge block: no instruction, the
			// same ids (an OpPhi of an enclosing loop's header may name one
			// before the construct is written).
			if last := op.Region(0).Last(); last != nil {
				if m := last.Last(); m != nil && m.Name() == "spirv.mlir.merge" && v.Index() < m.NumOperands() {
					id, err := s.valueID(m.Operand(v.Index()))
					if err != nil {
						return 0, err
					}
					s.values[v] = id
					return id, nil
				}
			}
			return 0, op.Errorf("yields no value for result %d", v.Index())
		case "spirv.SpecConstantOperation":
			id, err := s.specConstantOp(op)
			if err != nil {
				return 0, at(op, err)
			}
			s.values[v] = id
			return id, nil
		}
	}
	id := s.newID()
	s.values[v] = id
	return id, nil
}

func (s *serializer) function(op *ir.Operation) error {
	ta, ok := op.Attr("function_type").(*ir.TypeAttr)
	ft, ok2 := ta.Value.(*ir.FunctionType)
	if !ok || !ok2 {
		return op.Errorf("missing function_type")
	}
	if err := s.available(op); err != nil {
		return err
	}
	// The dialect's availability does not look into function types;
	// one already declared was checked.
	if _, seen := s.typeIDs[ft]; !seen {
		for _, t := range append(append([]ir.Type{}, ft.Inputs...), ft.Results...) {
			if err := s.allowed.typ(t); err != nil {
				return err
			}
		}
	}
	ftID, err := s.typeID(ft)
	if err != nil {
		return err
	}
	var ret ir.Type = s.ctx.None()
	if len(ft.Results) == 1 {
		ret = ft.Results[0]
	}
	retID, err := s.typeID(ret)
	if err != nil {
		return err
	}
	control := uint32(0)
	if c, ok := op.Attr("function_control").(*spirv.EnumAttr); ok {
		control = c.Value
	}
	name := symName(op)
	id := s.symbols[name]
	s.name(id, name)
	if l, ok := op.Attr("linkage_attributes").(*spirv.LinkageAttr); ok {
		if err := s.allowed.enum(spv.KindDecoration, uint32(spv.DecorationLinkageAttributes)); err != nil {
			return err
		}
		s.sec[secAnnotation].Op(spv.OpDecorate).Word(id, uint32(spv.DecorationLinkageAttributes)).Str(l.Name).Word(uint32(l.Type))
	}
	if err := s.resultDecorations(op, id); err != nil {
		return err
	}
	e := &s.sec[secFunction]
	e.Op(spv.OpFunction).Word(retID, id, control, ftID)
	s.fn = s.spareFn.reset()
	// A function's values and blocks are its own: the maps are emptied
	// for the next one, staying small (and allocated once).
	defer func() { s.spareFn, s.fn = s.fn, nil; clear(s.values) }()
	region := op.Region(0)
	entry := region.Entry()
	if entry != nil && entry.NumArgs() != len(ft.Inputs) {
		return op.Errorf("entry block has %d arguments, the function type %d", entry.NumArgs(), len(ft.Inputs))
	}
	for i, t := range ft.Inputs {
		tid, err := s.typeID(t)
		if err != nil {
			return err
		}
		var aid uint32
		if entry != nil {
			aid, _ = s.valueID(entry.Arg(i))
		} else {
			aid = s.newID() // a declaration's parameters have no values
		}
		e.Op(spv.OpFunctionParameter).Word(tid, aid)
		if err := s.paramDecoration(op, i, aid); err != nil {
			return err
		}
	}
	if entry != nil {
		var vars []*ir.Operation
		region.Walk(func(op *ir.Operation) bool {
			if op.Name() == "spirv.Variable" {
				vars = append(vars, op)
			}
			return true
		})
		for _, b := range blockOrder(entry, nil) {
			e.Op(spv.OpLabel).Word(s.label(b))
			if b.IsEntry() {
				for _, v := range vars {
					if err := s.op(v); err != nil {
						return at(v, err)
					}
					s.fn.hoisted[v] = true
				}
			} else if err := s.phis(b); err != nil {
				return err
			}
			if err := s.ops(b, nil); err != nil {
				return err
			}
		}
	}
	e.Op(spv.OpFunctionEnd)
	return nil
}

// block writes a labelled block: OpLabel, OpPhi for its arguments, its ops.
// beforeTerm, if set, writes the merge instruction of a header.
func (s *serializer) block(b *ir.Block, beforeTerm func()) error {
	e := &s.sec[secFunction]
	e.Op(spv.OpLabel).Word(s.label(b))
	if !b.IsEntry() {
		if err := s.phis(b); err != nil {
			return err
		}
	}
	return s.ops(b, beforeTerm)
}

// edgeBlock returns the label of the block written for the false edge of
// conditional branch t when both its targets are one block with arguments.
func (s *serializer) edgeBlock(t *ir.Operation) (uint32, bool) {
	if t.Name() != "spirv.BranchConditional" || t.NumSuccessors() != 2 || t.Successor(0) != t.Successor(1) || t.Successor(0).NumArgs() == 0 {
		return 0, false
	}
	id, ok := s.fn.edges[t]
	if !ok {
		id = s.newID()
		s.fn.edges[t] = id
	}
	return id, true
}

// phis writes one OpPhi per block argument, with the value each
// predecessor passes and the label the predecessor's branch is written in.
func (s *serializer) phis(b *ir.Block) error {
	if b.NumArgs() == 0 {
		return nil
	}
	r := b.Parent()
	preds, ok := s.fn.preds[r]
	if !ok {
		preds = map[*ir.Block][]*ir.Operation{}
		for p := range r.Blocks() {
			if t := p.Last(); t != nil {
				for i, succ := range t.Successors() {
					if !slices.Contains(t.Successors()[:i], succ) {
						preds[succ] = append(preds[succ], t)
					}
				}
			}
		}
		s.fn.preds[r] = preds
	}
	e := &s.sec[secFunction]
	for i, a := range b.Args() {
		tid, err := s.typeID(a.Type())
		if err != nil {
			return err
		}
		var pairs []uint32
		for _, t := range preds[b] {
			for si, succ := range t.Successors() {
				if succ != b {
					continue
				}
				start, n := t.SuccessorOperands(si)
				if i >= n {
					return t.Errorf("passes %d values to a block with %d arguments", n, b.NumArgs())
				}
				vid, err := s.valueID(t.Operand(start + i))
				if err != nil {
					return err
				}
				parent := s.labelAt(t)
				if id, ok := s.edgeBlock(t); ok && si == 1 {
					parent = id
				}
				pairs = append(pairs, vid, parent)
				if t.Name() == "spirv.Switch" {
					break // its targets named twice take the same values (switchOut)
				}
			}
		}
		aid, _ := s.valueID(a)
		e.Op(spv.OpPhi).Word(tid, aid).Word(pairs...)
	}
	return nil
}

// ops writes a block's ops into the current SPIR-V block. A header that
// holds a construct of its own writes its merge instruction first and goes
// on in a new block, as MLIR does: the merge instruction must stay in the
// header, which the nested construct would split.
func (s *serializer) ops(b *ir.Block, beforeTerm func()) error {
	if beforeTerm != nil && slices.ContainsFunc(b.OpList(), isConstruct) {
		beforeTerm()
		beforeTerm = nil
		e := &s.sec[secFunction]
		next := s.newID()
		e.Op(spv.OpBranch).Word(next)
		e.Op(spv.OpLabel).Word(next)
		s.fn.split[b] = next
	}
	for op := range b.Ops() {
		var err error
		switch {
		case isConstruct(op):
			err = s.construct(op)
		case op.Name() == "spirv.Variable" && s.fn.hoisted[op]:
			// Written at the start of the function.
		case op == b.Last() && (op.HasTrait(ir.Terminator) || isBranch(op)):
			if beforeTerm != nil {
				beforeTerm()
			}
			err = s.terminator(op)
		default:
			err = s.op(op)
		}
		if err != nil {
			return at(op, err)
		}
	}
	return nil
}

// construct writes a selection or loop: the region entry into the current
// block, the merge instruction in the header, the region's blocks, and
// then opens the merge block where the ops after c continue.
func (s *serializer) construct(c *ir.Operation) error {
	r := c.Region(0)
	entry, last := r.Entry(), r.Last()
	if entry == nil || entry == last {
		return c.Errorf("needs an entry block and a merge block")
	}
	if m := last.Last(); m == nil || m.Name() != "spirv.mlir.merge" {
		return c.Errorf("the last block of the region must hold only 'spirv.mlir.merge'")
	}
	e := &s.sec[secFunction]
	merge := s.mergeLabel(c)
	if c.Name() == "spirv.mlir.selection" {
		// The header is a block of its own, as in MLIR, so that reading the
		// binary back gives the same structure: one that holds only the
		// selection header.
		control := controlValue(c, "selection_control")
		if !headerInPlace(c) {
			e.Op(spv.OpBranch).Word(s.label(entry))
			e.Op(spv.OpLabel).Word(s.label(entry))
		}
		if err := s.ops(entry, func() {
			s.mergeLine(c)
			e.Op(spv.OpSelectionMerge).Word(merge, control)
		}); err != nil {
			return err
		}
		for _, b := range blockOrder(entry, last)[1:] {
			if err := s.block(b, nil); err != nil {
				return err
			}
		}
	} else {
		t := entry.Last()
		if t == nil || t.Name() != "spirv.Branch" || last.Prev() == entry {
			return c.Errorf("the entry block of a loop must branch to its header")
		}
		header, cont := t.Successor(0), last.Prev()
		control := controlValue(c, "loop_control")
		if err := s.ops(entry, nil); err != nil {
			return err
		}
		order := blockOrder(header, last)
		if !slices.Contains(order, cont) {
			order = append(order, cont) // an unreachable continue target
		}
		for _, b := range order {
			var before func()
			if b == header {
				before = func() {
					s.mergeLine(c)
					e.Op(spv.OpLoopMerge).Word(merge, s.label(cont), control)
				}
			}
			if err := s.block(b, before); err != nil {
				return err
			}
		}
	}
	e.Op(spv.OpLabel).Word(merge)
	// The merge block's arguments are its OpPhi, with the values the
	// construct's blocks pass when they branch to it.
	if err := s.phis(last); err != nil {
		return err
	}
	if m := last.Last(); m.NumOperands() != c.NumResults() {
		return m.Errorf("yields %d values for %d results", m.NumOperands(), c.NumResults())
	}
	return nil
}

// headerInPlace reports whether a selection's header is the SPIR-V block
// the selection op starts: when nothing comes before it in its block, a
// branch to a separate header block would only add an empty block.
func headerInPlace(c *ir.Operation) bool {
	b := c.Block()
	return c.PrevOp() == nil && b.NumArgs() == 0 && !b.IsEntry()
}

func controlValue(c *ir.Operation, name string) uint32 {
	if a, ok := c.Attr(name).(*spirv.EnumAttr); ok {
		return a.Value
	}
	return 0
}

func isBranch(op *ir.Operation) bool {
	switch op.Name() {
	case "spirv.Branch", "spirv.BranchConditional", "spirv.mlir.merge":
		return true
	}
	return false
}

func (s *serializer) terminator(op *ir.Operation) error {
	e := &s.sec[secFunction]
	switch op.Name() {
	case "spirv.mlir.merge":
		c := op.Block().ParentOp()
		if c == nil || !isConstruct(c) {
			return op.Errorf("is not in a selection or loop")
		}
		e.Op(spv.OpBranch).Word(s.mergeLabel(c))
		return nil
	case "spirv.Branch":
		s.debugLine(secFunction, op.Loc())
		e.Op(spv.OpBranch).Word(s.label(op.Successor(0)))
		return nil
	case "spirv.BranchConditional":
		cond, err := s.valueID(op.Operand(0))
		if err != nil {
			return err
		}
		s.debugLine(secFunction, op.Loc())
		f := s.label(op.Successor(1))
		edge, split := s.edgeBlock(op)
		if split {
			f = edge
		}
		e.Op(spv.OpBranchConditional).Word(cond, s.label(op.Successor(0)), f)
		if w, ok := op.Attr("branch_weights").(*ir.ArrayAttr); ok {
			for _, a := range w.Elems {
				if n, ok := a.(*ir.IntegerAttr); ok {
					e.Word(uint32(n.Int()))
				}
			}
		}
		if split {
			e.Op(spv.OpLabel).Word(edge)
			e.Op(spv.OpBranch).Word(s.label(op.Successor(0)))
		}
		return nil
	case "spirv.Switch":
		return s.switchOut(op)
	}
	return s.op(op)
}

// blockOrder lists the blocks reachable from start, skipping skip, in
// depth-first preorder as MLIR writes them: every block comes after its
// dominators, as SPIR-V requires whatever order the region has.
func blockOrder(start, skip *ir.Block) []*ir.Block {
	type frame struct {
		b    *ir.Block
		next int
	}
	seen := map[*ir.Block]bool{start: true, skip: true}
	order := []*ir.Block{start}
	stack := []frame{{start, 0}}
	for len(stack) > 0 {
		f := &stack[len(stack)-1]
		t := f.b.Last()
		if t == nil || f.next >= t.NumSuccessors() {
			stack = stack[:len(stack)-1]
			continue
		}
		s := t.Successor(f.next)
		f.next++
		if !seen[s] {
			seen[s] = true
			order = append(order, s)
			stack = append(stack, frame{s, 0})
		}
	}
	return order
}

// paramDecoration writes the decoration of parameter i that its
// spirv.decoration attribute names (Aliased, RestrictPointer).
func (s *serializer) paramDecoration(fn *ir.Operation, i int, id uint32) error {
	a := spirv.ArgDecoration(fn, i)
	if a == nil {
		return nil
	}
	d, ok := a.(*spirv.EnumAttr)
	if !ok || d.Kind != spv.KindDecoration {
		return fn.Errorf("'spirv.decoration' of argument #%d must be a #spirv.decoration", i)
	}
	return s.decorate(id, spv.Decoration(d.Value))
}

// undefID returns the id of the module-level OpUndef of type t, declaring
// it once.
func (s *serializer) undefID(t ir.Type) (uint32, error) {
	if id, ok := s.undefIDs[t]; ok {
		return id, nil
	}
	tid, err := s.typeID(t)
	if err != nil {
		return 0, err
	}
	id := s.newID()
	s.sec[secGlobal].Op(spv.OpUndef).Word(tid, id)
	s.undefIDs[t] = id
	return id, nil
}
