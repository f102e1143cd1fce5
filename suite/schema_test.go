package suite

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestJUnitSchema checks a report of every outcome, with messages that
// XML must escape, against the JUnit schema Jenkins validates with
// (testdata/jenkins-junit.xsd), through xmllint.
func TestJUnitSchema(t *testing.T) {
	xmllint, err := exec.LookPath("xmllint")
	if err != nil {
		if ci, _ := strconv.ParseBool(os.Getenv("CI")); ci {
			t.Fatal("xmllint is missing (CI=true; ci/install.sh installs libxml2-utils)")
		}
		t.Skip("xmllint is missing (Debian: libxml2-utils)")
	}
	results := []Result{
		{Test: Test{Path: "a.amber", Kind: Amber}, Device: "llvmpipe (LLVM 15.0.6)", Outcome: Pass, Duration: 1234567 * time.Millisecond},
		{Test: Test{Path: "b.amber", Kind: Amber}, Device: "llvmpipe (LLVM 15.0.6)", Outcome: Fail, Message: "b.amber:3:1: EXPECT b EQ failed: <&> \"x\" ]]>\x01\nmore"},
		{Test: Test{Path: "c.mlir", Kind: Lit}, Device: "SwiftShader", Outcome: Unsupported, Message: "no shaderFloat64"},
		{Test: Test{Path: "d.mlir", Kind: Host}, Device: "SwiftShader", Outcome: Error, Message: "bad file"},
		{Test: Test{Path: "e.mlir", Kind: Host}, Device: "SwiftShader", Outcome: XFail, Message: "expected failure: x"},
		{Test: Test{Path: "f.mlir", Kind: Lit}, Outcome: Pass},
	}
	var b bytes.Buffer
	if err := WriteJUnit(&b, results, time.Now()); err != nil {
		t.Fatal(err)
	}
	report := filepath.Join(t.TempDir(), "report.xml")
	if err := os.WriteFile(report, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(xmllint, "--noout", "--schema", filepath.Join("testdata", "jenkins-junit.xsd"), report).CombinedOutput()
	if err != nil || !strings.Contains(string(out), "validates") {
		t.Errorf("xmllint: %v\n%s\nreport:\n%s", err, out, b.String())
	}
	// The schema rejects what Jenkins rejects: a testcase without a name.
	bad := strings.Replace(b.String(), `name="a.amber"`, "", 1)
	if err := os.WriteFile(report, []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(xmllint, "--noout", "--schema", filepath.Join("testdata", "jenkins-junit.xsd"), report).CombinedOutput(); err == nil {
		t.Errorf("xmllint accepts a testcase without a name:\n%s", out)
	}
}
