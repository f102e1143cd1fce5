package arith

import (
	"fmt"
	"math/big"
	"math/rand"
	"testing"
)

// refInt computes op on width-bit values with math/big, the definition the
// folders must agree with: exact results reduced modulo 2^width.
func refInt(name string, w int, a, b uint64) (uint64, bool) {
	sa, sb := big.NewInt(SExt(w, a)), big.NewInt(SExt(w, b))
	ua, ub := new(big.Int).SetUint64(Mask(w, a)), new(big.Int).SetUint64(Mask(w, b))
	mod := new(big.Int).Lsh(big.NewInt(1), uint(w))
	minS := new(big.Int).Neg(new(big.Int).Lsh(big.NewInt(1), uint(w-1)))
	r := new(big.Int)
	switch name {
	case "arith.addi":
		r.Add(sa, sb)
	case "arith.subi":
		r.Sub(sa, sb)
	case "arith.muli":
		r.Mul(sa, sb)
	case "arith.divui", "arith.remui", "arith.ceildivui":
		if ub.Sign() == 0 {
			return 0, false
		}
		q, m := new(big.Int).QuoRem(ua, ub, new(big.Int))
		switch {
		case name == "arith.remui":
			r = m
		case name == "arith.ceildivui" && m.Sign() != 0:
			r = q.Add(q, big.NewInt(1))
		default:
			r = q
		}
	case "arith.divsi", "arith.remsi", "arith.floordivsi", "arith.ceildivsi":
		if sb.Sign() == 0 || sa.Cmp(minS) == 0 && sb.Int64() == -1 && name != "arith.remsi" {
			return 0, false
		}
		q, m := new(big.Int).QuoRem(sa, sb, new(big.Int)) // truncated
		switch {
		case name == "arith.remsi":
			r = m
		case name == "arith.floordivsi" && m.Sign() != 0 && m.Sign() != sb.Sign():
			r = q.Sub(q, big.NewInt(1))
		case name == "arith.ceildivsi" && m.Sign() != 0 && m.Sign() == sb.Sign():
			r = q.Add(q, big.NewInt(1))
		default:
			r = q
		}
	case "arith.shli", "arith.shrui", "arith.shrsi":
		if ub.Cmp(big.NewInt(int64(w))) >= 0 {
			return 0, false
		}
		n := uint(ub.Uint64())
		switch name {
		case "arith.shli":
			r.Lsh(ua, n)
		case "arith.shrui":
			r.Rsh(ua, n)
		default:
			r.Rsh(sa, n)
		}
	}
	return r.Mod(r, mod).Uint64(), true
}

func TestEvalIntAgainstBig(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	ops := []string{"arith.addi", "arith.subi", "arith.muli", "arith.divui", "arith.remui", "arith.ceildivui",
		"arith.divsi", "arith.remsi", "arith.floordivsi", "arith.ceildivsi", "arith.shli", "arith.shrui", "arith.shrsi"}
	// Values near the edges of each width, and random ones.
	for _, w := range []int{1, 3, 8, 16, 32, 63, 64} {
		edges := []uint64{0, 1, 2, Mask(w, ^uint64(0)), Mask(w, ^uint64(0)) >> 1, Mask(w, 1<<uint(w-1)), Mask(w, ^uint64(1))}
		for range 200 {
			edges = append(edges, Mask(w, rng.Uint64()>>uint(rng.Intn(64))))
		}
		for _, op := range ops {
			for i := 0; i < 2000; i++ {
				a, b := edges[rng.Intn(len(edges))], edges[rng.Intn(len(edges))]
				got, gotOK := EvalInt(op, w, a, b)
				want, wantOK := refInt(op, w, a, b)
				if gotOK != wantOK || gotOK && got != want {
					t.Fatalf("%s i%d %#x, %#x = %#x (%v), want %#x (%v)", op, w, a, b, got, gotOK, want, wantOK)
				}
			}
		}
	}
}

func TestEvalExtendedAgainstBig(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	for _, w := range []int{8, 32, 64} {
		mod := new(big.Int).Lsh(big.NewInt(1), uint(w))
		for range 5000 {
			a, b := Mask(w, rng.Uint64()), Mask(w, rng.Uint64())
			for _, signed := range []bool{false, true} {
				x, y := new(big.Int).SetUint64(a), new(big.Int).SetUint64(b)
				name := "arith.mului_extended"
				if signed {
					x, y, name = big.NewInt(SExt(w, a)), big.NewInt(SExt(w, b)), "arith.mulsi_extended"
				}
				p := new(big.Int).Mul(x, y)
				lo := new(big.Int).Mod(p, mod).Uint64()
				hi := new(big.Int).Mod(new(big.Int).Rsh(p, uint(w)), mod).Uint64()
				if gl, gh := EvalExtended(name, w, a, b); gl != lo || gh != hi {
					t.Fatalf("%s i%d %#x * %#x = (%#x, %#x), want (%#x, %#x)", name, w, a, b, gl, gh, lo, hi)
				}
			}
		}
	}
}

func ExampleEvalInt() {
	// 127 + 1 wraps to -128 in i8; INT_MIN / -1 is undefined and does not fold.
	r, ok := EvalInt("arith.addi", 8, 127, 1)
	fmt.Println(SExt(8, r), ok)
	_, ok = EvalInt("arith.divsi", 32, 0x80000000, 0xFFFFFFFF)
	fmt.Println(ok)
	// Output:
	// -128 true
	// false
}
