package lowering

import (
	"fmt"
	"slices"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/rewrite"
	"github.com/kiln-gpu/kiln/spirv"
	"github.com/kiln-gpu/kiln/spirv/spv"
)

// Options say what one conversion converts.
type Options struct {
	// Dialects names the source dialects whose patterns run ("gpu",
	// "arith", "math", "memref", "scf", "cf", "func", "vector", "index"); nil runs
	// them all.
	Dialects []string
	// GPUModules converts each gpu.module into a spirv.module placed
	// before it (named __spv__<name>, as MLIR's convert-gpu-to-spirv
	// does), leaving the gpu.module for the host side. Without it the ops
	// are converted where they are.
	GPUModules bool
	// Use64BitIndex converts index to i64 when the target has Int64.
	Use64BitIndex bool
}

// AllDialects lists the source dialects the conversion handles.
var AllDialects = []string{"gpu", "arith", "math", "memref", "scf", "cf", "func", "vector", "index"}

// Convert lowers the ops under root to the spirv dialect, for the
// #spirv.target_env on or above the ops converted (MLIR's default
// environment when there is none).
func Convert(root *ir.Operation, o Options) error {
	if !o.GPUModules {
		return convertIn(root, o, targetEnvOf(root), false)
	}
	var mods []*ir.Operation
	root.Walk(func(op *ir.Operation) bool {
		if op.Name() == "gpu.module" {
			mods = append(mods, op)
		}
		return true
	})
	for _, gm := range mods {
		env := targetEnvOf(gm)
		sm := newSPIRVModule(gm, env)
		if err := convertIn(sm, o, env, true); err != nil {
			sm.Erase()
			return err
		}
	}
	return nil
}

// targetEnvOf returns the target environment of op: its own or an
// ancestor's spirv.target_env, one listed in a gpu.module's targets, or
// the default.
func targetEnvOf(op *ir.Operation) *spirv.TargetEnvAttr {
	if ts, ok := op.Attr("targets").(*ir.ArrayAttr); ok {
		for _, t := range ts.Elems {
			if te, ok := t.(*spirv.TargetEnvAttr); ok {
				return te
			}
		}
	}
	if te := spirv.LookupTargetEnv(op); te != nil {
		return te
	}
	return spirv.DefaultTargetEnv(op.Context())
}

// newSPIRVModule clones gm's body into a spirv.module inserted before it.
func newSPIRVModule(gm *ir.Operation, env *spirv.TargetEnvAttr) *ir.Operation {
	ctx := gm.Context()
	am, mm := spv.AddressingModelLogical, spv.MemoryModelGLSL450
	if slices.Contains(env.Capabilities(), spv.CapabilityKernel) {
		am, mm = spv.AddressingModelPhysical64, spv.MemoryModelOpenCL
		if !slices.Contains(env.Capabilities(), spv.CapabilityAddresses) {
			am = spv.AddressingModelLogical
		}
	}
	sm := spirv.NewModule(ctx, "__spv__"+ir.SymbolName(gm), am, mm, nil, gm.Loc())
	b := ir.NewBuilder(ctx)
	b.SetInsertionPointBefore(gm)
	b.Insert(sm)
	body := sm.Region(0).Entry()
	m := ir.NewMapping()
	if gm.NumRegions() > 0 && !gm.Region(0).Empty() {
		for op := range gm.Region(0).Entry().Ops() {
			if op.HasTrait(ir.Terminator) {
				continue
			}
			body.Append(op.Clone(m))
		}
	}
	return sm
}

// convertIn runs the conversion on root. In a spirv.module made from a
// gpu.module every op must convert (full conversion); elsewhere what does
// not convert is kept (partial conversion), as MLIR's passes do.
func convertIn(root *ir.Operation, o Options, target *spirv.TargetEnvAttr, full bool) error {
	e := newEnv(root.Context(), target, o.Use64BitIndex)
	dialects := o.Dialects
	if dialects == nil {
		dialects = AllDialects
	}
	set := rewrite.NewConversionPatternSet(e.tc, e.patterns(dialects)...)
	t := rewrite.NewConversionTarget()
	t.AddLegalDialect("spirv")
	t.AddDynamicallyLegalOp("builtin.unrealized_conversion_cast", func(op *ir.Operation) bool { return !e.foldableCast(op) })
	var err error
	if full {
		err = rewrite.ApplyFullConversion(root, t, set)
	} else {
		err = rewrite.ApplyPartialConversion(root, t, set)
	}
	if err != nil {
		return e.explain(root, err)
	}
	eraseDeadCasts(root)
	return e.checkAvailability(root)
}

// eraseDeadCasts erases the unused casts the patterns left behind: the
// memref views of pointers (bridge) once every user has been converted.
func eraseDeadCasts(root *ir.Operation) {
	for changed := true; changed; {
		changed = false
		var dead []*ir.Operation
		root.Walk(func(op *ir.Operation) bool {
			if op.Name() == "builtin.unrealized_conversion_cast" && !op.HasResultUses() {
				dead = append(dead, op)
			}
			return true
		})
		for _, op := range dead {
			op.Erase()
			changed = true
		}
	}
}

// explain turns the driver's "failed to legalize" into a diagnostic that
// names the missing capability and the target when a type is the cause.
func (e *env) explain(root *ir.Operation, err error) error {
	d, ok := err.(*ir.Diagnostic)
	if !ok {
		return err
	}
	var why string
	root.Walk(func(op *ir.Operation) bool {
		if op.Loc() == d.Loc && why == "" {
			why = e.whyRefused(append(op.OperandTypes(), op.ResultTypes()...))
			if why == "" && op.NumRegions() > 0 && !op.Region(0).Empty() {
				why = e.whyRefused(op.Region(0).Entry().ArgTypes())
			}
		}
		return why == ""
	})
	if why == "" {
		return err
	}
	return ir.Errorf(d.Loc, "%s: %s, not in target %s", d.Message, why, ir.AttrString(e.target))
}

// checkAvailability checks every spirv op the conversion made against the
// target, so an op the target cannot express is a located diagnostic.
func (e *env) checkAvailability(root *ir.Operation) error {
	var err error
	root.Walk(func(op *ir.Operation) bool {
		if op.DialectName() != "spirv" || op.Name() == "spirv.module" {
			return true
		}
		if verr := spirv.Availability(op).Check(e.target.Version(), e.target.Capabilities(), e.target.Extensions()); verr != nil {
			what := fmt.Sprintf("'%s' op", op.Name())
			if src := e.origins[op.Loc()]; src != "" && src != op.Name() {
				what = fmt.Sprintf("'%s' op lowers to '%s', which", src, op.Name())
			}
			err = ir.Errorf(op.Loc(), "%s is not available in the target environment: %v (target %s)", what, verr, ir.AttrString(e.target))
			return false
		}
		return true
	})
	return err
}

// foldableCast reports a cast whose input already has the converted type
// of its result: the lowering's own bridges (attributions, allocas), which
// the pattern below folds into the driver's bookkeeping.
func (e *env) foldableCast(op *ir.Operation) bool {
	if op.NumOperands() != 1 {
		return false
	}
	if _, ok := op.Operand(0).Type().(*spirv.PointerType); !ok {
		return false
	}
	return op.NumOperands() == 1 && op.NumResults() == 1 &&
		e.tc.ConvertType(op.Result(0).Type()) == op.Operand(0).Type() && op.Operand(0).Type() != op.Result(0).Type()
}

var castPattern = func(e *env) *rewrite.ConversionPattern {
	return &rewrite.ConversionPattern{Name: "fold lowering casts", Root: "builtin.unrealized_conversion_cast",
		Rewrite: func(op *ir.Operation, _ []*ir.Value, rw *rewrite.ConversionRewriter) error {
			if !e.foldableCast(op) {
				return rewrite.NoMatch
			}
			rw.ReplaceOp(op, []*ir.Value{op.Operand(0)})
			return nil
		}}
}

// bridge returns v seen as type t (a cast the conversion folds away once
// t's users are converted).
func bridge(b *ir.Builder, v *ir.Value, t ir.Type, loc ir.Location) *ir.Value {
	return b.Create(&ir.OpState{Name: "builtin.unrealized_conversion_cast", Loc: loc,
		Operands: []*ir.Value{v}, ResultTypes: []ir.Type{t}}).Result(0)
}

// patterns returns the patterns of the named dialects.
func (e *env) patterns(dialects []string) []*rewrite.ConversionPattern {
	ps := []*rewrite.ConversionPattern{castPattern(e)}
	defer func() {
		for _, p := range ps {
			e.traced(p)
		}
	}()
	for _, d := range dialects {
		switch d {
		case "gpu":
			ps = append(ps, e.gpuPatterns()...)
		case "arith":
			ps = append(ps, e.arithPatterns()...)
		case "math":
			ps = append(ps, e.mathPatterns()...)
		case "memref":
			ps = append(ps, e.memrefPatterns()...)
		case "scf":
			ps = append(ps, e.scfPatterns()...)
		case "cf":
			ps = append(ps, e.cfPatterns()...)
		case "func":
			ps = append(ps, e.funcPatterns()...)
		case "vector":
			ps = append(ps, e.vectorPatterns()...)
		case "index":
			ps = append(ps, e.indexPatterns()...)
		}
	}
	return ps
}

// traced makes p record the op it converted at its location, so that an
// availability error names the source op as well as the spirv op.
func (e *env) traced(p *rewrite.ConversionPattern) {
	rewriteOp := p.Rewrite
	p.Rewrite = func(op *ir.Operation, operands []*ir.Value, rw *rewrite.ConversionRewriter) error {
		name, loc := op.Name(), op.Loc()
		err := rewriteOp(op, operands, rw)
		if err == nil {
			if _, seen := e.origins[loc]; !seen {
				e.origins[loc] = name
			}
		}
		return err
	}
}
