package main

import (
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/kiln-gpu/kiln/interp"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/npy"
)

// The values of kiln run's --input, --output and --expected_output, as
// iree-run-module writes them: TYPE=VALUES, where TYPE is a shape and an
// element type (2x2xf32, or f32 for a scalar) and VALUES the elements in
// row-major order, separated by commas, spaces or brackets (so that a
// printed result reads back), or @FILE.npy.

// hostValue is one value: its element type, shape and elements,
// little-endian, interp.ElementSize bytes each.
type hostValue struct {
	elem  ir.Type
	shape []int64
	data  []byte
}

// parseValue reads a value spec; files are read up to limit bytes.
func parseValue(ctx *ir.Context, spec string, limit int64) (*hostValue, error) {
	if path, ok := strings.CutPrefix(spec, "@"); ok {
		return readNpy(ctx, path, limit)
	}
	typ, vals, ok := strings.Cut(spec, "=")
	if !ok {
		return nil, fmt.Errorf("want TYPE=VALUES (e.g. 2x2xf32=1,2,3,4 or f32=1.5) or @FILE.npy")
	}
	// The dimensions are the leading NNNx: index and 4xindex hold an x too.
	v := &hostValue{shape: []int64{}}
	rest, n := typ, int64(1)
	for {
		i := strings.IndexFunc(rest, func(r rune) bool { return r < '0' || r > '9' })
		if i <= 0 || rest[i] != 'x' {
			break
		}
		d, err := strconv.ParseInt(rest[:i], 10, 64)
		if err != nil || (d != 0 && n > math.MaxInt64/d) {
			return nil, fmt.Errorf("the shape '%s' is too large", typ)
		}
		n *= d
		v.shape = append(v.shape, d)
		rest = rest[i+1:]
	}
	elem, err := ir.ParseTypeString(ctx, rest)
	if err != nil || !isNumber(elem) {
		return nil, fmt.Errorf("'%s' is not an element type kiln run reads (i1 to i64, index, f16, bf16, f32, f64)", rest)
	}
	v.elem = elem
	fields := strings.FieldsFunc(vals, func(r rune) bool { return r == ',' || r == '[' || r == ']' || r == ' ' || r == '\t' || r == '\n' })
	if int64(len(fields)) != n {
		return nil, fmt.Errorf("%d values for %d elements", len(fields), n)
	}
	size := interp.ElementSize(elem)
	v.data = make([]byte, 0, n*int64(size))
	for _, f := range fields {
		bits, err := parseElem(elem, f)
		if err != nil {
			return nil, err
		}
		v.data = binary.LittleEndian.AppendUint64(v.data, bits)[:len(v.data)+size]
	}
	return v, nil
}

// isNumber reports whether kiln run reads and prints values of type t:
// integers of 1 to 64 bits, index, and f16, bf16, f32 and f64.
func isNumber(t ir.Type) bool {
	switch t := t.(type) {
	case *ir.IntegerType:
		return t.Width >= 1 && t.Width <= 64
	case *ir.IndexType:
		return true
	case *ir.FloatType:
		return t.Kind == ir.F16 || t.Kind == ir.BF16 || t.Kind == ir.F32 || t.Kind == ir.F64
	}
	return false
}

// parseElem returns the bits of one element written as text.
func parseElem(t ir.Type, s string) (uint64, error) {
	if ft, ok := t.(*ir.FloatType); ok {
		f, err := strconv.ParseFloat(s, 64)
		if err != nil && !isRangeErr(err) {
			return 0, fmt.Errorf("'%s' is not a %s", s, ir.TypeString(t))
		}
		return ir.FloatBits(ft.Kind, f), nil
	}
	w := ir.IntOrFloatBitWidth(t)
	if _, ok := t.(*ir.IndexType); ok {
		w = 64
	}
	if w == 1 && (s == "true" || s == "false") {
		return map[string]uint64{"true": 1, "false": 0}[s], nil
	}
	// Signed or unsigned, as long as the bits fit.
	if i, err := strconv.ParseInt(s, 0, 64); err == nil && (w == 64 || (i >= -1<<(w-1) && i < 1<<w)) {
		return uint64(i) & mask(w), nil
	}
	if u, err := strconv.ParseUint(s, 0, 64); err == nil && (w == 64 || u < 1<<w) {
		return u, nil
	}
	return 0, fmt.Errorf("'%s' is not a %s", s, ir.TypeString(t))
}

func isRangeErr(err error) bool {
	ne, ok := err.(*strconv.NumError)
	return ok && ne.Err == strconv.ErrRange
}

func mask(w int) uint64 {
	if w >= 64 {
		return math.MaxUint64
	}
	return 1<<w - 1
}

// npyElem maps .npy element types to MLIR's and back: .npy has no index
// (i64 stands for it) and writes signed integers as iN.
func npyElem(t ir.Type) (string, bool) {
	s := ir.TypeString(t)
	if _, ok := t.(*ir.IndexType); ok {
		return "i64", true
	}
	s = strings.TrimPrefix(s, "s")
	return s, npy.ElemSize(s) > 0
}

// readNpy reads a .npy file of at most limit bytes.
func readNpy(ctx *ir.Context, path string, limit int64) (*hostValue, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > limit {
		return nil, fmt.Errorf("%s: the file is over the limit of %d bytes (raise it with %s=SIZE)", path, limit, maxInputFlag)
	}
	a, err := npy.Decode(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	elem, err := ir.ParseTypeString(ctx, a.Elem)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return &hostValue{elem: elem, shape: a.Shape, data: a.Data}, nil
}

// writeNpy writes v as a .npy file.
func writeNpy(path string, v *hostValue) error {
	elem, ok := npyElem(v.elem)
	if !ok {
		return fmt.Errorf(".npy files cannot hold %s elements", ir.TypeString(v.elem))
	}
	data, err := npy.Encode(&npy.Array{Elem: elem, Shape: v.shape, Data: v.data})
	if err != nil {
		return err
	}
	return os.WriteFile(path, data, 0o644)
}

// typeName is v's type as TYPE=VALUES writes it: 2x2xf32, or f32.
func (v *hostValue) typeName() string {
	var b strings.Builder
	for _, d := range v.shape {
		fmt.Fprintf(&b, "%dx", d)
	}
	return b.String() + ir.TypeString(v.elem)
}

// sameElem reports whether values of element type a can stand for ones of
// element type b: the same type, or integers (index: 64 bits) of the
// same width, whose signedness is the ops' choice.
func sameElem(a, b ir.Type) bool {
	if ir.TypeString(a) == ir.TypeString(b) {
		return true
	}
	_, af := a.(*ir.FloatType)
	_, bf := b.(*ir.FloatType)
	return !af && !bf && intWidth(a) == intWidth(b)
}

func intWidth(t ir.Type) int {
	if _, ok := t.(*ir.IndexType); ok {
		return 64
	}
	return ir.IntOrFloatBitWidth(t)
}

// argument makes the argument of type t from v.
func (v *hostValue) argument(t ir.Type) (interp.Value, error) {
	if mt, ok := t.(*ir.MemRefType); ok {
		if !sameElem(v.elem, mt.Elem) {
			return nil, fmt.Errorf("a %s for a parameter of type %s", v.typeName(), ir.TypeString(t))
		}
		mr := interp.NewMemRef(mt.Elem, v.shape, nil)
		if err := mr.SetBytes(v.data); err != nil {
			return nil, err
		}
		return mr, nil
	}
	if !isNumber(t) || len(v.shape) > 0 || !sameElem(v.elem, t) {
		return nil, fmt.Errorf("a %s for a parameter of type %s", v.typeName(), ir.TypeString(t))
	}
	return scalarAt(t, v.data, 0), nil
}

// bitsAt returns element i of data, of type t.
func bitsAt(t ir.Type, data []byte, i int) uint64 {
	n := interp.ElementSize(t)
	var b [8]byte
	copy(b[:], data[i*n:(i+1)*n])
	return binary.LittleEndian.Uint64(b[:])
}

func scalarAt(t ir.Type, data []byte, i int) interp.Scalar {
	bits := bitsAt(t, data, i)
	if ft, ok := t.(*ir.FloatType); ok {
		return interp.Scalar{F: ir.FloatFromBits(ft.Kind, bits)}
	}
	return interp.Scalar{Bits: bits}
}

// resultValue is result v of type t.
func resultValue(t ir.Type, v interp.Value) (*hostValue, error) {
	switch v := v.(type) {
	case *interp.MemRef:
		if !isNumber(v.Elem) {
			break
		}
		return &hostValue{elem: v.Elem, shape: v.Sizes, data: v.Bytes()}, nil
	case interp.Scalar:
		if !isNumber(t) {
			break
		}
		bits := v.Bits
		if ft, ok := t.(*ir.FloatType); ok {
			bits = ir.FloatBits(ft.Kind, v.F)
		}
		data := binary.LittleEndian.AppendUint64(nil, bits)[:interp.ElementSize(t)]
		return &hostValue{elem: t, shape: []int64{}, data: data}, nil
	}
	return nil, fmt.Errorf("a result of type %s: kiln run prints memrefs of and scalars of i1 to i64, index, f16, bf16, f32 and f64", ir.TypeString(t))
}

// format writes v as iree-run-module does: TYPE=VALUES, the elements of
// each row separated by spaces and the rows, past the first dimension, in
// brackets: 4xf32=1 2 3 4, 2x2xf32=[1 2][3 4].
func (v *hostValue) format() string {
	var b strings.Builder
	b.WriteString(v.typeName() + "=")
	if len(v.data) == 0 {
		// No elements: nothing to bracket (555555550x3x0xf32 would be
		// 1.7 billion pairs of brackets around nothing).
		return b.String()
	}
	i := 0
	var dim func(d int)
	dim = func(d int) {
		if d == len(v.shape) {
			b.WriteString(v.elemString(i))
			i++
			return
		}
		if d > 0 {
			b.WriteByte('[')
		}
		for j := int64(0); j < v.shape[d]; j++ {
			if j > 0 && d == len(v.shape)-1 {
				b.WriteByte(' ')
			}
			dim(d + 1)
		}
		if d > 0 {
			b.WriteByte(']')
		}
	}
	dim(0)
	return b.String()
}

// elemString formats element i: floats in the fewest digits that read
// back, integers signed unless the type is unsigned.
func (v *hostValue) elemString(i int) string {
	bits := bitsAt(v.elem, v.data, i)
	if ft, ok := v.elem.(*ir.FloatType); ok {
		size := 64
		if ft.Kind != ir.F64 {
			size = 32
		}
		return strconv.FormatFloat(ir.FloatFromBits(ft.Kind, bits), 'g', -1, size)
	}
	w := intWidth(v.elem)
	if it, ok := v.elem.(*ir.IntegerType); (ok && it.Signedness == ir.Unsigned) || w == 1 {
		return strconv.FormatUint(bits&mask(w), 10)
	}
	return strconv.FormatInt(int64(bits<<(64-w))>>(64-w), 10)
}

// mismatch compares result got with want: the same type and shape, equal
// integers, floats within tol of each other (NaN matches NaN). It
// describes the first difference, or returns "".
func mismatch(got, want *hostValue, tol float64) string {
	if !sameElem(got.elem, want.elem) || !slices.Equal(got.shape, want.shape) {
		return fmt.Sprintf("has type %s, expected %s", got.typeName(), want.typeName())
	}
	at := func(i int) string {
		if len(got.shape) == 0 {
			return ""
		}
		return "element " + index(got.shape, i) + " "
	}
	n := len(got.data) / max(interp.ElementSize(got.elem), 1)
	for i := range n {
		g, w := bitsAt(got.elem, got.data, i), bitsAt(want.elem, want.data, i)
		if ft, ok := got.elem.(*ir.FloatType); ok {
			gf, wf := ir.FloatFromBits(ft.Kind, g), ir.FloatFromBits(ft.Kind, w)
			if gf == wf || math.Abs(gf-wf) <= tol || (math.IsNaN(gf) && math.IsNaN(wf)) {
				continue
			}
			return fmt.Sprintf("%sis %s, expected %s (tolerance %g)", at(i), got.elemString(i), want.elemString(i), tol)
		}
		if m := mask(intWidth(got.elem)); g&m != w&m {
			return fmt.Sprintf("%sis %s, expected %s", at(i), got.elemString(i), want.elemString(i))
		}
	}
	return ""
}

// index writes the row-major position i in shape as [i, j, ...].
func index(shape []int64, i int) string {
	idx := make([]string, len(shape))
	for d := len(shape) - 1; d >= 0; d-- {
		idx[d] = strconv.FormatInt(int64(i)%shape[d], 10)
		i /= int(shape[d])
	}
	return "[" + strings.Join(idx, ", ") + "]"
}

// hostIO is kiln run's arguments and results of the entry function.
type hostIO struct {
	inputs, outputs, expected []string
	tolerance                 float64
	limit                     int64 // of each .npy file read
}

// signature returns the entry function's type, nil when there is no such
// function (runner.Run reports it).
func signature(mod *ir.Operation, entry string) *ir.FunctionType {
	if fn := ir.LookupSymbol(mod, entry); fn != nil {
		return ir.FunctionTypeOf(fn)
	}
	return nil
}

// arguments reads the --input values for the entry function's
// parameters; code is the exit status when that fails, else -1.
func (h *hostIO) arguments(ctx *ir.Context, mod *ir.Operation, entry string, stderr io.Writer) (args []interp.Value, code int) {
	ft := signature(mod, entry)
	if ft == nil {
		return nil, -1
	}
	if len(h.inputs) != len(ft.Inputs) {
		fmt.Fprintf(stderr, "kiln run: '%s' takes %d %s, and %d --input %s given\n", entry, len(ft.Inputs), plural(len(ft.Inputs), "argument", "arguments"), len(h.inputs), plural(len(h.inputs), "was", "were"))
		return nil, 2
	}
	for i, spec := range h.inputs {
		v, err := parseValue(ctx, spec, h.limit)
		if err == nil {
			var a interp.Value
			if a, err = v.argument(ft.Inputs[i]); err == nil {
				args = append(args, a)
				continue
			}
		}
		fmt.Fprintf(stderr, "kiln run: --input=%s: %v\n", spec, err)
		return nil, 2
	}
	return args, -1
}

func plural(n int, one, more string) string {
	if n == 1 {
		return one
	}
	return more
}

// results writes each result to its --output file or prints it, then
// compares the results with --expected_output; it returns the exit
// status.
func (h *hostIO) results(ctx *ir.Context, mod *ir.Operation, entry string, res []interp.Value, stdout, stderr io.Writer) int {
	if len(res) == 0 && len(h.outputs) == 0 && len(h.expected) == 0 {
		return 0
	}
	ft := signature(mod, entry)
	if ft == nil || len(ft.Results) != len(res) {
		fmt.Fprintf(stderr, "kiln run: '%s' has no function type for its %d results\n", entry, len(res))
		return 1
	}
	if len(h.outputs) > len(res) {
		fmt.Fprintf(stderr, "kiln run: %d --output for the %d results of '%s'\n", len(h.outputs), len(res), entry)
		return 2
	}
	if len(h.expected) > 0 && len(h.expected) != len(res) {
		fmt.Fprintf(stderr, "kiln run: %d --expected_output for the %d results of '%s'\n", len(h.expected), len(res), entry)
		return 2
	}
	vals := make([]*hostValue, len(res))
	for i, r := range res {
		v, err := resultValue(ft.Results[i], r)
		if err != nil {
			fmt.Fprintf(stderr, "kiln run: result[%d]: %v\n", i, err)
			return 1
		}
		vals[i] = v
		out := "-"
		if i < len(h.outputs) {
			out = h.outputs[i]
		}
		if path, ok := strings.CutPrefix(out, "@"); ok {
			if err := writeNpy(path, v); err != nil {
				fmt.Fprintf(stderr, "kiln run: --output=%s: %v\n", out, err)
				return 1
			}
		} else if out == "-" {
			fmt.Fprintf(stdout, "result[%d]: %s\n", i, v.format())
		} else {
			fmt.Fprintf(stderr, "kiln run: --output=%s: want @FILE.npy or -\n", out)
			return 2
		}
	}
	if len(h.expected) == 0 {
		return 0
	}
	failed := false
	for i, spec := range h.expected {
		want, err := parseValue(ctx, spec, h.limit)
		if err != nil {
			fmt.Fprintf(stderr, "kiln run: --expected_output=%s: %v\n", spec, err)
			return 2
		}
		if msg := mismatch(vals[i], want, h.tolerance); msg != "" {
			fmt.Fprintf(stderr, "kiln run: result[%d]: %s\n", i, msg)
			failed = true
		}
	}
	if failed {
		return 1
	}
	fmt.Fprintf(stdout, "kiln run: all %d results match the expected outputs\n", len(res))
	return 0
}
