package transforms

import (
	"fmt"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/spirv"
)

// Vulkan's layout rules for interface blocks (MLIR's VulkanLayoutUtils):
// scalars align to their size, 2-vectors to twice and 3- and 4-vectors to
// four times their element's alignment, arrays to their element (with the
// element size as stride), structs to their largest member. Existing
// offsets and strides are replaced, member decorations kept.

// decorateStruct returns t laid out for Vulkan, or an error naming the
// type that has no layout (pointers, images).
func decorateStruct(ctx *ir.Context, t *spirv.StructType) (*spirv.StructType, error) {
	d, _, _, err := decorate(ctx, t)
	if err != nil {
		return nil, err
	}
	return d.(*spirv.StructType), nil
}

// decorate returns t with layout information, its size (-1 for runtime
// arrays, which must come last) and its alignment.
func decorate(ctx *ir.Context, t ir.Type) (ir.Type, int64, int64, error) {
	switch t := t.(type) {
	case *ir.IntegerType, *ir.FloatType:
		a := scalarAlignment(t)
		return t, a, a, nil
	case *ir.VectorType:
		// Vector elements are scalars, so the type itself needs no change.
		ealign := scalarAlignment(t.Elem)
		n := int64(1)
		for _, d := range t.Dims {
			n *= d
		}
		align := ealign * 4
		if n == 2 {
			align = ealign * 2
		}
		return t, ealign * n, align, nil
	case *spirv.ArrayType:
		e, esize, ealign, err := decorate(ctx, t.Elem)
		if err != nil {
			return nil, 0, 0, err
		}
		return spirv.Array(ctx, e, t.Len, esize), esize * t.Len, ealign, nil
	case *spirv.RuntimeArrayType:
		e, esize, ealign, err := decorate(ctx, t.Elem)
		if err != nil {
			return nil, 0, 0, err
		}
		return spirv.RuntimeArray(ctx, e, esize), -1, ealign, nil
	case *spirv.StructType:
		if t.IsIdentified() {
			return nil, 0, 0, fmt.Errorf("identified struct %s has no Vulkan layout here", ir.TypeString(t))
		}
		members := t.Members()
		if len(members) == 0 {
			return t, 0, 1, nil
		}
		out := make([]ir.Type, len(members))
		offsets := make([]int64, len(members))
		offset, maxAlign := int64(0), int64(1)
		for i, m := range members {
			if offset < 0 {
				return nil, 0, 0, fmt.Errorf("runtime array must be the last member of %s", ir.TypeString(t))
			}
			d, size, align, err := decorate(ctx, m)
			if err != nil {
				return nil, 0, 0, err
			}
			offset = alignTo(offset, align)
			out[i], offsets[i] = d, offset
			if size < 0 {
				offset = -1
			} else {
				offset += size
			}
			maxAlign = max(maxAlign, align)
		}
		size := int64(-1)
		if offset >= 0 {
			size = alignTo(offset, maxAlign)
		}
		return spirv.Struct(ctx, out, offsets, t.Decorations(), t.StructDecorations()...), size, maxAlign, nil
	}
	return nil, 0, 0, fmt.Errorf("type %s has no Vulkan layout", ir.TypeString(t))
}

// scalarAlignment is a scalar's size in bytes (i1 counts as one byte).
func scalarAlignment(t ir.Type) int64 {
	var w int
	switch t := t.(type) {
	case *ir.IntegerType:
		w = t.Width
	case *ir.FloatType:
		w = t.Width()
	}
	return max(int64(w/8), 1)
}

func alignTo(v, a int64) int64 { return (v + a - 1) / a * a }
