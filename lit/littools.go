package lit

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// LitMain runs lit's helper tools for a test binary that stands in for
// kiln (see NewEnv): "lit-not" (LLVM's `not`: succeeds when the command
// fails; `not --crash` when it dies of a signal) and "lit-split-file"
// (LLVM's `split-file INPUT DIR`: each `//--- NAME` part of INPUT becomes
// DIR/NAME; see splitFile). It reports whether args named one of them.
func LitMain(args []string, stdin io.Reader, stdout, stderr io.Writer) (code int, ok bool) {
	if len(args) == 0 {
		return 0, false
	}
	switch args[0] {
	case "lit-not":
		return litNot(args[1:], stdin, stdout, stderr), true
	case "lit-split-file":
		if err := splitFile(args[1:]); err != nil {
			fmt.Fprintln(stderr, "split-file:", err)
			return 1, true
		}
		return 0, true
	}
	return 0, false
}

func litNot(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	crash := len(args) > 0 && args[0] == "--crash"
	if crash {
		args = args[1:]
	}
	if len(args) == 0 {
		fmt.Fprintln(stderr, "not: no command")
		return 1
	}
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = stdin, stdout, stderr
	err := cmd.Run()
	var exit *exec.ExitError
	switch {
	case err == nil:
		return 1
	case errors.As(err, &exit):
		crashed := !exit.Exited()
		if crashed == crash {
			return 0
		}
		return 1
	default:
		fmt.Fprintln(stderr, "not:", err)
		return 1
	}
}

// splitFile is LLVM's split-file: the lines of INPUT of the form
// `//--- NAME` or `X--- NAME` (X any one character: `#`, `;`) start parts,
// each written to DIR/NAME up to the next such line; the text before the
// first is dropped. --leading-lines pads a part with the blank lines that
// keep its line numbers those of INPUT (the default, as LLVM's, does not).
func splitFile(args []string) error {
	leading := false
	var pos []string
	for _, a := range args {
		switch a {
		case "--leading-lines":
			leading = true
		case "--no-leading-lines":
			leading = false
		default:
			pos = append(pos, a)
		}
	}
	if len(pos) != 2 {
		return fmt.Errorf("usage: split-file [--leading-lines] INPUT DIR")
	}
	src, err := os.ReadFile(pos[0])
	if err != nil {
		return err
	}
	type part struct {
		name       string
		start, end int // lines
	}
	var parts []part
	seen := map[string]bool{}
	var errs []string
	lines := strings.SplitAfter(string(src), "\n")
	for i, l := range lines {
		l = strings.TrimRight(l, "\r\n")
		n := 5
		if strings.HasPrefix(l, "//") {
			n = 6
		}
		if len(l) < n || !strings.HasPrefix(l[n-4:], "--- ") {
			continue
		}
		name := l[n:]
		switch {
		case name == "":
			errs = append(errs, fmt.Sprintf("%s:%d: empty part name", pos[0], i+1))
			continue
		case strings.TrimSpace(name) != name:
			errs = append(errs, fmt.Sprintf("%s:%d: part name cannot have leading or trailing space", pos[0], i+1))
			continue
		case seen[name]:
			errs = append(errs, fmt.Sprintf("%s:%d: '%s' occurs more than once", pos[0], i+1, l))
			continue
		}
		seen[name] = true
		if len(parts) > 0 {
			parts[len(parts)-1].end = i
		}
		parts = append(parts, part{name: name, start: i + 1, end: len(lines)})
	}
	if len(errs) > 0 {
		return errors.New(strings.Join(errs, "\n"))
	}
	if len(parts) == 0 {
		return fmt.Errorf("%s: no part separator was found", pos[0])
	}
	// As LLVM's, DIR replaces a file of that name.
	if fi, err := os.Stat(pos[1]); err == nil && !fi.IsDir() {
		if err := os.Remove(pos[1]); err != nil {
			return err
		}
	}
	for _, p := range parts {
		var b strings.Builder
		if leading {
			b.WriteString(strings.Repeat("\n", p.start))
		}
		b.WriteString(strings.Join(lines[p.start:p.end], ""))
		path := filepath.Join(pos[1], p.name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
			return err
		}
	}
	return nil
}
