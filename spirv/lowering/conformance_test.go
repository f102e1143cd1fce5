package lowering_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/ir/irtest"
)

// upstream is MLIR's conversion test folder, read in place.
const upstream = "../../../shared/conformance/mlir-upstream/mlir/test/Conversion"

// known is a split-input-file chunk left out of a run: the chunks that
// contain match, for reason. An empty match leaves out the whole file.
type known struct{ match, reason string }

const (
	refuseSubgroupBuiltins = "needs GroupNonUniform, which the default target lacks: Kiln refuses the built-in " +
		"with a diagnostic naming the capability, MLIR emits a module spirv-update-vce cannot satisfy"
)

// conformance lists the upstream conversion tests run, with their known
// differences.
var conformance = map[string][]known{
	"GPUToSPIRV/load-store.mlir":       nil,
	"GPUToSPIRV/gpu-to-spirv.mlir":     nil,
	"GPUToSPIRV/workgroup-memory.mlir": nil,
	"GPUToSPIRV/shuffle.mlir":          nil,
	"GPUToSPIRV/builtins.mlir": {
		{"gpu.subgroup_id", "gpu.subgroup_id " + refuseSubgroupBuiltins},
		{"gpu.num_subgroups", "gpu.num_subgroups " + refuseSubgroupBuiltins},
		{"gpu.subgroup_size", "gpu.subgroup_size " + refuseSubgroupBuiltins},
	},
	"GPUToSPIRV/entry-point.mlir":             nil,
	"ConvertToSPIRV/convert-gpu-modules.mlir": nil,
	"SCFToSPIRV/if.mlir": {{"@unsupported_yield_type", "expects memrefs without a storage class to stay " +
		"unconverted; Kiln maps the default memory space to StorageBuffer in every conversion"}},
	"VectorToSPIRV/vector-to-spirv.mlir": {
		{"@vector_load", "MLIR bitcasts the element pointer to a vector pointer, which Logical addressing " +
			"does not allow under Vulkan; Kiln loads and stores lane by lane"},
	},
}

// TestUpstreamConversions runs the upstream files' RUN lines with
// mlir-opt replaced by `kiln opt`, checked by FileCheck, leaving out the
// known chunks. It needs a kiln binary with the passes registered and
// skips without one.
func TestUpstreamConversions(t *testing.T) {
	if _, err := os.Stat(upstream); err != nil {
		t.Skip("conformance corpus not present")
	}
	if testing.Short() {
		t.Skip("builds kiln")
	}
	bin := filepath.Join(t.TempDir(), "kiln")
	if out, err := exec.Command("go", "build", "-o", bin, "github.com/kiln-gpu/kiln/cmd/kiln").CombinedOutput(); err != nil {
		t.Fatalf("cannot build kiln: %v\n%s", err, out)
	}
	probe := exec.Command(bin, "opt", "--convert-to-spirv", "-")
	probe.Stdin = strings.NewReader("module {}")
	if out, err := probe.CombinedOutput(); err != nil {
		t.Fatalf("kiln opt --convert-to-spirv: %v\n%s", err, out)
	}
	env, err := irtest.NewEnv(t, bin)
	if err != nil {
		t.Skip(err)
	}
	for file, skips := range conformance {
		t.Run(file, func(t *testing.T) {
			src, err := os.ReadFile(filepath.Join(upstream, file))
			if err != nil {
				t.Skip(err)
			}
			text, left := leaveOut(string(src), skips)
			for _, s := range left {
				t.Logf("left out: %s", s)
			}
			if text == "" {
				return
			}
			path := filepath.Join(t.TempDir(), filepath.Base(file))
			if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
			for _, c := range irtest.RunLines(string(src)) {
				c = strings.ReplaceAll(strings.ReplaceAll(c, "mlir-opt", "kiln opt"), "%s", "'"+path+"'")
				sh := exec.Command("bash", "-o", "pipefail", "-c", c)
				sh.Env = append(os.Environ(), "PATH="+env.BinDir+string(os.PathListSeparator)+os.Getenv("PATH"))
				var out bytes.Buffer
				sh.Stdout, sh.Stderr = &out, &out
				if err := sh.Run(); err != nil {
					t.Errorf("RUN: %s\n%v\n%s", c, err, tail(out.String()))
				}
			}
		})
	}
}

// leaveOut drops the chunks that match a known entry and returns the rest
// ("" when the whole file is left out) with the reasons used.
func leaveOut(src string, skips []known) (string, []string) {
	const sep = "\n// -----\n"
	var keep, why []string
	for _, c := range strings.Split(src, sep) {
		drop := false
		for _, s := range skips {
			if s.match == "" {
				return "", []string{s.reason}
			}
			if strings.Contains(c, s.match) {
				drop, why = true, append(why, s.reason)
				break
			}
		}
		if !drop {
			keep = append(keep, c)
		}
	}
	return strings.Join(keep, sep), why
}

func tail(s string) string {
	if len(s) > 3000 {
		return "..." + s[len(s)-3000:]
	}
	return s
}
