package ir

import (
	"fmt"
	"strings"
)

// Verify checks op and everything nested in it: each op's counts and
// traits, its definition's verifier, block structure and terminators,
// isolation, symbol tables, and SSA dominance in SSACFG regions. It returns
// the first problem found as a located *Diagnostic.
//
// As in MLIR, each isolated-from-above op with regions is verified whole
// (its body and its dominance) before the region checks of the op that
// holds it, and siblings are verified in parallel when the context allows
// it. Every sibling is verified, as MLIR's parallel verifier does when it
// has a thread per sibling: when several fail, the errors of all but the
// last go to the context's diagnostic handler, in order, and the last is
// returned; without a handler the first is returned.
func Verify(op *Operation) error {
	return verifyOpAndDominance(op, 0, true, nil)
}

// verifyOpAndDominance verifies op and its body; op's own operands only
// when ownOperands is set: those of a nested isolated op belong to the
// region around it, whose walk checks them (and whose block order, which
// the check reads and may renumber, siblings verified in parallel share).
// uses, when op is inside a symbol table, collects the symbol users found
// for that table's check.
func verifyOpAndDominance(op *Operation, depth int, ownOperands bool, uses *[]symbolUser) error {
	v := &verifier{uses: uses}
	if err := v.verifyOp(op, depth); err != nil {
		return err
	}
	return v.verifyDominance(op, ownOperands)
}

type verifier struct {
	dom map[*Region]*DomTree // made when first needed
	// uses collects, in pre-order, the ops of the innermost symbol table
	// around the walk that check symbol uses; nil outside any table. The
	// table runs the checks once its body is verified, so finding them
	// costs no walk of its own.
	uses *[]symbolUser
}

// symbolUser is an op whose symbol uses a table checks, or the users found
// in an isolated op verified alone, in its place in the order.
type symbolUser struct {
	op       *Operation
	isolated *[]symbolUser
}

// isolatedOp is an isolated op whose verification is deferred until its
// parent's regions are walked, with where its symbol users go.
type isolatedOp struct {
	op   *Operation
	uses *[]symbolUser
}

// verifiedAlone reports whether op is verified by its own
// verifyOpAndDominance rather than as part of its parent's walk.
func verifiedAlone(op *Operation) bool {
	return len(op.regs()) > 0 && op.info.def != nil && op.info.def.Traits&IsolatedFromAbove != 0
}

func (v *verifier) verifyOp(op *Operation, depth int) error {
	if depth > maxRegionNesting {
		return op.Errorf("regions nested too deep (more than %d levels)", maxRegionNesting)
	}
	for i, u := range op.uses() {
		if u.value == nil {
			return op.Errorf("operation has a null operand #%d", i)
		}
	}
	if op.info.def != nil {
		if err := verifyInvariants(op); err != nil {
			return err
		}
	}
	if err := verifyDialectAttrs(op); err != nil {
		return err
	}
	if v.uses != nil && op.info.def != nil && op.info.def.VerifySymbolUses != nil {
		*v.uses = append(*v.uses, symbolUser{op: op})
	}
	// A symbol table collects the users in its body for its own check.
	var tableUses *[]symbolUser
	if op.info.def != nil && op.info.def.Traits&SymbolTable != 0 {
		outer := v.uses
		tableUses = new([]symbolUser)
		v.uses = tableUses
		defer func() { v.uses = outer }()
	}
	var isolated []isolatedOp
	for ri, r := range op.regs() {
		if err := v.verifyRegion(op, ri, r, depth, &isolated); err != nil {
			return err
		}
	}
	if len(isolated) > 0 {
		if err := verifyIsolated(isolated, depth+1); err != nil {
			return err
		}
	}
	if op.info.def != nil && op.info.def.VerifyRegions != nil {
		if err := op.info.def.VerifyRegions(op); err != nil {
			return err
		}
	}
	if tableUses != nil {
		return checkSymbolUses(*tableUses)
	}
	return nil
}

// verifyIsolated verifies isolated ops whole, in parallel when the
// context allows it, and reports the errors as Verify says.
func verifyIsolated(ops []isolatedOp, depth int) error {
	ctx := ops[0].op.info.ctx
	errs := make([]error, len(ops))
	ParallelFor(ctx, len(ops), func(i int) error {
		errs[i] = verifyOpAndDominance(ops[i].op, depth, false, ops[i].uses)
		return nil
	})
	var failed []error
	for _, err := range errs {
		if err != nil {
			failed = append(failed, err)
		}
	}
	if len(failed) == 0 {
		return nil
	}
	if ctx == nil || !ctx.hasDiagnosticHandler() {
		return failed[0]
	}
	for _, err := range failed[:len(failed)-1] {
		if d, ok := err.(*Diagnostic); ok {
			ctx.Emit(d)
		} else {
			return err
		}
	}
	return failed[len(failed)-1]
}

// checkSymbolUses runs the symbol-use checks of a table's users in order.
func checkSymbolUses(users []symbolUser) error {
	for _, u := range users {
		if u.isolated != nil {
			if err := checkSymbolUses(*u.isolated); err != nil {
				return err
			}
		} else if err := u.op.info.def.VerifySymbolUses(u.op); err != nil {
			return err
		}
	}
	return nil
}

func verifyDialectAttrs(op *Operation) error {
	for _, a := range op.discardable() {
		if d := op.attrDialect(a.Name); d != nil && d.VerifyAttr != nil {
			if err := d.VerifyAttr(op, a); err != nil {
				return err
			}
		}
	}
	// A function's argument and result attributes (arg_attrs, res_attrs),
	// as MLIR's FunctionOpInterface checks them. Functions are isolated from
	// above: other ops skip the lookups.
	if op.info.def == nil || op.info.def.Traits&IsolatedFromAbove == 0 {
		return nil
	}
	for _, result := range []bool{false, true} {
		name := "arg_attrs"
		if result {
			name = "res_attrs"
		}
		arr, ok := op.Attr(name).(*ArrayAttr)
		if !ok {
			continue
		}
		for i, e := range arr.Elems {
			dict, ok := e.(*DictionaryAttr)
			if !ok {
				continue
			}
			for _, a := range dict.Entries {
				d := op.attrDialect(a.Name)
				var err error
				switch {
				case d == nil:
				case !result && d.VerifyArgAttr != nil:
					err = d.VerifyArgAttr(op, i, a)
				case result && d.VerifyResultAttr != nil:
					err = d.VerifyResultAttr(op, i, a)
				}
				if err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// attrDialect returns the loaded dialect whose prefix an attribute name
// has (`spirv.` in spirv.target_env), or nil.
func (op *Operation) attrDialect(name string) *Dialect {
	if i := strings.IndexByte(name, '.'); i > 0 {
		return op.info.ctx.dialects[name[:i]]
	}
	return nil
}

// countError words a count mismatch as MLIR's count traits do (ZeroOperands,
// OneRegion, NResults, AtLeastNSuccessors, ...).
func countError(op *Operation, what string, c Count, n int) error {
	fixed := c.Min == c.Max
	if what == "successor" {
		switch {
		case fixed && c.Min == 1:
			return op.Errorf("requires 1 successor but found %d", n)
		case fixed:
			return op.Errorf("requires %d successors but found %d", c.Min, n)
		case c.Max < 0:
			return op.Errorf("requires at least %d successors but found %d", c.Min, n)
		}
	} else {
		switch {
		case c.Max == 0:
			return op.Errorf("requires zero %ss", what)
		case fixed && c.Min == 1 && what == "operand":
			return op.Errorf("requires a single operand")
		case fixed && c.Min == 1:
			return op.Errorf("requires one %s", what)
		case fixed && what == "operand":
			return op.Errorf("expected %d operands, but found %d", c.Min, n)
		case fixed:
			return op.Errorf("expected %d %ss", c.Min, what)
		case c.Max < 0 && what == "operand":
			return op.Errorf("expected %d or more operands, but found %d", c.Min, n)
		case c.Max < 0:
			return op.Errorf("expected %d or more %ss", c.Min, what)
		}
	}
	return op.Errorf("expected between %d and %d %ss, but found %d", c.Min, c.Max, what, n)
}

// verifyInvariants checks what the op's definition declares as data, then
// runs its Verify function.
func verifyInvariants(op *Operation) error {
	d := op.info.def
	if !d.Operands.Allows(int(op.nops)) {
		return countError(op, "operand", d.Operands, int(op.nops))
	}
	if !d.Results.Allows(len(op.results())) {
		return countError(op, "result", d.Results, len(op.results()))
	}
	if !d.Regions.Allows(len(op.regs())) {
		return countError(op, "region", d.Regions, len(op.regs()))
	}
	if !d.Successors.Allows(len(op.succs())) {
		return countError(op, "successor", d.Successors, len(op.succs()))
	}
	t := d.Traits
	if t&Terminator != 0 && op.block != nil && op.block.last != op {
		return op.Errorf("must be the last operation in the parent block")
	}
	if t&SameOperandsAndResultType != 0 {
		var first Type
		same := func(ty Type) bool {
			if first == nil {
				first = ty
			}
			return ty == first
		}
		for _, u := range op.uses() {
			if !same(u.value.typ) {
				return op.Errorf("requires the same type for all operands and results")
			}
		}
		for i := range op.results() {
			if !same(op.results()[i].typ) {
				return op.Errorf("requires the same type for all operands and results")
			}
		}
	}
	if t&SameTypeOperands != 0 {
		uses := op.uses()
		for i := 1; i < len(uses); i++ {
			if uses[i].value.typ != uses[0].value.typ {
				return op.Errorf("requires all operands to have the same type")
			}
		}
	}
	if t&AttrSizedOperandSegments != 0 {
		if err := verifySegments(op, "operandSegmentSizes", int(op.nops), "operand"); err != nil {
			return err
		}
	}
	if t&AttrSizedResultSegments != 0 {
		if err := verifySegments(op, "resultSegmentSizes", len(op.results()), "result"); err != nil {
			return err
		}
	}
	if t&Symbol != 0 && op.info.name != "builtin.module" {
		if _, ok := op.Attr("sym_name").(*StringAttr); !ok {
			return op.Errorf("requires string attribute 'sym_name'")
		}
	}
	if t&Symbol != 0 {
		if vis := op.Attr("sym_visibility"); vis != nil {
			s, ok := vis.(*StringAttr)
			if !ok || s.Value != "public" && s.Value != "private" && s.Value != "nested" {
				return op.Errorf("visibility expected to be one of [\"public\", \"private\", \"nested\"], but got %s", AttrString(vis))
			}
		}
	}
	if t&(SingleBlock|NoTerminator|SymbolTable) != 0 {
		for i, r := range op.regs() {
			if r.first != nil && r.first != r.last {
				return op.Errorf("expects region #%d to have 0 or 1 blocks", i)
			}
		}
	}
	if t&SymbolTable != 0 {
		if err := verifySymbolTable(op); err != nil {
			return err
		}
	}
	if op.info.def.SuccessorOperands != nil {
		for i, s := range op.succs() {
			start, n := op.info.def.SuccessorOperands(op, i)
			if start < 0 || start+n > int(op.nops) {
				return op.Errorf("successor #%d operand range is out of bounds", i)
			}
			if n != len(s.args) {
				return Errorf(op.loc, "branch has %d operands for successor #%d, but target block has %d", n, i, len(s.args))
			}
			for j := 0; j < n; j++ {
				if got, want := op.uses()[start+j].value.typ, s.args[j].typ; got != want {
					return Errorf(op.loc, "type mismatch for bb argument #%d of successor #%d", j, i)
				}
			}
		}
	}
	if d.Verify != nil {
		return d.Verify(op)
	}
	return nil
}

func verifySegments(op *Operation, name string, total int, what string) error {
	a, ok := op.Attr(name).(*DenseArrayAttr)
	if !ok {
		return op.Errorf("requires dense i32 array attribute '%s'", name)
	}
	sum := int64(0)
	for _, n := range a.Ints {
		if n < 0 {
			return op.Errorf("'%s' attribute cannot have negative elements", name)
		}
		sum += n
	}
	if int(sum) != total {
		return op.Errorf("%s count (%d) does not match with the total size (%d) specified in attribute '%s'", what, total, sum, name)
	}
	return nil
}

func verifySymbolTable(op *Operation) error {
	if len(op.regs()) != 1 {
		return op.Errorf("Operations with a 'SymbolTable' must have exactly one region")
	}
	b := op.regs()[0].first
	if b == nil {
		return nil
	}
	// Sized for every op at once: growing a map of many symbols (a module
	// of 80,000 kernels) leaves as much again behind.
	ops := 0
	for o := b.first; o != nil; o = o.next {
		ops++
	}
	seen := make(map[string]*Operation, ops)
	for o := b.first; o != nil; o = o.next {
		n := SymbolName(o)
		if n == "" {
			continue
		}
		if prev, dup := seen[n]; dup {
			return Errorf(o.loc, "redefinition of symbol named '%s'", n).Note(prev.loc, "see existing symbol definition here")
		}
		seen[n] = o
	}
	return nil
}

// isGraphRegion reports whether the regions of op are graph regions, where
// values need not dominate their uses. Unregistered ops may hold either
// kind, so they are treated as graph regions, as MLIR does.
func isGraphRegion(op *Operation) bool {
	return op == nil || op.info.def == nil || op.info.def.Traits&GraphRegion != 0
}

// verifyRegion checks region ri of op and the ops in it, except the bodies
// of isolated ops, which it appends to isolated.
func (v *verifier) verifyRegion(op *Operation, ri int, r *Region, depth int, isolated *[]isolatedOp) error {
	needsTerminator := op.info.def != nil && op.info.def.Traits&NoTerminator == 0 && !isGraphRegion(op)
	for b := r.first; b != nil; b = b.next {
		if b.parent != r {
			return op.Errorf("block in region #%d has a wrong parent", ri)
		}
		if b == r.first && len(b.Predecessors()) > 0 {
			return op.Errorf("entry block of region may not have predecessors")
		}
		if needsTerminator && b.last == nil {
			return Errorf(op.loc, "empty block: expect at least a terminator")
		}
		for o := b.first; o != nil; o = o.next {
			if o.block != b {
				return op.Errorf("operation in region #%d has a wrong parent block", ri)
			}
			for _, s := range o.succs() {
				if s.parent != r {
					return o.Errorf("reference to block defined in another region")
				}
			}
			if o.info.def != nil && o.info.def.Traits&Terminator == 0 && len(o.succs()) > 0 {
				return o.Errorf("has successors but is not a terminator")
			}
			if verifiedAlone(o) {
				d := isolatedOp{op: o}
				if v.uses != nil {
					d.uses = new([]symbolUser)
					*v.uses = append(*v.uses, symbolUser{isolated: d.uses})
				}
				*isolated = append(*isolated, d)
			} else if err := v.verifyOp(o, depth+1); err != nil {
				return err
			}
		}
		// After the block's ops, as MLIR checks it when it leaves the block:
		// an op's own error comes first.
		if needsTerminator && b.last.info.def != nil && b.last.info.def.Traits&Terminator == 0 {
			return Errorf(b.last.loc, "block with no terminator, has %s", describeOp(b.last))
		}
	}
	return nil
}

func describeOp(op *Operation) string { return fmt.Sprintf("'%s'", op.info.name) }

// verifyDominance checks that every operand's definition dominates its use
// in SSACFG regions, in post-order, leaving out the bodies of nested
// isolated ops (verified alone).
func (v *verifier) verifyDominance(top *Operation, ownOperands bool) error {
	var err error
	var walk func(o *Operation) bool
	walk = func(o *Operation) bool {
		if o == top || !verifiedAlone(o) {
			for _, r := range o.regs() {
				for b := r.first; b != nil; b = b.next {
					for n := b.first; n != nil; n = n.next {
						if !walk(n) {
							return false
						}
					}
				}
			}
		}
		if o == top && !ownOperands {
			return true
		}
		for i, u := range o.uses() {
			val := u.value
			if iso := crossedIsolation(val, o); iso != nil {
				err = o.Errorf("using value defined outside the region").Note(iso.loc, "required by region isolation constraints")
				return false
			}
			if !v.dominates(val, o) {
				err = dominanceError(o, i, val)
				return false
			}
		}
		return true
	}
	walk(top)
	return err
}

// crossedIsolation returns the isolated-from-above op that separates a
// use from its value's definition, if any. It walks only from the user up
// to the defining region, so the check costs the nesting depth between them.
func crossedIsolation(val *Value, user *Operation) *Operation {
	defBlock := val.OwnerBlock()
	if defBlock == nil {
		return nil
	}
	for o := user; o != nil && o.ParentRegion() != defBlock.parent; {
		p := o.ParentOp()
		if p != nil && p.info.def != nil && p.info.def.Traits&IsolatedFromAbove != 0 {
			// A value of another region inside p crosses no isolation:
			// dominance says whether the use may see it.
			if p.IsAncestorOf(defBlock.parent.parent) {
				return nil
			}
			return p
		}
		o = p
	}
	return nil
}

// dominates reports whether value val is visible at user.
func (v *verifier) dominates(val *Value, user *Operation) bool {
	defBlock := val.OwnerBlock()
	if defBlock == nil || defBlock.parent == nil {
		return false
	}
	region := defBlock.parent
	// Find the ancestor of user that is in val's region.
	anc := user
	for anc != nil && anc.ParentRegion() != region {
		anc = anc.ParentOp()
	}
	if anc == nil {
		return false
	}
	if isGraphRegion(region.parent) {
		return true
	}
	useBlock := anc.block
	// MLIR does not check the operands of an op in an unreachable block
	// (where even an op using its own result is legal). The entry block is
	// reachable: a single-block region (a function's body) needs no tree.
	if anc == user && useBlock != region.first && !v.domTreeOf(region).Reachable(useBlock) {
		return true
	}
	if def := val.owner(); def != nil {
		if def == anc {
			return false
		}
		if useBlock == defBlock {
			return def.IsBeforeInBlock(anc)
		}
	} else if useBlock == defBlock {
		return true
	}
	return v.domTreeOf(region).Dominates(defBlock, useBlock)
}

func (v *verifier) domTreeOf(r *Region) *DomTree {
	t, ok := v.dom[r]
	if !ok {
		if v.dom == nil {
			v.dom = map[*Region]*DomTree{}
		}
		t = NewDomTree(r)
		v.dom[r] = t
	}
	return t
}

// regionRelation words where the defining region def lies from the using
// region use, for dominance notes.
func regionRelation(use, def *Region) string {
	switch {
	case use == def:
		return "in the same region"
	case properAncestor(def, use):
		return "in a parent region"
	case properAncestor(use, def):
		return "in a child region"
	}
	return "neither in a parent nor in a child region"
}

// dominanceError is MLIR's diagnoseInvalidOperandDominance: the note says
// where operand i of op is defined relative to the use.
func dominanceError(op *Operation, i int, val *Value) *Diagnostic {
	d := op.Errorf("operand #%d does not dominate this use", i)
	useBlock := op.block
	if def := val.owner(); def != nil {
		where := regionRelation(useBlock.parent, def.block.parent)
		if useBlock == def.block {
			where = "in the same block"
		}
		return d.Note(def.loc, "operand defined here (op %s)", where)
	}
	b := val.block()
	if b == nil || b.parent == nil {
		return d.Note(op.Context().UnknownLoc(), " (block without parent)")
	}
	index := 0
	for x := b.parent.first; x != nil && x != b; x = x.next {
		index++
	}
	where := regionRelation(useBlock.parent, b.parent)
	loc := op.Context().UnknownLoc()
	if p := b.parent.parent; p != nil {
		loc = p.loc
	}
	return d.Note(loc, "operand defined as a block argument (block #%d %s)", index, where)
}

// properAncestor reports whether region a strictly contains region b.
func properAncestor(a, b *Region) bool {
	for r := b; r != nil; {
		p := r.parent
		if p == nil || p.block == nil {
			return false
		}
		r = p.block.parent
		if r == a {
			return true
		}
	}
	return false
}
