package transforms

import (
	"math"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/pass"
)

// HoistLoopInvariants returns the spirv-licm pass.
func HoistLoopInvariants() *pass.Pass {
	return &pass.Pass{
		Name:     "SPIRVLoopInvariantCodeMotion",
		Argument: "spirv-licm",
		Summary:  "Move pure ops whose operands are defined outside a spirv.mlir.loop before the loop",
		Run:      func(op *ir.Operation, _ *pass.Context) error { return eachModule(op, HoistInvariants) },
	}
}

// UnsignedLoopCompares returns the spirv-unsigned-loop-compares pass.
func UnsignedLoopCompares() *pass.Pass {
	return &pass.Pass{
		Name:     "SPIRVUnsignedLoopCompares",
		Argument: "spirv-unsigned-loop-compares",
		Summary:  "Compare non-negative loop induction variables with non-negative constants unsigned",
		Run:      func(op *ir.Operation, _ *pass.Context) error { return eachModule(op, UnsignedCompares) },
	}
}

// mayTrap lists the pure ops whose result is undefined behavior for some
// operands (a zero divisor): moving them out of a loop would execute them
// where the program did not.
var mayTrap = map[string]bool{
	"spirv.SDiv": true, "spirv.UDiv": true, "spirv.SRem": true, "spirv.SMod": true, "spirv.UMod": true,
}

// HoistInvariants moves every pure, region-free op of a spirv.mlir.loop
// whose operands are all defined outside the loop to just before it, inner
// loops first, so an invariant of two nested loops leaves both. Access
// chains stay: a pointer computed outside a loop is legal, but drivers fold
// an access chain into the load or store it feeds, which needs them together.
func HoistInvariants(module *ir.Operation) error {
	module.Walk(func(loop *ir.Operation) bool {
		if loop.Name() != "spirv.mlir.loop" {
			return true
		}
		for {
			// Collected first, moved after: the walk must not follow an op
			// out of the loop. An op counts as outside once collected.
			var out []*ir.Operation
			hoisted := map[*ir.Operation]bool{}
			loop.WalkPre(func(op *ir.Operation) (bool, bool) {
				if op != loop && hoistable(op) && definedOutside(op, loop, hoisted) {
					out = append(out, op)
					hoisted[op] = true
				}
				return true, true
			})
			if len(out) == 0 {
				break
			}
			for _, op := range out {
				op.MoveBefore(loop)
			}
		}
		return true
	})
	return nil
}

func hoistable(op *ir.Operation) bool {
	return op.NumRegions() == 0 && op.NumResults() > 0 && ir.IsPure(op) && !mayTrap[op.Name()] &&
		op.Name() != "spirv.AccessChain"
}

// definedOutside reports whether every operand of op is defined outside
// loop or by an op about to leave it.
func definedOutside(op, loop *ir.Operation, leaving map[*ir.Operation]bool) bool {
	for _, v := range op.Operands() {
		def := v.DefiningOp()
		if def == nil {
			def = v.OwnerBlock().ParentOp()
		}
		if loop.IsAncestorOf(def) && !leaving[def] {
			return false
		}
	}
	return true
}

// unsignedOf maps each signed integer comparison to its unsigned twin.
var unsignedOf = map[string]string{
	"spirv.SLessThan":         "spirv.ULessThan",
	"spirv.SLessThanEqual":    "spirv.ULessThanEqual",
	"spirv.SGreaterThan":      "spirv.UGreaterThan",
	"spirv.SGreaterThanEqual": "spirv.UGreaterThanEqual",
}

// UnsignedCompares finds the induction variables of spirv.mlir.loops that
// are provably non-negative and makes their signed comparisons with
// non-negative constants unsigned, as glslang writes a loop over uint: the
// header's argument starts at a constant c >= 0, the continue path adds a
// constant step s > 0, and the header leaves the loop unless the argument is
// below a constant n >= 0 with n - 1 + s representable, so every value it
// takes lies in [0, max(c, n - 1 + s)].
func UnsignedCompares(module *ir.Operation) error {
	b := ir.NewBuilder(module.Context())
	module.Walk(func(loop *ir.Operation) bool {
		if loop.Name() != "spirv.mlir.loop" {
			return true
		}
		for _, iv := range nonNegativeInductionVars(loop) {
			for _, user := range collectUsers(iv) {
				name, ok := unsignedOf[user.Name()]
				if !ok || user.NumOperands() != 2 || !nonNegativeConstant(otherOperand(user, iv)) {
					continue
				}
				b.SetInsertionPointBefore(user)
				u := b.CreateOp(name, user.Loc(), user.Operands(), user.ResultTypes())
				user.ReplaceAllUsesWith(u.Results())
				user.Erase()
			}
		}
		return true
	})
	return nil
}

func collectUsers(v *ir.Value) []*ir.Operation {
	var out []*ir.Operation
	for u := range v.Users() {
		out = append(out, u)
	}
	return out
}

func otherOperand(op *ir.Operation, v *ir.Value) *ir.Value {
	if op.Operand(0) == v {
		return op.Operand(1)
	}
	return op.Operand(0)
}

// intConstant returns the signed value of v when it is an integer constant
// of at most 64 bits, and the largest value of its type.
func intConstant(v *ir.Value) (val, max int64, ok bool) {
	a, ok := ir.ConstantIntAttr(v)
	if !ok {
		return 0, 0, false
	}
	t, ok := v.Type().(*ir.IntegerType)
	if !ok || t.Width > 64 || t.Width < 2 {
		return 0, 0, false
	}
	return a.Int(), int64(uint64(math.MaxInt64) >> (64 - t.Width)), true
}

func nonNegativeConstant(v *ir.Value) bool {
	c, _, ok := intConstant(v)
	return ok && c >= 0
}

// nonNegativeInductionVars returns the header arguments of loop that take
// only non-negative values (see UnsignedCompares).
func nonNegativeInductionVars(loop *ir.Operation) []*ir.Value {
	body := loop.Region(0)
	entry := body.Entry()
	if entry == nil || entry.Next() == nil {
		return nil
	}
	header, merge := entry.Next(), body.Last()
	exit := header.Terminator()
	if exit == nil || exit.Name() != "spirv.BranchConditional" || exit.NumSuccessors() != 2 ||
		exit.Successor(1) != merge || exit.Successor(0) == merge {
		return nil
	}
	cmp := exit.Operand(0).DefiningOp()
	if cmp == nil || cmp.Block() != header || cmp.NumOperands() != 2 {
		return nil
	}
	var out []*ir.Value
	for k, arg := range header.Args() {
		var bound *ir.Value
		switch {
		case cmp.Name() == "spirv.SLessThan" && cmp.Operand(0) == arg:
			bound = cmp.Operand(1)
		case cmp.Name() == "spirv.SGreaterThan" && cmp.Operand(1) == arg:
			bound = cmp.Operand(0)
		default:
			continue
		}
		n, max, ok := intConstant(bound)
		if !ok || n < 0 {
			continue
		}
		if inductionNonNegative(body, header, k, arg, n, max) {
			out = append(out, arg)
		}
	}
	return out
}

// inductionNonNegative checks the values every branch to header passes as
// its k-th argument: constants in [0, max], or arg plus a constant step s > 0
// with n - 1 + s <= max.
func inductionNonNegative(body *ir.Region, header *ir.Block, k int, arg *ir.Value, n, max int64) bool {
	seen := 0
	for blk := body.Entry(); blk != nil; blk = blk.Next() {
		term := blk.Terminator()
		if term == nil {
			continue
		}
		for si, succ := range term.Successors() {
			if succ != header {
				continue
			}
			start, cnt := term.SuccessorOperands(si)
			if k >= cnt {
				return false
			}
			seen++
			in := term.Operand(start + k)
			if c, _, ok := intConstant(in); ok {
				if c < 0 {
					return false
				}
				continue
			}
			add := in.DefiningOp()
			if add == nil || add.Name() != "spirv.IAdd" || (add.Operand(0) != arg && add.Operand(1) != arg) {
				return false
			}
			s, _, ok := intConstant(otherOperand(add, arg))
			if !ok || s <= 0 || n-1 > max-s {
				return false
			}
		}
	}
	return seen > 0
}
