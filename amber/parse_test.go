package amber

import (
	"errors"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const computeScript = `#!amber
# A comment line.
SHADER compute add SPIRV-ASM TARGET_ENV spv1.3
OpCapability Shader
END  # shader

BUFFER in DATA_TYPE vec3<float> DATA
1 2 3
4 5 6
END
BUFFER out DATA_TYPE uint32 SIZE 4 SERIES_FROM 10 INC_BY 2
BUFFER pc DATA_TYPE int8 DATA 7 END
BUFFER m DATA_TYPE mat2x3<float> SIZE 1 FILL 1.5

PIPELINE compute p
  ATTACH add ENTRY_POINT go \
    SPECIALIZE 3 AS uint32 9
  BIND BUFFER in AS storage DESCRIPTOR_SET 1 BINDING 2
  BIND BUFFER out AS uniform BINDING 0 DESCRIPTOR_OFFSET 16 DESCRIPTOR_RANGE 4
  BIND BUFFER pc AS push_constant
END

REPEAT 2
  RUN TIMED_EXECUTION p 4 1 1
END
EXPECT out IDX 4 TOLERANCE 1 5% EQ 12 14
EXPECT in EQ_BUFFER in
COPY out TO out2
`

func parse(t *testing.T, src string) (*Script, error) {
	t.Helper()
	return Parse("t.amber", []byte(src))
}

func TestParseCompute(t *testing.T) {
	s, err := parse(t, strings.Replace(computeScript, "COPY out TO out2", "BUFFER out2 DATA_TYPE uint32 SIZE 4 FILL 0\nCOPY out TO out2", 1))
	if err != nil {
		t.Fatal(err)
	}
	sh := s.Shaders["add"]
	if sh.Format != SPIRVAsm || sh.TargetEnv != "spv1.3" || sh.Source != "OpCapability Shader\n" || sh.SourceLine != 4 {
		t.Errorf("shader = %+v", sh)
	}
	in := s.Buffers["in"]
	if in.Type.String() != "vec3<float>" || len(in.Data) != 32 {
		t.Fatalf("in: %s, %d bytes; want vec3<float>, 2 elements of 16 bytes", in.Type, len(in.Data))
	}
	if f, _ := Float32.load(in.Data[16:]); f != 4 {
		t.Errorf("in element 1 starts with %v, want 4 (std430 pads vec3 to 16 bytes)", f)
	}
	out := s.Buffers["out"]
	for i, want := range []int64{10, 12, 14, 16} {
		if _, got := Uint32.load(out.Data[4*i:]); got != want {
			t.Errorf("out[%d] = %d, want %d", i, got, want)
		}
	}
	if m := s.Buffers["m"]; len(m.Data) != 32 {
		t.Errorf("mat2x3<float> takes %d bytes, want 32 (two columns of 16)", len(m.Data))
	}
	p := s.Pipelines["p"]
	if p.Shader != sh || p.Entry != "go" || len(p.Specialize) != 1 || p.Specialize[0] != (Specialization{ID: 3, Value: 9, Type: p.Specialize[0].Type}) {
		t.Errorf("pipeline = %+v", p)
	}
	if len(p.Bindings) != 2 || p.Bindings[0].Set != 1 || p.Bindings[0].Binding != 2 || p.Bindings[0].Uniform ||
		!p.Bindings[1].Uniform || p.Bindings[1].Offset != 16 || p.Bindings[1].Range != 4 || p.Push != s.Buffers["pc"] {
		t.Errorf("bindings = %+v, push %v", p.Bindings, p.Push)
	}
	if len(s.Commands) != 4 {
		t.Fatalf("%d commands, want 4", len(s.Commands))
	}
	rep := s.Commands[0].(*Repeat)
	if rep.Count != 2 || len(rep.Commands) != 1 || rep.Commands[0].(*Run).Groups != [3]uint32{4, 1, 1} {
		t.Errorf("repeat = %+v", rep)
	}
	e := s.Commands[1].(*Expect)
	if e.Offset != 4 || e.Cmp != EQ || len(e.Tolerances) != 2 || !e.Tolerances[1].Percent || e.Values[1].Int != 14 || e.Pos != (Pos{26, 1}) {
		t.Errorf("expect = %+v", e)
	}
	if e := s.Commands[2].(*Expect); e.Cmp != EqBuffer || e.Other != in {
		t.Errorf("EQ_BUFFER = %+v", e)
	}
}

// TestParseErrors checks that malformed scripts give located diagnostics.
func TestParseErrors(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"BUFFER b DATA_TYPE int32 DATA 1 END\n", "t.amber:1:1: error: not an AmberScript file: the first line must be #!amber"},
		{"#!amber\nFROB x\n", "t.amber:2:1: error: unknown statement \"FROB\""},
		{"#!amber\nBUFFER b DATA_TYPE int33 DATA 1 END\n", `t.amber:2:20: error: unknown data type "int33"`},
		{"#!amber\nBUFFER b DATA_TYPE int8 DATA 1 300 END\n", `t.amber:2:32: error: "300" is not an int8`},
		{"#!amber\nBUFFER b DATA_TYPE float DATA 1 x END\n", `t.amber:2:33: error: "x" is not a number`},
		{"#!amber\nBUFFER b DATA_TYPE float DATA 1\n2\n", "t.amber:2:26: error: DATA has no END"},
		{"#!amber\nBUFFER b DATA_TYPE float SIZE 4\n", "t.amber:2:1: error: BUFFER b: SIZE needs FILL, SERIES_FROM or FILE"},
		{"#!amber\nBUFFER b DATA_TYPE float FILL 4\n", "t.amber:2:26: error: FILL needs SIZE or WIDTH/HEIGHT before it"},
		{"#!amber\nBUFFER b DATA_TYPE float SIZE 1 FILL 0\nBUFFER b DATA_TYPE float SIZE 1 FILL 0\n", `t.amber:3:8: error: buffer "b" is defined twice`},
		{"#!amber\nSHADER compute s GLSL\nvoid main() {}\n", "t.amber:2:1: error: SHADER s has no END"},
		{"#!amber\nSHADER compute s WGSL\nEND\n", `t.amber:2:18: error: unknown shader format "WGSL"`},
		{"#!amber\nPIPELINE compute p\nEND\n", "t.amber:2:1: error: PIPELINE p has no ATTACH"},
		{"#!amber\nPIPELINE compute p\n  ATTACH nope\nEND\n", `t.amber:3:10: error: unknown shader "nope"`},
		{"#!amber\nSHADER compute s GLSL\nEND\nPIPELINE compute p\n  ATTACH s\n  BIND BUFFER x AS storage BINDING 0\nEND\n", `t.amber:6:15: error: unknown buffer "x"`},
		{"#!amber\nSHADER compute s GLSL\nEND\nBUFFER b DATA_TYPE int32 DATA 0 END\nPIPELINE compute p\n  ATTACH s\n  BIND BUFFER b AS storage BINDING zero\nEND\n",
			`t.amber:7:36: error: expected a binding number (an unsigned integer), got "zero"`},
		{"#!amber\nSHADER compute s GLSL\nEND\nBUFFER b DATA_TYPE int32 DATA 0 END\nPIPELINE compute p\n  ATTACH s\n  BIND BUFFER b AS storage BINDING 0\n  BIND BUFFER b AS storage BINDING 0\nEND\n",
			"t.amber:8:3: error: descriptor set 0 binding 0 is bound twice"},
		{"#!amber\nSHADER compute s GLSL\nEND\nPIPELINE compute p\n  ATTACH s\n", "t.amber:4:1: error: PIPELINE p has no END"},
		{"#!amber\nRUN p 1 1 1\n", `t.amber:2:5: error: unknown pipeline "p"`},
		{"#!amber\nSHADER compute s GLSL\nEND\nPIPELINE compute p\n  ATTACH s\nEND\nRUN p 1 1\n", "t.amber:7:10: error: expected a workgroup count"},
		{"#!amber\nBUFFER b DATA_TYPE int32 DATA 0 END\nEXPECT b IDX 0 ABOUT 1\n", `t.amber:3:16: error: unknown comparator "ABOUT"`},
		{"#!amber\nBUFFER b DATA_TYPE int32 DATA 0 END\nEXPECT b IDX 0 EQ\n", "t.amber:3:16: error: EXPECT EQ needs values"},
		{"#!amber\nBUFFER b DATA_TYPE int32 DATA 0 END\nEXPECT b IDX 4 EQ 1\n", "t.amber:3:1: error: EXPECT reads bytes [4, 8) of buffer b, which has 4"},
		{"#!amber\nBUFFER b DATA_TYPE int32 DATA 0 1 END\nEXPECT b IDX 2 EQ 1\n", "t.amber:3:1: error: IDX 2 is not a multiple of the int32 size 4"},
		{"#!amber\nBUFFER b DATA_TYPE int32 DATA 0 END\nEXPECT b IDX 0 TOLERANCE -1 EQ 0\n", `t.amber:3:26: error: expected a tolerance (a non-negative number, or a percentage), got "-1"`},
		{"#!amber\nBUFFER b DATA_TYPE int32 DATA 0 END\nEXPECT b IDX 0 TOLERANCE 1 LT 0\n", "t.amber:3:28: error: TOLERANCE applies to EQ only, not LT"},
		{"#!amber\nBUFFER a DATA_TYPE int32 DATA 0 END\nBUFFER b DATA_TYPE float DATA 0 END\nEXPECT a EQ_BUFFER b\n", "t.amber:4:10: error: EQ_BUFFER compares buffers of different types: int32 and float"},
		{"#!amber\nBUFFER a DATA_TYPE float DATA 0 END\nEXPECT a RMSE_BUFFER a\n", "t.amber:3:23: error: expected TOLERANCE"},
		{"#!amber\nBUFFER a DATA_TYPE float DATA 0 END\nCOPY a TO a\n", `t.amber:3:1: error: COPY of buffer "a" to itself`},
		{"#!amber\nREPEAT 2\nRUN\n", "t.amber:3:4: error: expected a pipeline name"},
		{"#!amber\nREPEAT 2\n", "t.amber:2:1: error: REPEAT has no END"},
		{"#!amber\nREPEAT 2\nBUFFER a DATA_TYPE float DATA 0 END\nEND\n", `t.amber:3:1: error: "BUFFER" cannot appear in REPEAT`},
		{"#!amber\nDEVICE_FEATURE\n", "t.amber:2:15: error: expected a feature name"},
		{"#!amber\nDEVICE_FEATURE a b\n", `t.amber:2:18: error: unexpected "b" at the end of the statement`},
		{"#!amber\nSHADER compute s GLSL FILE nothere.comp\n", "t.amber:2:1: error: open nothere.comp: no such file or directory"},
		{"#!amber\nSHADER compute s GLSL FILE /dev/zero\n", "t.amber:2:1: error: FILE /dev/zero is not a regular file"},
		{"#!amber\nBUFFER b DATA_TYPE uint32 SIZE 4 FILE /dev/urandom\n", "t.amber:2:39: error: FILE /dev/urandom is not a regular file"},
		{"#!amber\nSHADER compute s GLSL\nEND\nPIPELINE compute p\n  ATTACH s\nEND\nCLEAR p\n", `t.amber:7:1: error: CLEAR needs a graphics pipeline; "p" is a compute pipeline`},
	} {
		_, err := parse(t, tc.src)
		var e *Error
		if !errors.As(err, &e) {
			t.Errorf("%q: got %v, want an *Error", tc.src, err)
			continue
		}
		if err.Error() != tc.want {
			t.Errorf("%q:\n got %s\nwant %s", tc.src, err, tc.want)
		}
	}
}

// TestParseUnsupported checks that statements outside the compute subset
// make the script unsupported, naming the statement.
func TestParseUnsupported(t *testing.T) {
	const shader = "#!amber\nSHADER compute s GLSL\nEND\nBUFFER b DATA_TYPE int32 DATA 0 END\n"
	for _, tc := range []struct{ src, want string }{
		{"#!amber\nSHADER vertex v PASSTHROUGH\n", "t.amber:2:8: unsupported: SHADER vertex (only compute shaders run)"},
		{"#!amber\nSHADER compute k OPENCL-C\nEND\n", "t.amber:2:18: unsupported: SHADER OPENCL-C (OPENCL-C shaders need a compiler Kiln does not use)"},
		{"#!amber\nIMAGE i FORMAT R8G8B8A8_UNORM\n", "t.amber:2:1: unsupported: IMAGE (images)"},
		{"#!amber\nSAMPLER s\n", "t.amber:2:1: unsupported: SAMPLER (samplers)"},
		{"#!amber\nPIPELINE graphics g\nEND\n", "t.amber:2:10: unsupported: PIPELINE graphics (only compute pipelines run)"},
		{"#!amber\nBUFFER f FORMAT B8G8R8A8_UNORM\n", "t.amber:2:17: unsupported: BUFFER of image format B8G8R8A8_UNORM (only buffer formats of one SFLOAT, UINT or SINT type run)"},
		{shader + "PIPELINE compute p\n  ATTACH s\n  BIND BUFFER b AS storage_dynamic DESCRIPTOR_SET 0 BINDING 0 OFFSET 0\nEND\n",
			"t.amber:7:20: unsupported: BIND BUFFER AS storage_dynamic (dynamic descriptors)"},
		{shader + "PIPELINE compute p\n  ATTACH s\n  BIND BUFFER_ARRAY b b AS storage BINDING 0\nEND\n", "t.amber:7:8: unsupported: BIND BUFFER_ARRAY (descriptor arrays)"},
		{shader + "PIPELINE compute p\n  ATTACH s\n  BIND SAMPLER x DESCRIPTOR_SET 0 BINDING 0\nEND\n", "t.amber:7:8: unsupported: BIND SAMPLER (samplers)"},
		{shader + "PIPELINE compute p\n  ATTACH s\n  SUBGROUP s\nEND\n", "t.amber:7:3: unsupported: SUBGROUP (subgroup size control)"},
		{shader + "EXPECT b IDX 0 0 SIZE 1 1 EQ_RGB 0 0 0\n", "t.amber:5:16: unsupported: EXPECT ... IDX x y (image probes)"},
		{shader + "EXPECT b EQ_HISTOGRAM_EMD_BUFFER b TOLERANCE 1\n", "t.amber:5:10: unsupported: EXPECT ... EQ_HISTOGRAM_EMD_BUFFER (image histograms)"},
		{shader + "CLEAR_COLOR p 0 0 0 0\n", "t.amber:5:1: unsupported: CLEAR_COLOR (graphics clears)"},
		{shader + "REPEAT 1\nDEBUG p 1 1 1\nEND\n", "t.amber:6:1: unsupported: DEBUG (shader debugging)"},
		{shader + "PIPELINE compute p\n  ATTACH s\nEND\nRUN p DRAW_RECT POS 0 0 SIZE 1 1\n", "t.amber:8:7: unsupported: RUN ... DRAW_RECT (graphics)"},
		{"#!amber\nSET ENGINE_DATA fence_timeout_ms 1000\nSET KERNEL ARG_NAME a AS uint32 1\n", "t.amber:3:1: unsupported: SET KERNEL"},
	} {
		_, err := parse(t, tc.src)
		var u *UnsupportedError
		if !errors.As(err, &u) {
			t.Errorf("%q: got %v, want an *UnsupportedError", tc.src, err)
			continue
		}
		if err.Error() != tc.want {
			t.Errorf("%q:\n got %s\nwant %s", tc.src, err, tc.want)
		}
	}
}

// TestParseNoPanic feeds every prefix and every one-line deletion of
// valid scripts to the parser, which must return a script or an error.
func TestParseNoPanic(t *testing.T) {
	srcs := []string{computeScript}
	files, _ := filepath.Glob(filepath.Join(corpusDir, "*.amber"))
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		srcs = append(srcs, string(b))
	}
	for _, src := range srcs {
		for i := range len(src) {
			Parse("t.amber", []byte(src[:i]))
		}
		lines := strings.SplitAfter(src, "\n")
		for i := range lines {
			Parse("t.amber", []byte(strings.Join(lines[:i], "")+strings.Join(lines[i+1:], "")))
		}
	}
}

func TestFloat16(t *testing.T) {
	for _, f := range []float64{0, 1, -2, 2.4, 65504, 6.1e-5, 5.96e-8, 1e-9} {
		h := float16Bits(f)
		back := float16Value(h)
		if math.Abs(back-f) > 0.001*math.Abs(f)+6e-8 {
			t.Errorf("float16(%g) = %#x = %g", f, h, back)
		}
	}
	if h := float16Bits(1e6); h != 0x7c00 {
		t.Errorf("float16(1e6) = %#x, want +Inf", h)
	}
}
