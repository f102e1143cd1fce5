package transforms_test

import (
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/interp/interptest"
	"github.com/kiln-gpu/kiln/ir/pass"
)

// castKernel chains the casts whose canonicalizations read through an
// extension (sitofp/uitofp of extsi/extui) or a round trip through index,
// on operands that make the sign and the width matter.
const castKernel = `
func.func @main(%a: i32, %b: i32) -> (f32, f32, f32, i32, index, i32) {
  %t = arith.trunci %a : i32 to i8
  %s = arith.extsi %t : i8 to i16
  %0 = arith.sitofp %s : i16 to f32
  %u = arith.extui %t : i8 to i16
  %1 = arith.uitofp %u : i16 to f32
  %2 = arith.sitofp %u : i16 to f32
  %i = arith.index_cast %b : i32 to index
  %n = arith.index_cast %i : index to i8
  %w = arith.index_cast %n : i8 to index
  %3 = arith.index_cast %w : index to i32
  %4 = arith.index_castui %n : i8 to index
  %y = arith.index_castui %b : i32 to index
  %5 = arith.index_castui %y : index to i32
  return %0, %1, %2, %3, %4, %5 : f32, f32, f32, i32, index, i32
}`

// TestCastCanonicalizationsKeepResults runs the kernel in the interpreter
// before and after -canonicalize: the rewritten casts must compute what
// the originals did.
func TestCastCanonicalizationsKeepResults(t *testing.T) {
	reg := pass.Registry{}
	pass.RegisterTransforms(reg)
	before, after := interptest.Transformed(t, newContext, reg, castKernel, "builtin.module(func.func(canonicalize))")
	if a := after.String(); strings.Count(a, "arith.sitofp") != 1 || strings.Contains(a, "arith.ext") || !strings.Contains(a, ", %arg1 :") {
		t.Fatalf("canonicalize did not rewrite the casts:\n%s", after)
	}
	interptest.SameResults(t, "", before, after, [][2]int64{{0, 0}, {127, 128}, {128, 255}, {-1, -1}, {200, 300}, {-128, -129}, {1 << 20, -(1 << 31)}})
}

// floatKernel adds negations and subtracts from -0, the rewrites to subf and
// negf, converts f16 to bf16 (a constant one folds), and returns the
// results' bits so that signed zeros count.
const floatKernel = `
func.func @main(%a: i32, %b: i32) -> (i32, i32, i32, i32, i32, i32, i32) {
  %x = arith.sitofp %a : i32 to f32
  %y = arith.sitofp %b : i32 to f32
  %nx = arith.negf %x : f32
  %0 = arith.addf %nx, %y : f32
  %1 = arith.addf %y, %nx upward : f32
  %nz = arith.constant -0.0 : f32
  %2 = arith.subf %nz, %x : f32
  %3 = arith.subf %nz, %nx : f32
  %4 = arith.addf %nx, %nx downward : f32
  %r0 = arith.bitcast %0 : f32 to i32
  %r1 = arith.bitcast %1 : f32 to i32
  %r2 = arith.bitcast %2 : f32 to i32
  %r3 = arith.bitcast %3 : f32 to i32
  %r4 = arith.bitcast %4 : f32 to i32
  %h = arith.truncf %y : f32 to f16
  %hb = arith.convertf %h : f16 to bf16
  %e5 = arith.extf %hb : bf16 to f32
  %r5 = arith.bitcast %e5 : f32 to i32
  %k = arith.constant 3.0 : f16
  %kb = arith.convertf %k : f16 to bf16
  %e6 = arith.extf %kb : bf16 to f32
  %r6 = arith.bitcast %e6 : f32 to i32
  return %r0, %r1, %r2, %r3, %r4, %r5, %r6 : i32, i32, i32, i32, i32, i32, i32
}`

// TestFloatCanonicalizationsKeepResults checks addf(negf) -> subf,
// subf(-0, x) -> negf and the convertf fold bit for bit, zeros of either
// sign included.
func TestFloatCanonicalizationsKeepResults(t *testing.T) {
	reg := pass.Registry{}
	pass.RegisterTransforms(reg)
	before, after := interptest.Transformed(t, newContext, reg, floatKernel, "builtin.module(func.func(canonicalize))")
	if a := after.String(); strings.Contains(a, "arith.addf") || strings.Count(a, "arith.subf") != 3 || strings.Count(a, "arith.convertf") != 1 {
		t.Fatalf("canonicalize did not rewrite the float ops:\n%s", after)
	}
	interptest.SameResults(t, "", before, after, [][2]int64{{0, 0}, {1, 0}, {0, 1}, {3, 3}, {-7, 2}, {16777217, 1}, {-1 << 31, 1<<31 - 1}})
}

// scalingKernel scales constants up and down; canonicalize folds the exact
// ones, and the interpreter must agree with the folded values.
const scalingKernel = `
func.func @main(%a: i32, %b: i32) -> (i32, i16, i8, i8) {
  %x = arith.constant 1.5 : f4E2M1FN
  %s = arith.constant 4.0 : f8E8M0FNU
  %0 = arith.scaling_extf %x, %s : f4E2M1FN, f8E8M0FNU to f32
  %v = arith.constant -3.0 : f8E4M3FN
  %h = arith.constant 0.125 : f8E8M0FNU
  %1 = arith.scaling_extf %v, %h : f8E4M3FN, f8E8M0FNU to bf16
  %y = arith.constant -24.0 : f32
  %2 = arith.scaling_truncf %y, %s : f32, f8E8M0FNU to f4E2M1FN
  %z = arith.constant 13.0 : f32
  %3 = arith.scaling_truncf %z, %s : f32, f8E8M0FNU to f4E2M1FN
  %r0 = arith.bitcast %0 : f32 to i32
  %r1 = arith.bitcast %1 : bf16 to i16
  %b2 = arith.bitcast %2 : f4E2M1FN to i4
  %r2 = arith.extui %b2 : i4 to i8
  %b3 = arith.bitcast %3 : f4E2M1FN to i4
  %r3 = arith.extui %b3 : i4 to i8
  return %r0, %r1, %r2, %r3 : i32, i16, i8, i8
}`

// TestScalingFoldsKeepResults checks the scaled-cast folds against the
// interpreter's scaled casts, bit for bit.
func TestScalingFoldsKeepResults(t *testing.T) {
	reg := pass.Registry{}
	pass.RegisterTransforms(reg)
	before, after := interptest.Transformed(t, newContext, reg, scalingKernel, "builtin.module(func.func(canonicalize))")
	if a := after.String(); strings.Count(a, "arith.scaling_") != 1 {
		t.Fatalf("canonicalize did not fold the exact scaled casts:\n%s", after)
	}
	interptest.SameResults(t, "", before, after, [][2]int64{{0, 0}})
}

// nnegKernel puts nneg where it holds only for the zero-extended value:
// the rewrites that look through the extui must not move it to the
// narrow source, whose sign bit may be set (the interpreter gives poison
// for a negative nneg operand).
const nnegKernel = `
func.func @main(%a: i32, %b: i32) -> (i32, index, i64, i32) {
  %x = arith.trunci %a : i32 to i8
  %w = arith.extui %x : i8 to i16
  %0 = arith.extui %w nneg : i16 to i32
  %1 = arith.index_castui %w nneg : i16 to index
  %y = arith.trunci %b : i32 to i8
  %n = arith.extui %y nneg : i8 to i16
  %2 = arith.extsi %n : i16 to i64
  %v = arith.extui %y : i8 to i16
  %o = arith.ori %w, %v : i16
  %3 = arith.extui %o nneg : i16 to i32
  return %0, %1, %2, %3 : i32, index, i64, i32
}`

// TestNonNegCanonicalizationsKeepResults checks that canonicalize keeps a
// result a value wherever it was one: nneg moves only where it holds.
func TestNonNegCanonicalizationsKeepResults(t *testing.T) {
	reg := pass.Registry{}
	pass.RegisterTransforms(reg)
	before, after := interptest.Transformed(t, newContext, reg, nnegKernel, "builtin.module(func.func(canonicalize))")
	if a := after.String(); strings.Contains(a, ": i16") {
		t.Fatalf("canonicalize did not look through the extensions:\n%s", after)
	}
	interptest.SameResults(t, "", before, after, [][2]int64{{0, 0}, {5, 7}, {-1, -1}, {200, 100}, {-128, 127}, {127, -128}})
}
