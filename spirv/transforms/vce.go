package transforms

import (
	"fmt"
	"slices"
	"strings"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/spirv"
	"github.com/kiln-gpu/kiln/spirv/spv"
)

// DeduceVCE sets the vce_triple of op, a spirv.module, or of every
// spirv.module in op, to the least version, capabilities and extensions
// that its ops, types and enum attributes need (MLIR's UpdateVCEPass),
// within its target: the nearest
// spirv.target_env, else the module's own vce_triple as an upper bound,
// else MLIR's default target. Where a feature is core in a later version
// and the target allows one of its extensions (named, or core in the
// target's version), the extension is used and the version kept low, as
// MLIR does. An op that the target cannot satisfy is an error naming the
// op, what it lacks and the target.
func DeduceVCE(op *ir.Operation) error { return eachModule(op, deduceVCE) }

func deduceVCE(module *ir.Operation) error {
	return deduceVCEWith(module, maxWorkers(module.Context()))
}

// deduceVCEWith deduces module's triple with up to w goroutines.
func deduceVCEWith(module *ir.Operation, w int) error {
	t := vceTarget(module)
	d := &deduction{target: t, allowed: map[spv.Capability]bool{}}
	for _, c := range t.Capabilities {
		for _, i := range c.Implied() {
			d.allowed[i] = true
		}
	}
	// One goroutine walks the module (listing its top-level ops first
	// would cost it a pass over them). Several walk chunks of those ops
	// instead, and then the module op, each listing its candidates in
	// order; the lists are merged in order, as one walk would see them.
	// The walk is post-order, as MLIR's.
	var tops []*ir.Operation
	if w > 1 {
		for _, r := range module.Regions() {
			for b := range r.Blocks() {
				tops = append(tops, b.OpList()...)
			}
		}
		w = parallelism(w, len(tops))
	}
	var lists []*candidates
	if w == 1 {
		c := newCandidates()
		module.Walk(c.visit)
		lists = []*candidates{c}
	} else {
		chunks := min(4*w, len(tops))
		lists = make([]*candidates, chunks+1)
		_ = ir.ParallelForN(w, chunks, func(i int) error {
			c := newCandidates()
			for _, op := range tops[i*len(tops)/chunks : (i+1)*len(tops)/chunks] {
				op.Walk(c.visit)
			}
			lists[i] = c
			return nil
		})
		root := newCandidates()
		root.visit(module)
		lists[chunks] = root
	}
	// An op whose key was seen adds nothing: its requirements are met by
	// the capabilities chosen for the first such op, and its needs repeat
	// that op's, which come first and so name the op in any error.
	seen := map[spirv.AvailabilityKey]bool{}
	order := capOrder{last: -1}
	walked := 0 // ops in the lists before the current one
	for _, list := range lists {
		for _, c := range list.list {
			if c.first && (c.key == nil || !seen[*c.key]) {
				if c.key != nil {
					seen[*c.key] = true
				}
				chosen := len(d.capList)
				for _, r := range c.reqs {
					if err := d.require(c.op, r); err != nil {
						return err
					}
				}
				order.add(walked+c.index, d.capList[chosen:])
			}
			if c.op.Name() == "spirv.EntryPoint" {
				d.record(c.op, interfaceNeed(module, c.op))
			}
		}
		walked += list.walked
	}
	d.addImplied(module)
	version, err := d.version()
	if err != nil {
		return err
	}
	exts, err := d.extensions(version)
	if err != nil {
		return err
	}
	module.SetAttr("vce_triple", spirv.VCE(module.Context(), version, order.finish(walked), exts))
	return nil
}

// candidate is an op of a chunk that the deduction may need.
type candidate struct {
	op    *ir.Operation
	index int                    // op's place in its chunk's walk
	key   *spirv.AvailabilityKey // op's, when first and keyed
	first bool                   // no op before it in its chunk has its key
	reqs  spirv.Requirements     // op's, when first
}

// candidates lists, in the order of a walk, the spirv ops of a chunk
// whose requirements a deduction may need (those with no key or the first
// of their key) and the entry points (for their interfaces).
type candidates struct {
	seen   map[spirv.AvailabilityKey]bool
	list   []candidate
	walked int // ops walked, candidates or not
}

func newCandidates() *candidates {
	return &candidates{seen: map[spirv.AvailabilityKey]bool{}}
}

// visit adds op to the list if it is a candidate, as a walk's callback.
func (cs *candidates) visit(op *ir.Operation) bool {
	index := cs.walked
	cs.walked++
	name := op.Name()
	if !strings.HasPrefix(name, "spirv.") {
		return true
	}
	k, keyed := spirv.AvailabilityKeyOf(op)
	if keyed && cs.seen[k] {
		if name == "spirv.EntryPoint" {
			cs.list = append(cs.list, candidate{op: op, index: index})
		}
		return true
	}
	c := candidate{op: op, index: index, first: true, reqs: spirv.Availability(op)}
	if keyed {
		cs.seen[k] = true
		c.key = new(spirv.AvailabilityKey)
		*c.key = k
	}
	cs.list = append(cs.list, c)
	return true
}

// capOrder puts the capabilities in the order MLIR's UpdateVCEPass lists
// them. After each op of its walk, that pass rebuilds its list by popping
// it from the back, each capability followed by those it directly implies
// that are not listed yet (addAllImpliedCapabilities). Once the list holds
// every implied capability, an op adding none reverses it.
type capOrder struct {
	list     []spv.Capability
	reversed bool // list is held back to front
	last     int  // the place in the walk of the last op that added some
}

// add appends caps, the capabilities the op at place i of the walk adds,
// after the ops between the last such op and it have reversed the list.
func (o *capOrder) add(i int, caps []spv.Capability) {
	if len(caps) == 0 {
		return
	}
	o.skip(i - 1 - o.last)
	if o.reversed {
		slices.Reverse(o.list)
		o.reversed = false
	}
	for _, c := range caps {
		if !slices.Contains(o.list, c) {
			o.list = append(o.list, c)
		}
	}
	stack := o.list
	o.list = nil
	listed := map[spv.Capability]bool{}
	for len(stack) > 0 {
		c := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		listed[c] = true
		o.list = append(o.list, c)
		if e := c.Enumerant(); e != nil {
			for _, d := range e.Capabilities {
				if !listed[d] && !slices.Contains(stack, d) {
					stack = append(stack, d)
				}
			}
		}
	}
	o.last = i
}

// skip reverses the list once per op of n that add nothing.
func (o *capOrder) skip(n int) {
	if n%2 == 1 {
		o.reversed = !o.reversed
	}
}

// finish returns the list after the walk's last op, of the n walked.
func (o *capOrder) finish(n int) []spv.Capability {
	o.skip(n - 1 - o.last)
	if o.reversed {
		slices.Reverse(o.list)
	}
	return o.list
}

// interfaceNeed is what an entry point's interface needs: SPIR-V 1.4 to
// list variables other than Input and Output ones (as
// spirv-lower-abi-attrs does for a 1.4 target), else nothing.
func interfaceNeed(module, ep *ir.Operation) spirv.Requirement {
	arr, _ := ep.Attr("interface").(*ir.ArrayAttr)
	if arr == nil {
		return spirv.Requirement{}
	}
	for _, e := range arr.Elems {
		ref, ok := e.(*ir.SymbolRefAttr)
		if !ok {
			continue
		}
		v := ir.LookupSymbol(module, ref.Root)
		if v == nil {
			continue
		}
		if p := varPointer(v); p != nil && p.StorageClass != spv.StorageClassInput && p.StorageClass != spv.StorageClassOutput {
			return spirv.Requirement{What: "interface variable @" + ref.Root + " of storage class " + spirv.EnumName(spv.KindStorageClass, uint32(p.StorageClass)),
				Availability: spv.Availability{MinVersion: spv.MakeVersion(1, 4)}}
		}
	}
	return spirv.Requirement{}
}

// vceTarget is the triple the module must fit in.
func vceTarget(module *ir.Operation) *spirv.VCEAttr {
	if env := spirv.LookupTargetEnv(module); env != nil {
		return env.VCE
	}
	if vce, ok := module.Attr("vce_triple").(*spirv.VCEAttr); ok {
		return vce
	}
	return spirv.DefaultTargetEnv(module.Context()).VCE
}

// need is a version-or-extension requirement and the op that has it.
type need struct {
	op *ir.Operation
	spirv.Requirement
}

type deduction struct {
	target  *spirv.VCEAttr
	allowed map[spv.Capability]bool // the target's capabilities, implied ones included
	capList []spv.Capability        // chosen ones, in order
	needs   []need
}

// require chooses a capability for r, the first the target allows, as
// MLIR does (even where one chosen already covers r), and records r's
// version and extension needs, and those of a newly chosen capability.
func (d *deduction) require(op *ir.Operation, r spirv.Requirement) error {
	d.record(op, r)
	if len(r.Capabilities) == 0 {
		return nil
	}
	i := slices.IndexFunc(r.Capabilities, func(c spv.Capability) bool { return d.allowed[c] })
	if i < 0 {
		names := make([]string, len(r.Capabilities))
		for i, c := range r.Capabilities {
			names[i] = spirv.EnumName(spv.KindCapability, uint32(c))
		}
		return op.Errorf("%s needs capability %s, which target environment %s does not allow",
			r.What, strings.Join(names, " or "), ir.AttrString(d.target))
	}
	c := r.Capabilities[i]
	if slices.Contains(d.capList, c) {
		return nil
	}
	d.capList = append(d.capList, c)
	if e := c.Enumerant(); e != nil {
		a := e.Availability
		a.Capabilities = nil
		d.record(op, spirv.Requirement{What: "capability " + e.Name, Availability: a})
	}
	return nil
}

// addImplied lists, after the chosen capabilities, every capability they
// implicitly declare (MLIR's addAllImpliedCapabilities, PR 151502: Shader
// brings Matrix), and records what those need.
func (d *deduction) addImplied(module *ir.Operation) {
	var extra []spv.Capability
	for _, c := range d.capList {
		for _, i := range c.ImpliedNearestFirst() {
			if !slices.Contains(d.capList, i) && !slices.Contains(extra, i) {
				extra = append(extra, i)
			}
		}
	}
	for _, c := range extra {
		d.capList = append(d.capList, c)
		if e := c.Enumerant(); e != nil {
			a := e.Availability
			a.Capabilities = nil
			d.record(module, spirv.Requirement{What: "capability " + e.Name, Availability: a})
		}
	}
}

func (d *deduction) record(op *ir.Operation, r spirv.Requirement) {
	if r.MinVersion == spv.VersionNone && len(r.Extensions) == 0 && len(r.Capabilities) > 0 {
		// In no core version and with no extension of its own (as
		// OpGroupNonUniformRotateKHR): its capability's extension, recorded
		// with the capability, is what it needs.
		return
	}
	if r.MinVersion != 0 || r.LastVersion != 0 || len(r.Extensions) > 0 {
		d.needs = append(d.needs, need{op, r})
	}
}

// allowsExt reports whether the target allows one of r's extensions, and
// the first such.
func (d *deduction) allowsExt(r spirv.Requirement) (string, bool) {
	inCore := r.InVersion(d.target.Version)
	for _, e := range r.Extensions {
		if inCore || slices.Contains(d.target.Extensions, e) {
			return e, true
		}
	}
	return "", false
}

// version is the least version meeting every need that no allowed
// extension meets.
func (d *deduction) version() (spv.Version, error) {
	v := spv.MakeVersion(1, 0)
	for _, n := range d.needs {
		if _, ok := d.allowsExt(n.Requirement); ok {
			continue
		}
		if !n.InVersion(d.target.Version) {
			return 0, n.op.Errorf("%s needs %s, which target environment %s does not allow",
				n.What, describe(n.Availability), ir.AttrString(d.target))
		}
		v = max(v, n.MinVersion)
	}
	// A need removed from core before v (and with no allowed extension)
	// conflicts with the others.
	for _, n := range d.needs {
		if _, ok := d.allowsExt(n.Requirement); !ok && !n.InVersion(v) {
			return 0, n.op.Errorf("%s needs %s, but the module needs SPIR-V %s", n.What, describe(n.Availability), v)
		}
	}
	return v, nil
}

// extensions chooses an extension for every need that version v does not
// meet, reusing chosen ones where they fit.
func (d *deduction) extensions(v spv.Version) ([]string, error) {
	var out []string
	chosen := map[string]bool{}
	for _, n := range d.needs {
		if n.InVersion(v) || slices.ContainsFunc(n.Extensions, func(e string) bool { return chosen[e] }) {
			continue
		}
		e, ok := d.allowsExt(n.Requirement)
		if !ok { // version() made sure of it
			return nil, n.op.Errorf("%s needs %s, which target environment %s does not allow",
				n.What, describe(n.Availability), ir.AttrString(d.target))
		}
		chosen[e] = true
		out = append(out, e)
	}
	return out, nil
}

// describe says what an availability asks for: "SPIR-V 1.3 or extension
// SPV_KHR_16bit_storage".
func describe(a spv.Availability) string {
	var parts []string
	if a.MinVersion != 0 && a.MinVersion != spv.VersionNone {
		parts = append(parts, "SPIR-V "+a.MinVersion.String())
	}
	if a.LastVersion != 0 {
		parts = append(parts, fmt.Sprintf("SPIR-V at most %s", a.LastVersion))
	}
	if len(a.Extensions) > 0 {
		parts = append(parts, "extension "+strings.Join(a.Extensions, " or "))
	}
	return strings.Join(parts, " or ")
}
