package amber

import (
	"fmt"
	"io"
	"iter"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// Parse reads an AmberScript file. Files a script names (SHADER ... FILE,
// BUFFER ... FILE) are read relative to its directory. The error is an
// *Error for a malformed script, an *UnsupportedError for the first
// statement outside the compute subset.
func Parse(file string, src []byte) (s *Script, err error) {
	p := &parser{file: file, lex: newLexer(string(src)), s: &Script{
		File:      file,
		Shaders:   map[string]*Shader{},
		Buffers:   map[string]*Buffer{},
		Pipelines: map[string]*Pipeline{},
	}}
	defer func() {
		if r := recover(); r != nil {
			stop, ok := r.(parseStop)
			if !ok {
				panic(r)
			}
			s, err = nil, stop.err
		}
	}()
	first, _, _ := strings.Cut(string(src), "\n")
	if strings.TrimSpace(first) != "#!amber" {
		p.errorf(Pos{1, 1}, "not an AmberScript file: the first line must be #!amber")
	}
	p.script()
	return p.s, nil
}

// parseStop carries the error that ends a parse through panic, so that
// the recursive descent need not check errors at every word.
type parseStop struct{ err error }

type parser struct {
	file string
	lex  *lexer
	s    *Script
}

func (p *parser) errorf(pos Pos, format string, args ...any) {
	panic(parseStop{&Error{File: p.file, Pos: pos, Msg: fmt.Sprintf(format, args...)}})
}

func (p *parser) unsupported(pos Pos, format string, args ...any) {
	panic(parseStop{&UnsupportedError{File: p.file, Pos: pos, What: fmt.Sprintf(format, args...)}})
}

// word returns the next word of the statement, which must be there.
func (p *parser) word(what string) token {
	t := p.lex.next()
	if t.eol || t.eof {
		p.errorf(t.pos, "expected %s", what)
	}
	return t
}

// keyword consumes the word kw.
func (p *parser) keyword(kw string) token {
	t := p.word(kw)
	if t.text != kw {
		p.errorf(t.pos, "expected %s, got %q", kw, t.text)
	}
	return t
}

// accept consumes the next word when it is kw.
func (p *parser) accept(kw string) bool {
	if t := p.lex.peek(); !t.eol && !t.eof && t.text == kw {
		p.lex.next()
		return true
	}
	return false
}

// end consumes the end of a statement's line.
func (p *parser) end() {
	t := p.lex.next()
	if !t.eol && !t.eof {
		p.errorf(t.pos, "unexpected %q at the end of the statement", t.text)
	}
}

func (p *parser) uint(what string, bits int) (uint64, token) {
	t := p.word(what)
	v, err := strconv.ParseUint(t.text, 0, bits)
	if err != nil {
		p.errorf(t.pos, "expected %s (an unsigned integer), got %q", what, t.text)
	}
	return v, t
}

// skipBlank consumes empty lines and returns the next word's token.
func (p *parser) skipBlank() token {
	for {
		t := p.lex.peek()
		if !t.eol {
			return t
		}
		p.lex.next()
	}
}

// unsupportedStatements are AmberScript statements outside the compute
// subset, with what they are for.
var unsupportedStatements = map[string]string{
	"IMAGE":                  "images",
	"SAMPLER":                "samplers",
	"DERIVE_PIPELINE":        "derived graphics pipelines",
	"CLEAR_COLOR":            "graphics clears",
	"CLEAR_DEPTH":            "graphics clears",
	"CLEAR_STENCIL":          "graphics clears",
	"DEVICE_PROPERTY":        "device property requirements",
	"STRUCT":                 "structure data types",
	"DEBUG":                  "shader debugging",
	"VIRTUAL_FILE":           "virtual files",
	"ACCELERATION_STRUCTURE": "ray tracing",
	"SHADER_BINDING_TABLE":   "ray tracing",
}

func (p *parser) script() {
	for {
		t := p.skipBlank()
		if t.eof {
			return
		}
		p.lex.next()
		switch t.text {
		case "SHADER":
			p.shader(t)
		case "BUFFER":
			p.buffer(t)
		case "PIPELINE":
			p.pipeline(t)
		case "DEVICE_FEATURE":
			n := p.word("a feature name")
			p.s.Features = append(p.s.Features, Requirement{Pos: n.pos, Name: n.text})
			p.end()
		case "DEVICE_EXTENSION", "INSTANCE_EXTENSION":
			n := p.word("an extension name")
			p.s.Extensions = append(p.s.Extensions, Requirement{Pos: n.pos, Name: n.text, Instance: t.text == "INSTANCE_EXTENSION"})
			p.end()
		case "SET":
			// SET ENGINE_DATA fence_timeout_ms N: `kiln test --timeout` bounds tests instead.
			what := p.word("ENGINE_DATA")
			if what.text != "ENGINE_DATA" {
				p.unsupported(t.pos, "SET %s", what.text)
			}
			p.keyword("fence_timeout_ms")
			p.uint("a timeout in milliseconds", 32)
			p.end()
		default:
			if c := p.command(t); c != nil {
				p.s.Commands = append(p.s.Commands, c)
				continue
			}
			if why, ok := unsupportedStatements[t.text]; ok {
				p.unsupported(t.pos, "%s (%s)", t.text, why)
			}
			p.errorf(t.pos, "unknown statement %q", t.text)
		}
	}
}

// command parses a statement that may appear in REPEAT, returning nil
// when t starts no such statement.
func (p *parser) command(t token) Command {
	switch t.text {
	case "RUN":
		return p.run(t)
	case "EXPECT":
		return p.expect(t)
	case "COPY":
		from := p.bufferRef()
		p.keyword("TO")
		to := p.bufferRef()
		p.end()
		if from == to {
			p.errorf(t.pos, "COPY of buffer %q to itself", from.Name)
		}
		return &Copy{Pos: t.pos, From: from, To: to}
	case "REPEAT":
		n, _ := p.uint("a repeat count", 31)
		p.end()
		r := &Repeat{Pos: t.pos, Count: int(n)}
		for {
			c := p.skipBlank()
			if c.eof {
				p.errorf(t.pos, "REPEAT has no END")
			}
			p.lex.next()
			if c.text == "END" {
				p.end()
				return r
			}
			cmd := p.command(c)
			if cmd == nil {
				if why, ok := unsupportedStatements[c.text]; ok {
					p.unsupported(c.pos, "%s (%s)", c.text, why)
				}
				p.errorf(c.pos, "%q cannot appear in REPEAT", c.text)
			}
			r.Commands = append(r.Commands, cmd)
		}
	case "CLEAR":
		pl := p.pipelineRef()
		p.errorf(t.pos, "CLEAR needs a graphics pipeline; %q is a compute pipeline", pl.Name)
	}
	return nil
}

func (p *parser) shader(t token) {
	kind := p.word("a shader type")
	name := p.word("a shader name")
	format := p.word("a shader format")
	if kind.text != "compute" {
		p.unsupported(kind.pos, "SHADER %s (only compute shaders run)", kind.text)
	}
	if _, dup := p.s.Shaders[name.text]; dup {
		p.errorf(name.pos, "shader %q is defined twice", name.text)
	}
	sh := &Shader{Pos: t.pos, Name: name.text}
	switch format.text {
	case "SPIRV-ASM":
		sh.Format = SPIRVAsm
	case "SPIRV-HEX":
		sh.Format = SPIRVHex
	case "SPIRV-BIN":
		sh.Format = SPIRVBin
	case "GLSL":
		sh.Format = GLSL
	case "HLSL", "OPENCL-C":
		p.unsupported(format.pos, "SHADER %s (%s shaders need a compiler Kiln does not use)", format.text, format.text)
	default:
		p.errorf(format.pos, "unknown shader format %q", format.text)
	}
	file := ""
	for o := range p.words() {
		switch o.text {
		case "TARGET_ENV":
			sh.TargetEnv = p.word("a target environment").text
		case "FILE":
			f := p.word("a file name")
			if f.text == "VIRTUAL" {
				p.unsupported(f.pos, "SHADER ... FILE VIRTUAL (virtual files)")
			}
			file = f.text
			if f.text == "TEXT" || f.text == "BINARY" {
				file = p.word("a file name").text
			}
		default:
			p.errorf(o.pos, "unexpected %q in SHADER", o.text)
		}
	}
	p.end()
	if file != "" {
		data := p.readFile(t.pos, file)
		sh.Source, sh.SourceLine = string(data), 1
	} else {
		src, first, ok := p.lex.rawUntilEnd()
		if !ok {
			p.errorf(t.pos, "SHADER %s has no END", name.text)
		}
		sh.Source, sh.SourceLine = src, first
		if sh.Format == SPIRVBin {
			p.errorf(t.pos, "a SPIRV-BIN shader must come from a FILE")
		}
	}
	p.s.Shaders[name.text] = sh
}

func (p *parser) readFile(pos Pos, name string) []byte {
	path := name
	if !filepath.IsAbs(path) {
		path = filepath.Join(filepath.Dir(p.file), name)
	}
	f, err := os.Open(path)
	if err != nil {
		p.errorf(pos, "%v", err)
	}
	defer f.Close()
	fi, err := f.Stat()
	switch {
	case err != nil:
		p.errorf(pos, "%v", err)
	case !fi.Mode().IsRegular():
		// A device such as /dev/zero would be read until memory runs out.
		p.errorf(pos, "FILE %s is not a regular file", name)
	case fi.Size() > maxFileSize:
		p.errorf(pos, "FILE %s has %d bytes, over the limit of %d", name, fi.Size(), maxFileSize)
	}
	data, err := io.ReadAll(io.LimitReader(f, maxFileSize+1))
	if err != nil {
		p.errorf(pos, "%v", err)
	}
	return data
}

// maxFileSize bounds a file that a script names, as kiln's own inputs are
// bounded: Amber's shaders and buffers are far smaller.
const maxFileSize = 256 << 20

func (p *parser) buffer(t token) {
	name := p.word("a buffer name")
	if _, dup := p.s.Buffers[name.text]; dup {
		p.errorf(name.pos, "buffer %q is defined twice", name.text)
	}
	b := &Buffer{Pos: t.pos, Name: name.text}
	kind := p.word("DATA_TYPE or FORMAT")
	switch kind.text {
	case "DATA_TYPE", "FORMAT":
		ty := p.word("a data type")
		dt, err := parseDataType(ty.text)
		if _, image := err.(errImageFormat); image {
			p.unsupported(ty.pos, "BUFFER of %v", err)
		} else if err != nil {
			p.errorf(ty.pos, "%v", err)
		}
		if kind.text == "FORMAT" {
			dt.Packed = true
		}
		b.Type = dt
	default:
		p.errorf(kind.pos, "expected DATA_TYPE or FORMAT, got %q", kind.text)
	}
	switch l := p.lex.peek(); l.text {
	case "STD430": // the default layout
		p.lex.next()
	case "STD140":
		p.unsupported(l.pos, "BUFFER ... STD140 (std140 data layout)")
	}
	var elems uint64
	sized := false
	for o := range p.words() {
		switch o.text {
		case "DATA":
			b.Data = p.values(b.Type, o, p.dataValues(o))
			p.s.Buffers[b.Name] = b
			return
		case "SIZE":
			elems, _ = p.uint("a size in elements", 32)
			sized = true
		case "WIDTH":
			w, _ := p.uint("a width", 32)
			p.keyword("HEIGHT")
			h, _ := p.uint("a height", 32)
			elems, sized = w*h, true
		case "MIP_LEVELS", "SAMPLES":
			p.unsupported(o.pos, "BUFFER ... %s (images)", o.text)
		case "FILL", "SERIES_FROM", "FILE":
			if !sized {
				p.errorf(o.pos, "%s needs SIZE or WIDTH/HEIGHT before it", o.text)
			}
			b.Data = p.initializer(b.Type, o, elems)
			p.end()
			p.s.Buffers[b.Name] = b
			return
		default:
			p.errorf(o.pos, "unexpected %q in BUFFER", o.text)
		}
	}
	if sized {
		p.errorf(t.pos, "BUFFER %s: SIZE needs FILL, SERIES_FROM or FILE", b.Name)
	}
	p.end()
	p.s.Buffers[b.Name] = b
}

// dataValues reads the words up to END of a DATA block.
func (p *parser) dataValues(start token) []token {
	var vals []token
	for {
		v := p.skipBlank()
		if v.eof {
			p.errorf(start.pos, "DATA has no END")
		}
		p.lex.next()
		if v.text == "END" {
			p.end()
			return vals
		}
		vals = append(vals, v)
	}
}

// values lays out values of type dt, padding the last element with zeros.
func (p *parser) values(dt *DataType, at token, vals []token) []byte {
	n := dt.Components()
	elems := (len(vals) + n - 1) / n
	data := make([]byte, elems*dt.Size())
	for i, v := range vals {
		off := i/n*dt.Size() + dt.componentOffset(i%n)
		if err := dt.Scalar.encode(data[off:], v.text); err != nil {
			p.errorf(v.pos, "%v", err)
		}
	}
	if len(vals) == 0 {
		p.errorf(at.pos, "DATA holds no values")
	}
	return data
}

func (p *parser) initializer(dt *DataType, o token, elems uint64) []byte {
	if elems == 0 {
		p.errorf(o.pos, "a buffer of 0 elements")
	}
	size := elems * uint64(dt.Size())
	if size > 1<<30 {
		p.errorf(o.pos, "a buffer of %d bytes is too large", size)
	}
	n := dt.Components()
	switch o.text {
	case "FILL":
		v := p.word("a fill value")
		data := make([]byte, size)
		for i := 0; i < int(elems)*n; i++ {
			if err := dt.Scalar.encode(data[i/n*dt.Size()+dt.componentOffset(i%n):], v.text); err != nil {
				p.errorf(v.pos, "%v", err)
			}
		}
		return data
	case "SERIES_FROM":
		from := p.word("a start value")
		p.keyword("INC_BY")
		by := p.word("an increment")
		data := make([]byte, size)
		sc := dt.Scalar
		if sc.IsFloat() {
			f0, err0 := parseFloat(from.text)
			d, err1 := parseFloat(by.text)
			if err0 != nil || err1 != nil {
				p.errorf(from.pos, "SERIES_FROM needs numbers")
			}
			for i := 0; i < int(elems)*n; i++ {
				sc.putFloat(data[i/n*dt.Size()+dt.componentOffset(i%n):], f0+float64(i)*d)
			}
			return data
		}
		i0, err0 := parseInt(from.text, sc)
		d, err1 := parseInt(by.text, sc)
		if err0 != nil || err1 != nil {
			p.errorf(from.pos, "SERIES_FROM needs integers of the buffer's type")
		}
		for i := 0; i < int(elems)*n; i++ {
			sc.putInt(data[i/n*dt.Size()+dt.componentOffset(i%n):], i0+int64(i)*d)
		}
		return data
	}
	// FILE [TEXT|BINARY|PNG] name
	mode := p.word("TEXT, BINARY or a file name")
	name := mode.text
	switch mode.text {
	case "TEXT", "BINARY":
		name = p.word("a file name").text
	case "PNG":
		p.unsupported(mode.pos, "BUFFER ... FILE PNG (images)")
	default:
		if strings.HasSuffix(strings.ToLower(name), ".png") {
			p.unsupported(mode.pos, "BUFFER ... FILE %s (images)", name)
		}
	}
	raw := p.readFile(mode.pos, name)
	data := make([]byte, size)
	if mode.text == "BINARY" {
		copy(data, raw)
		return data
	}
	for i, f := range strings.Fields(string(raw)) {
		if i >= int(elems)*n {
			break
		}
		if err := dt.Scalar.encode(data[i/n*dt.Size()+dt.componentOffset(i%n):], f); err != nil {
			p.errorf(mode.pos, "%s: %v", name, err)
		}
	}
	return data
}

func (p *parser) bufferRef() *Buffer {
	t := p.word("a buffer name")
	b, ok := p.s.Buffers[t.text]
	if !ok {
		p.errorf(t.pos, "unknown buffer %q", t.text)
	}
	return b
}

func (p *parser) pipelineRef() *Pipeline {
	t := p.word("a pipeline name")
	pl, ok := p.s.Pipelines[t.text]
	if !ok {
		p.errorf(t.pos, "unknown pipeline %q", t.text)
	}
	return pl
}

// pipelineStatements are statements of graphics, ray tracing or OpenCL
// pipelines, unsupported in a compute pipeline.
var pipelineStatements = map[string]string{
	"COMPILE_OPTIONS":      "OpenCL compile options",
	"SET":                  "OpenCL kernel arguments",
	"SUBGROUP":             "subgroup size control",
	"FRAMEBUFFER_SIZE":     "graphics",
	"VERTEX_DATA":          "graphics",
	"INDEX_DATA":           "graphics",
	"POLYGON_MODE":         "graphics",
	"DEPTH":                "graphics",
	"STENCIL":              "graphics",
	"BLEND":                "graphics",
	"VIEWPORT":             "graphics",
	"PATCH_CONTROL_POINTS": "graphics",
}

func (p *parser) pipeline(t token) {
	kind := p.word("a pipeline type")
	name := p.word("a pipeline name")
	if kind.text != "compute" {
		p.unsupported(kind.pos, "PIPELINE %s (only compute pipelines run)", kind.text)
	}
	if _, dup := p.s.Pipelines[name.text]; dup {
		p.errorf(name.pos, "pipeline %q is defined twice", name.text)
	}
	p.end()
	pl := &Pipeline{Pos: t.pos, Name: name.text, Entry: "main"}
	for {
		s := p.skipBlank()
		if s.eof {
			p.errorf(t.pos, "PIPELINE %s has no END", name.text)
		}
		p.lex.next()
		switch s.text {
		case "END":
			p.end()
			if pl.Shader == nil {
				p.errorf(t.pos, "PIPELINE %s has no ATTACH", name.text)
			}
			p.s.Pipelines[pl.Name] = pl
			return
		case "ATTACH":
			p.attach(pl, s)
		case "SHADER_OPTIMIZATION":
			sh := p.word("a shader name")
			if pl.Shader == nil || sh.text != pl.Shader.Name {
				p.errorf(sh.pos, "SHADER_OPTIMIZATION of %q, which is not attached", sh.text)
			}
			p.end()
			for {
				o := p.skipBlank()
				if o.eof {
					p.errorf(s.pos, "SHADER_OPTIMIZATION has no END")
				}
				p.lex.next()
				if o.text == "END" {
					p.end()
					break
				}
				pl.Optimize = append(pl.Optimize, o.text)
			}
		case "BIND":
			p.bind(pl, s)
		default:
			if why, ok := pipelineStatements[s.text]; ok {
				p.unsupported(s.pos, "%s (%s)", s.text, why)
			}
			p.errorf(s.pos, "unknown pipeline statement %q", s.text)
		}
	}
}

func (p *parser) attach(pl *Pipeline, at token) {
	n := p.word("a shader name")
	sh, ok := p.s.Shaders[n.text]
	if !ok {
		p.errorf(n.pos, "unknown shader %q", n.text)
	}
	if pl.Shader != nil {
		p.errorf(at.pos, "a compute pipeline has one shader; %q is attached already", pl.Shader.Name)
	}
	pl.Shader = sh
	for o := range p.words() {
		switch o.text {
		case "ENTRY_POINT":
			pl.Entry = p.word("an entry point name").text
		case "TYPE":
			p.unsupported(o.pos, "ATTACH ... TYPE (multi-shader modules)")
		case "SPECIALIZE":
			id, _ := p.uint("a specialization constant id", 32)
			p.keyword("AS")
			ty := p.word("a type")
			dt, err := parseDataType(ty.text)
			if err != nil || dt.Components() != 1 {
				p.errorf(ty.pos, "SPECIALIZE needs a scalar type, got %q", ty.text)
			}
			v := p.word("a value")
			var bits [8]byte
			if err := dt.Scalar.encode(bits[:], v.text); err != nil {
				p.errorf(v.pos, "%v", err)
			}
			var u uint64
			for i := dt.Scalar.Size() - 1; i >= 0; i-- {
				u = u<<8 | uint64(bits[i])
			}
			if dt.Scalar.Size() < 4 {
				p.unsupported(ty.pos, "SPECIALIZE AS %s (specialization constants of under 32 bits)", ty.text)
			}
			pl.Specialize = append(pl.Specialize, Specialization{ID: uint32(id), Value: u, Type: dt})
		default:
			p.errorf(o.pos, "unexpected %q in ATTACH", o.text)
		}
	}
	p.end()
}

func (p *parser) bind(pl *Pipeline, at token) {
	what := p.word("BUFFER")
	switch what.text {
	case "BUFFER":
	case "BUFFER_ARRAY":
		p.unsupported(what.pos, "BIND BUFFER_ARRAY (descriptor arrays)")
	case "SAMPLER", "SAMPLER_ARRAY":
		p.unsupported(what.pos, "BIND %s (samplers)", what.text)
	default:
		p.errorf(what.pos, "expected BUFFER, got %q", what.text)
	}
	b := p.bufferRef()
	p.keyword("AS")
	kind := p.word("a buffer type")
	switch kind.text {
	case "push_constant":
		if pl.Push != nil {
			p.errorf(kind.pos, "pipeline %s has a push_constant buffer already", pl.Name)
		}
		pl.Push = b
		p.end()
		return
	case "storage", "uniform":
	case "storage_dynamic", "uniform_dynamic":
		p.unsupported(kind.pos, "BIND BUFFER AS %s (dynamic descriptors)", kind.text)
	case "storage_texel_buffer", "uniform_texel_buffer":
		p.unsupported(kind.pos, "BIND BUFFER AS %s (texel buffers)", kind.text)
	case "color", "depth_stencil", "resolve", "storage_image", "sampled_image", "combined_image_sampler":
		p.unsupported(kind.pos, "BIND BUFFER AS %s (images)", kind.text)
	default:
		p.errorf(kind.pos, "unknown buffer type %q", kind.text)
	}
	bd := Binding{Pos: at.pos, Buffer: b, Uniform: kind.text == "uniform"}
	if p.accept("DESCRIPTOR_SET") {
		s, _ := p.uint("a descriptor set", 32)
		bd.Set = uint32(s)
	}
	p.keyword("BINDING")
	v, _ := p.uint("a binding number", 32)
	bd.Binding = uint32(v)
	for o := range p.words() {
		switch o.text {
		case "DESCRIPTOR_OFFSET":
			bd.Offset, _ = p.uint("an offset in bytes", 64)
		case "DESCRIPTOR_RANGE":
			bd.Range, _ = p.uint("a range in bytes", 64)
		case "BASE_MIP_LEVEL":
			p.unsupported(o.pos, "BIND ... BASE_MIP_LEVEL (images)")
		default:
			p.errorf(o.pos, "unexpected %q in BIND", o.text)
		}
	}
	p.end()
	for _, x := range pl.Bindings {
		if x.Set == bd.Set && x.Binding == bd.Binding {
			p.errorf(at.pos, "descriptor set %d binding %d is bound twice", bd.Set, bd.Binding)
		}
	}
	pl.Bindings = append(pl.Bindings, bd)
}

func (p *parser) run(t token) Command {
	p.accept("TIMED_EXECUTION")
	pl := p.pipelineRef()
	r := &Run{Pos: t.pos, Pipeline: pl}
	for i := range r.Groups {
		if n := p.lex.peek(); i == 0 && strings.HasPrefix(n.text, "DRAW") {
			p.unsupported(n.pos, "RUN ... %s (graphics)", n.text)
		}
		v, _ := p.uint("a workgroup count", 32)
		r.Groups[i] = uint32(v)
	}
	p.end()
	return r
}

func (p *parser) expect(t token) Command {
	e := &Expect{Pos: t.pos, Buffer: p.bufferRef()}
	o := p.word("IDX, EQ_BUFFER or RMSE_BUFFER")
	switch o.text {
	case "EQ_BUFFER", "RMSE_BUFFER":
		e.Cmp = EqBuffer
		if o.text == "RMSE_BUFFER" {
			e.Cmp = RMSEBuffer
		}
		e.Other = p.bufferRef()
		if *e.Other.Type != *e.Buffer.Type {
			p.errorf(o.pos, "%s compares buffers of different types: %s and %s", o.text, e.Buffer.Type, e.Other.Type)
		}
		if e.Cmp == RMSEBuffer {
			p.keyword("TOLERANCE")
			e.Tolerances = []Tolerance{p.tolerance()}
		}
		p.end()
		return e
	case "EQ_HISTOGRAM_EMD_BUFFER":
		p.unsupported(o.pos, "EXPECT ... EQ_HISTOGRAM_EMD_BUFFER (image histograms)")
	case "IDX":
	default:
		p.errorf(o.pos, "expected IDX, EQ_BUFFER or RMSE_BUFFER, got %q", o.text)
	}
	e.Offset, _ = p.uint("a byte offset", 64)
	if n := p.lex.peek(); !n.eol && !n.eof && n.text[0] >= '0' && n.text[0] <= '9' {
		p.unsupported(n.pos, "EXPECT ... IDX x y (image probes)")
	}
	if p.accept("TOLERANCE") {
		for {
			n := p.lex.peek()
			if n.eol || n.eof || comparatorIndex(n.text) >= 0 || len(e.Tolerances) == 4 {
				break
			}
			e.Tolerances = append(e.Tolerances, p.tolerance())
		}
		if len(e.Tolerances) == 0 {
			p.errorf(p.lex.peek().pos, "expected a tolerance")
		}
	}
	c := p.word("a comparator")
	switch c.text {
	case "EQ_RGB", "EQ_RGBA", "SIZE":
		p.unsupported(c.pos, "EXPECT ... %s (image probes)", c.text)
	}
	i := comparatorIndex(c.text)
	if i < 0 {
		p.errorf(c.pos, "unknown comparator %q", c.text)
	}
	e.Cmp = Comparator(i)
	if len(e.Tolerances) > 0 && e.Cmp != EQ {
		p.errorf(c.pos, "TOLERANCE applies to EQ only, not %s", c.text)
	}
	sc := e.Buffer.Type.Scalar
	for {
		v := p.lex.peek()
		if v.eol || v.eof {
			break
		}
		p.lex.next()
		var val Value
		var err error
		if sc.IsFloat() {
			val.IsFloat = true
			val.Float, err = parseFloat(v.text)
		} else {
			val.Int, err = parseInt(v.text, sc)
		}
		if err != nil {
			p.errorf(v.pos, "%v", err)
		}
		e.Values = append(e.Values, val)
	}
	if len(e.Values) == 0 {
		p.errorf(c.pos, "EXPECT %s needs values", c.text)
	}
	p.end()
	if end := e.Offset + uint64(len(e.Values)*sc.Size()); end > uint64(len(e.Buffer.Data)) && len(e.Buffer.Data) > 0 {
		p.errorf(t.pos, "EXPECT reads bytes [%d, %d) of buffer %s, which has %d", e.Offset, end, e.Buffer.Name, len(e.Buffer.Data))
	}
	if e.Offset%uint64(sc.Size()) != 0 {
		p.errorf(t.pos, "IDX %d is not a multiple of the %s size %d", e.Offset, sc, sc.Size())
	}
	return e
}

func comparatorIndex(s string) int {
	for i, n := range comparatorNames[:GE+1] {
		if n == s {
			return i
		}
	}
	return -1
}

func (p *parser) tolerance() Tolerance {
	t := p.word("a tolerance")
	s, pct := strings.CutSuffix(t.text, "%")
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || v < 0 || math.IsInf(v, 0) {
		p.errorf(t.pos, "expected a tolerance (a non-negative number, or a percentage), got %q", t.text)
	}
	return Tolerance{Value: v, Percent: pct}
}

// words yields the tokens left on the current line, consuming each: a
// statement's options.
func (p *parser) words() iter.Seq[token] {
	return func(yield func(token) bool) {
		for {
			o := p.lex.peek()
			if o.eol || o.eof {
				return
			}
			p.lex.next()
			if !yield(o) {
				return
			}
		}
	}
}
