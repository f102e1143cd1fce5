// Package emulate holds MLIR's arith emulation passes, for targets that
// lack some types (Vulkan devices without Int64 or Float16, for
// instance): arith-emulate-wide-int splits integers of twice the widest
// supported width into pairs of halves, memref-emulate-wide-int does so
// for memref loads and stores too, and arith-emulate-unsupported-floats
// computes on small float types in a wider one. memref-emulate-wide-int
// is MLIR's MemRef/Transforms pass; it lives here because it is the arith
// emulation with three more patterns, and memref/transforms would
// otherwise import this package.
package emulate

import (
	"slices"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/pass"
)

// Register adds the emulation passes to reg.
func Register(reg pass.Registry) {
	reg.Add(WideIntPass, MemRefWideIntPass, UnsupportedFloatsPass)
}

func widthOption() []pass.Option {
	return []pass.Option{{Name: "widest-int-supported", Kind: pass.UnsignedOption, Default: "32", Help: "Widest integer type supported by the target"}}
}

// WideIntPass is arith-emulate-wide-int (WideInt).
func WideIntPass() *pass.Pass {
	return &pass.Pass{
		Name:     "ArithEmulateWideInt",
		Argument: "arith-emulate-wide-int",
		Summary:  "Emulate 2*N-bit integer operations using N-bit operations",
		Options:  widthOption(),
		Run: func(op *ir.Operation, pc *pass.Context) error {
			return WideInt(op, pc.Options.Int("widest-int-supported"))
		},
	}
}

// MemRefWideIntPass is memref-emulate-wide-int (MemRefWideInt).
func MemRefWideIntPass() *pass.Pass {
	return &pass.Pass{
		Name:     "MemRefEmulateWideInt",
		Argument: "memref-emulate-wide-int",
		Summary:  "Emulate 2*N-bit integer operations using N-bit operations",
		Options:  widthOption(),
		Run: func(op *ir.Operation, pc *pass.Context) error {
			return MemRefWideInt(op, pc.Options.Int("widest-int-supported"))
		},
	}
}

// UnsupportedFloatsPass is arith-emulate-unsupported-floats
// (UnsupportedFloats), with MLIR's diagnostics for type names that are
// not float types.
func UnsupportedFloatsPass() *pass.Pass {
	return &pass.Pass{
		Name:     "ArithEmulateUnsupportedFloats",
		Argument: "arith-emulate-unsupported-floats",
		Summary:  "Emulate operations on unsupported floats with extf/truncf",
		Options: []pass.Option{
			{Name: "source-types", Kind: pass.ListOption, Help: "MLIR types without arithmetic support on a given target"},
			{Name: "target-type", Kind: pass.StringOption, Default: "f32", Help: "MLIR type to convert the unsupported source types to"},
		},
		Run: func(op *ir.Operation, pc *pass.Context) error {
			ctx := op.Context()
			float := func(name, role string) (*ir.FloatType, error) {
				t, err := ir.ParseTypeString(ctx, name)
				if ft, ok := t.(*ir.FloatType); ok && err == nil {
					return ft, nil
				}
				return nil, ir.Errorf(ctx.UnknownLoc(), "could not map %s type '%s' to a known floating-point type", role, name)
			}
			target, err := float(pc.Options.String("target-type"), "target")
			if err != nil {
				return err
			}
			var sources []*ir.FloatType
			for _, name := range pc.Options.List("source-types") {
				s, err := float(name, "source")
				if err != nil {
					return err
				}
				sources = append(sources, s)
			}
			if slices.Contains(sources, target) {
				return ir.Errorf(ctx.UnknownLoc(), "target type cannot be an unsupported source type")
			}
			return UnsupportedFloats(op, sources, target)
		},
	}
}
