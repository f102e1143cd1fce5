package runner

import (
	"bytes"
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln"
	"github.com/kiln-gpu/kiln/interp"
	"github.com/kiln-gpu/kiln/ir"
)

// hostArgs returns run-host-args.mlir's module and arguments: x = [1 2 3 4]
// and a = 2.5.
func hostArgs(t *testing.T) (*ir.Operation, []interp.Value) {
	mod := parseFile(t, "../cmd/kiln/testdata/run-host-args.mlir")
	x := interp.NewMemRef(mod.Context().Float(ir.F32), []int64{4}, nil)
	if err := x.SetElements([]interp.Scalar{interp.Float(1), interp.Float(2), interp.Float(3), interp.Float(4)}); err != nil {
		t.Fatal(err)
	}
	return mod, []interp.Value{x, interp.Float(2.5)}
}

// checkHostResults checks run-host-args.mlir's results: x*a and 4.
func checkHostResults(t *testing.T, res []interp.Value) {
	t.Helper()
	if len(res) != 2 {
		t.Fatalf("%d results, want 2", len(res))
	}
	y, ok := res[0].(*interp.MemRef)
	if !ok {
		t.Fatalf("result 0 is %T, want a memref", res[0])
	}
	var got []float64
	for _, e := range y.Elements() {
		got = append(got, e.F)
	}
	if want := []float64{2.5, 5, 7.5, 10}; !equalFloats(got, want) {
		t.Errorf("result 0 = %v, want %v", got, want)
	}
	if n, ok := res[1].(interp.Scalar); !ok || n.Bits != 4 {
		t.Errorf("result 1 = %v, want index 4", res[1])
	}
}

func equalFloats(a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestRunArgsReference passes a memref and a float to the entry function
// and reads back its memref and index results, kernels simulated.
func TestRunArgsReference(t *testing.T) {
	mod, args := hostArgs(t)
	rep, err := Run(mod, Options{Reference: true, Args: args})
	if err != nil {
		t.Fatal(err)
	}
	checkHostResults(t, rep.Results)
}

// TestRunArgsVulkan is TestRunArgsReference with the kernel on Vulkan:
// the result memref, written by the device, is fetched before Run ends.
func TestRunArgsVulkan(t *testing.T) {
	inst := testInstance(t)
	mod, args := hostArgs(t)
	rep, err := Run(mod, Options{Instance: inst, Validate: true, Args: args, Passes: kiln.Passes()})
	if err != nil {
		t.Fatal(err)
	}
	checkHostResults(t, rep.Results)
}

// TestRunArgsMismatch checks that arguments that do not suit the entry
// function are located errors naming the argument.
func TestRunArgsMismatch(t *testing.T) {
	mod, args := hostArgs(t)
	ctx := mod.Context()
	for _, c := range []struct {
		args []interp.Value
		want string
	}{
		{nil, "takes 2 arguments, and 0 were given"},
		{[]interp.Value{args[1], args[1]}, "argument 0 of 'main' is a memref<4xf32>, and a scalar was given"},
		{[]interp.Value{interp.NewMemRef(ctx.I(32), []int64{4}, nil), args[1]}, "the memref given has i32 elements"},
		{[]interp.Value{interp.NewMemRef(ctx.Float(ir.F32), []int64{5}, nil), args[1]}, "the memref given is 5 in dimension 0"},
		{[]interp.Value{args[0], args[0]}, "argument 1 of 'main' is a f32, and a memref was given"},
	} {
		_, err := Run(mod, Options{Reference: true, Args: c.args, Out: &bytes.Buffer{}})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("error %v, want one containing %q", err, c.want)
		}
		if _, ok := err.(*ir.Diagnostic); !ok {
			t.Errorf("error %T, want a located *ir.Diagnostic", err)
		}
	}
}
