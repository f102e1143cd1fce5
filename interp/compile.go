package interp

import "github.com/kiln-gpu/kiln/ir"

// A unit is a function-like op (func.func, gpu.func, or gpu.launch for
// its body) prepared for execution on first use: every value its regions
// define gets a slot in the frames that run it, and each region is
// compiled, the first time it runs, into blocks of ops resolved to their
// handlers, so that running them needs no name dispatch or value map.
// A Machine keeps its units, so its module must not change once it ran.
type unit struct {
	slots   map[*ir.Value]int32
	n       int
	regions map[*ir.Region]*cregion
	// captures are the values a gpu.launch body uses from above it, which
	// each thread's frame copies into their slots as it starts.
	captures []*ir.Value
}

// cregion is a compiled region.
type cregion struct {
	entry  *cblock
	blocks map[*ir.Block]*cblock
}

// cblock is a compiled block: the ops before its stop op, which is the
// terminator or branch that ends it (nil when it runs off its end).
type cblock struct {
	args []ref
	ops  []cop
	stop *ir.Operation
	// branch picks the successor of a stop op with successors and sets
	// the successor's arguments.
	branch func(m *Machine, f *frame) (*cblock, error)
	// yields are the operands of a stop op that leaves the region.
	yields []ref
}

// cop is one op and its handler.
type cop struct {
	op  *ir.Operation
	run func(m *Machine, f *frame) error
}

// ref is where a value lives: its slot in the unit, or slot -1 for values
// defined outside the unit, which are looked up by v.
type ref struct {
	slot int32
	v    *ir.Value
}

// unit returns the compiled unit of op, making it on first use.
func (m *Machine) unit(op *ir.Operation) *unit {
	if u := m.units[op]; u != nil {
		return u
	}
	if m.units == nil {
		m.units = map[*ir.Operation]*unit{}
	}
	u := &unit{slots: map[*ir.Value]int32{}, regions: map[*ir.Region]*cregion{}}
	for _, r := range op.Regions() {
		u.number(r)
	}
	if op.Name() == "gpu.launch" {
		op.Walk(func(inner *ir.Operation) bool {
			for _, v := range inner.Operands() {
				if _, ok := u.slots[v]; !ok {
					u.slots[v] = int32(len(u.slots))
					u.captures = append(u.captures, v)
				}
			}
			return true
		})
	}
	u.n = len(u.slots)
	m.units[op] = u
	return u
}

// capture copies the values u uses from above into f, from f.parent.
func (u *unit) capture(f *frame) {
	for _, v := range u.captures {
		f.cells[u.slots[v]] = toCell(f.parent.get(v))
	}
}

// number gives the values defined in r slots.
func (u *unit) number(r *ir.Region) {
	for b := r.Entry(); b != nil; b = b.Next() {
		for _, a := range b.Args() {
			u.slots[a] = int32(len(u.slots))
		}
		for op := b.First(); op != nil; op = op.NextOp() {
			for _, v := range op.Results() {
				u.slots[v] = int32(len(u.slots))
			}
			for _, inner := range op.Regions() {
				u.number(inner)
			}
		}
	}
}

func (u *unit) ref(v *ir.Value) ref {
	if i, ok := u.slots[v]; ok {
		return ref{slot: i, v: v}
	}
	return ref{slot: -1, v: v}
}

func (u *unit) refs(vs []*ir.Value) []ref {
	out := make([]ref, len(vs))
	for i, v := range vs {
		out[i] = u.ref(v)
	}
	return out
}

// region returns r compiled, compiling it on first use.
func (u *unit) region(r *ir.Region) *cregion {
	if cr := u.regions[r]; cr != nil {
		return cr
	}
	cr := &cregion{blocks: map[*ir.Block]*cblock{}}
	for b := r.Entry(); b != nil; b = b.Next() {
		cr.blocks[b] = &cblock{args: u.refs(b.Args())}
	}
	if u.regions == nil {
		u.regions = map[*ir.Region]*cregion{}
	}
	u.regions[r] = cr
	cr.entry = cr.blocks[r.Entry()]
	for b := r.Entry(); b != nil; b = b.Next() {
		u.block(cr, b, cr.blocks[b])
	}
	return cr
}

func (u *unit) block(cr *cregion, b *ir.Block, cb *cblock) {
	for op := b.First(); op != nil; op = op.NextOp() {
		if op.NumSuccessors() > 0 {
			cb.stop, cb.branch = op, u.branch(cr, op)
			return
		}
		if op.NextOp() == nil && op.HasTrait(ir.Terminator) || isRegionTerminator(op) {
			cb.stop, cb.yields = op, u.refs(op.Operands())
			return
		}
		cb.ops = append(cb.ops, cop{op: op, run: u.compile(op)})
	}
}

// runRegion runs cr from its entry block, whose arguments the caller has
// set, and returns the block whose stop op left the region (nil when a
// block ran off its end).
func (m *Machine) runRegion(f *frame, cr *cregion) (*cblock, error) {
	b := cr.entry
	for b != nil {
		for i := range b.ops {
			c := &b.ops[i]
			if err := m.step(c.op); err != nil {
				return nil, err
			}
			if err := c.run(m, f); err != nil {
				return nil, err
			}
		}
		if b.stop == nil {
			return nil, nil
		}
		if err := m.step(b.stop); err != nil {
			return nil, err
		}
		if b.branch == nil {
			return b, nil
		}
		var err error
		if b, err = b.branch(m, f); err != nil {
			return nil, err
		}
	}
	return nil, nil
}

// read returns the cell of r. Frames above never hold a value of the
// unit, so an unset slot reads as unset.
func (f *frame) read(r ref) cell {
	if r.slot >= 0 {
		return f.cells[r.slot]
	}
	c, _ := f.lookup(r.v)
	return c
}

// write stores c as the value of r.
func (f *frame) write(r ref, c cell) {
	if r.slot >= 0 && c.kind == scalarCell {
		f.setScalar(r.slot, c.s)
		return
	}
	if r.slot >= 0 {
		f.cells[r.slot] = c
		return
	}
	f.set(r.v, c.value())
}

// setScalar stores s in the slot of a value of the unit.
func (f *frame) setScalar(slot int32, s Scalar) {
	c := &f.cells[slot]
	c.s, c.kind = s, scalarCell
}

// move copies values into block arguments, as one parallel assignment.
type move struct {
	dst, src []ref
	overlap  bool   // a source is also a destination, at another position
	tmp      []cell // for overlapping moves; a move never runs reentrantly
	// from and to are the slots of a move between values of the unit
	// without overlap, which copies cells directly.
	from, to []int32
}

func newMove(dst, src []ref) *move {
	n := min(len(dst), len(src))
	mv := &move{dst: dst[:n], src: src[:n]}
	local := true
	for i := range mv.dst {
		local = local && mv.dst[i].slot >= 0 && mv.src[i].slot >= 0
	}
	for i, s := range mv.src {
		for j, d := range mv.dst {
			if i != j && (s.slot >= 0 && s.slot == d.slot || s.v == d.v) {
				mv.overlap = true
			}
		}
	}
	if mv.overlap {
		mv.tmp = make([]cell, n)
	} else if local {
		for i := range mv.dst {
			mv.from, mv.to = append(mv.from, mv.src[i].slot), append(mv.to, mv.dst[i].slot)
		}
	}
	return mv
}

func (mv *move) run(f *frame) {
	if mv.to != nil {
		for i, d := range mv.to {
			if c := &f.cells[mv.from[i]]; c.kind == scalarCell {
				f.setScalar(d, c.s)
			} else {
				f.cells[d] = *c
			}
		}
		return
	}
	if !mv.overlap {
		for i, d := range mv.dst {
			f.write(d, f.read(mv.src[i]))
		}
		return
	}
	for i, s := range mv.src {
		mv.tmp[i] = f.read(s)
	}
	for i, d := range mv.dst {
		f.write(d, mv.tmp[i])
	}
}

// branch compiles a stop op with successors.
func (u *unit) branch(cr *cregion, op *ir.Operation) func(m *Machine, f *frame) (*cblock, error) {
	succ := func(i int) (*cblock, *move) {
		b := cr.blocks[op.Successor(i)]
		if b == nil {
			return nil, nil
		}
		start, n := op.SuccessorOperands(i)
		return b, newMove(b.args, u.refs(op.Operands()[start:start+n]))
	}
	switch op.Name() {
	case "cf.br":
		if b, mv := succ(0); b != nil {
			return func(m *Machine, f *frame) (*cblock, error) {
				mv.run(f)
				return b, nil
			}
		}
	case "cf.cond_br":
		t, tm := succ(0)
		e, em := succ(1)
		if t != nil && e != nil {
			c := u.ref(op.Operand(0))
			return func(m *Machine, f *frame) (*cblock, error) {
				x := f.read(c).s
				switch {
				case x.Poison:
					return nil, op.Errorf("branch on a poison condition")
				case x.Bits&1 != 0:
					tm.run(f)
					return t, nil
				}
				em.run(f)
				return e, nil
			}
		}
	case "cf.switch":
		if b := u.switchOp(cr, op, succ); b != nil {
			return b
		}
	default:
		return func(m *Machine, f *frame) (*cblock, error) {
			return nil, op.Errorf("the interpreter does not support branch op '%s'", op.Name())
		}
	}
	return func(m *Machine, f *frame) (*cblock, error) {
		return nil, op.Errorf("branch to a block outside its region")
	}
}

// switchOp compiles cf.switch: the flag picks the successor of the first
// case value it equals, or the default successor (0); nil when a
// successor lies outside the region.
func (u *unit) switchOp(cr *cregion, op *ir.Operation, succ func(int) (*cblock, *move)) func(m *Machine, f *frame) (*cblock, error) {
	t := op.Operand(0).Type()
	var cases []uint64
	if cv, ok := op.Attr("case_values").(*ir.DenseElementsAttr); ok {
		for i := 0; i < cv.Len(); i++ {
			cases = append(cases, mask(t, uint64(cv.IntAt(i))))
		}
	}
	n := min(len(cases)+1, op.NumSuccessors())
	blocks, moves := make([]*cblock, n), make([]*move, n)
	for i := range blocks {
		if blocks[i], moves[i] = succ(i); blocks[i] == nil {
			return nil
		}
	}
	flag := u.ref(op.Operand(0))
	return func(m *Machine, f *frame) (*cblock, error) {
		x := f.read(flag).s
		if x.Poison {
			return nil, op.Errorf("switch on a poison value")
		}
		k := 0
		for i, c := range cases {
			if i+1 < n && c == mask(t, x.Bits) {
				k = i + 1
				break
			}
		}
		moves[k].run(f)
		return blocks[k], nil
	}
}
