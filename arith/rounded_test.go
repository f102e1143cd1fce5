package arith

import (
	"math"
	"math/big"
	"math/rand"
	"testing"

	"github.com/kiln-gpu/kiln/ir"
)

// TestEvalFloatRoundedAgainstBig compares EvalFloatRounded and FMARounded
// on random f32 and f64 operands in every rounding mode with math/big
// computing the same operation at the type's precision in the same mode
// (exact for results in the normal range, which the operands are chosen
// to give).
func TestEvalFloatRoundedAgainstBig(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	kinds := []struct {
		k    ir.FloatKind
		prec uint
	}{{ir.F32, 24}, {ir.F64, 53}}
	random := func(k ir.FloatKind) float64 {
		v := math.Ldexp(1+rng.Float64(), rng.Intn(40)-20)
		if rng.Intn(2) == 0 {
			v = -v
		}
		return ir.RoundFloat(k, v)
	}
	for _, kp := range kinds {
		for mode, bm := range bigModes {
			round := func(x *big.Float) float64 {
				r, _ := new(big.Float).SetPrec(kp.prec).SetMode(bm).Set(x).Float64()
				return r
			}
			for i := 0; i < 300; i++ {
				a, b, c := random(kp.k), random(kp.k), random(kp.k)
				exact := map[string]*big.Float{
					"arith.addf": new(big.Float).SetPrec(2000).Add(bigf(a), bigf(b)),
					"arith.subf": new(big.Float).SetPrec(2000).Sub(bigf(a), bigf(b)),
					"arith.mulf": new(big.Float).SetPrec(2000).Mul(bigf(a), bigf(b)),
				}
				for name, x := range exact {
					if got, _ := EvalFloatRounded(name, kp.k, mode, a, b); got != round(x) {
						t.Errorf("%s %v %v, %v in mode %d = %v, want %v", name, kp.k, a, b, mode, got, round(x))
					}
				}
				q, _ := new(big.Float).SetPrec(kp.prec).SetMode(bm).Quo(bigf(a), bigf(b)).Float64()
				if got, _ := EvalFloatRounded("arith.divf", kp.k, mode, a, b); got != q {
					t.Errorf("divf %v %v, %v in mode %d = %v, want %v", kp.k, a, b, mode, got, q)
				}
				p := new(big.Float).SetPrec(2000).Mul(bigf(a), bigf(b))
				if got, want := FMARounded(kp.k, mode, a, b, c), round(p.Add(p, bigf(c))); got != want {
					t.Errorf("fma %v %v, %v, %v in mode %d = %v, want %v", kp.k, a, b, c, mode, got, want)
				}
			}
		}
	}
}
