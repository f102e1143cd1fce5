package runner

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/kiln-gpu/kiln/interp"
	"github.com/kiln-gpu/kiln/ir"
)

// Utilities are the runner utilities of MLIR's RunnerUtils.cpp and
// CRunnerUtils.cpp that interp.Utilities (fillResource*, printMemref*)
// does not already provide, with the same names and output.
var Utilities = utilities()

func utilities() map[string]interp.External {
	u := map[string]interp.External{
		"printNewline": literal("\n"),
		"printComma":   literal(", "),
		"printOpen":    literal("( "),
		"printClose":   literal(" )"),
		"printF32":     printScalar,
		"printF64":     printScalar,
		"printI64":     printScalar,
		"printU64":     printScalar,
	}
	// The printMemrefShape family prints only the descriptor line.
	for _, t := range []string{"F32", "F64", "F16", "BF16", "I8", "I16", "I32", "I64", "Ind", "C32", "C64"} {
		u["printMemrefShape"+t] = printMemrefShape
	}
	return u
}

// installUtilities adds Utilities to a machine's externals.
func installUtilities(m *interp.Machine) {
	for k, v := range Utilities {
		m.Externals[k] = v
	}
}

func literal(s string) interp.External {
	return func(m *interp.Machine, call *ir.Operation, args []interp.Value) ([]interp.Value, error) {
		if err := interp.CheckUtilityCall(call); err != nil {
			return nil, err
		}
		fmt.Fprint(out(m), s)
		return nil, nil
	}
}

// printScalar prints like C's printf: "%g" for floats, "%lld"/"%llu" for
// integers, without a newline.
func printScalar(m *interp.Machine, call *ir.Operation, args []interp.Value) ([]interp.Value, error) {
	// printI64 and printU64 take int64_t and uint64_t.
	want := strings.ToLower(strings.TrimPrefix(callee(call), "print"))
	if want == "u64" {
		want = "i64"
	}
	if err := interp.CheckUtilityCall(call, want); err != nil {
		return nil, err
	}
	s, ok := args[0].(interp.Scalar)
	if !ok {
		return nil, call.Errorf("expected a scalar argument")
	}
	t := call.Operand(0).Type()
	var text string
	switch {
	case ir.IsFloat(t):
		text = formatG(s.F)
	case strings.HasSuffix(callee(call), "U64"):
		text = strconv.FormatUint(s.Bits, 10)
	default:
		text = strconv.FormatInt(s.Int64(t), 10)
	}
	fmt.Fprint(out(m), text)
	return nil, nil
}

// formatG formats like C's "%g".
func formatG(f float64) string {
	switch {
	case math.IsNaN(f):
		return "nan"
	case math.IsInf(f, 1):
		return "inf"
	case math.IsInf(f, -1):
		return "-inf"
	}
	// Go's 'g' with precision 6 matches C's: "1e+06", "0.0001", "3.3".
	return strconv.FormatFloat(f, 'g', 6, 64)
}

// printMemrefShape prints "Unranked Memref base@ = 0x... rank = R offset =
// O sizes = [...] strides = [...]" and a newline, as
// printMemRefMetaData does.
func printMemrefShape(m *interp.Machine, call *ir.Operation, args []interp.Value) ([]interp.Value, error) {
	if err := interp.CheckUtilityCall(call, "memref<*x"+interp.UtilityElem(call, "printMemrefShape")+">"); err != nil {
		return nil, err
	}
	mr, ok := args[0].(*interp.MemRef)
	if !ok {
		return nil, call.Errorf("expected a memref argument")
	}
	fmt.Fprintf(out(m), "Unranked Memref base@ = 0x%x rank = %d offset = %d sizes = %s strides = %s\n",
		0x1000, len(mr.Sizes), mr.Offset, ints(mr.Sizes), ints(mr.Strides))
	return nil, nil
}

func ints(xs []int64) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = strconv.FormatInt(x, 10)
	}
	return "[" + strings.Join(s, ", ") + "]"
}

func callee(call *ir.Operation) string {
	if ref, ok := call.Attr("callee").(*ir.SymbolRefAttr); ok {
		return ref.Leaf()
	}
	return ""
}
