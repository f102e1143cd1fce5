package interp

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/kiln-gpu/kiln/ir"
)

// Utilities are MLIR's runner utility functions that the upstream Vulkan
// tests declare: the fillResource family of the Vulkan runtime wrappers
// and the printMemref family of the runner utilities. New installs them
// on every Machine; the runner may reuse or replace entries.
var Utilities = map[string]External{
	"fillResource1DFloat": fillResource, "fillResource2DFloat": fillResource, "fillResource3DFloat": fillResource,
	"fillResource1DInt": fillResource, "fillResource2DInt": fillResource, "fillResource3DInt": fillResource,
	"fillResource1DInt8": fillResource, "fillResource2DInt8": fillResource, "fillResource3DInt8": fillResource,
	"printMemrefF32": printMemref, "printMemrefF64": printMemref, "printMemrefF16": printMemref,
	"printMemrefBF16": printMemref, "printMemrefI32": printMemref, "printMemrefI64": printMemref,
	"printMemrefI8": printMemref, "printMemrefI16": printMemref, "printMemrefInd": printMemref,
}

// fillResource sets every element of a memref to a scalar.
func fillResource(m *Machine, call *ir.Operation, args []Value) ([]Value, error) {
	if len(args) != 2 {
		return nil, call.Errorf("fillResource expects a memref and a value")
	}
	mr, ok := args[0].(*MemRef)
	v, ok2 := args[1].(Scalar)
	if !ok || !ok2 {
		return nil, call.Errorf("fillResource expects a memref and a scalar")
	}
	if mr.Buf.Freed {
		return nil, call.Errorf("fillResource of a deallocated memref")
	}
	mr.fill(v)
	return nil, nil
}

// printMemref prints a memref the way MLIR's runner utilities do.
func printMemref(m *Machine, call *ir.Operation, args []Value) ([]Value, error) {
	if err := CheckUtilityCall(call, "memref<*x"+UtilityElem(call, "printMemref")+">"); err != nil {
		return nil, err
	}
	mr, ok := args[0].(*MemRef)
	if !ok {
		return nil, call.Errorf("printMemref expects a memref")
	}
	if mr.Buf.Freed {
		return nil, call.Errorf("printMemref of a deallocated memref")
	}
	PrintMemref(m.out(), mr)
	return nil, nil
}

// utilityElems maps the suffix of a runner utility's name (printMemrefF32)
// to the element type its C function reads.
var utilityElems = map[string]string{
	"F32": "f32", "F64": "f64", "F16": "f16", "BF16": "bf16", "I8": "i8", "I16": "i16",
	"I32": "i32", "I64": "i64", "Ind": "index", "C32": "complex<f32>", "C64": "complex<f64>",
}

// UtilityElem is the element type the runner utility that call names
// reads, given the name's prefix: "f32" for printMemrefF32.
func UtilityElem(call *ir.Operation, prefix string) string {
	return utilityElems[strings.TrimPrefix(calleeName(call), prefix)]
}

// CheckUtilityCall checks that call passes a runner utility the operand
// types its C function in MLIR's RunnerUtils reads (want, as printed;
// memref<*xT> stands for an unranked memref of T in any memory space).
// MLIR's runner would read other types as these and print garbage, so
// they are an error here rather than a guess.
func CheckUtilityCall(call *ir.Operation, want ...string) error {
	name := calleeName(call)
	got := make([]string, call.NumOperands())
	ok := len(got) == len(want)
	for i := range got {
		t := call.Operand(i).Type()
		if u, isU := t.(*ir.UnrankedMemRefType); isU {
			got[i] = "memref<*x" + ir.TypeString(u.Elem) + ">"
		} else {
			got[i] = ir.TypeString(t)
		}
		ok = ok && got[i] == want[i]
	}
	if ok {
		return nil
	}
	return call.Errorf("runner utility '%s' takes (%s), as MLIR's runner utilities declare it, but is called with (%s)",
		name, strings.Join(want, ", "), strings.Join(got, ", "))
}

func calleeName(call *ir.Operation) string {
	if ref, ok := call.Attr("callee").(*ir.SymbolRefAttr); ok {
		return ref.Leaf()
	}
	return call.Name()
}

// PrintMemref writes mr with MLIR's runner-utils header and nested rows,
// e.g. "[1,  2,  3]" for a rank-1 memref. The base address is a stand-in.
func PrintMemref(w io.Writer, mr *MemRef) {
	fmt.Fprintf(w, "Unranked Memref base@ = 0x%x rank = %d offset = %d sizes = %s strides = %s data = \n",
		0x1000, len(mr.Sizes), mr.Offset, intsString(mr.Sizes), intsString(mr.Strides))
	var b strings.Builder
	printRows(&b, mr, nil, len(mr.Sizes))
	b.WriteString("\n")
	io.WriteString(w, b.String())
}

func intsString(xs []int64) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = strconv.FormatInt(x, 10)
	}
	return "[" + strings.Join(s, ", ") + "]"
}

// printRows follows MemRefDataPrinter: rows after the first are indented
// by rank-dim+1 spaces, and inner dimensions are separated by newlines.
func printRows(b *strings.Builder, mr *MemRef, idx []int64, rank int) {
	dim := rank - len(idx)
	if dim == 0 {
		v, _ := mr.At(idx...)
		b.WriteString(runnerScalar(mr.Elem, v))
		return
	}
	n := mr.Sizes[len(idx)]
	b.WriteString("[")
	for i := int64(0); i < n; i++ {
		if i > 0 {
			b.WriteString(strings.Repeat(" ", rank-dim+1))
		}
		printRows(b, mr, append(idx[:len(idx):len(idx)], i), rank)
		if i+1 < n {
			b.WriteString(", ")
			if dim > 1 {
				b.WriteString("\n")
			}
		}
	}
	b.WriteString("]")
}

// runnerScalar formats like C++'s ostream: floats with 6 significant digits.
func runnerScalar(t ir.Type, s Scalar) string {
	if s.Poison {
		return "poison"
	}
	if ir.IsFloat(t) {
		switch {
		case math.IsNaN(s.F):
			return "nan"
		case math.IsInf(s.F, 1):
			return "inf"
		case math.IsInf(s.F, -1):
			return "-inf"
		}
		return strconv.FormatFloat(s.F, 'g', 6, 64)
	}
	return formatScalar(t, s)
}
