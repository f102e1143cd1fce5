package ir

// RegionSuccessor is one place control may go from a region-branch op
// (entering it) or from the terminator of one of its regions, with the
// values passed along (MLIR's RegionSuccessor with the successor operands
// of RegionBranchOpInterface and RegionBranchTerminatorOpInterface).
//
// An op that describes its successors accepts the removal of any set of
// inputs together with every operand that is passed to them: a pass may
// drop such results, entry block arguments and operands (of the op and of
// its terminators) and rebuild the op with the rest.
type RegionSuccessor struct {
	// Region is the index of the region entered, or -1 for the op's results.
	Region int
	// Operands [Start, Start+N) of the op (when entering) or of the
	// terminator are passed to Inputs, in order.
	Start, N int
	// Inputs are the entry block arguments of Region (a suffix of them:
	// scf.for's induction variable is not one) or the op's results.
	Inputs []*Value
}

// ResultsSuccessor passes operands [start, ...) of op or of its terminator
// to op's results.
func ResultsSuccessor(op *Operation, start int) RegionSuccessor {
	return RegionSuccessor{Region: -1, Start: start, N: op.NumResults(), Inputs: op.Results()}
}

// EntrySuccessor passes operands [start, ...) of op or of its terminator to
// the arguments of region r's entry block from skip on.
func EntrySuccessor(op *Operation, r, start, skip int) RegionSuccessor {
	args := op.Region(r).Entry().Args()[skip:]
	return RegionSuccessor{Region: r, Start: start, N: len(args), Inputs: args}
}

// BranchSuccessors is the flow of an op that enters one of its regions with
// no values, each region yielding the results (scf.if, scf.index_switch,
// scf.execute_region, affine.if): an empty region, such as a missing else,
// gives back control directly.
func BranchSuccessors(op *Operation, from *Operation) []RegionSuccessor {
	if from != nil {
		return []RegionSuccessor{ResultsSuccessor(op, 0)}
	}
	var out []RegionSuccessor
	for _, r := range op.Regions() {
		if r.Empty() {
			out = append(out, RegionSuccessor{Region: -1})
		} else {
			out = append(out, RegionSuccessor{Region: r.Index()})
		}
	}
	return out
}

// IsRegionBranch reports whether op describes the flow through its regions.
func (op *Operation) IsRegionBranch() bool {
	return op.info.def != nil && op.info.def.RegionSuccessors != nil
}

// RegionSuccessors returns where control may go from op itself (from nil)
// or from from, a terminator of one of op's regions; nil when op does not
// describe its regions.
func (op *Operation) RegionSuccessors(from *Operation) []RegionSuccessor {
	if !op.IsRegionBranch() {
		return nil
	}
	return op.info.def.RegionSuccessors(op, from)
}
