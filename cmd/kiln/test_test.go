package main

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// kilnTest runs `kiln test` in process.
func kilnTest(args ...string) (stdout, stderr string, code int) {
	var out, errb bytes.Buffer
	code = dispatch(append([]string{"test"}, args...), nil, &out, &errb)
	return out.String(), errb.String(), code
}

const amberKernel = `#!amber
SHADER compute inc GLSL
#version 450
layout(local_size_x = 4) in;
layout(set = 0, binding = 0) buffer B { int v[]; };
void main() { v[gl_GlobalInvocationID.x] += 1; }
END
BUFFER b DATA_TYPE int32 SIZE 8 SERIES_FROM 0 INC_BY 1
PIPELINE compute p
  ATTACH inc
  BIND BUFFER b AS storage DESCRIPTOR_SET 0 BINDING 0
END
RUN p 2 1 1
`

// suiteDir writes a small suite with every kind of test and outcome.
func suiteDir(t *testing.T) string {
	t.Helper()
	host, err := os.ReadFile("../../runner/testdata/addf.mlir")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for name, src := range map[string]string{
		"pass.amber":        amberKernel + "EXPECT b IDX 0 EQ 1 2 3 4 5 6 7 8\n",
		"wrong.amber":       amberKernel + "EXPECT b IDX 8 EQ 3 4 5 7\n",
		"unsupported.amber": "#!amber\nSHADER vertex v PASSTHROUGH\n",
		"malformed.amber":   "#!amber\nBUFFER b DATA_TYPE int32 DATA 1 2\n",
		"lit/fold.mlir":     "// RUN: kiln opt %s --canonicalize | FileCheck %s\n// CHECK: return %c3\nfunc.func @f() -> i32 {\n  %c1 = arith.constant 1 : i32\n  %c2 = arith.constant 2 : i32\n  %s = arith.addi %c1, %c2 : i32\n  return %s : i32\n}\n",
		// A host program: no RUN lines, CHECK lines for its output.
		"host/addf.mlir": regexp.MustCompile(`(?m)^// RUN:.*\n`).ReplaceAllString(string(host), ""),
	} {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestTestCommand runs a suite with every kind of test and outcome on the
// device, checking the lines, the summary, the exit status and the JUnit
// report.
func TestTestCommand(t *testing.T) {
	needRunDevice(t)
	dir := suiteDir(t)
	junit := filepath.Join(t.TempDir(), "report.xml")
	out, errs, code := kilnTest("-j2", "--junit", junit, dir)
	if code != 1 {
		t.Fatalf("exit status %d, want 1\n%s%s", code, out, errs)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	want := []*regexp.Regexp{
		regexp.MustCompile(`^ERROR \S+/malformed.amber \[.+\]: 2:26: error: DATA has no END$`),
		regexp.MustCompile(`^UNSUPPORTED \S+/unsupported.amber \[.+\]: 2:8: unsupported: SHADER vertex \(only compute shaders run\)$`),
		regexp.MustCompile(`^FAIL \S+/wrong.amber \[.+\]: 14:1: EXPECT b EQ failed: buffer b, index 3 \(byte 20\): got 6, want 7$`),
		regexp.MustCompile(`^3 passed, 1 failed, 1 unsupported, 1 errors$`),
	}
	if len(lines) != len(want) {
		t.Fatalf("output:\n%s\nwant %d lines", out, len(want))
	}
	for i, re := range want {
		if !re.MatchString(lines[i]) {
			t.Errorf("line %d: %q does not match %s", i, lines[i], re)
		}
	}
	data, err := os.ReadFile(junit)
	if err != nil {
		t.Fatal(err)
	}
	var report struct {
		Tests    int `xml:"tests,attr"`
		Failures int `xml:"failures,attr"`
		Errors   int `xml:"errors,attr"`
		Suites   []struct {
			Skipped int `xml:"skipped,attr"`
		} `xml:"testsuite"`
	}
	if err := xml.Unmarshal(data, &report); err != nil || report.Tests != 6 || report.Failures != 1 || len(report.Suites) != 1 ||
		report.Suites[0].Skipped != 1 || report.Errors != 1 {
		t.Errorf("JUnit report %+v (%v):\n%s", report, err, data)
	}

	// The expected failure listed, the malformed file filtered out: a pass.
	xfail := filepath.Join(t.TempDir(), "xfail.txt")
	if err := os.WriteFile(xfail, []byte("# known\nwrong.amber\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errs, code = kilnTest("--xfail", xfail, "--filter", "pass|wrong|unsupported|lit|host", dir)
	if code != 0 || !strings.HasSuffix(out, "3 passed, 0 failed, 1 unsupported, 1 expected failures\n") {
		t.Errorf("with --xfail and --filter: exit %d\n%s%s", code, out, errs)
	}
	// Differential mode: the host program's launches agree with the
	// reference interpreter's.
	out, errs, code = kilnTest("--reference", "-v", "--filter", "host", dir)
	if code != 0 || !regexp.MustCompile(`^PASS \S+/host/addf.mlir \[.+\]\n1 passed, 0 failed\n$`).MatchString(out) {
		t.Errorf("with --reference: exit %d\n%s%s", code, out, errs)
	}
}

// TestTestShards checks that the shards of a suite, chosen by flags or
// by Bazel's variables, run every test once.
func TestTestShards(t *testing.T) {
	needRunDevice(t)
	dir := suiteDir(t)
	count := regexp.MustCompile(`(\d+) passed, (\d+) failed`)
	total := 0
	for i, args := range [][]string{{"--shard-index", "0", "--shard-count", "3"}, {"--shard-index=1", "--shard-count=3"}, nil} {
		if args == nil {
			t.Setenv("TEST_SHARD_INDEX", "2")
			t.Setenv("TEST_TOTAL_SHARDS", "3")
		}
		out, _, _ := kilnTest(append(append(args, "-v"), dir)...)
		n := strings.Count(out, "\n") - 1
		if n != 2 || !count.MatchString(out) {
			t.Errorf("shard %d ran %d tests:\n%s", i, n, out)
		}
		total += n
	}
	if total != 6 {
		t.Errorf("the shards ran %d tests, want 6", total)
	}
}

func TestTestUsage(t *testing.T) {
	for _, args := range [][]string{
		nil,
		{"--filter", "(", "."},
		{"--shard-index", "2", "--shard-count", "2", "."},
		{"--frobnicate", "."},
		{"no/such/dir"},
		{"--xfail", "no/such/file", "."},
	} {
		if _, errs, code := kilnTest(args...); code != 2 {
			t.Errorf("kiln test %v: exit %d, want 2 (%s)", args, code, errs)
		}
	}
}

// invalidSPIRV is an AmberScript file whose shader spirv-val rejects (an
// integer add of floats) but whose bindings and layout Kiln's own checks
// accept: only the validation layer can tell.
const invalidSPIRV = `#!amber
SHADER compute bad SPIRV-ASM
               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main"
               OpExecutionMode %main LocalSize 1 1 1
               OpDecorate %struct Block
               OpMemberDecorate %struct 0 Offset 0
               OpDecorate %buf DescriptorSet 0
               OpDecorate %buf Binding 0
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
      %float = OpTypeFloat 32
     %struct = OpTypeStruct %float
        %ptr = OpTypePointer Uniform %struct
       %fptr = OpTypePointer Uniform %float
        %int = OpTypeInt 32 1
       %zero = OpConstant %int 0
        %buf = OpVariable %ptr Uniform
       %main = OpFunction %void None %fn
      %entry = OpLabel
          %p = OpAccessChain %fptr %buf %zero
          %v = OpLoad %float %p
          %w = OpIAdd %float %v %v
               OpStore %p %w
               OpReturn
               OpFunctionEnd
END
BUFFER b DATA_TYPE float DATA 1.5 END
PIPELINE compute p
  ATTACH bad
  BIND BUFFER b AS uniform DESCRIPTOR_SET 0 BINDING 0
END
RUN p 1 1 1
EXPECT b IDX 0 EQ 3.0
`

// TestTestValidate runs, with --validate and in parallel, a shader only
// the validation layer rejects among passing tests: its message fails
// that test alone, and the reports carry it.
func TestTestValidate(t *testing.T) {
	needRunDevice(t)
	dir := suiteDir(t)
	for _, name := range []string{"malformed.amber", "unsupported.amber", "wrong.amber"} {
		os.Remove(filepath.Join(dir, name))
	}
	for i := range 6 {
		if err := os.WriteFile(filepath.Join(dir, "pass"+strconv.Itoa(i)+".amber"), []byte(amberKernel+"EXPECT b IDX 0 EQ 1 2 3 4 5 6 7 8\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "invalid.amber"), []byte(invalidSPIRV), 0o644); err != nil {
		t.Fatal(err)
	}
	report := filepath.Join(t.TempDir(), "report.json")
	out, errs, code := kilnTest("-j4", "--validate", "--json", report, dir)
	if code != 1 || !strings.HasSuffix(out, "9 passed, 1 failed\n") {
		t.Fatalf("exit %d, want 1 with one failure:\n%s%s", code, out, errs)
	}
	fail := regexp.MustCompile(`(?s)^FAIL \S+/invalid.amber \[.+\]: .*the validation layer reported:\n.*OpIAdd`)
	if !fail.MatchString(out) {
		t.Errorf("the invalid shader's line does not carry the layer's message:\n%s", out)
	}
	data, err := os.ReadFile(report)
	if err != nil {
		t.Fatal(err)
	}
	var js struct {
		Results []struct{ Test, Outcome, Message string }
	}
	if err := json.Unmarshal(data, &js); err != nil {
		t.Fatal(err)
	}
	for _, r := range js.Results {
		bad := strings.HasSuffix(r.Test, "invalid.amber")
		if bad != (r.Outcome == "fail") || bad != strings.Contains(r.Message, "validation layer") {
			t.Errorf("%s: %s: %s", r.Test, r.Outcome, r.Message)
		}
	}
	// Without --validate the layer is off and no message is collected.
	out, _, _ = kilnTest("--filter", "pass0", dir)
	if out != "1 passed, 0 failed\n" {
		t.Errorf("without --validate:\n%s", out)
	}
}

// TestTestGL runs the suite on the OpenGL context (--device gl) and on
// the matrix of every device (--device all), which includes it.
func TestTestGL(t *testing.T) {
	needGL(t)
	needRunDevice(t)
	dir := suiteDir(t)
	out, errs, code := kilnTest("-v", "--validate", "--device", "gl", dir)
	if code != 1 {
		t.Fatalf("exit %d, want 1:\n%s%s", code, out, errs)
	}
	for _, re := range []string{
		`(?m)^PASS \S+/pass.amber \[OpenGL .+\]$`,
		`(?m)^PASS \S+/host/addf.mlir \[OpenGL .+\]$`,
		`(?m)^PASS \S+/lit/fold.mlir \[OpenGL .+\]$`,
		`(?m)^FAIL \S+/wrong.amber \[OpenGL .+\]: 14:1: EXPECT b EQ failed: buffer b, index 3 \(byte 20\): got 6, want 7$`,
		`(?m)^3 passed, 1 failed, 1 unsupported, 1 errors$`,
	} {
		if !regexp.MustCompile(re).MatchString(out) {
			t.Errorf("no line matches %s:\n%s", re, out)
		}
	}
	out, errs, _ = kilnTest("-v", "--device", "all", "--filter", "pass.amber", dir)
	if !regexp.MustCompile(`(?m)^PASS \S+/pass.amber \[OpenGL .+\]$`).MatchString(out) || strings.Count(out, "PASS") < 2 {
		t.Errorf("--device all does not include the GL context beside Vulkan:\n%s%s", out, errs)
	}
}
