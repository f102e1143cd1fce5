package ir

// Symbol tables: ops with the SymbolTable trait own a single-block region
// whose ops may define symbols with a sym_name attribute. Lookups are
// cached per table and revalidated on use, so resolving every call in a
// module stays linear in its size.

// Visibility returns an op's symbol visibility: "public" (the default),
// "private" or "nested".
func Visibility(op *Operation) string {
	if v, ok := op.Attr("sym_visibility").(*StringAttr); ok {
		return v.Value
	}
	return "public"
}

// LookupSymbol finds the symbol with the given name directly in a symbol
// table op's body, or nil.
func LookupSymbol(table *Operation, name string) *Operation {
	if len(table.regs()) == 0 || table.regs()[0].first == nil {
		return nil
	}
	body := table.regs()[0].first
	rare := table.rare
	if syms := rare.syms.Load(); syms != nil {
		if op, ok := (*syms)[name]; ok && op.block == body && SymbolName(op) == name {
			return op
		}
	}
	rare.symMu.Lock()
	defer rare.symMu.Unlock()
	syms := map[string]*Operation{}
	for o := body.first; o != nil; o = o.next {
		if n := SymbolName(o); n != "" {
			if _, dup := syms[n]; !dup {
				syms[n] = o
			}
		}
	}
	rare.syms.Store(&syms)
	return syms[name]
}

// LookupSymbolRef resolves a (possibly nested) reference starting at a symbol table op.
func LookupSymbolRef(table *Operation, ref *SymbolRefAttr) *Operation {
	op := LookupSymbol(table, ref.Root)
	for _, n := range ref.Nested {
		if op == nil || !op.HasTrait(SymbolTable) && op.info.def != nil {
			return nil
		}
		op = LookupSymbol(op, n)
	}
	return op
}

// NearestSymbolTable returns the closest ancestor of op (or op itself) that is a symbol table.
func NearestSymbolTable(op *Operation) *Operation {
	for o := op; o != nil; o = o.ParentOp() {
		if o.HasTrait(SymbolTable) {
			return o
		}
	}
	return nil
}

// LookupNearestSymbol resolves ref in the nearest symbol table enclosing
// from (or from itself), as MLIR's lookupNearestSymbolFrom does.
func LookupNearestSymbol(from *Operation, ref *SymbolRefAttr) *Operation {
	t := NearestSymbolTable(from)
	if t == nil {
		return nil
	}
	return LookupSymbolRef(t, ref)
}

// SymbolUses calls fn for every SymbolRefAttr found in the attributes of op
// and the ops nested in it.
func SymbolUses(op *Operation, fn func(user *Operation, ref *SymbolRefAttr)) {
	op.Walk(func(o *Operation) bool {
		for _, a := range o.propList() {
			WalkSymbolRefs(a.Value, func(r *SymbolRefAttr) { fn(o, r) })
		}
		for _, a := range o.discardable() {
			WalkSymbolRefs(a.Value, func(r *SymbolRefAttr) { fn(o, r) })
		}
		return true
	})
}

// WalkSymbolRefs calls fn for each symbol reference in a, looking into
// arrays and dictionaries.
func WalkSymbolRefs(a Attribute, fn func(*SymbolRefAttr)) {
	switch a := a.(type) {
	case *SymbolRefAttr:
		fn(a)
	case *ArrayAttr:
		for _, e := range a.Elems {
			WalkSymbolRefs(e, fn)
		}
	case *DictionaryAttr:
		for _, e := range a.Entries {
			WalkSymbolRefs(e.Value, fn)
		}
	}
}

// SymbolRefChain returns the ops a reference names from table: @a::@b
// gives @a and @b, as far as they are found (nothing for an unknown root).
func SymbolRefChain(table *Operation, ref *SymbolRefAttr) []*Operation {
	if table == nil || !table.HasTrait(SymbolTable) {
		return nil
	}
	sym := LookupSymbol(table, ref.Root)
	if sym == nil {
		return nil
	}
	out := []*Operation{sym}
	for _, n := range ref.Nested {
		if !sym.HasTrait(SymbolTable) {
			break
		}
		if sym = LookupSymbol(sym, n); sym == nil {
			break
		}
		out = append(out, sym)
	}
	return out
}

// EnclosingSymbolTable returns the closest ancestor of op (not op itself)
// that is a symbol table, or nil; it stops at stop, returned when reached.
func EnclosingSymbolTable(op, stop *Operation) *Operation {
	for p := op.ParentOp(); p != nil; p = p.ParentOp() {
		if p == stop || p.HasTrait(SymbolTable) {
			return p
		}
	}
	return nil
}

// IsNamedSymbol reports whether op is a symbol with a name.
func IsNamedSymbol(op *Operation) bool { return op.HasTrait(Symbol) && SymbolName(op) != "" }
