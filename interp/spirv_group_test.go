package interp

import (
	"fmt"
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/cf"
	"github.com/kiln-gpu/kiln/fn"
	"github.com/kiln-gpu/kiln/ir"
	mathd "github.com/kiln-gpu/kiln/math"

	"github.com/kiln-gpu/kiln/index"
	"github.com/kiln-gpu/kiln/spirv"
)

func runWith(t *testing.T, sg int, src string) ([]Value, error) {
	t.Helper()
	// The index and spirv dialects give the predicates and scopes their
	// typed attributes.
	ctx := ir.NewContext(fn.Dialect(), cf.Dialect(), arith.Dialect(), mathd.Dialect(), index.Dialect(), spirv.Dialect())
	ctx.SetAllowUnregisteredDialects(true)
	m := New(parse(t, ctx, src))
	m.SubgroupSize = sg
	return m.Call("main")
}

func TestIndexCmpAndConstants(t *testing.T) {
	r, err := runWith(t, 0, `func.func @main() -> (i1, i1, i1, index, index) {
  %a = index.constant -7
  %b = index.constant 2
  %lt = index.cmp slt(%a, %b)
  %ult = index.cmp ult(%a, %b)
  %t = index.bool.constant true
  %w = index.sizeof
  %c = index.ceildivs %a, %b
  return %lt, %ult, %t, %w, %c : i1, i1, i1, index, index
}`)
	if err != nil {
		t.Fatal(err)
	}
	if got := fmt.Sprint(r); got != "[1 0 1 64 -3]" {
		t.Fatalf("got %s", got)
	}
}

func TestBallotFindLSBAndMSB(t *testing.T) {
	// Subgroups of 4: lane 3 votes in each, and thread 6 (lane 2 of the
	// second subgroup) too.
	got, err := runKernelIn(t, 4, `
    %c3 = arith.constant 3 : i32
    %c6 = arith.constant 6 : i32
    %lane = arith.andi %t32, %c3 : i32
    %is3 = arith.cmpi eq, %lane, %c3 : i32
    %is6 = arith.cmpi eq, %t32, %c6 : i32
    %p = arith.ori %is3, %is6 : i1
    %v = spirv.GroupNonUniformBallot <Subgroup> %p : vector<4xi32>
    %lsb = spirv.GroupNonUniformBallotFindLSB <Subgroup> %v : vector<4xi32>, i32
    %msb = spirv.GroupNonUniformBallotFindMSB <Subgroup> %v : vector<4xi32>, i32
    %w0 = "vector.extract"(%v) <{static_position = array<i64: 0>}> : (vector<4xi32>) -> i32
    %c10 = arith.constant 10 : i32
    %c100 = arith.constant 100 : i32
    %x = arith.muli %w0, %c100 : i32
    %y = arith.muli %lsb, %c10 : i32
    %s = arith.addi %x, %y : i32
    %r = arith.addi %s, %msb : i32
    "memref.store"(%r, %out, %gid) : (i32, memref<16xi32>, index) -> ()`)
	if err != nil {
		t.Fatal(err)
	}
	want := "[833 833 833 833 1223 1223 1223 1223 833 833 833 833 1223 1223 1223 1223]"
	if s := fmt.Sprint(got); s != want {
		t.Fatalf("got %s, want %s", s, want)
	}
}

func TestBallotOutsideSubgroupScope(t *testing.T) {
	_, err := runKernelIn(t, 4, `
    %p = arith.constant true
    %v = spirv.GroupNonUniformBallot <Workgroup> %p : vector<4xi32>`)
	if err == nil || !strings.Contains(err.Error(), "only the Subgroup execution scope") {
		t.Fatalf("got %v", err)
	}
}

func runKernelIn(t *testing.T, sg int, body string) ([]Scalar, error) {
	t.Helper()
	res, err := runWith(t, sg, kernelModule(body))
	if err != nil {
		return nil, err
	}
	return res[0].(*MemRef).Elements(), nil
}
