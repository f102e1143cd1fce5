package interp

import (
	"bufio"
	"math"
	"os"
	"strconv"
	"strings"

	"github.com/kiln-gpu/kiln/ir"
)

// scalarBytes is what one vector element takes in the interpreter at
// most: its value (a float64 or uint64) and its poison flag.
const scalarBytes = 9

// DefaultMaxHostMemory is the host-memory limit of a Machine whose
// MaxHostMemory is 0: three quarters of the machine's memory (Linux's
// MemTotal, or the cgroup's memory.max when lower), or 4 GiB where that
// is unknown.
func DefaultMaxHostMemory() int64 {
	total := int64(0)
	if f, err := os.Open("/proc/meminfo"); err == nil {
		defer f.Close()
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			fields := strings.Fields(sc.Text())
			if len(fields) >= 2 && fields[0] == "MemTotal:" {
				if kb, err := strconv.ParseInt(fields[1], 10, 64); err == nil && kb > 0 && kb < math.MaxInt64/1024 {
					total = kb * 1024
				}
			}
		}
	}
	if b, err := os.ReadFile("/sys/fs/cgroup/memory.max"); err == nil {
		// "max" when unlimited.
		if n, err := strconv.ParseInt(strings.TrimSpace(string(b)), 10, 64); err == nil && n > 0 && (total == 0 || n < total) {
			total = n
		}
	}
	if total == 0 {
		return 4 << 30
	}
	return total / 4 * 3
}

func (m *Machine) hostLimit() int64 {
	if m.MaxHostMemory > 0 {
		return m.MaxHostMemory
	}
	if m.defaultLimit == 0 {
		m.defaultLimit = DefaultMaxHostMemory()
	}
	return m.defaultLimit
}

// reserve checks that n more bytes fit the host-memory limit; kept counts
// them as in use until release (memrefs that memref.dealloc may free, and
// globals), others are checked alone.
func (m *Machine) reserve(op *ir.Operation, n int64, kept bool) error {
	limit := m.hostLimit()
	if n > limit-m.hostBytes {
		return op.Errorf("allocating %d bytes exceeds the interpreter's host-memory limit of %d bytes (%d in use); raise it with --max-host-memory", n, limit, m.hostBytes)
	}
	if kept {
		m.hostBytes += n
	}
	return nil
}

// allocate makes a zeroed memref of elem and sizes for op, after checking
// that the sizes are valid and the bytes fit the host-memory limit.
func (m *Machine) allocate(op *ir.Operation, elem ir.Type, sizes []int64, space ir.Attribute, kept bool) (*MemRef, error) {
	n, err := memrefBytes(op, elem, sizes)
	if err != nil {
		return nil, err
	}
	if err := m.reserve(op, n, kept); err != nil {
		return nil, err
	}
	mr := NewMemRef(elem, sizes, space)
	mr.Buf.held = kept
	return mr, nil
}

// memrefBytes returns the bytes of a contiguous memref of elem and sizes,
// rejecting negative sizes and byte counts past 64 bits.
func memrefBytes(op *ir.Operation, elem ir.Type, sizes []int64) (int64, error) {
	n := int64(ElementSize(scalarElem(elem)))
	for i, s := range sizes {
		if s < 0 {
			return 0, op.Errorf("negative size %d in dimension %d", s, i)
		}
		if s > 0 && n > math.MaxInt64/s {
			return 0, op.Errorf("a memref of sizes %v has more bytes than a 64-bit size can count", sizes)
		}
		n *= s
	}
	return n, nil
}

// free marks b deallocated and no longer in use.
func (m *Machine) free(b *Buffer) {
	b.Freed = true
	if b.held {
		m.hostBytes -= b.Len()
		b.held = false
	}
}

// vectorBytes is the interpreter memory of the vector results of op,
// with ok false when it overflows.
func vectorBytes(op *ir.Operation) (n int64, ok bool) {
	for _, r := range op.Results() {
		vt, isVec := r.Type().(*ir.VectorType)
		if !isVec {
			continue
		}
		k := int64(scalarBytes)
		for _, d := range vt.Dims {
			if d > 0 && k > math.MaxInt64/d {
				return 0, false
			}
			k *= max(d, 0)
		}
		if n > math.MaxInt64-k {
			return 0, false
		}
		n += k
	}
	return n, true
}
