package spv

import (
	"errors"
	"fmt"
)

// The kinds of malformed input Decode reports. A *DecodeError wraps one of
// them: test with errors.Is.
var (
	ErrMisaligned = errors.New("byte length is not a multiple of 4")
	ErrTruncated  = errors.New("truncated")
	ErrMagic      = errors.New("bad magic number")
	ErrVersion    = errors.New("unsupported version")
	ErrWordCount  = errors.New("bad word count")
	ErrOpcode     = errors.New("unknown opcode")
	ErrIDBound    = errors.New("id out of bound")
	ErrOperand    = errors.New("bad operand")
)

// DecodeError reports where and why a module is malformed.
type DecodeError struct {
	Offset int    // the word where the problem is: the instruction's first word, or the header word
	Opcode Opcode // the instruction's opcode; zero for header problems
	Index  int    // the instruction's index in the module; -1 for header problems
	Err    error  // one of the Err* values
	Detail string // what was found
}

func (e *DecodeError) Error() string {
	where := fmt.Sprintf("word %d", e.Offset)
	if e.Index >= 0 {
		where = fmt.Sprintf("instruction %d (%v) at word %d", e.Index, e.Opcode, e.Offset)
	}
	if e.Detail == "" {
		return fmt.Sprintf("spv: %s: %v", where, e.Err)
	}
	return fmt.Sprintf("spv: %s: %v: %s", where, e.Err, e.Detail)
}

func (e *DecodeError) Unwrap() error { return e.Err }
