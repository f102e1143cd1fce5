package memref

import (
	"maps"
	"slices"
	"strings"

	"github.com/kiln-gpu/kiln/ir"
)

// AtomicRMWKind is the operation of memref.atomic_rmw (MLIR's
// arith::AtomicRMWKind), stored as an i64 `kind` property.
type AtomicRMWKind int64

// The kinds, numbered as MLIR numbers them.
const (
	AtomicAddF AtomicRMWKind = iota
	AtomicAddI
	AtomicAssign
	AtomicMaximumF
	AtomicMaxS
	AtomicMaxU
	AtomicMinimumF
	AtomicMinS
	AtomicMinU
	AtomicMulF
	AtomicMulI
	AtomicOrI
	AtomicAndI
	AtomicMaxNumF
	AtomicMinNumF
	AtomicXorI
)

var atomicKindNames = []string{"addf", "addi", "assign", "maximumf", "maxs", "maxu", "minimumf", "mins", "minu",
	"mulf", "muli", "ori", "andi", "maxnumf", "minnumf", "xori"}

// atomicKindAliases are older spellings still accepted on input.
var atomicKindAliases = map[string]AtomicRMWKind{"maxf": AtomicMaximumF, "minf": AtomicMinimumF}

func (k AtomicRMWKind) String() string {
	if k >= 0 && int(k) < len(atomicKindNames) {
		return atomicKindNames[k]
	}
	return "<invalid>"
}

// IsFloat reports whether the kind operates on floats.
func (k AtomicRMWKind) IsFloat() bool {
	switch k {
	case AtomicAddF, AtomicMaximumF, AtomicMinimumF, AtomicMulF, AtomicMaxNumF, AtomicMinNumF:
		return true
	}
	return false
}

// ParseAtomicRMWKind returns the kind named s.
func ParseAtomicRMWKind(s string) (AtomicRMWKind, bool) {
	for i, n := range atomicKindNames {
		if n == s {
			return AtomicRMWKind(i), true
		}
	}
	k, ok := atomicKindAliases[s]
	return k, ok
}

// atomicKindFormat is atomic_rmw's kind as its format names it: the
// enum's keyword (or string), older spellings accepted.
var atomicKindFormat = ir.FormatAttr{
	Name:     "kind",
	Keywords: append(slices.Clone(atomicKindNames), slices.Sorted(maps.Keys(atomicKindAliases))...),
	Parse: func(p *ir.Parser) (ir.Attribute, error) {
		at := p.Pos()
		kw, err := p.ParseKeywordOrString()
		if err != nil {
			return nil, err
		}
		k, ok := ParseAtomicRMWKind(kw)
		if !ok {
			return nil, ir.Errorf(p.LocAt(at), "expected string or keyword containing one of the following enum values for attribute 'kind' [%s]", strings.Join(atomicKindNames, ", "))
		}
		return p.Context().I64Attr(int64(k)), nil
	},
	Print: func(p *ir.Printer, a ir.Attribute) {
		if ia, ok := a.(*ir.IntegerAttr); ok {
			p.WriteString(AtomicRMWKind(ia.Int()).String())
		} else {
			p.Attr(a) // unverified IR
		}
	},
}

var atomicRMW = &ir.OpDef{
	Name: "memref.atomic_rmw", Summary: "Atomically combines a value with one element of a memref and returns the old element.",
	Example:  "%r = memref.atomic_rmw addf %v, %m[%i] : (f32, memref<10xf32>) -> f32",
	Operands: ir.AtLeast(2),
	Results:  ir.Exactly(1),
	Inherent: []string{"kind"},
	Format: &ir.Format{Syntax: "$kind $value `,` $memref `[` $indices `]` attr-dict `:` `(` type($value) `,` type($memref) `)` `->` type($result)",
		Operands: []string{"value", "memref", "indices*"}, Results: []string{"result"}, Types: indexTypes("indices"),
		Attrs: []ir.FormatAttr{atomicKindFormat}},
	Verify: func(op *ir.Operation) error {
		ka, ok := op.Attr("kind").(*ir.IntegerAttr)
		if !ok {
			return op.Errorf("requires attribute 'kind'")
		}
		k := AtomicRMWKind(ka.Int())
		if k < 0 || int(k) >= len(atomicKindNames) {
			return op.Errorf("attribute 'kind' failed to satisfy constraint: allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15")
		}
		if err := checkOperand(op, 0, func(t ir.Type) bool { return ir.IsIntOrIndex(t) && !isIndex(t) || ir.IsFloat(t) }, "signless integer or floating-point"); err != nil {
			return err
		}
		t, err := verifyAccess(op, 1)
		if err != nil {
			return err
		}
		if op.Operand(0).Type() != t.Elem {
			return op.Errorf("failed to verify that value type matches element type of memref")
		}
		if op.Result(0).Type() != op.Operand(0).Type() {
			return op.Errorf("failed to verify that all of {value, result} have same type")
		}
		if k.IsFloat() && !ir.IsFloat(t.Elem) {
			return op.Errorf("with kind '%s' expects a floating-point type", k)
		}
		if !k.IsFloat() && k != AtomicAssign && ir.IsFloat(t.Elem) {
			return op.Errorf("with kind '%s' expects an integer type", k)
		}
		return nil
	},
	Fold: foldCastOperands(0),
}

func isIndex(t ir.Type) bool { _, ok := t.(*ir.IndexType); return ok }

var genericAtomicRMW = &ir.OpDef{
	Name: "memref.generic_atomic_rmw", Summary: "Atomically replaces one element of a memref with what its region computes from the old value.",
	Example:  "%r = memref.generic_atomic_rmw %m[%i] : memref<10xf32> {\n^bb0(%old: f32):\n  %n = arith.addf %old, %old : f32\n  memref.atomic_yield %n : f32\n}",
	Traits:   ir.SingleBlock,
	Operands: ir.AtLeast(1),
	Results:  ir.Exactly(1),
	Regions:  ir.Exactly(1),
	// memref[indices] : memref-type region attr-dict
	// Hand-written as in MLIR (hasCustomAssemblyFormat): the region's
	// argument is implied by the memref type.
	Parse: func(p *ir.OpParser, st *ir.OpState) error {
		m, err := p.ParseOperand()
		if err != nil {
			return err
		}
		idx, err := parseIndices(p)
		if err != nil {
			return err
		}
		at := p.Pos()
		t, err := p.ParseColonType()
		if err != nil {
			return err
		}
		mt, ok := t.(*ir.MemRefType)
		if !ok {
			return ir.Errorf(p.LocAt(at), "invalid kind of type specified: expected builtin.memref, but found '%s'", ir.TypeString(t))
		}
		if err := p.ResolveOperands([]ir.UnresolvedOperand{m}, []ir.Type{t}); err != nil {
			return err
		}
		if err := resolveIndex(p, idx); err != nil {
			return err
		}
		if err := p.ParseRegion(st.AddRegion(), nil); err != nil {
			return err
		}
		st.ResultTypes = []ir.Type{mt.Elem}
		return p.ParseOptionalAttrDict()
	},
	Print: func(p *ir.OpPrinter, op *ir.Operation) {
		p.WriteByte(' ')
		p.Operand(op.Operand(0))
		printIndices(p, op.Operands()[1:])
		p.WriteString(" : ")
		p.Type(op.Operand(0).Type())
		p.WriteByte(' ')
		p.Region(op.Region(0), true, true)
		p.OptionalAttrDict(op.Attrs())
	},
	Verify: func(op *ir.Operation) error {
		t, err := verifyAccess(op, 0)
		if err != nil {
			return err
		}
		if op.Result(0).Type() != t.Elem {
			return op.Errorf("failed to verify that result type matches element type of memref")
		}
		b := op.Region(0).Entry()
		if b == nil || b.NumArgs() != 1 {
			return op.Errorf("expected single number of entry block arguments")
		}
		if b.Arg(0).Type() != op.Result(0).Type() {
			return op.Errorf("expected block argument of the same type result type")
		}
		return nil
	},
	VerifyRegions: func(op *ir.Operation) error {
		var err error
		op.Region(0).Walk(func(o *ir.Operation) bool {
			if !ir.IsPure(o) && !o.HasTrait(ir.Terminator) {
				// Located at the offending op, as MLIR does.
				err = ir.Errorf(o.Loc(), "body of 'memref.generic_atomic_rmw' should contain only operations with no side effects")
				return false
			}
			return true
		})
		return err
	},
}

var atomicYield = &ir.OpDef{
	Name: "memref.atomic_yield", Summary: "Yields the new value of a memref.generic_atomic_rmw.",
	Example:  "%r = memref.generic_atomic_rmw %m[%i] : memref<10xi32> {\n^bb0(%old: i32):\n  memref.atomic_yield %old : i32\n}",
	Traits:   ir.Terminator | ir.ReturnLike | ir.Pure,
	Operands: ir.Exactly(1),
	Format:   &ir.Format{Syntax: "$result attr-dict `:` type($result)", Operands: []string{"result"}},
	Verify: func(op *ir.Operation) error {
		parent := op.ParentOp()
		if parent == nil || parent.Name() != "memref.generic_atomic_rmw" {
			return op.Errorf("expects parent op 'memref.generic_atomic_rmw'")
		}
		if got, want := op.Operand(0).Type(), parent.Result(0).Type(); got != want {
			return op.Errorf("types mismatch between yield op: '%s' and its parent: '%s'", ir.TypeString(got), ir.TypeString(want))
		}
		return nil
	},
}
