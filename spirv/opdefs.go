package spirv

import (
	"strconv"
	"strings"

	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/spirv/spv"
)

// Type constraints of SPIR-V operands, with ODS's descriptions.

func isSPIRVInt(t ir.Type) bool {
	it, ok := t.(*ir.IntegerType)
	return ok && (it.Width == 8 || it.Width == 16 || it.Width == 32 || it.Width == 64)
}

func isSPIRVFloat(t ir.Type) bool {
	ft, ok := t.(*ir.FloatType)
	return ok && (ft.Kind == ir.F16 || ft.Kind == ir.F32 || ft.Kind == ir.F64)
}

func isBool(t ir.Type) bool {
	it, ok := t.(*ir.IntegerType)
	return ok && it.Width == 1
}

func isScalar(t ir.Type) bool { return isSPIRVInt(t) || isSPIRVFloat(t) || isBool(t) }

// vectorOf accepts scalars satisfying elem and 1-D vectors of them. MLIR's
// description says lengths 2/3/4/8/16, but its tests use other lengths
// (vector<5xf32>), which need the Vector16 capability: accept any length
// from 2 and leave the capability to Availability.
func vectorOf(elem func(ir.Type) bool) func(ir.Type) bool {
	return func(t ir.Type) bool {
		if v, ok := t.(*ir.VectorType); ok {
			if len(v.Dims) != 1 || v.Scalable != nil || v.Dims[0] < 2 {
				return false
			}
			return elem(v.Elem)
		}
		return elem(t)
	}
}

func onlyVector(elem func(ir.Type) bool) func(ir.Type) bool {
	return func(t ir.Type) bool {
		_, ok := t.(*ir.VectorType)
		return ok && vectorOf(elem)(t)
	}
}

const vecLens = " values of length 2/3/4/8/16"

var (
	intLike        = arith.Constraint{Desc: "8/16/32/64-bit integer or vector of 8/16/32/64-bit integer" + vecLens, OK: vectorOf(isSPIRVInt)}
	floatLike      = arith.Constraint{Desc: "16/32/64-bit float or vector of 16/32/64-bit float" + vecLens, OK: vectorOf(isSPIRVFloat)}
	boolLike       = arith.Constraint{Desc: "bool or vector of bool" + vecLens, OK: vectorOf(isBool)}
	scalarOrVector = arith.Constraint{Desc: "bool or 8/16/32/64-bit integer or 16/32/64-bit float or vector of bool or 8/16/32/64-bit integer or 16/32/64-bit float" + vecLens,
		OK: vectorOf(isScalar)}
	scalarOrVectorOrPtr = arith.Constraint{Desc: scalarOrVector.Desc + " or any SPIR-V pointer type",
		OK: func(t ir.Type) bool { return scalarOrVector.OK(t) || pointer.OK(t) }}
	anyType   = arith.Constraint{Desc: "any type", OK: func(ir.Type) bool { return true }}
	intType   = arith.Constraint{Desc: "8/16/32/64-bit integer", OK: isSPIRVInt}
	floatType = arith.Constraint{Desc: "16/32/64-bit float", OK: isSPIRVFloat}
	numerical = arith.Constraint{Desc: "8/16/32/64-bit integer or 16/32/64-bit float", OK: func(t ir.Type) bool { return isSPIRVInt(t) || isSPIRVFloat(t) }}
	boolType  = arith.Constraint{Desc: "bool", OK: isBool}
	vecFloat  = arith.Constraint{Desc: "vector of 16/32/64-bit float" + vecLens, OK: onlyVector(isSPIRVFloat)}
	pointer   = arith.Constraint{Desc: "any SPIR-V pointer type", OK: func(t ir.Type) bool { _, ok := t.(*PointerType); return ok }}
)

// boolOfShape returns i1 or vector<Nxi1> matching t.
func boolOfShape(ctx *ir.Context, t ir.Type) ir.Type { return arith.I1SameShape(ctx, t) }

// operandNames names n operands as the spelled-out `operands` directive
// of the formats below reads them: operand, or operand1...operandN.
func operandNames(n int) []string {
	if n == 1 {
		return []string{"operand"}
	}
	names := make([]string, n)
	for i := range names {
		names[i] = "operand" + strconv.Itoa(i+1)
	}
	return names
}

// joinFormat writes each name through pattern (%s is the name), separated
// by commas: `$a` `,` `$b`, or type($a) `,` type($b).
func joinFormat(names []string, pattern string) string {
	parts := make([]string, len(names))
	for i, n := range names {
		parts[i] = strings.ReplaceAll(pattern, "%s", n)
	}
	return strings.Join(parts, " `,` ")
}

// operandTypesFormat is `operands attr-dict : type($operand1), ...`: every
// operand's type is written and the result has the first operand's type.
func operandTypesFormat(n int) *ir.Format {
	names := operandNames(n)
	return &ir.Format{Syntax: joinFormat(names, "$%s") + " attr-dict `:` " + joinFormat(names, "type($%s)"),
		Operands: names, Results: []string{"result"},
		TypesFrom: []ir.TypeFrom{{From: names[0], To: "result"}}}
}

// arrowFormat is `operands attr-dict : type($operand1), ... -> type($result)`;
// with all==false only the first operand's type is written and the others
// share it.
func arrowFormat(n int, all bool) *ir.Format {
	names := operandNames(n)
	f := &ir.Format{Syntax: joinFormat(names, "$%s") + " attr-dict `:` " + joinFormat(names, "type($%s)") + " `->` type($result)",
		Operands: names, Results: []string{"result"}}
	if !all {
		f.Syntax = joinFormat(names, "$%s") + " attr-dict `:` type($" + names[0] + ") `->` type($result)"
		f.TypesMatch = [][]string{names}
	}
	return f
}

// functionalFormat is `operands attr-dict : (T1, T2) -> R`.
func functionalFormat() *ir.Format {
	return &ir.Format{Syntax: "$operands attr-dict `:` functional-type(operands, results)",
		Operands: []string{"operands*"}, Results: []string{"result"}}
}

// castFormat is SPIRV_CastOp's `%a attr-dict : T1 to T2`.
func castFormat() *ir.Format {
	return &ir.Format{Syntax: "$operand attr-dict `:` type($operand) `to` type($result)",
		Operands: []string{"operand"}, Results: []string{"result"}}
}

// Enum operands of custom forms: MLIR writes some as quoted strings
// ("Workgroup") and some in angle brackets (<Workgroup>); both spellings
// are accepted on input, and each op prints the one MLIR's tests expect.
type enumStyle uint8

const (
	quoted enumStyle = iota
	angled
)

// parseEnumOperand parses "Name" or <Name> of kind k into attribute name.
func parseEnumOperand(p *ir.OpParser, st *ir.OpState, k *spv.OperandKind, name string) error {
	at := p.Pos()
	var s string
	var err error
	if p.IsString() {
		s, err = p.ParseString()
	} else {
		if err = p.ParsePunct("<"); err != nil {
			return err
		}
		var v uint32
		if v, err = parseEnumAttrValue(p.Parser, k); err != nil {
			return err
		}
		st.AddAttr(name, Enum(p.Context(), k, v))
		return p.ParsePunct(">")
	}
	if err != nil {
		return err
	}
	v, ok := ParseEnum(k, s)
	if !ok {
		return customOpError(st, p.LocAt(at), "invalid %s attribute specification: \"%s\"", snakeCase(k.Name), s)
	}
	st.AddAttr(name, Enum(p.Context(), k, v))
	return nil
}

// customOpError is an error of a custom parser as MLIR's OpAsmParser
// writes it: prefixed with the op's name.
func customOpError(st *ir.OpState, loc ir.Location, format string, args ...any) error {
	return ir.Errorf(loc, "custom op '%s' "+format, append([]any{st.Name}, args...)...)
}

// parseOperandsExactly parses n comma-separated operands with MLIR's
// diagnostics (parseOperandList with a required count).
func parseOperandsExactly(p *ir.OpParser, st *ir.OpState, n int) ([]ir.UnresolvedOperand, error) {
	at := p.Pos()
	if !p.IsOperand() {
		return nil, p.Errorf("expected operand")
	}
	var us []ir.UnresolvedOperand
	for {
		u, err := p.ParseOperand()
		if err != nil {
			return nil, err
		}
		us = append(us, u)
		if !p.ParseOptionalPunct(",") {
			break
		}
	}
	if len(us) != n {
		return nil, customOpError(st, p.LocAt(at), "expected %d operands", n)
	}
	return us, nil
}

// enumFormatAttr is a format's enum attribute name of kind k, printed in
// style and read in either spelling, as parseEnumOperand reads it.
func enumFormatAttr(name string, k *spv.OperandKind, style enumStyle) ir.FormatAttr {
	return ir.FormatAttr{Name: name,
		Parse: func(p *ir.Parser) (ir.Attribute, error) {
			at := p.Pos()
			if !p.IsString() {
				if err := p.ParsePunct("<"); err != nil {
					return nil, err
				}
				v, err := parseEnumAttrValue(p, k)
				if err != nil {
					return nil, err
				}
				return Enum(p.Context(), k, v), p.ParsePunct(">")
			}
			s, err := p.ParseString()
			if err != nil {
				return nil, err
			}
			v, ok := ParseEnum(k, s)
			if !ok {
				return nil, ir.Errorf(p.LocAt(at), "invalid %s attribute specification: \"%s\"", snakeCase(k.Name), s)
			}
			return Enum(p.Context(), k, v), nil
		},
		Print: func(p *ir.Printer, a ir.Attribute) {
			e, ok := a.(*EnumAttr)
			if !ok {
				p.WriteString("<<invalid " + name + ">>")
				return
			}
			if style == quoted {
				p.WriteString("\"" + e.Name() + "\"")
			} else {
				p.WriteString("<" + e.Name() + ">")
			}
		},
	}
}

// printEnumOperand writes an enum attribute of op as "Name" or <Name>.
func printEnumOperand(p *ir.OpPrinter, op *ir.Operation, name string, style enumStyle) {
	a, ok := op.Attr(name).(*EnumAttr)
	if !ok {
		p.WriteString("<<invalid " + name + ">>")
		return
	}
	left, right := "<", ">"
	if style == quoted {
		left, right = "\"", "\""
	}
	p.WriteString(left)
	p.WriteString(a.Name())
	p.WriteString(right)
}

// enumAttr returns op's enum attribute called name (nil if absent or not an enum).
func enumAttr(op *ir.Operation, name string) *EnumAttr {
	a, _ := op.Attr(name).(*EnumAttr)
	return a
}

// checkEnumAttr verifies that op's attribute name is an enum of kind k
// (optional attributes may be absent).
func checkEnumAttr(op *ir.Operation, name string, k *spv.OperandKind, optional bool) error {
	a := op.Attr(name)
	if a == nil {
		if optional {
			return nil
		}
		return op.Errorf("requires attribute '%s'", name)
	}
	if e, ok := a.(*EnumAttr); !ok || e.Kind != k {
		return op.Errorf("attribute '%s' failed to satisfy constraint: valid SPIR-V %s", name, k.Name)
	}
	return nil
}

// checkAllSame verifies that all operands and results have one type, with
// MLIR's SameOperandsAndResultType message.
func checkAllSame(op *ir.Operation) error {
	var t ir.Type
	for i := range op.NumOperands() + op.NumResults() {
		var vt ir.Type
		if i < op.NumOperands() {
			vt = op.Operand(i).Type()
		} else {
			vt = op.Result(i - op.NumOperands()).Type()
		}
		if t == nil {
			t = vt
		} else if vt != t {
			return op.Errorf("requires the same type for all operands and results")
		}
	}
	return nil
}

// elemType returns a vector's element type, or t itself.
func elemType(t ir.Type) ir.Type {
	if v, ok := t.(*ir.VectorType); ok {
		return v.Elem
	}
	return t
}

// numElements returns a vector's length, or 1.
func numElements(t ir.Type) int64 {
	if v, ok := t.(*ir.VectorType); ok && len(v.Dims) == 1 {
		return v.Dims[0]
	}
	return 1
}

// bitWidth returns the width of an integer or float scalar (0 otherwise).
func bitWidth(t ir.Type) int {
	switch t := t.(type) {
	case *ir.IntegerType:
		return t.Width
	case *ir.FloatType:
		return t.Width()
	}
	return 0
}

// parseAttrsAndTypes parses `attr-dict : T1, T2, ...` with n types (any
// number when n < 0).
func parseAttrsAndTypes(p *ir.OpParser, n int) ([]ir.Type, error) {
	if err := p.ParseOptionalAttrDict(); err != nil {
		return nil, err
	}
	at := p.Pos()
	ts, err := p.ParseColonTypeList()
	if err != nil {
		return nil, err
	}
	if n >= 0 && len(ts) != n {
		return nil, ir.Errorf(p.LocAt(at), "expected %d types, got %d", n, len(ts))
	}
	return ts, nil
}

// parseParenInts parses `(a, b, ...)` with n integers.
func parseParenInts(p *ir.Parser, n int) ([]int64, error) {
	if err := p.ParsePunct("("); err != nil {
		return nil, err
	}
	vs := make([]int64, n)
	for i := range vs {
		if i > 0 {
			if err := p.ParsePunct(","); err != nil {
				return nil, err
			}
		}
		var err error
		if vs[i], err = p.ParseInteger(); err != nil {
			return nil, err
		}
	}
	return vs, p.ParsePunct(")")
}
