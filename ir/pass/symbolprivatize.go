package pass

import (
	"slices"

	"github.com/kiln-gpu/kiln/ir"
)

// SymbolPrivatize returns the symbol-privatize pass: as MLIR's, it makes
// the symbols directly in the op's regions private, except those named in
// the exclude option.
func SymbolPrivatize() *Pass {
	return &Pass{
		Name:     "SymbolPrivatize",
		Argument: "symbol-privatize",
		Summary:  "Mark symbols private",
		Options: []Option{
			{Name: "exclude", Help: "Comma separated list of symbols that should not be marked private", Kind: ListOption},
		},
		Run: func(op *ir.Operation, pc *Context) error {
			exclude := pc.Options.List("exclude")
			private := op.Context().StringAttr("private")
			for _, r := range op.Regions() {
				for b := range r.Blocks() {
					for s := range b.Ops() {
						if ir.IsNamedSymbol(s) && !slices.Contains(exclude, ir.SymbolName(s)) {
							s.SetAttr("sym_visibility", private)
						}
					}
				}
			}
			return nil
		},
	}
}

// StripDebugInfo returns the strip-debuginfo pass: as MLIR's, it sets the
// location of every op nested in the op, the op's own included, and of
// their regions' block arguments to unknown.
func StripDebugInfo() *Pass {
	return &Pass{
		Name:     "StripDebugInfo",
		Argument: "strip-debuginfo",
		Summary:  "Strip debug info from all operations",
		Run: func(op *ir.Operation, _ *Context) error {
			unknown := op.Context().UnknownLoc()
			op.Walk(func(o *ir.Operation) bool {
				o.SetLoc(unknown)
				for _, r := range o.Regions() {
					for b := range r.Blocks() {
						for _, a := range b.Args() {
							a.SetLoc(unknown)
						}
					}
				}
				return true
			})
			return nil
		},
	}
}
