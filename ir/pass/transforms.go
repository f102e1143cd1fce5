package pass

// RegisterTransforms adds the dialect-independent passes, canonicalize,
// cse and symbol-dce, to reg.
func RegisterTransforms(reg Registry) { reg.Add(Canonicalize, CSE, SymbolDCE, Inline(reg)) }
