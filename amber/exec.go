package amber

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/kiln-gpu/kiln/runtime/compute"
	"github.com/kiln-gpu/kiln/runtime/vulkan"
)

// A Mismatch is an EXPECT that did not hold: the first value that
// differs, or for RMSE_BUFFER the error found.
type Mismatch struct {
	File string
	Pos
	Buffer    string
	Index     int    // value index within the EXPECT (element index for EQ_BUFFER)
	Offset    uint64 // byte offset of the value in the buffer
	Cmp       Comparator
	Got, Want string
	Tolerance string // "" when none applies
	// Detail is set when the buffers cannot be compared value by value.
	Detail string
}

func (m *Mismatch) Error() string {
	msg := fmt.Sprintf("%s:%d:%d: EXPECT %s %s failed: ", m.File, m.Line, m.Col, m.Buffer, m.Cmp)
	if m.Detail != "" {
		return msg + m.Detail
	}
	msg += fmt.Sprintf("buffer %s, index %d (byte %d): got %s, want %s", m.Buffer, m.Index, m.Offset, m.Got, m.Want)
	if m.Tolerance != "" {
		msg += ", tolerance " + m.Tolerance
	}
	return msg
}

// Run executes the script on dev: it checks that the device has every feature
// and extension the script and its shaders need (an *UnsupportedError
// when not, before anything runs), compiles the shaders with c, then
// runs the commands in order. The first EXPECT that fails ends the run
// with a *Mismatch; other errors (a shader that does not compile, a
// kernel the runtime refuses) are returned as they are.
func (s *Script) Run(ctx context.Context, dev *vulkan.Device, c *Compiler) error {
	return s.run(ctx, vulkanBackend{dev}, c)
}

func (s *Script) run(ctx context.Context, dev backend, c *Compiler) error {
	if c == nil {
		c = &Compiler{}
	}
	if err := dev.requirements(s); err != nil {
		return err
	}
	x := &execution{ctx: ctx, s: s, dev: dev, buffers: map[*Buffer]buffer{}, kernels: map[*Pipeline]kernel{}}
	defer x.free()
	code := map[*Pipeline][]uint32{}
	for _, pl := range sortedPipelines(s) {
		words, err := c.Compile(ctx, s.File, pl.Shader, pl.Optimize, dev.gl())
		if err != nil {
			return err
		}
		if err := dev.module(s, pl, words); err != nil {
			return err
		}
		code[pl] = words
	}
	for _, b := range s.Buffers {
		if len(b.Data) == 0 {
			continue
		}
		vb, err := dev.newBuffer(uint64(len(b.Data)))
		if err != nil {
			return fmt.Errorf("%s:%d:%d: BUFFER %s: %w", s.File, b.Line, b.Col, b.Name, err)
		}
		x.buffers[b] = vb
		if err := vb.Write(0, b.Data); err != nil {
			return err
		}
	}
	for _, pl := range sortedPipelines(s) {
		if err := x.kernel(pl, code[pl]); err != nil {
			return err
		}
	}
	return x.commands(s.Commands)
}

func sortedPipelines(s *Script) []*Pipeline {
	var pls []*Pipeline
	for _, pl := range s.Pipelines {
		pls = append(pls, pl)
	}
	slices.SortFunc(pls, func(a, b *Pipeline) int { return a.Line - b.Line })
	return pls
}

// A backend is the API a script runs on: Vulkan or OpenGL.
type backend interface {
	// gl reports whether GLSL compiles for OpenGL.
	gl() bool
	// requirements reports the first DEVICE_FEATURE or extension of
	// the script the device lacks, as an *UnsupportedError.
	requirements(s *Script) error
	// module reports what a pipeline's SPIR-V needs that the device
	// lacks, as an *UnsupportedError, before the driver sees it.
	module(s *Script, pl *Pipeline, words []uint32) error
	newBuffer(size uint64) (buffer, error)
	// newKernel builds pl's pipeline with its bindings' buffers.
	newKernel(pl *Pipeline, words []uint32, bufs map[*Buffer]buffer) (kernel, error)
}

// buffer is a device buffer of either runtime.
type buffer interface {
	Size() uint64
	Read(off uint64, dst []byte) error
	Write(off uint64, src []byte) error
	Free()
}

// kernel is a pipeline with its buffers bound.
type kernel interface {
	dispatch(groups [3]uint32, push []byte) error
	free()
}

type execution struct {
	ctx     context.Context
	s       *Script
	dev     backend
	buffers map[*Buffer]buffer
	kernels map[*Pipeline]kernel
}

func (x *execution) free() {
	for _, k := range x.kernels {
		k.free()
	}
	for _, b := range x.buffers {
		b.Free()
	}
}

func (x *execution) errorf(p Pos, format string, args ...any) error {
	return fmt.Errorf("%s:%d:%d: %s", x.s.File, p.Line, p.Col, fmt.Sprintf(format, args...))
}

func (x *execution) kernel(pl *Pipeline, words []uint32) error {
	for _, b := range pl.Bindings {
		if x.buffers[b.Buffer] == nil {
			return x.errorf(b.Pos, "buffer %s has no size to bind", b.Buffer.Name)
		}
	}
	k, err := x.dev.newKernel(pl, words, x.buffers)
	if errors.Is(err, compute.ErrUnsupported) {
		return &UnsupportedError{File: x.s.File, Pos: pl.Pos, What: fmt.Sprintf("PIPELINE %s: %v", pl.Name, err)}
	}
	if err != nil {
		return x.errorf(pl.Pos, "PIPELINE %s: %v", pl.Name, err)
	}
	x.kernels[pl] = k
	return nil
}

func (x *execution) commands(cmds []Command) error {
	for _, c := range cmds {
		if err := x.ctx.Err(); err != nil {
			return err
		}
		var err error
		switch c := c.(type) {
		case *Run:
			err = x.run(c)
		case *Expect:
			err = x.expect(c)
		case *Copy:
			err = x.copy(c)
		case *Repeat:
			for i := 0; i < c.Count && err == nil; i++ {
				err = x.commands(c.Commands)
			}
		default: // a command the parser makes but this switch forgot
			err = x.errorf(c.pos(), "internal error: no execution for %T", c)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

func (x *execution) run(r *Run) error {
	pl := r.Pipeline
	var push []byte
	if pl.Push != nil {
		data, err := x.read(pl.Push)
		if err != nil {
			return err
		}
		push = make([]byte, (len(data)+3)&^3)
		copy(push, data)
	}
	if err := x.kernels[pl].dispatch(r.Groups, push); err != nil {
		return x.errorf(r.Pos, "RUN %s: %v", pl.Name, err)
	}
	return nil
}

// read returns a buffer's current contents.
func (x *execution) read(b *Buffer) ([]byte, error) {
	vb := x.buffers[b]
	if vb == nil {
		return nil, nil
	}
	data := make([]byte, vb.Size())
	return data, vb.Read(0, data)
}

func (x *execution) copy(c *Copy) error {
	data, err := x.read(c.From)
	if err != nil {
		return err
	}
	to := x.buffers[c.To]
	if to == nil || to.Size() != uint64(len(data)) {
		return x.errorf(c.Pos, "COPY %s TO %s: the buffers differ in size", c.From.Name, c.To.Name)
	}
	return to.Write(0, data)
}

func (x *execution) expect(e *Expect) error {
	got, err := x.read(e.Buffer)
	if err != nil {
		return err
	}
	m := &Mismatch{File: x.s.File, Pos: e.Pos, Buffer: e.Buffer.Name, Cmp: e.Cmp}
	if e.Other != nil {
		want, err := x.read(e.Other)
		if err != nil {
			return err
		}
		if e.Cmp == RMSEBuffer {
			return rmse(m, e, got, want)
		}
		return equalBuffers(m, e.Buffer.Type, got, want, e.Other.Name)
	}
	sc := e.Buffer.Type.Scalar
	size := uint64(sc.Size())
	if end := e.Offset + uint64(len(e.Values))*size; end > uint64(len(got)) {
		m.Detail = fmt.Sprintf("bytes [%d, %d) are outside buffer %s of %d bytes", e.Offset, end, e.Buffer.Name, len(got))
		return m
	}
	var tol *Tolerance
	if len(e.Tolerances) > 0 {
		tol = &e.Tolerances[0]
		m.Tolerance = tol.String()
	}
	for i, v := range e.Values {
		off := e.Offset + uint64(i)*size
		if ok, g, w := compare(sc, got[off:], v, e.Cmp, tol); !ok {
			m.Index, m.Offset, m.Got, m.Want = i, off, g, w
			return m
		}
	}
	return nil
}

// epsilon is Amber's relative tolerance, in percent, of float EQ and NE
// without TOLERANCE.
const epsilon = 0.000001

// compare checks the value of type sc at b against want, which is first
// rounded to sc as Amber does; it returns the two as text.
func compare(sc Scalar, b []byte, want Value, cmp Comparator, tol *Tolerance) (bool, string, string) {
	var wb [8]byte
	if sc.IsFloat() {
		sc.putFloat(wb[:], want.Float)
		gf, _ := sc.load(b)
		wf, _ := sc.load(wb[:])
		g, w := fmt.Sprint(gf), fmt.Sprint(wf)
		switch cmp {
		case EQ:
			t := Tolerance{Value: epsilon, Percent: true}
			if tol != nil {
				t = *tol
			}
			return within(gf, wf, t), g, w
		case NE:
			return !within(gf, wf, Tolerance{Value: epsilon, Percent: true}), g, w
		case LT:
			return gf < wf, g, w
		case LE:
			return gf <= wf, g, w
		case GT:
			return gf > wf, g, w
		}
		return gf >= wf, g, w
	}
	sc.putInt(wb[:], want.Int)
	_, gi := sc.load(b)
	_, wi := sc.load(wb[:])
	g, w := fmt.Sprint(gi), fmt.Sprint(wi)
	if !sc.signed() {
		g, w = fmt.Sprint(uint64(gi)), fmt.Sprint(uint64(wi))
	}
	if tol != nil {
		return within(float64(gi), float64(wi), *tol), g, w
	}
	less := func(a, b int64) bool {
		if sc.signed() {
			return a < b
		}
		return uint64(a) < uint64(b)
	}
	switch cmp {
	case EQ:
		return gi == wi, g, w
	case NE:
		return gi != wi, g, w
	case LT:
		return less(gi, wi), g, w
	case LE:
		return !less(wi, gi), g, w
	case GT:
		return less(wi, gi), g, w
	}
	return !less(gi, wi), g, w
}

func within(got, want float64, t Tolerance) bool {
	d := math.Abs(got - want)
	if t.Percent {
		return d <= t.Value/100*math.Abs(want)
	}
	return d <= t.Value
}

// equalBuffers compares two buffers of type dt value by value (padding
// is not compared).
func equalBuffers(m *Mismatch, dt *DataType, got, want []byte, other string) error {
	if len(got) != len(want) {
		m.Detail = fmt.Sprintf("buffer %s has %d bytes, buffer %s %d", m.Buffer, len(got), other, len(want))
		return m
	}
	n, size := dt.Components(), dt.Size()
	for e := 0; e*size < len(got); e++ {
		for i := range n {
			off := e*size + dt.componentOffset(i)
			end := off + dt.Scalar.Size()
			if !bytes.Equal(got[off:end], want[off:end]) {
				m.Index, m.Offset = e*n+i, uint64(off)
				m.Got, m.Want = formatScalar(dt.Scalar, got[off:]), formatScalar(dt.Scalar, want[off:])+" (from "+other+")"
				return m
			}
		}
	}
	return nil
}

func formatScalar(sc Scalar, b []byte) string {
	f, i := sc.load(b)
	switch {
	case sc.IsFloat():
		return fmt.Sprint(f)
	case sc.signed():
		return fmt.Sprint(i)
	}
	return fmt.Sprint(uint64(i))
}

func scalarFloat(sc Scalar, b []byte) float64 {
	f, i := sc.load(b)
	switch {
	case sc.IsFloat():
		return f
	case sc.signed():
		return float64(i)
	}
	return float64(uint64(i))
}

// rmse checks the root-mean-square error of two buffers' values against
// the EXPECT's tolerance.
func rmse(m *Mismatch, e *Expect, got, want []byte) error {
	if len(got) != len(want) {
		m.Detail = fmt.Sprintf("buffer %s has %d bytes, buffer %s %d", m.Buffer, len(got), e.Other.Name, len(want))
		return m
	}
	dt := e.Buffer.Type
	n, size := dt.Components(), dt.Size()
	sum, count := 0.0, 0
	for el := 0; el*size < len(got); el++ {
		for i := range n {
			off := el*size + dt.componentOffset(i)
			d := scalarFloat(dt.Scalar, got[off:]) - scalarFloat(dt.Scalar, want[off:])
			sum += d * d
			count++
		}
	}
	if count == 0 {
		m.Detail = fmt.Sprintf("buffers %s and %s are empty", m.Buffer, e.Other.Name)
		return m
	}
	r := math.Sqrt(sum / float64(count))
	if r > e.Tolerances[0].Value {
		m.Detail = fmt.Sprintf("the RMSE of buffers %s and %s is %g, over the tolerance %s", m.Buffer, e.Other.Name, r, e.Tolerances[0])
		return m
	}
	return nil
}
