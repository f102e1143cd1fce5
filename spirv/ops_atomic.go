package spirv

import (
	"slices"
	"strings"

	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/spirv/spv"
)

// Atomics and barriers. Atomic ops print their scope and semantics in
// angle brackets, as MLIR does since 2023
// (`spirv.AtomicIAdd <Device> <AcquireRelease> %p, %v : !spirv.ptr<i32, StorageBuffer>`);
// the older quoted spelling ("Device") is accepted on input.

// atomicShape describes an atomic op's operands after the pointer, their
// element constraint and the order in which ODS checks that the values
// (and the result) have the pointee type.
type atomicShape struct {
	operands []string
	elem     arith.Constraint
	matches  []string
}

var (
	atomicUpdate     = atomicShape{nil, intType, []string{"result"}}
	atomicWithValue  = atomicShape{[]string{"value"}, intType, []string{"value", "result"}}
	atomicCompareXch = atomicShape{[]string{"value", "comparator"}, intType, []string{"result", "value", "comparator"}}
	atomicExchange   = atomicShape{[]string{"value"}, numerical, []string{"value", "result"}}
	atomicFAdd       = atomicShape{[]string{"value"}, floatType, []string{"result", "value"}}
)

// atomicOp makes an atomic read-modify-write op with the given enum
// attributes before its operands.
func atomicOp(name, summary string, enums []string, shape atomicShape) *ir.OpDef {
	n := 1 + len(shape.operands)
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
		example += " <" + v + ">"
	}
	example += " %ptr"
	for i := 1; i < n; i++ {
		example += ", %v" + itoa(int64(i))
	}
	elem := "i32"
	if shape.elem.Desc == floatType.Desc {
		elem = "f32"
	}
	example += " : !spirv.ptr<" + elem + ", StorageBuffer>"
	return &ir.OpDef{
		Name: name, Summary: summary, Example: example,
		Operands: ir.Exactly(n), Results: ir.Exactly(1),
		Inherent: enums,
		Format:   atomicFormat(enums, kinds, shape),
		Verify: func(op *ir.Operation) error {
			for _, e := range enums {
				if err := checkEnumAttr(op, e, kinds[e], false); err != nil {
					return err
				}
			}
			cs := []arith.Constraint{pointer}
			for range shape.operands {
				cs = append(cs, shape.elem)
			}
			if err := arith.CheckOperands(op, cs...); err != nil {
				return err
			}
			if err := arith.CheckResults(op, shape.elem); err != nil {
				return err
			}
			pointee := op.Operand(0).Type().(*PointerType).Pointee
			for _, m := range shape.matches {
				v := op.Result(0)
				if m != "result" {
					v = op.Operand(1 + slices.Index(shape.operands, m))
				}
				if v.Type() != pointee {
					return op.Errorf("failed to verify that `%s` type matches pointee type of `pointer`", m)
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

// atomicFormat is MLIR's `$memory_scope $semantics operands attr-dict :
// type($pointer)`: the values and the result have the pointee type.
func atomicFormat(enums []string, kinds map[string]*spv.OperandKind, shape atomicShape) *ir.Format {
	f := &ir.Format{Operands: append([]string{"pointer"}, shape.operands...), Results: []string{"result"}}
	var syntax []string
	for _, e := range enums {
		syntax = append(syntax, "$"+e)
		f.Attrs = append(f.Attrs, enumFormatAttr(e, kinds[e], angled))
	}
	syntax = append(syntax, joinFormat(f.Operands, "$%s"), "attr-dict `:` type($pointer)")
	f.Syntax = strings.Join(syntax, " ")
	for _, to := range append(slices.Clone(shape.operands), "result") {
		f.TypesFrom = append(f.TypesFrom, ir.TypeFrom{From: "pointer", To: to, Transform: pointeeOf})
	}
	return f
}

// pointeeOf is a pointer type's pointee; another type is kept for the
// verifier to reject.
func pointeeOf(_ *ir.Context, t ir.Type) ir.Type {
	if p, ok := t.(*PointerType); ok {
		return p.Pointee
	}
	return t
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
		atomicOp("spirv.AtomicCompareExchange", "Atomically replaces the value if it equals the comparator; returns the original.", cmp, atomicCompareXch),
		atomicOp("spirv.AtomicCompareExchangeWeak", "Weak form of spirv.AtomicCompareExchange.", cmp, atomicCompareXch),
		atomicOp("spirv.AtomicIIncrement", "Atomically adds one; returns the original value.", rmw, atomicUpdate),
		atomicOp("spirv.AtomicIDecrement", "Atomically subtracts one; returns the original value.", rmw, atomicUpdate),
		atomicOp("spirv.EXT.AtomicFAdd", "Atomically adds a float (SPV_EXT_shader_atomic_float_add); returns the original value.", rmw, atomicFAdd),
		atomicOp("spirv.AtomicExchange", "Atomically replaces the value; returns the original.", rmw, atomicExchange),
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
	} {
		ops = append(ops, atomicOp("spirv."+r.name, r.summary, rmw, atomicWithValue))
	}
	return ops
}

// barrierOp makes `spirv.ControlBarrier <Workgroup>, <Workgroup>, <AcquireRelease|WorkgroupMemory>`
// and `spirv.MemoryBarrier <Device>, <Release|UniformMemory>`; sep is
// what separates the enums (", ", or " " for Intel's split barriers).
func barrierOp(name, summary string, attrs []string, sep string) *ir.OpDef {
	kinds := map[string]*spv.OperandKind{"execution_scope": spv.KindScope, "memory_scope": spv.KindScope, "memory_semantics": spv.KindMemorySemantics}
	example := name + " "
	for i, a := range attrs {
		if i > 0 {
			example += sep
		}
		if kinds[a] == spv.KindScope {
			example += "<Workgroup>"
		} else {
			example += "<AcquireRelease|WorkgroupMemory>"
		}
	}
	f := &ir.Format{}
	var syntax []string
	for _, a := range attrs {
		syntax = append(syntax, "$"+a)
		f.Attrs = append(f.Attrs, enumFormatAttr(a, kinds[a], angled))
	}
	joint := " "
	if sep != " " {
		joint = " `,` "
	}
	f.Syntax = strings.Join(syntax, joint) + " attr-dict"
	return &ir.OpDef{
		Name: name, Summary: summary, Example: example,
		Inherent: attrs,
		Format:   f,
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
			[]string{"execution_scope", "memory_scope", "memory_semantics"}, ", "),
		barrierOp("spirv.MemoryBarrier", "Orders memory accesses of the given scope and semantics.",
			[]string{"memory_scope", "memory_semantics"}, ", "),
		namedBarrierInitializeOp, memoryNamedBarrierOp,
	}
}

// namedBarrierInitializeOp: `%nb = spirv.NamedBarrierInitialize %count : i32 -> !spirv.named_barrier`.
var namedBarrierInitializeOp = &ir.OpDef{
	Name:     "spirv.NamedBarrierInitialize",
	Summary:  "Declares a named barrier for the given number of subgroups.",
	Example:  "%nb = spirv.NamedBarrierInitialize %count : i32 -> !spirv.named_barrier",
	Operands: ir.Exactly(1), Results: ir.Exactly(1),
	Format: &ir.Format{Syntax: "$subgroup_count attr-dict `:` type($subgroup_count) `->` type($result)",
		Operands: []string{"subgroup_count"}, Results: []string{"result"}},
	Verify: func(op *ir.Operation) error {
		if t := op.Operand(0).Type(); !isSPIRVInt(t) || bitWidth(t) != 32 {
			return op.Errorf("operand #0 must be Int32, but got '%s'", typeString(t))
		}
		if _, ok := op.Result(0).Type().(*NamedBarrierType); !ok {
			return op.Errorf("result #0 must be any SPIR-V named barrier type, but got '%s'", typeString(op.Result(0).Type()))
		}
		return nil
	},
}

// memoryNamedBarrierOp: `spirv.MemoryNamedBarrier %nb, <Workgroup>, <AcquireRelease|WorkgroupMemory> : !spirv.named_barrier`.
var memoryNamedBarrierOp = &ir.OpDef{
	Name:     "spirv.MemoryNamedBarrier",
	Summary:  "Waits for the subgroups of a named barrier, with a memory barrier.",
	Example:  "spirv.MemoryNamedBarrier %nb, <Workgroup>, <AcquireRelease|WorkgroupMemory> : !spirv.named_barrier",
	Operands: ir.Exactly(1), Results: ir.Exactly(0),
	Inherent: []string{"memory_scope", "memory_semantics"},
	Format: &ir.Format{Syntax: "$named_barrier `,` $memory_scope `,` $memory_semantics attr-dict `:` type($named_barrier)",
		Operands: []string{"named_barrier"},
		Attrs: []ir.FormatAttr{enumFormatAttr("memory_scope", spv.KindScope, angled),
			enumFormatAttr("memory_semantics", spv.KindMemorySemantics, angled)}},
	Verify: func(op *ir.Operation) error {
		if _, ok := op.Operand(0).Type().(*NamedBarrierType); !ok {
			return op.Errorf("operand #0 must be any SPIR-V named barrier type, but got '%s'", typeString(op.Operand(0).Type()))
		}
		if err := checkEnumAttr(op, "memory_scope", spv.KindScope, false); err != nil {
			return err
		}
		if err := checkEnumAttr(op, "memory_semantics", spv.KindMemorySemantics, false); err != nil {
			return err
		}
		return verifySemantics(op, enumAttr(op, "memory_semantics").Value)
	},
}
