package suite

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"time"

	"github.com/kiln-gpu/kiln/amber"
	"github.com/kiln-gpu/kiln/lit"
)

// Env is what the tests of a suite share: the devices, opened once,
// the shader cache, and the lit environment. Its Exec method is the
// suite's Executor.
type Env struct {
	// Devices are the open devices of the matrix (OpenDevices).
	Devices Devices
	// Validate turns the Vulkan validation layer (GL: the debug output)
	// on for every test: a message fails the test that caused it, and
	// the report carries it. The devices must have been opened with it.
	Validate bool
	// Lit runs .mlir files with RUN lines (nil: they are errors).
	Lit *lit.Env
	// Host runs a host program on a device and returns what it printed
	// (nil: host programs are errors). An error wrapping ErrUnsupported
	// makes the test unsupported.
	Host func(ctx context.Context, path string, dev *Device) (string, error)
	// FileCheck is the FileCheck binary host programs' output is checked
	// with.
	FileCheck string
	compiler  amber.Compiler
}

// ErrUnsupported marks a Host error that says the device cannot run the
// program (a capability, extension or SPIR-V version it lacks).
var ErrUnsupported = errors.New("unsupported on this device")

// DeviceLacks reports whether a kiln run error says that the device
// cannot meet the program's target environment (the runner's words).
func DeviceLacks(msg string) bool {
	return strings.Contains(msg, "does not offer") || strings.Contains(msg, "accepts at most")
}

// Exec runs test t on device dev (an index into Devices). Under
// Validate, amber files and host programs, which use the device in this
// process, hold it while they run, and what its validation layer or debug
// output reports meanwhile fails the test; RUN lines run their kiln
// commands with KILN_VALIDATE=1, which fail on any message themselves.
func (e *Env) Exec(ctx context.Context, t Test, dev int) Result {
	d := e.Devices[dev]
	if t.Kind == Lit {
		return e.lit(ctx, t, d)
	}
	if err := d.acquire(ctx); err != nil {
		return Result{Outcome: Error, Message: err.Error()}
	}
	defer d.release()
	var r Result
	if t.Kind == Amber {
		r = e.amber(ctx, t, d)
	} else {
		r = e.host(ctx, t, d)
	}
	if msgs := d.messages(); len(msgs) > 0 {
		what := "the validation layer"
		if d.GL != nil {
			what = "the OpenGL debug output"
		}
		msg := what + " reported:\n" + strings.Join(msgs, "\n")
		if r.Message != "" {
			msg = r.Message + "\n" + msg
		}
		r = Result{Outcome: Fail, Message: msg}
	}
	return r
}

// expectFail reports whether an Amber file is expected to fail, as
// google/amber's own runner marks them: ".expect_fail." in the name.
func expectFail(path string) bool { return strings.Contains(path, ".expect_fail.") }

func (e *Env) amber(ctx context.Context, t Test, d *Device) Result {
	src, err := os.ReadFile(t.Path)
	if err != nil {
		return Result{Outcome: Error, Message: err.Error()}
	}
	s, err := amber.Parse(t.Path, src)
	switch {
	case err == nil && d.GL != nil:
		err = s.RunGL(ctx, d.GL, &e.compiler)
	case err == nil:
		err = s.Run(ctx, d.Vulkan, &e.compiler)
	}
	var u *amber.UnsupportedError
	var m *amber.Mismatch
	r := Result{Outcome: Pass}
	switch {
	case errors.As(err, &u):
		return Result{Outcome: Unsupported, Message: u.Error()}
	case errors.As(err, &m):
		r = Result{Outcome: Fail, Message: m.Error()}
	case err != nil:
		return Result{Outcome: Error, Message: err.Error()}
	}
	if expectFail(t.Path) {
		if r.Outcome == Fail {
			return Result{Outcome: Pass, Message: "failed as its name expects: " + r.Message}
		}
		return Result{Outcome: Fail, Message: "passed, but its name (.expect_fail.) expects a failure"}
	}
	return r
}

func (e *Env) lit(ctx context.Context, t Test, d *Device) Result {
	if e.Lit == nil {
		return Result{Outcome: Error, Message: "no lit environment (FileCheck missing?)"}
	}
	src, err := os.ReadFile(t.Path)
	if err != nil {
		return Result{Outcome: Error, Message: err.Error()}
	}
	tmp, err := os.MkdirTemp("", "kiln-test-")
	if err != nil {
		return Result{Outcome: Error, Message: err.Error()}
	}
	defer os.RemoveAll(tmp)
	env := *e.Lit
	env.Environ = append(append([]string{}, env.Environ...), "KILN_DEVICE="+d.Select, "KILN_BACKEND="+d.Backend)
	if e.Validate {
		env.Environ = append(env.Environ, "KILN_VALIDATE=1")
	}
	if d, ok := ctx.Deadline(); ok {
		env.Timeout = max(time.Until(d), time.Millisecond)
	}
	lr := env.Run(t.Path, string(src), tmp)
	why := lr.Why
	if lr.Command != "" {
		why = "RUN: " + lr.Command + "\n" + why
	}
	switch lr.Status {
	case lit.Pass:
		return Result{Outcome: Pass}
	case lit.Unsupported:
		return Result{Outcome: Unsupported, Message: why}
	case lit.XFail:
		return Result{Outcome: XFail, Message: "XFAIL in the file: " + why}
	case lit.XPass:
		return Result{Outcome: Fail, Message: "marked XFAIL in the file, but passed"}
	}
	if DeviceLacks(lr.Why) {
		return Result{Outcome: Unsupported, Message: why}
	}
	return Result{Outcome: Fail, Message: why}
}

func (e *Env) host(ctx context.Context, t Test, d *Device) Result {
	if e.Host == nil || e.FileCheck == "" {
		return Result{Outcome: Error, Message: "host programs need kiln run and FileCheck"}
	}
	out, err := e.Host(ctx, t.Path, d)
	if errors.Is(err, ErrUnsupported) {
		return Result{Outcome: Unsupported, Message: err.Error()}
	}
	if err != nil {
		return Result{Outcome: Fail, Message: "kiln run: " + err.Error()}
	}
	cmd := exec.CommandContext(ctx, e.FileCheck, t.Path)
	cmd.Stdin = strings.NewReader(out)
	var msg bytes.Buffer
	cmd.Stdout, cmd.Stderr = &msg, &msg
	if err := cmd.Run(); err != nil {
		return Result{Outcome: Fail, Message: fmt.Sprintf("FileCheck: %v\n%s", err, msg.String())}
	}
	return Result{Outcome: Pass}
}
