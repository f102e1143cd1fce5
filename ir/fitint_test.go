package ir

import (
	"math/big"
	"testing"
)

func TestFitInt(t *testing.T) {
	for _, c := range []struct {
		v    int64
		w    int
		want int64
		ok   bool
	}{
		{255, 8, -1, true}, {-128, 8, -128, true}, {127, 8, 127, true},
		{256, 8, 0, false}, {-129, 8, 0, false}, {1, 1, -1, true}, {-1, 1, -1, true}, {2, 1, 0, false},
	} {
		got, ok := FitInt(big.NewInt(c.v), c.w)
		if ok != c.ok || ok && got.Int64() != c.want {
			t.Errorf("FitInt(%d, %d) = %v, %v; want %d, %v", c.v, c.w, got, ok, c.want, c.ok)
		}
	}
}
