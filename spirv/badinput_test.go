package spirv

import (
	"fmt"
	"testing"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/spirv/spv"
)

// TestMalformedOpsNeverPanic builds every op with operand and result
// counts around its allowed ones, operands and results of unrelated types
// and no attributes: verifying must report an error, never panic, and an
// op that verifies must print.
func TestMalformedOpsNeverPanic(t *testing.T) {
	ctx := newContext()
	loc := ctx.UnknownLoc()
	types := []ir.Type{ctx.I(32), ctx.None(), Pointer(ctx, ctx.F32(), spv.StorageClassFunction), ctx.Vector([]int64{4}, ctx.F32())}
	for _, d := range Dialect().Ops {
		for _, shape := range shapes(d) {
			t.Run(fmt.Sprintf("%s/%d-%d-%d", d.Name, shape[0], shape[1], shape[2]), func(t *testing.T) {
				defer func() {
					if r := recover(); r != nil {
						t.Fatalf("panic: %v", r)
					}
				}()
				for ty := range 2 * len(types) {
					argTypes := make([]ir.Type, shape[0])
					for i := range argTypes {
						argTypes[i] = types[(ty+i)%len(types)]
					}
					locs := make([]ir.Location, len(argTypes))
					for i := range locs {
						locs[i] = loc
					}
					holder := ir.NewBlock(argTypes, locs)
					st := &ir.OpState{Name: d.Name, Loc: loc, Operands: holder.Args()}
					for i := 0; i < shape[1]; i++ {
						st.ResultTypes = append(st.ResultTypes, types[(ty+i+1)%len(types)])
					}
					for i := 0; i < shape[2]; i++ {
						st.AddRegion().Append(ir.NewBlock(nil, nil))
					}
					if ty >= len(types) {
						// Inherent attributes of the wrong kind.
						for _, name := range d.Inherent {
							st.AddAttr(name, ctx.StringAttr("x"))
						}
					}
					op := ctx.NewOp(st)
					holder.Append(op)
					if ir.Verify(op) == nil {
						_ = ir.OpString(op, ir.PrintOptions{})
					}
				}
			})
		}
	}
}

// shapes returns operand, result and region counts to try for d.
func shapes(d *ir.OpDef) [][3]int {
	around := func(c ir.Count) []int {
		out := []int{c.Min}
		if c.Max < 0 || c.Max > c.Min {
			out = append(out, c.Min+1)
		}
		if c.Min > 0 {
			out = append(out, c.Min-1)
		}
		return out
	}
	var out [][3]int
	for _, o := range around(d.Operands) {
		for _, r := range around(d.Results) {
			for _, g := range around(d.Regions) {
				out = append(out, [3]int{o, r, g})
			}
		}
	}
	return out
}
