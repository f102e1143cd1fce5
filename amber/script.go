// Package amber reads and runs the compute subset of Khronos' AmberScript
// (google/amber's test format): compute shaders in SPIR-V assembly,
// SPIR-V hex, SPIR-V binary files or GLSL; buffers; compute pipelines with
// bindings, push constants and specialization constants; RUN, EXPECT,
// COPY and REPEAT. Parse returns a Script or a located *Error; a statement
// outside the subset (graphics pipelines, images, samplers, OpenCL C) is
// an *UnsupportedError naming it. Script.Run executes it on a
// runtime/vulkan Device after checking that the device has every feature
// and extension the script and its shaders need.
package amber

import "fmt"

// Pos is a position in a script: 1-based line and column.
type Pos struct{ Line, Col int }

// An Error is a malformed script, located in its file.
type Error struct {
	File string
	Pos
	Msg string
}

func (e *Error) Error() string {
	return fmt.Sprintf("%s:%d:%d: error: %s", e.File, e.Line, e.Col, e.Msg)
}

// An UnsupportedError is a well-formed statement that Kiln does not run,
// or a requirement that the device does not meet.
type UnsupportedError struct {
	File string
	Pos
	What string
}

func (e *UnsupportedError) Error() string {
	return fmt.Sprintf("%s:%d:%d: unsupported: %s", e.File, e.Line, e.Col, e.What)
}

// A Script is a parsed AmberScript file.
type Script struct {
	File      string
	Shaders   map[string]*Shader
	Buffers   map[string]*Buffer
	Pipelines map[string]*Pipeline
	// Features are the DEVICE_FEATURE names, Extensions the
	// DEVICE_EXTENSION and INSTANCE_EXTENSION names.
	Features, Extensions []Requirement
	Commands             []Command
}

// A Requirement is a device feature or extension a script names.
type Requirement struct {
	Pos
	Name     string
	Instance bool // INSTANCE_EXTENSION
}

// ShaderFormat is how a shader's source is written.
type ShaderFormat int

const (
	SPIRVAsm ShaderFormat = iota
	SPIRVHex
	SPIRVBin
	GLSL
)

// A Shader is a compute shader's source.
type Shader struct {
	Pos
	Name   string
	Format ShaderFormat
	// Source is the text of the shader, or for SPIRVBin its bytes.
	Source string
	// SourceLine is the script line of the source's first line.
	SourceLine int
	// TargetEnv is the TARGET_ENV given ("" for the default).
	TargetEnv string
}

// Buffer is one BUFFER: its element type and initial contents.
type Buffer struct {
	Pos
	Name string
	Type *DataType
	Data []byte // initial contents, std430 layout
}

// A Pipeline is a compute pipeline.
type Pipeline struct {
	Pos
	Name       string
	Shader     *Shader
	Entry      string
	Specialize []Specialization
	// Optimize lists spirv-opt flags (SHADER_OPTIMIZATION).
	Optimize []string
	Bindings []Binding
	Push     *Buffer // the push_constant buffer, if any
}

// A Specialization is `SPECIALIZE id AS type value`.
type Specialization struct {
	ID    uint32
	Value uint64 // bits of the value, sized by Type
	Type  *DataType
}

// A Binding is `BIND BUFFER name AS storage|uniform DESCRIPTOR_SET s BINDING b`.
type Binding struct {
	Pos
	Buffer       *Buffer
	Uniform      bool
	Set, Binding uint32
	// Offset and Range are DESCRIPTOR_OFFSET and DESCRIPTOR_RANGE (0: the rest).
	Offset, Range uint64
}

// Command is one of *Run, *Expect, *Copy, *Repeat.
type Command interface{ pos() Pos }

// Run is `RUN pipeline x y z`.
type Run struct {
	Pos
	Pipeline *Pipeline
	Groups   [3]uint32
}

// Comparator is an EXPECT comparison.
type Comparator int

const (
	EQ Comparator = iota
	NE
	LT
	LE
	GT
	GE
	EqBuffer
	RMSEBuffer
)

var comparatorNames = [...]string{"EQ", "NE", "LT", "LE", "GT", "GE", "EQ_BUFFER", "RMSE_BUFFER"}

func (c Comparator) String() string { return comparatorNames[c] }

// A Tolerance is an absolute or (Percent) relative allowed difference.
type Tolerance struct {
	Value   float64
	Percent bool
}

func (t Tolerance) String() string {
	if t.Percent {
		return fmt.Sprintf("%g%%", t.Value)
	}
	return fmt.Sprintf("%g", t.Value)
}

// Expect is `EXPECT buf IDX offset [TOLERANCE t...] CMP values` or
// `EXPECT buf EQ_BUFFER|RMSE_BUFFER other [TOLERANCE t]`.
type Expect struct {
	Pos
	Buffer     *Buffer
	Offset     uint64 // IDX, in bytes
	Tolerances []Tolerance
	Cmp        Comparator
	Values     []Value
	Other      *Buffer // EQ_BUFFER, RMSE_BUFFER
}

// A Value is an EXPECT operand: an integer or a float as written.
type Value struct {
	Int     int64
	Float   float64
	IsFloat bool
}

func (v Value) String() string {
	if v.IsFloat {
		return fmt.Sprintf("%g", v.Float)
	}
	return fmt.Sprint(v.Int)
}

// Copy is `COPY from TO to`.
type Copy struct {
	Pos
	From, To *Buffer
}

// Repeat is `REPEAT n ... END`.
type Repeat struct {
	Pos
	Count    int
	Commands []Command
}

func (c *Run) pos() Pos    { return c.Pos }
func (c *Expect) pos() Pos { return c.Pos }
func (c *Copy) pos() Pos   { return c.Pos }
func (c *Repeat) pos() Pos { return c.Pos }
