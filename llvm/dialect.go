package llvm

import "github.com/kiln-gpu/kiln/ir"

// Dialect returns the llvm dialect.
func Dialect() *ir.Dialect { return dialect }

var dialect = &ir.Dialect{
	Name:      "llvm",
	Summary:   "The LLVM IR types and ops that host-side GPU code refers to.",
	Ops:       []*ir.OpDef{zero},
	ParseType: parseType,
	ParseAttr: parseAttr,
}

// zero is `%p = llvm.mlir.zero : !llvm.ptr`, the zero value (null
// pointer, zero-initialized aggregate) of an LLVM-compatible type.
var zero = &ir.OpDef{
	Name:    "llvm.mlir.zero",
	Summary: "Creates a zero-initialized value of LLVM dialect type.",
	Example: "%p = llvm.mlir.zero : !llvm.ptr",
	Traits:  ir.Pure,
	Results: ir.Exactly(1),
	Format: &ir.Format{
		Syntax:  "attr-dict `:` type($res)",
		Results: []string{"res"},
	},
	Verify: func(op *ir.Operation) error {
		if t := op.Result(0).Type(); !IsCompatibleType(t) {
			return op.Errorf("result #0 must be LLVM dialect-compatible type, but got '%s'", ir.TypeString(t))
		}
		return nil
	},
}

// IsCompatibleType reports whether t can be an LLVM dialect value's type
// (MLIR's LLVM::isCompatibleType, for the types Kiln knows): signless
// integers, floats, fixed vectors of those or of pointers, and this
// dialect's types.
func IsCompatibleType(t ir.Type) bool {
	switch t := t.(type) {
	case *ir.IntegerType:
		return t.IsSignless()
	case *ir.FloatType:
		return true
	case *ir.VectorType:
		for _, s := range t.Scalable {
			if s {
				return false
			}
		}
		switch e := t.Elem.(type) {
		case *ir.IntegerType:
			return e.IsSignless()
		case *ir.FloatType, *PointerType:
			return true
		}
		return false
	case *PointerType, *StructType:
		return true
	}
	return false
}
