// Package runtimeverify is MLIR's generate-runtime-verification pass: before
// each op that can fail at run time in ways the verifier cannot see (an
// index out of bounds, a cast to a shape the value does not have), it adds
// the checks that catch the failure, each a cf.assert whose message names
// the op, what failed and where, in MLIR's words.
//
// MLIR attaches the checks to the ops through RuntimeVerifiableOpInterface
// external models (RuntimeOpVerification.cpp of each dialect); here they
// are generators registered by op name in one table, so the dialect
// packages stay free of them.
package runtimeverify

import (
	"strings"

	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/pass"
)

// A generator builds the runtime checks of op with g, whose insertion
// point is right before op (MLIR's generateRuntimeVerification).
type generator func(g *gen, op *ir.Operation)

// generators are the ops with runtime checks, by name.
var generators = map[string]generator{
	"linalg.elemwise_unary":     structured,
	"linalg.fill":               structured,
	"linalg.generic":            structured,
	"memref.assume_alignment":   assumeAlignment,
	"memref.atomic_rmw":         access(1),
	"memref.cast":               memrefCast,
	"memref.copy":               memrefCopy,
	"memref.dim":                dimIndex("memref.rank"),
	"memref.expand_shape":       expandShape,
	"memref.generic_atomic_rmw": access(0),
	"memref.load":               access(0),
	"memref.store":              access(1),
	"memref.subview":            subview,
	"tensor.cast":               tensorCast,
	"tensor.dim":                dimIndex("tensor.rank"),
	"tensor.extract":            access(0),
	"tensor.extract_slice":      extractSlice,
	"tensor.insert":             access(1),
}

// Register adds generate-runtime-verification to reg.
func Register(reg pass.Registry) { reg.Add(Pass) }

// Pass returns generate-runtime-verification.
func Pass() *pass.Pass {
	return &pass.Pass{Name: "GenerateRuntimeVerificationPass", Argument: "generate-runtime-verification",
		Summary: "Generate additional runtime op verification checks",
		Options: []pass.Option{{Name: "verbose-level", Kind: pass.UnsignedOption, Default: "1",
			Help: "Verbosity level for runtime verification messages: 0 = Minimum (only source location), " +
				"1 = Detailed (include full operation details, names, types, shapes, etc.)"}},
		Run: func(op *ir.Operation, pc *pass.Context) error {
			level := pc.Options.Int("verbose-level")
			if level > 1 {
				return op.EmitErrorf("generate-runtime-verification pass: set verboseLevel to 0 or 1")
			}
			Generate(op, level)
			return nil
		}}
}

// Generate adds the runtime checks of every verifiable op under root (root
// included); verboseLevel 0 leaves the op's text out of the messages.
func Generate(root *ir.Operation, verboseLevel int) {
	// The checks are ops that may be verifiable themselves (memref.dim):
	// they get no checks of their own, so the ops are gathered first.
	var ops []*ir.Operation
	root.Walk(func(op *ir.Operation) bool {
		if generators[op.Name()] != nil {
			ops = append(ops, op)
		}
		return true
	})
	g := &gen{}
	if verboseLevel == 1 {
		// The ops print as they are before any check is added, their
		// values named as in their function then, as MLIR's AsmState of
		// the pass's op names them.
		g.texts = make(map[*ir.Operation]string, len(ops))
		printer := ir.NewScopedPrinter(ir.PrintOptions{Generic: true, LocalScope: true, SkipRegions: true,
			ElideElements: true, ElementsLimit: 16})
		for _, op := range ops {
			g.texts[op] = printer.OpString(op)
		}
	}
	g.Builder = ir.NewBuilder(root.Context())
	for _, op := range ops {
		g.SetInsertionPointBefore(op)
		g.loc = op.Loc()
		generators[op.Name()](g, op)
	}
}

// gen builds the checks of one op at its location.
type gen struct {
	*ir.Builder
	loc ir.Location
	// texts are the ops' texts in the messages; nil for none.
	texts map[*ir.Operation]string
}

// message is the text of the assertion that fails with msg at op, as MLIR's
// default runtime verification message: the op in generic form with its
// values named as in its function (verbose only), what failed and where.
func (g *gen) message(op *ir.Operation, msg string) string {
	var sb strings.Builder
	sb.WriteString("ERROR: Runtime op verification failed\n")
	if g.texts != nil {
		sb.WriteString(g.texts[op])
		sb.WriteByte('\n')
	}
	sb.WriteString("^ ")
	sb.WriteString(msg)
	sb.WriteString("\nLocation: ")
	var p ir.Printer
	p.Loc(op.Loc())
	sb.Write(p.Bytes())
	return sb.String()
}

// assert adds cf.assert cond with the message of msg at op.
func (g *gen) assert(cond *ir.Value, op *ir.Operation, msg string) {
	g.CreateOp("cf.assert", g.loc, []*ir.Value{cond}, nil,
		ir.NamedAttr{Name: "msg", Value: g.Context().StringAttr(g.message(op, msg))})
}

// op adds op name with one result of type t.
func (g *gen) op(name string, t ir.Type, operands ...*ir.Value) *ir.Value {
	return g.CreateOp(name, g.loc, operands, []ir.Type{t}).Result(0)
}

// fold adds op name with one result of type t, or, when it folds, what it
// folds to (MLIR's createOrFold).
func (g *gen) fold(name string, t ir.Type, operands []*ir.Value, attrs ...ir.NamedAttr) *ir.Value {
	return g.CreateOrFold(name, g.loc, operands, []ir.Type{t}, attrs...)[0]
}

// index adds arith.constant v : index.
func (g *gen) index(v int64) *ir.Value {
	ctx := g.Context()
	return g.CreateOp("arith.constant", g.loc, nil, []ir.Type{ctx.Index()},
		ir.NamedAttr{Name: "value", Value: ctx.IntegerAttr(ctx.Index(), v)}).Result(0)
}

// boolConst adds arith.constant v (an i1).
func (g *gen) boolConst(v bool) *ir.Value {
	ctx := g.Context()
	return g.CreateOp("arith.constant", g.loc, nil, []ir.Type{ctx.I(1)},
		ir.NamedAttr{Name: "value", Value: ctx.BoolAttr(v)}).Result(0)
}

// cmpI adds arith.cmpi pred, a, b; fold folds it.
func (g *gen) cmpI(pred arith.CmpIPredicate, a, b *ir.Value, fold bool) *ir.Value {
	ctx := g.Context()
	attr := ir.NamedAttr{Name: "predicate", Value: ctx.IntegerAttr(ctx.I(64), int64(pred))}
	if fold {
		return g.fold("arith.cmpi", ctx.I(1), []*ir.Value{a, b}, attr)
	}
	return g.CreateOp("arith.cmpi", g.loc, []*ir.Value{a, b}, []ir.Type{ctx.I(1)}, attr).Result(0)
}

// and adds arith.andi a, b; fold folds it.
func (g *gen) and(a, b *ir.Value, fold bool) *ir.Value {
	if fold {
		return g.fold("arith.andi", a.Type(), []*ir.Value{a, b})
	}
	return g.op("arith.andi", a.Type(), a, b)
}

// inBounds is lb <= v < ub, folded (MLIR's generateInBoundsCheck).
func (g *gen) inBounds(v, lb, ub *ir.Value) *ir.Value {
	return g.and(g.cmpI(arith.CmpISGE, v, lb, true), g.cmpI(arith.CmpISLT, v, ub, true), true)
}

// dim adds memref.dim or tensor.dim of dimension d of m (with the
// constant d, which stays when the dim folds, as MLIR's builders leave it).
func (g *gen) dim(m *ir.Value, d int, fold bool) *ir.Value {
	name := "memref.dim"
	switch m.Type().(type) {
	case *ir.RankedTensorType, *ir.UnrankedTensorType:
		name = "tensor.dim"
	}
	idx := g.index(int64(d))
	if fold {
		return g.fold(name, g.Context().Index(), []*ir.Value{m, idx})
	}
	return g.op(name, g.Context().Index(), m, idx)
}
