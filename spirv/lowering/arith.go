package lowering

import (
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/rewrite"
	"github.com/kiln-gpu/kiln/spirv"
)

// arithPatterns convert the arith dialect (MLIR's ArithToSPIRV).
func (e *env) arithPatterns() []*rewrite.ConversionPattern {
	var ps []*rewrite.ConversionPattern
	// Elementwise ops: one spirv op each; i1 operands use the logical form.
	for from, to := range map[string][2]string{
		"arith.addi": {"spirv.IAdd", ""}, "arith.subi": {"spirv.ISub", ""}, "arith.muli": {"spirv.IMul", ""},
		"arith.divsi": {"spirv.SDiv", ""}, "arith.divui": {"spirv.UDiv", ""}, "arith.remsi": {"spirv.SRem", ""},
		"arith.remui": {"spirv.UMod", ""},
		"arith.andi":  {"spirv.BitwiseAnd", "spirv.LogicalAnd"}, "arith.ori": {"spirv.BitwiseOr", "spirv.LogicalOr"},
		"arith.xori": {"spirv.BitwiseXor", "spirv.LogicalNotEqual"},
		"arith.shli": {"spirv.ShiftLeftLogical", ""}, "arith.shrsi": {"spirv.ShiftRightArithmetic", ""},
		"arith.shrui": {"spirv.ShiftRightLogical", ""},
		"arith.addf":  {"spirv.FAdd", ""}, "arith.subf": {"spirv.FSub", ""}, "arith.mulf": {"spirv.FMul", ""},
		"arith.divf": {"spirv.FDiv", ""}, "arith.remf": {"spirv.FRem", ""}, "arith.negf": {"spirv.FNegate", ""},
		"arith.select": {"spirv.Select", ""},
	} {
		ps = append(ps, e.elementwise(from, to[0], to[1]))
	}
	glsl, cl := map[string]string{
		"arith.maxsi": "SMax", "arith.minsi": "SMin", "arith.maxui": "UMax", "arith.minui": "UMin",
		"arith.maximumf": "FMax", "arith.minimumf": "FMin", "arith.maxnumf": "FMax", "arith.minnumf": "FMin",
	}, map[string]string{
		"arith.maxsi": "s_max", "arith.minsi": "s_min", "arith.maxui": "u_max", "arith.minui": "u_min",
		"arith.maximumf": "fmax", "arith.minimumf": "fmin", "arith.maxnumf": "fmax", "arith.minnumf": "fmin",
	}
	for from, g := range glsl {
		to := "spirv.GL." + g
		if e.kernel() {
			to = "spirv.CL." + cl[from]
		}
		ps = append(ps, e.elementwise(from, to, ""))
	}
	ps = append(ps,
		&rewrite.ConversionPattern{Name: "arith.constant", Root: "arith.constant", Rewrite: e.constant},
		&rewrite.ConversionPattern{Name: "arith.cmpi", Root: "arith.cmpi", Rewrite: e.cmpi},
		&rewrite.ConversionPattern{Name: "arith.cmpf", Root: "arith.cmpf", Rewrite: e.cmpf},
		&rewrite.ConversionPattern{Name: "arith.addui_extended", Root: "arith.addui_extended", Rewrite: e.extended("spirv.IAddCarry", true)},
		&rewrite.ConversionPattern{Name: "arith.subui_extended", Root: "arith.subui_extended", Rewrite: e.extended("spirv.ISubBorrow", true)},
		&rewrite.ConversionPattern{Name: "arith.mului_extended", Root: "arith.mului_extended", Rewrite: e.extended("spirv.UMulExtended", false)},
		&rewrite.ConversionPattern{Name: "arith.mulsi_extended", Root: "arith.mulsi_extended", Rewrite: e.extended("spirv.SMulExtended", false)},
	)
	for _, name := range []string{"arith.extsi", "arith.extui", "arith.trunci", "arith.sitofp", "arith.uitofp",
		"arith.fptosi", "arith.fptoui", "arith.extf", "arith.truncf", "arith.index_cast", "arith.index_castui"} {
		ps = append(ps, &rewrite.ConversionPattern{Name: name, Root: name, Rewrite: e.cast})
	}
	return append(ps, &rewrite.ConversionPattern{Name: "arith.bitcast", Root: "arith.bitcast", Rewrite: e.bitcast})
}

// isBool reports i1 and vectors of i1.
func isBool(t ir.Type) bool {
	it, ok := ir.ElementTypeOrSelf(t).(*ir.IntegerType)
	return ok && it.Width == 1
}

// elementwise converts from to the spirv op to (boolTo for i1 operands
// when given), keeping no attributes (fastmath and overflow flags have no
// SPIR-V decoration here).
func (e *env) elementwise(from, to, boolTo string) *rewrite.ConversionPattern {
	return &rewrite.ConversionPattern{Name: from + " -> " + to, Root: from,
		Rewrite: func(o *ir.Operation, operands []*ir.Value, rw *rewrite.ConversionRewriter) error {
			t := e.tc.ConvertType(o.Result(0).Type())
			if t == nil || o.NumResults() != 1 {
				return rewrite.NoMatch
			}
			name := to
			if boolTo != "" && isBool(o.Operand(0).Type()) {
				name = boolTo
			}
			rw.ReplaceOpWith(o, &ir.OpState{Name: name, Loc: o.Loc(), Operands: operands, ResultTypes: []ir.Type{t}})
			return nil
		}}
}

// convertAttr converts a constant's value to type t.
func (e *env) convertAttr(a ir.Attribute, t ir.Type) ir.Attribute {
	ctx := e.ctx
	switch a := a.(type) {
	case *ir.IntegerAttr:
		if isBool(t) {
			return ctx.BoolAttr(a.Bool())
		}
		return ctx.IntegerAttr(t, a.Int())
	case *ir.FloatAttr:
		if ft, ok := t.(*ir.FloatType); ok {
			return ctx.FloatAttr(ft, a.Value())
		}
	case *ir.DenseElementsAttr:
		vt, ok := t.(*ir.VectorType)
		if !ok {
			// A one-element vector became a scalar.
			return e.convertAttr(a.ElementAttr(ctx, 0), t)
		}
		if a.IsSplat() {
			return ctx.DenseSplat(vt, e.convertAttr(a.ElementAttr(ctx, 0), vt.Elem))
		}
		n := a.Len()
		if ir.IsFloat(vt.Elem) {
			fs := make([]float64, n)
			for i := range fs {
				fs[i] = a.FloatAt(i)
			}
			return ctx.DenseFloats(vt, fs)
		}
		is := make([]int64, n)
		for i := range is {
			is[i] = a.IntAt(i)
		}
		return ctx.DenseInts(vt, is)
	}
	return nil
}

func (e *env) constant(o *ir.Operation, _ []*ir.Value, rw *rewrite.ConversionRewriter) error {
	t := e.tc.ConvertType(o.Result(0).Type())
	if t == nil {
		return rewrite.NoMatch
	}
	v := e.convertAttr(o.Attr("value"), t)
	if v == nil {
		return rewrite.NoMatch
	}
	rw.SetInsertionPointBefore(o)
	rw.ReplaceOp(o, []*ir.Value{spirv.NewConstant(&rw.Builder, v, t, o.Loc())})
	return nil
}

// predicate returns the integer value of a comparison's predicate.
func predicate(o *ir.Operation) (int64, bool) {
	if a, ok := o.Attr("predicate").(*ir.IntegerAttr); ok {
		return a.Int(), true
	}
	return 0, false
}

func (e *env) cmpi(o *ir.Operation, operands []*ir.Value, rw *rewrite.ConversionRewriter) error {
	p, ok := predicate(o)
	t := e.tc.ConvertType(o.Result(0).Type())
	if !ok || p < 0 || p > 9 || t == nil {
		return rewrite.NoMatch
	}
	names := [...]string{"IEqual", "INotEqual", "SLessThan", "SLessThanEqual", "SGreaterThan", "SGreaterThanEqual",
		"ULessThan", "ULessThanEqual", "UGreaterThan", "UGreaterThanEqual"}
	name := "spirv." + names[p]
	if isBool(o.Operand(0).Type()) {
		switch p {
		case 0:
			name = "spirv.LogicalEqual"
		case 1:
			name = "spirv.LogicalNotEqual"
		default:
			return rewrite.NoMatch
		}
	}
	rw.ReplaceOpWith(o, &ir.OpState{Name: name, Loc: o.Loc(), Operands: operands, ResultTypes: []ir.Type{t}})
	return nil
}

func (e *env) cmpf(o *ir.Operation, operands []*ir.Value, rw *rewrite.ConversionRewriter) error {
	p, ok := predicate(o)
	t := e.tc.ConvertType(o.Result(0).Type())
	if !ok || p < 0 || p > 15 || t == nil {
		return rewrite.NoMatch
	}
	b := &rw.Builder
	b.SetInsertionPointBefore(o)
	var r *ir.Value
	switch p {
	case 0, 15: // false, true
		r = splatConst(b, t, p/15, o.Loc())
	case 7: // ord
		r = val(b, "spirv.Ordered", o.Loc(), t, operands...)
	case 8: // uno
		r = val(b, "spirv.Unordered", o.Loc(), t, operands...)
	default:
		names := map[int64]string{1: "FOrdEqual", 2: "FOrdGreaterThan", 3: "FOrdGreaterThanEqual", 4: "FOrdLessThan",
			5: "FOrdLessThanEqual", 6: "FOrdNotEqual", 9: "FUnordEqual", 10: "FUnordGreaterThan",
			11: "FUnordGreaterThanEqual", 12: "FUnordLessThan", 13: "FUnordLessThanEqual", 14: "FUnordNotEqual"}
		r = val(b, "spirv."+names[p], o.Loc(), t, operands...)
	}
	rw.ReplaceOp(o, []*ir.Value{r})
	return nil
}

// extended converts the extended arithmetic ops, whose spirv forms return
// a two-member struct; carry and borrow become i1.
func (e *env) extended(name string, carry bool) func(*ir.Operation, []*ir.Value, *rewrite.ConversionRewriter) error {
	return func(o *ir.Operation, operands []*ir.Value, rw *rewrite.ConversionRewriter) error {
		t := e.tc.ConvertType(o.Result(0).Type())
		if t == nil || o.NumResults() != 2 {
			return rewrite.NoMatch
		}
		b := &rw.Builder
		b.SetInsertionPointBefore(o)
		loc := o.Loc()
		st := spirv.Struct(e.ctx, []ir.Type{t, t}, nil, nil)
		s := val(b, name, loc, st, operands...)
		lo, hi := extract(b, s, t, loc, 0), extract(b, s, t, loc, 1)
		if carry {
			bt := e.tc.ConvertType(o.Result(1).Type())
			hi = val(b, "spirv.INotEqual", loc, bt, hi, splatConst(b, t, 0, loc))
		}
		rw.ReplaceOp(o, []*ir.Value{lo, hi})
		return nil
	}
}

// cast converts the cast ops. Narrow integers computed in 32 bits are
// masked or sign-extended by hand where the spirv conversion would be a
// no-op (MLIR's emulated casts).
func (e *env) cast(o *ir.Operation, operands []*ir.Value, rw *rewrite.ConversionRewriter) error {
	src, dst := o.Operand(0).Type(), o.Result(0).Type()
	st, dt := operands[0].Type(), e.tc.ConvertType(dst)
	if dt == nil {
		return rewrite.NoMatch
	}
	b := &rw.Builder
	b.SetInsertionPointBefore(o)
	loc := o.Loc()
	in := operands[0]
	srcBits, dstBits := ir.IntOrFloatBitWidth(ir.ElementTypeOrSelf(src)), ir.IntOrFloatBitWidth(ir.ElementTypeOrSelf(dst))
	var r *ir.Value
	switch name := o.Name(); {
	case isBool(src) && (name == "arith.extui" || name == "arith.extsi" || name == "arith.uitofp" || name == "arith.sitofp"):
		one := int64(1)
		if name == "arith.extsi" || name == "arith.sitofp" {
			one = -1
		}
		r = val(b, "spirv.Select", loc, dt, in, splatConst(b, dt, one, loc), splatConst(b, dt, 0, loc))
	case isBool(dst) && name == "arith.trunci":
		one := splatConst(b, st, 1, loc)
		r = val(b, "spirv.IEqual", loc, dt, val(b, "spirv.BitwiseAnd", loc, st, in, one), one)
	case st == dt:
		switch {
		case name == "arith.extui" || name == "arith.trunci" && dstBits < 32:
			// Emulated narrow data: keep the low bits.
			bits := srcBits
			if name == "arith.trunci" {
				bits = dstBits
			}
			r = val(b, "spirv.BitwiseAnd", loc, dt, in, splatConst(b, dt, int64(1)<<bits-1, loc))
		case name == "arith.extsi" && srcBits < 32:
			sh := splatConst(b, dt, int64(ir.IntOrFloatBitWidth(ir.ElementTypeOrSelf(dt))-srcBits), loc)
			r = val(b, "spirv.ShiftRightArithmetic", loc, dt, val(b, "spirv.ShiftLeftLogical", loc, dt, in, sh), sh)
		default:
			r = in
		}
	default:
		spv := map[string]string{"arith.extsi": "SConvert", "arith.extui": "UConvert", "arith.trunci": "SConvert",
			"arith.sitofp": "ConvertSToF", "arith.uitofp": "ConvertUToF", "arith.fptosi": "ConvertFToS",
			"arith.fptoui": "ConvertFToU", "arith.extf": "FConvert", "arith.truncf": "FConvert",
			"arith.index_cast": "SConvert", "arith.index_castui": "UConvert"}[name]
		if name == "arith.trunci" || name == "arith.index_cast" && srcBits > dstBits && srcBits != 0 {
			spv = "SConvert"
		}
		r = val(b, "spirv."+spv, loc, dt, in)
	}
	rw.ReplaceOp(o, []*ir.Value{r})
	return nil
}
