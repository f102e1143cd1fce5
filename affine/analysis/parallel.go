package analysis

import (
	"github.com/kiln-gpu/kiln/affine"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/memref"
)

// Reduction is MLIR's LoopReduction: iter_arg Pos of a loop is reduced by
// Kind, Value being what each iteration contributes.
type Reduction struct {
	Kind  memref.AtomicRMWKind
	Pos   int
	Value *ir.Value
}

var combinerKinds = map[string]memref.AtomicRMWKind{
	"arith.addf": memref.AtomicAddF, "arith.mulf": memref.AtomicMulF,
	"arith.addi": memref.AtomicAddI, "arith.andi": memref.AtomicAndI,
	"arith.ori": memref.AtomicOrI, "arith.muli": memref.AtomicMulI,
	"arith.minimumf": memref.AtomicMinimumF, "arith.maximumf": memref.AtomicMaximumF,
	"arith.minsi": memref.AtomicMinS, "arith.maxsi": memref.AtomicMaxS,
	"arith.minui": memref.AtomicMinU, "arith.maxui": memref.AtomicMaxU,
}

// SupportedReductions is MLIR's getSupportedReductions: the iter_args of
// loop reduced by a single supported combiner (MLIR's matchReduction):
// the iter_arg has one use, a binary op of the loop body whose result is
// yielded at the iter_arg's position and used nowhere else, and whose
// other operand does not depend on any iter_arg; the iter_arg's type must
// suit the reduction kind.
func SupportedReductions(loop affine.For) []Reduction {
	body := loop.Body()
	args := body.Args()[1:]
	yield := body.Terminator()
	var out []Reduction
	for pos, arg := range args {
		if !arg.HasOneUse() || yield == nil || yield.NumOperands() != len(args) {
			continue
		}
		var comb *ir.Operation
		for u := range arg.Uses() {
			comb = u.Owner()
		}
		kind, ok := combinerKinds[comb.Name()]
		if !ok || comb.Block() != body || comb.NumOperands() != 2 || comb.NumResults() != 1 ||
			yield.Operand(pos) != comb.Result(0) || !comb.Result(0).HasOneUse() {
			continue
		}
		other := comb.Operand(0)
		if other == arg {
			other = comb.Operand(1)
		}
		if dependsOnAny(other, args, body) || !fits(kind, arg.Type()) {
			continue
		}
		out = append(out, Reduction{Kind: kind, Pos: pos, Value: other})
	}
	return out
}

// fits reports whether affine.parallel accepts a reduction of kind over
// values of type t (float kinds over floats, integer kinds over integers,
// not index): MLIR's affineParallelize would build an op failing
// verification for the others.
func fits(kind memref.AtomicRMWKind, t ir.Type) bool {
	if kind.IsFloat() {
		return ir.IsFloat(t)
	}
	_, ok := t.(*ir.IntegerType)
	return ok
}

// dependsOnAny reports whether v is one of args or computed from them in
// body.
func dependsOnAny(v *ir.Value, args []*ir.Value, body *ir.Block) bool {
	seen := map[*ir.Operation]bool{}
	var walk func(v *ir.Value) bool
	walk = func(v *ir.Value) bool {
		for _, a := range args {
			if v == a {
				return true
			}
		}
		def := v.DefiningOp()
		if def == nil || seen[def] || AncestorIn(body, def) == nil {
			return false
		}
		seen[def] = true
		found := false
		def.Walk(func(n *ir.Operation) bool {
			for _, o := range n.Operands() {
				inner := o.DefiningOp()
				if inner == nil {
					if b := o.OwnerBlock(); b != nil {
						inner = b.ParentOp()
					}
				}
				if (inner == nil || !def.IsAncestorOf(inner)) && walk(o) {
					found = true
					return false
				}
			}
			return true
		})
		return found
	}
	return walk(v)
}

// IsLoopParallel is MLIR's isLoopParallel: loop has no loop-carried
// dependence through memory and, when reductions is non-nil, each of its
// iter_args is a supported reduction (listed in *reductions); with
// reductions nil, a loop with iter_args is not parallel.
func IsLoopParallel(loop affine.For, reductions *[]Reduction) bool {
	n := len(loop.Inits())
	if n > 0 && reductions == nil {
		return false
	}
	if reductions != nil {
		*reductions = SupportedReductions(loop)
		if len(*reductions) != n {
			return false
		}
	}
	return IsLoopMemoryParallel(loop)
}

// isLocallyDefined reports whether v is allocated inside loop, directly or
// through views.
func isLocallyDefined(v *ir.Value, loop *ir.Operation) bool {
	def := memref.AliasRoot(v).DefiningOp()
	return def != nil && def.HasTrait(ir.AllocOnly) && loop != def && loop.IsAncestorOf(def)
}

// IsLoopMemoryParallel is MLIR's isLoopMemoryParallel: no memref iter_arg,
// no op with unknown memory effects in the loop (allocations are fine, and
// so is memref.dealloc of a buffer allocated in the loop), and no
// dependence between two affine accesses at the loop's depth, accesses to
// buffers allocated in the loop aside.
func IsLoopMemoryParallel(loop affine.For) bool {
	for _, r := range loop.Results() {
		if _, ok := r.Type().(*ir.MemRefType); ok {
			return false
		}
		if _, ok := r.Type().(*ir.UnrankedMemRefType); ok {
			return false
		}
	}
	var accesses []Access
	ok := loop.Walk(func(op *ir.Operation) bool {
		if a, isAccess := AccessOf(op); isAccess {
			if !isLocallyDefined(a.MemRef, loop.Operation) {
				accesses = append(accesses, a)
			}
			return true
		}
		switch {
		case op.Name() == "affine.for" || op.Name() == "affine.yield" || op.Name() == "affine.if",
			op.HasTrait(ir.AllocOnly), ir.IsPure(op),
			op.Name() == "memref.dealloc" && isLocallyDefined(op.Operand(0), loop.Operation):
			return true
		}
		return false
	})
	if !ok {
		return false
	}
	depth := NestingDepth(loop.Operation) + 1
	for _, src := range accesses {
		for _, dst := range accesses {
			if CheckDependence(src, dst, depth) != NoDependence {
				return false
			}
		}
	}
	return true
}
