package gpu

import "github.com/kiln-gpu/kiln/ir"

var launchFuncDef = &ir.OpDef{
	Name:    "gpu.launch_func",
	Summary: "Launches a gpu.func kernel, named by a nested symbol reference, on a grid of blocks of threads.",
	Example: "module attributes {gpu.container_module} {\n" +
		"  gpu.module @kernels {\n" +
		"    gpu.func @k(%arg0: memref<8xf32>, %arg1: f32) kernel {\n      gpu.return\n    }\n  }\n" +
		"  func.func @main(%arg0: memref<8xf32>, %arg1: f32, %arg2: index, %arg3: i32, %arg4: !gpu.async.token) {\n" +
		"    %0 = gpu.launch_func async [%arg4] @kernels::@k blocks in (%arg2, %arg2, %arg2) threads in (%arg2, %arg2, %arg2)  dynamic_shared_memory_size %arg3 args(%arg0 : memref<8xf32>, %arg1 : f32)\n" +
		"    return\n  }\n}",
	Traits:   ir.AttrSizedOperandSegments,
	Operands: ir.AtLeast(6),
	Results:  ir.Between(0, 1),
	Inherent: []string{"kernel"},
	// Hand-written: it also prints ops in older operand segment layouts
	// (MLIR 16's 9 segments), which a format's printer cannot split.
	Parse:  parseLaunchFunc,
	Print:  printLaunchFunc,
	Verify: verifyLaunchFunc,
}

// LaunchFunc is a typed view of gpu.launch_func.
type LaunchFunc struct{ *ir.Operation }

// AsLaunchFunc returns op as a LaunchFunc if it is a gpu.launch_func.
func AsLaunchFunc(op *ir.Operation) (LaunchFunc, bool) {
	if op == nil || op.Name() != "gpu.launch_func" {
		return LaunchFunc{}, false
	}
	return LaunchFunc{op}, true
}

// segments returns the operand segments in today's 13-segment layout:
// async deps, grid x/y/z, block x/y/z, cluster x/y/z, dynamic shared
// memory size, kernel operands, async object. MLIR 16's 9 segments (no
// clusters, no async object) and the 12 of later versions are widened.
func (l LaunchFunc) segments() []int64 {
	s := ir.OperandSegmentSizes(l.Operation)
	switch len(s) {
	case 9:
		return append(append(append([]int64(nil), s[:7]...), 0, 0, 0), s[7], s[8], 0)
	case 12:
		return append(append([]int64(nil), s...), 0)
	}
	return s
}

func (l LaunchFunc) seg(i int) []*ir.Value { return ir.SegmentOperands(l.Operation, l.segments(), i) }

// Kernel returns the kernel's symbol reference, @module::@func.
func (l LaunchFunc) Kernel() *ir.SymbolRefAttr {
	k, _ := l.Attr("kernel").(*ir.SymbolRefAttr)
	return k
}

// KernelModuleName returns the name of the gpu.module holding the kernel.
func (l LaunchFunc) KernelModuleName() string {
	if k := l.Kernel(); k != nil {
		return k.Root
	}
	return ""
}

// KernelName returns the name of the kernel function.
func (l LaunchFunc) KernelName() string {
	if k := l.Kernel(); k != nil {
		return k.Leaf()
	}
	return ""
}

// AsyncDependencies returns the !gpu.async.token operands.
func (l LaunchFunc) AsyncDependencies() []*ir.Value { return l.seg(0) }

// AsyncToken returns the token result of an async launch, or nil.
func (l LaunchFunc) AsyncToken() *ir.Value { return AsyncTokenOf(l.Operation) }

// GridSize returns the grid size operands (x, y, z).
func (l LaunchFunc) GridSize() [3]*ir.Value { return launchConfig(l.seg).gridSize() }

// BlockSize returns the block size operands (x, y, z).
func (l LaunchFunc) BlockSize() [3]*ir.Value { return launchConfig(l.seg).blockSize() }

// ClusterSize returns the cluster size operands, when present.
func (l LaunchFunc) ClusterSize() ([3]*ir.Value, bool) { return launchConfig(l.seg).clusterSize() }

// DynamicSharedMemorySize returns the i32 operand, or nil.
func (l LaunchFunc) DynamicSharedMemorySize() *ir.Value { return one(l.seg(10)) }

// KernelOperands returns the arguments passed to the kernel.
func (l LaunchFunc) KernelOperands() []*ir.Value { return l.seg(11) }

// AsyncObject returns the optional stream-like operand, or nil.
func (l LaunchFunc) AsyncObject() *ir.Value { return one(l.seg(12)) }

// gpu.launch_func (async)? ([deps])? (<%obj : t>)? @m::@k
// (clusters in (...))? blocks in (...) threads in (...) (: t)?
// (dynamic_shared_memory_size %s)? (args(%a : t, ...))? attr-dict
func parseLaunchFunc(p *ir.OpParser, st *ir.OpState) error {
	ctx := p.Context()
	_, nDeps, err := parseAsyncDependencies(p)
	if err != nil {
		return err
	}
	if p.NumResults() > 0 {
		st.ResultTypes = []ir.Type{AsyncToken(ctx)}
	}
	var obj []ir.UnresolvedOperand
	var objType []ir.Type
	if p.ParseOptionalPunct("<") {
		u, err := p.ParseOperand()
		if err != nil {
			return err
		}
		t, err := p.ParseColonType()
		if err != nil {
			return err
		}
		obj, objType = []ir.UnresolvedOperand{u}, []ir.Type{t}
		if err := p.ParsePunct(">"); err != nil {
			return err
		}
	}
	kernel, err := p.ParseSymbolRef()
	if err != nil {
		return err
	}
	st.AddAttr("kernel", kernel)
	var cluster []ir.UnresolvedOperand
	if p.ParseOptionalKeyword("clusters") {
		if err := p.ParseKeyword("in"); err != nil {
			return err
		}
		if cluster, err = parseDim3(p); err != nil {
			return err
		}
	}
	var sizes []ir.UnresolvedOperand
	for _, kw := range []string{"blocks", "threads"} {
		if err := p.ParseKeyword(kw); err != nil {
			return err
		}
		if err := p.ParseKeyword("in"); err != nil {
			return err
		}
		d, err := parseDim3(p)
		if err != nil {
			return err
		}
		sizes = append(sizes, d...)
	}
	var dimType ir.Type = ctx.Index()
	if p.ParseOptionalPunct(":") {
		if dimType, err = p.ParseType(); err != nil {
			return err
		}
	}
	if err := p.ResolveOperandsSameType(append(sizes, cluster...), dimType); err != nil {
		return err
	}
	hasDyn := int64(0)
	if p.ParseOptionalKeyword("dynamic_shared_memory_size") {
		u, err := p.ParseOperand()
		if err != nil {
			return err
		}
		if err := p.ResolveOperandsSameType([]ir.UnresolvedOperand{u}, ctx.I(32)); err != nil {
			return err
		}
		hasDyn = 1
	}
	nArgs := 0
	if p.ParseOptionalKeyword("args") {
		if err := p.ParsePunct("("); err != nil {
			return err
		}
		// An empty list is allowed (parseCommaSeparatedList), and not printed.
		for !p.ParseOptionalPunct(")") {
			u, err := p.ParseOperand()
			if err != nil {
				return err
			}
			t, err := p.ParseColonType()
			if err != nil {
				return err
			}
			if err := p.ResolveOperands([]ir.UnresolvedOperand{u}, []ir.Type{t}); err != nil {
				return err
			}
			nArgs++
			if !p.ParseOptionalPunct(",") {
				if err := p.ParsePunctIn(")", " in argument list"); err != nil {
					return err
				}
				break
			}
		}
	}
	if err := p.ResolveOperands(obj, objType); err != nil {
		return err
	}
	if err := p.ParseOptionalAttrDict(); err != nil {
		return err
	}
	c := int64(len(cluster) / 3)
	st.AddAttr("operandSegmentSizes", ctx.DenseI32Array(int64(nDeps), 1, 1, 1, 1, 1, 1, c, c, c, hasDyn, int64(nArgs), int64(len(obj))))
	return nil
}

// printLaunchFunc spaces the form as MLIR's declarative format does,
// including its double spaces around empty custom directives.
func printLaunchFunc(p *ir.OpPrinter, op *ir.Operation) {
	l := LaunchFunc{op}
	p.WriteByte(' ')
	printAsyncDependencies(p, l.AsyncToken() != nil, l.AsyncDependencies())
	if o := l.AsyncObject(); o != nil {
		p.WriteByte('<')
		p.Operand(o)
		p.WriteString(" : ")
		p.Type(o.Type())
		p.WriteByte('>')
	}
	p.WriteByte(' ')
	if k := l.Kernel(); k != nil {
		p.Attr(k)
	}
	if cs, ok := l.ClusterSize(); ok {
		p.WriteString(" clusters in ")
		printDim3(p, cs)
	}
	p.WriteString(" blocks in ")
	grid := l.GridSize()
	printDim3(p, grid)
	p.WriteString(" threads in ")
	printDim3(p, l.BlockSize())
	p.WriteByte(' ')
	if grid[0] != nil {
		if _, isIndex := grid[0].Type().(*ir.IndexType); !isIndex {
			p.WriteString(": ")
			p.Type(grid[0].Type())
		}
	}
	if d := l.DynamicSharedMemorySize(); d != nil {
		p.WriteString(" dynamic_shared_memory_size ")
		p.Operand(d)
	}
	p.WriteByte(' ')
	if args := l.KernelOperands(); len(args) > 0 {
		p.WriteString("args(")
		for i, a := range args {
			if i > 0 {
				p.WriteString(", ")
			}
			p.Operand(a)
			p.WriteString(" : ")
			p.Type(a.Type())
		}
		p.WriteByte(')')
	}
	var attrBuf [8]ir.NamedAttr
	p.OptionalAttrDict(sortedAttrs(op, attrBuf[:0]), "kernel", "operandSegmentSizes")
}

func verifyLaunchFunc(op *ir.Operation) error {
	l := LaunchFunc{op}
	if _, ok := op.Attr("kernel").(*ir.SymbolRefAttr); !ok {
		return op.Errorf("requires attribute 'kernel'")
	}
	s := l.segments()
	if err := verifyLaunchSegments(op, s, 13); err != nil {
		return err
	}
	module := op.ParentOfName("builtin.module")
	if module == nil {
		return op.Errorf("expected to belong to a module")
	}
	if _, ok := module.Attr(ContainerModuleAttrName).(*ir.UnitAttr); !ok {
		return op.Errorf("expected the closest surrounding module to have the '%s' attribute", ContainerModuleAttrName)
	}
	grid, block := l.GridSize(), l.BlockSize()
	dims := append(grid[:], block[:]...)
	for _, v := range dims {
		if err := checkOperandValue(op, v, launchIndexType); err != nil {
			return err
		}
		if v.Type() != dims[0].Type() {
			return op.Errorf("failed to verify that all of {gridSizeX, gridSizeY, gridSizeZ, blockSizeX, blockSizeY, blockSizeZ} have same type")
		}
	}
	if s[7]+s[8]+s[9] != 0 {
		cs, ok := l.ClusterSize()
		if !ok {
			return op.Errorf("cluster size must be all present")
		}
		if cs[1].Type() != cs[0].Type() || cs[2].Type() != cs[0].Type() {
			return op.Errorf("expects types of the cluster dimensions must be the same")
		}
	}
	return launchConfig(l.seg).verifyTail(op)
}

func isLaunchIndex(t ir.Type) bool {
	switch t := t.(type) {
	case *ir.IndexType:
		return true
	case *ir.IntegerType:
		return t.IsSignless() && (t.Width == 32 || t.Width == 64)
	}
	return false
}

// verifyContainerModule checks, as MLIR's GPUDialect::verifyOperationAttribute
// does for gpu.container_module, that each launch_func directly inside the
// module's functions names a kernel of a gpu.module with matching arguments.
func verifyContainerModule(module *ir.Operation) error {
	// As MLIR, only launches whose parent is an op of the module (a
	// function, say) are checked: looking at that depth alone spares a
	// walk of the kernels' bodies.
	for _, top := range childOps(module) {
		for _, op := range childOps(top) {
			if l, ok := AsLaunchFunc(op); ok && l.Kernel() != nil {
				if err := checkKernelRef(module, l); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// childOps lists the ops of op's regions, every block, in order.
func childOps(op *ir.Operation) []*ir.Operation {
	var ops []*ir.Operation
	for _, r := range op.Regions() {
		for b := range r.Blocks() {
			for o := range b.Ops() {
				ops = append(ops, o)
			}
		}
	}
	return ops
}

func checkKernelRef(module *ir.Operation, l LaunchFunc) error {
	k := l.Kernel()
	container := ir.LookupSymbol(module, k.Root)
	if container == nil {
		return l.Errorf("kernel container '%s' is undefined", k.Root)
	}
	if container.Name() == "gpu.binary" {
		return nil
	}
	if _, ok := AsModule(container); !ok {
		return l.Errorf("kernel module '%s' is undefined", k.Root)
	}
	fn := ir.LookupSymbolRef(module, k)
	if fn == nil {
		return l.Errorf("kernel function '%s' is undefined", ir.AttrString(k))
	}
	if _, ok := fn.Attr("function_type").(*ir.TypeAttr); !ok {
		return l.Errorf("referenced kernel '%s' is not a function", ir.AttrString(k)).Note(fn.Loc(), "see the kernel definition here")
	}
	if !IsKernel(fn) {
		return l.Errorf("kernel function is missing the '%s' attribute", KernelAttrName)
	}
	f, ok := AsFunc(fn)
	if !ok {
		return nil // not checked across a type conversion, as in MLIR
	}
	ft := f.FunctionType()
	args := l.KernelOperands()
	if ft == nil {
		return nil
	}
	if len(args) != len(ft.Inputs) {
		return l.Errorf("got %d kernel operands but expected %d", len(args), len(ft.Inputs))
	}
	for i, t := range ft.Inputs {
		if args[i].Type() != t {
			// MLIR's message, with the two types.
			return l.Errorf("type of function argument %d does not match: the kernel takes '%s', the launch passes '%s'",
				i, ir.TypeString(t), ir.TypeString(args[i].Type()))
		}
	}
	return nil
}

// verifyAttr checks the dialect's discardable attributes wherever they appear.
func verifyAttr(op *ir.Operation, a ir.NamedAttr) error {
	switch a.Name {
	case KnownBlockSizeAttrName, KnownGridSizeAttrName:
		arr, ok := a.Value.(*ir.DenseArrayAttr)
		if !ok || ir.IntOrFloatBitWidth(arr.Elem) != 32 || arr.Floats != nil {
			return op.Errorf("%s must be a dense i32 array", a.Name)
		}
		if arr.Len() != 3 {
			return op.Errorf("%s must contain exactly 3 elements", a.Name)
		}
	case ContainerModuleAttrName:
		if _, ok := a.Value.(*ir.UnitAttr); !ok {
			return nil
		}
		if op.Name() != "builtin.module" {
			return op.EmitErrorf("expected '%s' attribute to be attached to 'builtin.module'", ContainerModuleAttrName)
		}
		return verifyContainerModule(op)
	}
	return nil
}
