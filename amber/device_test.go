package amber

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/kiln-gpu/kiln/runtime/gl"
	"github.com/kiln-gpu/kiln/runtime/vulkan/vulkantest"
)

// corpusDir is google/amber's compute tests, read in place.
const corpusDir = "../../shared/conformance/amber/google-amber/tests/cases"

// TestCorpus runs every compute AmberScript file of google/amber on the
// test device with the validation layer on: each passes or is
// unsupported with a reason, and the .expect_fail. files fail.
func TestCorpus(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(corpusDir, "*.amber"))
	if len(files) == 0 {
		if os.Getenv("CI") == "true" {
			t.Fatalf("no AmberScript files in %s", corpusDir)
		}
		t.Skipf("no AmberScript files in %s", corpusDir)
	}
	inst, dev := vulkantest.Device(t)
	var c Compiler
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			s, err := Parse(f, src)
			if err == nil {
				err = s.Run(context.Background(), dev, &c)
			}
			var u *UnsupportedError
			var m *Mismatch
			switch {
			case errors.As(err, &u):
				t.Logf("unsupported: %v", u)
			case filepath.Ext(f[:len(f)-len(".amber")]) == ".expect_fail":
				if !errors.As(err, &m) {
					t.Errorf("want a mismatch, got %v", err)
				}
			case err != nil:
				t.Error(err)
			}
			for _, msg := range inst.TakeMessages() {
				t.Errorf("validation: %v", msg)
			}
		})
	}
}

// TestCorpusGL runs the same files on an OpenGL 4.5 debug context: each
// passes, fails as its name expects, or is unsupported naming what GL
// lacks; none errors, and the driver's debug log stays quiet.
func TestCorpusGL(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(corpusDir, "*.amber"))
	if len(files) == 0 {
		if os.Getenv("CI") == "true" {
			t.Fatalf("no AmberScript files in %s", corpusDir)
		}
		t.Skipf("no AmberScript files in %s", corpusDir)
	}
	ctx, err := gl.Open(gl.Config{Debug: true})
	if err != nil {
		if os.Getenv("CI") == "true" || !errors.Is(err, gl.ErrNoContext) {
			t.Fatal(err)
		}
		t.Skipf("no OpenGL 4.5 context: %v", err)
	}
	defer ctx.Close()
	var c Compiler
	ran := 0
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			s, err := Parse(f, src)
			if err == nil {
				err = s.RunGL(context.Background(), ctx, &c)
			}
			var u *UnsupportedError
			var m *Mismatch
			switch {
			case errors.As(err, &u):
				t.Logf("unsupported: %v", u)
				return
			case filepath.Ext(f[:len(f)-len(".amber")]) == ".expect_fail":
				if !errors.As(err, &m) {
					t.Errorf("want a mismatch, got %v", err)
				}
			case err != nil:
				t.Error(err)
			}
			ran++
			for _, msg := range ctx.TakeMessages() {
				t.Errorf("debug output: %v", msg)
			}
		})
	}
	if ran == 0 {
		t.Error("no file of the corpus ran on OpenGL")
	}
	t.Logf("%d of %d files ran on OpenGL", ran, len(files))
}
