package pass

// RegisterTransforms adds the dialect-independent passes, canonicalize,
// cse, sccp, symbol-dce, symbol-privatize, strip-debuginfo,
// loop-invariant-code-motion, control-flow-sink, topological-sort,
// print-op-stats, print-ir, trivial-dce, snapshot-op-locations,
// hoist-pure-ops, remove-dead-values, inline, composite-fixed-point-pass and
// select-pass, to reg.
func RegisterTransforms(reg Registry) {
	reg.Add(Canonicalize, CSE, SCCP, SymbolDCE, SymbolPrivatize, StripDebugInfo, LoopInvariantCodeMotion, ControlFlowSink, TopologicalSort, PrintOpStats, ViewOpGraph, PrintIR, TrivialDCE, LocationSnapshot, HoistPureOps,
		RemoveDeadValues, Inline(reg), CompositeFixedPointPass(reg), SelectPass(reg))
}
