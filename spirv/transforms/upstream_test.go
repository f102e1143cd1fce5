package transforms

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/ir/irtest"
)

// upstreamABI is MLIR's own test of spirv-lower-abi-attrs, read in place.
const upstreamABI = "../../../shared/conformance/mlir-upstream/mlir/test/Dialect/SPIRV/Transforms/abi-interface.mlir"

// TestUpstreamABIInterface runs the RUN line of MLIR's abi-interface.mlir
// with `kiln opt` in place of mlir-opt, checked by FileCheck.
func TestUpstreamABIInterface(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the kiln command")
	}
	path, err := filepath.Abs(upstreamABI)
	if err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile(path)
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("conformance corpus missing: %v", err)
		}
		t.Skip("conformance corpus not present")
	}
	kiln := buildKiln(t)
	env, err := irtest.NewEnv(t, kiln)
	if err != nil {
		t.Skip(err)
	}
	for _, line := range irtest.RunLines(string(src)) {
		cmd := strings.Replace(line, "mlir-opt", "kiln opt", 1)
		cmd = strings.ReplaceAll(cmd, "%s", "'"+path+"'")
		sh := exec.Command("bash", "-o", "pipefail", "-c", cmd)
		sh.Env = append(os.Environ(), "PATH="+env.BinDir+string(os.PathListSeparator)+os.Getenv("PATH"))
		var out bytes.Buffer
		sh.Stdout, sh.Stderr = &out, &out
		if err := sh.Run(); err != nil {
			t.Errorf("RUN: %s\n%v\n%s", cmd, err, out.String())
		}
	}
}

// buildKiln builds the kiln command and skips the test when it does not
// offer the passes of this package yet.
func buildKiln(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "kiln")
	build := exec.Command("go", "build", "-o", bin, "github.com/kiln-gpu/kiln/cmd/kiln")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("cannot build kiln: %v\n%s", err, out)
	}
	probe := exec.Command(bin, "opt", "--spirv-lower-abi-attrs", "-")
	probe.Stdin = strings.NewReader("module {}")
	if out, err := probe.CombinedOutput(); err != nil {
		t.Fatalf("kiln opt --spirv-lower-abi-attrs: %v\n%s", err, out)
	}
	return bin
}
