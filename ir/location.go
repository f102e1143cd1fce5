package ir

import (
	"strconv"
	"unsafe"
)

// Location is where an operation, block argument or diagnostic comes from.
// Locations are attributes, uniqued like any other.
type Location interface {
	Attribute
	isLocation()
}

// UnknownLoc is loc(unknown).
type UnknownLoc struct{ Storage }

// FileLineColLoc is loc("file":line:col).
type FileLineColLoc struct {
	// file is the name of the file's position table, its first field: a
	// parsed file has one position per op, in 16 bytes with a pointer and
	// 32-bit numbers. Its identity, which only the keys of locations that
	// hold it need, is kept by the table when asked for.
	file      *string
	Line, Col int32
}

func (l *FileLineColLoc) table() *positionTable { return (*positionTable)(unsafe.Pointer(l.file)) }
func (l *FileLineColLoc) uniqueID() uint64      { return l.table().idOf(l) }

// File returns the position's file name.
func (l *FileLineColLoc) File() string { return *l.file }

// FileLineColRange is a range of a file: loc("file":line),
// loc("file":line:col to :endcol) or loc("file":line:col to endline:endcol),
// as MLIR's FileLineColRange. Like MLIR's, it keeps how many numbers it was
// made with (1, 3 or 4), so that ranges made differently stay different
// attributes; the plain loc("file":line:col) is a FileLineColLoc.
type FileLineColRange struct {
	Storage
	File                                 string
	StartLine, StartCol, EndLine, EndCol int32
	fields                               int8
}

// NameLoc is loc("name") or loc("name"(child)).
type NameLoc struct {
	Storage
	Name  string
	Child Location // nil when absent
}

// CallSiteLoc is loc(callsite(callee at caller)).
type CallSiteLoc struct {
	Storage
	Callee, Caller Location
}

// FusedLoc is loc(fused[a, b]) or loc(fused<metadata>[a, b]).
type FusedLoc struct {
	Storage
	Locs     []Location
	Metadata Attribute // nil when absent
}

func (*UnknownLoc) isLocation()       {}
func (*FileLineColLoc) isLocation()   {}
func (*FileLineColRange) isLocation() {}
func (*NameLoc) isLocation()          {}
func (*CallSiteLoc) isLocation()      {}
func (*FusedLoc) isLocation()         {}

// UnknownLoc returns loc(unknown).
func (c *Context) UnknownLoc() Location { return c.builtins.unknownLoc }

// FileLineColLoc returns loc("file":line:col).
func (c *Context) FileLineColLoc(file string, line, col int) *FileLineColLoc {
	return c.positionsOf(file).position(line, col)
}

// positionsOf returns the position table of a file, for a parser to keep.
func (c *Context) positionsOf(file string) *positionTable {
	c.flcMu.Lock()
	defer c.flcMu.Unlock()
	t := c.flc[file]
	if t == nil {
		t = &positionTable{file: file, ctx: c}
		c.flc[file] = t
	}
	return t
}

// FileLineRange returns loc("file":line), the whole line: it starts and ends
// at column 0 of it.
func (c *Context) FileLineRange(file string, line int) *FileLineColRange {
	return c.fileRange(file, 1, line, 0, line, 0)
}

// FileLineColRangeOnLine returns loc("file":line:col to :endCol).
func (c *Context) FileLineColRangeOnLine(file string, line, col, endCol int) *FileLineColRange {
	return c.fileRange(file, 3, line, col, line, endCol)
}

// FileLineColRange returns loc("file":line:col to endLine:endCol).
func (c *Context) FileLineColRange(file string, line, col, endLine, endCol int) *FileLineColRange {
	return c.fileRange(file, 4, line, col, endLine, endCol)
}

func (c *Context) fileRange(file string, fields int8, line, col, endLine, endCol int) *FileLineColRange {
	k := NewKey("filerange").Str(file).Int(int64(fields)).Int(int64(line)).Int(int64(col)).Int(int64(endLine)).Int(int64(endCol))
	return UniqueKey(c, k, func() *FileLineColRange {
		return &FileLineColRange{File: file, StartLine: int32(line), StartCol: int32(col),
			EndLine: int32(endLine), EndCol: int32(endCol), fields: fields}
	})
}

// NameLoc returns loc("name"(child)); child may be nil.
func (c *Context) NameLoc(name string, child Location) *NameLoc {
	return UniqueKey(c, NewKey("nameloc").Str(name).Attr(child), func() *NameLoc {
		return &NameLoc{Name: name, Child: child}
	})
}

// CallSiteLoc returns loc(callsite(callee at caller)).
func (c *Context) CallSiteLoc(callee, caller Location) *CallSiteLoc {
	return UniqueKey(c, NewKey("callsite").Attr(callee).Attr(caller), func() *CallSiteLoc {
		return &CallSiteLoc{Callee: callee, Caller: caller}
	})
}

// FusedLoc returns loc(fused<metadata>[locs...]); metadata may be nil.
func (c *Context) FusedLoc(locs []Location, metadata Attribute) *FusedLoc {
	k := NewKey("fused").Attr(metadata).Int(int64(len(locs)))
	for _, l := range locs {
		k.Attr(l)
	}
	return UniqueKey(c, k, func() *FusedLoc {
		return &FusedLoc{Locs: append([]Location(nil), locs...), Metadata: metadata}
	})
}

func (l *UnknownLoc) Print(p *Printer)       { printLoc(p, l) }
func (l *FileLineColLoc) Print(p *Printer)   { printLoc(p, l) }
func (l *FileLineColRange) Print(p *Printer) { printLoc(p, l) }
func (l *NameLoc) Print(p *Printer)          { printLoc(p, l) }
func (l *CallSiteLoc) Print(p *Printer)      { printLoc(p, l) }
func (l *FusedLoc) Print(p *Printer)         { printLoc(p, l) }

// printLoc writes loc(...), or the pretty form under --mlir-pretty-debuginfo
// (MLIR prints an alias definition of a location so too).
func printLoc(p *Printer, l Location) {
	if p.opts.PrettyDebugInfo {
		printPrettyLoc(p, l)
		return
	}
	p.WriteString("loc(")
	if ip, ok := l.(innerPrinter); ok {
		ip.printInner(p)
	} else {
		p.WriteString("unknown")
	}
	p.WriteByte(')')
}

// innerPrinter is a location other than unknown: it prints its body, what
// stands inside loc(...).
type innerPrinter interface{ printInner(*Printer) }

// printLocInner writes a location inside another: its alias, if any.
func printLocInner(p *Printer, l Location) {
	if name, ok := p.aliases[l]; ok {
		p.WriteString(name)
		return
	}
	if ip, ok := l.(innerPrinter); ok {
		ip.printInner(p)
	} else if _, ok := l.(*UnknownLoc); ok {
		p.WriteString("unknown")
	}
}

func (l *FileLineColLoc) printInner(p *Printer) {
	p.String(l.File())
	writeLineCol(p, l.Line, l.Col)
}

// writeLineCol writes `:line:col`.
func writeLineCol(p *Printer, line, col int32) {
	p.WriteByte(':')
	p.WriteString(strconv.Itoa(int(line)))
	p.WriteByte(':')
	p.WriteString(strconv.Itoa(int(col)))
}

func (l *FileLineColRange) printInner(p *Printer) {
	p.String(l.File)
	l.printPositions(p)
}

// printPositions writes what follows the file name, as MLIR's AsmPrinter
// does: `:line:col` for a range of one position (a whole line is column 0
// of it), `:line:col to :endcol` on one line, else `:line:col to line:col`.
func (l *FileLineColRange) printPositions(p *Printer) {
	writeLineCol(p, l.StartLine, l.StartCol)
	if l.StartLine == l.EndLine && l.StartCol == l.EndCol {
		return
	}
	p.WriteString(" to ")
	if l.StartLine != l.EndLine {
		p.WriteString(strconv.Itoa(int(l.EndLine)))
	}
	p.WriteByte(':')
	p.WriteString(strconv.Itoa(int(l.EndCol)))
}

func (l *NameLoc) printInner(p *Printer) {
	p.String(l.Name)
	if l.Child != nil {
		if _, unknown := l.Child.(*UnknownLoc); !unknown {
			p.WriteByte('(')
			printLocInner(p, l.Child)
			p.WriteByte(')')
		}
	}
}

func (l *CallSiteLoc) printInner(p *Printer) {
	p.WriteString("callsite(")
	printLocInner(p, l.Callee)
	p.WriteString(" at ")
	printLocInner(p, l.Caller)
	p.WriteByte(')')
}

func (l *FusedLoc) printInner(p *Printer) {
	p.WriteString("fused")
	l.printBody(p, printLocInner)
}

// printBody writes `<metadata>[loc, ...]`, each location by each.
func (l *FusedLoc) printBody(p *Printer, each func(*Printer, Location)) {
	if l.Metadata != nil {
		p.WriteByte('<')
		p.Attr(l.Metadata)
		p.WriteByte('>')
	}
	p.WriteByte('[')
	for i, x := range l.Locs {
		if i > 0 {
			p.WriteString(", ")
		}
		each(p, x)
	}
	p.WriteByte(']')
}

// FileLineCol finds the first file:line:col position in a location, if any.
func FileLineCol(l Location) (*FileLineColLoc, bool) {
	switch l := l.(type) {
	case *FileLineColLoc:
		return l, true
	case *NameLoc:
		if l.Child != nil {
			return FileLineCol(l.Child)
		}
	case *CallSiteLoc:
		return FileLineCol(l.Callee)
	case *FusedLoc:
		for _, x := range l.Locs {
			if f, ok := FileLineCol(x); ok {
				return f, true
			}
		}
	}
	return nil, false
}
