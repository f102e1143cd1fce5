package rewrite

import "github.com/kiln-gpu/kiln/ir"

// Legality is what a ConversionTarget says about an op.
type Legality uint8

const (
	// Unknown ops are neither legal nor illegal: a partial conversion tries
	// to convert them and keeps them when it cannot; a full conversion
	// fails on them.
	Unknown Legality = iota
	// Legal ops are kept as they are.
	Legal
	// Illegal ops must be converted.
	Illegal
)

func (l Legality) String() string { return [...]string{"unknown", "legal", "illegal"}[l] }

// rule is a legality action: a fixed answer, or a callback that says
// whether a given op is legal (MLIR's dynamically legal ops).
type rule struct {
	fixed   Legality
	dynamic func(*ir.Operation) bool
}

func (r rule) of(op *ir.Operation) Legality {
	if r.dynamic == nil {
		return r.fixed
	}
	if r.dynamic(op) {
		return Legal
	}
	return Illegal
}

// ConversionTarget says which ops are legal after a conversion, per op name
// first, then per dialect, then for all other ops (MLIR's ConversionTarget).
// Configure it before a conversion starts; it is only read afterwards, so a
// conversion may use it from several goroutines.
type ConversionTarget struct {
	ops      map[string]rule
	dialects map[string]rule
	unknown  *rule
}

// NewConversionTarget returns a target under which every op is Unknown.
func NewConversionTarget() *ConversionTarget {
	return &ConversionTarget{ops: map[string]rule{}, dialects: map[string]rule{}}
}

// AddLegalOp makes the named ops legal.
func (t *ConversionTarget) AddLegalOp(names ...string) { t.setOps(names, rule{fixed: Legal}) }

// AddIllegalOp makes the named ops illegal.
func (t *ConversionTarget) AddIllegalOp(names ...string) { t.setOps(names, rule{fixed: Illegal}) }

// AddDynamicallyLegalOp makes the named op legal exactly when legal(op) is true.
func (t *ConversionTarget) AddDynamicallyLegalOp(name string, legal func(*ir.Operation) bool) {
	t.ops[name] = rule{dynamic: legal}
}

// AddLegalDialect makes the ops of the named dialects legal.
func (t *ConversionTarget) AddLegalDialect(names ...string) { t.setDialects(names, rule{fixed: Legal}) }

// AddIllegalDialect makes the ops of the named dialects illegal.
func (t *ConversionTarget) AddIllegalDialect(names ...string) {
	t.setDialects(names, rule{fixed: Illegal})
}

// AddDynamicallyLegalDialect makes the ops of the named dialect legal
// exactly when legal(op) is true.
func (t *ConversionTarget) AddDynamicallyLegalDialect(name string, legal func(*ir.Operation) bool) {
	t.dialects[name] = rule{dynamic: legal}
}

// MarkUnknownOpsLegal makes every op that no other rule covers legal.
func (t *ConversionTarget) MarkUnknownOpsLegal() { t.unknown = &rule{fixed: Legal} }

// MarkUnknownOpDynamicallyLegal decides the legality of every op that no
// other rule covers with legal(op).
func (t *ConversionTarget) MarkUnknownOpDynamicallyLegal(legal func(*ir.Operation) bool) {
	t.unknown = &rule{dynamic: legal}
}

func (t *ConversionTarget) setOps(names []string, r rule) {
	for _, n := range names {
		t.ops[n] = r
	}
}

func (t *ConversionTarget) setDialects(names []string, r rule) {
	for _, n := range names {
		t.dialects[n] = r
	}
}

// Legality returns what the target says about op.
func (t *ConversionTarget) Legality(op *ir.Operation) Legality {
	return t.ruleOf(op).of(op)
}

// ruleOf returns the rule for ops named like op; it depends on the name
// only, so a conversion may remember it per name.
func (t *ConversionTarget) ruleOf(op *ir.Operation) rule {
	if r, ok := t.ops[op.Name()]; ok {
		return r
	}
	if r, ok := t.dialects[op.DialectName()]; ok {
		return r
	}
	if t.unknown != nil {
		return *t.unknown
	}
	return rule{fixed: Unknown}
}
