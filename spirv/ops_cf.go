package spirv

import (
	"slices"
	"strings"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/spirv/spv"
)

// Control flow: structured spirv.mlir.selection / spirv.mlir.loop with
// spirv.mlir.merge, branches, returns and calls.

// structuredOp makes spirv.mlir.selection and spirv.mlir.loop:
// `spirv.mlir.loop [control(Unroll)] [-> types] { ... }`. As in current
// MLIR, the construct's results are the operands of its spirv.mlir.merge:
// values that dominate the merge block, used after the construct.
func structuredOp(name, attr string, kind *spv.OperandKind, summary, example string) *ir.OpDef {
	return &ir.OpDef{
		Name: name, Summary: summary, Example: example,
		Regions:  ir.Exactly(1),
		Results:  ir.Variadic,
		Traits:   ir.RecursiveEffects,
		Inherent: []string{attr},
		Parse: func(p *ir.OpParser, st *ir.OpState) error {
			ctx := p.Context()
			v := uint32(0)
			if p.ParseOptionalKeyword("control") {
				if err := p.ParsePunct("("); err != nil {
					return err
				}
				var err error
				if v, err = parseKeywordEnum(p.Parser, kind, attr); err != nil {
					return err
				}
				if err := p.ParsePunct(")"); err != nil {
					return err
				}
			}
			st.AddAttr(attr, Enum(ctx, kind, v))
			var err error
			if st.ResultTypes, err = p.ParseOptionalArrowTypeList(); err != nil {
				return err
			}
			if err := p.ParseRegion(st.AddRegion(), nil); err != nil {
				return err
			}
			return p.ParseOptionalAttrDict()
		},
		Print: func(p *ir.OpPrinter, op *ir.Operation) {
			if e := enumAttr(op, attr); e != nil && e.Value != 0 {
				p.WriteString(" control(" + e.Name() + ")")
			}
			p.ArrowTypes(op.ResultTypes())
			p.WriteString(" ")
			p.Region(op.Region(0), false, true)
			p.OptionalAttrDict(op.Attrs(), attr)
		},
		Verify: func(op *ir.Operation) error {
			if err := checkEnumAttr(op, attr, kind, false); err != nil {
				return err
			}
			return nil
		},
		VerifyRegions: func(op *ir.Operation) error {
			r := op.Region(0)
			if r.Empty() {
				return nil
			}
			// The merge block is the last one and holds only spirv.mlir.merge.
			last := r.Last()
			if t := last.First(); t == nil || t.Name() != "spirv.mlir.merge" || t != last.Last() {
				return op.Errorf("last block must be the merge block with only one 'spirv.mlir.merge' op")
			}
			if m := last.First(); m.NumOperands() != op.NumResults() {
				return m.Errorf("expects %d operand(s), one per result of the parent, got %d", op.NumResults(), m.NumOperands())
			} else if !slices.Equal(m.OperandTypes(), op.ResultTypes()) {
				return m.Errorf("operand types %s differ from the parent's result types %s", typeList(m.OperandTypes()), typeList(op.ResultTypes()))
			}
			if name == "spirv.mlir.loop" {
				return verifyLoopBlocks(op, r.BlockList())
			}
			if r.Entry() == last {
				return op.Errorf("must have a selection header block")
			}
			return nil
		},
	}
}

// verifyLoopBlocks checks a loop's layout: an entry block branching to the
// header (the second block), a continue block (second to last) branching
// back to the header, which no other block branches to, and the merge block.
func verifyLoopBlocks(op *ir.Operation, blocks []*ir.Block) error {
	if len(blocks) < 2 {
		return op.Errorf("must have an entry block branching to the loop header block")
	}
	if len(blocks) < 3 {
		return op.Errorf("must have a loop header block branched from the entry block")
	}
	header := blocks[1]
	if br := blocks[0].First(); br == nil || br != blocks[0].Last() || br.Name() != "spirv.Branch" || br.Successor(0) != header {
		return op.Errorf("entry block must only have one 'spirv.Branch' op to the second block")
	}
	if len(blocks) < 4 {
		return op.Errorf("requires a loop continue block branching to the loop header block")
	}
	branchesToHeader := func(b *ir.Block) bool {
		t := b.Last()
		return t != nil && slices.Contains(t.Successors(), header)
	}
	if !branchesToHeader(blocks[len(blocks)-2]) {
		return op.Errorf("second to last block must be the loop continue block that branches to the loop header block")
	}
	for _, b := range blocks[2 : len(blocks)-2] {
		if branchesToHeader(b) {
			return op.Errorf("can only have the entry and loop continue block branching to the loop header block")
		}
	}
	return nil
}

var selectionOp = structuredOp("spirv.mlir.selection", "selection_control", spv.KindSelectionControl,
	"A structured selection: a header block branching to its cases and a merge block.",
	"spirv.mlir.selection control(Flatten) {\n"+
		"  spirv.BranchConditional %cond [5, 10], ^bb1, ^bb2\n"+
		"^bb1:  // pred: ^bb0\n  spirv.Branch ^bb2\n"+
		"^bb2:  // 2 preds: ^bb0, ^bb1\n  spirv.mlir.merge\n}")

var loopOp = structuredOp("spirv.mlir.loop", "loop_control", spv.KindLoopControl,
	"A structured loop: entry, header, body, continue and merge blocks.",
	"spirv.mlir.loop control(Unroll) {\n"+
		"  spirv.Branch ^bb1(%init : i32)\n"+
		"^bb1(%0: i32):  // 2 preds: ^bb0, ^bb2\n"+
		"  %1 = spirv.SLessThan %0, %n : i32\n"+
		"  spirv.BranchConditional %1, ^bb2, ^bb3\n"+
		"^bb2:  // pred: ^bb1\n"+
		"  %2 = spirv.IAdd %0, %n : i32\n"+
		"  spirv.Branch ^bb1(%2 : i32)\n"+
		"^bb3:  // pred: ^bb1\n  spirv.mlir.merge\n}")

// mergeOp: `spirv.mlir.merge`, ending a structured construct's merge block.
var mergeOp = &ir.OpDef{
	Name:     "spirv.mlir.merge",
	Summary:  "Ends the merge block of spirv.mlir.selection or spirv.mlir.loop.",
	Example:  "spirv.mlir.selection {\n  spirv.Branch ^bb1\n^bb1:  // pred: ^bb0\n  spirv.mlir.merge\n}",
	Traits:   ir.Terminator | ir.Pure | ir.ReturnLike,
	Operands: ir.Variadic,
	Parse:    parseOptionalOperandsWithTypes,
	Print:    printOptionalOperandsWithTypes,
	Verify: func(op *ir.Operation) error {
		parent := op.ParentOp()
		if parent == nil || (parent.Name() != "spirv.mlir.selection" && parent.Name() != "spirv.mlir.loop") {
			return op.Errorf("expected parent op to be 'spirv.mlir.selection' or 'spirv.mlir.loop'")
		}
		if op != op.ParentRegion().Last().Last() {
			return op.Errorf("can only be used in the last block of 'spirv.mlir.selection' or 'spirv.mlir.loop'")
		}
		return nil
	},
}

// parseOptionalOperandsWithTypes parses `[%a, %b : T1, T2]`.
func parseOptionalOperandsWithTypes(p *ir.OpParser, st *ir.OpState) error {
	us, err := p.ParseOperandList()
	if err != nil {
		return err
	}
	if err := p.ParseOptionalAttrDict(); err != nil {
		return err
	}
	if len(us) == 0 {
		return nil
	}
	ts, err := p.ParseColonTypeList()
	if err != nil {
		return err
	}
	return p.ResolveOperands(us, ts)
}

func printOptionalOperandsWithTypes(p *ir.OpPrinter, op *ir.Operation) {
	if op.NumOperands() > 0 {
		p.WriteString(" ")
		p.Operands(op.Operands())
	}
	p.OptionalAttrDict(op.Attrs())
	if op.NumOperands() > 0 {
		p.WriteString(" : ")
		p.TypeList(op.OperandTypes())
	}
}

// branchOp: `spirv.Branch ^bb1(%a : i32)`.
var branchOp = &ir.OpDef{
	Name:       "spirv.Branch",
	Summary:    "Unconditional branch to a block.",
	Example:    "spirv.func @f(%arg0: i32) \"None\" {\n  spirv.Branch ^bb1(%arg0 : i32)\n^bb1(%0: i32):  // pred: ^bb0\n  spirv.Return\n}",
	Traits:     ir.Terminator | ir.Pure,
	Operands:   ir.Variadic,
	Successors: ir.Exactly(1),
	Parse: func(p *ir.OpParser, st *ir.OpState) error {
		if _, _, err := p.ParseSuccessorAndArgs(); err != nil {
			return err
		}
		return p.ParseOptionalAttrDict()
	},
	Print: func(p *ir.OpPrinter, op *ir.Operation) {
		p.WriteString(" ")
		p.SuccessorAndArgs(op.Successor(0), op.Operands())
		p.OptionalAttrDict(op.Attrs())
	},
	SuccessorOperands:    func(op *ir.Operation, _ int) (int, int) { return 0, op.NumOperands() },
	SetSuccessorOperands: func(op *ir.Operation, _ int, vals []*ir.Value) { op.SetOperands(vals) },
}

// branchConditionalOp: `spirv.BranchConditional %c [1, 2], ^t(%a : i32), ^f`.
var branchConditionalOp = &ir.OpDef{
	Name:    "spirv.BranchConditional",
	Summary: "Branches to one of two blocks by a condition, with optional branch weights.",
	Example: "spirv.func @f(%arg0: i1, %arg1: i32) \"None\" {\n" +
		"  spirv.BranchConditional %arg0 [1, 2], ^bb1(%arg1 : i32), ^bb2\n" +
		"^bb1(%0: i32):  // pred: ^bb0\n  spirv.Return\n^bb2:  // pred: ^bb0\n  spirv.Return\n}",
	Traits:     ir.Terminator | ir.Pure | ir.AttrSizedOperandSegments,
	Operands:   ir.AtLeast(1),
	Successors: ir.Exactly(2),
	Inherent:   []string{"branch_weights"},
	Parse: func(p *ir.OpParser, st *ir.OpState) error {
		ctx := p.Context()
		c, err := p.ParseOperand()
		if err != nil {
			return err
		}
		cond, err := p.Resolve(c, ctx.I(1))
		if err != nil {
			return err
		}
		st.Operands = append(st.Operands, cond)
		if p.ParseOptionalPunct("[") {
			var ws []ir.Attribute
			for {
				w, err := p.ParseInteger()
				if err != nil {
					return err
				}
				ws = append(ws, ctx.I32Attr(w))
				if !p.ParseOptionalPunct(",") {
					break
				}
			}
			if err := p.ParsePunct("]"); err != nil {
				return err
			}
			st.AddAttr("branch_weights", ctx.ArrayAttr(ws...))
		}
		if err := p.ParsePunct(","); err != nil {
			return err
		}
		_, t, err := p.ParseSuccessorAndArgs()
		if err != nil {
			return err
		}
		if err := p.ParsePunct(","); err != nil {
			return err
		}
		_, f, err := p.ParseSuccessorAndArgs()
		if err != nil {
			return err
		}
		st.AddAttr("operandSegmentSizes", ctx.DenseI32Array(1, int64(len(t)), int64(len(f))))
		return p.ParseOptionalAttrDict()
	},
	Print: func(p *ir.OpPrinter, op *ir.Operation) {
		p.WriteString(" ")
		p.Operand(op.Operand(0))
		if ws, ok := op.Attr("branch_weights").(*ir.ArrayAttr); ok {
			p.WriteString(" [")
			for i, w := range ws.Elems {
				if i > 0 {
					p.WriteString(", ")
				}
				if ia, ok := w.(*ir.IntegerAttr); ok {
					p.WriteString(itoa(ia.Int()))
				}
			}
			p.WriteString("]")
		}
		for i := 0; i < 2; i++ {
			p.WriteString(", ")
			start, n := condBranchOperands(op, i)
			var args []*ir.Value
			if start >= 0 && start+n <= op.NumOperands() {
				args = op.Operands()[start : start+n]
			}
			p.SuccessorAndArgs(op.Successor(i), args)
		}
		p.OptionalAttrDict(op.Attrs(), "branch_weights", "operandSegmentSizes")
	},
	SuccessorOperands:    condBranchOperands,
	SetSuccessorOperands: func(op *ir.Operation, i int, vals []*ir.Value) { ir.SetOperandSegment(op, i+1, vals) },
	Verify: func(op *ir.Operation) error {
		if !isBool(op.Operand(0).Type()) {
			return op.Errorf("operand #0 must be bool, but got '%s'", typeString(op.Operand(0).Type()))
		}
		if a := op.Attr("branch_weights"); a != nil {
			ws, ok := a.(*ir.ArrayAttr)
			if !ok || len(ws.Elems) != 2 {
				return op.Errorf("must have exactly two branch weights")
			}
			total := int64(0)
			for _, w := range ws.Elems {
				ia, ok := w.(*ir.IntegerAttr)
				if !ok {
					return op.Errorf("branch weights must be integers")
				}
				total += ia.Int()
			}
			if total == 0 {
				return op.Errorf("branch weights cannot both be zero")
			}
		}
		return nil
	},
}

// condBranchOperands reads operandSegmentSizes (condition, true args, false args).
func condBranchOperands(op *ir.Operation, i int) (int, int) {
	seg, ok := op.Attr("operandSegmentSizes").(*ir.DenseArrayAttr)
	if !ok || len(seg.Ints) != 3 || i > 1 {
		return -1, 0
	}
	if i == 0 {
		return int(seg.Ints[0]), int(seg.Ints[1])
	}
	return int(seg.Ints[0] + seg.Ints[1]), int(seg.Ints[2])
}

// simpleTerminator makes spirv.Return, spirv.Unreachable and spirv.Kill.
func simpleTerminator(name, summary string) *ir.OpDef {
	return &ir.OpDef{
		Name: "spirv." + name, Summary: summary, Example: "spirv.func @f() \"None\" {\n  spirv." + name + "\n}",
		Traits: ir.Terminator,
		Parse:  func(p *ir.OpParser, _ *ir.OpState) error { return p.ParseOptionalAttrDict() },
		Print:  func(p *ir.OpPrinter, op *ir.Operation) { p.OptionalAttrDict(op.Attrs()) },
	}
}

// unreachableOp is spirv.Unreachable, which cannot end an entry block.
func unreachableOp() *ir.OpDef {
	d := simpleTerminator("Unreachable", "Declares that this point is never reached.")
	d.Example = "spirv.func @f() \"None\" {\n  spirv.Return\n^bb1:  // no predecessors\n  spirv.Unreachable\n}"
	return d
}

// withVerify sets d's verifier.
func withVerify(d *ir.OpDef, verify func(*ir.Operation) error) *ir.OpDef {
	d.Verify = verify
	return d
}

// returnValueOp: `spirv.ReturnValue %v : T`.
var returnValueOp = &ir.OpDef{
	Name:     "spirv.ReturnValue",
	Summary:  "Returns a value from the function.",
	Example:  "spirv.func @f(%arg0: i32) -> i32 \"None\" {\n  spirv.ReturnValue %arg0 : i32\n}",
	Traits:   ir.Terminator | ir.ReturnLike,
	Operands: ir.Exactly(1),
	Parse:    parseOptionalOperandsWithTypes,
	Print:    printOptionalOperandsWithTypes,
	Verify:   verifyReturn,
}

// functionCallOp: `%r = spirv.FunctionCall @f(%a, %b) : (i32, i32) -> i32`.
var functionCallOp = &ir.OpDef{
	Name:    "spirv.FunctionCall",
	Summary: "Calls a spirv.func.",
	Example: "spirv.module Logical GLSL450 {\n" +
		"  spirv.func @add(%arg0: i32, %arg1: i32) -> i32 \"None\" {\n    %0 = spirv.IAdd %arg0, %arg1 : i32\n    spirv.ReturnValue %0 : i32\n  }\n" +
		"  spirv.func @f(%arg0: i32) -> i32 \"None\" {\n    %0 = spirv.FunctionCall @add(%arg0, %arg0) : (i32, i32) -> i32\n    spirv.ReturnValue %0 : i32\n  }\n}",
	// At most one result, checked by Verify with ODS's wording for an
	// optional result.
	Operands: ir.Variadic, Results: ir.Variadic,
	Inherent: []string{"callee"},
	Parse: func(p *ir.OpParser, st *ir.OpState) error {
		callee, err := p.ParseSymbolName()
		if err != nil {
			return err
		}
		st.AddAttr("callee", p.Context().SymbolRef(callee))
		us, err := p.ParseParenOperandList()
		if err != nil {
			return err
		}
		return ir.ParseFunctionalTail(p, st, us)
	},
	Print: func(p *ir.OpPrinter, op *ir.Operation) {
		p.WriteString(" ")
		if ref, ok := op.Attr("callee").(*ir.SymbolRefAttr); ok {
			p.SymbolName(ref.Root)
		}
		p.WriteString("(")
		p.Operands(op.Operands())
		p.WriteString(")")
		p.OptionalAttrDict(op.Attrs(), "callee")
		p.WriteString(" : ")
		p.FunctionalType(op)
	},
	Verify: func(op *ir.Operation) error {
		if n := op.NumResults(); n > 1 {
			return op.Errorf("result group starting at #0 requires 0 or 1 element, but found %d", n)
		}
		ref, ok := op.Attr("callee").(*ir.SymbolRefAttr)
		if !ok {
			return op.Errorf("requires attribute 'callee'")
		}
		f := ir.LookupNearestSymbol(op, ref)
		if f == nil || f.Name() != "spirv.func" {
			return op.Errorf("callee function '%s' not found in nearest symbol table", ref.Root)
		}
		ft := FuncType(f)
		if ft == nil {
			return nil
		}
		if len(ft.Inputs) != op.NumOperands() {
			return op.Errorf("has incorrect number of operands for callee: expected %d, but provided %d", len(ft.Inputs), op.NumOperands())
		}
		for i, t := range ft.Inputs {
			if op.Operand(i).Type() != t {
				return op.Errorf("operand type mismatch: expected operand type %s, but provided %s for operand number %d",
					quotedType(t), quotedType(op.Operand(i).Type()), i)
			}
		}
		if len(ft.Results) != op.NumResults() {
			return op.Errorf("has incorrect number of results has for callee: expected %d, but provided %d", len(ft.Results), op.NumResults())
		}
		if op.NumResults() == 1 && op.Result(0).Type() != ft.Results[0] {
			return op.Errorf("result type mismatch: expected %s, but provided %s", quotedType(ft.Results[0]), quotedType(op.Result(0).Type()))
		}
		return nil
	},
}

func controlFlowOps() []*ir.OpDef {
	return []*ir.OpDef{
		selectionOp, loopOp, mergeOp, branchOp, branchConditionalOp, switchOp,
		withVerify(simpleTerminator("Return", "Returns from a function without a value."), verifyReturn),
		withVerify(unreachableOp(), func(op *ir.Operation) error {
			if op.Block().IsEntry() {
				return op.Errorf("cannot be used in reachable block")
			}
			return nil
		}),
		simpleTerminator("Kill", "Discards the fragment (fragment shaders only)."),
		returnValueOp, functionCallOp,
	}
}

// typeList writes types as `(t1, t2)`.
func typeList(ts []ir.Type) string {
	var b strings.Builder
	b.WriteByte('(')
	for i, t := range ts {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(ir.TypeString(t))
	}
	b.WriteByte(')')
	return b.String()
}
