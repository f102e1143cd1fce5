package memref

import (
	"github.com/kiln-gpu/kiln/ir"
)

var realloc = &ir.OpDef{
	Name: "memref.realloc", Summary: "Grows or shrinks a 1-D buffer, copying its elements and freeing the old one.",
	Example:  "%r = memref.realloc %m(%d) : memref<4xf32> to memref<?xf32>",
	Operands: ir.Between(1, 2),
	Results:  ir.Exactly(1),
	// MLIR's ReallocOp canonicalization: SimplifyDeadAlloc<ReallocOp>.
	Canonicalize: []*ir.Pattern{{Name: "simplify-dead-alloc", Root: "memref.realloc", Rewrite: simplifyDeadAlloc}},
	Inherent:     []string{"alignment"},
	Format: &ir.Format{Syntax: "$source (`(` $dynamicResultSize^ `)`)? attr-dict `:` type($source) `to` type(results)",
		Operands: []string{"source", "dynamicResultSize?"}, Results: []string{"result"}, Types: indexTypes("dynamicResultSize")},
	Verify: func(op *ir.Operation) error {
		oneD := func(t ir.Type) bool { m, ok := t.(*ir.MemRefType); return ok && len(m.Dims) == 1 }
		if err := checkOperand(op, 0, oneD, "1D memref of any type values"); err != nil {
			return err
		}
		if err := checkResult(op, 0, oneD, "1D memref of any type values"); err != nil {
			return err
		}
		if err := checkIndexOperands(op, 1, op.NumOperands()-1); err != nil {
			return err
		}
		if err := checkAlignment(op, "alignment"); err != nil {
			return err
		}
		src, res := op.Operand(0).Type().(*ir.MemRefType), op.Result(0).Type().(*ir.MemRefType)
		if !HasIdentityLayout(src) || !HasIdentityLayout(res) {
			return op.Errorf("unsupported layout")
		}
		if src.Elem != res.Elem {
			return op.Errorf("different element types specified for source type %s and result memref type %s: source element type ('%s') does not match result element type ('%s')",
				ir.TypeString(src), ir.TypeString(res), ir.TypeString(src.Elem), ir.TypeString(res.Elem))
		}
		if src.MemorySpace != res.MemorySpace {
			return op.Errorf("different memory spaces specified for source memref type %s and result memref type %s", ir.TypeString(src), ir.TypeString(res))
		}
		if res.Dims[0] == ir.Dynamic && op.NumOperands() == 1 {
			return op.Errorf("missing dimension operand")
		}
		if res.Dims[0] != ir.Dynamic && op.NumOperands() == 2 {
			return op.Errorf("unnecessary dimension operand")
		}
		return nil
	},
}

var reshape = &ir.OpDef{
	Name: "memref.reshape", Summary: "Views a contiguous memref with the shape held in a 1-D memref.",
	Example:  "%r = memref.reshape %m(%shape) : (memref<*xf32>, memref<2xi32>) -> memref<?x?xf32>",
	Traits:   ir.Pure,
	Operands: ir.Exactly(2),
	Results:  ir.Exactly(1),
	Format: &ir.Format{Syntax: "$source `(` $shape `)` attr-dict `:` functional-type(operands, results)",
		Operands: []string{"source", "shape"}, Results: []string{"result"}},
	Verify: func(op *ir.Operation) error {
		if err := checkOperand(op, 0, isMemRef, anyMemRef); err != nil {
			return err
		}
		shapeOK := func(t ir.Type) bool {
			m, ok := t.(*ir.MemRefType)
			return ok && len(m.Dims) == 1 && (ir.IsIntOrIndex(m.Elem))
		}
		if err := checkOperand(op, 1, shapeOK, "1D memref of signless integer or index values"); err != nil {
			return err
		}
		if err := checkResult(op, 0, isMemRef, anyMemRef); err != nil {
			return err
		}
		src, res := op.Operand(0).Type(), op.Result(0).Type()
		shape := op.Operand(1).Type().(*ir.MemRefType)
		if ir.ElementTypeOrSelf(src) != ir.ElementTypeOrSelf(res) {
			return op.Errorf("element types of source and destination memref types should be the same")
		}
		if s, ok := src.(*ir.MemRefType); ok && !HasIdentityLayout(s) {
			return op.Errorf("source memref type should have identity affine map")
		}
		r, ranked := res.(*ir.MemRefType)
		if !ranked {
			return nil
		}
		if !HasIdentityLayout(r) {
			return op.Errorf("result memref type should have identity affine map")
		}
		if shape.Dims[0] == ir.Dynamic {
			return op.Errorf("cannot use shape operand with dynamic length to reshape to statically-ranked memref type")
		}
		if shape.Dims[0] != int64(len(r.Dims)) {
			return op.Errorf("length of shape operand differs from the result's memref rank")
		}
		return nil
	},
}

var prefetch = &ir.OpDef{
	Name: "memref.prefetch", Summary: "Hints that an element of a memref will be read or written soon.",
	Example:  "memref.prefetch %m[%i, %j], write, locality<1>, data : memref<4x4xi32>",
	Operands: ir.AtLeast(1),
	Inherent: []string{"isWrite", "localityHint", "isDataCache"},
	// %m[%i], read|write, locality<N>, data|instr attr-dict : type
	// Hand-written as in MLIR (hasCustomAssemblyFormat).
	Parse: func(p *ir.OpParser, st *ir.OpState) error {
		ctx := p.Context()
		m, err := p.ParseOperand()
		if err != nil {
			return err
		}
		idx, err := parseIndices(p)
		if err != nil {
			return err
		}
		if err := p.ParsePunct(","); err != nil {
			return err
		}
		at := p.Pos()
		rw, err := p.ParseKeywordAny()
		if err != nil || rw != "read" && rw != "write" {
			return ir.Errorf(p.LocAt(at), "rw specifier has to be 'read' or 'write'")
		}
		st.AddAttr("isWrite", ctx.BoolAttr(rw == "write"))
		if err := p.ParsePunct(","); err != nil {
			return err
		}
		if err := p.ParseKeyword("locality"); err != nil {
			return err
		}
		if err := p.ParsePunct("<"); err != nil {
			return err
		}
		n, err := p.ParseInteger()
		if err != nil {
			return err
		}
		st.AddAttr("localityHint", ctx.I32Attr(n))
		if err := p.ParsePunct(">"); err != nil {
			return err
		}
		if err := p.ParsePunct(","); err != nil {
			return err
		}
		at = p.Pos()
		ct, err := p.ParseKeywordAny()
		if err != nil || ct != "data" && ct != "instr" {
			return ir.Errorf(p.LocAt(at), "cache type has to be 'data' or 'instr'")
		}
		st.AddAttr("isDataCache", ctx.BoolAttr(ct == "data"))
		if err := p.ParseOptionalAttrDict(); err != nil {
			return err
		}
		t, err := p.ParseColonType()
		if err != nil {
			return err
		}
		if err := p.ResolveOperands([]ir.UnresolvedOperand{m}, []ir.Type{t}); err != nil {
			return err
		}
		return resolveIndex(p, idx)
	},
	Print: func(p *ir.OpPrinter, op *ir.Operation) {
		p.WriteByte(' ')
		p.Operand(op.Operand(0))
		printIndices(p, op.Operands()[1:])
		if boolAttr(op, "isWrite") {
			p.WriteString(", write")
		} else {
			p.WriteString(", read")
		}
		p.WriteString(", locality<")
		p.Int(intAttr(op, "localityHint"))
		p.WriteByte('>')
		if boolAttr(op, "isDataCache") {
			p.WriteString(", data")
		} else {
			p.WriteString(", instr")
		}
		p.OptionalAttrDict(op.Attrs(), "isWrite", "localityHint", "isDataCache")
		p.WriteString(" : ")
		p.Type(op.Operand(0).Type())
	},
	Verify: func(op *ir.Operation) error {
		for _, n := range []string{"isWrite", "isDataCache"} {
			if b, ok := op.Attr(n).(*ir.IntegerAttr); !ok || ir.IntOrFloatBitWidth(b.Type()) != 1 {
				return op.Errorf("requires attribute '%s'", n)
			}
		}
		l, ok := op.Attr("localityHint").(*ir.IntegerAttr)
		if !ok || ir.IntOrFloatBitWidth(l.Type()) != 32 || l.Int() < 0 || l.Int() > 3 {
			return op.Errorf("attribute 'localityHint' failed to satisfy constraint: 32-bit signless integer attribute whose minimum value is 0 whose maximum value is 3")
		}
		_, err := verifyAccess(op, 0)
		return err
	},
	Fold: foldCastOperands(-1),
}

func intAttr(op *ir.Operation, name string) int64 {
	if a, ok := op.Attr(name).(*ir.IntegerAttr); ok {
		return a.Int()
	}
	return 0
}

func boolAttr(op *ir.Operation, name string) bool {
	a, ok := op.Attr(name).(*ir.IntegerAttr)
	return ok && a.Bool()
}
