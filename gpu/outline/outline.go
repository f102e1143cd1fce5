package outline

import (
	"strconv"

	"github.com/kiln-gpu/kiln/gpu"
	"github.com/kiln-gpu/kiln/ir"
)

// Outline replaces every gpu.launch in module (a builtin.module) by a
// gpu.launch_func of a kernel in a new gpu.module placed after the
// function holding the launch, and marks module gpu.container_module when
// it outlined anything. Launches inside gpu.modules are left alone.
func Outline(module *ir.Operation) error {
	if module.NumRegions() == 0 || module.Region(0).Empty() {
		return nil
	}
	o := newOutliner(module)
	body := module.Region(0).Entry()
	for _, top := range body.OpList() {
		if _, isModule := gpu.AsModule(top); isModule || top.Name() == "gpu.binary" {
			continue
		}
		launches := launchesIn(top)
		next := top.NextOp()
		for _, l := range launches {
			if err := o.outline(l, top, next); err != nil {
				return err
			}
		}
		if len(launches) > 0 {
			module.SetAttr(gpu.ContainerModuleAttrName, module.Context().UnitAttr())
		}
	}
	return nil
}

// launchesIn returns op and the ops nested in it that are gpu.launch, in
// post-order (nested launches first).
func launchesIn(op *ir.Operation) []gpu.Launch {
	var launches []gpu.Launch
	op.Walk(func(n *ir.Operation) bool {
		if l, ok := gpu.AsLaunch(n); ok {
			launches = append(launches, l)
		}
		return true
	})
	return launches
}

// outliner keeps the module's symbols by name, so that making names unique
// and finding callees costs no scan of the module per launch.
type outliner struct {
	module  *ir.Operation
	symbols map[string]*ir.Operation
	// suffix is the next _N to try for a base name.
	suffix map[string]int
	// tables caches the names defined in existing gpu.modules that
	// launches name with module(@m).
	tables map[*ir.Operation]*symbolTable
}

func newOutliner(module *ir.Operation) *outliner {
	o := &outliner{module: module, suffix: map[string]int{}, tables: map[*ir.Operation]*symbolTable{}}
	o.symbols = symbolsOf(module)
	return o
}

// symbolsOf maps the names defined directly in table's body to their ops.
func symbolsOf(table *ir.Operation) map[string]*ir.Operation {
	m := map[string]*ir.Operation{}
	for op := range table.Region(0).Entry().Ops() {
		if n := ir.SymbolName(op); n != "" {
			if _, dup := m[n]; !dup {
				m[n] = op
			}
		}
	}
	return m
}

type symbolTable struct {
	names  map[string]*ir.Operation
	suffix map[string]int
}

// unique returns name, or name_N for the first N that no symbol of names
// has, counting per base name so that many launches stay linear.
func unique(names map[string]*ir.Operation, suffix map[string]int, name string) string {
	if _, taken := names[name]; !taken {
		return name
	}
	for {
		n := suffix[name]
		suffix[name] = n + 1
		cand := name + "_" + strconv.Itoa(n)
		if _, taken := names[cand]; !taken {
			return cand
		}
	}
}

func (o *outliner) outline(l gpu.Launch, top, before *ir.Operation) error {
	if l.Body() == nil || l.Body().Empty() {
		return l.Errorf("has no body to outline")
	}
	grid, block := l.GridSize(), l.BlockSize()
	for _, v := range append(grid[:], block[:]...) {
		if v == nil {
			return l.Errorf("has no grid or block size to launch the kernel with")
		}
	}
	ctx := l.Context()
	SinkIntoLaunch(l, IsIndexComputation)

	fnName := "kernel"
	if n := ir.SymbolName(top); n != "" {
		fnName = n + "_kernel"
	}
	if ref, ok := l.Attr("kernelFunc").(*ir.SymbolRefAttr); ok {
		fnName = ref.Leaf()
	}
	modName := fnName
	var existing *ir.Operation
	if ref, ok := l.Attr("kernelModule").(*ir.SymbolRefAttr); ok {
		modName = ref.Root
		if m, isModule := gpu.AsModule(o.symbols[modName]); isModule {
			existing = m.Operation
		}
	}

	var kmod *ir.Operation
	var table *symbolTable
	if existing != nil {
		kmod, table = existing, o.table(existing)
		fnName = unique(table.names, table.suffix, fnName)
	} else {
		modName = unique(o.symbols, o.suffix, modName)
		kmod = gpu.NewModule(ctx, modName, l.Loc()).Operation
		table = &symbolTable{names: map[string]*ir.Operation{}, suffix: map[string]int{}}
		o.tables[kmod] = table
		o.module.Region(0).Entry().InsertBefore(kmod, before)
		o.symbols[modName] = kmod
	}
	f, operands := outlineBody(l, fnName)
	insertSymbol(kmod, f.Operation)
	table.names[fnName] = f.Operation
	o.copyCallees(f.Operation, kmod, table)

	b := ir.NewBuilder(ctx)
	b.SetInsertionPointBefore(l.Operation)
	lf := gpu.BuildLaunchFunc(b, gpu.LaunchFuncArgs{
		Kernel:                  ctx.SymbolRef(modName, fnName),
		GridSize:                grid,
		BlockSize:               block,
		DynamicSharedMemorySize: l.DynamicSharedMemorySize(),
		KernelOperands:          operands,
		AsyncDependencies:       l.AsyncDependencies(),
		Async:                   l.AsyncToken() != nil,
	}, l.Loc())
	if cs, ok := l.ClusterSize(); ok {
		addClusterSize(lf, cs)
	}
	if t := l.AsyncToken(); t != nil {
		t.ReplaceAllUsesWith(lf.AsyncToken())
	}
	l.Erase()
	return nil
}

// table returns the names defined in an existing gpu.module, read once.
func (o *outliner) table(m *ir.Operation) *symbolTable {
	t, ok := o.tables[m]
	if !ok {
		t = &symbolTable{names: symbolsOf(m), suffix: map[string]int{}}
		o.tables[m] = t
	}
	return t
}

// insertSymbol appends op to a gpu.module's body, before MLIR 16's
// gpu.module_end when there is one.
func insertSymbol(kmod, op *ir.Operation) {
	body := kmod.Region(0).Entry()
	var before *ir.Operation
	if last := body.Last(); last != nil && last.Name() == "gpu.module_end" {
		before = last
	}
	body.InsertBefore(op, before)
}

// copyCallees copies into the kernel module the module-level symbols that
// the kernel refers to, and those they refer to in turn, as MLIR's
// createKernelModule does; names the kernel module already has are kept.
func (o *outliner) copyCallees(kernel, kmod *ir.Operation, table *symbolTable) {
	work := []*ir.Operation{kernel}
	for len(work) > 0 {
		op := work[len(work)-1]
		work = work[:len(work)-1]
		ir.SymbolUses(op, func(_ *ir.Operation, ref *ir.SymbolRefAttr) {
			if len(ref.Nested) > 0 {
				return
			}
			if _, have := table.names[ref.Root]; have {
				return
			}
			def := o.symbols[ref.Root]
			if def == nil {
				return
			}
			c := def.Clone(ir.NewMapping())
			insertSymbol(kmod, c)
			table.names[ref.Root] = c
			work = append(work, c)
		})
	}
}

// addClusterSize adds the cluster size operands, which gpu.BuildLaunchFunc
// does not take, after the block size.
func addClusterSize(lf gpu.LaunchFunc, cs [3]*ir.Value) {
	ops := lf.Operands()
	seg, ok := lf.Attr("operandSegmentSizes").(*ir.DenseArrayAttr)
	if !ok || len(seg.Ints) != 13 {
		return
	}
	at := int(seg.Ints[0]) + 6
	ops = append(append(append([]*ir.Value(nil), ops[:at]...), cs[:]...), ops[at:]...)
	s := append([]int64(nil), seg.Ints...)
	s[7], s[8], s[9] = 1, 1, 1
	lf.SetOperands(ops)
	lf.SetAttr("operandSegmentSizes", lf.Context().DenseI32Array(s...))
}
