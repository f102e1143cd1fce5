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

// SparseSpGEMMOpHandleType is !gpu.sparse.spgemmop_handle, an SpGEMM descriptor.
type SparseSpGEMMOpHandleType struct{ ir.Storage }

// SparseSpGEMMOpHandle returns the uniqued !gpu.sparse.spgemmop_handle type.
func SparseSpGEMMOpHandle(ctx *ir.Context) *SparseSpGEMMOpHandleType {
	return ir.UniqueKey(ctx, ir.NewKey("gpu.sparse.spgemmop_handle"), func() *SparseSpGEMMOpHandleType { return &SparseSpGEMMOpHandleType{} })
}

func (*SparseSpGEMMOpHandleType) Print(p *ir.Printer) { p.WriteString("!gpu.sparse.spgemmop_handle") }

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

// SpGEMMKind says whether gpu.spgemm_work_estimation_or_compute estimates
// the work or computes.
type SpGEMMKind int32

const (
	SpGEMMWorkEstimation SpGEMMKind = iota
	SpGEMMCompute
)

var spgemmKindSpec = &enumSpec{mnemonic: "spgemm_work_estimation_or_compute_kind", cppName: "::mlir::gpu::SpGEMMWorkEstimationOrComputeKind",
	names: []string{"WORK_ESTIMATION", "COMPUTE"}}

func (SpGEMMKind) spec() *enumSpec  { return spgemmKindSpec }
func (k SpGEMMKind) String() string { return enumName(k) }

// Prune2To4Flag is gpu.create_2to4_spmat's pruning strategy.
type Prune2To4Flag int32

const (
	PruneNone Prune2To4Flag = iota
	PruneOnly
	PruneAndCheck
)

var pruneSpec = &enumSpec{mnemonic: "prune_2to4_spmat_flag", cppName: "::mlir::gpu::Prune2To4SpMatFlag",
	names: []string{"NONE", "PRUNE_ONLY", "PRUNE_AND_CHECK"}}

func (Prune2To4Flag) spec() *enumSpec  { return pruneSpec }
func (f Prune2To4Flag) String() string { return enumName(f) }

// A sparse operand or result kind: what its name says it must be.
type sparseKind uint8

const (
	kIndex sparseKind = iota
	kMemRef
	kSpMat
	kDnTensor
	kSpGEMM
)

var sparseKinds = map[string]sparseKind{
	"rows": kIndex, "cols": kIndex, "nnz": kIndex, "dims": kIndex, "bufferSz": kIndex, "bufferSzs": kIndex, "bufferSzNew": kIndex,
	"brows": kIndex, "bcols": kIndex, "bnnz": kIndex, "rBlockSize": kIndex, "cBlockSize": kIndex,
	"rowIdxs": kMemRef, "colIdxs": kMemRef, "rowPos": kMemRef, "colPos": kMemRef, "idxs": kMemRef, "bRowPos": kMemRef, "bColIdxs": kMemRef,
	"positions": kMemRef, "coordinates": kMemRef, "values": kMemRef, "memref": kMemRef, "buffer": kMemRef, "buffers": kMemRef,
	"spmat": kSpMat, "spMat": kSpMat, "spmatA": kSpMat, "spmatB": kSpMat, "spmatC": kSpMat, "desc": kSpGEMM,
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
	case kSpGEMM:
		return spgemmHandle
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
	spgemmHandle = arith.Constraint{Desc: "SpGEMM operation handle type", OK: func(t ir.Type) bool {
		_, ok := t.(*SparseSpGEMMOpHandleType)
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
	case kSpGEMM:
		return SparseSpGEMMOpHandle(ctx)
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
		fa := keywordEnumAttr[TransposeMode](m, "")
		fa.Default = func(ctx *ir.Context) ir.Attribute { return Enum(ctx, NonTranspose) }
		d.Format.Attrs = append(d.Format.Attrs, fa)
	}
	if strings.Contains(syntax, "$computeType") {
		d.Inherent = append(d.Inherent, "computeType")
		d.Format.Attrs = append(d.Format.Attrs, ir.FormatAttr{Name: "computeType"})
	}
	d.Verify = func(op *ir.Operation) error { return verifySparse(op, operands, results, modes) }
	if len(results) > 0 {
		names := make([]string, len(results))
		for i, r := range results {
			names[i] = strings.TrimSuffix(r, "*")
		}
		d.ResultNames = asyncResultNames(false, names...)
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

// withEnumAttr adds the required enum attribute name, spelled as a bare
// keyword in the op's format (`{` $kind `}`), to d; desc is the enum's
// summary for the constraint message.
func withEnumAttr[K enumKind](d *ir.OpDef, name, desc string) *ir.OpDef {
	d.Inherent = append(d.Inherent, name)
	d.Format.Attrs = append(d.Format.Attrs, keywordEnumAttr[K](name, ""))
	verify := d.Verify
	d.Verify = func(op *ir.Operation) error {
		if err := verify(op); err != nil {
			return err
		}
		switch op.Attr(name).(type) {
		case nil:
			return op.Errorf("requires attribute '%s'", name)
		case *EnumAttr[K]:
			return nil
		}
		return op.Errorf("attribute '%s' failed to satisfy constraint: %s", name, desc)
	}
	return d
}

var (
	createCooAoSDef = sparseOp("create_coo_aos", "Creates a sparse matrix handle in COO format from one index buffer (AoS).",
		"%0:4 = \"test.defs\"() : () -> (!gpu.async.token, index, memref<?xindex>, memref<?xf64>)\n%spmat, %asyncToken = gpu.create_coo_aos async [%0#0] %0#1, %0#1, %0#1, %0#2, %0#3 : memref<?xindex>, memref<?xf64>",
		"$rows `,` $cols `,` $nnz `,` $idxs `,` $values attr-dict `:` type($idxs) `,` type($values)",
		[]string{"rows", "cols", "nnz", "idxs", "values"}, []string{"spmat"})
	createCscDef = sparseOp("create_csc", "Creates a sparse matrix handle in CSC format.",
		"%0:5 = \"test.defs\"() : () -> (!gpu.async.token, index, memref<?xindex>, memref<?xindex>, memref<?xf64>)\n%spmat, %asyncToken = gpu.create_csc async [%0#0] %0#1, %0#1, %0#1, %0#2, %0#3, %0#4 : memref<?xindex>, memref<?xindex>, memref<?xf64>",
		"$rows `,` $cols `,` $nnz `,` $colPos `,` $rowIdxs `,` $values attr-dict `:` type($colPos) `,` type($rowIdxs) `,` type($values)",
		[]string{"rows", "cols", "nnz", "colPos", "rowIdxs", "values"}, []string{"spmat"})
	createBsrDef = sparseOp("create_bsr", "Creates a sparse matrix handle in BSR format (square blocks).",
		"%0:5 = \"test.defs\"() : () -> (!gpu.async.token, index, memref<?xindex>, memref<?xindex>, memref<?xf64>)\n%spmat, %asyncToken = gpu.create_bsr async [%0#0] %0#1, %0#1, %0#1, %0#1, %0#1, %0#2, %0#3, %0#4 : memref<?xindex>, memref<?xindex>, memref<?xf64>",
		"$brows `,` $bcols `,` $bnnz `,` $rBlockSize `,` $cBlockSize `,` $bRowPos `,` $bColIdxs `,` $values attr-dict `:` type($bRowPos) `,` type($bColIdxs) `,` type($values)",
		[]string{"brows", "bcols", "bnnz", "rBlockSize", "cBlockSize", "bRowPos", "bColIdxs", "values"}, []string{"spmat"})
	create2To4SpMatDef = withEnumAttr[Prune2To4Flag](sparseOp("create_2to4_spmat", "Creates a sparse matrix handle with 2:4 sparsity from a dense matrix.",
		"%0:3 = \"test.defs\"() : () -> (!gpu.async.token, index, memref<?xf64>)\n%spMat, %asyncToken = gpu.create_2to4_spmat async [%0#0]{PRUNE_AND_CHECK} %0#1, %0#1, %0#2 : memref<?xf64>",
		"`{` $pruneFlag `}` $rows `,` $cols `,` $memref attr-dict `:` type($memref)",
		[]string{"rows", "cols", "memref"}, []string{"spMat"}), "pruneFlag", "pruning strategy for 2:4 sparse matrix")
	spgemmCreateDescrDef = sparseOp("spgemm_create_descr", "Creates an SpGEMM descriptor.",
		"%0 = \"test.def\"() : () -> !gpu.async.token\n%desc, %asyncToken = gpu.spgemm_create_descr async [%0]",
		"attr-dict", nil, []string{"desc"})
	spgemmDestroyDescrDef = sparseOp("spgemm_destroy_descr", "Destroys an SpGEMM descriptor.",
		"%0:2 = \"test.defs\"() : () -> (!gpu.async.token, !gpu.sparse.spgemmop_handle)\n%1 = gpu.spgemm_destroy_descr async [%0#0] %0#1",
		"$desc attr-dict", []string{"desc"}, nil)
	spgemmWorkEstimationOrComputeDef = withEnumAttr[SpGEMMKind](sparseOp("spgemm_work_estimation_or_compute", "SpGEMM work estimation or computation.",
		"%0:5 = \"test.defs\"() : () -> (!gpu.async.token, !gpu.sparse.spmat_handle, !gpu.sparse.spgemmop_handle, index, memref<0xi8>)\n%bufferSzNew, %asyncToken = gpu.spgemm_work_estimation_or_compute async [%0#0]{COMPUTE} %0#1, %0#1, %0#1, %0#2, %0#3, %0#4 : f32 into memref<0xi8>",
		"`{` $kind `}` $spmatA (`{` $modeA^ `}`)? `,` $spmatB (`{` $modeB^ `}`)? `,` $spmatC `,` $desc `,` $bufferSz `,` $buffer attr-dict `:` $computeType `into` type($buffer)",
		[]string{"desc", "spmatA", "spmatB", "spmatC", "bufferSz", "buffer"}, []string{"bufferSzNew"}, "modeA", "modeB"),
		"kind", "choose whether spgemm_work_estimation_or_compute does work estimation or compute")
	spgemmCopyDef = sparseOp("spgemm_copy", "Copies the sparse matrix result of an SpGEMM.",
		"%0:3 = \"test.defs\"() : () -> (!gpu.async.token, !gpu.sparse.spmat_handle, !gpu.sparse.spgemmop_handle)\n%1 = gpu.spgemm_copy async [%0#0] %0#1, %0#1, %0#1, %0#2 : f32",
		"$spmatA (`{` $modeA^ `}`)? `,` $spmatB (`{` $modeB^ `}`)? `,` $spmatC `,` $desc attr-dict `:` $computeType",
		[]string{"desc", "spmatA", "spmatB", "spmatC"}, nil, "modeA", "modeB")
	spmatGetSizeDef = sparseOp("spmat_get_size", "Returns the rows, columns and non-zeros of a sparse matrix.",
		"%0:2 = \"test.defs\"() : () -> (!gpu.async.token, !gpu.sparse.spmat_handle)\n%rows, %cols, %nnz, %asyncToken = gpu.spmat_get_size async [%0#0] %0#1",
		"$spmat attr-dict", []string{"spmat"}, []string{"rows", "cols", "nnz"})
	setCsrPointersDef = sparseOp("set_csr_pointers", "Sets the device buffers of a CSR sparse matrix handle.",
		"%0:3 = \"test.defs\"() : () -> (!gpu.async.token, !gpu.sparse.spmat_handle, memref<?xindex>)\n%1 = gpu.set_csr_pointers async [%0#0] %0#1, %0#2, %0#2, %0#2 : memref<?xindex>, memref<?xindex>, memref<?xindex>",
		"$spmat `,` $positions `,` $coordinates `,` $values attr-dict `:` type($positions) `,` type($coordinates) `,` type($values)",
		[]string{"spmat", "positions", "coordinates", "values"}, nil)
)
