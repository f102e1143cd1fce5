package memref

import "github.com/kiln-gpu/kiln/ir"

// AliasRoot follows view-like ops (casts, subviews, reshapes, transposes,
// views, reinterpret and memory space casts) from v to the memref they
// view, as MLIR's LocalAliasAnalysis collects underlying values.
func AliasRoot(v *ir.Value) *ir.Value {
	for {
		d := v.DefiningOp()
		if d == nil || d.NumOperands() == 0 {
			return v
		}
		switch d.Name() {
		case "memref.cast", "memref.subview", "memref.reinterpret_cast", "memref.expand_shape",
			"memref.collapse_shape", "memref.transpose", "memref.view", "memref.memory_space_cast", "memref.assume_alignment":
			v = d.Operand(0)
		default:
			return v
		}
	}
}

// IsAllocation reports whether v is the result of memref.alloc or
// memref.alloca: fresh memory no other allocation overlaps.
func IsAllocation(v *ir.Value) bool {
	d := v.DefiningOp()
	return d != nil && (d.Name() == "memref.alloc" || d.Name() == "memref.alloca")
}

// IsFunctionArgument reports whether v is an argument of a function-like
// op's entry block (MLIR: FunctionOpInterface), gpu.func as much as
// func.func.
func IsFunctionArgument(v *ir.Value) bool {
	b := v.OwnerBlock()
	return v.IsBlockArgument() && b != nil && b.IsEntry() && b.ParentOp() != nil && ir.FunctionTypeOf(b.ParentOp()) != nil
}

// MayAlias is a local alias query in the manner of MLIR's
// LocalAliasAnalysis: a and b may alias unless, under their views, they are
// two distinct allocations, or an allocation made inside a function and an
// argument of that function (memory the caller owns).
func MayAlias(a, b *ir.Value) bool {
	ra, rb := AliasRoot(a), AliasRoot(b)
	if ra == rb {
		return true
	}
	allocA, allocB := IsAllocation(ra), IsAllocation(rb)
	switch {
	case allocA && allocB:
		return false
	case allocA:
		return !IsFunctionArgument(rb)
	case allocB:
		return !IsFunctionArgument(ra)
	}
	return true
}
