package interp

import (
	"fmt"
	"strings"

	"github.com/kiln-gpu/kiln/ir"
)

// vecPrint prints like MLIR's vector.print: "( 1, 2 )" rows, a newline
// unless punctuation says otherwise.
func (m *Machine) vecPrint(f *frame, op *ir.Operation) error {
	w := m.out()
	if s, ok := op.Attr("stringLiteral").(*ir.StringAttr); ok {
		fmt.Fprint(w, s.Value)
	}
	if op.NumOperands() > 0 {
		v := f.get(op.Operand(0))
		et := ir.ElementTypeOrSelf(op.Operand(0).Type())
		if vec, ok := v.(*Vector); ok {
			var b strings.Builder
			// A 0-d vector prints as one of one element, "( 42 )", as in MLIR.
			dims := vec.Type.Dims
			if len(dims) == 0 {
				dims = []int64{1}
			}
			printVector(&b, et, dims, vec.Elements())
			fmt.Fprint(w, b.String())
		} else {
			fmt.Fprint(w, runnerScalar(et, asScalar(v)))
		}
	}
	switch enumWord(op.Attr("punctuation")) {
	case "no_punctuation":
	case "comma":
		fmt.Fprint(w, ", ")
	case "open":
		fmt.Fprint(w, "( ")
	case "close":
		fmt.Fprint(w, " )")
	default:
		fmt.Fprintln(w)
	}
	return nil
}

func printVector(b *strings.Builder, et ir.Type, dims []int64, el []Scalar) {
	if len(dims) == 0 {
		b.WriteString(runnerScalar(et, el[0]))
		return
	}
	b.WriteString("( ")
	n := product(dims[1:])
	for i := int64(0); i < dims[0]; i++ {
		if i > 0 {
			b.WriteString(", ")
		}
		printVector(b, et, dims[1:], el[i*n:(i+1)*n])
	}
	b.WriteString(" )")
}
