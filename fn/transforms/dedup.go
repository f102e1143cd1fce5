// Package transforms holds the func dialect's passes.
package transforms

import (
	"strings"

	"github.com/kiln-gpu/kiln/fn"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/pass"
)

// Register adds the func dialect's passes to reg.
func Register(reg pass.Registry) { reg.Add(DuplicateFunctionEliminationPass) }

// DuplicateFunctionEliminationPass is MLIR's duplicate-function-elimination:
// of the functions of a symbol table that are equivalent in all but their
// name (attributes and bodies, locations ignored; declarations never), the
// first stays and the others are erased, their uses renamed to it.
func DuplicateFunctionEliminationPass() *pass.Pass {
	return &pass.Pass{Name: "DuplicateFunctionEliminationPass", Argument: "duplicate-function-elimination",
		Summary: "Deduplicate functions", OpName: "builtin.module",
		Run: func(op *ir.Operation, _ *pass.Context) error {
			op.Walk(func(o *ir.Operation) bool {
				if o.HasTrait(ir.SymbolTable) {
					dedupFunctions(o)
				}
				return true
			})
			return nil
		}}
}

// dedupFunctions deduplicates the functions directly in the symbol table
// op. Each function is compared with the representatives found before it
// that share a cheap key (type and op names in walk order).
func dedupFunctions(table *ir.Operation) {
	reps := map[string][]*ir.Operation{}
	renamed := map[string]string{}
	var dups []*ir.Operation
	for _, r := range table.Regions() {
		for b := range r.Blocks() {
			for o := range b.Ops() {
				f, ok := fn.AsFunc(o)
				if !ok || f.IsDeclaration() {
					continue
				}
				key := funcKey(f)
				found := false
				for _, rep := range reps[key] {
					if sameFunc(rep, o) {
						renamed[f.Name()] = fn.Func{Operation: rep}.Name()
						dups = append(dups, o)
						found = true
						break
					}
				}
				if !found {
					reps[key] = append(reps[key], o)
				}
			}
		}
	}
	if len(dups) == 0 {
		return
	}
	// References in a nested symbol table resolve in it (its own
	// attributes in table), so the renaming stays out of its regions.
	ctx := table.Context()
	table.WalkPre(func(o *ir.Operation) (bool, bool) {
		for _, a := range o.Attrs() {
			if n := renameRefs(ctx, a.Value, renamed); n != a.Value {
				o.SetAttr(a.Name, n)
			}
		}
		return o == table || !o.HasTrait(ir.SymbolTable), true
	})
	for _, d := range dups {
		d.Erase()
	}
}

// funcKey is the function's type and the names of the ops of its body in
// walk order: equivalent functions share it.
func funcKey(f fn.Func) string {
	var key strings.Builder
	key.WriteString(ir.TypeString(f.FunctionType()))
	f.Body().Walk(func(o *ir.Operation) bool {
		key.WriteByte(' ')
		key.WriteString(o.Name())
		return true
	})
	return key.String()
}

// sameFunc reports whether a and b differ in nothing but their names.
func sameFunc(a, b *ir.Operation) bool {
	props := func(o *ir.Operation) []ir.NamedAttr {
		var out []ir.NamedAttr
		for _, p := range o.Props() {
			if p.Name != "sym_name" {
				out = append(out, p)
			}
		}
		return out
	}
	if !ir.SameAttrs(props(a), props(b)) || !ir.SameAttrs(a.DiscardableAttrs(), b.DiscardableAttrs()) {
		return false
	}
	// A commutative op's operands count in order, as upstream's
	// duplicate-function-elimination.mlir keeps @add_rl apart from @add_lr.
	return ir.EquivalentRegions(a.Region(0), b.Region(0), false)
}

// renameRefs returns a with the root of each symbol reference named in
// renamed replaced, looking into arrays and dictionaries; a itself when
// nothing changes.
func renameRefs(ctx *ir.Context, a ir.Attribute, renamed map[string]string) ir.Attribute {
	switch a := a.(type) {
	case *ir.SymbolRefAttr:
		if n, ok := renamed[a.Root]; ok {
			return ctx.SymbolRef(n, a.Nested...)
		}
	case *ir.ArrayAttr:
		var out []ir.Attribute
		for i, e := range a.Elems {
			n := renameRefs(ctx, e, renamed)
			if n != e && out == nil {
				out = append([]ir.Attribute(nil), a.Elems...)
			}
			if out != nil {
				out[i] = n
			}
		}
		if out != nil {
			return ctx.ArrayAttr(out...)
		}
	case *ir.DictionaryAttr:
		var out []ir.NamedAttr
		for i, e := range a.Entries {
			n := renameRefs(ctx, e.Value, renamed)
			if n != e.Value && out == nil {
				out = append([]ir.NamedAttr(nil), a.Entries...)
			}
			if out != nil {
				out[i].Value = n
			}
		}
		if out != nil {
			return ctx.DictionaryAttr(out)
		}
	}
	return a
}
