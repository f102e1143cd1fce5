package outline

import (
	"github.com/kiln-gpu/kiln/gpu"
	"github.com/kiln-gpu/kiln/ir"
)

// IsIndexComputation reports whether op is worth copying into a kernel
// instead of passing its results as arguments: what
// isLikelyIndexComputation accepts, and pure arith and index ops whose
// results are all of index type. Other dialects' pure index ops
// (gpu.thread_id) mean something else on the host, so they stay.
func IsIndexComputation(op *ir.Operation) bool {
	if isLikelyIndexComputation(op) {
		return true
	}
	if d := op.DialectName(); d != "arith" && d != "index" || op.NumResults() == 0 || !ir.IsPure(op) {
		return false
	}
	for _, r := range op.Results() {
		if _, ok := r.Type().(*ir.IndexType); !ok {
			return false
		}
	}
	return true
}

// isLikelyIndexComputation is MLIR's isLikelyAnIndexComputation, which its
// sinking pass uses: constants, memref.dim, arith.select and arith.cmpi.
func isLikelyIndexComputation(op *ir.Operation) bool {
	switch op.Name() {
	case "memref.dim", "arith.select", "arith.cmpi":
		return true
	}
	return op.HasTrait(ir.ConstantLike)
}

// SinkIntoLaunch copies into the launch body the ops defined above it whose
// results the body uses, when beneficial says so and every operand is
// then available in the kernel: sunk itself, or already a kernel argument
// (MLIR's sinkOperationsIntoLaunchOp). The originals stay for other users.
func SinkIntoLaunch(l gpu.Launch, beneficial func(*ir.Operation) bool) {
	body := l.Body()
	if body == nil || body.Empty() {
		return
	}
	above := collectUsesAbove(body)
	s := &sinker{beneficial: beneficial, existing: above.uses,
		state: map[*ir.Operation]sinkState{}, available: map[*ir.Value]bool{}}
	for _, v := range above.values {
		if def := v.DefiningOp(); def != nil {
			s.extract(def)
		}
	}
	if len(s.sunk) == 0 {
		return
	}
	b := ir.NewBuilder(l.Context())
	b.SetInsertionPointToStart(body.Entry())
	m := ir.NewMapping()
	for _, op := range s.sunk {
		c := b.Clone(op, m)
		for i, r := range op.Results() {
			above.replace(r, c.Result(i))
		}
	}
}

type sinkState uint8

const (
	unvisited sinkState = iota
	visiting
	sunk
	kept
)

type sinker struct {
	beneficial func(*ir.Operation) bool
	existing   map[*ir.Value][]*ir.OpOperand // values the body already uses
	state      map[*ir.Operation]sinkState
	available  map[*ir.Value]bool
	sunk       []*ir.Operation // in def-before-use order
}

// extract decides whether op can be sunk, sinking the defining ops of its
// operands first. Failures are remembered too (MLIR retries them), and a
// cycle through a graph region counts as one.
func (s *sinker) extract(op *ir.Operation) bool {
	switch s.state[op] {
	case sunk:
		return true
	case visiting, kept:
		return false
	}
	if !s.beneficial(op) {
		s.state[op] = kept
		return false
	}
	s.state[op] = visiting
	for _, v := range op.Operands() {
		if s.available[v] {
			continue
		}
		if def := v.DefiningOp(); def != nil && s.extract(def) {
			continue
		}
		if _, ok := s.existing[v]; !ok {
			s.state[op] = kept
			return false
		}
	}
	s.state[op] = sunk
	s.sunk = append(s.sunk, op)
	for _, r := range op.Results() {
		s.available[r] = true
	}
	return true
}
