package transforms_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/arith"
	"github.com/kiln-gpu/kiln/fn"
	"github.com/kiln-gpu/kiln/interp"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/pass"
	mathd "github.com/kiln-gpu/kiln/math"
	"github.com/kiln-gpu/kiln/memref"
	"github.com/kiln-gpu/kiln/scf"
	"github.com/kiln-gpu/kiln/vector"
	"github.com/kiln-gpu/kiln/vector/transforms"
)

func newContext() *ir.Context {
	return ir.NewContext(fn.Dialect(), arith.Dialect(), mathd.Dialect(), vector.Dialect(), memref.Dialect(), scf.Dialect())
}

func parse(t *testing.T, src string) *ir.Operation {
	t.Helper()
	m, err := ir.Parse(newContext(), src, "test.mlir")
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	if err := ir.Verify(m); err != nil {
		t.Fatalf("verify: %v", err)
	}
	return m
}

// runPipeline runs a textual pass pipeline on m, verifying after each pass.
func runPipeline(t *testing.T, m *ir.Operation, pipeline string) {
	t.Helper()
	reg := pass.Registry{}
	pass.RegisterTransforms(reg)
	transforms.Register(reg)
	p, err := pass.Parse("builtin.module("+pipeline+")", reg)
	if err != nil {
		t.Fatalf("pipeline: %v", err)
	}
	if err := pass.New(p, pass.Config{}).Run(m); err != nil {
		t.Fatalf("%s: %v", pipeline, err)
	}
}

// inputs builds @main's arguments: memrefs filled with small integers
// (exact in any float type) and the given index values for index args.
func inputs(t *testing.T, m *ir.Operation, idx []int64) []interp.Value {
	t.Helper()
	var main *ir.Operation
	m.Walk(func(op *ir.Operation) bool {
		if s, ok := op.Attr("sym_name").(*ir.StringAttr); ok && s.Value == "main" {
			main = op
		}
		return true
	})
	var args []interp.Value
	for i, a := range main.Region(0).Entry().Args() {
		switch at := a.Type().(type) {
		case *ir.MemRefType:
			mr := interp.NewMemRef(at.Elem, at.Dims, nil)
			el := make([]interp.Scalar, mr.NumElements())
			for j := range el {
				v := int64((j*7+i*3)%11) - 3
				if ir.IsFloat(at.Elem) {
					el[j] = interp.Float(float64(v))
				} else {
					el[j] = interp.Int(v)
				}
			}
			_ = mr.SetElements(el) // el has the view's length
			args = append(args, mr)
		case *ir.IndexType:
			args = append(args, interp.Int(idx[0]))
			idx = idx[1:]
		default:
			t.Fatalf("unsupported argument type %s", ir.TypeString(at))
		}
	}
	return args
}

// show prints interpreter values, memrefs by their elements.
func show(vs []interp.Value) string {
	var sb strings.Builder
	for _, v := range vs {
		switch v := v.(type) {
		case *interp.MemRef:
			fmt.Fprintf(&sb, "%v;", v.Elements())
		default:
			fmt.Fprintf(&sb, "%v;", v)
		}
	}
	return sb.String()
}

// checkEquivalent interprets @main before and after the pipeline and
// compares results and memory.
func checkEquivalent(t *testing.T, src, pipeline string, idx ...int64) *ir.Operation {
	t.Helper()
	before := parse(t, src)
	argsBefore := inputs(t, before, idx)
	resBefore, err := interp.Run(before, "main", argsBefore...)
	if err != nil {
		t.Fatalf("before: %v", err)
	}
	after := parse(t, src)
	runPipeline(t, after, pipeline)
	argsAfter := inputs(t, after, idx)
	resAfter, err := interp.Run(after, "main", argsAfter...)
	if err != nil {
		t.Fatalf("after %s: %v\n%s", pipeline, err, after.String())
	}
	want, got := show(append(resBefore, argsBefore...)), show(append(resAfter, argsAfter...))
	if want != got {
		t.Fatalf("%s changed the results:\nbefore %s\nafter  %s\n%s", pipeline, want, got, after.String())
	}
	return after
}

// checkGone fails when an op of one of the names is left in m.
func checkGone(t *testing.T, m *ir.Operation, names ...string) {
	t.Helper()
	m.Walk(func(op *ir.Operation) bool {
		for _, n := range names {
			if op.Name() == n {
				t.Errorf("%s left:\n%s", n, m.String())
			}
		}
		return true
	})
}

// checkNative fails when a vector value other than a function argument is
// not a 1-d vector of a size SPIR-V allows.
func checkNative(t *testing.T, m *ir.Operation, vector16 bool) {
	t.Helper()
	ok := map[int64]bool{1: true, 2: true, 3: true, 4: true, 8: vector16, 16: vector16}
	m.Walk(func(op *ir.Operation) bool {
		for _, r := range op.Results() {
			if vt, isVec := r.Type().(*ir.VectorType); isVec && (len(vt.Dims) != 1 || !ok[vt.Dims[0]]) {
				t.Errorf("%s makes %s:\n%s", op.Name(), ir.TypeString(vt), m.String())
				return false
			}
		}
		return true
	})
}
