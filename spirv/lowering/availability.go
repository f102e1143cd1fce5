package lowering

import (
	"slices"
	"strings"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/spirv"
	"github.com/kiln-gpu/kiln/spirv/spv"
)

// checked is a key's answer to the target check.
type checked struct {
	k   spirv.AvailabilityKey
	err error
}

// recentKeys is how many keys per op definition available compares before
// it hashes: most definitions see one or two keys in a module, and a
// comparison costs less than hashing a key.
const recentKeys = 4

// available checks op against the target, remembering the answer per key:
// among the first keys of op's definition, then in a map of all the others.
func (e *env) available(op *ir.Operation) error {
	k, ok := spirv.AvailabilityKeyOf(op)
	if !ok {
		return e.check(op)
	}
	d := op.Def()
	first := e.keysByDef[d]
	for _, c := range first {
		if c.k == k {
			return c.err
		}
	}
	if len(first) == recentKeys {
		if err, seen := e.availability[k]; seen {
			return err
		}
	}
	err := e.check(op)
	if len(first) < recentKeys {
		e.keysByDef[d] = append(first, checked{k, err})
	} else {
		e.availability[k] = err
	}
	return err
}

// check leaves out what a built-in variable's BuiltIn and an extended
// instruction set (GLSL.std.450: Shader, OpenCL.std: Kernel) need, as
// MLIR's conversion target does: the conversion makes the variable or the
// instruction the source op asks for (the patterns pick the set by the
// target's Kernel capability), and spirv-update-vce (which kiln compile
// and kiln run run) still refuses what the target does not allow.
func (e *env) check(op *ir.Operation) error {
	rs := slices.DeleteFunc(spirv.Availability(op), func(r spirv.Requirement) bool {
		return strings.HasPrefix(r.What, "BuiltIn ") || r.What == spv.ExtGLSLstd450.Name || r.What == spv.ExtOpenCLstd.Name
	})
	return rs.Check(e.target.Version(), e.target.Capabilities(), e.target.Extensions())
}
