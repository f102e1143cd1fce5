package gpu

import (
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/fn"
	"github.com/kiln-gpu/kiln/ir"
)

func TestBuilders(t *testing.T) {
	ctx := newContext()
	loc := ctx.UnknownLoc()
	top, err := ir.Parse(ctx, "module attributes {gpu.container_module} {\n}", "t.mlir")
	if err != nil {
		t.Fatal(err)
	}
	b := ir.NewBuilder(ctx)
	b.SetInsertionPointToEnd(top.Region(0).Entry())
	mod := NewModule(ctx, "kernels", loc)
	b.Insert(mod.Operation)
	mem := ctx.MemRef([]int64{8}, ctx.F32(), nil, nil)
	wg := ctx.MemRef([]int64{8}, ctx.F32(), nil, Enum(ctx, AddressSpaceWorkgroup))
	f := NewFunc(ctx, "k", ctx.FunctionType([]ir.Type{mem}, nil), []ir.Type{wg}, nil, true, loc)
	b.SetInsertionPointToEnd(mod.Body())
	b.Insert(f.Operation)
	b.SetInsertionPointToEnd(f.Body().Entry())
	BuildDimOp(b, "gpu.thread_id", DimX, loc)
	BuildReturn(b, nil, loc)

	host := fn.NewFunc(ctx, "main", ctx.FunctionType([]ir.Type{mem, ctx.Index()}, nil), loc)
	b.SetInsertionPointToEnd(top.Region(0).Entry())
	b.Insert(host.Operation)
	b.SetInsertionPointToEnd(host.Body().Entry())
	args := host.Arguments()
	n := args[1]
	l := BuildLaunchFunc(b, LaunchFuncArgs{Kernel: ctx.SymbolRef("kernels", "k"), GridSize: [3]*ir.Value{n, n, n},
		BlockSize: [3]*ir.Value{n, n, n}, KernelOperands: args[:1]}, loc)
	b.Create(&ir.OpState{Name: "func.return", Loc: loc})
	if err := ir.Verify(top); err != nil {
		t.Fatalf("%v\n%s", err, top)
	}
	got := string(ir.PrintBytes(top, ir.PrintOptions{}))
	for _, want := range []string{
		"gpu.func @k(%arg0: memref<8xf32>) workgroup(%arg1 : memref<8xf32, #gpu.address_space<workgroup>>) kernel {",
		"%thread_id_x = gpu.thread_id  x",
		"gpu.launch_func  @kernels::@k blocks in (%arg1, %arg1, %arg1) threads in (%arg1, %arg1, %arg1)  args(%arg0 : memref<8xf32>)",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in\n%s", want, got)
		}
	}
	if len(l.KernelOperands()) != 1 || l.AsyncToken() != nil {
		t.Error("built launch_func view")
	}
}

// A gpu.barrier that a pass builds without a scope waits for the
// workgroup, the default MLIR's populateDefaultProperties would give it;
// its custom form, which leaves the default out, prints the same as one
// that has it.
func TestBarrierWithoutScope(t *testing.T) {
	ctx := newContext()
	loc := ctx.UnknownLoc()
	bare := ctx.NewOp(&ir.OpState{Name: "gpu.barrier", Loc: loc})
	with := ctx.NewOp(&ir.OpState{Name: "gpu.barrier", Loc: loc,
		Props: []ir.NamedAttr{{Name: "scope", Value: Enum(ctx, ScopeWorkgroup)}}})
	sub := ctx.NewOp(&ir.OpState{Name: "gpu.barrier", Loc: loc,
		Props: []ir.NamedAttr{{Name: "scope", Value: Enum(ctx, ScopeSubgroup)}}})
	for _, tc := range []struct {
		op    *ir.Operation
		scope Scope
		text  string
	}{{bare, ScopeWorkgroup, "gpu.barrier"}, {with, ScopeWorkgroup, "gpu.barrier"}, {sub, ScopeSubgroup, "gpu.barrier scope <subgroup>"}} {
		if got := BarrierScope(tc.op); got != tc.scope {
			t.Errorf("%s: scope %v, want %v", ir.OpString(tc.op, ir.PrintOptions{}), got, tc.scope)
		}
		if got := strings.TrimSpace(ir.OpString(tc.op, ir.PrintOptions{})); got != tc.text {
			t.Errorf("printed %q, want %q", got, tc.text)
		}
	}
}
