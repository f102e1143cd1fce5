package spirv

import (
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/spirv/spv"
)

// Atomics and barriers. Atomic ops print their scope and semantics as
// quoted strings, as the MLIR test corpus expects
// (`spirv.AtomicIAdd "Device" "AcquireRelease" %p, %v : !spirv.ptr<i32, StorageBuffer>`);
// the newer `<Device> <AcquireRelease>` spelling is accepted on input.
const atomicStyle = quoted

// atomicOp makes an atomic read-modify-write op with the given enum
// attributes before its operands; n counts the operands (pointer included).
func atomicOp(name, summary string, enums []string, n int, float bool) *ir.OpDef {
	kinds := map[string]*spv.OperandKind{
		"memory_scope": spv.KindScope, "semantics": spv.KindMemorySemantics,
		"equal_semantics": spv.KindMemorySemantics, "unequal_semantics": spv.KindMemorySemantics,
	}
	example := "%r = " + name
	for _, e := range enums {
		v := "AcquireRelease"
		if kinds[e] == spv.KindScope {
			v = "Device"
		}
		example += " \"" + v + "\""
	}
	example += " %ptr"
	for i := 1; i < n; i++ {
		example += ", %v" + itoa(int64(i))
	}
	elem := "i32"
	if float {
		elem = "f32"
	}
	example += " : !spirv.ptr<" + elem + ", StorageBuffer>"
	return &ir.OpDef{
		Name: name, Summary: summary, Example: example,
		Operands: ir.Exactly(n), Results: ir.Exactly(1),
		Inherent: enums,
		Parse: func(p *ir.OpParser, st *ir.OpState) error {
			for _, e := range enums {
				if err := parseEnumOperand(p, st, kinds[e], e); err != nil {
					return err
				}
			}
			us, err := ir.ParseOperandsN(p, n)
			if err != nil {
				return err
			}
			if err := p.ParseOptionalAttrDict(); err != nil {
				return err
			}
			loc := p.Loc()
			t, err := p.ParseColonType()
			if err != nil {
				return err
			}
			ptr, ok := t.(*PointerType)
			if !ok {
				return ir.Errorf(loc, "expected spirv.ptr type")
			}
			ts := []ir.Type{t}
			for len(ts) < n {
				ts = append(ts, ptr.Pointee)
			}
			st.ResultTypes = []ir.Type{ptr.Pointee}
			return p.ResolveOperands(us, ts)
		},
		Print: func(p *ir.OpPrinter, op *ir.Operation) {
			for _, e := range enums {
				p.WriteString(" ")
				printEnumOperand(p, op, e, atomicStyle)
			}
			p.WriteString(" ")
			p.Operands(op.Operands())
			p.OptionalAttrDict(op.Attrs(), enums...)
			p.WriteString(" : ")
			p.Type(op.Operand(0).Type())
		},
		Verify: func(op *ir.Operation) error {
			for _, e := range enums {
				if err := checkEnumAttr(op, e, kinds[e], false); err != nil {
					return err
				}
			}
			ptr, ok := op.Operand(0).Type().(*PointerType)
			if !ok {
				return op.Errorf("operand #0 must be any SPIR-V pointer type, but got '%s'", typeString(op.Operand(0).Type()))
			}
			want := isSPIRVInt
			what := "integer"
			if float {
				want, what = isSPIRVFloat, "float"
			}
			if !want(ptr.Pointee) {
				return op.Errorf("pointer operand must point to an %s value, but got '%s'", what, typeString(ptr.Pointee))
			}
			for _, v := range append(op.Operands()[1:], op.Result(0)) {
				if v.Type() != ptr.Pointee {
					return op.Errorf("expected value to have the same type as the pointer operand's pointee type %s, but found %s",
						typeString(ptr.Pointee), typeString(v.Type()))
				}
			}
			if e := enumAttr(op, "semantics"); e != nil {
				if err := verifySemantics(op, e.Value); err != nil {
					return err
				}
			}
			return nil
		},
	}
}

// verifySemantics rejects more than one of Acquire/Release/AcquireRelease/SequentiallyConsistent.
func verifySemantics(op *ir.Operation, v uint32) error {
	n := 0
	for _, b := range []spv.MemorySemantics{spv.MemorySemanticsAcquire, spv.MemorySemanticsRelease,
		spv.MemorySemanticsAcquireRelease, spv.MemorySemanticsSequentiallyConsistent} {
		if v&uint32(b) != 0 {
			n++
		}
	}
	if n > 1 {
		return op.Errorf("expected at most one of these four memory constraints to be set: `Acquire`, `Release`,`AcquireRelease` or `SequentiallyConsistent`")
	}
	return nil
}

func atomicOps() []*ir.OpDef {
	rmw := []string{"memory_scope", "semantics"}
	cmp := []string{"memory_scope", "equal_semantics", "unequal_semantics"}
	ops := []*ir.OpDef{
		atomicOp("spirv.AtomicCompareExchange", "Atomically replaces the value if it equals the comparator; returns the original.", cmp, 3, false),
		atomicOp("spirv.AtomicCompareExchangeWeak", "Weak form of spirv.AtomicCompareExchange.", cmp, 3, false),
		atomicOp("spirv.AtomicIIncrement", "Atomically adds one; returns the original value.", rmw, 1, false),
		atomicOp("spirv.AtomicIDecrement", "Atomically subtracts one; returns the original value.", rmw, 1, false),
		atomicOp("spirv.EXT.AtomicFAdd", "Atomically adds a float (SPV_EXT_shader_atomic_float_add); returns the original value.", rmw, 2, true),
	}
	for _, r := range []elemRow{
		{"AtomicIAdd", "Atomically adds; returns the original value.", 0},
		{"AtomicISub", "Atomically subtracts; returns the original value.", 0},
		{"AtomicSMin", "Atomic signed minimum; returns the original value.", 0},
		{"AtomicUMin", "Atomic unsigned minimum; returns the original value.", 0},
		{"AtomicSMax", "Atomic signed maximum; returns the original value.", 0},
		{"AtomicUMax", "Atomic unsigned maximum; returns the original value.", 0},
		{"AtomicAnd", "Atomic bitwise AND; returns the original value.", 0},
		{"AtomicOr", "Atomic bitwise OR; returns the original value.", 0},
		{"AtomicXor", "Atomic bitwise XOR; returns the original value.", 0},
		{"AtomicExchange", "Atomically replaces the value; returns the original.", 0},
	} {
		ops = append(ops, atomicOp("spirv."+r.name, r.summary, rmw, 2, false))
	}
	return ops
}

// barrierOp makes `spirv.ControlBarrier <Workgroup>, <Workgroup>, <AcquireRelease|WorkgroupMemory>`
// and `spirv.MemoryBarrier <Device>, <Release|UniformMemory>`.
func barrierOp(name, summary string, attrs []string) *ir.OpDef {
	kinds := map[string]*spv.OperandKind{"execution_scope": spv.KindScope, "memory_scope": spv.KindScope, "memory_semantics": spv.KindMemorySemantics}
	example := name
	for i, a := range attrs {
		if i > 0 {
			example += ","
		}
		if kinds[a] == spv.KindScope {
			example += " <Workgroup>"
		} else {
			example += " <AcquireRelease|WorkgroupMemory>"
		}
	}
	return &ir.OpDef{
		Name: name, Summary: summary, Example: example,
		Inherent: attrs,
		Parse: func(p *ir.OpParser, st *ir.OpState) error {
			for i, a := range attrs {
				if i > 0 {
					if err := p.ParsePunct(","); err != nil {
						return err
					}
				}
				if err := parseEnumOperand(p, st, kinds[a], a); err != nil {
					return err
				}
			}
			return p.ParseOptionalAttrDict()
		},
		Print: func(p *ir.OpPrinter, op *ir.Operation) {
			for i, a := range attrs {
				if i > 0 {
					p.WriteString(",")
				}
				p.WriteString(" ")
				printEnumOperand(p, op, a, angled)
			}
			p.OptionalAttrDict(op.Attrs(), attrs...)
		},
		Verify: func(op *ir.Operation) error {
			for _, a := range attrs {
				if err := checkEnumAttr(op, a, kinds[a], false); err != nil {
					return err
				}
			}
			return verifySemantics(op, enumAttr(op, "memory_semantics").Value)
		},
	}
}

func barrierOps() []*ir.OpDef {
	return []*ir.OpDef{
		barrierOp("spirv.ControlBarrier", "Waits for all invocations of the execution scope to reach this point, with a memory barrier.",
			[]string{"execution_scope", "memory_scope", "memory_semantics"}),
		barrierOp("spirv.MemoryBarrier", "Orders memory accesses of the given scope and semantics.",
			[]string{"memory_scope", "memory_semantics"}),
	}
}
