package ir

import "unsafe"

// ptrTable maps pointers to values for the IR's hottest maps, the
// printer's value names and the cloner's mapping, which take a lookup or
// two per operand: open addressing with linear probing over a power-of-two
// array at most half full, indexed by a multiplicative hash of the address
// (Go's heap does not move objects, and a key stored here is on the heap).
// Emptied for reuse, it keeps its room.
type ptrTable[K, V any] struct {
	keys  []*K
	vals  []V
	n     int
	shift uint // 64 - log2(len(keys))
}

func (t *ptrTable[K, V]) slot(k *K) int {
	return int(uint64(uintptr(unsafe.Pointer(k))) * 0x9E3779B97F4A7C15 >> t.shift)
}

// get returns k's value and whether k is in t.
func (t *ptrTable[K, V]) get(k *K) (V, bool) {
	if t.n > 0 {
		mask := len(t.keys) - 1
		for i := t.slot(k); ; i = (i + 1) & mask {
			switch t.keys[i] {
			case k:
				return t.vals[i], true
			case nil:
				var zero V
				return zero, false
			}
		}
	}
	var zero V
	return zero, false
}

// set maps k to v.
func (t *ptrTable[K, V]) set(k *K, v V) {
	if 2*(t.n+1) > len(t.keys) {
		t.reserve(2 * (t.n + 1))
	}
	mask := len(t.keys) - 1
	for i := t.slot(k); ; i = (i + 1) & mask {
		switch t.keys[i] {
		case k:
			t.vals[i] = v
			return
		case nil:
			t.keys[i], t.vals[i] = k, v
			t.n++
			return
		}
	}
}

// reserve makes room for n keys without growing.
func (t *ptrTable[K, V]) reserve(n int) {
	size, shift := 16, uint(60)
	for size < 2*n {
		size, shift = 2*size, shift-1
	}
	if size <= len(t.keys) {
		return
	}
	keys, vals := t.keys, t.vals
	t.keys, t.vals, t.n, t.shift = make([]*K, size), make([]V, size), 0, shift
	for i, k := range keys {
		if k != nil {
			t.set(k, vals[i])
		}
	}
}

// clear empties t, keeping its room.
func (t *ptrTable[K, V]) clear() {
	if t.n > 0 {
		clear(t.keys)
		clear(t.vals)
		t.n = 0
	}
}
