package main

import (
	"bytes"
	"encoding/binary"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln"
)

func kilnCompile(args ...string) (stderr string, code int) {
	var out, errb bytes.Buffer
	code = dispatch(append([]string{"compile"}, args...), nil, &out, &errb)
	return errb.String(), code
}

// TestCompileSample compiles the sample kernel for every Vulkan version
// and reads back the .spv and the manifest.
func TestCompileSample(t *testing.T) {
	for _, env := range []string{"vulkan1.0", "vulkan1.1", "vulkan1.2", "vulkan1.3"} {
		t.Run(env, func(t *testing.T) {
			dir := t.TempDir()
			if errs, code := kilnCompile("../../runner/testdata/addf.mlir", "-o", dir, "--target-env="+env); code != 0 {
				t.Fatalf("exit %d:\n%s", code, errs)
			}
			spv, err := os.ReadFile(filepath.Join(dir, "kernels.spv"))
			if err != nil {
				t.Fatal(err)
			}
			if len(spv) < 20 || binary.LittleEndian.Uint32(spv) != 0x07230203 {
				t.Fatalf("kernels.spv is not SPIR-V (%d bytes)", len(spv))
			}
			data, err := os.ReadFile(filepath.Join(dir, "manifest.json"))
			if err != nil {
				t.Fatal(err)
			}
			man, err := kiln.ReadDir(dir)
			if err != nil {
				t.Fatal(err)
			}
			if len(man.Modules) != 1 || man.Modules[0].File != "kernels.spv" || man.Modules[0].Env != env ||
				4*len(man.Modules[0].Words) != len(spv) || man.Modules[0].Words[0] != 0x07230203 {
				t.Fatalf("manifest:\n%s", data)
			}
			k := man.Modules[0].Kernel("kernel_add")
			if k == nil || len(k.Args) != 3 || k.Args[2].Binding != 2 || k.WorkgroupSize != [3]uint32{1, 1, 1} {
				t.Fatalf("manifest:\n%s", data)
			}
			if !bytes.Contains(data, []byte(`"memref<8xf32>"`)) {
				t.Errorf("types are escaped:\n%s", data)
			}
		})
	}
}

// fileSPIRVMinor is the SPIR-V minor version a test file's target asks for.
var fileSPIRVMinor = regexp.MustCompile(`#spirv\.vce<v1\.(\d)`)

// TestCompileUpstream compiles every kernel of every upstream Vulkan test
// for vulkan1.0 to vulkan1.3; spirv-val gates each binary. A kernel that
// needs a newer SPIR-V than an environment allows (argmax's subgroup ops
// need 1.3) must be refused with a diagnostic naming what is missing.
func TestCompileUpstream(t *testing.T) {
	envMinor := map[string]int{"vulkan1.0": 0, "vulkan1.1": 3, "vulkan1.2": 5, "vulkan1.3": 6}
	for _, path := range upstreamVulkanTests(t) {
		name := filepath.Base(path)
		t.Run(name, func(t *testing.T) {
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			need := 0
			if m := fileSPIRVMinor.FindSubmatch(src); m != nil {
				need = int(m[1][0] - '0')
			}
			for _, env := range []string{"vulkan1.0", "vulkan1.1", "vulkan1.2", "vulkan1.3"} {
				errs, code := kilnCompile(path, "-o", t.TempDir(), "--target-env="+env)
				switch {
				case code == 0:
				case need > envMinor[env] && strings.Contains(errs, "not available in the target environment"):
					t.Logf("%s: refused as it must be (the file needs SPIR-V 1.%d):\n%s", env, need, errs)
				default:
					t.Fatalf("%s: exit %d:\n%s", env, code, errs)
				}
			}
		})
	}
}

func TestCompileBadInput(t *testing.T) {
	if _, code := kilnCompile("../../runner/testdata/addf.mlir", "--target-env=vulkan9"); code != 2 {
		t.Errorf("bad --target-env: exit %d, want 2", code)
	}
	if _, code := kilnCompile(); code != 2 {
		t.Errorf("no file: exit %d, want 2", code)
	}
	path := filepath.Join(t.TempDir(), "host.mlir")
	os.WriteFile(path, []byte("func.func @main() {\n  return\n}\n"), 0o644)
	errs, code := kilnCompile(path, "-o", t.TempDir())
	if code != 1 || !located.MatchString(errs) || !strings.Contains(errs, "no gpu.module to compile") {
		t.Errorf("no kernels: exit %d:\n%s", code, errs)
	}
}
