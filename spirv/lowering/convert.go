package lowering

import (
	"fmt"
	"runtime"
	"slices"
	"strings"

	"github.com/kiln-gpu/kiln/fn"
	"github.com/kiln-gpu/kiln/gpu"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/rewrite"
	"github.com/kiln-gpu/kiln/spirv"
	"github.com/kiln-gpu/kiln/spirv/spv"
)

// Options say what one conversion converts.
type Options struct {
	// Dialects names the source dialects whose patterns run ("gpu",
	// "arith", "math", "memref", "scf", "cf", "func", "vector", "index", "ub"); nil runs
	// them all.
	Dialects []string
	// GPUModules converts each gpu.module into a spirv.module placed
	// before it (named __spv__<name>, as MLIR's convert-gpu-to-spirv
	// does), leaving the gpu.module for the host side. Without it the ops
	// are converted where they are, and a gpu.module (when gpu is among
	// Dialects) is replaced by its spirv.module.
	GPUModules bool
	// NestInGPUModule puts each spirv.module GPUModules makes inside its
	// gpu.module rather than before it (nest-in-gpu-module).
	NestInGPUModule bool
	// KernelModulesNested is what MLIR's convert-gpu-to-spirv does with a
	// gpu.module whose target has Kernel (OpenCL): its spirv.module goes
	// inside it, and its gpu.funcs become empty func.funcs marked
	// gpu.kernel, the shape the OpenCL compilation pipeline expects.
	KernelModulesNested bool
	// Use64BitIndex converts index to i64 when the target has Int64.
	Use64BitIndex bool
	// NoEmulation refuses integer and float types narrower than 32 bits
	// that the target lacks instead of computing them in 32 bits
	// (emulate-lt-32-bit-scalar-types=false).
	NoEmulation bool
	// NoFloatEmulation refuses 8-bit floats instead of holding their bits
	// in an i8 (emulate-unsupported-float-types=false).
	NoFloatEmulation bool
	// FastMath assumes no float value is NaN or infinite, as if every float
	// op had the nnan and ninf flags (enable-fast-math).
	FastMath bool
	// BoolNumBits is how many bits hold a stored i1 (bool-num-bits); only
	// 8, the default (0 reads as 8), is supported, as in MLIR.
	BoolNumBits int
	// StorageClassesOnly converts only memrefs whose memory space is a
	// #spirv.storage_class (MLIR's per-dialect passes other than
	// convert-gpu-to-spirv); otherwise numeric and gpu address spaces map
	// to storage classes as map-memref-spirv-storage-class would.
	StorageClassesOnly bool
	// IndexByDimension gives a kernel argument or workgroup buffer of a
	// static memref of rank 2 or more, accessed only by memref.load and
	// memref.store, a nested array type, indexed with one index per
	// dimension instead of MLIR's linear index (see dims.go; Kiln's own,
	// off in MLIR's pipelines).
	IndexByDimension bool
	// CoopMatrixNV lowers the gpu.subgroup_mma ops to SPV_NV_cooperative_matrix
	// even on a target with CooperativeMatrixKHR (use-coop-matrix-nv).
	CoopMatrixNV bool
	// Patterns adds patterns to the conversion, for ops of dialects Kiln
	// does not convert (a user's own), beside those of Dialects.
	Patterns []Populator
	// Illegal names the dialects none of whose ops may stay unconverted
	// (MLIR's convert-arith-to-spirv and convert-index-to-spirv mark their
	// dialect illegal; the other passes leave what they cannot convert).
	Illegal []string
}

// AllDialects lists the source dialects the conversion handles.
var AllDialects = []string{"gpu", "arith", "math", "memref", "scf", "cf", "func", "vector", "index", "ub", "tensor"}

// Convert lowers the ops under root to the spirv dialect, for the
// #spirv.target_env on or above the ops converted (MLIR's default
// environment when there is none).
func Convert(root *ir.Operation, o Options) error {
	var mods []*ir.Operation
	if o.GPUModules || o.Dialects == nil || slices.Contains(o.Dialects, "gpu") {
		root.WalkPre(func(op *ir.Operation) (descend, cont bool) {
			if op.Name() == "gpu.module" {
				mods = append(mods, op)
				return false, true // no gpu.module nests in another
			}
			return true, true
		})
	}
	if !o.GPUModules {
		// In place, each gpu.module becomes its spirv.module (MLIR's
		// GPUModuleConversion), then the other ops convert where they are.
		o.NestInGPUModule = false
		for _, gm := range mods {
			if err := convertModule(gm, o, targetEnvOf(gm)); err != nil {
				return err
			}
			gm.Erase()
		}
		return convertIn(root, o, targetEnvOf(root), false, true, root.Context().Emit)
	}
	for _, gm := range mods {
		env, mo := targetEnvOf(gm), o
		kernel := o.KernelModulesNested && slices.Contains(env.Capabilities(), spv.CapabilityKernel)
		mo.NestInGPUModule = o.NestInGPUModule || kernel
		if err := convertModule(gm, mo, env); err != nil {
			return err
		}
		if kernel {
			emptyKernels(gm)
		}
	}
	return nil
}

// emptyKernels replaces each gpu.func of gm by a func.func of its name
// and type whose body only returns, marked gpu.kernel (MLIR's
// GPUToSPIRVPass on OpenCL targets: the kernels live on in the nested
// spirv.module).
func emptyKernels(gm *ir.Operation) {
	ctx := gm.Context()
	for _, op := range moduleOps(gm) {
		if op.Name() != "gpu.func" {
			continue
		}
		ft := ir.FunctionTypeOf(op)
		if ft == nil {
			continue
		}
		f := fn.NewFunc(ctx, ir.SymbolName(op), ft, op.Loc())
		b := ir.NewBuilder(ctx)
		b.SetInsertionPointToEnd(f.Body().Entry())
		b.Create(&ir.OpState{Name: "func.return", Loc: op.Loc()})
		f.SetAttr(gpu.KernelAttrName, ctx.UnitAttr())
		b.SetInsertionPointBefore(op)
		b.Insert(f.Operation)
		op.Erase()
	}
}

// convertModule makes the spirv.module of gpu.module gm, before it. A
// module of many kernels that refer to no symbol is converted in chunks
// on several goroutines, each chunk in a spirv.module of its own with its
// own conversion state, and the chunks are then merged: their functions
// in order, their globals (built-in variables, made by each chunk that
// uses them) once each, where one conversion of the whole would have put
// them. The text is the same as the sequential conversion's.
func convertModule(gm *ir.Operation, o Options, env *spirv.TargetEnvAttr) error {
	ks := kernelsOf(gm)
	sm := newSPIRVModule(gm, env, o)
	chunks := parallelChunks(gm, ks)
	if chunks == nil {
		vector := cloneInto(sm, ks)
		if err := convertIn(sm, o, env, true, vector, gm.Context().Emit); err != nil {
			sm.Erase()
			return err
		}
		return nil
	}
	parts := make([]*ir.Operation, len(chunks))
	// Each chunk keeps its diagnostics; those of the chunks a conversion in
	// order would have reached are emitted, in order, afterwards.
	diags := make([][]*ir.Diagnostic, len(chunks))
	errs := make([]error, len(chunks))
	ir.ParallelFor(gm.Context(), len(chunks), func(i int) error {
		parts[i] = spirv.NewModule(gm.Context(), "", spirvModel(env, o.Use64BitIndex), spirvMemoryModel(env), nil, gm.Loc())
		vector := cloneInto(parts[i], chunks[i])
		errs[i] = convertIn(parts[i], o, env, true, vector, func(d *ir.Diagnostic) { diags[i] = append(diags[i], d) })
		return errs[i]
	})
	for i, err := range errs {
		for _, d := range diags[i] {
			gm.Context().Emit(d)
		}
		if err != nil {
			sm.Erase()
			return err
		}
	}
	mergeParts(sm, parts)
	return nil
}

// moduleOps lists the ops of gm's body but its terminator.
func moduleOps(gm *ir.Operation) []*ir.Operation {
	var ops []*ir.Operation
	if gm.NumRegions() > 0 && !gm.Region(0).Empty() {
		for op := range gm.Region(0).Entry().Ops() {
			if !op.HasTrait(ir.Terminator) {
				ops = append(ops, op)
			}
		}
	}
	return ops
}

// kernel is a top-level op of a gpu.module and what a walk of it found:
// whether it holds a vector op (without one, the vector preparation is
// skipped) and whether an op in it refers to a symbol.
type kernel struct {
	op              *ir.Operation
	vector, symbols bool
}

// kernelsOf lists the ops of gm's body but its terminator, each walked
// once for what convertModule needs to know.
func kernelsOf(gm *ir.Operation) []kernel {
	ops := moduleOps(gm)
	ks := make([]kernel, len(ops))
	for i, op := range ops {
		ks[i] = kernel{op: op}
		op.Walk(func(o *ir.Operation) bool {
			ks[i].vector = ks[i].vector || strings.HasPrefix(o.Name(), "vector.")
			ks[i].symbols = ks[i].symbols || o != op && usesSymbol(o)
			return !ks[i].vector || !ks[i].symbols
		})
	}
	return ks
}

// minChunk is the fewest kernels worth a goroutine of their own.
const minChunk = 8

// parallelChunks splits ops, the kernels of gm, into chunks converted
// apart, or returns nil where gm must be converted whole: threading off,
// too few kernels, or anything but kernels that use no symbol (a call or
// a global ties kernels together).
func parallelChunks(gm *ir.Operation, ks []kernel) [][]kernel {
	workers := runtime.GOMAXPROCS(0)
	if !gm.Context().Multithreading() || workers < 2 || len(ks) < 2*minChunk {
		return nil
	}
	for _, k := range ks {
		if k.op.Name() != "gpu.func" || k.symbols {
			return nil
		}
	}
	n := min(4*workers, len(ks)/minChunk)
	chunks := make([][]kernel, 0, n)
	for i := range n {
		chunks = append(chunks, ks[i*len(ks)/n:(i+1)*len(ks)/n])
	}
	return chunks
}

// usesSymbol reports whether op refers to a symbol, or is a memref.alloc,
// whose global is named by the globals before it.
func usesSymbol(op *ir.Operation) bool {
	if op.Name() == "memref.alloc" {
		return true
	}
	// Props and DiscardableAttrs, since Attrs would copy both.
	for _, list := range [2][]ir.NamedAttr{op.Props(), op.DiscardableAttrs()} {
		for _, a := range list {
			if refersToSymbol(a.Value) {
				return true
			}
		}
	}
	return false
}

func refersToSymbol(a ir.Attribute) bool {
	switch a := a.(type) {
	case *ir.SymbolRefAttr:
		return true
	case *ir.ArrayAttr:
		return slices.ContainsFunc(a.Elems, refersToSymbol)
	case *ir.DictionaryAttr:
		for _, e := range a.Entries {
			if refersToSymbol(e.Value) {
				return true
			}
		}
	}
	return false
}

// mergeParts moves the ops of the converted chunks into sm: globals first,
// each name once, newest first as the conversion inserts them (a chunk's
// new globals go before those of the chunks before it), then everything
// else in order.
func mergeParts(sm *ir.Operation, parts []*ir.Operation) {
	body := sm.Region(0).Entry()
	seen := map[string]bool{}
	for _, part := range parts {
		var globals, rest []*ir.Operation
		for op := range part.Region(0).Entry().Ops() {
			if op.Name() == "spirv.GlobalVariable" {
				globals = append(globals, op)
			} else {
				rest = append(rest, op)
			}
		}
		// This chunk's new globals go before every global merged so far.
		before := body.First()
		for _, g := range globals {
			g.Remove()
			if name := ir.SymbolName(g); !seen[name] {
				seen[name] = true
				if before != nil {
					body.InsertBefore(g, before)
				} else {
					body.Append(g)
				}
			} else {
				g.Erase()
			}
		}
		for _, op := range rest {
			op.Remove()
			body.Append(op)
		}
		part.Erase()
	}
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

// newSPIRVModule returns an empty spirv.module for the kernels of gm,
// inserted before gm, or at the start of gm's body when nested.
func newSPIRVModule(gm *ir.Operation, env *spirv.TargetEnvAttr, o Options) *ir.Operation {
	sm := spirv.NewModule(gm.Context(), "__spv__"+ir.SymbolName(gm), spirvModel(env, o.Use64BitIndex), spirvMemoryModel(env), nil, gm.Loc())
	// The target on the gpu.module itself stays with its kernels, as in
	// MLIR's GPUModuleConversion.
	if te := gm.Attr(spirv.TargetEnvAttrName); te != nil {
		sm.SetAttr(spirv.TargetEnvAttrName, te)
	}
	b := ir.NewBuilder(gm.Context())
	if o.NestInGPUModule {
		b.SetInsertionPointToStart(gm.Region(0).Entry())
	} else {
		b.SetInsertionPointBefore(gm)
	}
	b.Insert(sm)
	return sm
}

// spirvModel and spirvMemoryModel are the models of the target: Logical
// and GLSL450 for Shader targets, OpenCL's for Kernel ones, whose
// pointers are as wide as the index (MLIR's getAddressingModel).
func spirvModel(env *spirv.TargetEnvAttr, use64BitIndex bool) spv.AddressingModel {
	if slices.Contains(env.Capabilities(), spv.CapabilityKernel) && slices.Contains(env.Capabilities(), spv.CapabilityAddresses) {
		if !use64BitIndex {
			return spv.AddressingModelPhysical32
		}
		return spv.AddressingModelPhysical64
	}
	return spv.AddressingModelLogical
}

func spirvMemoryModel(env *spirv.TargetEnvAttr) spv.MemoryModel {
	if slices.Contains(env.Capabilities(), spv.CapabilityKernel) {
		return spv.MemoryModelOpenCL
	}
	return spv.MemoryModelGLSL450
}

// cloneInto appends clones of the kernels ks, top-level ops of an
// isolated module, to the body of spirv.module sm, and reports whether
// they hold a vector op.
func cloneInto(sm *ir.Operation, ks []kernel) (vector bool) {
	body := sm.Region(0).Entry()
	// Only the results of top-level ops can be used across them: until one
	// has results, the mapping is emptied after each op (a kernel), and
	// stays small.
	m := ir.NewMapping()
	defined := false
	for _, k := range ks {
		vector = vector || k.vector
		body.Append(k.op.Clone(m))
		if defined = defined || k.op.NumResults() > 0; !defined {
			m.Clear()
		}
	}
	return vector
}

// convertIn runs the conversion on root. In a spirv.module made from a
// gpu.module every op must convert (full conversion); elsewhere what does
// not convert is kept (partial conversion), as MLIR's passes do. vector
// says whether root may hold vector ops.
func convertIn(root *ir.Operation, o Options, target *spirv.TargetEnvAttr, full, vector bool, emit func(*ir.Diagnostic)) error {
	e := newEnv(root.Context(), target, o)
	e.emit, e.full = emit, full
	dialects := o.Dialects
	if dialects == nil {
		dialects = AllDialects
	}
	if vector {
		if err := lowerVectorFirst(root, dialects); err != nil {
			return err
		}
	}
	e.foldSources(root)
	set := rewrite.NewConversionPatternSet(e.tc, e.patterns(dialects)...)
	t := rewrite.NewConversionTarget()
	t.AddLegalDialect("spirv")
	t.AddIllegalDialect(o.Illegal...)
	funcs := slices.Contains(dialects, "func")
	t.AddDynamicallyLegalOp(castName, func(op *ir.Operation) bool {
		if funcs && roundTrip(op) {
			return false // folded by funcPatterns
		}
		return !e.foldableCast(op) || !full && usedOutside(op)
	})
	var err error
	if full {
		err = rewrite.ApplyFullConversion(root, t, set)
	} else {
		err = rewrite.ApplyPartialConversion(root, t, set)
	}
	if err != nil {
		return e.explain(root, err)
	}
	if err := e.finish(root); err != nil {
		return err
	}
	e.indexByDimension(root)
	return e.structurize(root)
}

// usedOutside reports a bridge used by an op that is neither spirv nor a
// cast: in place, a memref that leaves the converted ops (a function's
// result) keeps its cast from the pointer, as in MLIR.
func usedOutside(op *ir.Operation) bool {
	for u := range op.Result(0).Users() {
		if u.DialectName() != "spirv" && u.Name() != castName {
			return true
		}
	}
	return false
}

// castName is the op of the bridges between memrefs and pointers.
const castName = "builtin.unrealized_conversion_cast"

// finish checks every spirv op the conversion made against the target, so
// an op the target cannot express is a located diagnostic, and erases the
// unused casts the patterns left behind: the memref views of pointers
// (bridge) once every user has been converted. Both in one walk of root.
func (e *env) finish(root *ir.Operation) error {
	var dead []*ir.Operation
	var err error
	root.Walk(func(op *ir.Operation) bool {
		switch {
		case op.Name() == castName:
			if !op.HasResultUses() {
				dead = append(dead, op)
			}
		case err == nil:
			err = e.checkAvailability(op)
		}
		return true
	})
	eraseDeadCasts(root, dead)
	return err
}

// eraseDeadCasts erases the unused casts dead and those that become
// unused in turn, as the casts feeding an erased one may.
func eraseDeadCasts(root *ir.Operation, dead []*ir.Operation) {
	for len(dead) > 0 {
		op := dead[len(dead)-1]
		dead = dead[:len(dead)-1]
		if op.Block() == nil {
			continue // queued twice, erased already
		}
		inputs := op.Operands()
		op.Erase()
		for _, v := range inputs {
			if d := v.DefiningOp(); d != nil && d.Name() == castName && !d.HasResultUses() && root.IsAncestorOf(d) {
				dead = append(dead, d)
			}
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
	// Reworded in place, it keeps the note on the op it is about.
	d.Message = fmt.Sprintf("%s: %s, not in target %s", d.Message, why, ir.AttrString(e.target))
	return d
}

// checkAvailability checks op, if the conversion made it, against the target.
func (e *env) checkAvailability(op *ir.Operation) error {
	if op.DialectName() != "spirv" || op.Name() == "spirv.module" {
		return nil
	}
	verr := e.available(op)
	if verr == nil {
		return nil
	}
	what := fmt.Sprintf("'%s' op", op.Name())
	if src := e.origin(op.Loc()); src != "" && src != op.Name() {
		what = fmt.Sprintf("'%s' op lowers to '%s', which", src, op.Name())
	}
	return ir.Errorf(op.Loc(), "%s is not available in the target environment: %v (target %s)", what, verr, ir.AttrString(e.target))
}

// roundTrip reports a cast back to the type its operand's cast started
// from (A to B to A).
func roundTrip(op *ir.Operation) bool {
	if op.NumOperands() != 1 || op.NumResults() != 1 {
		return false
	}
	d := op.Operand(0).DefiningOp()
	return d != nil && d.Name() == castName && d.NumOperands() == 1 && d.Operand(0).Type() == op.Result(0).Type()
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
	return &rewrite.ConversionPattern{Name: "fold lowering casts", Root: castName,
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
	return val(b, castName, loc, t, v)
}

// patterns returns the patterns of the named dialects.
func (e *env) patterns(dialects []string) []*rewrite.ConversionPattern {
	ps := []*rewrite.ConversionPattern{castPattern(e)}
	defer func() {
		for _, p := range ps {
			e.traced(p)
		}
	}()
	c := &Converter{e}
	for _, d := range dialects {
		if populate := DialectPatterns[d]; populate != nil {
			ps = append(ps, populate(c)...)
		}
	}
	for _, populate := range e.opts.Patterns {
		ps = append(ps, populate(c)...)
	}
	return ps
}

// traced makes p record the op it converted at its location, so that an
// availability error names the source op as well as the spirv op.
func (e *env) traced(p *rewrite.ConversionPattern) {
	rewriteOp := p.Rewrite
	computes := p.Root != "arith.constant" && !strings.HasPrefix(p.Root, "func.") && !strings.HasPrefix(p.Root, "tensor.")
	p.Rewrite = func(op *ir.Operation, operands []*ir.Value, rw *rewrite.ConversionRewriter) error {
		if computes && onTensors(op) {
			// Tensors become arrays only as constants and in signatures:
			// no other pattern of MLIR's converts ops on them.
			return rewrite.NoMatch
		}
		err := rewriteOp(op, operands, rw)
		if err == nil {
			e.addOrigin(op)
		}
		return err
	}
}

// onTensors reports whether an operand or a result of op is a tensor.
func onTensors(op *ir.Operation) bool {
	for i := range op.NumOperands() {
		if isTensor(op.Operand(i).Type()) {
			return true
		}
	}
	for i := range op.NumResults() {
		if isTensor(op.Result(i).Type()) {
			return true
		}
	}
	return false
}

func isTensor(t ir.Type) bool {
	_, ok := t.(*ir.RankedTensorType)
	return ok
}

// originBlock is the number of origins per block of e.origins: blocks are
// filled and never grown, so recording one never copies the others.
const originBlock = 1024

// addOrigin records that op was converted. The op itself, erased or not,
// is kept rather than its name and location, which it still holds: a
// pointer is a quarter of their size, and this list grows with every op
// converted.
func (e *env) addOrigin(op *ir.Operation) {
	n := len(e.origins)
	if n == 0 || len(e.origins[n-1]) == originBlock {
		e.origins = append(e.origins, make([]*ir.Operation, 0, originBlock))
		n++
	}
	e.origins[n-1] = append(e.origins[n-1], op)
}

// origin returns the name of the first op converted at loc. Only a failed
// check asks, so the conversion appends and this searches.
func (e *env) origin(loc ir.Location) string {
	for _, block := range e.origins {
		for _, o := range block {
			if o.Loc() == loc {
				return o.Name()
			}
		}
	}
	return ""
}
