package transforms

import (
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/pass"
	"github.com/kiln-gpu/kiln/spirv"
)

// WebGPUPrepare returns the spirv-webgpu-prepare pass.
func WebGPUPrepare() *pass.Pass {
	return &pass.Pass{
		Name:     "SPIRVWebGPUPreparePass",
		Argument: "spirv-webgpu-prepare",
		Summary:  "Prepare SPIR-V to target WebGPU by expanding unsupported ops and replacing with supported ones",
		Run:      func(op *ir.Operation, _ *pass.Context) error { return eachModule(op, webGPUPrepare) },
	}
}

// webGPUPrepare expands what WGSL lacks (MLIR's SPIRVWebGPUTransforms):
// 32-bit UMulExtended, SMulExtended and IAddCarry into 32-bit arithmetic,
// and IsInf and IsNan into false, values being assumed finite.
func webGPUPrepare(module *ir.Operation) error {
	var ops []*ir.Operation
	module.Walk(func(op *ir.Operation) bool {
		switch op.Name() {
		case "spirv.UMulExtended", "spirv.SMulExtended", "spirv.IAddCarry":
			if w := ir.IntOrFloatBitWidth(ir.ElementTypeOrSelf(op.Operand(0).Type())); w == 32 {
				ops = append(ops, op)
			}
		case "spirv.IsInf", "spirv.IsNan":
			ops = append(ops, op)
		}
		return true
	})
	for _, op := range ops {
		b := ir.NewBuilder(module.Context())
		b.SetInsertionPointBefore(op)
		var r *ir.Value
		switch op.Name() {
		case "spirv.IsInf", "spirv.IsNan":
			r = splat(b, op.Result(0).Type(), 0, op.Loc())
		case "spirv.IAddCarry":
			r = expandAddCarry(b, op)
		default:
			r = expandMulExtended(b, op, op.Name() == "spirv.SMulExtended")
		}
		op.Result(0).ReplaceAllUsesWith(r)
		op.Erase()
	}
	return nil
}

// expandAddCarry: the sum, and a carry of 1 where the sum wrapped below lhs.
func expandAddCarry(b *ir.Builder, op *ir.Operation) *ir.Value {
	loc, lhs, rhs := op.Loc(), op.Operand(0), op.Operand(1)
	t := lhs.Type()
	one, zero := splat(b, t, 1, loc), splat(b, t, 0, loc)
	out := binary(b, "spirv.IAdd", lhs, rhs)
	cmp := b.CreateOp("spirv.ULessThan", loc, []*ir.Value{out, lhs}, []ir.Type{boolOf(b.Context(), t)}).Result(0)
	carry := b.CreateOp("spirv.Select", loc, []*ir.Value{cmp, one, zero}, []ir.Type{t}).Result(0)
	return b.CreateOp("spirv.CompositeConstruct", loc, []*ir.Value{out, carry}, []ir.Type{op.Result(0).Type()}).Result(0)
}

// expandMulExtended multiplies 32-bit lhs and rhs into their 64-bit
// product as the low and high words of the result struct, by long
// multiplication of 16-bit digits held in 32 bits so that no step
// overflows (MLIR's lowerExtendedMultiplication); signed operands get two
// more digits of sign extension.
func expandMulExtended(b *ir.Builder, op *ir.Operation, signed bool) *ir.Value {
	loc, lhs, rhs := op.Loc(), op.Operand(0), op.Operand(1)
	t := lhs.Type()
	lowMask, k16 := splat(b, t, 1<<16-1, loc), splat(b, t, 16, loc)
	low := func(v *ir.Value) *ir.Value { return binary(b, "spirv.BitwiseAnd", v, lowMask) }
	high := func(v *ir.Value) *ir.Value { return binary(b, "spirv.ShiftRightLogical", v, k16) }
	// nil stands for a zero digit, which adds and multiplies fold away.
	digits := func(v *ir.Value) [4]*ir.Value {
		d := [4]*ir.Value{low(v), high(v)}
		if signed {
			d[2] = high(binary(b, "spirv.ShiftRightArithmetic", v, k16))
			d[3] = d[2]
		}
		return d
	}
	ld, rd := digits(lhs), digits(rhs)
	var res [4]*ir.Value
	add := func(a, x *ir.Value) *ir.Value {
		if a == nil {
			return x
		}
		return binary(b, "spirv.IAdd", a, x)
	}
	for i, l := range ld {
		for j, r := range rd {
			if i+j >= len(res) || l == nil || r == nil {
				continue
			}
			res[i+j] = add(res[i+j], binary(b, "spirv.IMul", l, r))
			// Propagate the carry into the higher digits.
			for k := i + j + 1; k < len(res); k++ {
				res[k] = add(res[k], high(res[k-1]))
				res[k-1] = low(res[k-1])
			}
		}
	}
	combine := func(lo, hi *ir.Value) *ir.Value {
		return binary(b, "spirv.BitwiseOr", lo, binary(b, "spirv.ShiftLeftLogical", hi, k16))
	}
	return b.CreateOp("spirv.CompositeConstruct", loc, []*ir.Value{combine(res[0], res[1]), combine(res[2], res[3])},
		[]ir.Type{op.Result(0).Type()}).Result(0)
}

// binary creates a two-operand op whose result has the type of x.
func binary(b *ir.Builder, name string, x, y *ir.Value) *ir.Value {
	return b.CreateOp(name, x.Loc(), []*ir.Value{x, y}, []ir.Type{x.Type()}).Result(0)
}

// splat is the integer (or bool) constant v of scalar or vector type t.
func splat(b *ir.Builder, t ir.Type, v int64, loc ir.Location) *ir.Value {
	ctx := b.Context()
	elem := ir.ElementTypeOrSelf(t)
	var a ir.Attribute = ctx.IntegerAttr(elem, v)
	if it, ok := elem.(*ir.IntegerType); ok && it.Width == 1 {
		a = ctx.BoolAttr(v != 0)
	}
	if vt, ok := t.(*ir.VectorType); ok {
		a = ctx.DenseSplat(vt, a)
	}
	return spirv.NewConstant(b, a, t, loc)
}

// boolOf is i1 shaped as t.
func boolOf(ctx *ir.Context, t ir.Type) ir.Type {
	if vt, ok := t.(*ir.VectorType); ok {
		return ctx.Vector(vt.Dims, ctx.I(1))
	}
	return ctx.I(1)
}
