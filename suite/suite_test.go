package suite

import (
	"bytes"
	"context"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"time"
)

func writeFiles(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, src := range files {
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

func TestDiscover(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"a.amber":          "#!amber\n",
		"sub/lit.mlir":     "// RUN: kiln opt %s\n",
		"sub/host.mlir":    "func.func @main() { return }\n// CHECK: x\n",
		"sub/nothing.mlir": "func.func @f() { return }\n",
		"notes.txt":        "CHECK: no\n",
		".hidden/b.amber":  "#!amber\n",
	})
	tests, err := Discover([]string{dir, filepath.Join(dir, "a.amber")})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, tc := range tests {
		rel, _ := filepath.Rel(dir, tc.Path)
		got = append(got, rel+":"+tc.Kind.String())
	}
	want := []string{"a.amber:amber", "sub/host.mlir:host", "sub/lit.mlir:lit"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Discover = %v, want %v", got, want)
	}
	if _, err := Discover([]string{filepath.Join(dir, "sub/nothing.mlir")}); err == nil || !strings.Contains(err.Error(), "not a test") {
		t.Errorf("naming a file that is not a test: %v", err)
	}
	if _, err := Discover([]string{filepath.Join(dir, "missing")}); err == nil {
		t.Error("a missing path is no error")
	}
}

func TestSelectShards(t *testing.T) {
	var tests []Test
	for i := range 10 {
		tests = append(tests, Test{Path: fmt.Sprintf("d/t%d.amber", i)})
	}
	seen := map[string]int{}
	for i := range 3 {
		shard := Select(tests, nil, i, 3)
		if n := len(shard); n < 3 || n > 4 {
			t.Errorf("shard %d has %d tests", i, n)
		}
		for _, tc := range shard {
			seen[tc.Path]++
		}
	}
	for _, tc := range tests {
		if seen[tc.Path] != 1 {
			t.Errorf("%s is in %d shards", tc.Path, seen[tc.Path])
		}
	}
	got := Select(tests, regexp.MustCompile(`t[135]\.`), 1, 2)
	if len(got) != 1 || got[0].Path != "d/t3.amber" {
		t.Errorf("filter then shard 1 of 2 = %v, want [d/t3.amber]", got)
	}
}

func TestShardFromEnv(t *testing.T) {
	status := filepath.Join(t.TempDir(), "status")
	t.Setenv("TEST_SHARD_INDEX", "2")
	t.Setenv("TEST_TOTAL_SHARDS", "5")
	t.Setenv("TEST_SHARD_STATUS_FILE", status)
	i, n, ok, err := ShardFromEnv()
	if i != 2 || n != 5 || !ok || err != nil {
		t.Errorf("ShardFromEnv = %d, %d, %v, %v", i, n, ok, err)
	}
	if _, err := os.Stat(status); err != nil {
		t.Errorf("status file not touched: %v", err)
	}
	t.Setenv("TEST_SHARD_INDEX", "5")
	if _, _, _, err := ShardFromEnv(); err == nil {
		t.Error("index 5 of 5 accepted")
	}
	t.Setenv("TEST_SHARD_INDEX", "")
	t.Setenv("TEST_TOTAL_SHARDS", "")
	if _, n, ok, err := ShardFromEnv(); ok || n != 1 || err != nil {
		t.Errorf("unset: %d, %v, %v", n, ok, err)
	}
}

// TestRun checks the matrix, xfail lists and timeouts with a fake
// executor whose outcome is in the test's name.
func TestRun(t *testing.T) {
	tests := []Test{{Path: "s/pass.amber"}, {Path: "s/fail.amber"}, {Path: "s/xfail.amber"}, {Path: "s/xpass.amber"},
		{Path: "s/hang.amber"}, {Path: "s/unsupported.amber"}}
	exec := func(ctx context.Context, tc Test, dev int) Result {
		switch name := strings.TrimSuffix(filepath.Base(tc.Path), ".amber"); name {
		case "pass", "xpass":
			return Result{Outcome: Pass}
		case "hang":
			<-ctx.Done()
			return Result{Outcome: Error, Message: ctx.Err().Error()}
		case "unsupported":
			return Result{Outcome: Unsupported, Message: "no float64"}
		default:
			return Result{Outcome: Fail, Message: "got 1, want 2"}
		}
	}
	var calls int
	results := Run(context.Background(), Config{
		Devices: []string{"A", "B"}, Jobs: 3, Timeout: 50 * time.Millisecond, Exec: exec,
		XFail: map[string]bool{"xfail.amber": true, "s/xpass.amber": true},
		Done:  func(Result, int, int) { calls++ },
	}, tests)
	if calls != 12 || len(results) != 12 {
		t.Fatalf("%d results, %d Done calls; want 12", len(results), calls)
	}
	var got []string
	for _, r := range results {
		got = append(got, fmt.Sprintf("%s %s %s: %s", r.Device, r.Outcome, r.Test.Path, r.Message))
	}
	want := []string{
		"A PASS s/pass.amber: ", "B PASS s/pass.amber: ",
		"A FAIL s/fail.amber: got 1, want 2", "B FAIL s/fail.amber: got 1, want 2",
		"A XFAIL s/xfail.amber: expected failure: got 1, want 2", "B XFAIL s/xfail.amber: expected failure: got 1, want 2",
		"A FAIL s/xpass.amber: passed, but the --xfail list expects it to fail", "B FAIL s/xpass.amber: passed, but the --xfail list expects it to fail",
		"A FAIL s/hang.amber: timed out after 50ms", "B FAIL s/hang.amber: timed out after 50ms",
		"A UNSUPPORTED s/unsupported.amber: no float64", "B UNSUPPORTED s/unsupported.amber: no float64",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("results:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	c := Count(results)
	if c.String() != "2 passed, 6 failed, 2 unsupported, 2 expected failures" || c.OK() {
		t.Errorf("summary %q, OK %v", c, c.OK())
	}
}

// junit mirrors the JUnit XML that CI systems read, to check the report
// against: the element and attribute names of Jenkins' junit-10.xsd.
type junit struct {
	XMLName  xml.Name `xml:"testsuites"`
	Name     string   `xml:"name,attr"`
	Tests    *int     `xml:"tests,attr"`
	Failures *int     `xml:"failures,attr"`
	Errors   *int     `xml:"errors,attr"`
	Skipped  *int     `xml:"skipped,attr"`
	Time     string   `xml:"time,attr"`
	Suites   []struct {
		Name       string `xml:"name,attr"`
		Tests      int    `xml:"tests,attr"`
		Failures   int    `xml:"failures,attr"`
		Errors     int    `xml:"errors,attr"`
		Skipped    int    `xml:"skipped,attr"`
		Time       string `xml:"time,attr"`
		Timestamp  string `xml:"timestamp,attr"`
		Properties []struct {
			Name  string `xml:"name,attr"`
			Value string `xml:"value,attr"`
		} `xml:"properties>property"`
		Cases []struct {
			Name      string `xml:"name,attr"`
			Classname string `xml:"classname,attr"`
			Time      string `xml:"time,attr"`
			Failure   *struct {
				Message string `xml:"message,attr"`
				Text    string `xml:",chardata"`
			} `xml:"failure"`
			Error *struct {
				Message string `xml:"message,attr"`
			} `xml:"error"`
			Skipped *struct {
				Message string `xml:"message,attr"`
			} `xml:"skipped"`
		} `xml:"testcase"`
	} `xml:"testsuite"`
}

var decimal = regexp.MustCompile(`^\d+\.\d{3}$`)

func TestReports(t *testing.T) {
	results := []Result{
		{Test: Test{Path: "a.amber", Kind: Amber}, Device: "llvmpipe (LLVM 15.0.6)", Outcome: Pass, Duration: time.Millisecond},
		{Test: Test{Path: "b.amber", Kind: Amber}, Device: "llvmpipe (LLVM 15.0.6)", Outcome: Fail, Message: "b.amber:3:1: EXPECT b EQ failed: <&> \"x\"\nmore"},
		{Test: Test{Path: "c.mlir", Kind: Lit}, Device: "SwiftShader", Outcome: Unsupported, Message: "no shaderFloat64"},
		{Test: Test{Path: "d.mlir", Kind: Host}, Device: "SwiftShader", Outcome: Error, Message: "bad file"},
		{Test: Test{Path: "e.mlir", Kind: Host}, Device: "SwiftShader", Outcome: XFail, Message: "expected failure: x"},
	}
	var b bytes.Buffer
	if err := WriteJUnit(&b, results, time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(b.String(), `<?xml version="1.0" encoding="UTF-8"?>`) {
		t.Errorf("no XML declaration:\n%s", b.String())
	}
	var j junit
	dec := xml.NewDecoder(bytes.NewReader(b.Bytes()))
	dec.Strict = true
	if err := dec.Decode(&j); err != nil {
		t.Fatalf("not well-formed: %v\n%s", err, b.String())
	}
	if j.Tests == nil || *j.Tests != 5 || *j.Failures != 1 || *j.Errors != 1 || j.Skipped != nil || len(j.Suites) != 2 ||
		j.Suites[0].Skipped+j.Suites[1].Skipped != 1 {
		t.Fatalf("totals wrong:\n%s", b.String())
	}
	for _, s := range j.Suites {
		if s.Tests != len(s.Cases) || !decimal.MatchString(s.Time) || s.Timestamp != "2026-01-02T03:04:05" ||
			len(s.Properties) != 1 || s.Properties[0].Value != s.Name {
			t.Errorf("suite %q: %+v", s.Name, s)
		}
		for _, c := range s.Cases {
			if c.Name == "" || !strings.HasSuffix(c.Classname, "."+map[string]string{"a": "amber", "b": "amber", "c": "lit", "d": "host", "e": "host"}[c.Name[:1]]) ||
				strings.Count(c.Classname, ".") != 1 || !decimal.MatchString(c.Time) {
				t.Errorf("testcase %+v", c)
			}
		}
	}
	f := j.Suites[0].Cases[1].Failure
	if f == nil || f.Message != `b.amber:3:1: EXPECT b EQ failed: <&> "x"` || f.Text != results[1].Message {
		t.Errorf("failure = %+v", f)
	}
	if s := j.Suites[1].Cases[0].Skipped; s == nil || s.Message != "no shaderFloat64" {
		t.Errorf("skipped = %+v", s)
	}
	if e := j.Suites[1].Cases[1].Error; e == nil || e.Message != "bad file" {
		t.Errorf("error = %+v", e)
	}

	b.Reset()
	if err := WriteJSON(&b, results); err != nil {
		t.Fatal(err)
	}
	var js struct {
		Summary string
		Counts  Counts
		Results []struct {
			Test, Kind, Device, Outcome, Message string
			DurationMs                           float64
		}
	}
	if err := json.Unmarshal(b.Bytes(), &js); err != nil {
		t.Fatal(err)
	}
	if js.Summary != "1 passed, 1 failed, 1 unsupported, 1 errors, 1 expected failures" || js.Counts != Count(results) ||
		len(js.Results) != 5 || js.Results[1].Outcome != "fail" || js.Results[0].DurationMs != 1 || js.Results[3].Kind != "host" {
		t.Errorf("JSON report:\n%s", b.String())
	}
	if got := results[1].Line(); got != "FAIL b.amber [llvmpipe (LLVM 15.0.6)]: 3:1: EXPECT b EQ failed: <&> \"x\"\nmore" {
		t.Errorf("Line = %q", got)
	}
}
