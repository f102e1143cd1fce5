package pass

import (
	"fmt"
	"slices"
	"strings"

	"github.com/kiln-gpu/kiln/ir"
)

// PrintOpStats returns the print-op-stats pass: as MLIR's, it counts the
// ops nested in the op, the op included, by name and prints the counts in
// name order, as a table or (json) as a JSON object, to the pass manager's
// report output (Context.Report).
func PrintOpStats() *Pass {
	return &Pass{
		Name:     "PrintOpStats",
		Argument: "print-op-stats",
		Summary:  "Print statistics of operations",
		Options: []Option{
			{Name: "json", Kind: BoolOption, Default: "false", Help: "print the stats as JSON"},
		},
		Run: func(op *ir.Operation, pc *Context) error {
			count := map[string]int{}
			op.Walk(func(o *ir.Operation) bool {
				count[o.Name()]++
				return true
			})
			names := slices.Sorted(func(yield func(string) bool) {
				for n := range count {
					if !yield(n) {
						return
					}
				}
			})
			var b strings.Builder
			if pc.Options.Bool("json") {
				b.WriteString("{\n")
				for i, n := range names {
					fmt.Fprintf(&b, "  \"%s\" : %d", n, count[n])
					if i < len(names)-1 {
						b.WriteString(",\n")
					} else {
						b.WriteString("\n")
					}
				}
				b.WriteString("}\n")
				pc.Report(b.String())
				return nil
			}
			b.WriteString("Operations encountered:\n-----------------------\n")
			// Names line up on the dot after the dialect; a name without
			// one starts after the dot's column.
			maxDialect, maxOp := 0, 0
			for _, n := range names {
				d, o := splitOpName(n)
				maxDialect, maxOp = max(maxDialect, len(d)), max(maxOp, len(o))
			}
			for _, n := range names {
				d, o := splitOpName(n)
				if d == "" {
					b.WriteString(strings.Repeat(" ", maxDialect+3))
				} else {
					fmt.Fprintf(&b, "%*s.", maxDialect+2, d)
				}
				fmt.Fprintf(&b, "%-*s , %d\n", maxOp, o, count[n])
			}
			pc.Report(b.String())
			return nil
		},
	}
}

// splitOpName splits "dialect.op" at its first dot; a name without one is
// all op name.
func splitOpName(name string) (dialect, op string) {
	if d, o, ok := strings.Cut(name, "."); ok && o != "" {
		return d, o
	}
	return "", name
}

// PrintIR returns the print-ir pass: as MLIR's, it prints the op it runs
// on, under a "// -----// IR Dump <label> //----- //" header, to the pass
// manager's report output, and changes nothing.
func PrintIR() *Pass {
	return &Pass{
		Name:     "PrintIRPass",
		Argument: "print-ir",
		Summary:  "Print IR on the debug stream",
		Options:  []Option{{Name: "label", Kind: StringOption, Help: "Label"}},
		Run: func(op *ir.Operation, pc *Context) error {
			header := "// -----// IR Dump"
			if l := pc.Options.String("label"); l != "" {
				header += " " + l
			}
			// As Operation::dump: local scope, then a newline.
			pc.Report(header + " //----- //\n" + ir.OpString(op, ir.PrintOptions{LocalScope: true}) + "\n")
			return nil
		},
	}
}
