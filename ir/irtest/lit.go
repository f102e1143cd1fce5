package irtest

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// FileCheckNames are the FileCheck binaries tried, in order.
var FileCheckNames = []string{"FileCheck", "FileCheck-16", "FileCheck-14", "FileCheck-15", "FileCheck-17", "FileCheck-18", "FileCheck-19"}

// FindFileCheck returns the path of an installed FileCheck.
func FindFileCheck() (string, error) {
	for _, n := range FileCheckNames {
		if p, err := exec.LookPath(n); err == nil {
			return p, nil
		}
	}
	return "", fmt.Errorf("FileCheck not found (install llvm-14-tools, or run ci/install.sh)")
}

// RunLines returns the commands of a file's `// RUN:` lines, joining lines
// that end with a backslash.
func RunLines(src string) []string {
	var cmds []string
	cur := ""
	for _, line := range strings.Split(src, "\n") {
		i := strings.Index(line, "RUN:")
		if i < 0 || !strings.HasPrefix(strings.TrimSpace(line), "//") {
			continue
		}
		part := strings.TrimSpace(line[i+4:])
		if strings.HasSuffix(part, "\\") {
			cur += strings.TrimSuffix(part, "\\") + " "
			continue
		}
		cmds = append(cmds, cur+part)
		cur = ""
	}
	return cmds
}

// Env is where RUN lines find their tools: BinDir is put first on PATH
// (it must hold `kiln`; a FileCheck link is added when needed).
type Env struct {
	BinDir string
}

// NewEnv prepares a bin directory holding a `kiln` link to kilnPath and a
// `FileCheck` link to the installed FileCheck.
func NewEnv(t testing.TB, kilnPath string) (*Env, error) {
	dir := t.TempDir()
	if err := os.Symlink(kilnPath, filepath.Join(dir, "kiln")); err != nil {
		return nil, err
	}
	fc, err := FindFileCheck()
	if err != nil {
		return nil, err
	}
	if err := os.Symlink(fc, filepath.Join(dir, "FileCheck")); err != nil {
		return nil, err
	}
	return &Env{BinDir: dir}, nil
}

// RunFile runs every RUN line of an .mlir file with bash (pipefail on) and
// reports each failure with the command's output.
func (e *Env) RunFile(t testing.TB, path string) {
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	cmds := RunLines(string(src))
	if len(cmds) == 0 {
		t.Fatalf("%s: no RUN lines", path)
	}
	for _, c := range cmds {
		cmd := strings.ReplaceAll(c, "%s", shellQuote(path))
		sh := exec.Command("bash", "-o", "pipefail", "-c", cmd)
		sh.Env = append(os.Environ(), "PATH="+e.BinDir+string(os.PathListSeparator)+os.Getenv("PATH"))
		var out bytes.Buffer
		sh.Stdout, sh.Stderr = &out, &out
		if err := sh.Run(); err != nil {
			t.Errorf("%s: RUN: %s\n%v\n%s", path, c, err, out.String())
		}
	}
}

func shellQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }

// FindTestFiles returns the .mlir files with RUN lines under the given
// directories' testdata folders (recursively), sorted.
func FindTestFiles(root string) ([]string, error) {
	var files []string
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (strings.HasPrefix(d.Name(), ".") && p != root) {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(p, ".mlir") && strings.Contains(filepath.ToSlash(p), "/testdata/") {
			src, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			if len(RunLines(string(src))) > 0 {
				files = append(files, p)
			}
		}
		return nil
	})
	return files, err
}
