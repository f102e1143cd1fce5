package interp

import (
	"fmt"
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/ir"
)

// kernelModule wraps a gpu.func body (generic form) taking an 8xi32 output
// buffer and one workgroup buffer, launched on 2 workgroups of 8 threads.
func kernelModule(body string) string {
	return `"gpu.module"() ({
  "gpu.func"() ({
  ^bb0(%out: memref<16xi32>, %wg: memref<8xi32, 3>):
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %tid = "gpu.thread_id"() <{dimension = #gpu<dim x>}> : () -> index
    %bid = "gpu.block_id"() <{dimension = #gpu<dim x>}> : () -> index
    %gid = "gpu.global_id"() <{dimension = #gpu<dim x>}> : () -> index
    %t32 = arith.index_cast %tid : index to i32
` + body + `
    "gpu.return"() : () -> ()
  }) {function_type = (memref<16xi32>) -> (), gpu.kernel, sym_name = "k", workgroup_attributions = 1 : i64} : () -> ()
}) {sym_name = "kernels"} : () -> ()
func.func @main() -> memref<16xi32> {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %buf = "memref.alloc"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<16xi32>
  "gpu.launch_func"(%c2, %c1, %c1, %c8, %c1, %c1, %buf) <{kernel = @kernels::@k, operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 1, 0>}> : (index, index, index, index, index, index, memref<16xi32>) -> ()
  return %buf : memref<16xi32>
}`
}

func runKernel(t *testing.T, sg int, body string) ([]Scalar, error) {
	t.Helper()
	return runKernelModule(t, newContext(), sg, kernelModule(body))
}

// runKernelModule runs @main of src, parsed in ctx, with subgroups of sg.
func runKernelModule(t *testing.T, ctx *ir.Context, sg int, src string) ([]Scalar, error) {
	t.Helper()
	m := New(parse(t, ctx, src))
	m.SubgroupSize = sg
	res, err := m.Call("main")
	if err != nil {
		return nil, err
	}
	return res[0].(*MemRef).Elements(), nil
}

func TestKernelBarrierAndWorkgroupMemory(t *testing.T) {
	// Each thread writes its id into workgroup memory; after the barrier
	// it reads its neighbour's, so the result depends on the barrier.
	got, err := runKernel(t, 4, `
    %b32 = arith.index_cast %bid : index to i32
    %h = arith.constant 100 : i32
    %bb = arith.muli %b32, %h : i32
    %v = arith.addi %t32, %bb : i32
    "memref.store"(%v, %wg, %tid) : (i32, memref<8xi32, 3>, index) -> ()
    "gpu.barrier"() : () -> ()
    %n1 = arith.addi %tid, %c1 : index
    %n = arith.remui %n1, %c8 : index
    %x = "memref.load"(%wg, %n) : (memref<8xi32, 3>, index) -> i32
    "memref.store"(%x, %out, %gid) : (i32, memref<16xi32>, index) -> ()`)
	if err != nil {
		t.Fatal(err)
	}
	if s := fmt.Sprint(got); s != "[1 2 3 4 5 6 7 0 101 102 103 104 105 106 107 100]" {
		t.Fatalf("got %s", s)
	}
}

func TestKernelSubgroupBarrier(t *testing.T) {
	// A barrier of subgroup scope waits for the subgroup only: in control
	// flow that differs between the two subgroups of 4 it is no divergence.
	run := func(body string) ([]Scalar, error) {
		return runKernelModule(t, fullContext(), 4, "module attributes {gpu.container_module} {\n"+kernelModule(body)+"\n}")
	}
	got, err := run(`
    %c4 = arith.constant 4 : index
    %first = arith.cmpi ult, %tid, %c4 : index
    "memref.store"(%t32, %wg, %tid) : (i32, memref<8xi32, 3>, index) -> ()
    "scf.if"(%first) ({
      "gpu.barrier"() <{scope = #gpu.scope<subgroup>}> : () -> ()
      "scf.yield"() : () -> ()
    }, {
      "gpu.barrier"() <{address_spaces = [], scope = #gpu.scope<subgroup>}> : () -> ()
      "scf.yield"() : () -> ()
    }) : (i1) -> ()
    %n = arith.xori %tid, %c1 : index
    %x = "memref.load"(%wg, %n) : (memref<8xi32, 3>, index) -> i32
    "memref.store"(%x, %out, %gid) : (i32, memref<16xi32>, index) -> ()`)
	if err != nil {
		t.Fatal(err)
	}
	if s := fmt.Sprint(got); s != "[1 0 3 2 5 4 7 6 1 0 3 2 5 4 7 6]" {
		t.Fatalf("got %s", s)
	}
	// Workgroups run one after another, so none can wait for another; named
	// barriers are refused too.
	_, err = run(`
    "gpu.barrier"() <{scope = #gpu.scope<cluster>}> : () -> ()`)
	if err == nil || !strings.Contains(err.Error(), "a barrier of cluster scope is not supported by the interpreter") || !strings.Contains(err.Error(), "test.mlir:") {
		t.Fatalf("got %v", err)
	}
	_, err = run(`
    %c2 = arith.constant 2 : i32
    %nb = "gpu.initialize_named_barrier"(%c2) : (i32) -> !gpu.named_barrier
    "gpu.barrier"(%nb) : (!gpu.named_barrier) -> ()`)
	if err == nil || !strings.Contains(err.Error(), "does not support 'gpu.initialize_named_barrier'") || !strings.Contains(err.Error(), "test.mlir:") {
		t.Fatalf("got %v", err)
	}
}

func TestKernelShuffleAndSubgroupReduce(t *testing.T) {
	got, err := runKernel(t, 4, `
    %w = arith.constant 4 : i32
    %o = arith.constant 1 : i32
    %x, %valid = "gpu.shuffle"(%t32, %o, %w) <{mode = #gpu<shuffle_mode xor>}> : (i32, i32, i32) -> (i32, i1)
    %d, %dv = "gpu.shuffle"(%t32, %o, %w) <{mode = #gpu<shuffle_mode down>}> : (i32, i32, i32) -> (i32, i1)
    %s = "gpu.subgroup_reduce"(%t32) <{op = #gpu<all_reduce_op add>}> : (i32) -> i32
    %cs = "gpu.subgroup_reduce"(%t32) <{op = #gpu<all_reduce_op add>, cluster_size = 2 : i32}> : (i32) -> i32
    %a = "gpu.all_reduce"(%t32) <{op = #gpu<all_reduce_op maxsi>}> ({
    }) : (i32) -> i32
    %k1 = arith.constant 1000 : i32
    %k2 = arith.constant 100000 : i32
    %k3 = arith.constant 10 : i32
    %k4 = arith.constant 10000000 : i32
    %dvi = arith.extui %dv : i1 to i32
    %p0 = arith.muli %s, %k1 : i32
    %p1 = arith.muli %cs, %k2 : i32
    %p2 = arith.muli %d, %k3 : i32
    %p3 = arith.muli %a, %k4 : i32
    %r0 = arith.addi %x, %p0 : i32
    %r1 = arith.addi %r0, %p1 : i32
    %r2 = arith.addi %r1, %p2 : i32
    %r3 = arith.addi %r2, %p3 : i32
    %r4 = arith.muli %dvi, %k3 : i32
    %r = arith.addi %r3, %r4 : i32
    "memref.store"(%r, %out, %gid) : (i32, memref<16xi32>, index) -> ()`)
	if err != nil {
		t.Fatal(err)
	}
	// Lane l of subgroup s: xor partner, down neighbour (own value when
	// invalid), subgroup sum, cluster-of-2 sum, workgroup max 7.
	var want []string
	for g := 0; g < 16; g++ {
		tid := g % 8
		l, base := tid%4, tid/4*4
		d, valid := tid, 0
		if l+1 < 4 {
			d, valid = tid+1, 1
		}
		sum := 4*base + 6
		cs := 2*(tid/2*2) + 1
		want = append(want, fmt.Sprint(base+(l^1)+1000*sum+100000*cs+10*d+10*valid+7*10000000))
	}
	if s := fmt.Sprint(got); s != "["+strings.Join(want, " ")+"]" {
		t.Fatalf("got  %s\nwant %s", s, "["+strings.Join(want, " ")+"]")
	}
}

func TestKernelBarrierDivergence(t *testing.T) {
	_, err := runKernel(t, 4, `
    %c2 = arith.constant 2 : index
    %lt = arith.cmpi ult, %tid, %c2 : index
    "scf.if"(%lt) ({
      "gpu.barrier"() : () -> ()
      "scf.yield"() : () -> ()
    }, {
    }) : (i1) -> ()`)
	if err == nil || !strings.Contains(err.Error(), "not reached by every thread") || !strings.Contains(err.Error(), "test.mlir:") {
		t.Fatalf("got %v", err)
	}
	_, err = runKernel(t, 4, `
    %c2 = arith.constant 2 : index
    %lt = arith.cmpi ult, %tid, %c2 : index
    "scf.if"(%lt) ({
      "gpu.barrier"() : () -> ()
      "scf.yield"() : () -> ()
    }, {
      "gpu.barrier"() : () -> ()
      "scf.yield"() : () -> ()
    }) : (i1) -> ()`)
	if err == nil || !strings.Contains(err.Error(), "divergent synchronization") {
		t.Fatalf("got %v", err)
	}
}

func TestKernelErrorsAreLocated(t *testing.T) {
	_, err := runKernel(t, 4, `
    %big = arith.addi %gid, %c8 : index
    %c16 = arith.constant 16 : index
    %i = arith.addi %big, %c16 : index
    "memref.store"(%t32, %out, %i) : (i32, memref<16xi32>, index) -> ()
    "gpu.barrier"() : () -> ()`)
	if err == nil || !strings.Contains(err.Error(), "out-of-bounds") || !strings.Contains(err.Error(), "test.mlir:") {
		t.Fatalf("got %v", err)
	}
	// An infinite loop in one thread is stopped by the step bound.
	m := New(parse(t, newContext(), kernelModule(`
    "scf.while"() ({
      %true = arith.constant true
      "scf.condition"(%true) : (i1) -> ()
    }, {
      "scf.yield"() : () -> ()
    }) : () -> ()
    "gpu.barrier"() : () -> ()`)))
	m.MaxSteps = 10000
	if _, err := m.Call("main"); err == nil || !strings.Contains(err.Error(), "step limit") {
		t.Fatalf("got %v", err)
	}
}

func TestLaunchArgumentMismatch(t *testing.T) {
	src := strings.Replace(kernelModule(""), `%buf = "memref.alloc"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<16xi32>`,
		`%buf0 = "memref.alloc"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<8xi32>
  %buf = "memref.cast"(%buf0) : (memref<8xi32>) -> memref<?xi32>`, 1)
	src = strings.Replace(src, "index, memref<16xi32>) -> ()", "index, memref<?xi32>) -> ()", 1)
	src = strings.Replace(src, "return %buf : memref<16xi32>", "return %buf0 : memref<8xi32>", 1)
	src = strings.Replace(src, "func.func @main() -> memref<16xi32>", "func.func @main() -> memref<8xi32>", 1)
	_, _, err := run(t, src)
	if err == nil || !strings.Contains(err.Error(), "kernel argument 0 has sizes [8], parameter type memref<16xi32>") {
		t.Fatalf("got %v", err)
	}
}

func TestLaunchOfMissingKernel(t *testing.T) {
	src := strings.Replace(kernelModule(""), "kernel = @kernels::@k", "kernel = @kernels::@nope", 1)
	wantError(t, src, "kernel '@kernels::@nope' not found")
}
