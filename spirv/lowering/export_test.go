package lowering

import (
	"slices"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/spirv"
)

// ConvertedOps lists the source ops the conversion has a pattern for on
// the default (Vulkan, Shader) target, sorted: the ops the differential
// kernels must cover.
func ConvertedOps(ctx *ir.Context) []string {
	e := newEnv(ctx, spirv.DefaultTargetEnv(ctx), Options{})
	var names []string
	for _, p := range e.patterns(AllDialects) {
		if p.Root != castName && !slices.Contains(names, p.Root) {
			names = append(names, p.Root)
		}
	}
	slices.Sort(names)
	return names
}
