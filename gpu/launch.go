package gpu

import (
	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/ir"
)

var launchDef = &ir.OpDef{
	Name:    "gpu.launch",
	Summary: "Launches a kernel given inline as its region, on a grid of blocks of threads.",
	Example: "%0 = \"test.def\"() : () -> index\n" +
		"gpu.launch blocks(%arg0, %arg1, %arg2) in (%arg6 = %0, %arg7 = %0, %arg8 = %0) threads(%arg3, %arg4, %arg5) in (%arg9 = %0, %arg10 = %0, %arg11 = %0) workgroup(%arg12 : memref<32xf32, #gpu.address_space<workgroup>>) {\n" +
		"  gpu.terminator\n}",
	Traits:   ir.AffineScope | ir.AutomaticAllocationScope | ir.AttrSizedOperandSegments | ir.RecursiveEffects,
	Operands: ir.AtLeast(6),
	Results:  ir.Between(0, 1),
	Regions:  ir.Exactly(1),
	Inherent: []string{"kernelFunc", "kernelModule"},
	// Hand-written as in MLIR (hasCustomAssemblyFormat): the region
	// arguments are named in the launch clauses.
	Parse:         parseLaunch,
	Print:         printLaunch,
	Verify:        verifyLaunch,
	VerifyRegions: verifyLaunchRegions,
	Canonicalize:  []*ir.Pattern{foldLaunchArguments},
}

// numLaunchConfigArgs is how many region arguments carry ids and sizes
// before the attributions (18 with clusters).
const numLaunchConfigArgs = 12

// Launch is a typed view of gpu.launch. Its operands are the async
// dependencies, grid sizes, block sizes, optional cluster sizes and an
// optional dynamic shared memory size; its region's entry block takes the
// block ids, thread ids, grid sizes, block sizes, (cluster ids and sizes,)
// then the workgroup and private attributions.
type Launch struct{ *ir.Operation }

// AsLaunch returns op as a Launch if it is a gpu.launch.
func AsLaunch(op *ir.Operation) (Launch, bool) {
	if op == nil || op.Name() != "gpu.launch" {
		return Launch{}, false
	}
	return Launch{op}, true
}

// segments returns the operand segments in today's layout: async deps,
// grid x/y/z, block x/y/z, cluster x/y/z, dynamic shared memory size. MLIR
// 16's 8-segment layout (no clusters) is widened.
func (l Launch) segments() []int64 {
	s := ir.OperandSegmentSizes(l.Operation)
	if len(s) == 8 {
		return append(append(append([]int64(nil), s[:7]...), 0, 0, 0), s[7])
	}
	return s
}

func (l Launch) seg(i int) []*ir.Value { return ir.SegmentOperands(l.Operation, l.segments(), i) }

// AsyncDependencies returns the !gpu.async.token operands.
func (l Launch) AsyncDependencies() []*ir.Value { return l.seg(0) }

// AsyncToken returns the token result of an async launch, or nil.
func (l Launch) AsyncToken() *ir.Value { return AsyncTokenOf(l.Operation) }

// GridSize returns the grid size operands (x, y, z).
func (l Launch) GridSize() [3]*ir.Value { return launchConfig(l.seg).gridSize() }

// BlockSize returns the block size operands (x, y, z).
func (l Launch) BlockSize() [3]*ir.Value { return launchConfig(l.seg).blockSize() }

// ClusterSize returns the cluster size operands, when present.
func (l Launch) ClusterSize() ([3]*ir.Value, bool) { return launchConfig(l.seg).clusterSize() }

// DynamicSharedMemorySize returns the i32 operand, or nil.
func (l Launch) DynamicSharedMemorySize() *ir.Value { return one(l.seg(10)) }

// launchConfig reads the operands gpu.launch and gpu.launch_func share, by
// segment in today's layout: 0 async dependencies, 1-3 grid, 4-6 block,
// 7-9 cluster, 10 dynamic shared memory size.
type launchConfig func(i int) []*ir.Value

func (c launchConfig) gridSize() dim3  { return dim3{one(c(1)), one(c(2)), one(c(3))} }
func (c launchConfig) blockSize() dim3 { return dim3{one(c(4)), one(c(5)), one(c(6))} }

func (c launchConfig) clusterSize() (dim3, bool) {
	d := dim3{one(c(7)), one(c(8)), one(c(9))}
	return d, d[0] != nil && d[1] != nil && d[2] != nil
}

// verifyLaunchSegments checks a launch op's segment sizes s: want of them,
// and exactly one operand for each grid and block dimension.
func verifyLaunchSegments(op *ir.Operation, s []int64, want int) error {
	if len(s) != want {
		return op.Errorf("'operandSegmentSizes' attribute for specifying operand segments must have %d elements, but got %d", want, len(s))
	}
	for i := 1; i <= 6; i++ {
		if s[i] != 1 {
			return op.Errorf("operand group %d must have exactly one operand", i)
		}
	}
	return nil
}

// verifyTail checks the dynamic shared memory size and the async
// dependencies, the last checks of both launch ops.
func (c launchConfig) verifyTail(op *ir.Operation) error {
	if d := one(c(10)); d != nil {
		if err := checkOperandValue(op, d, i32Type); err != nil {
			return err
		}
	}
	return verifyAsyncOperands(op, c(0))
}

// Body returns the kernel region (nil for a malformed op without one).
func (l Launch) Body() *ir.Region {
	if l.NumRegions() == 0 {
		return nil
	}
	return l.Region(0)
}

func (l Launch) args() []*ir.Value {
	if l.NumRegions() == 0 || l.Body().Empty() {
		return nil
	}
	return l.Body().Entry().Args()
}

func (l Launch) numConfigArgs() int {
	if _, ok := l.ClusterSize(); ok {
		return numLaunchConfigArgs + 6
	}
	return numLaunchConfigArgs
}

// BlockIDs returns the region arguments holding the block ids.
func (l Launch) BlockIDs() [3]*ir.Value { return toDim3(clip(l.args(), 0, 3)) }

// ThreadIDs returns the region arguments holding the thread ids.
func (l Launch) ThreadIDs() [3]*ir.Value { return toDim3(clip(l.args(), 3, 6)) }

// GridSizeArgs returns the region arguments holding the grid size.
func (l Launch) GridSizeArgs() [3]*ir.Value { return toDim3(clip(l.args(), 6, 9)) }

// BlockSizeArgs returns the region arguments holding the block size.
func (l Launch) BlockSizeArgs() [3]*ir.Value { return toDim3(clip(l.args(), 9, 12)) }

// ClusterIDs returns the region arguments holding the cluster ids, when
// the launch has clusters.
func (l Launch) ClusterIDs() ([3]*ir.Value, bool) {
	_, ok := l.ClusterSize()
	return toDim3(clip(l.args(), 12, 15)), ok
}

// ClusterSizeArgs returns the region arguments holding the cluster size.
func (l Launch) ClusterSizeArgs() ([3]*ir.Value, bool) {
	_, ok := l.ClusterSize()
	return toDim3(clip(l.args(), 15, 18)), ok
}

// WorkgroupAttributions returns the region arguments that are workgroup buffers.
func (l Launch) WorkgroupAttributions() []*ir.Value {
	n := l.numConfigArgs()
	return clip(l.args(), n, n+numWorkgroupAttributions(l.Operation))
}

// PrivateAttributions returns the region arguments that are private buffers.
func (l Launch) PrivateAttributions() []*ir.Value {
	args := l.args()
	return clip(args, l.numConfigArgs()+numWorkgroupAttributions(l.Operation), len(args))
}

// launchSymbols are the optional `module(@m) function(@f)` clauses naming
// where gpu/outline should put the kernel.
var launchSymbols = []struct{ word, attr string }{{"module", "kernelModule"}, {"function", "kernelFunc"}}

// sizeAssignment is one `(%i, %j, %k) in (%a = %x, %b = %y, %c = %z)`.
type sizeAssignment struct {
	ids, sizes []ir.Argument
	operands   []ir.UnresolvedOperand
}

func parseSizeAssignment(p *ir.OpParser) (sizeAssignment, error) {
	var s sizeAssignment
	index := p.Context().Index()
	ids, err := p.ParseArgumentList(true, false)
	if err != nil {
		return s, err
	}
	for i := range ids {
		ids[i].Type = index
	}
	if len(ids) != 3 {
		return s, p.Errorf("expected 3 identifiers")
	}
	s.ids = ids
	if err := p.ParseKeyword("in"); err != nil {
		return s, err
	}
	if err := p.ParsePunct("("); err != nil {
		return s, err
	}
	for i := range 3 {
		if i > 0 {
			if err := p.ParsePunct(","); err != nil {
				return s, err
			}
		}
		a, err := p.ParseArgument(false)
		if err != nil {
			return s, err
		}
		a.Type = index
		if err := p.ParsePunct("="); err != nil {
			return s, err
		}
		u, err := p.ParseOperand()
		if err != nil {
			return s, err
		}
		s.sizes, s.operands = append(s.sizes, a), append(s.operands, u)
	}
	return s, p.ParsePunct(")")
}

// gpu.launch (async [deps])? (clusters(...) in (...))? blocks(...) in (...)
// threads(...) in (...) (dynamic_shared_memory_size %s)? (module(@m))?
// (function(@f))? (workgroup(...))? (private(...))? { body } attr-dict
func parseLaunch(p *ir.OpParser, st *ir.OpState) error {
	ctx := p.Context()
	_, nDeps, err := parseAsyncDependencies(p)
	if err != nil {
		return err
	}
	if p.NumResults() > 0 {
		st.ResultTypes = []ir.Type{AsyncToken(ctx)}
	}
	var cluster *sizeAssignment
	if p.ParseOptionalKeyword("clusters") {
		c, err := parseSizeAssignment(p)
		if err != nil {
			return err
		}
		cluster = &c
	}
	if err := p.ParseKeyword("blocks"); err != nil {
		return err
	}
	blocks, err := parseSizeAssignment(p)
	if err != nil {
		return err
	}
	if err := p.ParseKeyword("threads"); err != nil {
		return err
	}
	threads, err := parseSizeAssignment(p)
	if err != nil {
		return err
	}
	index := ctx.Index()
	sizes := append(append([]ir.UnresolvedOperand(nil), blocks.operands...), threads.operands...)
	if cluster != nil {
		sizes = append(sizes, cluster.operands...)
	}
	if err := p.ResolveOperandsSameType(sizes, index); err != nil {
		return err
	}
	hasDyn := 0
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
	for _, kw := range launchSymbols {
		if !p.ParseOptionalKeyword(kw.word) {
			continue
		}
		if err := p.ParsePunct("("); err != nil {
			return err
		}
		ref, err := p.ParseSymbolRef()
		if err != nil {
			return err
		}
		st.AddAttr(kw.attr, ref)
		if err := p.ParsePunct(")"); err != nil {
			return err
		}
	}
	args := append(append(append(append([]ir.Argument(nil), blocks.ids...), threads.ids...), blocks.sizes...), threads.sizes...)
	if cluster != nil {
		args = append(append(args, cluster.ids...), cluster.sizes...)
	}
	wg, _, err := parseAttributions(p, "workgroup")
	if err != nil {
		return err
	}
	priv, _, err := parseAttributions(p, "private")
	if err != nil {
		return err
	}
	st.AddAttr("workgroup_attributions", ctx.I64Attr(int64(len(wg))))
	args = append(append(args, wg...), priv...)
	if err := p.ParseRegion(st.AddRegion(), args); err != nil {
		return err
	}
	if err := p.ParseOptionalAttrDict(); err != nil {
		return err
	}
	c := int64(0)
	if cluster != nil {
		c = 1
	}
	st.AddAttr("operandSegmentSizes", ctx.DenseI32Array(int64(nDeps), 1, 1, 1, 1, 1, 1, c, c, c, int64(hasDyn)))
	return nil
}

func printLaunch(p *ir.OpPrinter, op *ir.Operation) {
	l := Launch{op}
	if l.AsyncToken() != nil {
		p.WriteString(" async")
		if deps := l.AsyncDependencies(); len(deps) > 0 {
			p.WriteString(" [")
			p.Operands(deps)
			p.WriteByte(']')
		}
	}
	if cs, ok := l.ClusterSize(); ok {
		ids, _ := l.ClusterIDs()
		args, _ := l.ClusterSizeArgs()
		p.WriteString(" clusters")
		printSizeAssignment(p, ids, args, cs)
	}
	p.WriteString(" blocks")
	printSizeAssignment(p, l.BlockIDs(), l.GridSizeArgs(), l.GridSize())
	p.WriteString(" threads")
	printSizeAssignment(p, l.ThreadIDs(), l.BlockSizeArgs(), l.BlockSize())
	if d := l.DynamicSharedMemorySize(); d != nil {
		p.WriteString(" dynamic_shared_memory_size ")
		p.Operand(d)
	}
	for _, kw := range launchSymbols {
		if ref, ok := op.Attr(kw.attr).(*ir.SymbolRefAttr); ok {
			p.WriteString(" " + kw.word + "(")
			p.Attr(ref)
			p.WriteByte(')')
		}
	}
	printAttributions(p, "workgroup", l.WorkgroupAttributions(), nil)
	printAttributions(p, "private", l.PrivateAttributions(), nil)
	p.WriteByte(' ')
	regionAt(p, op, false, true)
	var attrBuf [8]ir.NamedAttr
	p.OptionalAttrDict(sortedAttrs(op, attrBuf[:0]), "operandSegmentSizes", "workgroup_attributions", "kernelModule", "kernelFunc")
}

// printSizeAssignment writes (%ids) in (%size = %operand, ...).
func printSizeAssignment(p *ir.OpPrinter, ids, sizes, operands dim3) {
	printDim3(p, ids)
	p.WriteString(" in (")
	for i := range 3 {
		if i > 0 {
			p.WriteString(", ")
		}
		if sizes[i] == nil || operands[i] == nil {
			p.WriteString("<<NULL>>")
			continue
		}
		p.Operand(sizes[i])
		p.WriteString(" = ")
		p.Operand(operands[i])
	}
	p.WriteByte(')')
}

func verifyLaunch(op *ir.Operation) error {
	l := Launch{op}
	s := l.segments()
	if err := verifyLaunchSegments(op, s, 11); err != nil {
		return err
	}
	n := s[7] + s[8] + s[9]
	if n != 0 && n != 3 {
		return op.Errorf("cluster size must be all present")
	}
	grid, block := l.GridSize(), l.BlockSize()
	for _, v := range append(grid[:], block[:]...) {
		if err := checkOperandValue(op, v, anyIndex); err != nil {
			return err
		}
	}
	return launchConfig(l.seg).verifyTail(op)
}

// opIndex returns the operand number of v in op.
func opIndex(op *ir.Operation, v *ir.Value) int {
	for i, o := range op.Operands() {
		if o == v {
			return i
		}
	}
	return -1
}

// verifyAsyncOperands checks that deps are tokens and that a result, if
// any, is one.
func verifyAsyncOperands(op *ir.Operation, deps []*ir.Value) error {
	for _, d := range deps {
		if err := checkOperandValue(op, d, variadicAsyncToken); err != nil {
			return err
		}
	}
	return nil
}

func verifyLaunchRegions(op *ir.Operation) error {
	l := Launch{op}
	if !l.Body().Empty() && len(l.args()) < l.numConfigArgs()+numWorkgroupAttributions(op) {
		return op.Errorf("unexpected number of region arguments")
	}
	if err := verifyAttributions(op, l.WorkgroupAttributions(), AddressSpaceWorkgroup); err != nil {
		return err
	}
	if err := verifyAttributions(op, l.PrivateAttributions(), AddressSpacePrivate); err != nil {
		return err
	}
	for b := range l.Body().Blocks() {
		last := b.Last()
		if last == nil || last.NumSuccessors() != 0 || last.Name() == "gpu.terminator" {
			continue
		}
		return last.Errorf("expected '%s' or a terminator with successors", "gpu.terminator").
			Note(op.Loc(), "in '%s' body region", "gpu.launch")
	}
	return nil
}

// foldLaunchArguments replaces block and thread ids whose range is one by
// zero (MLIR's FoldLaunchArguments).
var foldLaunchArguments = &ir.Pattern{
	Name: "gpu-fold-launch-arguments",
	Root: "gpu.launch",
	Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
		l := Launch{op}
		if l.Body() == nil || l.Body().Empty() {
			return false
		}
		var zero *ir.Value
		bids, tids, grid, block := l.BlockIDs(), l.ThreadIDs(), l.GridSize(), l.BlockSize()
		ids := append(bids[:], tids[:]...)
		sizes := append(grid[:], block[:]...)
		for i, id := range ids {
			if id == nil || sizes[i] == nil || !id.HasUses() || !isConstantInt(sizes[i], 1) {
				continue
			}
			if zero == nil {
				blk, before := rw.InsertionPoint()
				rw.SetInsertionPointToStart(l.Body().Entry())
				zero = arith.NewConstant(&rw.Builder, op.Context().IndexAttr(0), op.Context().Index(), op.Loc())
				rw.RestoreInsertionPoint(blk, before)
			}
			rw.ReplaceAllUsesWith(id, zero)
		}
		return zero != nil
	},
}

// isConstantInt reports whether v is an integer constant equal to c.
func isConstantInt(v *ir.Value, c int64) bool {
	a, ok := arith.ConstantValue(v).(*ir.IntegerAttr)
	return ok && a.Int() == c
}

var terminatorDef = &ir.OpDef{
	Name:    "gpu.terminator",
	Summary: "Terminates the region of gpu.launch.",
	Example: "%0 = \"test.def\"() : () -> index\n" +
		"gpu.launch blocks(%arg0, %arg1, %arg2) in (%arg6 = %0, %arg7 = %0, %arg8 = %0) threads(%arg3, %arg4, %arg5) in (%arg9 = %0, %arg10 = %0, %arg11 = %0) {\n" +
		"  gpu.terminator\n}",
	Traits: ir.Terminator | ir.Pure,
	Format: &ir.Format{Syntax: "attr-dict"},
	Verify: func(op *ir.Operation) error {
		if _, ok := AsLaunch(op.ParentOp()); !ok {
			return op.Errorf("expects parent op '%s'", "gpu.launch")
		}
		return nil
	},
}
