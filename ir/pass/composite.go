package pass

import (
	"fmt"
	"strconv"

	"github.com/kiln-gpu/kiln/ir"
)

// CompositeFixedPointPass returns the constructor of
// composite-fixed-point-pass, as MLIR's: it runs an inner pipeline on the
// op again and again until the op no longer changes, at most
// max-iterations times more than once. If it still changes then, the pass
// warns, fails or says nothing (on-convergence-failure). Its display name
// is the name option. The inner pipeline's passes are looked up in reg.
func CompositeFixedPointPass(reg Registry) func() *Pass {
	return func() *Pass {
		var inner *Pipeline
		return &Pass{
			Name:       "CompositeFixedPointPass",
			Argument:   "composite-fixed-point-pass",
			Summary:    "Composite fixed point pass",
			NameOption: "name",
			Options: []Option{
				{Name: "name", Kind: StringOption, Default: "CompositeFixedPointPass", Help: "Composite pass display name"},
				{Name: "pipeline", Kind: StringOption, Help: "Composite pass inner pipeline"},
				{Name: "max-iterations", Kind: IntOption, Default: "10", Help: "Maximum number of iterations if inner pipeline", Check: func(v string) error {
					if n, _ := strconv.Atoi(v); n <= 0 {
						return fmt.Errorf("Invalid maxIterations value: %d", n)
					}
					return nil
				}},
				{Name: "on-convergence-failure", Kind: EnumOption, Default: "warn", Values: []string{"warn", "error", "silent"}, Help: "What to do when the inner pipeline does not converge (warn, error or silent)"},
			},
			Init: func(ctx *ir.Context, opts *Options) error {
				p, err := Parse(opts.String("pipeline"), reg)
				if err != nil {
					return fmt.Errorf("Failed to parse composite pass pipeline: %w", err)
				}
				inner = p
				return InitPipeline(p, ctx)
			},
			Run: func(op *ir.Operation, pc *Context) error {
				o := pc.Options
				maxIter := o.Int("max-iterations")
				print := ir.PrintOptions{Generic: true, DebugInfo: true, LocalScope: true}
				fp := ir.OpString(op, print)
				for iter := 0; ; iter++ {
					if err := pc.RunPipeline(inner, op); err != nil {
						return err
					}
					if iter >= maxIter {
						msg := fmt.Sprintf("Composite pass \"%s\"+ didn't converge in %d iterations", o.String("name"), maxIter)
						switch o.String("on-convergence-failure") {
						case "error":
							return ir.Errorf(op.Loc(), "%s", msg)
						case "warn":
							op.Context().Emit(op.Warningf("%s", msg))
						}
						return nil
					}
					next := ir.OpString(op, print)
					if next == fp {
						return nil
					}
					fp = next
				}
			},
		}
	}
}

// SelectPass returns the constructor of select-pass, as MLIR's: it runs on
// the op the one of its pipelines (select-pipelines) whose value
// (select-values, in the same order) the op's attribute select-cond-name
// has, and fails on an op without the attribute or with another value. Its
// display name is the name option. The pipelines' passes are looked up in
// reg.
func SelectPass(reg Registry) func() *Pass {
	return func() *Pass {
		var pipes []*Pipeline
		return &Pass{
			Name:       "SelectPass",
			Argument:   "select-pass",
			Summary:    "Select pass",
			NameOption: "name",
			Options: []Option{
				{Name: "name", Kind: StringOption, Default: "SelectPass", Help: "Select pass display name"},
				{Name: "select-cond-name", Kind: StringOption, Default: "select", Help: "Attribute name used for condition", Check: func(v string) error {
					if v == "" {
						return fmt.Errorf("Invalid select-cond-name")
					}
					return nil
				}},
				{Name: "select-values", Kind: ListOption, Help: "Values used to check select condition"},
				{Name: "select-pipelines", Kind: ListOption, Help: "Pipelines, assotiated with corresponding select values"},
			},
			Init: func(ctx *ir.Context, opts *Options) error {
				texts := opts.List("select-pipelines")
				if len(opts.List("select-values")) != len(texts) {
					return fmt.Errorf("Values and pipelines size mismatch")
				}
				pipes = nil
				for _, text := range texts {
					p := NewPipeline(AnyOp)
					if err := p.ParseElements(text, reg); err != nil {
						return fmt.Errorf("Failed to parse pipeline: %w", err)
					}
					if err := InitPipeline(p, ctx); err != nil {
						return err
					}
					pipes = append(pipes, p)
				}
				return nil
			},
			Run: func(op *ir.Operation, pc *Context) error {
				o := pc.Options
				name := o.String("select-cond-name")
				ctx := op.Context()
				cond := op.Attr(name)
				if cond == nil {
					return ir.Errorf(op.Loc(), "Condition attribute not present: %s", ir.AttrString(ctx.StringAttr(name)))
				}
				for i, v := range o.List("select-values") {
					if ir.Attribute(ctx.StringAttr(v)) == cond {
						return pc.RunPipeline(pipes[i], op)
					}
				}
				return ir.Errorf(op.Loc(), "Unhandled condition value: %s", ir.AttrString(cond))
			},
		}
	}
}
