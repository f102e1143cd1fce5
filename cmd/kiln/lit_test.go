package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/kiln-gpu/kiln/ir/irtest"
)

// TestMain lets the test binary act as the kiln command: RUN lines invoke
// it through a `kiln` link, so .mlir tests exercise the real CLI; it also runs lit's `not` and
// `split-file` for them (irtest.LitMain).
func TestMain(m *testing.M) {
	if out := os.Getenv(measuredEnv); out != "" {
		os.Exit(runMeasured(out, os.Args[1:]))
	}
	if filepath.Base(os.Args[0]) == "kiln" {
		if code, ok := irtest.LitMain(os.Args[1:], os.Stdin, os.Stdout, os.Stderr); ok {
			os.Exit(code)
		}
		os.Exit(dispatch(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// litEnv returns a lit environment in which this test binary stands in
// for kiln. Without FileCheck it skips the test, except under CI=true.
func litEnv(t *testing.T) *irtest.Env {
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	env, err := irtest.NewEnv(t, self)
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal(err)
		}
		t.Skip(err)
	}
	return env
}

// TestMLIRFiles runs every .mlir file with RUN lines under a testdata
// folder of the repository.
func TestMLIRFiles(t *testing.T) {
	env := litEnv(t)
	files, err := irtest.FindTestFiles("../..")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no .mlir test files found")
	}
	for _, f := range files {
		rel, _ := filepath.Rel("../..", f)
		t.Run(rel, func(t *testing.T) {
			t.Parallel()
			env.RunFile(t, f)
		})
	}
}
