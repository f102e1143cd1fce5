package irtest

import (
	"io"
	"testing"

	"github.com/kiln-gpu/kiln/lit"
)

// The lit engine lives in package lit, shared with `kiln test`; these
// names keep the test helpers' API.
type (
	// LitFile is lit.LitFile.
	LitFile = lit.LitFile
	// Status is lit.Status.
	Status = lit.Status
	// Result is lit.Result.
	Result = lit.Result
	// Env is lit.Env.
	Env = lit.Env
)

// The lit outcomes.
const (
	Pass        = lit.Pass
	Fail        = lit.Fail
	Unsupported = lit.Unsupported
	XFail       = lit.XFail
	XPass       = lit.XPass
)

// Tools is lit.Tools.
var Tools = lit.Tools

// FindFileCheck returns the path of an installed FileCheck.
func FindFileCheck() (string, error) { return lit.FindFileCheck() }

// RunLines returns the commands of a file's `// RUN:` lines.
func RunLines(src string) []string { return lit.RunLines(src) }

// ParseStatus reads a Status from its String.
func ParseStatus(s string) (Status, bool) { return lit.ParseStatus(s) }

// FindTestFiles returns the .mlir files with RUN lines under root's
// testdata folders (recursively), sorted.
func FindTestFiles(root string) ([]string, error) { return lit.FindTestFiles(root) }

// LitMain runs lit's helper tools for a test binary that stands in for
// kiln; see lit.LitMain.
func LitMain(args []string, stdin io.Reader, stdout, stderr io.Writer) (code int, ok bool) {
	return lit.LitMain(args, stdin, stdout, stderr)
}

// NewEnv prepares a lit environment in a temporary directory of t in
// which kilnPath stands in for kiln; see lit.NewEnv.
func NewEnv(t testing.TB, kilnPath string) (*Env, error) { return lit.NewEnv(t.TempDir(), kilnPath) }
