package gpu

import (
	"github.com/kiln-gpu/kiln/arith/intrange"
	"github.com/kiln-gpu/kiln/ir"
)

// The ops' integer range rules (MLIR's InferIntRangeInterfaceImpls.cpp for
// gpu): ids and sizes are bounded by the sizes known around the op (the
// enclosing gpu.launch's constant operands, the function's
// known_block_size and known_grid_size), by upper_bound, and otherwise by
// the limits of every GPU.

const (
	maxDim          = 1<<32 - 1 // grid and block sizes fit 32 bits
	maxClusterDim   = 16
	maxSubgroupSize = 128
)

type dimKind int

const (
	blockKind dimKind = iota
	gridKind
	clusterKind
)

func indexRange(lo, hi uint64) intrange.Range { return intrange.FromUnsigned(64, lo, hi) }

// knownSizeAround is MLIR's getKnownDimensionSizeAround.
func knownSizeAround(op *ir.Operation, kind dimKind, dim Dimension) (uint64, bool) {
	if l, ok := AsLaunch(op.ParentOfName("gpu.launch")); ok {
		var sizes [3]*ir.Value
		switch kind {
		case blockKind:
			sizes = l.BlockSize()
		case gridKind:
			sizes = l.GridSize()
		case clusterKind:
			sizes, _ = l.ClusterSize()
		}
		if v := sizes[dim]; v != nil {
			if c, ok := ir.ConstantIntAttr(v); ok {
				return c.Uint(), true
			}
		}
	}
	names := [...]string{blockKind: "known_block_size", gridKind: "known_grid_size", clusterKind: "known_cluster_size"}
	if f := op.ParentOfName("gpu.func"); f != nil {
		if n, ok := knownAttr(f, names[kind], dim); ok {
			return n, true
		}
	}
	for p := op.ParentOp(); p != nil; p = p.ParentOp() {
		if p.Name() == "gpu.func" || p.Name() == "func.func" {
			return knownAttr(p, "gpu."+names[kind], dim)
		}
	}
	return 0, false
}

func knownAttr(op *ir.Operation, name string, dim Dimension) (uint64, bool) {
	if a, ok := op.Attr(name).(*ir.DenseArrayAttr); ok && int(dim) < len(a.Ints) {
		return uint64(uint32(a.Ints[dim])), true
	}
	return 0, false
}

// bounded is the range [lo, max-sub] with max the op's upper_bound if it
// has one, else dflt.
func bounded(op *ir.Operation, lo, dflt, sub uint64) intrange.Range {
	m := dflt
	if u, ok := upperBound(op); ok {
		m = uint64(u)
	}
	return indexRange(lo, m-sub)
}

func dimHook(rule func(op *ir.Operation, dim Dimension) intrange.Range) intrange.Hook {
	return intrange.Infer(func(op *ir.Operation, _ []intrange.Range) intrange.Range {
		d, _ := opEnum[Dimension](op, "dimension")
		return rule(op, d)
	})
}

// sizeRule is block_dim's and grid_dim's: the known size, else [1, bound].
func sizeRule(kind dimKind) func(op *ir.Operation, d Dimension) intrange.Range {
	return func(op *ir.Operation, d Dimension) intrange.Range {
		if n, ok := knownSizeAround(op, kind, d); ok {
			return indexRange(n, n)
		}
		return bounded(op, 1, maxDim, 0)
	}
}

// idRule is thread_id's and block_id's: [0, size-1] for the known size,
// upper_bound overriding it.
func idRule(kind dimKind, dflt uint64) func(op *ir.Operation, d Dimension) intrange.Range {
	return func(op *ir.Operation, d Dimension) intrange.Range {
		m := dflt
		if n, ok := knownSizeAround(op, kind, d); ok {
			m = n
		}
		return bounded(op, 0, m, 1)
	}
}

func init() {
	blockDimDef.InferIntRanges = dimHook(sizeRule(blockKind))
	gridDimDef.InferIntRanges = dimHook(sizeRule(gridKind))
	threadIDDef.InferIntRanges = dimHook(idRule(blockKind, maxDim))
	blockIDDef.InferIntRanges = dimHook(idRule(gridKind, maxDim))
	clusterBlockIDDef.InferIntRanges = dimHook(idRule(clusterKind, maxClusterDim))
	clusterIDDef.InferIntRanges = dimHook(func(op *ir.Operation, _ Dimension) intrange.Range {
		return bounded(op, 0, maxDim, 1)
	})
	clusterDimDef.InferIntRanges = dimHook(func(op *ir.Operation, _ Dimension) intrange.Range {
		return bounded(op, 1, maxDim, 0)
	})
	clusterDimBlocksDef.InferIntRanges = dimHook(func(op *ir.Operation, d Dimension) intrange.Range {
		if n, ok := knownSizeAround(op, clusterKind, d); ok {
			return indexRange(n, n)
		}
		return bounded(op, 1, maxClusterDim, 0)
	})
	globalIDDef.InferIntRanges = dimHook(func(op *ir.Operation, d Dimension) intrange.Range {
		if u, ok := upperBound(op); ok {
			return indexRange(0, uint64(u)-1)
		}
		b, ok := knownSizeAround(op, blockKind, d)
		if !ok {
			b = maxDim
		}
		g, ok := knownSizeAround(op, gridKind, d)
		if !ok {
			g = maxDim
		}
		return indexRange(0, b*g-1)
	})
	fixed := func(lo, dflt, sub uint64) intrange.Hook {
		return intrange.Infer(func(op *ir.Operation, _ []intrange.Range) intrange.Range { return bounded(op, lo, dflt, sub) })
	}
	laneIDDef.InferIntRanges = fixed(0, maxSubgroupSize, 1)
	subgroupIDDef.InferIntRanges = fixed(0, maxDim, 1)
	numSubgroupsDef.InferIntRanges = fixed(1, maxDim, 0)
	subgroupSizeDef.InferIntRanges = fixed(1, maxSubgroupSize, 0)
	launchDef.InferIntRanges = inferLaunch
}

// inferLaunch gives gpu.launch's body arguments their ranges: each size
// its operand's range within [1, 2^32-1], each id [0, size-1].
func inferLaunch(op *ir.Operation, args []intrange.Range, set func(*ir.Value, intrange.Range)) {
	l, _ := AsLaunch(op)
	args = args[len(l.AsyncDependencies()):]
	ids := [2][3]*ir.Value{l.BlockIDs(), l.ThreadIDs()}
	sizes := [2][3]*ir.Value{l.GridSizeArgs(), l.BlockSizeArgs()}
	for i := range 6 {
		if i >= len(args) || args[i].Width != 64 {
			continue
		}
		size, id := sizes[i/3][i%3], ids[i/3][i%3]
		if size == nil || id == nil {
			continue
		}
		r := intrange.Intersection(args[i], indexRange(1, maxDim))
		set(size, r)
		set(id, indexRange(0, r.UMax.Lo-1))
	}
}
