package mem2reg

import (
	"slices"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/pass"
)

// Register adds mem2reg and sroa to reg.
func Register(reg pass.Registry) { reg.Add(Pass, SROAPass) }

// Pass is mem2reg (MLIR's Mem2Reg in Transforms/Passes.td). Its
// region-simplify option is accepted for pipelines that set it; current
// MLIR's pass no longer reads it (Mem2Reg.cpp simplifies no regions), so
// neither does Kiln's.
func Pass() *pass.Pass {
	return &pass.Pass{Name: "Mem2Reg", Argument: "mem2reg", Summary: "Promotes memory slots into values.",
		Options: []pass.Option{{Name: "region-simplify", Kind: pass.BoolOption, Default: "true",
			Help: "Perform control flow optimizations to the region tree"}},
		Statistics: []pass.Statistic{
			{Name: "promoted slots", Desc: "Total amount of memory slot promoted"},
			{Name: "new block args", Desc: "Total amount of new block argument inserted in blocks"},
		},
		Run: func(op *ir.Operation, pc *pass.Context) error {
			promoted, args := Promote(op)
			pc.AddStatistic("promoted slots", promoted)
			pc.AddStatistic("new block args", args)
			return nil
		}}
}

// Promote promotes every slot it can under op, again while promoting one
// makes another promotable (a slot stored into a slot), and returns how
// many it promoted and how many block arguments it added for them (MLIR's
// statistics count those before unused ones are dropped).
func Promote(op *ir.Operation) (promoted, blockArgs int) {
	// Promotion changes no region's control flow (it adds block arguments
	// and branch operands, erases loads and stores, and moves whole region
	// bodies into rebuilt scf ops), so each region's graph is computed once.
	cfgs := map[*ir.Region]*cfg{}
	cfgOf := func(r *ir.Region) *cfg {
		if cfgs[r] == nil {
			cfgs[r] = newCFG(r)
		}
		return cfgs[r]
	}
	for {
		var allocs []*ir.Operation
		op.Walk(func(o *ir.Operation) bool {
			if o != op && allocators[o.Name()] != nil {
				allocs = append(allocs, o)
			}
			return true
		})
		round := 0
		for _, a := range allocs {
			alloc := allocators[a.Name()]
			for _, s := range alloc.PromotableSlots(a) {
				if !s.Ptr.HasUses() {
					continue // as MLIR, an unused slot stays
				}
				p := analyze(s, cfgOf)
				if p == nil {
					continue
				}
				blockArgs += len(p.merges)
				def := p.promote(alloc, a)
				alloc.PromotionComplete(a, s, def)
				round++
				break // the allocator is gone
			}
		}
		if round == 0 {
			return promoted, blockArgs
		}
		promoted += round
	}
}

// promoter holds what analysis found for one slot: the ops to rewrite and
// the blocks that get an argument for the slot's value.
type promoter struct {
	s      Slot
	region *ir.Region
	cfgOf  func(*ir.Region) *cfg
	users  map[*ir.Operation]*access
	// views are the aliasers of the slot, each before the views of it.
	views []*ir.Operation
	// used are the regions holding users or views, each to get its own
	// merge points.
	used map[*ir.Region]bool
	// regions are the region ops holding users, each true when one of
	// them stores.
	regions map[*ir.Operation]bool
	merges  map[*ir.Block]*ir.Value
	def     *ir.Value
	alloc   Allocator
	a       *ir.Operation
}

// analyze returns the promoter of s, nil when s cannot be promoted: every
// use of the pointer must be a load or store that can drop it or a view
// whose uses are such in turn (collect), in the slot's region or nested in
// it only through region ops that promotion goes through (and that accept
// a store when one of their users stores), in blocks reachable from their
// region's entry, and every predecessor of a merge point must be able to
// pass it the slot's value.
func analyze(s Slot, cfgOf func(*ir.Region) *cfg) *promoter {
	r := s.Ptr.ParentRegion()
	if r == nil || r.Entry() == nil {
		return nil
	}
	p := &promoter{s: s, region: r, cfgOf: cfgOf, users: map[*ir.Operation]*access{},
		regions: map[*ir.Operation]bool{}, merges: map[*ir.Block]*ir.Value{},
		used: map[*ir.Region]bool{r: true}}
	if !p.collect(s, nil) {
		return nil
	}
	for o, stores := range p.regions {
		if !regionOps[o.Name()].Promotable(o, stores) {
			return nil
		}
	}
	for reg := range p.used {
		if !p.place(reg) {
			return nil
		}
	}
	return p
}

// place finds the merge points of reg: the iterated dominance frontier of
// the blocks that define the slot's value (a store, a storing region op,
// the allocation, which resets it, or a nested region's entry, which gets
// the value from outside), pruned to blocks where the value is live on
// entry. It is live where a load or region op comes before any store,
// where a nested region of a storing op exits without storing (the exit
// passes the value out), and where it flows through to such a block. It
// reports false when a predecessor of a merge point cannot pass a value.
func (p *promoter) place(reg *ir.Region) bool {
	g := p.cfgOf(reg)
	start := reg.Entry()
	if reg == p.region {
		start = p.s.Ptr.OwnerBlock()
	}
	exitsRead := reg != p.region && p.regions[reg.ParentOp()]
	defs := map[*ir.Block]bool{start: true}
	live := map[*ir.Block]bool{}
	var work []*ir.Block
	alloc := p.s.Ptr.DefiningOp()
	for _, b := range g.RPO() {
		for o := range b.Ops() {
			if o == alloc {
				break
			}
			// A region op may read the value on entry (and a storing one
			// passes it on), so it counts as a load.
			if _, ok := p.regions[o]; ok || p.loads(o) {
				live[b] = true
				work = append(work, b)
				break
			}
			if p.stores(o) {
				defs[b] = true
				break
			}
		}
		for o := range b.Ops() {
			if p.stores(o) || p.regions[o] {
				defs[b] = true
			}
		}
		if exitsRead && !defs[b] && !live[b] && b.Last() != nil && len(b.Last().Successors()) == 0 {
			live[b] = true
			work = append(work, b)
		}
	}
	for len(work) > 0 {
		b := work[len(work)-1]
		work = work[:len(work)-1]
		for _, pr := range g.Preds(b) {
			if !live[pr] && !defs[pr] {
				live[pr] = true
				work = append(work, pr)
			}
		}
	}
	for _, b := range g.iteratedFrontier(defs, live) {
		for _, pr := range g.Preds(b) {
			if !pr.Last().CanSetSuccessorOperands() {
				return false
			}
		}
		p.merges[b] = nil
	}
	return true
}

// loads reports whether o is an access that reads the slot.
func (p *promoter) loads(o *ir.Operation) bool {
	a := p.users[o]
	return a != nil && memOps[o.Name()].LoadsFrom(o, a.s)
}

// stores reports whether o is an access that writes the slot.
func (p *promoter) stores(o *ir.Operation) bool {
	a := p.users[o]
	return a != nil && memOps[o.Name()].StoresTo(o, a.s)
}

// reaching is v, or for nil (nothing stored yet) the slot's default
// value, made on first use at the start of the region's entry block.
func (p *promoter) reaching(v *ir.Value) *ir.Value {
	if v != nil {
		return v
	}
	if p.def == nil {
		b := ir.NewBuilder(p.a.Context())
		b.SetInsertionPointToStart(p.region.Entry())
		p.def = p.alloc.DefaultValue(p.a, p.s, b)
	}
	return p.def
}

// block rewrites the slot's uses in b, given the value on entry, and
// returns the value at its end; loads and stores go to erase.
func (p *promoter) block(b *ir.Block, val *ir.Value, erase *[]*ir.Operation) *ir.Value {
	for _, o := range b.OpList() {
		if o == p.a {
			val = nil
		}
		if stores, ok := p.regions[o]; ok {
			val = regionOps[o.Name()].Promote(o, val, p.s.Elem, stores,
				func(r *ir.Region, in *ir.Value) map[*ir.Block]*ir.Value {
					return p.walk(r.Entry(), in, erase)
				}, p.reaching)
			continue
		}
		a := p.users[o]
		if a == nil {
			continue
		}
		m := memOps[o.Name()]
		at := p.levels(o, a, val)
		own := func() *ir.Value { return at(len(a.views)) }
		if m.StoresTo(o, a.s) {
			v := m.Stored(o, a.s, own)
			bo := before(o)
			for i := len(a.views); i > 0; i-- {
				w := a.views[i-1]
				v = aliasers[w.op.Name()].Up(w.op, w.parent, v, func() *ir.Value { return at(i - 1) }, bo)
			}
			val = v
		}
		if m.RemoveUses(o, a.s, own) {
			*erase = append(*erase, o)
		}
	}
	return val
}

// levels returns, for the access o whose slot's value is val before it,
// the value of each slot on the way to the access: level 0 is the slot's
// (its default when nothing is stored yet), level i that of a.views[i-1]'s
// view, projected down on first use just before o.
func (p *promoter) levels(o *ir.Operation, a *access, val *ir.Value) func(int) *ir.Value {
	vals := make([]*ir.Value, len(a.views)+1)
	var at func(int) *ir.Value
	at = func(i int) *ir.Value {
		if vals[i] == nil {
			if i == 0 {
				vals[0] = p.reaching(val)
			} else {
				w := a.views[i-1]
				vals[i] = aliasers[w.op.Name()].Down(w.op, w.slot, at(i-1), before(o))
			}
		}
		return vals[i]
	}
	return at
}

// before returns a builder inserting before op.
func before(op *ir.Operation) *ir.Builder {
	b := ir.NewBuilder(op.Context())
	b.SetInsertionPointBefore(op)
	return b
}

// access is a load or store of the slot, through views of it: s is the
// slot it reads or writes, the last view's (the promoted slot when there
// are none).
type access struct {
	s     Slot
	views []view
}

// view is an aliaser on the way from the promoted slot to an access, with
// the slot it views and its own.
type view struct {
	op           *ir.Operation
	parent, slot Slot
}

// collect records the uses of s, reached through views: each must be a
// load or store that can drop it, or an aliaser whose own slot's uses are
// collected in turn.
func (p *promoter) collect(s Slot, views []view) bool {
	uses := map[*ir.Operation][]*ir.OpOperand{}
	for u := range s.Ptr.Uses() {
		uses[u.Owner()] = append(uses[u.Owner()], u)
	}
	for o, us := range uses {
		if al := aliasers[o.Name()]; al != nil {
			alias, ok := al.Alias(o, s, us)
			if !ok || !p.nested(o, false) {
				return false
			}
			p.views = append(p.views, o)
			if !p.collect(alias, append(slices.Clip(views), view{o, s, alias})) {
				return false
			}
			continue
		}
		m := memOps[o.Name()]
		if m == nil || !m.CanUsesBeRemoved(o, s, us) || !p.nested(o, m.StoresTo(o, s)) {
			return false
		}
		p.users[o] = &access{s: s, views: views}
	}
	return true
}

// nested reports whether o is in the slot's region, or nested in it only
// through region ops that promotion goes through (marking those that hold
// a store, and the regions on the way as used), in blocks reachable from
// their region's entry.
func (p *promoter) nested(o *ir.Operation, stores bool) bool {
	top := o
	for {
		if !p.cfgOf(top.ParentRegion()).Reachable(top.Block()) {
			return false
		}
		if top.ParentRegion() == p.region {
			return true
		}
		p.used[top.ParentRegion()] = true
		top = top.ParentOp()
		if top == nil || regionOps[top.Name()] == nil {
			return false
		}
		p.regions[top] = p.regions[top] || stores
	}
}

// walk renames the slot's uses along the dominator tree of start's region
// from start, which the value in reaches, passes the value to the merge
// arguments of successors, and returns the value at each block's end.
func (p *promoter) walk(start *ir.Block, in *ir.Value, erase *[]*ir.Operation) map[*ir.Block]*ir.Value {
	g := p.cfgOf(start.Parent())
	atEnd := map[*ir.Block]*ir.Value{}
	type item struct {
		b   *ir.Block
		val *ir.Value
	}
	stack := []item{{start, in}}
	for len(stack) > 0 {
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		val := it.val
		if arg := p.merges[it.b]; arg != nil {
			val = arg
		}
		val = p.block(it.b, val, erase)
		atEnd[it.b] = val
		if t := it.b.Last(); t != nil {
			for i, succ := range t.Successors() {
				if _, ok := p.merges[succ]; ok {
					st, n := t.SuccessorOperands(i)
					vals := append(t.Operands()[st:st+n:st+n], p.reaching(val))
					t.SetSuccessorOperands(i, vals)
				}
			}
		}
		for _, c := range g.children[it.b] {
			stack = append(stack, item{c, val})
		}
	}
	return atEnd
}

// promote rewrites the slot's loads and stores, renaming from the
// allocation's block, then drops the merge arguments nothing reads, and
// returns the default value if it made one.
func (p *promoter) promote(alloc Allocator, a *ir.Operation) *ir.Value {
	p.alloc, p.a = alloc, a
	for b := range p.merges {
		p.merges[b] = b.AddArgument(p.s.Elem, a.Loc())
	}
	var erase []*ir.Operation
	p.walk(a.Block(), nil, &erase)
	for _, o := range erase {
		o.Erase()
	}
	for i := len(p.views) - 1; i >= 0; i-- {
		p.views[i].Erase()
	}
	p.dropUnusedMerges()
	return p.def
}

// dropUnusedMerges removes the merge arguments whose value reaches no op
// but branches to other such arguments (MLIR's removeUnusedItems):
// successor operands first, then arguments, so that a cycle of them goes.
func (p *promoter) dropUnusedMerges() {
	isMerge := map[*ir.Value]bool{}
	for _, v := range p.merges {
		isMerge[v] = true
	}
	// feeds[x] are the merge arguments passed as operand x in a branch.
	feeds := map[*ir.Value][]*ir.Value{}
	used := map[*ir.Value]bool{}
	var work []*ir.Value
	for b, arg := range p.merges {
		for _, pr := range p.cfgOf(b.Parent()).Preds(b) {
			t := pr.Last()
			for i, succ := range t.Successors() {
				if succ != b {
					continue
				}
				st, _ := t.SuccessorOperands(i)
				if v := t.Operand(st + arg.Index()); isMerge[v] {
					feeds[arg] = append(feeds[arg], v)
				}
			}
		}
		for u := range arg.Uses() {
			if !p.feedsMerge(u) {
				used[arg] = true
				work = append(work, arg)
				break
			}
		}
	}
	for len(work) > 0 {
		v := work[len(work)-1]
		work = work[:len(work)-1]
		for _, f := range feeds[v] {
			if !used[f] {
				used[f] = true
				work = append(work, f)
			}
		}
	}
	dead := map[*ir.Block]*ir.Value{}
	for b, arg := range p.merges {
		if !used[arg] {
			dead[b] = arg
		}
	}
	for b, arg := range dead {
		for _, pr := range p.cfgOf(b.Parent()).Preds(b) {
			t := pr.Last()
			for i, succ := range t.Successors() {
				if succ == b {
					st, n := t.SuccessorOperands(i)
					vals := append([]*ir.Value(nil), t.Operands()[st:st+n]...)
					t.SetSuccessorOperands(i, append(vals[:arg.Index()], vals[arg.Index()+1:]...))
				}
			}
		}
	}
	for b, arg := range dead {
		b.EraseArgument(arg.Index())
	}
}

// feedsMerge reports whether u passes a value to a merge argument.
func (p *promoter) feedsMerge(u *ir.OpOperand) bool {
	t := u.Owner()
	for i, succ := range t.Successors() {
		arg := p.merges[succ]
		if arg == nil {
			continue
		}
		st, _ := t.SuccessorOperands(i)
		if u.Index() == st+arg.Index() {
			return true
		}
	}
	return false
}
