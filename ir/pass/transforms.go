package pass

// RegisterTransforms adds the dialect-independent passes, canonicalize,
// cse, symbol-dce, remove-dead-values and inline, to reg.
func RegisterTransforms(reg Registry) {
	reg.Add(Canonicalize, CSE, SymbolDCE, RemoveDeadValues, Inline(reg))
}
