package transforms

import (
	"strings"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/pass"
	"github.com/kiln-gpu/kiln/spirv"
	"github.com/kiln-gpu/kiln/spirv/spv"
)

// DecorateBufferAccess returns the spirv-decorate-buffer-access pass.
func DecorateBufferAccess() *pass.Pass {
	return &pass.Pass{
		Name:     "SPIRVDecorateBufferAccess",
		Argument: "spirv-decorate-buffer-access",
		Summary:  "Decorate storage buffer variables NonWritable or NonReadable from how the module uses them",
		Run:      func(op *ir.Operation, _ *pass.Context) error { return eachModule(op, BufferAccess) },
	}
}

// access is what a module does through a variable's address.
type access struct {
	read, write, unknown bool
}

// BufferAccess decorates each StorageBuffer spirv.GlobalVariable of module
// that the module only loads from `non_writable`, and each it only stores to
// `non_readable`, as glslang does for readonly and writeonly buffers; the
// variables of one descriptor binding (aliases) count as one. Any
// use of the address other than access chains, loads, stores to it and
// atomics (a call, a copy) leaves the variable as it is.
func BufferAccess(module *ir.Operation) error {
	uses := map[string]*access{} // by variable; aliases of a binding share one
	body := module.Region(0).Entry()
	if body == nil {
		return nil
	}
	bindings := map[[2]int64]*access{}
	for op := range body.Ops() {
		if op.Name() != "spirv.GlobalVariable" {
			continue
		}
		if t := spirv.GlobalVariableType(op); t == nil || t.StorageClass != spv.StorageClassStorageBuffer {
			continue
		}
		a := &access{}
		set, ok1 := op.Attr("descriptor_set").(*ir.IntegerAttr)
		b, ok2 := op.Attr("binding").(*ir.IntegerAttr)
		if ok1 && ok2 {
			k := [2]int64{set.Int(), b.Int()}
			if bindings[k] == nil {
				bindings[k] = a
			}
			a = bindings[k]
		}
		uses[ir.SymbolName(op)] = a
	}
	if len(uses) == 0 {
		return nil
	}
	module.Walk(func(op *ir.Operation) bool {
		if op.Name() != "spirv.mlir.addressof" {
			return true
		}
		ref, ok := op.Attr("variable").(*ir.SymbolRefAttr)
		if !ok {
			return true
		}
		if a := uses[ref.Leaf()]; a != nil {
			a.through(op.Result(0))
		}
		return true
	})
	ctx := module.Context()
	for op := range body.Ops() {
		a := uses[ir.SymbolName(op)]
		if op.Name() != "spirv.GlobalVariable" || a == nil || a.unknown || a.read == a.write {
			continue
		}
		if a.read {
			op.SetAttr("non_writable", ctx.UnitAttr())
			// Aliased only matters where something writes through one of the
			// aliases; views of a binding that is only read need none, as
			// glslang declares two readonly blocks of one binding (a
			// driver may keep Aliased memory off its read-only load path).
			op.RemoveAttr("aliased")
		} else {
			op.SetAttr("non_readable", ctx.UnitAttr())
		}
	}
	return nil
}

// through records the uses of the pointer p.
func (a *access) through(p *ir.Value) {
	for use := range p.Uses() {
		op := use.Owner()
		switch name := op.Name(); {
		case name == "spirv.AccessChain" && use.Index() == 0:
			a.through(op.Result(0))
		case name == "spirv.Load":
			a.read = true
		case name == "spirv.Store" && use.Index() == 0:
			a.write = true
		case strings.HasPrefix(name, "spirv.Atomic") && use.Index() == 0:
			a.read, a.write = true, true
		default:
			a.unknown = true
		}
	}
}
