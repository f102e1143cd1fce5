package kiln

import (
	"context"
	"fmt"
	"strings"
	"sync"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/pass"
	"github.com/kiln-gpu/kiln/spirv"
	"github.com/kiln-gpu/kiln/spirv/serialize"
	"github.com/kiln-gpu/kiln/spirv/spv"
	"github.com/kiln-gpu/kiln/spirv/validate"
)

// Pipeline names the passes, with their options, that take one gpu.module
// to a spirv.module, in order. gpu-kernel-outlining is not among them:
// Compile takes a gpu.module, so outlining of gpu.launch happens before
// (see Outline).
var Pipeline = []string{
	"map-memref-spirv-storage-class",
	"convert-to-spirv{convert-gpu-modules=true index-by-dimension=true}",
	"spirv-lower-abi-attrs",
	"spirv-update-vce",
	"canonicalize",
	// SPIR-V clean-up (bench/codegen): identities, NaN-aware min/max as
	// NMax/NMin, repeated built-in loads, vector accesses, loop and
	// selection results as SSA values, loop invariants, unsigned loop
	// compares, then CSE of what hoisting made equal, and buffers
	// decorated by their use.
	"spirv-canonicalize",
	"spirv-fuse-nan-min-max",
	"spirv-reuse-input-loads",
	"spirv-vectorize-buffer-access",
	"spirv-ssa-loop-results",
	"spirv-ssa-selection-results",
	"spirv-licm",
	"spirv-unsigned-loop-compares",
	"cse",
	"spirv-decorate-buffer-access",
}

// Compiler turns gpu.modules into validated SPIR-V words and their
// manifest. It caches its results per (gpu.module, target environment), so
// that a kernel launched many times is compiled once. It is safe for
// concurrent use: different modules compile in parallel (the ir.Context is
// safe for concurrent use), and a second caller asking for a module being
// compiled waits for that compile instead of repeating it.
type Compiler struct {
	// Passes must provide every pass of Pipeline by its argument name.
	Passes pass.Registry
	// Validator, when set, overrides spirv-val's target environment, which
	// is otherwise opengl4.5 for an OpenGL target environment and the
	// Vulkan version of the module's SPIR-V version for others.
	Validator *validate.Validator
	// SkipValidation turns spirv-val off, for callers that only compile
	// and never hand the words to a driver; Device.Compile always validates.
	SkipValidation bool
	// MaxVersion, when set, caps the SPIR-V version of every target
	// environment, so that `kiln compile --target-env=vulkan1.0` builds
	// SPIR-V 1.0 even for a file whose target allows 1.4.
	MaxVersion spv.Version
	// API, when set, replaces the client API of every target environment,
	// so that `kiln compile --target-env=opengl4.5` lowers for OpenGL even a
	// file whose target names Vulkan.
	API spirv.ClientAPI
	// Extra names passes run on each spirv.module after Pipeline.
	Extra []string

	mu    sync.Mutex
	cache map[cacheKey]*cacheEntry
}

// cacheEntry is one compile, done or in progress (done closes when mod
// and err are set).
type cacheEntry struct {
	done chan struct{}
	mod  *Module
	err  error
}

type cacheKey struct {
	module *ir.Operation
	env    *spirv.TargetEnvAttr
}

// Missing returns the passes of Pipeline that reg lacks.
func Missing(reg pass.Registry) []string {
	var out []string
	for _, p := range Pipeline {
		if name := passName(p); reg[name] == nil {
			out = append(out, name)
		}
	}
	return out
}

// Compile compiles the gpu.module gm for env (nil: the target environment
// gm or an enclosing op carries, else spirv's default). A gpu.module that
// already has its spirv.module beside it (named __spv__NAME, as the
// conversion and VulkanRunnerPipeline leave it) is not converted again:
// that spirv.module is serialized as it is.
func (c *Compiler) Compile(gm *ir.Operation, env *spirv.TargetEnvAttr) (*Module, error) {
	if env == nil {
		env = spirv.LookupTargetEnv(gm)
	}
	if env == nil {
		env = spirv.DefaultTargetEnv(gm.Context())
	}
	env = capVersion(gm.Context(), env, c.MaxVersion)
	if c.API != spirv.APIUnknown && env.API != c.API {
		t := env.TargetEnv
		t.API = c.API
		env = spirv.NewTargetEnv(gm.Context(), t)
	}
	key := cacheKey{gm, env}
	c.mu.Lock()
	e := c.cache[key]
	if e == nil {
		if c.cache == nil {
			c.cache = map[cacheKey]*cacheEntry{}
		}
		e = &cacheEntry{done: make(chan struct{})}
		c.cache[key] = e
		c.mu.Unlock()
		e.mod, e.err = c.compile(gm, env)
		close(e.done)
	} else {
		c.mu.Unlock()
		<-e.done
	}
	return e.mod, e.err
}

func (c *Compiler) compile(gm *ir.Operation, env *spirv.TargetEnvAttr) (*Module, error) {
	if gm.Name() != "gpu.module" {
		return nil, gm.Errorf("expected a gpu.module to compile, got '%s'", gm.Name())
	}
	if missing := Missing(c.Passes); len(missing) > 0 {
		return nil, gm.Errorf("cannot compile kernels: the passes %s are not registered", strings.Join(missing, ", "))
	}
	if sm := compiledBeside(gm); sm != nil {
		return c.finish(gm, sm, env)
	}
	ctx := gm.Context()
	top := ir.NewModule(ctx, gm.Loc())
	top.SetAttr("gpu.container_module", ctx.UnitAttr())
	top.SetAttr(spirv.TargetEnvAttrName, env)
	clone := gm.Clone(ir.NewMapping())
	ir.ModuleBody(top).Append(clone)
	p, err := c.pipeline()
	if err != nil {
		return nil, err
	}
	if err := pass.New(p, pass.Config{DisableThreading: true}).Run(top); err != nil {
		return nil, err
	}
	var sm *ir.Operation
	top.Walk(func(op *ir.Operation) bool {
		if op.Name() == "spirv.module" && sm == nil {
			sm = op
		}
		return true
	})
	if sm == nil {
		return nil, gm.Errorf("the SPIR-V pipeline produced no spirv.module for this gpu.module")
	}
	return c.finish(gm, sm, env)
}

// compiledBeside returns the spirv.module named __spv__NAME in the block of
// the gpu.module NAME, if any.
func compiledBeside(gm *ir.Operation) *ir.Operation {
	want := "__spv__" + ir.SymbolName(gm)
	for op := gm.PrevOp(); op != nil; op = op.PrevOp() {
		if op.Name() == "spirv.module" && ir.SymbolName(op) == want {
			return op
		}
	}
	return nil
}

// finish serializes and validates the spirv.module compiled from gm.
func (c *Compiler) finish(gm, sm *ir.Operation, env *spirv.TargetEnvAttr) (*Module, error) {
	words, err := serialize.Serialize(sm)
	if err != nil {
		return nil, err
	}
	v := c.Validator
	if v == nil {
		v = &validate.Validator{Env: validatorEnv(env)}
	}
	if !c.SkipValidation {
		if err := v.Validate(context.Background(), words); err != nil {
			return nil, gm.Errorf("the SPIR-V of this gpu.module fails validation: %v", err)
		}
	}
	m, err := buildManifest(gm, sm)
	if err != nil {
		return nil, err
	}
	m.Env, m.Words, m.SPIRV = string(v.Env), words, sm
	return m, nil
}

// capVersion lowers env's SPIR-V version to max (when max is set).
func capVersion(ctx *ir.Context, env *spirv.TargetEnvAttr, max spv.Version) *spirv.TargetEnvAttr {
	if max == 0 || env.Version() <= max {
		return env
	}
	t := env.TargetEnv
	t.VCE = spirv.VCE(ctx, max, env.Capabilities(), env.Extensions())
	return spirv.NewTargetEnv(ctx, t)
}

// pipeline nests each pass under the op it anchors on.
func (c *Compiler) pipeline() (*pass.Pipeline, error) {
	var parts []string
	for _, p := range append(Pipeline[:len(Pipeline):len(Pipeline)], c.Extra...) {
		if c.Passes[passName(p)] == nil {
			return nil, fmt.Errorf("the pass '%s' is not registered", passName(p))
		}
		switch anchor := c.Passes[passName(p)]().OpName; anchor {
		case "", pass.AnyOp, "builtin.module":
			parts = append(parts, p)
		default:
			parts = append(parts, fmt.Sprintf("%s(%s)", anchor, p))
		}
	}
	return pass.Parse("builtin.module("+strings.Join(parts, ", ")+")", c.Passes)
}

// passName strips a pipeline element's {options}.
func passName(element string) string {
	name, _, _ := strings.Cut(element, "{")
	return name
}

// validatorEnv is spirv-val's environment for env: opengl4.5 for the
// OpenGL client API, else the Vulkan environment of its SPIR-V version.
func validatorEnv(env *spirv.TargetEnvAttr) validate.Env {
	if env.API == spirv.APIOpenGL {
		// spirv-val's OpenGL environments stop at SPIR-V 1.0; a 1.3
		// module (GL_KHR_shader_subgroup) gets SPIR-V's own rules, and
		// runtime/gl refuses what GL forbids (push constants, sets but 0).
		if env.Version().Minor() >= 3 {
			return validate.Spv1_3
		}
		return validate.OpenGL4_5
	}
	return VulkanEnv(env)
}

// VulkanEnv returns the oldest Vulkan environment of spirv-val that
// accepts env's SPIR-V version.
func VulkanEnv(env *spirv.TargetEnvAttr) validate.Env {
	v := env.Version()
	switch minor := v.Minor(); {
	case minor <= 0:
		return validate.Vulkan1_0
	case minor <= 3:
		return validate.Vulkan1_1
	case minor == 4:
		return validate.Vulkan1_1Spv1_4
	case minor == 5:
		return validate.Vulkan1_2
	}
	return validate.Vulkan1_3
}
