package irtest

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/kiln-gpu/kiln/ir"
)

// expected is one `expected-<severity> @<where> {{message}}` comment;
// @unknown expects a diagnostic with no file position.
type expected struct {
	severity ir.Severity
	line     int // the line the diagnostic must be on
	text     string
	re       *regexp.Regexp // for expected-*-re
	atLine   int            // where the comment itself is
	col      int
	matched  bool
}

var expectedRE = regexp.MustCompile(`expected-(error|warning|remark|note)(-re)? *(@([+-][0-9]+|above|below|unknown|[0-9]+))? *\{\{(.*?)\}\}`)

var severities = map[string]ir.Severity{
	"error": ir.SeverityError, "warning": ir.SeverityWarning, "remark": ir.SeverityRemark, "note": ir.SeverityNote,
}

// parseExpected finds the expected-* comments of a source buffer.
func parseExpected(src string) ([]*expected, error) {
	var out []*expected
	var pendingBelow []*expected
	lines := strings.Split(src, "\n")
	for i, line := range lines {
		lineNo := i + 1
		ci := strings.Index(line, "//")
		if ci < 0 {
			// A line with code: it is the target of pending @below comments.
			if strings.TrimSpace(line) != "" {
				for _, e := range pendingBelow {
					e.line = lineNo
				}
				pendingBelow = nil
			}
			continue
		}
		if strings.TrimSpace(line[:ci]) != "" {
			for _, e := range pendingBelow {
				e.line = lineNo
			}
			pendingBelow = nil
		}
		for _, m := range expectedRE.FindAllStringSubmatchIndex(line, -1) {
			sev := severities[line[m[2]:m[3]]]
			e := &expected{severity: sev, line: lineNo, atLine: lineNo, col: m[0] + 1, text: line[m[10]:m[11]]}
			if m[4] >= 0 {
				re, err := regexp.Compile(e.text)
				if err != nil {
					return nil, fmt.Errorf("%d:%d: invalid regex in expected diagnostic: %v", lineNo, e.col, err)
				}
				e.re = re
			}
			if m[8] >= 0 {
				switch where := line[m[8]:m[9]]; where {
				case "above":
					e.line = lineNo - 1
					for e.line > 1 && isCommentOnly(lines[e.line-1]) {
						e.line--
					}
				case "below":
					pendingBelow = append(pendingBelow, e)
				case "unknown":
					// A diagnostic with no position in the file.
					e.line = -1
				default:
					n, _ := strconv.Atoi(where)
					if where[0] == '+' || where[0] == '-' {
						e.line = lineNo + n
					} else {
						e.line = n
					}
				}
			}
			out = append(out, e)
		}
	}
	return out, nil
}

func isCommentOnly(line string) bool {
	t := strings.TrimSpace(line)
	return t == "" || strings.HasPrefix(t, "//")
}

func (e *expected) matches(d *ir.Diagnostic, line int) bool {
	if e.matched || e.severity != d.Severity || e.line != line {
		return false
	}
	if e.re != nil {
		return e.re.MatchString(d.Message)
	}
	return strings.Contains(d.Message, e.text)
}

// VerifyDiagnostics checks emitted diagnostics (notes included) against the
// expected-* comments in src, as MLIR's --verify-diagnostics does. It returns
// one located problem per unexpected or missing diagnostic.
func VerifyDiagnostics(src, file string, diags []*ir.Diagnostic) []string {
	return VerifyExpectedDiagnostics(src, file, diags, false)
}

// VerifyExpectedDiagnostics is VerifyDiagnostics, which with onlyExpected
// leaves the diagnostics no comment expects unreported, as mlir-opt's
// --verify-diagnostics=only-expected.
func VerifyExpectedDiagnostics(src, file string, diags []*ir.Diagnostic, onlyExpected bool) []string {
	exp, err := parseExpected(src)
	if err != nil {
		return []string{file + ":" + err.Error()}
	}
	var problems []string
	var all []*ir.Diagnostic
	for _, d := range diags {
		all = append(all, d)
		all = append(all, d.Notes...)
	}
	for _, d := range all {
		line := -1
		if f, ok := ir.FileLineCol(d.Loc); ok && f.File() == file {
			line = int(f.Line)
		}
		found := false
		for _, e := range exp {
			if e.matches(d, line) {
				e.matched, found = true, true
				break
			}
		}
		if !found && !onlyExpected {
			problems = append(problems, fmt.Sprintf("%sunexpected %s: %s", ir.LocPrefix(d.Loc), d.Severity, d.Message))
		}
	}
	for _, e := range exp {
		if !e.matched {
			problems = append(problems, fmt.Sprintf("%s:%d:%d: expected %s %q was not produced", file, e.atLine, e.col, e.severity, e.text))
		}
	}
	return problems
}
