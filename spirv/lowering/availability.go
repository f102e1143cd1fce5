package lowering

import (
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/spirv"
)

// available checks op against the target, remembering the answer per key.
func (e *env) available(op *ir.Operation) error {
	k, ok := spirv.AvailabilityKeyOf(op)
	if ok {
		if err, seen := e.availability[k]; seen {
			return err
		}
	}
	err := spirv.Availability(op).Check(e.target.Version(), e.target.Capabilities(), e.target.Extensions())
	if ok {
		e.availability[k] = err
	}
	return err
}
