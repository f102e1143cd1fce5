package linalg

import (
	"github.com/kiln-gpu/kiln/ir"
)

// namedOp defines a named structured op: its body comes from build (MLIR's
// region builder), its syntax is `attr-dict ins(...) outs(...) -> types`
// and its indexing maps are identities of the output's rank (a scalar or
// rank-0 input maps to nothing).
func namedOp(name, summary, example string, attrs []string, build func(st *ir.OpState, b *ir.Builder, args []*ir.Value, loc ir.Location) []*ir.Value,
	verify func(op *ir.Operation) error) *ir.OpDef {
	return &ir.OpDef{
		Name:            name,
		Summary:         summary,
		Example:         example,
		Traits:          ir.AttrSizedOperandSegments | ir.SingleBlock,
		Effects:         structuredEffects,
		Speculatability: structuredSpeculatability,
		Operands:        ir.Variadic,
		Results:         ir.Variadic,
		Regions:         ir.Exactly(1),
		Inherent:        attrs,
		// Hand-written as in MLIR (parseNamedStructuredOp, LinalgOps.cpp, which
		// FillOp::parse and the other named ops call): the body is not written
		// but built from the op.
		Parse: func(p *ir.OpParser, st *ir.OpState) error {
			ins, outs, err := parseInsOuts(p, st)
			if err != nil {
				return err
			}
			if err := p.ParseOptionalAttrDict(); err != nil {
				return err
			}
			if st.ResultTypes, err = p.ParseOptionalArrowTypeList(); err != nil {
				return err
			}
			buildBody(p.Context(), st.AddRegion(), append(ins, outs...), st.Loc, func(b *ir.Builder, args []*ir.Value) []*ir.Value {
				// Other operand counts are the verifier's to report.
				if len(ins) != 1 || len(outs) != 1 {
					return nil
				}
				return build(st, b, args, st.Loc)
			})
			return nil
		},
		Print: func(p *ir.OpPrinter, op *ir.Operation) {
			p.OptionalAttrDict(op.Attrs(), "operandSegmentSizes")
			printInsOuts(p, op)
			printResults(p, op)
		},
		Verify: func(op *ir.Operation) error {
			s := Structured{op}
			if len(s.Outputs()) != 1 || len(s.Inputs()) != 1 {
				return op.Errorf("expected 1 input and 1 output operand")
			}
			maps := namedMaps(s)
			if err := verifyStructured(op, maps, len(maps[1].Results)); err != nil {
				return err
			}
			if verify != nil {
				return verify(op)
			}
			return nil
		},
	}
}

// namedMaps are the indexing maps of a named op with one input and one
// output: the output's identity, and the input's, or none for a scalar or
// rank-0 input.
func namedMaps(s Structured) []*ir.AffineMap {
	rank := rankOf(s.Outputs()[0].Type())
	maps := []*ir.AffineMap{{Dims: rank}, identity(rank)}
	if rankOf(s.Inputs()[0].Type()) != 0 {
		maps[0] = identity(rank)
	}
	return maps
}

func identity(n int) *ir.AffineMap {
	m := &ir.AffineMap{Dims: n}
	for i := range n {
		m.Results = append(m.Results, ir.AffineDimExpr(i))
	}
	return m
}

// stateAttr returns the attribute name of an op being built, or nil.
func stateAttr(st *ir.OpState, name string) ir.Attribute {
	for _, a := range st.Attrs {
		if a.Name == name {
			return a.Value
		}
	}
	return nil
}

var fill = namedOp("linalg.fill", "Fills the output with a scalar value.",
	"%r = linalg.fill ins(%x : f32) outs(%t : tensor<2x3xf32>) -> tensor<2x3xf32>", nil,
	func(_ *ir.OpState, b *ir.Builder, args []*ir.Value, loc ir.Location) []*ir.Value {
		return []*ir.Value{castTo(b, args[0], args[1].Type(), false, loc)}
	},
	func(op *ir.Operation) error {
		if _, ok := op.Operand(0).Type().(ir.ShapedType); ok {
			return op.Errorf("expects a scalar value to fill with, but got '%s'", ir.TypeString(op.Operand(0).Type()))
		}
		return nil
	})

// unaryFns builds each #linalg.unary_fn from math and arith ops.
var unaryFns = map[string]func(b *ir.Builder, v *ir.Value, loc ir.Location) *ir.Value{
	"exp": mathOp("math.exp"), "log": mathOp("math.log"), "abs": mathOp("math.absf"),
	"ceil": mathOp("math.ceil"), "floor": mathOp("math.floor"), "negf": mathOp("arith.negf"),
	"round": mathOp("math.round"), "sqrt": mathOp("math.sqrt"), "rsqrt": mathOp("math.rsqrt"),
	"tanh": mathOp("math.tanh"), "erf": mathOp("math.erf"),
	"reciprocal": func(b *ir.Builder, v *ir.Value, loc ir.Location) *ir.Value {
		one := b.Create(&ir.OpState{Name: "arith.constant", Loc: loc, ResultTypes: []ir.Type{v.Type()},
			Attrs: []ir.NamedAttr{{Name: "value", Value: oneOf(b.Context(), v.Type())}}}).Result(0)
		return b.Create(&ir.OpState{Name: "arith.divf", Loc: loc, Operands: []*ir.Value{one, v}, ResultTypes: []ir.Type{v.Type()}}).Result(0)
	},
	"square": func(b *ir.Builder, v *ir.Value, loc ir.Location) *ir.Value {
		return b.Create(&ir.OpState{Name: "arith.mulf", Loc: loc, Operands: []*ir.Value{v, v}, ResultTypes: []ir.Type{v.Type()}}).Result(0)
	},
}

func mathOp(name string) func(b *ir.Builder, v *ir.Value, loc ir.Location) *ir.Value {
	return func(b *ir.Builder, v *ir.Value, loc ir.Location) *ir.Value {
		return b.Create(&ir.OpState{Name: name, Loc: loc, Operands: []*ir.Value{v}, ResultTypes: []ir.Type{v.Type()}}).Result(0)
	}
}

func oneOf(ctx *ir.Context, t ir.Type) ir.Attribute {
	if f, ok := t.(*ir.FloatType); ok {
		return ctx.FloatAttr(f, 1)
	}
	return ctx.IntegerAttr(t, 1)
}

var elemwiseUnary = namedOp("linalg.elemwise_unary", "Applies a unary function (default exp) to each element of the input.",
	"%r = linalg.elemwise_unary {fun = #linalg.unary_fn<log>} ins(%a : tensor<8xf32>) outs(%b : tensor<8xf32>) -> tensor<8xf32>",
	[]string{"fun", "cast"},
	func(st *ir.OpState, b *ir.Builder, args []*ir.Value, loc ir.Location) []*ir.Value {
		fn, _ := EnumValue(stateAttr(st, "fun"), "unary_fn")
		if fn == "" {
			fn = "exp"
		}
		cast, _ := EnumValue(stateAttr(st, "cast"), "type_fn")
		v := castTo(b, args[0], args[1].Type(), cast == "cast_unsigned", loc)
		return []*ir.Value{unaryFns[fn](b, v, loc)}
	},
	func(op *ir.Operation) error {
		if a := op.Attr("fun"); a != nil {
			if _, ok := EnumValue(a, "unary_fn"); !ok {
				return op.Errorf("attribute 'fun' failed to satisfy constraint: a #linalg.unary_fn attribute")
			}
		}
		if a := op.Attr("cast"); a != nil {
			if _, ok := EnumValue(a, "type_fn"); !ok {
				return op.Errorf("attribute 'cast' failed to satisfy constraint: a #linalg.type_fn attribute")
			}
		}
		return nil
	})
