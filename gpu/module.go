package gpu

import "github.com/kiln-gpu/kiln/ir"

var moduleDef = &ir.OpDef{
	Name:    "gpu.module",
	Summary: "A compilation unit of code to run on a GPU: a symbol table of kernels and device functions.",
	Example: "gpu.module @kernels [#nvvm.target<chip = \"sm_70\">] attributes {test.attr} {\n}",
	Traits: ir.IsolatedFromAbove | ir.SymbolTable | ir.Symbol | ir.NoTerminator | ir.SingleBlock |
		ir.GraphRegion,
	Regions:  ir.Exactly(1),
	Inherent: []string{"sym_name", "targets", "offloadingHandler"},
	// Hand-written: MLIR 16's gpu.module_end is dropped once the body is
	// read, and the body prints without a terminator.
	Parse:  parseModule,
	Print:  printModule,
	Verify: verifyModule,
}

// moduleEndDef is MLIR 16's explicit terminator of gpu.module, accepted on
// input; the custom parser of gpu.module drops it.
var moduleEndDef = &ir.OpDef{
	Name:         "gpu.module_end",
	Summary:      "MLIR 16's terminator of gpu.module bodies (accepted on input, dropped by the custom form).",
	Example:      "\"gpu.module\"() <{sym_name = \"m\"}> ({\n  gpu.module_end\n}) : () -> ()",
	Traits:       ir.Terminator | ir.Pure,
	Format:       &ir.Format{Syntax: "attr-dict"},
	Canonicalize: []*ir.Pattern{eraseModuleEnd},
	Verify: func(op *ir.Operation) error {
		if p := op.ParentOp(); p == nil || p.Name() != "gpu.module" {
			return op.Errorf("expects parent op '%s'", "gpu.module")
		}
		return nil
	},
}

// eraseModuleEnd removes MLIR 16's terminator, which today's gpu.module
// does without, so that generic MLIR 16 input canonicalizes to current IR.
var eraseModuleEnd = &ir.Pattern{
	Name: "gpu-erase-module-end",
	Root: "gpu.module_end",
	Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
		rw.EraseOp(op)
		return true
	},
}

// Module is a typed view of gpu.module.
type Module struct{ *ir.Operation }

// AsModule returns op as a Module if it is a gpu.module.
func AsModule(op *ir.Operation) (Module, bool) {
	if op == nil || op.Name() != "gpu.module" {
		return Module{}, false
	}
	return Module{op}, true
}

// Name returns the module's symbol name.
func (m Module) Name() string { return ir.SymbolName(m.Operation) }

// Targets returns the target attributes (nil when there are none).
func (m Module) Targets() []ir.Attribute {
	if a, ok := m.Attr("targets").(*ir.ArrayAttr); ok {
		return a.Elems
	}
	return nil
}

// Body returns the module's single block (nil for a malformed op).
func (m Module) Body() *ir.Block {
	if m.NumRegions() == 0 {
		return nil
	}
	return m.Region(0).Entry()
}

// Funcs returns the gpu.func ops of the module, in order.
func (m Module) Funcs() []Func {
	var fs []Func
	if b := m.Body(); b != nil {
		for op := range b.Ops() {
			if f, ok := AsFunc(op); ok {
				fs = append(fs, f)
			}
		}
	}
	return fs
}

// Lookup returns the module's symbol of the given name, or nil.
func (m Module) Lookup(name string) *ir.Operation { return ir.LookupSymbol(m.Operation, name) }

// gpu.module @name (<handler>)? ([targets])? (attributes {...})? { body }
func parseModule(p *ir.OpParser, st *ir.OpState) error {
	if err := ir.ParseSymbolNameAttr(p, st, "sym_name"); err != nil {
		return err
	}
	if p.ParseOptionalPunct("<") {
		h, err := p.ParseAttribute(nil)
		if err != nil {
			return err
		}
		st.AddAttr("offloadingHandler", h)
		if err := p.ParsePunct(">"); err != nil {
			return err
		}
	}
	if p.IsPunct("[") {
		at := p.Pos()
		t, err := p.ParseAttribute(nil)
		if err != nil {
			return err
		}
		if _, ok := t.(*ir.ArrayAttr); !ok {
			return ir.Errorf(p.LocAt(at), "expected array of target attributes")
		}
		st.AddAttr("targets", t)
	}
	r, err := ir.ParseAttrDictAndBody(p, st)
	if err != nil {
		return err
	}
	// MLIR 16 ended the body with gpu.module_end; today it has no terminator.
	if last := r.Entry().Last(); last != nil && last.Name() == "gpu.module_end" && len(last.Attrs()) == 0 {
		last.Erase()
	}
	return nil
}

func printModule(p *ir.OpPrinter, op *ir.Operation) {
	p.WriteByte(' ')
	p.SymbolName(ir.SymbolName(op))
	if h := op.Attr("offloadingHandler"); h != nil {
		p.WriteString(" <")
		p.Attr(h)
		p.WriteByte('>')
	}
	if t := op.Attr("targets"); t != nil {
		p.WriteByte(' ')
		p.Attr(t)
	}
	var attrBuf [8]ir.NamedAttr
	p.OptionalAttrDictWithKeyword(sortedAttrs(op, attrBuf[:0]), "sym_name", "targets", "offloadingHandler")
	p.WriteByte(' ')
	regionAt(p, op, false, false)
}

func verifyModule(op *ir.Operation) error {
	if t := op.Attr("targets"); t != nil {
		arr, ok := t.(*ir.ArrayAttr)
		if !ok || len(arr.Elems) == 0 {
			return op.Errorf("attribute 'targets' failed to satisfy constraint: Array of GPU target attributes with at least 1 elements")
		}
	}
	if e := op.Region(0).Entry(); e != nil && e.NumArgs() > 0 {
		return op.Errorf("region should have no arguments")
	}
	return nil
}
