package spirv

import (
	"github.com/kiln-gpu/kiln/ir"
)

// SPV_ARM_graph ops (MLIR's SPIRVGraphOps.td): spirv.ARM.Graph, a
// function-like op over !spirv.arm.tensor values, its interface
// (spirv.ARM.GraphEntryPoint), its terminator (spirv.ARM.GraphOutputs) and
// graph constants supplied at run time (spirv.ARM.GraphConstant); and
// spirv.ExperimentalML.Call of the Arm.ExperimentalMLOperations set.

func graphOps() []*ir.OpDef {
	return []*ir.OpDef{graphOp, graphEntryPointOp, graphOutputsOp, graphConstantOp, experimentalMLCallOp}
}

// graphOp: `spirv.ARM.Graph @g(%arg0: T) -> R [attributes {...}] { ... }`.
// Written by hand: a function signature with named block arguments is
// beyond the declarative format, as for spirv.func.
var graphOp = &ir.OpDef{
	Name:     "spirv.ARM.Graph",
	Summary:  "A SPIR-V graph (SPV_ARM_graph) over tensorARM values.",
	Example:  "spirv.ARM.Graph @g(%arg0: !spirv.arm.tensor<2x3xi16>) -> !spirv.arm.tensor<2x3xi16> {\n  spirv.ARM.GraphOutputs %arg0 : !spirv.arm.tensor<2x3xi16>\n}",
	Traits:   ir.IsolatedFromAbove | ir.Symbol | ir.AutomaticAllocationScope,
	Regions:  ir.Exactly(1),
	Inherent: []string{"sym_name", "function_type", "arg_attrs", "res_attrs", "entry_point"},
	Parse:    parseGraph,
	Print:    printGraph,
	Verify:   verifyInModuleScope(verifyGraph),
}

func parseGraph(p *ir.OpParser, st *ir.OpState) error {
	name, err := p.ParseSymbolName()
	if err != nil {
		return err
	}
	args, argAttrs, results, err := parseSignature(p)
	if err != nil {
		return err
	}
	if err := p.ParseOptionalAttrDictWithKeyword(); err != nil {
		return err
	}
	return parseFunctionBody(p, st, name, args, argAttrs, results)
}

func printGraph(p *ir.OpPrinter, op *ir.Operation) {
	p.WriteString(" ")
	ir.PrintSymbolNameAttr(p, op, "sym_name")
	named := printSignature(p, op)
	p.OptionalAttrDictWithKeyword(op.Attrs(), "sym_name", "function_type", "arg_attrs", "res_attrs")
	if body := op.Region(0); !body.Empty() {
		p.WriteString(" ")
		p.Region(body, !named, true)
	}
}

// verifyGraph is MLIR's GraphARMOp verifyType and verifyBody: at least one
// result, tensorARM arguments and results, an entry block that matches,
// and GraphOutputs that return what the signature says.
func verifyGraph(op *ir.Operation) error {
	ft := FuncType(op)
	if ft == nil {
		return op.Errorf("requires attribute 'function_type' of function type")
	}
	if len(ft.Results) < 1 {
		return op.Errorf("there should be at least one result")
	}
	for i, t := range ft.Inputs {
		if tensorArmOf(t) == nil {
			return op.Errorf("type of argument #%d must be a TensorArmType, but got %s", i, quotedType(t))
		}
	}
	for i, t := range ft.Results {
		if tensorArmOf(t) == nil {
			return op.Errorf("type of result #%d must be a TensorArmType, but got %s", i, quotedType(t))
		}
	}
	body := op.Region(0)
	if body.Empty() {
		return nil
	}
	entry := body.Entry()
	if entry.NumArgs() != len(ft.Inputs) {
		return op.Errorf("entry block must have %d arguments to match graph signature", len(ft.Inputs))
	}
	for i, t := range ft.Inputs {
		if at := entry.Arg(i).Type(); at != t {
			return op.Errorf("type of entry block argument #%d(%s) must match the type of the corresponding argument in graph signature(%s)",
				i, quotedType(at), quotedType(t))
		}
	}
	var err error
	op.Walk(func(o *ir.Operation) bool {
		if o.Name() != "spirv.ARM.GraphOutputs" {
			return true
		}
		if o.NumOperands() != len(ft.Results) {
			err = o.Errorf("is returning %d value(s) but enclosing spirv.ARM.Graph requires %d result(s)", o.NumOperands(), len(ft.Results))
			return false
		}
		for i, v := range o.Operands() {
			if v.Type() != ft.Results[i] {
				err = ir.Errorf(o.Loc(), "type of return operand %d (%s) doesn't match graph result type (%s)", i, quotedType(v.Type()), quotedType(ft.Results[i]))
				return false
			}
		}
		return true
	})
	return err
}

// verifyInGraph is MLIR's InGraphScope trait, checked before verify.
func verifyInGraph(verify func(*ir.Operation) error) func(*ir.Operation) error {
	return func(op *ir.Operation) error {
		if op.ParentOfName("spirv.ARM.Graph") == nil {
			return op.Errorf("failed to verify that op must appear in a spirv.ARM.Graph op's block")
		}
		if verify == nil {
			return nil
		}
		return verify(op)
	}
}

// graphEntryPointOp: `spirv.ARM.GraphEntryPoint @g, @in, @out`. Written by
// hand: the interface is a symbol list without brackets.
var graphEntryPointOp = &ir.OpDef{
	Name:     "spirv.ARM.GraphEntryPoint",
	Summary:  "Declares a graph entry point and its interface variables.",
	Example:  "spirv.ARM.GraphEntryPoint @g, @g_arg_0, @g_res_0",
	Inherent: []string{"fn", "interface"},
	Parse:    parseEntryInterface,
	Print: func(p *ir.OpPrinter, op *ir.Operation) {
		p.WriteString(" ")
		printEntryInterface(p, op)
	},
	Verify: verifyInModuleScope(func(op *ir.Operation) error {
		if _, ok := op.Attr("fn").(*ir.SymbolRefAttr); !ok {
			return op.Errorf("requires attribute 'fn'")
		}
		vars, ok := op.Attr("interface").(*ir.ArrayAttr)
		if !ok {
			return op.Errorf("requires attribute 'interface'")
		}
		for _, v := range vars.Elems {
			if _, ok := v.(*ir.SymbolRefAttr); !ok {
				return op.Errorf("attribute 'interface' failed to satisfy constraint: symbol ref array attribute")
			}
		}
		return nil
	}),
}

// graphOutputsOp: `spirv.ARM.GraphOutputs %v : T`.
var graphOutputsOp = &ir.OpDef{
	Name:     "spirv.ARM.GraphOutputs",
	Summary:  "Returns a graph's outputs.",
	Example:  "spirv.ARM.Graph @g(%arg0: !spirv.arm.tensor<2x3xi16>) -> !spirv.arm.tensor<2x3xi16> {\n  spirv.ARM.GraphOutputs %arg0 : !spirv.arm.tensor<2x3xi16>\n}",
	Traits:   ir.Terminator | ir.Pure,
	Operands: ir.AtLeast(0),
	Format:   &ir.Format{Syntax: "$value attr-dict `:` type($value)", Operands: []string{"value*"}},
	Verify: verifyInGraph(func(op *ir.Operation) error {
		for i, v := range op.Operands() {
			if tensorArmOf(v.Type()) == nil {
				return op.Errorf("operand #%d must be variadic of any tensorArm, but got %s", i, quotedType(v.Type()))
			}
		}
		return nil
	}),
}

// graphConstantOp: `%c = spirv.ARM.GraphConstant {graph_constant_id = 42 : i32} : T`.
var graphConstantOp = &ir.OpDef{
	Name:     "spirv.ARM.GraphConstant",
	Summary:  "A graph constant whose value is supplied when the graph is created.",
	Example:  "spirv.ARM.Graph @g() -> !spirv.arm.tensor<2x3xi16> {\n  %0 = spirv.ARM.GraphConstant {graph_constant_id = 42 : i32} : !spirv.arm.tensor<2x3xi16>\n  spirv.ARM.GraphOutputs %0 : !spirv.arm.tensor<2x3xi16>\n}",
	Traits:   ir.Pure | ir.ConstantLike,
	Results:  ir.Exactly(1),
	Inherent: []string{"graph_constant_id"},
	Format:   &ir.Format{Syntax: "attr-dict `:` type($output)", Results: []string{"output"}},
	Verify: verifyInGraph(func(op *ir.Operation) error {
		if a, ok := op.Attr("graph_constant_id").(*ir.IntegerAttr); !ok || a.Type() != op.Context().I(32) {
			return op.Errorf("attribute 'graph_constant_id' failed to satisfy constraint: 32-bit signless integer attribute")
		}
		if t := op.Result(0).Type(); tensorArmOf(t) == nil {
			return op.Errorf("result #0 must be any tensorArm, but got %s", quotedType(t))
		}
		return nil
	}),
}

// experimentalMLCallOp: `%r = spirv.ExperimentalML.Call opcode = 0, %a, %b : (A, B) -> R`.
var experimentalMLCallOp = &ir.OpDef{
	Name:     "spirv.ExperimentalML.Call",
	Summary:  "Calls an operation of the Arm.ExperimentalMLOperations set.",
	Example:  "%0 = spirv.ExperimentalML.Call opcode = 0, %arg0 : (!spirv.arm.tensor<1x16xf32>) -> !spirv.arm.tensor<1x16xf32>",
	Operands: ir.AtLeast(0),
	Results:  ir.Exactly(1),
	Inherent: []string{"opcode"},
	Format: &ir.Format{Syntax: "`opcode` `=` $opcode `,` $parameters attr-dict `:` functional-type($parameters, $output)",
		Operands: []string{"parameters*"}, Results: []string{"output"},
		Attrs: []ir.FormatAttr{{Name: "opcode", Type: func(ctx *ir.Context) ir.Type { return ctx.I(32) }}}},
	Verify: func(op *ir.Operation) error {
		if a, ok := op.Attr("opcode").(*ir.IntegerAttr); !ok || a.Type() != op.Context().I(32) {
			return op.Errorf("attribute 'opcode' failed to satisfy constraint: 32-bit signless integer attribute")
		}
		return nil
	},
}
