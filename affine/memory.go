package affine

import (
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/memref"
)

var load = &ir.OpDef{
	Name:         "affine.load",
	Canonicalize: []*ir.Pattern{simplifyPattern("affine.load", 1)},
	Summary:      "Loads an element of a memref at indices given by an affine map of index values.",
	Example:      "%v = affine.load %m[%i + 1, symbol(%n) * 2] : memref<8x16xf32>",
	Traits:       ir.ReadOnly | ir.MemRefsNormalizable,
	Operands:     ir.AtLeast(1),
	Results:      ir.Exactly(1),
	Inherent:     []string{"map"},
	// Hand-written as in MLIR (AffineLoadOp::parse, AffineOps.cpp): the
	// subscripts are affine expressions of SSA values.
	Parse: func(p *ir.OpParser, st *ir.OpState) error {
		t, err := parseAccess(p, st)
		if err != nil {
			return err
		}
		st.ResultTypes = []ir.Type{t.Elem}
		return nil
	},
	Print: func(p *ir.OpPrinter, op *ir.Operation) { printAccess(p, op, 0) },
	Verify: func(op *ir.Operation) error {
		if err := verifyAccess(op, 0, "load"); err != nil {
			return err
		}
		if t := op.Operand(0).Type().(*ir.MemRefType); op.Result(0).Type() != t.Elem {
			return op.Errorf("result type must match element type of memref")
		}
		return nil
	},
	// MLIR's AffineLoadOp::fold: load(memref.cast) -> load, then a load
	// of a constant global.
	Fold: func(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool) {
		if memref.FoldMemRefCast(op, nil) {
			return nil, true
		}
		return foldLoad(op, operands)
	},
}

var store = &ir.OpDef{
	Name:         "affine.store",
	Traits:       ir.MemRefsNormalizable,
	Canonicalize: []*ir.Pattern{simplifyPattern("affine.store", 2)},
	Summary:      "Stores a value into a memref at indices given by an affine map of index values.",
	Example:      "affine.store %v, %m[%i, %j - 1] : memref<8x16xf32>",
	Operands:     ir.AtLeast(2),
	Inherent:     []string{"map"},
	// Hand-written as in MLIR (AffineStoreOp::parse, AffineOps.cpp), as
	// affine.load.
	Parse: parseStore(false),
	Print: printStore(false),
	Verify: func(op *ir.Operation) error {
		if err := verifyAccess(op, 1, "store"); err != nil {
			return err
		}
		if t := op.Operand(1).Type().(*ir.MemRefType); op.Operand(0).Type() != t.Elem {
			return op.Errorf("value to store must have the same type as memref element type")
		}
		return nil
	},
	// MLIR's AffineStoreOp::fold: store(memref.cast) -> store.
	Fold: func(op *ir.Operation, _ []ir.Attribute) ([]ir.FoldResult, bool) {
		return nil, memref.FoldMemRefCast(op, op.Operand(0))
	},
}

var vectorLoad = &ir.OpDef{
	Name:         "affine.vector_load",
	Canonicalize: []*ir.Pattern{simplifyPattern("affine.vector_load", 1)},
	Summary:      "Loads a vector from a memref at indices given by an affine map of index values.",
	Example:      "%v = affine.vector_load %m[%i, %j * 4] : memref<8x16xf32>, vector<4xf32>",
	Traits:       ir.ReadOnly | ir.MemRefsNormalizable,
	Operands:     ir.AtLeast(1),
	Results:      ir.Exactly(1),
	Inherent:     []string{"map"},
	// Hand-written as in MLIR (AffineVectorLoadOp::parse): affine.load's
	// subscripts, then the vector type.
	Parse: func(p *ir.OpParser, st *ir.OpState) error {
		_, vt, err := parseAccessOf(p, st, true)
		if err != nil {
			return err
		}
		st.ResultTypes = []ir.Type{vt}
		return nil
	},
	Print: func(p *ir.OpPrinter, op *ir.Operation) { printAccessOf(p, op, 0, op.Result(0).Type()) },
	Verify: func(op *ir.Operation) error {
		if _, ok := op.Result(0).Type().(*ir.VectorType); !ok {
			return op.Errorf("result #0 must be vector of any type values, but got '%s'", ir.TypeString(op.Result(0).Type()))
		}
		if err := verifyAccess(op, 0, "load"); err != nil {
			return err
		}
		return verifyVectorAccess(op, op.Operand(0), op.Result(0))
	},
}

var vectorStore = &ir.OpDef{
	Name:         "affine.vector_store",
	Traits:       ir.MemRefsNormalizable,
	Canonicalize: []*ir.Pattern{simplifyPattern("affine.vector_store", 2)},
	Summary:      "Stores a vector into a memref at indices given by an affine map of index values.",
	Example:      "affine.vector_store %v, %m[%i, %j * 4] : memref<8x16xf32>, vector<4xf32>",
	Operands:     ir.AtLeast(2),
	Inherent:     []string{"map"},
	// Hand-written as in MLIR (AffineVectorStoreOp::parse), as
	// affine.vector_load.
	Parse: parseStore(true),
	Print: printStore(true),
	Verify: func(op *ir.Operation) error {
		if _, ok := op.Operand(0).Type().(*ir.VectorType); !ok {
			return op.Errorf("operand #0 must be vector of any type values, but got '%s'", ir.TypeString(op.Operand(0).Type()))
		}
		if err := verifyAccess(op, 1, "store"); err != nil {
			return err
		}
		return verifyVectorAccess(op, op.Operand(1), op.Operand(0))
	},
}

// parseStore reads `%v, ` and then the access of affine.store (or, with
// vector, of affine.vector_store), the value having the memref's element
// type (or the vector type).
func parseStore(vector bool) func(p *ir.OpParser, st *ir.OpState) error {
	return func(p *ir.OpParser, st *ir.OpState) error {
		u, err := p.ParseOperand()
		if err != nil {
			return err
		}
		if err := p.ParsePunct(","); err != nil {
			return err
		}
		var access ir.OpState
		t, vt, err := parseAccessOf(p, &access, vector)
		if err != nil {
			return err
		}
		var ty ir.Type = t.Elem
		if vector {
			ty = vt
		}
		v, err := p.Resolve(u, ty)
		if err != nil {
			return err
		}
		st.Operands = append([]*ir.Value{v}, access.Operands...)
		st.Attrs = append(st.Attrs, access.Attrs...)
		return nil
	}
}

// printStore writes the stored value, then the access (and, with vector,
// the vector type).
func printStore(vector bool) func(p *ir.OpPrinter, op *ir.Operation) {
	return func(p *ir.OpPrinter, op *ir.Operation) {
		p.WriteByte(' ')
		p.Operand(op.Operand(0))
		p.WriteByte(',')
		var vt ir.Type
		if vector {
			vt = op.Operand(0).Type()
		}
		printAccessOf(p, op, 1, vt)
	}
}

// verifyVectorAccess checks that the vector has the memref's element type,
// as MLIR's verifyVectorMemoryOp does.
func verifyVectorAccess(op *ir.Operation, m, v *ir.Value) error {
	if m.Type().(*ir.MemRefType).Elem != v.Type().(*ir.VectorType).Elem {
		return op.Errorf("requires memref and vector types of the same elemental type")
	}
	return nil
}

// parseAccess reads `%m[subscripts] attr-dict : memref-type` into st: the
// memref, then the map's operands, and the map.
func parseAccess(p *ir.OpParser, st *ir.OpState) (*ir.MemRefType, error) {
	t, _, err := parseAccessOf(p, st, false)
	return t, err
}

// parseAccessOf is parseAccess, followed by `, vector-type` for the vector
// forms.
func parseAccessOf(p *ir.OpParser, st *ir.OpState, vector bool) (*ir.MemRefType, *ir.VectorType, error) {
	m, err := p.ParseOperand()
	if err != nil {
		return nil, nil, err
	}
	subs, err := parseSubscripts(p)
	if err != nil {
		return nil, nil, err
	}
	if err := p.ParseOptionalAttrDict(); err != nil {
		return nil, nil, err
	}
	if err := p.ParsePunct(":"); err != nil {
		return nil, nil, err
	}
	at := p.Pos()
	ty, err := p.ParseType()
	if err != nil {
		return nil, nil, err
	}
	t, ok := ty.(*ir.MemRefType)
	if !ok {
		return nil, nil, ir.Errorf(p.LocAt(at), "expected a memref type, but got '%s'", ir.TypeString(ty))
	}
	var vt *ir.VectorType
	if vector {
		if err := p.ParsePunct(","); err != nil {
			return nil, nil, err
		}
		at := p.Pos()
		ty, err := p.ParseType()
		if err != nil {
			return nil, nil, err
		}
		if vt, ok = ty.(*ir.VectorType); !ok {
			return nil, nil, p.ErrorfAt(p.LocAt(at), "invalid kind of type specified: expected builtin.vector, but found '%s'", ir.TypeString(ty))
		}
	}
	mv, err := p.Resolve(m, t)
	if err != nil {
		return nil, nil, err
	}
	amap, vals, err := subs.resolve()
	if err != nil {
		return nil, nil, err
	}
	st.Operands = append([]*ir.Value{mv}, vals...)
	st.AddAttr("map", p.Context().AffineMapAttr(amap))
	return t, vt, nil
}

// printAccess writes ` %m[subscripts] attr-dict : type` for the memref at
// operand index at.
func printAccess(p *ir.OpPrinter, op *ir.Operation, at int) { printAccessOf(p, op, at, nil) }

// printAccessOf is printAccess, followed by `, vector-type` when vt is not
// nil.
func printAccessOf(p *ir.OpPrinter, op *ir.Operation, at int, vt ir.Type) {
	printSubscripts(p, op.Operand(at), MapOf(op, "map"), op.Operands()[at+1:])
	p.OptionalAttrDict(op.Attrs(), "map")
	p.WriteString(" : ")
	p.Type(op.Operand(at).Type())
	if vt != nil {
		p.WriteString(", ")
		p.Type(vt)
	}
}

// verifyAccess checks the memref at operand index at and its subscripts as
// MLIR's verifyMemoryOpIndexing does.
func verifyAccess(op *ir.Operation, at int, what string) error {
	t, ok := op.Operand(at).Type().(*ir.MemRefType)
	if !ok {
		return op.Errorf("operand #%d must be memref of any type values, but got '%s'", at, ir.TypeString(op.Operand(at).Type()))
	}
	m := MapOf(op, "map")
	if m == nil {
		return op.Errorf("requires attribute 'map'")
	}
	operands := op.Operands()[at+1:]
	if len(m.Results) != len(t.Shape()) {
		return op.Errorf("affine map num results must equal memref rank")
	}
	if m.Dims+m.Symbols != len(operands) {
		return op.Errorf("expects as many subscripts as affine map inputs")
	}
	for _, v := range operands {
		if !isIndex(v.Type()) {
			return op.Errorf("index to %s must have 'index' type", what)
		}
	}
	return verifyDimsAndSymbols(op, operands, m.Dims)
}

// foldLoad is the global-constant part of MLIR's AffineLoadOp::fold: a
// load from memref.get_global of a constant memref.global with a dense
// initial value is that element (any element of a splat; otherwise the
// one the map's constant results index).
func foldLoad(op *ir.Operation, _ []ir.Attribute) ([]ir.FoldResult, bool) {
	init := memref.ConstantGlobalInit(op.Operand(0))
	if init == nil {
		return nil, false
	}
	ctx := op.Context()
	if init.IsSplat() {
		return []ir.FoldResult{{Attr: init.ElementAttr(ctx, 0)}}, true
	}
	m := MapOf(op, "map")
	shape := init.ShapedType().Shape()
	if m == nil || len(m.Results) != len(shape) {
		return nil, false
	}
	flat := int64(0)
	for i, r := range m.Results {
		if r.Kind != ir.AffineConst || r.Value < 0 || r.Value >= shape[i] {
			return nil, false
		}
		flat = flat*shape[i] + r.Value
	}
	return []ir.FoldResult{{Attr: init.ElementAttr(ctx, int(flat))}}, true
}
