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
// DIR/NAME, padded with blank lines to keep line numbers unless
// --no-leading-lines). It reports whether args named one of them.
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

func splitFile(args []string) error {
	leading := true
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
		return fmt.Errorf("usage: split-file [--no-leading-lines] INPUT DIR")
	}
	src, err := os.ReadFile(pos[0])
	if err != nil {
		return err
	}
	lines := strings.SplitAfter(string(src), "\n")
	name, start := "", 0
	flush := func(end int) error {
		if name == "" {
			return nil
		}
		var b strings.Builder
		if leading {
			b.WriteString(strings.Repeat("\n", start))
		}
		for _, l := range lines[start:end] {
			b.WriteString(l)
		}
		p := filepath.Join(pos[1], name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		return os.WriteFile(p, []byte(b.String()), 0o644)
	}
	for i, l := range lines {
		if n, ok := strings.CutPrefix(strings.TrimSpace(l), "//--- "); ok {
			if err := flush(i); err != nil {
				return err
			}
			name, start = strings.TrimSpace(n), i+1
		}
	}
	return flush(len(lines))
}
