package transforms

import (
	"slices"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/pass"
)

// SSASelectionResults returns the spirv-ssa-selection-results pass.
func SSASelectionResults() *pass.Pass {
	return &pass.Pass{
		Name:     "SPIRVSSASelectionResults",
		Argument: "spirv-ssa-selection-results",
		Summary: "Kiln only: give spirv.mlir.selection results for the values it leaves in Function variables, " +
			"and branch from the header straight to the merge block past cases that only pass values on",
		Run: func(op *ir.Operation, _ *pass.Context) error { return eachModule(op, SelectionResults) },
	}
}

// SelectionResults turns the Function variables through which a
// selection's values reach the code after it (convert-scf-to-spirv's form
// of scf.if results, a store at the end of each case and a load after the
// construct) into arguments of the merge block, which each case's branch
// passes, and results of the spirv.mlir.selection, which its
// spirv.mlir.merge yields: the serializer writes the arguments as the
// merge block's OpPhi and no variable is left. A variable qualifies when
// each block that branches to the merge block stores it once, and every
// other use is a load after the selection in its block or inside ops that
// follow it. Then a case left holding only its branch to the merge block
// (an scf.if's else that yields values from before the construct), whose
// one predecessor is the header's conditional branch, goes: the header
// branches to the merge block with the values itself, as glslang's if
// without else does.
func SelectionResults(module *ir.Operation) error {
	for _, sel := range opsNamed(module, "spirv.mlir.selection") {
		sel = promoteSelectionVars(sel)
		skipEmptyCases(sel)
	}
	return nil
}

// selectionMerge returns the merge block of sel and the blocks that branch
// to it, each once, or nil when some block branches to it on both edges.
func selectionMerge(sel *ir.Operation) (*ir.Block, []*ir.Block) {
	r := sel.Region(0)
	merge := r.Last()
	if merge == nil || merge == r.Entry() || merge.Last() == nil || merge.Last().Name() != "spirv.mlir.merge" {
		return nil, nil
	}
	preds := merge.Predecessors()
	for i, p := range preds {
		if slices.Contains(preds[:i], p) {
			return nil, nil
		}
	}
	return merge, preds
}

// promoteSelectionVars returns the selection, replaced when it grew results.
func promoteSelectionVars(sel *ir.Operation) *ir.Operation {
	merge, preds := selectionMerge(sel)
	if merge == nil || len(preds) == 0 {
		return sel
	}
	type selVar struct {
		v      *ir.Operation
		stores []*ir.Operation // one per block of preds, in its order
		loads  []*ir.Operation
	}
	var vars []selVar
	for op := range preds[0].Ops() {
		if op.Name() != "spirv.Store" || op.NumOperands() != 2 || op.HasAttr("memory_access") {
			continue
		}
		v := op.Operand(0)
		if def := v.DefiningOp(); def == nil || def.Name() != "spirv.Variable" || def.NumOperands() != 0 {
			continue
		}
		sv := selVar{v: v.DefiningOp(), stores: make([]*ir.Operation, len(preds))}
		ok := true
		for use := range v.Uses() {
			u := use.Owner()
			i := slices.Index(preds, u.Block())
			switch {
			case u.Name() == "spirv.Store" && use.Index() == 0 && i >= 0 && sv.stores[i] == nil && !u.HasAttr("memory_access"):
				sv.stores[i] = u
			case u.Name() == "spirv.Load" && u.NumOperands() == 1 && !u.HasAttr("memory_access") && after(u, sel):
				sv.loads = append(sv.loads, u)
			default:
				ok = false
			}
		}
		if ok && !slices.Contains(sv.stores, nil) {
			vars = append(vars, sv)
		}
	}
	if len(vars) == 0 {
		return sel
	}
	m := merge.Last()
	vals := m.Operands()
	types := sel.ResultTypes()
	for _, sv := range vars {
		t := sv.stores[0].Operand(1).Type()
		arg := merge.AddArgument(t, sv.v.Loc())
		for i, p := range preds {
			br := p.Last()
			si := slices.Index(br.Successors(), merge)
			start, n := br.SuccessorOperands(si)
			passed := append(slices.Clone(br.Operands()[start:start+n]), sv.stores[i].Operand(1))
			br.SetSuccessorOperands(si, passed)
			sv.stores[i].Erase()
		}
		vals = append(vals, arg)
		types = append(types, t)
	}
	m.SetOperands(vals)
	loads := make([][]*ir.Operation, len(vars))
	for i, sv := range vars {
		loads[i] = sv.loads
	}
	grown := growResults(sel, types, loads)
	for _, sv := range vars {
		sv.v.Erase()
	}
	return grown
}

// skipEmptyCases makes the header's conditional branch target the merge
// block directly, with the values passed, where it targets a block that
// only branches there and has no other predecessor.
func skipEmptyCases(sel *ir.Operation) {
	merge, _ := selectionMerge(sel)
	if merge == nil {
		return
	}
	hdr := sel.Region(0).Entry().Last()
	if hdr == nil || hdr.Name() != "spirv.BranchConditional" {
		return
	}
	for si := range hdr.NumSuccessors() {
		c := hdr.Successor(si)
		br := c.First()
		other := hdr.Successor(1 - si)
		if c == merge || c.NumArgs() != 0 || br == nil || br != c.Last() || br.Name() != "spirv.Branch" ||
			br.Successor(0) != merge || other == merge || len(c.Predecessors()) != 1 {
			continue
		}
		hdr.SetSuccessor(si, merge)
		hdr.SetSuccessorOperands(si, br.Operands())
		c.Erase()
	}
}
