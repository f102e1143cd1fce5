package gpu

import (
	"slices"
	"strings"

	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/ir"
)

// The sparse ops (MLIR's cuSPARSE-style host API): handles to sparse
// matrices and dense tensors are created from memrefs, used by
// SpMV/SpMM/SDDMM and their buffer-size queries, and destroyed. Each
// takes async dependencies and may return a token. Kiln parses, verifies
// and prints them with MLIR's formats; it does not lower or run them.

// SparseSpMatHandleType is !gpu.sparse.spmat_handle.
type SparseSpMatHandleType struct{ ir.Storage }

// SparseSpMatHandle returns the uniqued !gpu.sparse.spmat_handle type.
func SparseSpMatHandle(ctx *ir.Context) *SparseSpMatHandleType {
	return ir.UniqueKey(ctx, ir.NewKey("gpu.sparse.spmat_handle"), func() *SparseSpMatHandleType { return &SparseSpMatHandleType{} })
}

func (*SparseSpMatHandleType) Print(p *ir.Printer) { p.WriteString("!gpu.sparse.spmat_handle") }

// SparseDnTensorHandleType is !gpu.sparse.dntensor_handle.
type SparseDnTensorHandleType struct{ ir.Storage }

// SparseDnTensorHandle returns the uniqued !gpu.sparse.dntensor_handle type.
func SparseDnTensorHandle(ctx *ir.Context) *SparseDnTensorHandleType {
	return ir.UniqueKey(ctx, ir.NewKey("gpu.sparse.dntensor_handle"), func() *SparseDnTensorHandleType { return &SparseDnTensorHandleType{} })
}

func (*SparseDnTensorHandleType) Print(p *ir.Printer) { p.WriteString("!gpu.sparse.dntensor_handle") }

// TransposeMode says how a sparse op reads a matrix operand.
type TransposeMode int32

const (
	NonTranspose TransposeMode = iota
	Transpose
	ConjugateTranspose
)

var transposeSpec = &enumSpec{mnemonic: "mat_transpose_mode", cppName: "::mlir::gpu::TransposeMode",
	names: []string{"NON_TRANSPOSE", "TRANSPOSE", "CONJUGATE_TRANSPOSE"}}

func (TransposeMode) spec() *enumSpec  { return transposeSpec }
func (m TransposeMode) String() string { return enumName(m) }

// TransposeModeAttr is #gpu<mat_transpose_mode TRANSPOSE>.
type TransposeModeAttr = EnumAttr[TransposeMode]

// A sparse operand or result kind: what its name says it must be.
type sparseKind uint8

const (
	kIndex sparseKind = iota
	kMemRef
	kSpMat
	kDnTensor
)

var sparseKinds = map[string]sparseKind{
	"rows": kIndex, "cols": kIndex, "nnz": kIndex, "dims": kIndex, "bufferSz": kIndex, "bufferSzs": kIndex,
	"rowIdxs": kMemRef, "colIdxs": kMemRef, "rowPos": kMemRef, "values": kMemRef, "memref": kMemRef, "buffer": kMemRef, "buffers": kMemRef,
	"spmat": kSpMat, "spmatA": kSpMat, "spmatC": kSpMat,
	"dnTensor": kDnTensor, "dnX": kDnTensor, "dnY": kDnTensor, "dnmatA": kDnTensor, "dnmatB": kDnTensor, "dnmatC": kDnTensor,
}

// constraint is the type constraint of an operand or result of kind k.
func (k sparseKind) constraint() arith.Constraint {
	switch k {
	case kIndex:
		return anyIndex
	case kMemRef:
		return rankedMemRef
	case kSpMat:
		return spMatHandle
	}
	return dnTensorHandle
}

var (
	spMatHandle = arith.Constraint{Desc: "sparse matrix handle type", OK: func(t ir.Type) bool {
		_, ok := t.(*SparseSpMatHandleType)
		return ok
	}}
	dnTensorHandle = arith.Constraint{Desc: "dense tensor handle type", OK: func(t ir.Type) bool {
		_, ok := t.(*SparseDnTensorHandleType)
		return ok
	}}
)

func (k sparseKind) build(ctx *ir.Context) ir.Type {
	switch k {
	case kIndex:
		return ctx.Index()
	case kSpMat:
		return SparseSpMatHandle(ctx)
	case kDnTensor:
		return SparseDnTensorHandle(ctx)
	}
	return nil
}

// sparseOp defines gpu.<name> with the format `custom<AsyncDependencies>
// syntax`. operands and results follow the dependencies and precede the
// optional token; a trailing "*" marks a variadic one. modes are the
// transpose-mode attributes the syntax shows; computeType is an inherent
// type attribute when the syntax names it.
func sparseOp(name, summary, example, syntax string, operands, results []string, modes ...string) *ir.OpDef {
	ops := append([]string{"asyncDependencies*"}, operands...)
	res := append(append([]string{}, results...), "asyncToken?")
	types := map[string]func(*ir.Context) ir.Type{"asyncDependencies": func(ctx *ir.Context) ir.Type { return AsyncToken(ctx) }}
	for _, n := range append(append([]string{}, operands...), results...) {
		name := strings.TrimSuffix(n, "*")
		if k := sparseKinds[name]; k != kMemRef {
			types[name] = k.build
		}
	}
	d := &ir.OpDef{
		Name:     "gpu." + name,
		Summary:  summary,
		Example:  example,
		Operands: ir.Variadic,
		Results:  ir.Variadic,
		Format: &ir.Format{
			Syntax:   "custom<AsyncDependencies>(type($asyncToken), $asyncDependencies) " + syntax,
			Operands: ops,
			Results:  res,
			Types:    types,
			Custom:   map[string]ir.CustomDirective{"AsyncDependencies": asyncDependenciesDirective},
		},
	}
	isVariadic := func(n string) bool { return strings.HasSuffix(n, "*") }
	if slices.ContainsFunc(operands, isVariadic) {
		d.Traits |= ir.AttrSizedOperandSegments
	}
	if slices.ContainsFunc(results, isVariadic) {
		d.Traits |= ir.AttrSizedResultSegments
	}
	for _, m := range modes {
		d.Inherent = append(d.Inherent, m)
		d.Format.Attrs = append(d.Format.Attrs, ir.FormatAttr{Name: m,
			Parse: func(p *ir.Parser) (ir.Attribute, error) {
				v, err := parseEnumKeyword[TransposeMode](p)
				return Enum(p.Context(), v), err
			},
			Print: func(p *ir.Printer, a ir.Attribute) {
				if m, ok := a.(*TransposeModeAttr); ok {
					p.WriteString(enumName(m.Value))
				} else {
					p.Attr(a) // unverified IR
				}
			},
			Default: func(ctx *ir.Context) ir.Attribute { return Enum(ctx, NonTranspose) },
		})
	}
	if strings.Contains(syntax, "$computeType") {
		d.Inherent = append(d.Inherent, "computeType")
		d.Format.Attrs = append(d.Format.Attrs, ir.FormatAttr{Name: "computeType"})
	}
	d.Verify = func(op *ir.Operation) error { return verifySparse(op, operands, results, modes) }
	if len(results) > 0 {
		d.ResultNames = asyncResultNames(false, strings.TrimSuffix(results[0], "*"))
	}
	return d
}

// verifySparse checks what ODS would: operand and result kinds, the
// modes' and computeType's attribute kinds. Without segment sizes the
// dependencies are the operands before the fixed ones.
func verifySparse(op *ir.Operation, operands, results, modes []string) error {
	var groups [][]*ir.Value // dependencies, then one group per operand name
	if op.Def().Traits&ir.AttrSizedOperandSegments != 0 {
		if len(ir.OperandSegmentSizes(op)) != len(operands)+1 {
			return op.Errorf("'operandSegmentSizes' attribute for specifying operand segments must have %d elements, but got %d", len(operands)+1, len(ir.OperandSegmentSizes(op)))
		}
		for i := range len(operands) + 1 {
			groups = append(groups, ir.OperandSegment(op, i))
		}
	} else {
		nDeps := op.NumOperands() - len(operands)
		if nDeps < 0 {
			return op.Errorf("expected %d or more operands, but found %d", len(operands), op.NumOperands())
		}
		groups = append(groups, op.Operands()[:nDeps])
		for i := range operands {
			groups = append(groups, op.Operands()[nDeps+i:nDeps+i+1])
		}
	}
	if err := verifyAsyncOperands(op, groups[0]); err != nil {
		return err
	}
	index := len(groups[0])
	for i, n := range operands {
		c := sparseKinds[strings.TrimSuffix(n, "*")].constraint()
		for range groups[i+1] {
			if err := arith.CheckOperand(op, index, c); err != nil {
				return err
			}
			index++
		}
	}
	rs := op.Results()
	if len(rs) < len(results) {
		return op.Errorf("expected %d or more results, but found %d", len(results), len(rs))
	}
	for i, r := range rs {
		last := i == len(rs)-1 && i >= len(results)
		if _, ok := r.Type().(*AsyncTokenType); last && ok {
			break
		}
		if len(results) == 0 || i >= len(results) && !strings.HasSuffix(results[len(results)-1], "*") {
			// Past the declared results only the trailing token may follow.
			return op.Errorf("result #%d must be async token type, but got '%s'", i, ir.TypeString(r.Type()))
		}
		n := results[min(i, len(results)-1)]
		if err := arith.CheckResult(op, i, sparseKinds[strings.TrimSuffix(n, "*")].constraint()); err != nil {
			return err
		}
	}
	for _, m := range modes {
		if _, ok := op.Attr(m).(*TransposeModeAttr); !ok && op.Attr(m) != nil {
			return op.Errorf("attribute '%s' failed to satisfy constraint: transpose mode of sparse matrix that is supported by sparse tensor", m)
		}
	}
	if slices.Contains(op.Def().Inherent, "computeType") {
		if _, ok := op.Attr("computeType").(*ir.TypeAttr); !ok {
			return op.Errorf("requires attribute 'computeType'")
		}
	}
	return nil
}

var (
	createDnTensorDef = sparseOp("create_dn_tensor", "Creates a dense tensor handle over a memref.",
		"%0:4 = \"test.defs\"() : () -> (!gpu.async.token, memref<?xf64>, index, index)\n%dnTensor, %asyncToken = gpu.create_dn_tensor async [%0#0] %0#1, %0#2, %0#3 : index, index into memref<?xf64>",
		"$memref `,` $dims attr-dict `:` type($dims) `into` type($memref)", []string{"memref", "dims*"}, []string{"dnTensor"})
	destroyDnTensorDef = sparseOp("destroy_dn_tensor", "Destroys a dense tensor handle.",
		"%0:2 = \"test.defs\"() : () -> (!gpu.async.token, !gpu.sparse.dntensor_handle)\n%1 = gpu.destroy_dn_tensor async [%0#0] %0#1",
		"$dnTensor attr-dict", []string{"dnTensor"}, nil)
	createCooDef = sparseOp("create_coo", "Creates a sparse matrix handle in COO format.",
		"%0:5 = \"test.defs\"() : () -> (!gpu.async.token, index, memref<?xindex>, memref<?xindex>, memref<?xf64>)\n%spmat, %asyncToken = gpu.create_coo async [%0#0] %0#1, %0#1, %0#1, %0#2, %0#3, %0#4 : memref<?xindex>, memref<?xindex>, memref<?xf64>",
		"$rows `,` $cols `,` $nnz `,` $rowIdxs `,` $colIdxs `,` $values attr-dict `:` type($rowIdxs) `,` type($colIdxs) `,` type($values)",
		[]string{"rows", "cols", "nnz", "rowIdxs", "colIdxs", "values"}, []string{"spmat"})
	createCsrDef = sparseOp("create_csr", "Creates a sparse matrix handle in CSR format.",
		"%0:5 = \"test.defs\"() : () -> (!gpu.async.token, index, memref<?xindex>, memref<?xindex>, memref<?xf64>)\n%spmat, %asyncToken = gpu.create_csr async [%0#0] %0#1, %0#1, %0#1, %0#2, %0#3, %0#4 : memref<?xindex>, memref<?xindex>, memref<?xf64>",
		"$rows `,` $cols `,` $nnz `,` $rowPos `,` $colIdxs `,` $values attr-dict `:` type($rowPos) `,` type($colIdxs) `,` type($values)",
		[]string{"rows", "cols", "nnz", "rowPos", "colIdxs", "values"}, []string{"spmat"})
	destroySpMatDef = sparseOp("destroy_sp_mat", "Destroys a sparse matrix handle.",
		"%0:2 = \"test.defs\"() : () -> (!gpu.async.token, !gpu.sparse.spmat_handle)\n%1 = gpu.destroy_sp_mat async [%0#0] %0#1",
		"$spmat attr-dict", []string{"spmat"}, nil)
	spmvBufferSizeDef = sparseOp("spmv_buffer_size", "Returns the buffer size SpMV needs.",
		"%0:3 = \"test.defs\"() : () -> (!gpu.async.token, !gpu.sparse.spmat_handle, !gpu.sparse.dntensor_handle)\n%bufferSz, %asyncToken = gpu.spmv_buffer_size async [%0#0] %0#1{TRANSPOSE}, %0#2, %0#2 into f64",
		"$spmatA (`{` $modeA^ `}`)? `,` $dnX `,` $dnY attr-dict `into` $computeType",
		[]string{"spmatA", "dnX", "dnY"}, []string{"bufferSz"}, "modeA")
	spmvDef = sparseOp("spmv", "Sparse matrix times dense vector.",
		"%0:4 = \"test.defs\"() : () -> (!gpu.async.token, !gpu.sparse.spmat_handle, !gpu.sparse.dntensor_handle, memref<?xf64>)\n%1 = gpu.spmv async [%0#0] %0#1, %0#2, %0#2, %0#3 : memref<?xf64> into f64",
		"$spmatA (`{` $modeA^ `}`)? `,` $dnX `,` $dnY `,` $buffer attr-dict `:` type($buffer) `into` $computeType",
		[]string{"spmatA", "dnX", "dnY", "buffer"}, nil, "modeA")
	spmmBufferSizeDef = sparseOp("spmm_buffer_size", "Returns the buffer sizes SpMM needs.",
		"%0:3 = \"test.defs\"() : () -> (!gpu.async.token, !gpu.sparse.spmat_handle, !gpu.sparse.dntensor_handle)\n%bufferSzs, %asyncToken = gpu.spmm_buffer_size async [%0#0] %0#1, %0#2{TRANSPOSE}, %0#2 : index into f64",
		"$spmatA (`{` $modeA^ `}`)? `,` $dnmatB (`{` $modeB^ `}`)? `,` $dnmatC attr-dict `:` type($bufferSzs) `into` $computeType",
		[]string{"spmatA", "dnmatB", "dnmatC"}, []string{"bufferSzs*"}, "modeA", "modeB")
	spmmDef = sparseOp("spmm", "Sparse matrix times dense matrix.",
		"%0:4 = \"test.defs\"() : () -> (!gpu.async.token, !gpu.sparse.spmat_handle, !gpu.sparse.dntensor_handle, memref<?xf64>)\n%1 = gpu.spmm async [%0#0] %0#1, %0#2, %0#2, %0#3 : memref<?xf64> into f64",
		"$spmatA (`{` $modeA^ `}`)? `,` $dnmatB (`{` $modeB^ `}`)? `,` $dnmatC `,` $buffers attr-dict `:` type($buffers) `into` $computeType",
		[]string{"spmatA", "dnmatB", "dnmatC", "buffers*"}, nil, "modeA", "modeB")
	sddmmBufferSizeDef = sparseOp("sddmm_buffer_size", "Returns the buffer size SDDMM needs.",
		"%0:3 = \"test.defs\"() : () -> (!gpu.async.token, !gpu.sparse.dntensor_handle, !gpu.sparse.spmat_handle)\n%bufferSz, %asyncToken = gpu.sddmm_buffer_size async [%0#0] %0#1, %0#1, %0#2 into f64",
		"$dnmatA (`{` $modeA^ `}`)? `,` $dnmatB (`{` $modeB^ `}`)? `,` $spmatC attr-dict `into` $computeType",
		[]string{"dnmatA", "dnmatB", "spmatC"}, []string{"bufferSz"}, "modeA", "modeB")
	sddmmDef = sparseOp("sddmm", "Sampled dense-dense matrix multiplication.",
		"%0:4 = \"test.defs\"() : () -> (!gpu.async.token, !gpu.sparse.dntensor_handle, !gpu.sparse.spmat_handle, memref<?xf64>)\n%1 = gpu.sddmm async [%0#0] %0#1, %0#1, %0#2, %0#3 : memref<?xf64> into f64",
		"$dnmatA (`{` $modeA^ `}`)? `,` $dnmatB (`{` $modeB^ `}`)? `,` $spmatC `,` $buffer attr-dict `:` type($buffer) `into` $computeType",
		[]string{"dnmatA", "dnmatB", "spmatC", "buffer"}, nil, "modeA", "modeB")
)
