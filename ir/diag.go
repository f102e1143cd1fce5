package ir

import (
	"fmt"
	"strconv"
	"strings"
)

// Severity of a diagnostic.
type Severity uint8

const (
	SeverityError Severity = iota
	SeverityWarning
	SeverityRemark
	SeverityNote
)

func (s Severity) String() string {
	return [...]string{"error", "warning", "remark", "note"}[s]
}

// Diagnostic is a located message with attached notes. It implements error.
type Diagnostic struct {
	Severity Severity
	Loc      Location
	Message  string
	Notes    []*Diagnostic
}

// Errorf returns an error diagnostic at loc.
func Errorf(loc Location, format string, args ...any) *Diagnostic {
	return &Diagnostic{Severity: SeverityError, Loc: loc, Message: fmt.Sprintf(format, args...)}
}

// Errorf returns an error about op, prefixed as MLIR's emitOpError does:
// 'arith.addi' op <message>.
func (op *Operation) Errorf(format string, args ...any) *Diagnostic {
	return Errorf(op.loc, "'%s' op %s", op.info.name, fmt.Sprintf(format, args...))
}

// Note attaches a note and returns the diagnostic.
func (d *Diagnostic) Note(loc Location, format string, args ...any) *Diagnostic {
	d.Notes = append(d.Notes, &Diagnostic{Severity: SeverityNote, Loc: loc, Message: fmt.Sprintf(format, args...)})
	return d
}

// Error returns "file:line:col: error: message" and the notes, one per line.
func (d *Diagnostic) Error() string {
	var b strings.Builder
	d.write(&b, nil)
	return strings.TrimRight(b.String(), "\n")
}

// Format renders the diagnostic as MLIR's source manager does: the location,
// severity and message, then the source line with a caret under the column
// (when the source is known to ctx), then each note the same way.
func (d *Diagnostic) Format(ctx *Context) string {
	var b strings.Builder
	d.write(&b, ctx)
	return b.String()
}

func (d *Diagnostic) write(b *strings.Builder, ctx *Context) {
	b.WriteString(LocPrefix(d.Loc))
	b.WriteString(d.Severity.String())
	b.WriteString(": ")
	b.WriteString(d.Message)
	b.WriteByte('\n')
	if ctx != nil {
		// Line or column 0 (the implicit module's) stands for no position:
		// MLIR shows no source line for it.
		if f, ok := FileLineCol(d.Loc); ok && f.Line > 0 && f.Col > 0 {
			if src, ok := ctx.source(f.File()); ok {
				if line, ok := sourceLine(src, int(f.Line)); ok {
					b.WriteString(line)
					b.WriteByte('\n')
					for i := 0; i < int(f.Col)-1 && i < len(line); i++ {
						if line[i] == '\t' {
							b.WriteByte('\t')
						} else {
							b.WriteByte(' ')
						}
					}
					b.WriteString("^\n")
				}
			}
		}
	}
	for _, n := range d.Notes {
		n.write(b, ctx)
	}
}

// LocPrefix returns "file:line:col: " for a location with a file position,
// "file:line:col to line:col: " for a file range (MLIR shows the range
// too, as it finds no file position in it), "name: " for a bare name
// location, and "loc(unknown): " otherwise.
func LocPrefix(l Location) string {
	if f, ok := FileLineCol(l); ok {
		return f.File() + ":" + strconv.Itoa(int(f.Line)) + ":" + strconv.Itoa(int(f.Col)) + ": "
	}
	if r, ok := l.(*FileLineColRange); ok {
		var p Printer
		printPrettyLoc(&p, r)
		return string(p.buf) + ": "
	}
	if n, ok := l.(*NameLoc); ok {
		return n.Name + ": "
	}
	return "loc(unknown): "
}

func sourceLine(src string, n int) (string, bool) {
	line := 1
	start := 0
	for line < n {
		i := strings.IndexByte(src[start:], '\n')
		if i < 0 {
			return "", false
		}
		start += i + 1
		line++
	}
	end := strings.IndexByte(src[start:], '\n')
	if end < 0 {
		return strings.TrimRight(src[start:], "\r"), true
	}
	return strings.TrimRight(src[start:start+end], "\r"), true
}

// DiagnosticHandler receives warnings, remarks and notes that are not errors.
type DiagnosticHandler func(*Diagnostic)

// Emit passes a non-fatal diagnostic to the context's handler, if any.
func (c *Context) Emit(d *Diagnostic) {
	c.srcMu.RLock()
	h := c.handler
	c.srcMu.RUnlock()
	if h != nil {
		// Ops verified or converted on several goroutines may report at
		// once: the handler sees one diagnostic at a time.
		c.emitMu.Lock()
		defer c.emitMu.Unlock()
		h(d)
	}
}

// hasDiagnosticHandler reports whether Emit reaches a handler.
func (c *Context) hasDiagnosticHandler() bool {
	c.srcMu.RLock()
	defer c.srcMu.RUnlock()
	return c.handler != nil
}

// SetDiagnosticHandler installs the handler for Emit.
func (c *Context) SetDiagnosticHandler(h DiagnosticHandler) {
	c.srcMu.Lock()
	c.handler = h
	c.srcMu.Unlock()
}
