package lowering

import (
	"strconv"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/rewrite"
	"github.com/kiln-gpu/kiln/spirv"
	spv "github.com/kiln-gpu/kiln/spirv/spv"
)

// printf converts gpu.printf to spirv.CL.printf as MLIR's
// GPUPrintfConversion does: the format string, NUL-terminated, becomes a
// Constant UniformConstant global @printfMsgN initialized by a
// SpecConstantComposite @printfMsgN_scc of one i8 SpecConstant per byte
// (@printfMsgN_sc0, ...), all at the start of the spirv.module; the op
// passes a pointer to its first byte and the converted arguments. It
// needs the spirv.module that convert-gpu-modules makes.
func (e *env) printf(o *ir.Operation, operands []*ir.Value, rw *rewrite.ConversionRewriter) error {
	mod := o.ParentOfName("spirv.module")
	format, ok := o.Attr("format").(*ir.StringAttr)
	if mod == nil || !ok {
		return rewrite.NoMatch
	}
	ctx, loc := o.Context(), o.Loc()
	i8 := ctx.I(8)
	name := e.freshSymbol(mod, "printfMsg")
	arr := spirv.Array(ctx, i8, int64(len(format.Value)+1), 0)
	scc := name + "_scc"
	// The global goes first at the module's start; its constants are then
	// inserted before it, in order.
	g := e.global(o, name, spirv.Pointer(ctx, arr, spv.StorageClassUniformConstant),
		ir.NamedAttr{Name: "initializer", Value: ctx.SymbolRef(scc)},
		ir.NamedAttr{Name: "Constant", Value: ctx.UnitAttr()})
	b := ir.NewBuilder(ctx)
	b.SetInsertionPointToStart(mod.Region(0).Entry())
	bytes := append([]byte(format.Value), 0)
	constituents := make([]ir.Attribute, len(bytes))
	for i, c := range bytes {
		sc := e.freshSymbol(mod, name+"_sc")
		e.define(mod, op(b, "spirv.SpecConstant", loc, nil, nil,
			ir.NamedAttr{Name: "sym_name", Value: ctx.StringAttr(sc)},
			ir.NamedAttr{Name: "default_value", Value: ctx.IntegerAttr(i8, int64(int8(c)))}))
		constituents[i] = ctx.SymbolRef(sc)
	}
	e.define(mod, op(b, "spirv.SpecConstantComposite", loc, nil, nil,
		ir.NamedAttr{Name: "sym_name", Value: ctx.StringAttr(scc)},
		ir.NamedAttr{Name: "type", Value: ctx.TypeAttr(arr)},
		ir.NamedAttr{Name: "constituents", Value: ctx.ArrayAttr(constituents...)}))

	rw.SetInsertionPointBefore(o)
	ptr := val(&rw.Builder, "spirv.Bitcast", loc, spirv.Pointer(ctx, i8, spv.StorageClassUniformConstant), e.addressOf(&rw.Builder, g, loc))
	op(&rw.Builder, "spirv.CL.printf", loc, ctx.I(32), append([]*ir.Value{ptr}, operands...))
	rw.EraseOp(o)
	return nil
}

// freshSymbol returns prefix followed by the first number that names no
// symbol of table yet (MLIR's makeVarName).
func (e *env) freshSymbol(table *ir.Operation, prefix string) string {
	for n := 0; ; n++ {
		if name := prefix + strconv.Itoa(n); e.symbolOf(table, name) == nil {
			return name
		}
	}
}

// define records the new symbol op o of table for symbolOf.
func (e *env) define(table, o *ir.Operation) {
	e.symbolOf(table, "")
	e.symbols[table][ir.SymbolName(o)] = o
}
