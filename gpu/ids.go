package gpu

import (
	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/ir"
)

// Ops that read the launch configuration: ids and sizes along a dimension
// (`%0 = gpu.thread_id  x upper_bound 64`) and subgroup queries
// (`%0 = gpu.subgroup_size : index`). All are pure and return index.

func dimOp(name, summary, example string) *ir.OpDef {
	return &ir.OpDef{
		Name:     "gpu." + name,
		Summary:  summary,
		Example:  example,
		Traits:   ir.Pure,
		Results:  ir.Exactly(1),
		Inherent: []string{"dimension", "upper_bound"},
		Format: &ir.Format{Syntax: "$dimension (`upper_bound` $upper_bound^)? attr-dict", Results: []string{"result"},
			Attrs: []ir.FormatAttr{strippedEnumAttr[Dimension]("dimension"), upperBoundAttr}, Types: indexResult},
		Verify:      verifyDimOp,
		ResultNames: dimResultName,
	}
}

var (
	threadIDDef = dimOp("thread_id", "The thread id within its block along a dimension.", "%thread_id_x = gpu.thread_id  x")
	blockIDDef  = dimOp("block_id", "The block id within the grid along a dimension.", "%block_id_y = gpu.block_id  y upper_bound 64")
	blockDimDef = dimOp("block_dim", "The number of threads in a block along a dimension.", "%block_dim_z = gpu.block_dim  z")
	gridDimDef  = dimOp("grid_dim", "The number of blocks in the grid along a dimension.", "%grid_dim_x = gpu.grid_dim  x")
	globalIDDef = dimOp("global_id", "The thread id within the whole grid along a dimension.", "%global_id_x = gpu.global_id  x")

	clusterIDDef        = dimOp("cluster_id", "The cluster id within the grid along a dimension.", "%cluster_id_x = gpu.cluster_id  x")
	clusterDimDef       = dimOp("cluster_dim", "The number of clusters in the grid along a dimension.", "%cluster_dim_x = gpu.cluster_dim  x")
	clusterDimBlocksDef = dimOp("cluster_dim_blocks", "The number of blocks in a cluster along a dimension.", "%cluster_dim_blocks_y = gpu.cluster_dim_blocks  y")
	clusterBlockIDDef   = dimOp("cluster_block_id", "The block id within its cluster along a dimension.", "%cluster_block_id_z = gpu.cluster_block_id  z")
)

// DimOp is a typed view of the ops that take a dimension: thread_id,
// block_id, block_dim, grid_dim, global_id and the cluster ones.
type DimOp struct{ *ir.Operation }

// AsDimOp returns op as a DimOp if it is one of those ops.
func AsDimOp(op *ir.Operation) (DimOp, bool) {
	if op == nil || !isDimOpDef(op.Def()) {
		return DimOp{}, false
	}
	return DimOp{op}, true
}

func isDimOpDef(d *ir.OpDef) bool {
	switch d {
	case threadIDDef, blockIDDef, blockDimDef, gridDimDef, globalIDDef,
		clusterIDDef, clusterDimDef, clusterDimBlocksDef, clusterBlockIDDef:
		return true
	}
	return false
}

// Dimension returns x, y or z (ok is false on malformed IR).
func (d DimOp) Dimension() (Dimension, bool) { return opEnum[Dimension](d.Operation, "dimension") }

// UpperBound returns the optional upper_bound.
func (d DimOp) UpperBound() (int64, bool) { return upperBound(d.Operation) }

func upperBound(op *ir.Operation) (int64, bool) {
	if a, ok := op.Attr("upper_bound").(*ir.IntegerAttr); ok {
		return a.Int(), true
	}
	return 0, false
}

func dimResultName(op *ir.Operation, name func(*ir.Value, string)) {
	if d, ok := opEnum[Dimension](op, "dimension"); ok {
		name(op.Result(0), op.Name()[len("gpu."):]+"_"+d.String())
	}
}

// strippedEnumAttr is a format's enum attribute as MLIR's stripped enum
// printer writes it: with its own leading space after the element's
// (hence two: `gpu.thread_id  x`).
func strippedEnumAttr[K enumKind](name string) ir.FormatAttr { return keywordEnumAttr[K](name, " ") }

// keywordEnumAttr is a format's enum attribute spelled as a bare keyword,
// printed after lead.
func keywordEnumAttr[K enumKind](name, lead string) ir.FormatAttr {
	return ir.FormatAttr{Name: name,
		Parse: func(p *ir.Parser) (ir.Attribute, error) {
			v, err := parseEnumKeyword[K](p)
			return Enum(p.Context(), v), err
		},
		Print: func(p *ir.Printer, a ir.Attribute) {
			if e, ok := a.(*EnumAttr[K]); ok {
				p.WriteString(lead + enumName(e.Value))
			} else {
				p.Attr(a) // unverified IR
			}
		},
	}
}

var (
	upperBoundAttr = ir.FormatAttr{Name: "upper_bound", Type: func(ctx *ir.Context) ir.Type { return ctx.Index() }}
	indexResult    = map[string]func(*ir.Context) ir.Type{"result": func(ctx *ir.Context) ir.Type { return ctx.Index() }}
	i1, i32        = func(ctx *ir.Context) ir.Type { return ctx.I(1) }, func(ctx *ir.Context) ir.Type { return ctx.I(32) }
)

func verifyDimOp(op *ir.Operation) error {
	a := op.Attr("dimension")
	if a == nil {
		return op.Errorf("requires attribute 'dimension'")
	}
	if _, ok := a.(*DimensionAttr); !ok {
		return op.Errorf("attribute 'dimension' failed to satisfy constraint: a dimension, either 'x', 'y', or 'z'")
	}
	return verifyIndexResult(op)
}

// verifyIndexResult checks upper_bound and the index result.
func verifyIndexResult(op *ir.Operation) error {
	if ub := op.Attr("upper_bound"); ub != nil {
		if a, ok := ub.(*ir.IntegerAttr); !ok || a.Type() != op.Context().Index() {
			return op.Errorf("attribute 'upper_bound' failed to satisfy constraint: index attribute")
		}
	}
	return arith.CheckResult(op, 0, anyIndex)
}

func subgroupOp(name, summary, example string, typed bool) *ir.OpDef {
	f := &ir.Format{Syntax: "(`upper_bound` $upper_bound^)? attr-dict", Results: []string{"result"},
		Attrs: []ir.FormatAttr{upperBoundAttr}, Types: indexResult}
	if typed {
		f.Syntax += " `:` type($result)"
		f.Types = nil
	}
	return &ir.OpDef{
		Name:     "gpu." + name,
		Summary:  summary,
		Example:  example,
		Traits:   ir.Pure,
		Results:  ir.Exactly(1),
		Inherent: []string{"upper_bound"},
		Format:   f,
		Verify:   verifyIndexResult,
	}
}

var (
	laneIDDef        = subgroupOp("lane_id", "The lane id within the subgroup.", "%0 = gpu.lane_id upper_bound 32", false)
	subgroupIDDef    = subgroupOp("subgroup_id", "The subgroup id within the workgroup.", "%0 = gpu.subgroup_id : index", true)
	numSubgroupsDef  = subgroupOp("num_subgroups", "The number of subgroups in the workgroup.", "%0 = gpu.num_subgroups : index", true)
	subgroupSizeDef  = subgroupOp("subgroup_size", "The number of threads in a subgroup.", "%0 = gpu.subgroup_size upper_bound 64 : index", true)
	dynamicSharedDef = &ir.OpDef{
		Name:    "gpu.dynamic_shared_memory",
		Summary: "The memref of the workgroup memory sized at launch (dynamic_shared_memory_size).",
		Example: "gpu.module @m {\n  gpu.func @f() {\n    %0 = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>\n    gpu.return\n  }\n}",
		Traits:  ir.Pure,
		Results: ir.Exactly(1),
		Format:  &ir.Format{Syntax: "attr-dict `:` type($resultMemref)", Results: []string{"resultMemref"}},
		Verify:  verifyDynamicShared,
	}
)

// dynamicSharedMemRef is gpu.dynamic_shared_memory's result type.
var dynamicSharedMemRef = arith.Constraint{Desc: "1D memref of 8-bit signless integer values", OK: func(t ir.Type) bool {
	mt, ok := t.(*ir.MemRefType)
	return ok && len(mt.Dims) == 1 && isSignlessInt(mt.Elem, 8)
}}

func verifyDynamicShared(op *ir.Operation) error {
	if err := arith.CheckResults(op, dynamicSharedMemRef); err != nil {
		return err
	}
	mt := op.Result(0).Type().(*ir.MemRefType)
	inTable := false
	for a := op.ParentOp(); a != nil && !inTable; a = a.ParentOp() {
		inTable = a.HasTrait(ir.SymbolTable)
	}
	if !inTable {
		return op.Errorf("must be inside an op with symbol table")
	}
	if s, ok := MemorySpaceOf(mt); !ok || s != AddressSpaceWorkgroup {
		return op.Errorf("address space must be address_space<workgroup>")
	}
	if ir.HasStaticShape(mt) {
		return op.Errorf("result memref type must be memref<?xi8, #gpu.address_space<workgroup>>")
	}
	return nil
}
