package pass

import (
	"os"
	"strings"

	"github.com/kiln-gpu/kiln/ir"
)

// LocationSnapshot returns the snapshot-op-locations pass, as MLIR's: it
// prints the op to the file named by filename, with the printing options
// given, and gives every op it printed the location of its text there (or,
// with tag, that location named by the tag fused after its own): its line
// and, as the column, the indent of that line, as MLIR's printer records
// it. Ops the printed form leaves out, such as implicit terminators, keep
// theirs.
func LocationSnapshot() *Pass {
	return &Pass{
		Name:     "LocationSnapshot",
		Argument: "snapshot-op-locations",
		Summary:  "Generate new locations from the current IR",
		Options: []Option{
			{Name: "filename", Kind: StringOption, Help: "The filename to print the generated IR"},
			{Name: "tag", Kind: StringOption, Help: "A tag to use when fusing the new locations with the original. If unset, the locations are replaced."},
			{Name: "print-debuginfo", Kind: BoolOption, Default: "false", Help: "Print debug info in MLIR output"},
			{Name: "print-op-generic", Kind: BoolOption, Default: "false", Help: "Print the generic op form"},
			{Name: "print-local-scope", Kind: BoolOption, Default: "false", Help: "Print with local scope and inline information (eliding aliases for attributes, types, and locations"},
			{Name: "pretty-debuginfo", Kind: BoolOption, Default: "false", Help: "Print pretty debug info in MLIR output"},
		},
		Run: func(op *ir.Operation, pc *Context) error {
			o := pc.Options
			file := o.String("filename")
			print := ir.PrintOptions{
				DebugInfo:       o.Bool("print-debuginfo"),
				Generic:         o.Bool("print-op-generic"),
				LocalScope:      o.Bool("print-local-scope"),
				PrettyDebugInfo: o.Bool("pretty-debuginfo"),
			}
			text := ir.OpString(op, print) + "\n"
			if err := os.WriteFile(file, []byte(text), 0o666); err != nil {
				return ir.Errorf(op.Loc(), "%v", err)
			}
			// The ops' places are read from the same text without the
			// locations, which the reader would take instead of the
			// places; the locations only end lines or come after the IR.
			print.DebugInfo, print.PrettyDebugInfo = false, false
			return snapshotLocations(op, text, ir.OpString(op, print)+"\n", file, o.String("tag"))
		},
	}
}

// snapshotLocations reads bare, op as printed without locations, back to
// find where each op starts in text, op as written to file, and sets the
// ops' locations to those places.
func snapshotLocations(op *ir.Operation, text, bare, file, tag string) error {
	// The same ops in the same order, each located in bare. (A copy in
	// op's context: it is dropped after.)
	copied, err := ir.ParseSingleOp(op.Context(), bare, file)
	if err != nil {
		return ir.Errorf(op.Loc(), "snapshot-op-locations: the printed IR does not read back: %v", err)
	}
	var ops, places []*ir.Operation
	op.Walk(func(o *ir.Operation) bool { ops = append(ops, o); return true })
	copied.Walk(func(o *ir.Operation) bool { places = append(places, o); return true })
	if len(ops) != len(places) {
		return ir.Errorf(op.Loc(), "snapshot-op-locations: the printed IR reads back as %d ops, not %d", len(places), len(ops))
	}
	lines := strings.Split(text, "\n")
	ctx := op.Context()
	for i, o := range ops {
		at, ok := ir.FileLineCol(places[i].Loc())
		if !ok || !printedAt(o, lines, int(at.Line), int(at.Col)) {
			continue
		}
		// As MLIR's printer records it: the line, and the indent before
		// the op's text (its results, if any) as the column.
		line := lines[at.Line-1]
		indent := len(line) - len(strings.TrimLeft(line, " "))
		loc := ir.Location(ctx.FileLineColLoc(file, int(at.Line), indent))
		if tag != "" {
			loc = ctx.FusedLoc([]ir.Location{o.Loc(), ctx.NameLoc(tag, loc)}, nil)
		}
		o.SetLoc(loc)
	}
	return nil
}

// printedAt reports whether the reader located o's printed form at
// line:col, its name there (generic, or custom, which may leave out a
// default dialect). An op the printer left out is located elsewhere, at
// the brace of its region.
func printedAt(o *ir.Operation, lines []string, line, col int) bool {
	if line < 1 || line > len(lines) || col < 1 || col > len(lines[line-1])+1 {
		return false
	}
	rest := lines[line-1][col-1:]
	name := o.Name()
	_, short, _ := strings.Cut(name, ".")
	return strings.HasPrefix(rest, `"`) || strings.HasPrefix(rest, name) || short != "" && strings.HasPrefix(rest, short)
}
