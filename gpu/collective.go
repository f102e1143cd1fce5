package gpu

import (
	"math/bits"
	"slices"

	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/ir"
)

// Reductions over a workgroup or subgroup, and barriers.

var allReduceDef = &ir.OpDef{
	Name:    "gpu.all_reduce",
	Summary: "Reduces a value over all work items of a workgroup, by a kind or by a region.",
	Example: "%0 = \"test.def\"() : () -> f32\n" +
		"%1 = gpu.all_reduce  add %0 uniform {\n} : (f32) -> f32\n" +
		"%2 = gpu.all_reduce  %0 {\n^bb0(%arg0: f32, %arg1: f32):\n  %3 = \"test.add\"(%arg0, %arg1) : (f32, f32) -> f32\n  gpu.yield %3 : f32\n} : (f32) -> f32",
	Traits:   ir.SameOperandsAndResultType | ir.IsolatedFromAbove,
	Operands: ir.Exactly(1),
	Results:  ir.Exactly(1),
	Regions:  ir.Exactly(1),
	Inherent: []string{"op", "uniform"},
	// Hand-written: the older max and min kinds resolve by the operand
	// type, which the functional type after them gives.
	Parse:         parseAllReduce,
	Print:         printAllReduce,
	Verify:        func(op *ir.Operation) error { return verifyReduceValue(op, false) },
	VerifyRegions: verifyAllReduceRegions,
	Fold:          foldAllReduce,
}

// Reduce is a typed view of gpu.all_reduce and gpu.subgroup_reduce.
type Reduce struct{ *ir.Operation }

// AsReduce returns op as a Reduce if it is gpu.all_reduce or gpu.subgroup_reduce.
func AsReduce(op *ir.Operation) (Reduce, bool) {
	if op == nil || op.Name() != "gpu.all_reduce" && op.Name() != "gpu.subgroup_reduce" {
		return Reduce{}, false
	}
	return Reduce{op}, true
}

// Kind returns the reduction kind (MLIR 16's max and min resolved by the
// value type); ok is false for an all_reduce given by its region.
func (r Reduce) Kind() (AllReduceOperation, bool) {
	k, ok := opEnum[AllReduceOperation](r.Operation, "op")
	if ok && r.NumOperands() > 0 {
		k = k.Resolve(r.Operand(0).Type())
	}
	return k, ok
}

// Uniform reports whether all threads execute the op in convergence.
func (r Reduce) Uniform() bool { return r.HasAttr("uniform") }

// Body returns the combining region of an all_reduce (empty with a kind).
func (r Reduce) Body() *ir.Region {
	if r.NumRegions() == 0 {
		return nil
	}
	return r.Region(0)
}

// ClusterSize returns the subgroup_reduce cluster size, if given.
func (r Reduce) ClusterSize() (int64, bool) {
	a, ok := r.Attr("cluster_size").(*ir.IntegerAttr)
	if !ok {
		return 0, false
	}
	return a.Int(), true
}

// ClusterStride returns the subgroup_reduce cluster stride (1 by default).
func (r Reduce) ClusterStride() int64 {
	if a, ok := r.Attr("cluster_stride").(*ir.IntegerAttr); ok {
		return a.Int()
	}
	return 1
}

// parseReduceKind reads an optional kind keyword into the `op` attribute,
// returning it to be resolved once the type is known.
func parseReduceKind(p *ir.OpParser, required bool) (AllReduceOperation, bool, error) {
	if p.IsOperand() && !required {
		return 0, false, nil
	}
	at := p.Pos()
	w, err := p.ParseKeywordAny()
	if err != nil {
		return 0, false, err
	}
	k, ok := lookupEnum[AllReduceOperation](w)
	if !ok {
		return 0, false, ir.Errorf(p.LocAt(at), "invalid op kind")
	}
	return k, true, nil
}

// finishReduce resolves the operand and the type, and stores the kind.
func finishReduce(p *ir.OpParser, st *ir.OpState, u ir.UnresolvedOperand, k AllReduceOperation, hasKind bool) error {
	at := p.Pos()
	if err := p.ParsePunct(":"); err != nil {
		return err
	}
	ft, err := p.ParseFunctionType()
	if err != nil {
		return err
	}
	if len(ft.Inputs) != 1 {
		return ir.Errorf(p.LocAt(at), "expected one operand type")
	}
	if hasKind {
		st.AddAttr("op", Enum(p.Context(), k.Resolve(ft.Inputs[0])))
	}
	st.ResultTypes = ft.Results
	return p.ResolveOperands([]ir.UnresolvedOperand{u}, ft.Inputs)
}

// custom<AllReduceOperation>($op) $value (`uniform`)? $body attr-dict `:` functional-type
func parseAllReduce(p *ir.OpParser, st *ir.OpState) error {
	k, hasKind, err := parseReduceKind(p, false)
	if err != nil {
		return err
	}
	u, err := p.ParseOperand()
	if err != nil {
		return err
	}
	if p.ParseOptionalKeyword("uniform") {
		st.AddAttr("uniform", p.Context().UnitAttr())
	}
	if err := p.ParseRegion(st.AddRegion(), nil); err != nil {
		return err
	}
	if err := p.ParseOptionalAttrDict(); err != nil {
		return err
	}
	return finishReduce(p, st, u, k, hasKind)
}

// printReduceHead writes `  kind %value( uniform)?` (the kind with its own
// leading space, as MLIR's enum printer writes it).
func printReduceHead(p *ir.OpPrinter, op *ir.Operation) {
	p.WriteByte(' ')
	// MLIR 16's max and min print resolved, so one round reaches a fixed point.
	if k, ok := (Reduce{op}).Kind(); ok {
		p.WriteString(" " + k.String())
	}
	p.WriteByte(' ')
	operandAt(p, op, 0)
	if op.HasAttr("uniform") {
		p.WriteString(" uniform")
	}
}

func printAllReduce(p *ir.OpPrinter, op *ir.Operation) {
	printReduceHead(p, op)
	p.WriteByte(' ')
	regionAt(p, op, true, true)
	var attrBuf [8]ir.NamedAttr
	p.OptionalAttrDict(sortedAttrs(op, attrBuf[:0]), "op", "uniform")
	p.WriteString(" : ")
	p.FunctionalType(op)
}

// verifyReduceValue checks the operand type: a signless integer or float,
// or (for subgroup_reduce) a 1-D vector of them.
func verifyReduceValue(op *ir.Operation, vectors bool) error {
	c := reduceScalar
	if vectors {
		c = reduceScalarOrVector
	}
	if err := arith.CheckOperand(op, 0, c); err != nil {
		return err
	}
	if a := op.Attr("op"); a != nil {
		if _, ok := a.(*AllReduceOpAttr); !ok {
			return op.Errorf("attribute 'op' failed to satisfy constraint: built-in reduction operations supported by gpu.allreduce.")
		}
	}
	return nil
}

// The value constraints of the reductions: all_reduce and shuffle take a
// scalar, subgroup_reduce also a 1-D vector.
var (
	reduceScalar         = arith.Constraint{Desc: "Integer or Float", OK: isIntOrFloat}
	reduceScalarOrVector = arith.Constraint{Desc: "Integer or Float or vector of Integer or Float values of ranks 1",
		OK: func(t ir.Type) bool {
			if vt, ok := t.(*ir.VectorType); ok && len(vt.Dims) == 1 {
				return isIntOrFloat(vt.Elem)
			}
			return isIntOrFloat(t)
		}}
)

func isIntOrFloat(t ir.Type) bool {
	if it, ok := t.(*ir.IntegerType); ok {
		return it.IsSignless()
	}
	return ir.IsFloat(t)
}

// verifyKind checks that the reduction kind suits the element type.
func verifyKind(op *ir.Operation) error {
	k, ok := Reduce{op}.Kind()
	if !ok {
		return nil
	}
	elem := ir.ElementTypeOrSelf(op.Operand(0).Type())
	bad := false
	switch k {
	case ReduceMinNumF, ReduceMaxNumF, ReduceMinimumF, ReduceMaximumF:
		bad = !ir.IsFloat(elem)
	case ReduceMinSI, ReduceMinUI, ReduceMaxSI, ReduceMaxUI, ReduceAnd, ReduceOr, ReduceXor:
		_, isInt := elem.(*ir.IntegerType)
		bad = !isInt
	}
	if bad {
		return op.EmitErrorf("`%s` reduction operation is not compatible with type '%s'", k, ir.TypeString(op.Operand(0).Type()))
	}
	return nil
}

func verifyAllReduceRegions(op *ir.Operation) error {
	body := op.Region(0)
	_, hasKind := opEnum[AllReduceOperation](op, "op")
	if body.Empty() != hasKind {
		return op.EmitErrorf("expected either an op attribute or a non-empty body")
	}
	if hasKind {
		return verifyKind(op)
	}
	t := op.Result(0).Type()
	if body.Entry().NumArgs() != 2 {
		return op.EmitErrorf("expected two region arguments")
	}
	for _, a := range body.Entry().Args() {
		if a.Type() != t {
			return op.EmitErrorf("incorrect region argument type")
		}
	}
	yields := 0
	for b := range body.Blocks() {
		y := b.Last()
		if y == nil || y.Name() != "gpu.yield" {
			continue
		}
		if y.NumOperands() != 1 {
			return op.EmitErrorf("expected one gpu.yield operand")
		}
		if y.Operand(0).Type() != t {
			return op.EmitErrorf("incorrect gpu.yield type")
		}
		yields++
	}
	if yields == 0 {
		return op.EmitErrorf("expected gpu.yield op in region")
	}
	return nil
}

// makeUniform sets `uniform` on a group op in the entry block of a
// gpu.launch, where all threads reach it (MLIR's canMakeGroupOpUniform).
func makeUniform(op *ir.Operation) bool {
	l, ok := AsLaunch(op.ParentOp())
	if op.HasAttr("uniform") || !ok || op.Block() != l.Body().Entry() {
		return false
	}
	op.SetAttr("uniform", op.Context().UnitAttr())
	return true
}

func foldAllReduce(op *ir.Operation, _ []ir.Attribute) ([]ir.FoldResult, bool) {
	return nil, makeUniform(op)
}

var subgroupReduceDef = &ir.OpDef{
	Name:     "gpu.subgroup_reduce",
	Summary:  "Reduces a value over the lanes of a subgroup, or of clusters of lanes.",
	Example:  "%0 = \"test.def\"() : () -> f32\n%1 = gpu.subgroup_reduce  add %0 uniform cluster(size = 4, stride = 2) : (f32) -> f32",
	Traits:   ir.SameOperandsAndResultType,
	Operands: ir.Exactly(1),
	Results:  ir.Exactly(1),
	Inherent: []string{"op", "uniform", "cluster_size", "cluster_stride"},
	// Hand-written for the same kind resolution as gpu.all_reduce.
	Parse:  parseSubgroupReduce,
	Print:  printSubgroupReduce,
	Verify: verifySubgroupReduce,
	Fold:   foldSubgroupReduce,
}

// kind $value (`uniform`)? (`cluster` `(` `size` `=` N (`,` `stride` `=` M)? `)`)? attr-dict `:` functional-type
func parseSubgroupReduce(p *ir.OpParser, st *ir.OpState) error {
	ctx := p.Context()
	k, _, err := parseReduceKind(p, true)
	if err != nil {
		return err
	}
	u, err := p.ParseOperand()
	if err != nil {
		return err
	}
	if p.ParseOptionalKeyword("uniform") {
		st.AddAttr("uniform", ctx.UnitAttr())
	}
	if p.ParseOptionalKeyword("cluster") {
		if err := p.ParsePunct("("); err != nil {
			return err
		}
		for i, kw := range []string{"size", "stride"} {
			if i > 0 && !p.ParseOptionalPunct(",") {
				break
			}
			if err := p.ParseKeyword(kw); err != nil {
				return err
			}
			if err := p.ParsePunct("="); err != nil {
				return err
			}
			v, err := p.ParseInteger()
			if err != nil {
				return err
			}
			st.AddAttr("cluster_"+kw, ctx.I32Attr(v))
		}
		if err := p.ParsePunct(")"); err != nil {
			return err
		}
	}
	if err := p.ParseOptionalAttrDict(); err != nil {
		return err
	}
	return finishReduce(p, st, u, k, true)
}

func printSubgroupReduce(p *ir.OpPrinter, op *ir.Operation) {
	r := Reduce{op}
	printReduceHead(p, op)
	if n, ok := r.ClusterSize(); ok {
		p.WriteString(" cluster(size = ")
		p.Int(n)
		if s := r.ClusterStride(); s != 1 {
			p.WriteString(", stride = ")
			p.Int(s)
		}
		p.WriteByte(')')
	}
	var attrBuf [8]ir.NamedAttr
	p.OptionalAttrDict(sortedAttrs(op, attrBuf[:0]), "op", "uniform", "cluster_size", "cluster_stride")
	p.WriteString(" : ")
	p.FunctionalType(op)
}

func verifySubgroupReduce(op *ir.Operation) error {
	if err := verifyReduceValue(op, true); err != nil {
		return err
	}
	if _, ok := opEnum[AllReduceOperation](op, "op"); !ok {
		return op.Errorf("requires attribute 'op'")
	}
	if vt, ok := op.Operand(0).Type().(*ir.VectorType); ok && vt.IsScalable() {
		return op.Errorf("is not compatible with scalable vector types")
	}
	if err := verifyKind(op); err != nil {
		return err
	}
	r := Reduce{op}
	size, hasSize := r.ClusterSize()
	if hasSize && !isPow2(size) {
		return op.Errorf("cluster size %d is not a power of two", uint32(size))
	}
	stride := r.ClusterStride()
	if stride != 1 && !hasSize {
		return op.Errorf("cluster stride can only be specified if cluster size is specified")
	}
	if !isPow2(stride) {
		return op.Errorf("cluster stride %d is not a power of two", uint32(stride))
	}
	return nil
}

func isPow2(v int64) bool { return uint32(v) != 0 && bits.OnesCount32(uint32(v)) == 1 }

func foldSubgroupReduce(op *ir.Operation, _ []ir.Attribute) ([]ir.FoldResult, bool) {
	if n, ok := (Reduce{op}).ClusterSize(); ok && n == 1 {
		return []ir.FoldResult{{Value: op.Operand(0)}}, true
	}
	return nil, makeUniform(op)
}

var yieldDef = &ir.OpDef{
	Name:     "gpu.yield",
	Summary:  "Returns values from a region of a gpu op (the combiner of gpu.all_reduce).",
	Example:  "%0 = \"test.def\"() : () -> f32\n%1 = gpu.all_reduce  %0 {\n^bb0(%arg0: f32, %arg1: f32):\n  gpu.yield %arg0 : f32\n} : (f32) -> f32",
	Traits:   ir.Terminator | ir.ReturnLike | ir.Pure,
	Operands: ir.Variadic,
	Format:   &ir.Format{Syntax: "attr-dict ($values^ `:` type($values))?", Operands: []string{"values*"}},
}

// barrierDef is gpu.barrier with MLIR's optional clauses: `named(%nb :
// !gpu.named_barrier)` waits at a named barrier rather than for the whole
// workgroup, `memfence [...]` names the address spaces whose accesses it
// must complete (all of them when absent, none for `[]`), `scope <s>` the
// work items that wait at it (the workgroup by default, elided when
// printed).
var barrierDef = &ir.OpDef{
	Name:     "gpu.barrier",
	Summary:  "Synchronizes the work items of a workgroup (or of another scope) and makes their memory accesses visible to each other.",
	Example:  "gpu.barrier memfence [#gpu.address_space<workgroup>] scope <subgroup>",
	Operands: ir.Between(0, 1),
	Inherent: []string{"address_spaces", "scope"},
	Format: &ir.Format{Syntax: "(`named` `(` $named_barrier^ `:` type($named_barrier) `)`)? (`memfence` $address_spaces^)? (`scope` $scope^)? attr-dict",
		Operands: []string{"named_barrier?"},
		Attrs: []ir.FormatAttr{
			{Name: "address_spaces", Constraint: isAddressSpaceArray, ConstraintDesc: "GPU Address Space array"},
			{Name: "scope", Default: func(ctx *ir.Context) ir.Attribute { return Enum(ctx, ScopeWorkgroup) },
				Parse: func(p *ir.Parser) (ir.Attribute, error) { return angledEnum[Scope](p) },
				Print: func(p *ir.Printer, a ir.Attribute) {
					if e, ok := a.(*ScopeAttr); ok {
						p.WriteString("<" + enumName(e.Value) + ">")
					} else {
						p.Attr(a) // unverified IR
					}
				}},
		}},
	Verify:       verifyBarrier,
	Canonicalize: []*ir.Pattern{eraseRedundantBarrier},
}

func isAddressSpaceArray(_ *ir.Context, a ir.Attribute) bool {
	arr, ok := a.(*ir.ArrayAttr)
	if !ok {
		return false
	}
	for _, e := range arr.Elems {
		if _, ok := e.(*AddressSpaceAttr); !ok {
			return false
		}
	}
	return true
}

// initializeNamedBarrierDef is gpu.initialize_named_barrier, which makes a
// named barrier that member_count subgroups wait at.
var initializeNamedBarrierDef = &ir.OpDef{
	Name:     "gpu.initialize_named_barrier",
	Summary:  "Creates a named barrier that the given number of subgroups wait at.",
	Example:  "%0 = \"test.def\"() : () -> i32\n%1 = gpu.initialize_named_barrier %0 : i32 -> !gpu.named_barrier",
	Operands: ir.Exactly(1),
	Results:  ir.Exactly(1),
	Format: &ir.Format{Syntax: "$member_count attr-dict `:` type($member_count) `->` type($result)",
		Operands: []string{"member_count"}, Results: []string{"result"}},
	Verify: func(op *ir.Operation) error {
		if err := arith.CheckOperands(op, i32Type); err != nil {
			return err
		}
		return arith.CheckResults(op, namedBarrierType)
	},
}

func verifyBarrier(op *ir.Operation) error {
	if err := arith.CheckOperands(op, namedBarrierType); err != nil {
		return err
	}
	if op.NumOperands() > 0 && BarrierScope(op) != ScopeWorkgroup {
		return op.Errorf("named barriers require workgroup scope")
	}
	if a := op.Attr("address_spaces"); a != nil && !isAddressSpaceArray(nil, a) {
		return op.Errorf("attribute 'address_spaces' failed to satisfy constraint: GPU Address Space array")
	}
	if a := op.Attr("scope"); a != nil {
		s, ok := a.(*ScopeAttr)
		if !ok {
			return op.Errorf("attribute 'scope' failed to satisfy constraint: GPU execution scope")
		}
		if s.Value == ScopeThread {
			return op.Errorf("thread-level scope is not meaningful for barriers")
		}
	}
	return nil
}

// BarrierScope returns the execution scope of a gpu.barrier: its scope
// attribute, the workgroup when it has none.
func BarrierScope(op *ir.Operation) Scope {
	if s, ok := opEnum[Scope](op, "scope"); ok {
		return s
	}
	return ScopeWorkgroup
}

// eraseRedundantBarrier merges a barrier into the next op when that is a
// barrier of the same scope (and neither is a named barrier): the pair waits as the second one does, and
// fences the union of their address spaces (all of them when either has no
// memfence list).
var eraseRedundantBarrier = &ir.Pattern{
	Name: "gpu-erase-redundant-barrier",
	Root: "gpu.barrier",
	Rewrite: func(op *ir.Operation, rw *ir.Rewriter) bool {
		next := op.NextOp()
		if next == nil || next.Name() != "gpu.barrier" || BarrierScope(next) != BarrierScope(op) ||
			op.NumOperands() > 0 || next.NumOperands() > 0 {
			return false
		}
		a, _ := op.Attr("address_spaces").(*ir.ArrayAttr)
		b, _ := next.Attr("address_spaces").(*ir.ArrayAttr)
		switch {
		case a == nil || b == nil:
			rw.ModifyInPlace(next, func() { next.RemoveAttr("address_spaces") })
		default:
			union := append([]ir.Attribute(nil), b.Elems...)
			for _, e := range a.Elems {
				if !slices.Contains(union, e) {
					union = append(union, e)
				}
			}
			if len(union) != len(b.Elems) {
				rw.ModifyInPlace(next, func() { next.SetAttr("address_spaces", op.Context().ArrayAttr(union...)) })
			}
		}
		rw.EraseOp(op)
		return true
	},
}
