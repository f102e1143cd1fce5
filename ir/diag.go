package ir

import (
	"fmt"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
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
	// op is the op an error or warning is about (Operation.Errorf): its
	// "see current operation" note is attached once the diagnostic is
	// emitted or formatted, if the context wants it.
	op *Operation
	// stack is where the diagnostic was made, recorded while a context
	// wants it (SetPrintStackTraceOnDiagnostic), and shown as a note
	// when the diagnostic is emitted or formatted in such a context.
	stack []uintptr
}

// Errorf returns an error diagnostic at loc.
func Errorf(loc Location, format string, args ...any) *Diagnostic {
	return NewDiagnostic(SeverityError, loc, format, args...)
}

// NewDiagnostic returns a diagnostic of any severity at loc, recording the
// Go stack where it is made while some context wants stacks
// (SetPrintStackTraceOnDiagnostic): make diagnostics with it, Errorf or
// the op's methods rather than as a Diagnostic literal.
func NewDiagnostic(sev Severity, loc Location, format string, args ...any) *Diagnostic {
	d := &Diagnostic{Severity: sev, Loc: loc, Message: fmt.Sprintf(format, args...)}
	if stackContexts.Load() > 0 {
		var pcs [64]uintptr
		n := runtime.Callers(2, pcs[:])
		d.stack = slices.Clone(pcs[:n])
	}
	return d
}

// stackContexts counts the live contexts that had
// SetPrintStackTraceOnDiagnostic on: diagnostics record their stack only
// while there is one, as a diagnostic is made before its context is known.
var stackContexts atomic.Int32

// SetPrintStackTraceOnDiagnostic sets whether the diagnostics the context
// emits or formats get a note with the Go stack where they were made, as
// MLIR's --mlir-print-stacktrace-on-diagnostic attaches its C++ stack: to
// find the code that reports something. It is off in a new context.
func (c *Context) SetPrintStackTraceOnDiagnostic(on bool) {
	if on && !c.printStackOnDiag.Swap(true) {
		stackContexts.Add(1)
		runtime.AddCleanup(c, func(struct{}) { stackContexts.Add(-1) }, struct{}{})
	} else if !on {
		c.printStackOnDiag.Store(false)
	}
}

// attachStackNote adds the note with d's stack, once, when ctx wants it,
// before the other notes, as MLIR attaches it as the diagnostic is made.
// A note made as a diagnostic of its own (a second error MLIR reports
// after the first) gets its stack as a note of its own.
func (d *Diagnostic) attachStackNote(ctx *Context) {
	if ctx == nil || !ctx.printStackOnDiag.Load() {
		return
	}
	for _, n := range d.Notes {
		n.attachStackNote(ctx)
	}
	if d.stack == nil {
		return
	}
	var b strings.Builder
	b.WriteString("diagnostic emitted with trace:")
	frames := runtime.CallersFrames(d.stack)
	for i := 0; ; i++ {
		f, more := frames.Next()
		fmt.Fprintf(&b, "\n #%d 0x%016x %s %s:%d", i, f.PC, f.Function, f.File, f.Line)
		if !more {
			break
		}
	}
	d.stack = nil
	d.Notes = append([]*Diagnostic{{Severity: SeverityNote, Loc: d.Loc, Message: b.String()}}, d.Notes...)
}

// Errorf returns an error about op, prefixed as MLIR's emitOpError does:
// 'arith.addi' op <message>.
func (op *Operation) Errorf(format string, args ...any) *Diagnostic {
	d := Errorf(op.loc, "'%s' op %s", op.info.name, fmt.Sprintf(format, args...))
	d.op = op
	return d
}

// EmitErrorf returns an error about op at its location, as MLIR's
// Operation::emitError: the message has no "'name' op" prefix (that is
// emitOpError's, Errorf here), and the "see current operation" note is
// attached now, if op's context wants it, showing op as it is when the
// error arises: transformations report errors this way, and may change or
// erase op before the error is reported (a failed conversion is rolled
// back).
func (op *Operation) EmitErrorf(format string, args ...any) *Diagnostic {
	d := Errorf(op.loc, format, args...)
	d.op = op
	d.attachOpNote(op.Context())
	return d
}

// Warningf returns a warning at op's location, as MLIR's
// Operation::emitWarning.
func (op *Operation) Warningf(format string, args ...any) *Diagnostic {
	d := NewDiagnostic(SeverityWarning, op.loc, format, args...)
	d.op = op
	return d
}

// SetPrintOpOnDiagnostic sets whether errors and warnings about an op
// (Operation.Errorf, Warningf) get a note "see current operation: " with
// the op's text, as MLIR's --mlir-print-op-on-diagnostic (on in mlir-opt,
// but under --verify-diagnostics). It is off in a new context.
func (c *Context) SetPrintOpOnDiagnostic(on bool) { c.printOpOnDiag.Store(on) }

// PrintOpOnDiagnostic reports what SetPrintOpOnDiagnostic set.
func (c *Context) PrintOpOnDiagnostic() bool { return c.printOpOnDiag.Load() }

// attachOpNote adds the note about the op d is about, once, when ctx
// wants it: the op in the generic form for an error, in its custom form
// otherwise, without aliases, names numbered from its isolated scope and
// dense data of more than 16 elements elided, as MLIR's Diagnostic::appendOp.
// The op is printed as it is now: MLIR prints it when the diagnostic is
// emitted, which Emit does here; an error returned is reported when the
// work that failed has stopped.
func (d *Diagnostic) attachOpNote(ctx *Context) {
	op := d.op
	if op == nil || ctx == nil {
		return
	}
	d.op = nil
	if !ctx.PrintOpOnDiagnostic() {
		return
	}
	if lostOperands(op) {
		return
	}
	opts := PrintOptions{LocalScope: true, ElideElements: true, ElementsLimit: 16, Generic: d.Severity == SeverityError}
	text := scopedOpString(op, opts)
	sep := ""
	if strings.Contains(text, "\n") {
		sep = "\n"
	}
	// MLIR attaches it as the diagnostic is created: before the others.
	d.Notes = append([]*Diagnostic{{Severity: SeverityNote, Loc: op.loc, Message: "see current operation: " + sep + text}}, d.Notes...)
}

// Note attaches a note and returns the diagnostic.
func (d *Diagnostic) Note(loc Location, format string, args ...any) *Diagnostic {
	d.Notes = append(d.Notes, &Diagnostic{Severity: SeverityNote, Loc: loc, Message: fmt.Sprintf(format, args...)})
	return d
}

// Error returns "file:line:col: error: message" and the notes, one per line.
func (d *Diagnostic) Error() string {
	var b strings.Builder
	d.write(&b, nil, false)
	return strings.TrimRight(b.String(), "\n")
}

// Format renders the diagnostic as MLIR's source manager does: the location,
// severity and message, then the source line with a caret under the column
// (when the source is known to ctx), then each note the same way.
func (d *Diagnostic) Format(ctx *Context) string {
	d.attachOpNote(ctx)
	d.attachStackNote(ctx)
	var b strings.Builder
	d.write(&b, ctx, true)
	return b.String()
}

// write writes d, with its source line when showSource.
func (d *Diagnostic) write(b *strings.Builder, ctx *Context, showSource bool) {
	b.WriteString(LocPrefix(d.Loc))
	b.WriteString(d.Severity.String())
	b.WriteString(": ")
	b.WriteString(d.Message)
	b.WriteByte('\n')
	if ctx != nil && showSource {
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
	// As MLIR's source manager handler, a note shows its source line only
	// if its location differs from the one before.
	prev := d.Loc
	for _, n := range d.Notes {
		n.write(b, ctx, !sameLoc(n.Loc, prev))
		prev = n.Loc
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

// sameLoc reports whether a and b are the same location.
func sameLoc(a, b Location) bool {
	if a == b {
		return true
	}
	fa, oka := a.(*FileLineColLoc)
	fb, okb := b.(*FileLineColLoc)
	return oka && okb && fa.File() == fb.File() && fa.Line == fb.Line && fa.Col == fb.Col
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
		d.attachOpNote(c)
		d.attachStackNote(c)
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

// lostOperands reports whether op or an op in it has an operand dropped,
// as erasing does: an op erased after the error arose (a rolled-back
// rewrite) cannot be shown, and its error goes out without the note.
func lostOperands(op *Operation) bool {
	return !op.Walk(func(o *Operation) bool {
		for i := range o.NumOperands() {
			if o.Operand(i) == nil {
				return false
			}
		}
		return true
	})
}
