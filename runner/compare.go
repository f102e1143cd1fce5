package runner

import (
	"bytes"
	"fmt"
	"math"
	"strings"

	"github.com/kiln-gpu/kiln/interp"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/spirv"
)

// compareLaunch is the interp.LaunchFunc of Options.Compare: the launch
// runs in the reference interpreter on the host memrefs, which are then
// put back as they were and given to the device; every memref argument
// that either run changed must then hold the same values, floats within
// the precision Vulkan requires of the kernel's operations.
func (s *session) compareLaunch(m *interp.Machine, launch, fn *ir.Operation, grid, block [3]int64, args []interp.Value) error {
	s.compared++
	var mems []*interp.MemRef
	var before [][]byte
	for _, a := range args {
		if mr, ok := a.(*interp.MemRef); ok {
			mems = append(mems, mr)
			before = append(before, mr.Bytes())
		}
	}
	if err := interp.Simulate(m, launch, fn, grid, abiBlock(fn, block), args); err != nil {
		if m.StepLimitReached() {
			return s.compareEndless(m, launch, fn, grid, block, args, mems, before, err)
		}
		return launch.Errorf("launch %d (kernel %s): the reference interpreter failed: %v", s.compared, kernelName(fn), err)
	}
	want := make([][]interp.Scalar, len(mems))
	wantBytes := make([][]byte, len(mems))
	for i, mr := range mems {
		want[i], wantBytes[i] = mr.Elements(), mr.Bytes()
	}
	for i, mr := range mems {
		if err := mr.SetBytes(before[i]); err != nil {
			return launch.Errorf("restoring argument %d: %v", i, err)
		}
	}
	if err := s.launch(m, launch, fn, grid, block, args); err != nil {
		return err
	}
	tols := outputTolerances(fn)
	argIndex := 0
	for i, a := range args {
		mr, ok := a.(*interp.MemRef)
		if !ok {
			continue
		}
		j := argIndex
		argIndex++
		if bytes.Equal(before[j], wantBytes[j]) && bytes.Equal(before[j], mr.Bytes()) {
			continue // neither run wrote it
		}
		got := mr.Elements()
		for k := range got {
			if ok, why := tols[i].match(mr.Elem, got[k], want[j][k]); !ok {
				err := launch.Errorf("launch %d (kernel %s): argument %d (%s) differs from the reference interpreter at %v: device %s, reference %s (%s)",
					s.compared, kernelName(fn), i, memrefString(mr), unlinear(mr.Sizes, int64(k)),
					scalarString(mr.Elem, got[k]), scalarString(mr.Elem, want[j][k]), why)
				if s.o.SaveRepro != "" {
					path, rerr := s.saveRepro(fn, grid, args, before, wantBytes, tols)
					if rerr != nil {
						err.Notes = append(err.Notes, &ir.Diagnostic{Severity: ir.SeverityNote, Loc: launch.Loc(), Message: "no reproducer: " + rerr.Error()})
					} else {
						err.Notes = append(err.Notes, &ir.Diagnostic{Severity: ir.SeverityNote, Loc: launch.Loc(), Message: "reproducer: " + path})
					}
				}
				return err
			}
		}
	}
	return nil
}

// compareEndless reports a launch that the reference interpreter stopped
// at its step limit (refErr). The device runs it too, on the memrefs as
// they were: a device that finishes disagrees on termination, which a
// loop without side effects explains, since the lowering removes such
// loops as MLIR's does (docs/RATIONALE.md, "Loops that do not end").
func (s *session) compareEndless(m *interp.Machine, launch, fn *ir.Operation, grid, block [3]int64, args []interp.Value, mems []*interp.MemRef, before [][]byte, refErr error) error {
	for i, mr := range mems {
		if err := mr.SetBytes(before[i]); err != nil {
			return launch.Errorf("restoring argument %d: %v", i, err)
		}
	}
	if err := s.launch(m, launch, fn, grid, block, args); err != nil {
		d := launch.Errorf("launch %d (kernel %s) did not finish on the device nor in the reference interpreter: %v", s.compared, kernelName(fn), err)
		d.Notes = append(d.Notes, &ir.Diagnostic{Severity: ir.SeverityNote, Loc: launch.Loc(), Message: "the reference interpreter: " + refErr.Error()})
		return d
	}
	d := launch.Errorf("launch %d (kernel %s) finished on the device but not in the reference interpreter: the kernel has a loop that does not end, which the lowering removes when it has no side effects and a driver may cut short", s.compared, kernelName(fn))
	d.Notes = append(d.Notes, &ir.Diagnostic{Severity: ir.SeverityNote, Loc: launch.Loc(), Message: "the reference interpreter: " + refErr.Error()})
	return d
}

// saveRepro writes an AmberScript reproducer of a launch (see
// writeRepro) into Options.SaveRepro: before and want are the memref
// arguments' bytes before the launch and after the reference ran it.
func (s *session) saveRepro(fn *ir.Operation, grid [3]int64, args []interp.Value, before, want [][]byte, tols map[int]tolerance) (string, error) {
	c, err := s.compile(fn.ParentOp())
	if err != nil {
		return "", err
	}
	km := c.Kernel(ir.SymbolName(fn))
	if km == nil {
		return "", fmt.Errorf("no compiled kernel %s", kernelName(fn))
	}
	var ra []reproArg
	j := 0
	for i, a := range args {
		am := km.Args[i]
		r := reproArg{am: am, tol: tols[i]}
		var data []byte
		switch v := a.(type) {
		case *interp.MemRef:
			r.elem, data = v.Elem, before[j]
			if !bytes.Equal(before[j], want[j]) {
				r.want = want[j]
			}
			j++
		case interp.Scalar:
			r.elem = fn.Region(0).Entry().Arg(i).Type()
			one := interp.NewMemRef(r.elem, []int64{1}, nil)
			one.Set(v, 0)
			data = one.Bytes()
		default:
			return "", fmt.Errorf("argument %d is neither a memref nor a scalar", i)
		}
		if am.Unused {
			continue
		}
		r.input, r.narrow = fitIndex(a, data, am.Size)
		if r.want != nil {
			r.want, _ = fitIndex(a, r.want, am.Size)
		}
		ra = append(ra, r)
	}
	return writeRepro(s.o.SaveRepro, s.compared, fn, c, km, grid, ra)
}

// abiBlock is the workgroup size a Vulkan dispatch of fn uses.
func abiBlock(fn *ir.Operation, block [3]int64) [3]int64 {
	if abi := spirvEntryPointSize(fn); len(abi) > 0 {
		block = [3]int64{1, 1, 1}
		for i, v := range abi {
			if i < 3 {
				block[i] = int64(v)
			}
		}
	}
	return block
}

func memrefString(mr *interp.MemRef) string {
	var b strings.Builder
	b.WriteString("memref<")
	for _, n := range mr.Sizes {
		fmt.Fprintf(&b, "%dx", n)
	}
	return b.String() + ir.TypeString(mr.Elem) + ">"
}

// spirvEntryPointSize is the workgroup size of fn's spirv.entry_point_abi.
func spirvEntryPointSize(fn *ir.Operation) []int32 {
	if abi := spirv.LookupEntryPointABI(fn); abi != nil {
		return abi.WorkgroupSize
	}
	return nil
}

// unlinear turns a row-major element number into an index list.
func unlinear(sizes []int64, k int64) []int64 {
	idx := make([]int64, len(sizes))
	for i := len(sizes) - 1; i >= 0; i-- {
		if sizes[i] > 0 {
			idx[i] = k % sizes[i]
			k /= sizes[i]
		}
	}
	return idx
}

func scalarString(t ir.Type, v interp.Scalar) string {
	switch {
	case v.Poison:
		return "poison"
	case ir.IsFloat(t):
		return fmt.Sprint(v.F)
	}
	return fmt.Sprint(int64(v.Bits))
}

// tolerance is how far a device float may be from the reference's: the
// bounds of Vulkan's precision table ("Precision and Operation of SPIR-V
// Instructions") for the operations a value comes from (outputTolerances),
// in ULPs of the reference value, plus an absolute bound where the table
// gives one.
type tolerance struct {
	ulp    float64
	expULP bool    // exp/exp2: 3 + 2|x| ULP, x recovered from the result
	abs    float64 // absolute error allowed besides
	why    string
}

// opPrecision lists the operations that are not correctly rounded in
// Vulkan, with their bounds. Those whose precision the table says is
// inherited (pow, tan, the hyperbolic functions) get the 4096 ULP of the
// inverse trigonometric functions.
var opPrecision = map[string]tolerance{
	"arith.divf": {ulp: 2.5, why: "2.5 ULP (divide)"},
	"math.rsqrt": {ulp: 2, why: "2 ULP (inversesqrt)"},
	"math.sqrt":  {ulp: 4.5, why: "4.5 ULP (sqrt, inherited from 1/inversesqrt)"},
	"math.fma":   {ulp: 1, why: "1 ULP (fma, fused or not)"},
	"math.exp":   {ulp: 3, expULP: true, why: "3+2|x| ULP (exp)"},
	"math.exp2":  {ulp: 3, expULP: true, why: "3+2|x| ULP (exp2)"},
	"math.log":   {ulp: 3, abs: 0x1p-21, why: "3 ULP, 2^-21 absolute near 1 (log)"},
	"math.log2":  {ulp: 3, abs: 0x1p-22, why: "3 ULP, 2^-22 absolute near 1 (log2)"},
	"math.sin":   {abs: 0x1p-11, why: "2^-11 absolute (sin)"},
	"math.cos":   {abs: 0x1p-11, why: "2^-11 absolute (cos)"},
	"math.asin":  {ulp: 4096, why: "4096 ULP (asin)"},
	"math.acos":  {ulp: 4096, why: "4096 ULP (acos)"},
	"math.atan":  {ulp: 4096, why: "4096 ULP (atan)"},
	"math.atan2": {ulp: 4096, why: "4096 ULP (atan2)"},
	"math.tan":   {ulp: 4096, why: "4096 ULP (tan, inherited)"},
	"math.powf":  {ulp: 4096, why: "4096 ULP (pow, inherited)"},
	"math.tanh":  {ulp: 4096, why: "4096 ULP (tanh, inherited)"},
	"math.sinh":  {ulp: 4096, why: "4096 ULP (sinh, inherited)"},
	"math.cosh":  {ulp: 4096, why: "4096 ULP (cosh, inherited)"},
	"math.erf":   {ulp: 4096, why: "4096 ULP (erf, inherited)"},
	"math.log10": {ulp: 4096, why: "4096 ULP (log10, inherited)"},
	"math.log1p": {ulp: 4096, why: "4096 ULP (log1p, inherited)"},
	"math.expm1": {ulp: 4096, why: "4096 ULP (expm1, inherited)"},
	"math.cbrt":  {ulp: 4096, why: "4096 ULP (cbrt, inherited)"},
	"math.fpowi": {ulp: 4096, why: "4096 ULP (fpowi, inherited)"},
	"arith.remf": {ulp: 4096, why: "4096 ULP (remf, inherited)"},
}

// kernelTolerance is the loosest bound of fn's operations; reductions
// across a workgroup or subgroup, whose order Vulkan leaves open, allow
// an ULP per workgroup invocation.
func kernelTolerance(fn *ir.Operation) tolerance {
	t := tolerance{why: "exact: the kernel's float operations are correctly rounded"}
	fn.Walk(func(op *ir.Operation) bool {
		p, ok := opPrecision[op.Name()]
		if op.Name() == "gpu.all_reduce" || op.Name() == "gpu.subgroup_reduce" {
			n := 1.0
			for _, v := range spirvEntryPointSize(fn) {
				n *= float64(v)
			}
			p, ok = tolerance{ulp: n, why: fmt.Sprintf("%g ULP (a reduction over %g invocations, in any order)", n, n)}, true
		}
		if ok && (p.ulp > t.ulp || p.abs > t.abs || p.expULP && !t.expULP) {
			t = tolerance{ulp: max(p.ulp, t.ulp), abs: max(p.abs, t.abs), expULP: p.expULP || t.expULP, why: p.why}
		}
		return true
	})
	return t
}

// match compares a device value with the reference's.
func (t tolerance) match(typ ir.Type, got, want interp.Scalar) (bool, string) {
	if want.Poison {
		return true, ""
	}
	if !ir.IsFloat(typ) {
		return got.Bits == want.Bits, "integers match exactly"
	}
	g, w := got.F, want.F
	if math.IsNaN(w) || math.IsNaN(g) {
		return math.IsNaN(w) && math.IsNaN(g), "NaN matches NaN"
	}
	if g == w {
		return true, ""
	}
	ulps := t.ulp
	if t.expULP {
		ulps += 2 * math.Abs(math.Log2(math.Abs(w)))
	}
	d := math.Abs(g - w)
	ok := d <= ulps*ulp(typ, w) || d <= t.abs
	why := "tolerance " + t.why
	if t.ulp == 0 && t.abs == 0 && !t.expULP {
		why = t.why
	}
	return ok, why
}

// ulp is the spacing of typ's floats at v.
func ulp(typ ir.Type, v float64) float64 {
	mant := 52
	if ft, ok := typ.(*ir.FloatType); ok {
		switch {
		case ft.Kind == ir.BF16:
			mant = 7
		case ft.Width() == 16:
			mant = 10
		case ft.Width() == 32:
			mant = 23
		}
	}
	_, e := math.Frexp(math.Abs(v))
	if v == 0 {
		e = -125
	}
	return math.Ldexp(1, e-1-mant)
}

// fitIndex gives an argument's bytes as the device holds them: an index
// memref narrowed to i32 elements when the lowered block says so (narrow
// reports it), a scalar index cut to the block's size.
func fitIndex(a interp.Value, data []byte, blockSize int64) (_ []byte, narrow bool) {
	mr, ok := a.(*interp.MemRef)
	if !ok {
		if blockSize > 0 && int64(len(data)) > blockSize {
			return data[:blockSize], false // a scalar index lowered to i32
		}
		return data, false
	}
	if narrowIndex(mr, int64(len(data)), blockSize) {
		return narrowed(data), true
	}
	return data, false
}
