package spv

import (
	"bytes"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

var update = flag.Bool("update", false, "rebuild testdata/*.spv from their sources (glslangValidator, spirv-as) and testdata/*.dis with spirv-dis")

// testModule is one of the binaries in testdata: NAME.spv, built from
// NAME.comp (GLSL, by glslangValidator) or NAME.spvasm (by spirv-as), with
// NAME.dis, spirv-dis's disassembly of it.
type testModule struct {
	name  string
	env   string // the source's "target-env:" line: glslang's, spirv-as's and spirv-val's --target-env
	words []uint32
}

var rebuildOnce sync.Once

func loadTestModules(t testing.TB) []testModule {
	t.Helper()
	sources, err := filepath.Glob("testdata/*.comp")
	if err != nil {
		t.Fatal(err)
	}
	asm, _ := filepath.Glob("testdata/*.spvasm")
	sources = append(sources, asm...)
	if len(sources) == 0 {
		t.Fatal("no testdata sources")
	}
	if *update {
		rebuildOnce.Do(func() { rebuild(t, sources) })
	}
	var mods []testModule
	for _, src := range sources {
		base := strings.TrimSuffix(src, filepath.Ext(src))
		data, err := os.ReadFile(base + ".spv")
		if err != nil {
			t.Fatalf("%v (run go test -update with glslangValidator, spirv-as and spirv-dis installed)", err)
		}
		words, err := BytesToWords(data)
		if err != nil {
			t.Fatal(err)
		}
		mods = append(mods, testModule{name: filepath.Base(base), env: targetEnv(t, src), words: words})
	}
	return mods
}

// targetEnv reads the "target-env: ENV" line at the top of a source file.
func targetEnv(t testing.TB, src string) string {
	t.Helper()
	data, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(data), "\n") {
		if _, env, ok := strings.Cut(line, "target-env: "); ok {
			return strings.TrimSpace(env)
		}
	}
	t.Fatalf("%s: no target-env: line", src)
	return ""
}

func rebuild(t testing.TB, sources []string) {
	for _, src := range sources {
		base := strings.TrimSuffix(src, filepath.Ext(src))
		env := targetEnv(t, src)
		var cmd *exec.Cmd
		if strings.HasSuffix(src, ".comp") {
			cmd = exec.Command("glslangValidator", "-V", "--target-env", env, src, "-o", base+".spv")
		} else {
			cmd = exec.Command("spirv-as", "--target-env", env, src, "-o", base+".spv")
		}
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%v: %v\n%s", cmd, err, out)
		}
		dis := runTool(t, "spirv-dis", base+".spv")
		if err := os.WriteFile(base+".dis", dis, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// runTool runs a SPIRV-Tools command and returns its standard output.
func runTool(t testing.TB, name string, args ...string) []byte {
	t.Helper()
	var stdout, stderr bytes.Buffer
	cmd := exec.Command(name, args...)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, stderr.String())
	}
	return stdout.Bytes()
}

// needTool skips the test when a command is not on PATH.
func needTool(t *testing.T, name string) {
	t.Helper()
	if _, err := exec.LookPath(name); err != nil {
		t.Skipf("%s not on PATH (Debian package spirv-tools)", name)
	}
}
