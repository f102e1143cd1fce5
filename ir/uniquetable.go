package ir

import (
	"hash/maphash"
	"sync"
	"sync/atomic"
)

// uniqueTable maps uniquing keys to types and attributes. Lookups take no
// lock: passes running on several goroutines look types and attributes up
// for nearly every op they make, and the shared counter of a read lock
// moved between cores on each of them. Entries are never removed, so a
// reader needs only the published slot array; insertions lock, and a
// reader that misses because a table grew under it retries under the lock.
type uniqueTable struct {
	seed  maphash.Seed
	slots atomic.Pointer[uniqueSlots]
	mu    sync.Mutex // held by insertions
	n     int        // entries, guarded by mu
}

// uniqueSlots is an open-addressing array whose length is a power of two.
type uniqueSlots struct {
	mask  uint64
	slots []atomic.Pointer[uniqueEntry]
}

type uniqueEntry struct {
	hash uint64
	key  string
	val  uniqued
}

func newUniqueTable() *uniqueTable {
	t := &uniqueTable{seed: maphash.MakeSeed()}
	t.slots.Store(newUniqueSlots(1024))
	return t
}

func newUniqueSlots(n int) *uniqueSlots {
	return &uniqueSlots{mask: uint64(n - 1), slots: make([]atomic.Pointer[uniqueEntry], n)}
}

// lookupBytes finds key, given as bytes so that a hit allocates nothing.
func (t *uniqueTable) lookupBytes(key []byte) (uniqued, bool) {
	h := maphash.Bytes(t.seed, key)
	s := t.slots.Load()
	for i := h & s.mask; ; i = (i + 1) & s.mask {
		e := s.slots[i].Load()
		if e == nil {
			return nil, false
		}
		if e.hash == h && e.key == string(key) {
			return e.val, true
		}
	}
}

// lookup finds key.
func (t *uniqueTable) lookup(key string) (uniqued, bool) {
	h := maphash.String(t.seed, key)
	return t.slots.Load().find(h, key)
}

func (s *uniqueSlots) find(h uint64, key string) (uniqued, bool) {
	for i := h & s.mask; ; i = (i + 1) & s.mask {
		e := s.slots[i].Load()
		if e == nil {
			return nil, false
		}
		if e.hash == h && e.key == key {
			return e.val, true
		}
	}
}

// insert returns the value under key, storing v there (after calling
// assignID, so that only stored values take an identity) if there is none.
func (t *uniqueTable) insert(key string, v uniqued, assignID func()) uniqued {
	h := maphash.String(t.seed, key)
	t.mu.Lock()
	defer t.mu.Unlock()
	s := t.slots.Load()
	if old, ok := s.find(h, key); ok {
		return old
	}
	if 2*(t.n+1) > len(s.slots) {
		s = s.grown()
		t.slots.Store(s)
	}
	assignID()
	s.put(&uniqueEntry{hash: h, key: key, val: v})
	t.n++
	return v
}

// grown returns a copy of s twice as large.
func (s *uniqueSlots) grown() *uniqueSlots {
	g := newUniqueSlots(2 * len(s.slots))
	for i := range s.slots {
		if e := s.slots[i].Load(); e != nil {
			g.put(e)
		}
	}
	return g
}

// put stores e in the first free slot of its probe sequence.
func (s *uniqueSlots) put(e *uniqueEntry) {
	for i := e.hash & s.mask; ; i = (i + 1) & s.mask {
		if s.slots[i].Load() == nil {
			s.slots[i].Store(e)
			return
		}
	}
}
