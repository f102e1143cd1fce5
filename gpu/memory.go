package gpu

import (
	"slices"

	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/ir"
)

// Host-side ops on device memory and async tokens, and device printf.
// Their custom forms follow MLIR's declarative formats, whose
// custom<AsyncDependencies> leaves a double space when it prints nothing.

var allocDef = &ir.OpDef{
	Name:     "gpu.alloc",
	Summary:  "Allocates device memory, optionally asynchronously or shared with the host.",
	Example:  "%0:2 = \"test.defs\"() : () -> (!gpu.async.token, index)\n%memref, %asyncToken = gpu.alloc async [%0#0] host_shared (%0#1) : memref<64x?xf32, 1>",
	Traits:   ir.AttrSizedOperandSegments | ir.AllocOnly,
	Operands: ir.Variadic,
	Results:  ir.Between(1, 2),
	Inherent: []string{"hostShared"},
	Format: &ir.Format{
		Syntax: "custom<AsyncDependencies>(type($asyncToken), $asyncDependencies) (` ` `host_shared` $hostShared^)? ` ` " +
			"`(` $dynamicSizes `)` (`` `[` $symbolOperands^ `]`)? attr-dict `:` type($memref)",
		Operands: []string{"asyncDependencies*", "dynamicSizes*", "symbolOperands*"}, Results: []string{"memref", "asyncToken?"},
		Attrs:  []ir.FormatAttr{{Name: "hostShared", Unit: true}},
		Types:  map[string]func(*ir.Context) ir.Type{"asyncDependencies": asyncTokenType, "dynamicSizes": indexType, "symbolOperands": indexType},
		Custom: map[string]ir.CustomDirective{"AsyncDependencies": asyncDependenciesDirective},
	},
	ResultNames:  asyncResultNames(true, "memref"),
	Verify:       verifyAlloc,
	Canonicalize: []*ir.Pattern{simplifyDimOfAlloc},
}

// simplifyDimOfAlloc folds memref.dim of a dynamic size of gpu.alloc to the
// size operand (MLIR's SimplifyDimOfAllocOp).
var simplifyDimOfAlloc = &ir.Pattern{
	Name: "gpu-simplify-dim-of-alloc",
	Root: "memref.dim",
	Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
		if op.NumOperands() != 2 || op.NumResults() != 1 {
			return false
		}
		idx, ok := arith.ConstantValue(op.Operand(1)).(*ir.IntegerAttr)
		alloc := op.Operand(0).DefiningOp()
		mt, isMemref := op.Operand(0).Type().(*ir.MemRefType)
		if !ok || !isMemref || alloc == nil || alloc.Name() != "gpu.alloc" {
			return false
		}
		i := idx.Int()
		if i < 0 || i >= int64(len(mt.Dims)) || mt.Dims[i] != ir.Dynamic {
			return false
		}
		dyn := 0
		for _, d := range mt.Dims[:i] {
			if d == ir.Dynamic {
				dyn++
			}
		}
		sizes := ir.OperandSegment(alloc, 1)
		if dyn >= len(sizes) {
			return false
		}
		rw.ReplaceOp(op, []*ir.Value{sizes[dyn]})
		return true
	},
}

func verifyAlloc(op *ir.Operation) error {
	s := ir.OperandSegmentSizes(op)
	if len(s) != 3 {
		return op.Errorf("'operandSegmentSizes' attribute for specifying operand segments must have 3 elements, but got %d", len(s))
	}
	// As ODS does: the operands' constraints in order, then the result's.
	if err := verifyAsyncOperands(op, ir.OperandSegment(op, 0)); err != nil {
		return err
	}
	for _, v := range slices.Concat(ir.OperandSegment(op, 1), ir.OperandSegment(op, 2)) {
		if err := checkOperandValue(op, v, variadicIndex); err != nil {
			return err
		}
	}
	if err := arith.CheckResult(op, 0, rankedMemRef); err != nil {
		return err
	}
	mt := op.Result(0).Type().(*ir.MemRefType)
	dynamic := 0
	for _, d := range mt.Dims {
		if d == ir.Dynamic {
			dynamic++
		}
	}
	if int(s[1]) != dynamic {
		return op.Errorf("dimension operand count does not equal memref dynamic dimension count")
	}
	symbols := 0
	if am, ok := mt.Layout.(*ir.AffineMapAttr); ok {
		symbols = am.Map.Symbols
	}
	if int(s[2]) != symbols {
		return op.Errorf("symbol operand count does not equal memref symbol count")
	}
	return nil
}

func asyncTokenType(ctx *ir.Context) ir.Type { return AsyncToken(ctx) }

func indexType(ctx *ir.Context) ir.Type { return ctx.Index() }

// asyncOp defines an op whose format is custom<AsyncDependencies>
// followed by syntax over the named operands, with an optional async token
// result.
func asyncOp(name, summary, example string, operands ir.Count, syntax string, names []string, verify func(*ir.Operation) error) *ir.OpDef {
	return &ir.OpDef{
		Name:     "gpu." + name,
		Summary:  summary,
		Example:  example,
		Operands: operands,
		Results:  ir.Between(0, 1),
		Format: &ir.Format{
			Syntax:   "custom<AsyncDependencies>(type($asyncToken), $asyncDependencies) " + syntax,
			Operands: append([]string{"asyncDependencies*"}, names...),
			Results:  []string{"asyncToken?"},
			Types:    map[string]func(*ir.Context) ir.Type{"asyncDependencies": asyncTokenType},
			Custom:   map[string]ir.CustomDirective{"AsyncDependencies": asyncDependenciesDirective},
		},
		Verify: func(op *ir.Operation) error {
			if err := arith.CheckResult(op, 0, asyncTokenResult); err != nil {
				return err
			}
			if verify != nil {
				return verify(op)
			}
			return nil
		},
	}
}

// payload returns the operands after the async dependencies.
func payload(op *ir.Operation) []*ir.Value { return op.Operands()[len(leadingTokens(op)):] }

var (
	deallocDef = asyncOp("dealloc", "Frees device memory allocated by gpu.alloc.",
		"%0:2 = \"test.defs\"() : () -> (!gpu.async.token, memref<8xf32, 1>)\n%1 = gpu.dealloc async [%0#0] %0#1 : memref<8xf32, 1>",
		ir.AtLeast(1), "$memref attr-dict `:` type($memref)", []string{"memref"}, verifyMemrefs(1))
	memcpyDef = withSimplifications(asyncOp("memcpy", "Copies the contents of one memref into another.",
		"%0:2 = \"test.defs\"() : () -> (memref<8xf32, 1>, memref<8xf32>)\ngpu.memcpy  %0#0, %0#1 : memref<8xf32, 1>, memref<8xf32>",
		ir.AtLeast(2), "$dst `,` $src `:` type($dst) `,` type($src) attr-dict", []string{"dst", "src"}, verifyMemcpy), foldMemRefCast, eraseTrivialCopy)
	memsetDef = withSimplifications(asyncOp("memset", "Sets every element of a memref to a scalar.",
		"%0:2 = \"test.defs\"() : () -> (memref<8xf32, 1>, f32)\ngpu.memset  %0#0, %0#1 : memref<8xf32, 1>, f32",
		ir.AtLeast(2), "$dst `,` $value `:` type($dst) `,` type($value) attr-dict", []string{"dst", "value"}, verifyMemset), foldMemRefCast)
	waitDef = withSimplifications(asyncOp("wait", "Waits for async gpu ops; with async, returns a token joining them instead.",
		"%0:2 = \"test.defs\"() : () -> (!gpu.async.token, !gpu.async.token)\n%1 = gpu.wait async [%0#0, %0#1]",
		ir.Variadic, "attr-dict", nil, nil), nil, eraseRedundantWaitPairs, simplifyWait)
)

// withSimplifications sets an op's folder and canonicalization patterns.
func withSimplifications(d *ir.OpDef, fold func(*ir.Operation, []ir.Attribute) ([]ir.FoldResult, bool), pats ...*ir.Pattern) *ir.OpDef {
	d.Fold, d.Canonicalize = fold, pats
	return d
}

func verifyMemrefs(n int) func(*ir.Operation) error {
	return func(op *ir.Operation) error {
		vs := payload(op)
		if len(vs) != n {
			return op.Errorf("expected %d operands after the async dependencies, but found %d", n, len(vs))
		}
		for _, v := range vs {
			if err := checkOperandValue(op, v, anyMemRef); err != nil {
				return err
			}
		}
		return nil
	}
}

func verifyMemcpy(op *ir.Operation) error {
	if err := verifyMemrefs(2)(op); err != nil {
		return err
	}
	vs := payload(op)
	dst, src := vs[0].Type().(ir.ShapedType), vs[1].Type().(ir.ShapedType)
	if dst.ElementType() != src.ElementType() {
		return op.Errorf("arguments have incompatible element type")
	}
	if dst.HasRank() && src.HasRank() {
		ds, ss := dst.Shape(), src.Shape()
		if len(ds) != len(ss) {
			return op.Errorf("arguments have incompatible shape")
		}
		for i := range ds {
			if ds[i] != ss[i] && ds[i] != ir.Dynamic && ss[i] != ir.Dynamic {
				return op.Errorf("arguments have incompatible shape")
			}
		}
	}
	return nil
}

func verifyMemset(op *ir.Operation) error {
	vs := payload(op)
	if len(vs) != 2 {
		return op.Errorf("expected 2 operands after the async dependencies, but found %d", len(vs))
	}
	if err := checkOperandValue(op, vs[0], anyMemRef); err != nil {
		return err
	}
	dst := vs[0].Type().(ir.ShapedType)
	if dst.ElementType() != ir.ElementTypeOrSelf(vs[1].Type()) {
		return op.Errorf("failed to verify that all of {dst, value} have same element type")
	}
	return nil
}

// foldMemRefCast folds memref.cast ops from ranked memrefs into the
// operands of memcpy and memset (MLIR's memref::foldMemRefCast).
func foldMemRefCast(op *ir.Operation, _ []ir.Attribute) ([]ir.FoldResult, bool) {
	changed := false
	for i, v := range op.Operands() {
		c := v.DefiningOp()
		if c == nil || c.Name() != "memref.cast" || c.NumOperands() != 1 {
			continue
		}
		if _, ranked := c.Operand(0).Type().(*ir.MemRefType); ranked {
			op.SetOperand(i, c.Operand(0))
			changed = true
		}
	}
	return nil, changed
}

// eraseTrivialCopy erases a memcpy into a buffer that is only allocated,
// copied into and freed (MLIR's EraseTrivialCopyOp).
var eraseTrivialCopy = &ir.Pattern{
	Name: "gpu-erase-trivial-copy",
	Root: "gpu.memcpy",
	Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
		vs := payload(op)
		if len(vs) != 2 {
			return false
		}
		dst := vs[0]
		def := dst.DefiningOp()
		if def == nil || !def.HasTrait(ir.AllocOnly) {
			return false
		}
		for u := range dst.Users() {
			if u != op && u.Name() != "gpu.dealloc" && u.Name() != "memref.dealloc" {
				return false
			}
		}
		deps, token := leadingTokens(op), AsyncTokenOf(op)
		if len(deps) > 1 || (len(deps) == 0) != (token == nil) {
			return false
		}
		if token != nil {
			rw.ReplaceOp(op, deps)
		} else {
			rw.EraseOp(op)
		}
		return true
	},
}

var (
	hostRegisterDef   = hostMemrefOp("host_register", "Maps a host buffer into the device address space.")
	hostUnregisterDef = hostMemrefOp("host_unregister", "Unmaps a host buffer from the device address space.")
)

// $value attr-dict `:` type($value), on an unranked memref.
func hostMemrefOp(name, summary string) *ir.OpDef {
	return &ir.OpDef{
		Name:     "gpu." + name,
		Summary:  summary,
		Example:  "%0 = \"test.def\"() : () -> memref<*xf32>\ngpu." + name + " %0 : memref<*xf32>",
		Operands: ir.Exactly(1),
		Format:   &ir.Format{Syntax: "$value attr-dict `:` type($value)", Operands: []string{"value"}},
		Verify: func(op *ir.Operation) error {
			return arith.CheckOperands(op, unrankedMemRef)
		},
	}
}

var setDefaultDeviceDef = &ir.OpDef{
	Name:     "gpu.set_default_device",
	Summary:  "Sets the GPU, by index, that later gpu ops use.",
	Example:  "%0 = \"test.def\"() : () -> i32\ngpu.set_default_device %0",
	Operands: ir.Exactly(1),
	Format: &ir.Format{Syntax: "attr-dict $devIndex", Operands: []string{"devIndex"},
		Types: map[string]func(*ir.Context) ir.Type{"devIndex": func(ctx *ir.Context) ir.Type { return ctx.I(32) }}},
	Verify: func(op *ir.Operation) error {
		return arith.CheckOperands(op, i32Type)
	},
}

var printfDef = &ir.OpDef{
	Name:     "gpu.printf",
	Summary:  "Prints a formatted string from the device, for debugging.",
	Example:  "%0 = \"test.def\"() : () -> i32\ngpu.printf \"%d\\0A\", %0 : i32",
	Operands: ir.Variadic,
	Inherent: []string{"format"},
	Format: &ir.Format{Syntax: "$format attr-dict (`,` $args^ `:` type($args))?", Operands: []string{"args*"},
		Attrs: []ir.FormatAttr{{Name: "format"}}},
	Verify: func(op *ir.Operation) error {
		if _, ok := op.Attr("format").(*ir.StringAttr); !ok {
			return op.Errorf("requires attribute 'format'")
		}
		for i := range op.Operands() {
			if err := arith.CheckOperand(op, i, printfArg); err != nil {
				return err
			}
		}
		return nil
	},
}
