package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"regexp"
	"strings"
	"time"

	"github.com/kiln-gpu/kiln"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/lit"
	"github.com/kiln-gpu/kiln/runner"
	"github.com/kiln-gpu/kiln/runtime/vulkan"
	"github.com/kiln-gpu/kiln/suite"
)

func init() {
	// lit's `not` and `split-file`, which RUN lines of `kiln test` reach
	// through the `kiln` of lit's bin directory (lit.NewEnv).
	for _, name := range []string{"lit-not", "lit-split-file"} {
		commands[name] = command{summary: "lit's " + strings.TrimPrefix(name, "lit-") + " for the RUN lines of kiln test", hidden: true,
			run: func(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
				code, _ := lit.LitMain(append([]string{name}, args...), stdin, stdout, stderr)
				return code
			}}
	}
}

// stringList is a flag that may be repeated.
type stringList []string

func (l *stringList) String() string     { return strings.Join(*l, ",") }
func (l *stringList) Set(v string) error { *l = append(*l, v); return nil }

// runTest implements `kiln test PATH...`: it runs every test under the
// paths (see package suite) on each --device, prints a line per test
// that does not pass and the summary, and writes the reports asked for.
// The exit status is 0 when nothing failed, 1 when something did, 2 for
// usage errors.
func runTest(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	c := newCommandLine("kiln test", "kiln test [flags] PATH...",
		"Runs .amber files, .mlir files with RUN lines and .mlir host programs with CHECK lines,\n"+
			"on each --device, and prints a line per test that does not pass and the summary.")
	fs := c.fs
	var devices stringList
	fs.Var(&devices, "device", "Vulkan device by index or name substring, gl (OpenGL 4.5 through EGL's surfaceless platform) or gl:N (EGL device N), or all (every Vulkan device and the GL context); repeat for a matrix (default $KILN_DEVICE, else the best Vulkan device)")
	jobs := fs.Int("j", 0, "tests run in parallel (default the CPU count)")
	filter := fs.String("filter", "", "run only the tests whose path matches this regular expression")
	shardIndex := fs.Int("shard-index", -1, "run shard I of --shard-count (default $TEST_SHARD_INDEX)")
	shardCount := fs.Int("shard-count", 0, "split the suite into N shards (default $TEST_TOTAL_SHARDS)")
	timeout := fs.Duration("timeout", 5*time.Minute, "time limit of each test (0: none)")
	xfail := fs.String("xfail", "", "file listing the tests expected to fail, one path a line ('#' comments)")
	junit := fs.String("junit", "", "write a JUnit XML report to `FILE`")
	jsonOut := fs.String("json", "", "write a JSON report to `FILE`")
	verbose := fs.Bool("v", false, "print a line for passing tests too")
	validate := fs.Bool("validate", os.Getenv("KILN_VALIDATE") == "1", "turn on the Vulkan validation layer (GL: a debug context) and fail each test on any message it causes (default: KILN_VALIDATE=1)")
	reference := fs.Bool("reference", false, "differential mode: run host programs' kernels on the device and in the reference interpreter and fail at the first launch whose buffers differ")
	repro := fs.String("save-repro", "", "with --reference, write an AmberScript reproducer of each launch that differs into DIR")
	paths, code := c.parse(jobsArgs(args), stdout, stderr)
	if code >= 0 {
		return code
	}
	usageErr := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "kiln test: "+format+"\n", a...)
		return 2
	}
	if len(paths) == 0 {
		return c.usageError(stderr, "give the tests' files or folders")
	}
	var re *regexp.Regexp
	if *filter != "" {
		var err error
		if re, err = regexp.Compile(*filter); err != nil {
			return usageErr("--filter: %v", err)
		}
	}
	index, count := *shardIndex, *shardCount
	if index < 0 && count == 0 {
		i, n, _, err := suite.ShardFromEnv()
		if err != nil {
			return usageErr("%v", err)
		}
		index, count = i, n
	}
	if count == 0 {
		count = 1
	}
	if index < 0 || index >= count {
		return usageErr("--shard-index %d must be in [0, %d)", index, count)
	}
	xf, err := readXFail(*xfail)
	if err != nil {
		return usageErr("--xfail: %v", err)
	}
	tests, err := suite.Discover(paths)
	if err != nil {
		return usageErr("%v", err)
	}
	tests = suite.Select(tests, re, index, count)

	if len(devices) == 0 {
		devices = stringList{""}
	}
	// The Vulkan instance lists the devices; a suite of GL devices only
	// runs without one.
	inst, verr := vulkan.NewInstance(vulkan.InstanceConfig{})
	if verr != nil {
		inst = nil
	}
	devs, err := suite.OpenDevices(inst, devices, *validate)
	if err != nil {
		if inst != nil {
			inst.Close()
		} else {
			err = fmt.Errorf("%v (Vulkan: %v)", err, verr)
		}
		fmt.Fprintf(stderr, "kiln test: %v\n", err)
		return 1
	}
	// A test abandoned at its timeout may hold a device in a dispatch that
	// never ends; closing would wait for it, so the exit releases them.
	abandoned, closed := false, false
	closeDevices := func() []string {
		if abandoned || closed {
			return nil
		}
		closed = true
		msgs := devs.Close()
		if inst != nil {
			inst.Close()
		}
		return msgs
	}
	defer closeDevices()
	env := &suite.Env{Devices: devs, Validate: *validate, Host: hostProgram(*validate, *reference, *repro)}
	if env.FileCheck, err = lit.FindFileCheck(); err == nil {
		env.Lit, err = testLitEnv()
		if err != nil {
			fmt.Fprintf(stderr, "kiln test: %v\n", err)
			return 1
		}
		defer os.RemoveAll(env.Lit.BinDir)
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	out := bufio.NewWriter(stdout)
	defer out.Flush()
	progress := isTerminal(stderr)
	start := time.Now()
	var running suite.Counts
	results := suite.Run(ctx, suite.Config{
		Devices: devs.Names(), Jobs: *jobs, Timeout: *timeout, XFail: xf, Exec: env.Exec,
		Done: func(r suite.Result, done, total int) {
			abandoned = abandoned || r.Abandoned
			switch r.Outcome {
			case suite.Pass:
				running.Passed++
			case suite.XFail:
				running.XFailed++
			case suite.Unsupported:
				running.Unsupported++
			default:
				running.Failed++
			}
			if progress {
				fmt.Fprint(stderr, "\r\033[K")
			}
			if r.Outcome != suite.Pass || *verbose {
				fmt.Fprintln(out, r.Line())
				out.Flush()
			}
			if progress {
				fmt.Fprintf(stderr, "[%d/%d] %s", done, total, running)
			}
		},
	}, tests)
	if progress {
		fmt.Fprint(stderr, "\r\033[K")
	}
	counts := suite.Count(results)
	fmt.Fprintln(out, counts)
	for _, r := range []struct {
		path  string
		write func(io.Writer) error
	}{
		{*junit, func(w io.Writer) error { return suite.WriteJUnit(w, results, start) }},
		{*jsonOut, func(w io.Writer) error { return suite.WriteJSON(w, results) }},
	} {
		if r.path == "" {
			continue
		}
		if err := writeFile(r.path, r.write); err != nil {
			fmt.Fprintf(stderr, "kiln test: %v\n", err)
			return 1
		}
	}
	// What the layer says as the devices close (objects a test left
	// behind) comes after every test: it fails the suite, not a test.
	if msgs := closeDevices(); len(msgs) > 0 {
		fmt.Fprintf(stderr, "kiln test: when the devices closed, the validation layer or debug output reported:\n%s\n", strings.Join(msgs, "\n"))
		return 1
	}
	if !counts.OK() {
		return 1
	}
	return 0
}

// testLitEnv is the lit environment of RUN lines: this kiln, FileCheck,
// the MLIR tools' names, and the substitutions upstream tests use.
func testLitEnv() (*lit.Env, error) {
	self, err := os.Executable()
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "kiln-test-bin-")
	if err != nil {
		return nil, err
	}
	env, err := lit.NewEnv(dir, self)
	if err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	env.Substitutions = lit.MLIRSubstitutions
	env.UnsupportedIf = lit.TestOnlyPass
	return env, nil
}

// hostProgram runs a host program as `kiln run` does (`kiln run
// --compare --save-repro=repro` with compare), in this process, on the
// suite's device dev (its instance, or its EGL device on GL), and returns
// what it printed.
func hostProgram(validate, compare bool, repro string) func(ctx context.Context, path string, dev *suite.Device) (string, error) {
	return func(_ context.Context, path string, dev *suite.Device) (string, error) {
		ctx, mod, err := loadKernelFile(newInput(), path, nil)
		if err == nil {
			var out bytes.Buffer
			o := runner.Options{Device: dev.Select, Out: &out, Passes: kiln.Passes(), Validate: validate,
				Compare: compare, SaveRepro: repro}
			if dev.GL != nil {
				o.Backend = runner.BackendGL
			} else {
				o.Instance = dev.Instance
			}
			if _, err = runner.Run(mod, o); err == nil {
				return out.String(), nil
			}
		}
		msg := err.Error()
		var d *ir.Diagnostic
		if errors.As(err, &d) {
			msg = strings.TrimSpace(d.Format(ctx))
		}
		if suite.DeviceLacks(msg) {
			return "", fmt.Errorf("%s: %w", msg, suite.ErrUnsupported)
		}
		return "", fmt.Errorf("%s", msg)
	}
}

var jobsFlag = regexp.MustCompile(`^--?j[0-9]+$`)

// jobsArgs spells make's -jN as -j=N for the flag package.
func jobsArgs(args []string) []string {
	out := make([]string, len(args))
	for i, a := range args {
		if jobsFlag.MatchString(a) {
			a = "-j=" + a[strings.Index(a, "j")+1:]
		}
		out[i] = a
	}
	return out
}

// readXFail reads a list of test paths, one a line.
func readXFail(path string) (map[string]bool, error) {
	if path == "" {
		return nil, nil
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	m := map[string]bool{}
	for _, l := range strings.Split(string(data), "\n") {
		l, _, _ = strings.Cut(l, "#")
		if l = strings.TrimSpace(l); l != "" {
			m[l] = true
		}
	}
	return m, nil
}

func writeFile(path string, write func(io.Writer) error) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	err = write(w)
	if ferr := w.Flush(); err == nil {
		err = ferr
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// isTerminal reports whether w is a terminal, for the progress line.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}
