package ir

import (
	"fmt"
	"sync"
	"testing"
)

// TestUniqueTableConcurrent makes and looks up types from several
// goroutines while the table grows: each key has one value and identity.
func TestUniqueTableConcurrent(t *testing.T) {
	c := NewContext()
	const keys, workers = 5000, 4
	got := make([][]*OpaqueType, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range keys {
				// Each worker walks the keys in its own order.
				k := (i*(w+1)*7919 + w) % keys
				typ := Unique(c, fmt.Sprintf("test.%d", k), func() *OpaqueType { return &OpaqueType{DialectName: "test", Body: fmt.Sprint(k)} })
				if typ.Body != fmt.Sprint(k) {
					t.Errorf("key %d: got body %s", k, typ.Body)
				}
				got[w] = append(got[w], typ)
			}
		}()
	}
	wg.Wait()
	byKey := map[string]*OpaqueType{}
	ids := map[uint64]string{}
	for _, ts := range got {
		for _, typ := range ts {
			if prev, ok := byKey[typ.Body]; ok && prev != typ {
				t.Fatalf("key %s made twice", typ.Body)
			}
			byKey[typ.Body] = typ
			if prev, ok := ids[typ.uniqueID()]; ok && prev != typ.Body {
				t.Fatalf("identity %d shared by %s and %s", typ.uniqueID(), prev, typ.Body)
			}
			ids[typ.uniqueID()] = typ.Body
		}
	}
	if len(byKey) != keys {
		t.Fatalf("%d distinct values, want %d", len(byKey), keys)
	}
	// A lookup by bytes finds what a lookup by string stored.
	k := NewKey("x").Int(3)
	a := UniqueKey(c, k, func() *OpaqueType { return &OpaqueType{DialectName: "x"} })
	if b := Unique(c, k.String(), func() *OpaqueType { return &OpaqueType{} }); a != b {
		t.Fatal("UniqueKey and Unique disagree")
	}
	if a.uniqueID() == 0 {
		t.Fatal("stored value has no identity")
	}
}
