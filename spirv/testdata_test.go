package spirv

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kiln-gpu/kiln/fn"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/ir/irtest"
	"github.com/kiln-gpu/kiln/ir/pass"
)

// TestTestdata runs testdata/*.mlir in process, as their RUN lines would
// through `kiln opt` (which also runs them once the dialect is wired into
// the CLI): --verify-diagnostics files check their expected-error
// comments, the others (after --canonicalize when asked) pipe the printed
// IR into FileCheck.
func TestTestdata(t *testing.T) {
	files, err := filepath.Glob("testdata/*.mlir")
	if err != nil || len(files) == 0 {
		t.Fatalf("no testdata: %v", err)
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			run := strings.Join(irtest.RunLines(string(src)), " ")
			var printed []string
			var problems []string
			for _, chunk := range ir.SplitInput(string(src)) {
				ctx := ir.NewContext(Dialect(), fn.Dialect())
				var diags []*ir.Diagnostic
				ctx.SetDiagnosticHandler(func(d *ir.Diagnostic) { diags = append(diags, d) })
				m, err := ir.Parse(ctx, chunk, f)
				if err == nil {
					err = ir.Verify(m)
				}
				if err == nil && strings.Contains(run, "--canonicalize") {
					pl := pass.NewPipeline("builtin.module")
					pl.AddPass(pass.Canonicalize())
					err = pass.New(pl, pass.Config{}).Run(m)
				}
				if err != nil {
					d, ok := err.(*ir.Diagnostic)
					if !ok {
						d = ir.Errorf(ctx.UnknownLoc(), "%v", err)
					}
					diags = append(diags, d)
				} else {
					printed = append(printed, string(ir.PrintBytes(m, ir.PrintOptions{})))
				}
				if strings.Contains(run, "--verify-diagnostics") {
					problems = append(problems, irtest.VerifyDiagnostics(chunk, f, diags)...)
				} else {
					for _, d := range diags {
						problems = append(problems, d.Error())
					}
				}
			}
			for _, p := range problems {
				t.Error(p)
			}
			if strings.Contains(run, "FileCheck") && len(problems) == 0 {
				fileCheck(t, f, strings.Join(printed, "// -----\n"))
			}
		})
	}
}

func fileCheck(t *testing.T, checkFile, input string) {
	t.Helper()
	fc, err := irtest.FindFileCheck()
	if err != nil {
		t.Skip(err)
	}
	cmd := exec.Command(fc, checkFile)
	cmd.Stdin = strings.NewReader(input)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		t.Errorf("FileCheck %s: %v\n%s", checkFile, err, out.String())
	}
}
