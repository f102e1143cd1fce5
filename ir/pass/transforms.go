package pass

// RegisterTransforms adds the dialect-independent passes, canonicalize,
// cse, symbol-dce, symbol-privatize, strip-debuginfo, remove-dead-values
// and inline, to reg.
func RegisterTransforms(reg Registry) {
	reg.Add(Canonicalize, CSE, SymbolDCE, SymbolPrivatize, StripDebugInfo, RemoveDeadValues, Inline(reg))
}
