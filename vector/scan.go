package vector

import (
	"slices"

	"github.com/kiln-gpu/kiln/ir"
)

// scanOp is vector.scan: an inclusive or exclusive prefix scan along one
// dimension, also returning the last partial result.
//
//	%r:2 = vector.scan <add>, %v, %init {inclusive = true, reduction_dim = 1 : i64} : vector<4x8xf32>, vector<4xf32>
var scanOp = &ir.OpDef{
	Name:     "vector.scan",
	Summary:  "Scan operation",
	Example:  "%r:2 = vector.scan <add>, %v, %init {inclusive = true, reduction_dim = 1 : i64} : vector<4x8xf32>, vector<4xf32>",
	Traits:   ir.Pure,
	Operands: ir.Exactly(2),
	Results:  ir.Exactly(2),
	Inherent: []string{"kind", "reduction_dim", "inclusive"},
	Format: &ir.Format{Syntax: "$kind `,` $source `,` $initial_value attr-dict `:` type($source) `,` type($initial_value)",
		Operands: []string{"source", "initial_value"}, Results: []string{"dest", "accumulated_value"},
		Attrs:      []ir.FormatAttr{kindFormat("vector.scan")},
		TypesMatch: [][]string{{"source", "dest"}, {"initial_value", "accumulated_value"}}},
	Verify: verifyScan,
}

// ScanDim returns a vector.scan's reduction_dim and whether it is inclusive.
func ScanDim(op *ir.Operation) (int64, bool) {
	d, _ := op.Attr("reduction_dim").(*ir.IntegerAttr)
	inc, _ := op.Attr("inclusive").(*ir.IntegerAttr)
	if d == nil || inc == nil {
		return 0, false
	}
	return d.Int(), inc.Int() != 0
}

func verifyScan(op *ir.Operation) error {
	k, err := verifyKindAttr(op)
	if err != nil {
		return err
	}
	for _, name := range []string{"reduction_dim", "inclusive"} {
		if _, ok := op.Attr(name).(*ir.IntegerAttr); !ok {
			return op.Errorf("requires attribute '%s'", name)
		}
	}
	src, err := vectorOperand(op, 0)
	if err != nil {
		return err
	}
	init, err := vectorOperand(op, 1)
	if err != nil {
		return err
	}
	if op.Result(0).Type() != src || op.Result(1).Type() != init {
		return op.Errorf("failed to verify that all of {source, dest} have same type")
	}
	dim, _ := ScanDim(op)
	rank := int64(len(src.Dims))
	if dim < 0 || dim >= rank {
		return op.Errorf("reduction dimension %d has to be less than %d", dim, rank)
	}
	if int64(len(init.Dims)) != rank-1 {
		return op.Errorf("initial value rank %d has to be equal to %d", len(init.Dims), rank-1)
	}
	want := slices.Delete(slices.Clone(src.Dims), int(dim), int(dim)+1)
	if !slices.Equal(init.Dims, want) {
		return op.Errorf("incompatible input/initial value shapes")
	}
	if !k.SupportsType(src.Elem) {
		return op.Errorf("unsupported reduction type %s for kind '%s'", typeQuoted(src.Elem), k)
	}
	return nil
}
