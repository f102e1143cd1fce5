package rewrite

import (
	"errors"
	"unsafe"

	"github.com/kiln-gpu/kiln/ir"
)

// ApplyPartialConversion converts op and the ops nested in it to target
// with patterns. Ops that stay unconverted are kept, unless the target
// makes them illegal: then it fails with a located diagnostic.
func ApplyPartialConversion(op *ir.Operation, target *ConversionTarget, patterns *ConversionPatternSet) error {
	return convert(op, target, patterns, false)
}

// ApplyFullConversion converts op and the ops nested in it to target with
// patterns, and fails with a located diagnostic ("failed to legalize
// operation 'x.y'") on the first op that is not legal afterwards.
// Materializations that stay live must be legal too.
func ApplyFullConversion(op *ir.Operation, target *ConversionTarget, patterns *ConversionPatternSet) error {
	return convert(op, target, patterns, true)
}

// maxDepth bounds how deeply the ops a pattern creates are legalized in
// turn, so that patterns that undo each other fail instead of looping.
const maxDepth = 32

// errNotLegalized is legalize's answer when no pattern made an op legal.
var errNotLegalized = errors.New("not legalized")

// castName is the op the driver materializes with until finalize.
const castName = "builtin.unrealized_conversion_cast"

type castKind uint8

const (
	// sourceCast turns converted values back into an original type.
	sourceCast castKind = iota
	// targetCast turns an unconverted value into a converted type.
	targetCast
)

type castKey struct {
	v *ir.Value
	t ir.Type
}

// converter is one run of a conversion. It listens to its rewriter to know
// which ops patterns create and erase.
type converter struct {
	root    *ir.Operation
	target  *ConversionTarget
	set     *ConversionPatternSet
	full    bool
	rw      *ConversionRewriter
	created []*ir.Operation
	changes int
	misuse  error

	casts     map[*ir.Operation]castKind // materializations the driver made
	castOrder []*ir.Operation
	castCache map[castKey]*ir.Operation // target casts, shared by all users

	// What the driver needs per op name, found once: by definition for
	// registered ops (a pointer key hashes faster than a name), by name
	// for the others.
	byDef  map[*ir.OpDef]*opKind
	byName map[string]*opKind
	// recent caches byDef in slots chosen by the definition's address:
	// the map lookup in every legalization was 0.6% of a lowering.
	recent [64]struct {
		def  *ir.OpDef
		kind *opKind
	}
	// operands backs the adaptor's slices: a pattern's operands are valid
	// until it returns, and the next adaptor reuses them.
	operands []*ir.Value
	// from and to are the adaptor's last type conversion: most operands
	// have the type of the one before, and this spares the converter's
	// lock and map.
	from, to ir.Type
}

// opKind is the target's rule and the patterns to try for one op name.
type opKind struct {
	rule     rule
	patterns []*ConversionPattern
}

func convert(root *ir.Operation, target *ConversionTarget, set *ConversionPatternSet, full bool) error {
	c := &converter{root: root, target: target, set: set, full: full,
		casts: map[*ir.Operation]castKind{}, castCache: map[castKey]*ir.Operation{},
		byDef: map[*ir.OpDef]*opKind{}, byName: map[string]*opKind{}}
	c.rw = &ConversionRewriter{Rewriter: ir.NewRewriter(root.Context(), c), c: c}
	// Parents before the ops they contain, so a pattern sees its op's
	// signature converted before its body (as MLIR collects them): root,
	// then each op of its body with the ops nested in it. The ops nested
	// in one op of the body (a function) are collected right before they
	// are converted, which then finds them in cache, and the list stays
	// small however large root is.
	var tops, ops []*ir.Operation
	for _, r := range root.Regions() {
		for b := range r.Blocks() {
			tops = append(tops, b.OpList()...)
		}
	}
	if err := c.visit(root); err != nil {
		return err
	}
	for _, top := range tops {
		if !c.alive(top) {
			continue
		}
		ops = ops[:0]
		top.WalkPre(func(op *ir.Operation) (bool, bool) {
			ops = append(ops, op)
			return true, true
		})
		for _, op := range ops {
			if err := c.visit(op); err != nil {
				return err
			}
		}
	}
	return c.finalize()
}

// visit legalizes op, one of the ops collected, unless it was erased.
func (c *converter) visit(op *ir.Operation) error {
	if !c.alive(op) {
		return nil
	}
	err := c.legalize(op, 0, nil)
	// Only the nested legalizations read the ops created, so the list
	// restarts with each op: it stays small however large root is.
	c.created = c.created[:0]
	if err == errNotLegalized {
		return c.unconverted(op)
	}
	return err
}

// kind returns the rule and patterns for op's name, looked up once per name.
func (c *converter) kind(op *ir.Operation) *opKind {
	d := op.Def()
	if d == nil {
		k := c.byName[op.Name()]
		if k == nil {
			k = c.newKind(op)
			c.byName[op.Name()] = k
		}
		return k
	}
	slot := &c.recent[(uintptr(unsafe.Pointer(d))*0x9E3779B97F4A7C15)>>58]
	if slot.def != d {
		k := c.byDef[d]
		if k == nil {
			k = c.newKind(op)
			c.byDef[d] = k
		}
		slot.def, slot.kind = d, k
	}
	return slot.kind
}

func (c *converter) newKind(op *ir.Operation) *opKind {
	return &opKind{rule: c.target.ruleOf(op), patterns: c.set.ix.lookup(op.Name())}
}

// legality is c.target.Legality with the rule looked up once per op name.
func (c *converter) legality(op *ir.Operation) Legality {
	return c.kind(op).rule.of(op)
}

// unconverted reports an op no pattern made legal, when the mode requires it.
func (c *converter) unconverted(op *ir.Operation) error {
	switch {
	case c.full:
		return op.EmitErrorf("failed to legalize operation '%s'", op.Name())
	case c.legality(op) == Illegal:
		return op.EmitErrorf("failed to legalize operation '%s' that was explicitly marked illegal", op.Name())
	}
	return nil
}

// alive reports whether op is still part of the IR being converted. An
// erased op is detached, as are the ops nested in it, so no set of erased
// ops is needed.
func (c *converter) alive(op *ir.Operation) bool {
	return c.root.IsAncestorOf(op)
}

// legalize makes op legal with the first pattern that applies. applied
// lists the patterns already applied to op, which are not tried again on it.
func (c *converter) legalize(op *ir.Operation, depth int, applied []*ConversionPattern) error {
	k := c.kind(op)
	if k.rule.of(op) == Legal {
		return nil
	}
	if depth > maxDepth {
		return errNotLegalized
	}
next:
	for _, p := range k.patterns {
		for _, q := range applied {
			if p == q {
				continue next
			}
		}
		operands, ok := c.adaptor(op)
		if !ok {
			continue
		}
		before, firstNew := c.changes, len(c.created)
		err := p.Rewrite(op, operands, c.rw)
		if c.misuse != nil {
			return c.misuse
		}
		switch {
		case errors.Is(err, NoMatch):
			if c.changes != before {
				return op.Errorf("pattern %q changed the IR but reported no match", p.Name)
			}
			continue
		case err != nil:
			var d *ir.Diagnostic
			if errors.As(err, &d) {
				return err
			}
			return op.Errorf("pattern %q failed: %v", p.Name, err)
		}
		if err := c.legalizeCreated(c.created[firstNew:], p, depth); err != nil {
			return err
		}
		if !c.alive(op) {
			return nil
		}
		return c.legalize(op, depth+1, append(applied, p))
	}
	return errNotLegalized
}

// legalizeCreated legalizes the ops a pattern created. One that cannot be
// made legal fails the pattern, which cannot be undone, so the conversion
// fails when the mode requires legality. ops is a window of c.created,
// which only grows while an op is legalized, so the legalizations it
// triggers may append.
func (c *converter) legalizeCreated(ops []*ir.Operation, p *ConversionPattern, depth int) error {
	for _, n := range ops {
		if n.Name() == castName {
			if _, isCast := c.casts[n]; isCast {
				continue
			}
		}
		if !c.alive(n) {
			continue
		}
		err := c.legalize(n, depth+1, nil)
		if err == errNotLegalized && (c.full || c.legality(n) == Illegal) {
			return ir.Errorf(n.Loc(), "failed to legalize operation '%s' created by pattern %q", n.Name(), p.Name)
		}
		if err != nil && err != errNotLegalized {
			return err
		}
	}
	return nil
}

// adaptor returns op's operands as a pattern should see them: looking
// through the driver's source materializations to the replacement values,
// converted to the legal type when the set has a type converter. It
// reports false when an operand type does not convert 1:1. The slice is
// c.operands, overwritten by the next call.
func (c *converter) adaptor(op *ir.Operation) ([]*ir.Value, bool) {
	tc := c.set.Types
	n := op.NumOperands()
	if cap(c.operands) < n {
		c.operands = make([]*ir.Value, max(n, 2*cap(c.operands)))
	}
	// Capped, so that a pattern appending to its operands copies them.
	out := c.operands[:n:n]
	clear(out)
	for i := range out {
		orig := op.Operand(i)
		var want ir.Type
		if tc != nil {
			if t := orig.Type(); t != c.from || c.from == nil {
				c.from, c.to = t, tc.ConvertType(t)
			}
			if want = c.to; want == nil {
				return nil, false
			}
		}
		// Down the chain of source materializations to the latest
		// replacement, noting the latest one of the right type.
		v := orig
		if v.Type() == want {
			out[i] = v
		}
		for {
			// The name test spares a map lookup for most operands.
			d := v.DefiningOp()
			if d == nil || d.Name() != castName {
				break
			}
			if k, ok := c.casts[d]; !ok || k != sourceCast || d.NumOperands() != 1 {
				break
			}
			v = d.Operand(0)
			if v.Type() == want {
				out[i] = v
			}
		}
		switch {
		case tc == nil:
			out[i] = v
		case out[i] == nil:
			// A target materialization of the latest replacement.
			out[i] = c.targetCast(v, want)
		}
	}
	return out, true
}

// targetCast returns a cast of v to t placed right after v's definition,
// so one cast serves every user.
func (c *converter) targetCast(v *ir.Value, t ir.Type) *ir.Value {
	k := castKey{v, t}
	if op := c.castCache[k]; op != nil && c.alive(op) {
		return op.Result(0)
	}
	op := c.castAt(targetCast, t, []*ir.Value{v}, v.OwnerBlock(), v.Loc())
	c.castCache[k] = op
	return op.Result(0)
}

// castAt makes a cast of inputs to t where MLIR's dialect conversion puts
// its materializations (computeInsertPoint): right after the definition of
// the latest input, or at the start of blk when no input is an op's result
// (block arguments, or none for a dropped argument). So a later cast of
// the same definition comes before the earlier ones: the casts of a
// block's arguments that an op's operands need are in reverse operand
// order, as in MLIR since its PR 95653. The rewriter's insertion point is
// left as it was.
func (c *converter) castAt(kind castKind, t ir.Type, inputs []*ir.Value, blk *ir.Block, loc ir.Location) *ir.Operation {
	at, before := c.rw.InsertionPoint()
	defer c.rw.RestoreInsertionPoint(at, before)
	var last *ir.Operation
	for _, v := range inputs {
		if d := v.DefiningOp(); d != nil && (last == nil || last.IsBeforeInBlock(d)) {
			last = d
		}
	}
	if last != nil {
		c.rw.SetInsertionPointAfter(last)
	} else {
		c.rw.SetInsertionPointToStart(blk)
	}
	return c.newCast(kind, t, inputs, loc)
}

// newCast makes a cast of inputs to t. (CreateOp, unlike Create, lets
// the callers' one-element lists stay on their stacks.)
func (c *converter) newCast(kind castKind, t ir.Type, inputs []*ir.Value, loc ir.Location) *ir.Operation {
	rt := [1]ir.Type{t}
	op := c.rw.CreateOp(castName, loc, inputs, rt[:])
	c.casts[op] = kind
	c.castOrder = append(c.castOrder, op)
	return op
}

// The ir.Listener methods track what patterns create and erase.

func (c *converter) OpInserted(op *ir.Operation) {
	c.changes++
	c.created = append(c.created, op)
}

func (c *converter) OpErased(*ir.Operation) { c.changes++ }

func (c *converter) OpModified(*ir.Operation) { c.changes++ }

func (c *converter) OpReplaced(*ir.Operation, []*ir.Value) { c.changes++ }
