package spirv

import (
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/spirv/spv"
)

// Memory ops: spirv.Variable, spirv.Load, spirv.Store, spirv.CopyMemory,
// spirv.AccessChain, spirv.InBoundsAccessChain, spirv.PtrAccessChain,
// spirv.InBoundsPtrAccessChain.

// variableOp: `%v = spirv.Variable [init(%x)] : !spirv.ptr<T, Function>`.
// It has no effect traits: MLIR declares no memory effects for it, so
// canonicalize and DCE keep an unused one (as MemRefToSPIRV/alloca.mlir expects).
var variableOp = &ir.OpDef{
	Name:     "spirv.Variable",
	Summary:  "A function-local variable, optionally initialized.",
	Example:  "%c = spirv.Constant 0 : i32\n%v = spirv.Variable init(%c) : !spirv.ptr<i32, Function>",
	Operands: ir.Between(0, 1), Results: ir.Exactly(1),
	Inherent: []string{"storage_class"},
	Parse: func(p *ir.OpParser, st *ir.OpState) error {
		var init []ir.UnresolvedOperand
		if p.ParseOptionalKeyword("init") {
			if err := p.ParsePunct("("); err != nil {
				return err
			}
			u, err := p.ParseOperand()
			if err != nil {
				return err
			}
			init = append(init, u)
			if err := p.ParsePunct(")"); err != nil {
				return err
			}
		}
		if err := parseVariableDecorations(p, st); err != nil {
			return err
		}
		at := p.Pos()
		t, err := p.ParseColonType()
		if err != nil {
			return err
		}
		ptr, ok := t.(*PointerType)
		if !ok {
			return ir.Errorf(p.LocAt(at), "expected spirv.ptr type")
		}
		st.ResultTypes = []ir.Type{t}
		st.AddAttr("storage_class", StorageClassAttr(p.Context(), ptr.StorageClass))
		if len(init) == 0 {
			return nil
		}
		return p.ResolveOperands(init, []ir.Type{ptr.Pointee})
	},
	Print: func(p *ir.OpPrinter, op *ir.Operation) {
		if op.NumOperands() > 0 {
			p.WriteString(" init(")
			p.Operand(op.Operand(0))
			p.WriteString(")")
		}
		elided := printVariableDecorations(p, op, "storage_class")
		p.OptionalAttrDict(op.Attrs(), elided...)
		p.WriteString(" : ")
		p.Type(op.Result(0).Type())
	},
	Verify: func(op *ir.Operation) error {
		ptr, ok := op.Result(0).Type().(*PointerType)
		if !ok {
			return op.Errorf("result #0 must be any SPIR-V pointer type, but got '%s'", typeString(op.Result(0).Type()))
		}
		sc := enumAttr(op, "storage_class")
		if sc == nil || sc.Kind != spv.KindStorageClass {
			return op.Errorf("requires attribute 'storage_class'")
		}
		if spv.StorageClass(sc.Value) != spv.StorageClassFunction {
			return op.Errorf("can only be used to model function-level variables. Use spirv.GlobalVariable for module-level variables.")
		}
		if spv.StorageClass(sc.Value) != ptr.StorageClass {
			return op.Errorf("storage class must match result pointer's storage class")
		}
		if op.NumOperands() > 0 {
			if op.Operand(0).Type() != ptr.Pointee {
				return op.Errorf("initializer type must match the pointee type")
			}
			if d := op.Operand(0).DefiningOp(); d == nil || (d.Name() != "spirv.Constant" && d.Name() != "spirv.mlir.referenceof" && d.Name() != "spirv.mlir.addressof") {
				return op.Errorf("initializer must be the result of a constant or spirv.GlobalVariable op")
			}
		}
		for _, a := range []string{"descriptor_set", "binding", "built_in"} {
			if op.Attr(a) != nil {
				return op.Errorf("cannot have '%s' attribute (only allowed in spirv.GlobalVariable)", a)
			}
		}
		// SPV_KHR_physical_storage_buffer: a variable holding physical
		// pointers (or an array of them) has exactly one aliasing decoration.
		pointee := ptr.Pointee
		if a, ok := pointee.(*ArrayType); ok {
			pointee = a.Elem
		}
		if pp, ok := pointee.(*PointerType); ok && pp.StorageClass == spv.StorageClassPhysicalStorageBuffer {
			aliased, restrict := op.Attr("aliased_pointer") != nil, op.Attr("restrict_pointer") != nil
			if !aliased && !restrict {
				return op.Errorf(" with physical buffer pointer must be decorated either 'AliasedPointer' or 'RestrictPointer'")
			}
			if aliased && restrict {
				return op.Errorf(" with physical buffer pointer must have exactly one aliasing decoration")
			}
		}
		return nil
	},
}

// enumAttrOf returns the value of enum attribute name of st (0 if absent).
func enumAttrOf(st *ir.OpState, name string) uint32 {
	for _, a := range st.Attrs {
		if e, ok := a.Value.(*EnumAttr); ok && a.Name == name {
			return e.Value
		}
	}
	return 0
}

// memoryAccess parses ` ["Volatile|Aligned", 4]` into attributes accessName
// and alignName.
func parseMemoryAccess(p *ir.OpParser, st *ir.OpState, accessName, alignName string) error {
	if !p.ParseOptionalPunct("[") {
		return nil
	}
	if err := parseEnumOperand(p, st, spv.KindMemoryAccess, accessName); err != nil {
		return err
	}
	// An alignment follows Aligned, and only Aligned.
	if enumAttrOf(st, accessName)&uint32(spv.MemoryAccessAligned) != 0 {
		if err := p.ParsePunct(","); err != nil {
			return err
		}
		v, err := p.ParseInteger()
		if err != nil {
			return err
		}
		st.AddAttr(alignName, p.Context().I32Attr(v))
	}
	return p.ParsePunct("]")
}

func printMemoryAccess(p *ir.OpPrinter, op *ir.Operation, accessName, alignName string) {
	a := enumAttr(op, accessName)
	if a == nil {
		return
	}
	p.WriteString("[\"" + a.Name() + "\"")
	if al, ok := op.Attr(alignName).(*ir.IntegerAttr); ok {
		p.WriteString(", " + itoa(al.Int()))
	}
	p.WriteString("]")
}

// verifyMemoryAccess checks that alignment is present exactly with Aligned.
func verifyMemoryAccess(op *ir.Operation, accessName, alignName string) error {
	if err := checkEnumAttr(op, accessName, spv.KindMemoryAccess, true); err != nil {
		return err
	}
	has := op.Attr(alignName) != nil
	if al, ok := op.Attr(alignName).(*ir.IntegerAttr); has && (!ok || al.Type() != op.Context().I(32) || al.Int() <= 0 || al.Int()&(al.Int()-1) != 0) {
		return op.Errorf("attribute '%s' failed to satisfy constraint: 32-bit signless integer attribute whose value is positive and whose value is a power of two > 0", alignName)
	}
	a := enumAttr(op, accessName)
	switch {
	case a == nil && has:
		return op.Errorf("invalid alignment specification without aligned memory access specification")
	case a == nil:
		return nil
	case a.Value&uint32(spv.MemoryAccessAligned) != 0 && !has:
		return op.Errorf("missing alignment value")
	case a.Value&uint32(spv.MemoryAccessAligned) == 0 && has:
		return op.Errorf("invalid alignment specification with non-aligned memory access specification")
	}
	return nil
}

// parseStorageClassString parses the leading "StorageClass" of Load/Store/CopyMemory.
func parseStorageClassString(p *ir.OpParser) (spv.StorageClass, error) {
	at := p.Pos()
	if !p.IsString() {
		return 0, p.Errorf("expected attribute value")
	}
	s, err := p.ParseString()
	if err != nil {
		return 0, err
	}
	v, ok := ParseEnum(spv.KindStorageClass, s)
	if !ok {
		return 0, ir.Errorf(p.LocAt(at), "invalid storage_class attribute specification: \"%s\"", s)
	}
	return spv.StorageClass(v), nil
}

func storageClassString(t ir.Type) string {
	if ptr, ok := t.(*PointerType); ok {
		return "\"" + EnumName(spv.KindStorageClass, uint32(ptr.StorageClass)) + "\""
	}
	return "\"?\""
}

// parseLoadStore parses `"SC" %ptr[, %value] [memory-access] attr-dict : T`
// of spirv.Load (n = 1) and spirv.Store (n = 2), resolves the operands and
// returns T.
func parseLoadStore(p *ir.OpParser, st *ir.OpState, n int) (ir.Type, error) {
	sc, err := parseStorageClassString(p)
	if err != nil {
		return nil, err
	}
	var us []ir.UnresolvedOperand
	if n == 1 {
		var u ir.UnresolvedOperand
		u, err = p.ParseOperand()
		us = append(us, u)
	} else {
		us, err = parseOperandsExactly(p, st, n)
	}
	if err != nil {
		return nil, err
	}
	if err := parseMemoryAccess(p, st, "memory_access", "alignment"); err != nil {
		return nil, err
	}
	if err := p.ParseOptionalAttrDict(); err != nil {
		return nil, err
	}
	t, err := p.ParseColonType()
	if err != nil {
		return nil, err
	}
	ts := []ir.Type{Pointer(p.Context(), t, sc), t}
	return t, p.ResolveOperands(us, ts[:n])
}

// loadOp: `%v = spirv.Load "StorageBuffer" %ptr ["Aligned", 4] : f32`.
// MLIR declares no memory effects for it, so an unused load stays.
var loadOp = &ir.OpDef{
	Name:     "spirv.Load",
	Summary:  "Loads through a pointer.",
	Example:  "%v = spirv.Load \"StorageBuffer\" %ptr [\"Volatile|Aligned\", 4] : f32",
	Operands: ir.Exactly(1), Results: ir.Exactly(1),
	Inherent: []string{"memory_access", "alignment"},
	Parse: func(p *ir.OpParser, st *ir.OpState) error {
		t, err := parseLoadStore(p, st, 1)
		st.ResultTypes = []ir.Type{t}
		return err
	},
	Print: func(p *ir.OpPrinter, op *ir.Operation) {
		p.WriteString(" " + storageClassString(op.Operand(0).Type()) + " ")
		p.Operand(op.Operand(0))
		if op.Attr("memory_access") != nil {
			p.WriteString(" ")
			printMemoryAccess(p, op, "memory_access", "alignment")
		}
		p.OptionalAttrDict(op.Attrs(), "memory_access", "alignment")
		p.WriteString(" : ")
		p.Type(op.Result(0).Type())
	},
	Verify: func(op *ir.Operation) error {
		ptr, ok := op.Operand(0).Type().(*PointerType)
		if !ok {
			return op.Errorf("operand #0 must be any SPIR-V pointer type, but got '%s'", typeString(op.Operand(0).Type()))
		}
		if ptr.Pointee != op.Result(0).Type() {
			return op.Errorf("mismatch in result type and pointer type")
		}
		return verifyMemoryAccess(op, "memory_access", "alignment")
	},
}

// storeOp: `spirv.Store "StorageBuffer" %ptr, %v ["Volatile"] : f32`.
var storeOp = &ir.OpDef{
	Name:     "spirv.Store",
	Summary:  "Stores through a pointer.",
	Example:  "spirv.Store \"Workgroup\" %ptr, %v : vector<4xf32>",
	Operands: ir.Exactly(2),
	Inherent: []string{"memory_access", "alignment"},
	Parse: func(p *ir.OpParser, st *ir.OpState) error {
		_, err := parseLoadStore(p, st, 2)
		return err
	},
	Print: func(p *ir.OpPrinter, op *ir.Operation) {
		p.WriteString(" " + storageClassString(op.Operand(0).Type()) + " ")
		p.Operands(op.Operands())
		if op.Attr("memory_access") != nil {
			p.WriteString(" ")
			printMemoryAccess(p, op, "memory_access", "alignment")
		}
		p.OptionalAttrDict(op.Attrs(), "memory_access", "alignment")
		p.WriteString(" : ")
		p.Type(op.Operand(1).Type())
	},
	Verify: func(op *ir.Operation) error {
		ptr, ok := op.Operand(0).Type().(*PointerType)
		if !ok {
			return op.Errorf("operand #0 must be any SPIR-V pointer type, but got '%s'", typeString(op.Operand(0).Type()))
		}
		if ptr.Pointee != op.Operand(1).Type() {
			return op.Errorf("mismatch in result type and pointer type")
		}
		return verifyMemoryAccess(op, "memory_access", "alignment")
	},
}

// copyMemoryOp: `spirv.CopyMemory "Function" %dst, "Function" %src ["Aligned", 4], ["Volatile"] : f32`.
var copyMemoryOp = &ir.OpDef{
	Name:     "spirv.CopyMemory",
	Summary:  "Copies the object a source pointer points to into a target pointer.",
	Example:  "spirv.CopyMemory \"Function\" %dst, \"Function\" %src [\"Aligned\", 4], [\"Volatile\"] : f32",
	Operands: ir.Exactly(2),
	Inherent: []string{"memory_access", "alignment", "source_memory_access", "source_alignment"},
	Parse: func(p *ir.OpParser, st *ir.OpState) error {
		dsc, err := parseStorageClassString(p)
		if err != nil {
			return err
		}
		dst, err := p.ParseOperand()
		if err != nil {
			return err
		}
		if err := p.ParsePunct(","); err != nil {
			return err
		}
		ssc, err := parseStorageClassString(p)
		if err != nil {
			return err
		}
		src, err := p.ParseOperand()
		if err != nil {
			return err
		}
		if err := parseMemoryAccess(p, st, "memory_access", "alignment"); err != nil {
			return err
		}
		if p.ParseOptionalPunct(",") {
			if err := parseMemoryAccess(p, st, "source_memory_access", "source_alignment"); err != nil {
				return err
			}
		}
		if err := p.ParseOptionalAttrDict(); err != nil {
			return err
		}
		t, err := p.ParseColonType()
		if err != nil {
			return err
		}
		ctx := p.Context()
		return p.ResolveOperands([]ir.UnresolvedOperand{dst, src}, []ir.Type{Pointer(ctx, t, dsc), Pointer(ctx, t, ssc)})
	},
	Print: func(p *ir.OpPrinter, op *ir.Operation) {
		p.WriteString(" " + storageClassString(op.Operand(0).Type()) + " ")
		p.Operand(op.Operand(0))
		p.WriteString(", " + storageClassString(op.Operand(1).Type()) + " ")
		p.Operand(op.Operand(1))
		if op.Attr("memory_access") != nil {
			p.WriteString(" ")
			printMemoryAccess(p, op, "memory_access", "alignment")
			if op.Attr("source_memory_access") != nil {
				p.WriteString(", ")
				printMemoryAccess(p, op, "source_memory_access", "source_alignment")
			}
		}
		p.OptionalAttrDict(op.Attrs(), "memory_access", "alignment", "source_memory_access", "source_alignment")
		p.WriteString(" : ")
		if ptr, ok := op.Operand(0).Type().(*PointerType); ok {
			p.Type(ptr.Pointee)
		}
	},
	Verify: func(op *ir.Operation) error {
		dst, ok1 := op.Operand(0).Type().(*PointerType)
		src, ok2 := op.Operand(1).Type().(*PointerType)
		if !ok1 || !ok2 {
			return op.Errorf("operands must be SPIR-V pointers")
		}
		if dst.Pointee != src.Pointee {
			return op.Errorf("both operands must be pointers to the same type")
		}
		if err := verifyMemoryAccess(op, "memory_access", "alignment"); err != nil {
			return err
		}
		return verifyMemoryAccess(op, "source_memory_access", "source_alignment")
	},
}

// ElementType returns the type at index of a composite type (vector,
// array, runtime array, struct, matrix, cooperative matrix), or nil.
func ElementType(t ir.Type, index int64) ir.Type {
	switch t := t.(type) {
	case *ir.VectorType:
		return t.Elem
	case *ArrayType:
		return t.Elem
	case *RuntimeArrayType:
		return t.Elem
	case *StructType:
		if index < 0 || index >= int64(t.NumMembers()) {
			return nil
		}
		return t.Member(int(index))
	case *MatrixType:
		return t.Column
	case *CoopMatrixType:
		return t.Elem
	case *NVCoopMatrixType:
		return t.Elem
	case *TensorArmType:
		return t.Elem
	}
	return nil
}

// elementPtrType computes an access chain's result type (MLIR's getElementPtrType).
func elementPtrType(ctx *ir.Context, opName string, base ir.Type, indices []*ir.Value) (ir.Type, string) {
	ptr, ok := base.(*PointerType)
	if !ok {
		return nil, "'" + opName + "' op expected a pointer to composite type, but provided " + quotedType(base)
	}
	t := ptr.Pointee
	for _, idx := range indices {
		var index int64
		if s, isStruct := t.(*StructType); isStruct {
			d := idx.DefiningOp()
			c, ok := ConstantValue(idx).(*ir.IntegerAttr)
			if d == nil || d.Name() != constantOp.Name || !ok {
				msg := "'" + opName + "' op index must be an integer spirv.Constant to access element of spirv.struct"
				if d != nil {
					msg += ", but provided " + d.Name()
				}
				return nil, msg
			}
			index = c.Int()
			if index < 0 || index >= int64(s.NumMembers()) {
				return nil, "'" + opName + "' op index " + itoa(index) + " out of bounds for " + quotedType(t)
			}
		}
		next := ElementType(t, index)
		if next == nil {
			return nil, "'" + opName + "' op cannot extract from non-composite type " + quotedType(t) + " with index " + itoa(index)
		}
		t = next
	}
	return Pointer(ctx, t, ptr.StorageClass), ""
}

// accessChainOp makes spirv.AccessChain (`%base[%i, ...] : !spirv.ptr<...>, i32, ...`)
// and the pointer access chains (`%base[%element, %i, ...] : ...`), whose
// first index steps over elements of the base pointer itself.
func accessChainOp(name, summary, example string, elementIndex bool) *ir.OpDef {
	full := "spirv." + name
	min := 1
	if elementIndex {
		min = 2
	}
	indices := func(op *ir.Operation) []*ir.Value {
		if elementIndex {
			return op.Operands()[2:]
		}
		return op.Operands()[1:]
	}
	return &ir.OpDef{
		Name: full, Summary: summary, Example: example,
		Traits:   ir.Pure,
		Operands: ir.AtLeast(min), Results: ir.Exactly(1),
		Parse: func(p *ir.OpParser, st *ir.OpState) error {
			baseU, err := p.ParseOperand()
			if err != nil {
				return err
			}
			if err := p.ParsePunct("["); err != nil {
				return err
			}
			var idx []ir.UnresolvedOperand
			if !p.ParseOptionalPunct("]") {
				if idx, err = p.ParseOperandList(); err != nil {
					return err
				}
				if err := p.ParsePunct("]"); err != nil {
					return err
				}
			}
			if err := p.ParseOptionalAttrDict(); err != nil {
				return err
			}
			at := p.Pos()
			base, err := p.ParseColonType()
			if err != nil {
				return err
			}
			if len(idx) == 0 {
				return ir.Errorf(st.Loc, "'%s' op expected at least one index ", full)
			}
			if err := p.ParsePunct(","); err != nil {
				return err
			}
			ts, err := p.ParseTypeList()
			if err != nil {
				return err
			}
			if len(ts) != len(idx) {
				return ir.Errorf(st.Loc, "'%s' op indices types' count must be equal to indices info count", full)
			}
			ts = append([]ir.Type{base}, ts...)
			var explicit ir.Type
			if p.ParseOptionalPunct("->") {
				if explicit, err = p.ParseType(); err != nil {
					return err
				}
			}
			us := append([]ir.UnresolvedOperand{baseU}, idx...)
			vals := make([]*ir.Value, len(us))
			for i, u := range us {
				if vals[i], err = p.Resolve(u, ts[i]); err != nil {
					return err
				}
			}
			st.Operands = vals
			chain := vals[1:]
			if elementIndex && len(chain) > 0 {
				chain = chain[1:]
			}
			rt, msg := elementPtrType(p.Context(), full, ts[0], chain)
			if rt == nil {
				return ir.Errorf(p.LocAt(at), "%s", msg)
			}
			if explicit != nil && explicit != rt {
				return ir.Errorf(p.LocAt(at), "'%s' op result type %s does not match the access chain's %s", full, typeString(explicit), typeString(rt))
			}
			st.ResultTypes = []ir.Type{rt}
			return nil
		},
		Print: func(p *ir.OpPrinter, op *ir.Operation) {
			p.WriteString(" ")
			p.Operand(op.Operand(0))
			p.WriteString("[")
			p.Operands(op.Operands()[1:])
			p.WriteString("]")
			p.OptionalAttrDict(op.Attrs())
			p.WriteString(" : ")
			p.TypeList(op.OperandTypes())
			// MLIR's assembly format (PRs 116545, 116943) ends with the
			// result type, which the parser also takes as optional.
			p.WriteString(" -> ")
			p.Type(op.Result(0).Type())
		},
		Verify: func(op *ir.Operation) error {
			for i, v := range op.Operands()[1:] {
				if !isSPIRVInt(v.Type()) {
					return op.Errorf("operand #%d must be 8/16/32/64-bit integer, but got '%s'", i+1, typeString(v.Type()))
				}
			}
			rt, msg := elementPtrType(op.Context(), full, op.Operand(0).Type(), indices(op))
			if rt == nil {
				return ir.Errorf(op.Loc(), "%s", msg)
			}
			if rt != op.Result(0).Type() {
				return op.Errorf("invalid result type: expected %s, but provided %s", typeString(rt), typeString(op.Result(0).Type()))
			}
			return nil
		},
	}
}

func memoryOps() []*ir.OpDef {
	arr := "!spirv.ptr<!spirv.array<4 x !spirv.array<4 x f32>>, Function>"
	return []*ir.OpDef{
		variableOp, loadOp, storeOp, copyMemoryOp,
		accessChainOp("AccessChain", "Pointer to an element of a composite, through a chain of indices.",
			"%p = spirv.AccessChain %base[%i, %j] : "+arr+", i32, i32 -> !spirv.ptr<f32, Function>", false),
		accessChainOp("InBoundsAccessChain", "spirv.AccessChain whose indices stay in bounds of the base object.",
			"%p = spirv.InBoundsAccessChain %base[%i, %j] : "+arr+", i32, i32 -> !spirv.ptr<f32, Function>", false),
		accessChainOp("PtrAccessChain", "Like spirv.AccessChain, but first steps over elements of the base pointer.",
			"%p = spirv.PtrAccessChain %base[%e, %i] : !spirv.ptr<!spirv.array<4 x f32>, CrossWorkgroup>, i64, i32 -> !spirv.ptr<f32, CrossWorkgroup>", true),
		accessChainOp("InBoundsPtrAccessChain", "spirv.PtrAccessChain whose indices stay in bounds.",
			"%p = spirv.InBoundsPtrAccessChain %base[%e] : !spirv.ptr<f32, CrossWorkgroup>, i64 -> !spirv.ptr<f32, CrossWorkgroup>", true),
	}
}
