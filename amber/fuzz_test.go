package amber

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// FuzzParse feeds arbitrary text to the AmberScript reader: it returns a
// script or an *Error or *UnsupportedError, and never panics. The seeds
// are the checked-in corpus (testdata/fuzz/FuzzParse) and, when ../shared
// is beside the worktree, Amber's own test cases, read in place.
func FuzzParse(f *testing.F) {
	cases, _ := filepath.Glob(filepath.Join(corpusDir, "*.amber"))
	for _, c := range cases {
		if b, err := os.ReadFile(c); err == nil {
			f.Add(b)
		}
	}
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, src []byte) {
		s, err := Parse(filepath.Join(dir, "fuzz.amber"), src)
		var perr *Error
		var unsup *UnsupportedError
		switch {
		case err == nil && s == nil:
			t.Fatal("no script and no error")
		case err != nil && !errors.As(err, &perr) && !errors.As(err, &unsup):
			t.Fatalf("error of type %T: %v", err, err)
		}
	})
}
