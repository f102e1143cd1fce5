package ir

import (
	"sync"
	"sync/atomic"
)

// Trait is a set of op properties, as bits (MLIR's op traits and the
// memory-effect facts that CSE and DCE need).
type Trait uint64

const (
	// Terminator ops end a block.
	Terminator Trait = 1 << iota
	// IsolatedFromAbove ops do not use values defined outside them.
	IsolatedFromAbove
	// SingleBlock ops have regions of at most one block.
	SingleBlock
	// NoTerminator ops have single-block regions without a terminator.
	NoTerminator
	// SameOperandsAndResultType ops use one type for all operands and results.
	SameOperandsAndResultType
	// SameTypeOperands ops use one type for all operands.
	SameTypeOperands
	// Commutative binary ops may swap their operands.
	Commutative
	// Pure ops have no side effects and can be removed or deduplicated.
	Pure
	// ReadOnly ops only read memory: removable when unused; cse merges
	// equal ones with no possible write between them.
	ReadOnly
	// AllocOnly ops only allocate their results: removable when unused.
	AllocOnly
	// RecursiveEffects ops have exactly the effects of the ops nested in them.
	RecursiveEffects
	// SymbolTable ops hold a symbol table in their single region.
	SymbolTable
	// Symbol ops define a symbol through their sym_name attribute.
	Symbol
	// ReturnLike terminators return control to the parent op.
	ReturnLike
	// ConstantLike ops produce a constant from their attributes.
	ConstantLike
	// GraphRegion ops have graph regions (no dominance or order).
	GraphRegion
	// AttrSizedOperandSegments ops have an operandSegmentSizes property.
	AttrSizedOperandSegments
	// AttrSizedResultSegments ops have a resultSegmentSizes property.
	AttrSizedResultSegments
	// Idempotent ops satisfy f(f(x)) = f(x).
	Idempotent
	// Involution ops satisfy f(f(x)) = x.
	Involution
	// ElementwiseMappable ops apply elementwise to vectors and tensors.
	ElementwiseMappable
	// AutomaticAllocationScope ops free stack allocations made in their regions.
	AutomaticAllocationScope
	// AffineScope ops start a new scope of affine symbols: an index value
	// defined at the top level of their regions is a valid affine symbol.
	AffineScope
	// LoopLike ops are loops whose regions run any number of times (MLIR's
	// LoopLikeOpInterface): loop-invariant-code-motion hoists out of them.
	LoopLike
	// MemRefsNormalizable ops may have their memref operands and results
	// rewritten to identity layouts by normalize-memrefs (MLIR's trait of
	// the name).
	MemRefsNormalizable
)

// Speculatability says whether an op may run where it would not have run
// (hoisted out of a loop that may run zero times), as MLIR's
// ConditionallySpeculatable.
type Speculatability uint8

const (
	// NotSpeculatable ops may trap, not terminate or depend on a guard.
	NotSpeculatable Speculatability = iota
	// Speculatable ops may always run.
	Speculatable
	// RecursivelySpeculatable ops may run when every op nested in them may.
	RecursivelySpeculatable
)

// Count is how many of something an op has: Min to Max (Max < 0: unbounded).
type Count struct{ Min, Max int }

// Exactly returns a fixed count.
func Exactly(n int) Count { return Count{n, n} }

// AtLeast returns an unbounded count with a minimum.
func AtLeast(n int) Count { return Count{n, -1} }

// Between returns a bounded range.
func Between(lo, hi int) Count { return Count{lo, hi} }

// Variadic is any count.
var Variadic = Count{0, -1}

// Allows reports whether n is in range.
func (c Count) Allows(n int) bool { return n >= c.Min && (c.Max < 0 || n <= c.Max) }

// FoldResult is one result of folding: a constant attribute or an existing value.
type FoldResult struct {
	Attr  Attribute
	Value *Value
}

// OpDef defines an operation: its name, documentation, traits, shape,
// verifier, syntax and simplifications. Dialects list their OpDefs as data.
type OpDef struct {
	Name string // full name, "dialect.op"
	// OldNames are earlier spellings of the op that MLIR has since renamed
	// ("arith.minf"); they parse as this op and print as Name.
	OldNames []string
	Summary  string
	// Example is the op's printed custom form; a test parses and re-prints it.
	Example string
	Traits  Trait

	Operands, Results, Regions, Successors Count

	// Inherent names the attributes that belong to the op (its properties);
	// other attributes are discardable.
	Inherent []string

	// Verify checks the op itself (nested ops are verified separately, before).
	Verify func(op *Operation) error
	// VerifyRegions runs after all nested ops verified.
	VerifyRegions func(op *Operation) error
	// VerifySymbolUses checks the symbols the op refers to. It runs when the
	// enclosing symbol table is verified (as MLIR's SymbolUserOpInterface),
	// so verifying one function never reads its siblings, which passes may
	// be changing in parallel.
	VerifySymbolUses func(op *Operation) error

	// Parse reads the custom form after the op name; Print writes it.
	Parse func(p *OpParser, st *OpState) error
	Print func(p *OpPrinter, op *Operation)
	// Format, when Parse and Print are nil, derives both from a declarative
	// assembly format (format.go), when the op is first parsed or printed
	// (PrintFunc, CheckFormat).
	Format *Format

	// Fold computes results from constant operands (nil for non-constants).
	// It returns nil when the op does not fold. A fold that returns no
	// results but true updated the op in place.
	Fold func(op *Operation, operands []Attribute) ([]FoldResult, bool)
	// Canonicalize lists the op's canonicalization patterns.
	Canonicalize []*Pattern

	// ResultNames suggests SSA names (%c0, %cst) for printing.
	ResultNames func(op *Operation, name func(v *Value, name string))
	// BlockArgNames suggests names (%in, %out) for the arguments of the
	// blocks of the op's region r (MLIR's getAsmBlockArgumentNames).
	BlockArgNames func(r *Region, name func(v *Value, name string))
	// DefaultDialect lets ops of that dialect drop their prefix inside this op's regions.
	DefaultDialect string
	// SuccessorOperands gives the operands forwarded to successor i.
	SuccessorOperands func(op *Operation, i int) (start, n int)
	// SetSuccessorOperands replaces the operands forwarded to successor i
	// (MLIR's getMutableSuccessorOperands); without it a region
	// simplification that adds block arguments leaves the op's successors alone.
	SetSuccessorOperands func(op *Operation, i int, vals []*Value)
	// RegionSuccessors describes how control and values flow through the
	// op's regions (MLIR's RegionBranchOpInterface); see RegionSuccessor.
	RegionSuccessors func(op *Operation, from *Operation) []RegionSuccessor
	// RegionInvocationsUnknown says that the op does not bound how often its
	// regions run (MLIR's default getRegionInvocationBounds, as affine.if
	// has), so that control-flow-sink does not sink into them; otherwise a
	// region no terminator branches back to runs at most once.
	RegionInvocationsUnknown bool
	// SuccessorForOperands returns the successor a branch takes given its
	// constant operands (nil for non-constants), or false when they do not
	// tell (MLIR's BranchOpInterface::getSuccessorForOperands); for a region
	// branch op, the index of the one of RegionSuccessors(op, nil) taken,
	// and for the terminator of one of its regions, of RegionSuccessors(op,
	// terminator) (MLIR's getEntrySuccessorRegions and the terminators'
	// getSuccessorRegions with constant operands).
	SuccessorForOperands func(op *Operation, operands []Attribute) (int, bool)
	// InferIntRanges gives the ranges of the op's integer results, and of
	// the entry arguments of its regions, from its operands' ranges
	// (MLIR's InferIntRangeInterface, inferResultRangesFromOptional): an
	// operand with no known range has Width 0; set may be called for any
	// of those values, others are ignored.
	InferIntRanges func(op *Operation, operands []IntRange, set func(v *Value, r IntRange))
	// Speculatability says whether the op may be speculated; nil: Pure ops
	// (without RecursiveEffects) are Speculatable, others not.
	Speculatability func(op *Operation) Speculatability
	// Effects, when set, gives one op's memory-effect traits (Pure,
	// ReadOnly, AllocOnly, RecursiveEffects), which replace those of
	// Traits: MLIR's getEffects may depend on the op's types
	// (vector.transfer_read has none on tensors and reads on memrefs; a
	// linalg op has those of its body on tensors and writes memrefs).
	Effects func(op *Operation) Trait

	// dialect is set by every context that loads the op (the same value
	// each time), possibly on several goroutines at once.
	dialect    atomic.Pointer[Dialect]
	formatOnce sync.Once
	formatErr  error // what compiling Format found wrong
}

func (d *OpDef) isInherent(name string) bool {
	for _, n := range d.Inherent {
		if n == name {
			return true
		}
	}
	switch name {
	case "operandSegmentSizes":
		return d.Traits&AttrSizedOperandSegments != 0
	case "resultSegmentSizes":
		return d.Traits&AttrSizedResultSegments != 0
	}
	return false
}

// Dialect returns the dialect that defines the op.
func (d *OpDef) Dialect() *Dialect { return d.dialect.Load() }

// Dialect is a namespace of ops, types and attributes, given as data.
type Dialect struct {
	Name    string
	Aliases []string // older namespaces accepted on input, e.g. "spv"
	Summary string
	Ops     []*OpDef
	// Dependencies are loaded with the dialect.
	Dependencies []func() *Dialect

	// ParseType parses `!name.mnemonic...` after the mnemonic; ParseAttr
	// likewise for `#name.mnemonic...`. Both may be nil.
	ParseType func(p *Parser, mnemonic string) (Type, error)
	ParseAttr func(p *Parser, mnemonic string) (Attribute, error)

	// MaterializeConstant builds a constant op for a folded value.
	MaterializeConstant func(b *Builder, value Attribute, t Type, loc Location) *Operation
	// VerifyAttr checks a discardable attribute with this dialect's prefix on an op.
	VerifyAttr func(op *Operation, a NamedAttr) error
	// VerifyArgAttr and VerifyResultAttr check an attribute with this
	// dialect's prefix on argument or result i of a function (its
	// arg_attrs or res_attrs).
	VerifyArgAttr    func(op *Operation, i int, a NamedAttr) error
	VerifyResultAttr func(op *Operation, i int, a NamedAttr) error
	// Canonicalize lists dialect-wide canonicalization patterns.
	Canonicalize []*Pattern
	// AllowUnknownOps accepts unregistered ops in this namespace.
	AllowUnknownOps bool
	// Inliner, when set, lets the inline pass inline the dialect's calls
	// and ops (inliner.go).
	Inliner *Inliner
}

// Pattern is a rewrite rule: when Root matches (empty: any op), Rewrite
// tries to change the IR through the rewriter and reports whether it did.
type Pattern struct {
	Name    string
	Root    string
	Benefit int
	Rewrite func(op *Operation, rw *Rewriter) bool
}

// effectTraits are the traits an OpDef's Effects may set for one op.
const effectTraits = Pure | ReadOnly | AllocOnly | RecursiveEffects

// traits returns op's traits, its effect traits as its Effects gives them.
func (op *Operation) traits() Trait {
	d := op.info.def
	if d == nil {
		return 0
	}
	if d.Effects == nil {
		return d.Traits
	}
	return d.Traits&^effectTraits | d.Effects(op)&effectTraits
}

// IsPure reports whether op has no side effects (its nested ops included
// when its effects are recursive).
func IsPure(op *Operation) bool {
	if op.info.def == nil {
		return false
	}
	t := op.traits()
	if t&Pure != 0 {
		return t&RecursiveEffects == 0 || nestedOpsMatch(op, IsPure)
	}
	if t&RecursiveEffects != 0 {
		return nestedOpsMatch(op, IsPure)
	}
	return false
}

// IsSpeculatable reports whether op may run speculatively (MLIR's
// isSpeculatable): by its Speculatability, or Pure without nested effects.
func IsSpeculatable(op *Operation) bool {
	def := op.info.def
	if def == nil {
		return false
	}
	s := NotSpeculatable
	switch {
	case def.Speculatability != nil:
		s = def.Speculatability(op)
	case op.traits()&(Pure|RecursiveEffects) == Pure:
		s = Speculatable
	}
	switch s {
	case Speculatable:
		return true
	case RecursivelySpeculatable:
		return nestedOpsMatch(op, IsSpeculatable)
	}
	return false
}

func nestedOpsMatch(op *Operation, pred func(*Operation) bool) bool {
	for _, r := range op.regs() {
		for b := r.first; b != nil; b = b.next {
			for o := b.first; o != nil; o = o.next {
				if !pred(o) {
					return false
				}
			}
		}
	}
	return true
}

// removableWhenUnused reports whether op's effects allow erasing it when
// its results are unused: pure, read-only or allocation-only ops.
func removableWhenUnused(op *Operation) bool {
	if op.info.def == nil {
		return false
	}
	t := op.traits()
	if t&Terminator != 0 || t&Symbol != 0 {
		return false
	}
	if t&(Pure|ReadOnly|AllocOnly) != 0 {
		return t&RecursiveEffects == 0 || nestedOpsMatch(op, func(o *Operation) bool {
			return o.info.def != nil && (o.info.def.Traits&Terminator != 0 || removableWhenUnused(o))
		})
	}
	if t&RecursiveEffects != 0 {
		return nestedOpsMatch(op, func(o *Operation) bool {
			return o.info.def != nil && (o.info.def.Traits&Terminator != 0 || removableWhenUnused(o))
		})
	}
	return false
}

// IsTriviallyDead reports whether op has no used results and no effects
// that would keep it alive.
func IsTriviallyDead(op *Operation) bool { return !op.HasResultUses() && removableWhenUnused(op) }

// RemovableWhenUnused reports whether op could be erased if its results
// had no uses (MLIR's wouldOpBeTriviallyDead).
func RemovableWhenUnused(op *Operation) bool { return removableWhenUnused(op) }

// CondSuccessor is the SuccessorForOperands of ops whose first operand is
// a condition taking successor 0 when true and 1 when false (cf.cond_br,
// scf.if, scf.condition).
func CondSuccessor(_ *Operation, operands []Attribute) (int, bool) {
	if c, ok := operands[0].(*IntegerAttr); ok {
		if c.Int() != 0 {
			return 0, true
		}
		return 1, true
	}
	return 0, false
}
