package intrange

import (
	"math/big"
	"math/bits"

	"github.com/kiln-gpu/kiln/ir"
)

// Bits is a range bound: a two's complement pattern of the range's width,
// APInt's role in MLIR. The operations below take that width; up to 64
// bits they work on the pattern in a uint64, above on a big.Int.
type Bits = ir.IntBits

// smallMax is the widest pattern kept in a uint64. Tests lower it to run
// the big.Int arithmetic at small widths, where results can be enumerated.
var smallMax = 64

func small(w int) bool { return w <= smallMax }

// pow2 is 2^n.
func pow2(n int) *big.Int { return new(big.Int).Lsh(big.NewInt(1), uint(n)) }

func allOnes64(w int) uint64 {
	if w >= 64 {
		return ^uint64(0)
	}
	return 1<<uint(w) - 1
}

func mask(w int, v uint64) uint64 { return v & allOnes64(w) }

// sext reads the low w bits of v as a signed number (w <= 64).
func sext(w int, v uint64) int64 {
	s := uint(64 - w)
	return int64(v<<s) >> s
}

// fromBig is x (any integer) modulo 2^w.
func fromBig(w int, x *big.Int) Bits {
	if small(w) {
		switch {
		case x.IsUint64():
			return Bits{Lo: mask(w, x.Uint64())}
		case x.IsInt64():
			return Bits{Lo: mask(w, uint64(x.Int64()))}
		}
	}
	z := new(big.Int).Mod(x, pow2(w))
	if small(w) {
		return Bits{Lo: z.Uint64()}
	}
	return Bits{Big: z}
}

// Uint is the w-bit pattern of v (its low w bits).
func Uint(w int, v uint64) Bits {
	if small(w) {
		return Bits{Lo: mask(w, v)}
	}
	return Bits{Big: new(big.Int).SetUint64(mask(w, v))}
}

// Int is v at w bits: sign-extended or truncated.
func Int(w int, v int64) Bits {
	if small(w) {
		return Bits{Lo: mask(w, uint64(v))}
	}
	return fromBig(w, big.NewInt(v))
}

// UnsignedValue is b's value read unsigned.
func UnsignedValue(b Bits) *big.Int {
	if b.Big != nil {
		return new(big.Int).Set(b.Big)
	}
	return new(big.Int).SetUint64(b.Lo)
}

// SignedValue is b's value read signed.
func SignedValue(w int, b Bits) *big.Int {
	if b.Big == nil {
		return big.NewInt(sext(w, b.Lo))
	}
	z := new(big.Int).Set(b.Big)
	if z.Bit(w-1) != 0 {
		z.Sub(z, pow2(w))
	}
	return z
}

func zero(w int) Bits { return Uint(w, 0) }

func allOnes(w int) Bits {
	if small(w) {
		return Bits{Lo: allOnes64(w)}
	}
	return Bits{Big: new(big.Int).Sub(pow2(w), big.NewInt(1))}
}

// signMin and signMax are the smallest and largest signed w-bit values.
func signMin(w int) Bits {
	if small(w) {
		return Bits{Lo: 1 << uint(w-1)}
	}
	return Bits{Big: pow2(w - 1)}
}

func signMax(w int) Bits {
	if small(w) {
		return Bits{Lo: allOnes64(w) >> 1}
	}
	return Bits{Big: new(big.Int).Sub(pow2(w-1), big.NewInt(1))}
}

// Negative reports whether b's sign bit is set.
func Negative(w int, b Bits) bool {
	if b.Big == nil {
		return b.Lo>>uint(w-1)&1 != 0
	}
	return b.Big.Bit(w-1) != 0
}

func isZero(b Bits) bool { return b.Big == nil && b.Lo == 0 || b.Big != nil && b.Big.Sign() == 0 }

func eq(a, b Bits) bool {
	if a.Big == nil || b.Big == nil {
		return a.Big == nil && b.Big == nil && a.Lo == b.Lo
	}
	return a.Big.Cmp(b.Big) == 0
}

func ult(a, b Bits) bool {
	if a.Big == nil {
		return a.Lo < b.Lo
	}
	return a.Big.Cmp(b.Big) < 0
}

func slt(w int, a, b Bits) bool {
	if a.Big == nil {
		return sext(w, a.Lo) < sext(w, b.Lo)
	}
	if na, nb := Negative(w, a), Negative(w, b); na != nb {
		return na
	}
	return ult(a, b)
}

// Below reports whether b's unsigned value is below m.
func Below(b Bits, m uint64) bool {
	if b.Big == nil {
		return b.Lo < m
	}
	return b.Big.IsUint64() && b.Big.Uint64() < m
}

// positive reports whether b's signed value is above 0.
func positive(w int, b Bits) bool { return !Negative(w, b) && !isZero(b) }

// less compares in the signed or the unsigned order.
func less(w int, a, b Bits, signed bool) bool {
	if signed {
		return slt(w, a, b)
	}
	return ult(a, b)
}

func minOf(w int, a, b Bits, signed bool) Bits {
	if less(w, b, a, signed) {
		return b
	}
	return a
}

func maxOf(w int, a, b Bits, signed bool) Bits {
	if less(w, a, b, signed) {
		return b
	}
	return a
}

// add and sub wrap at w bits.
func add(w int, a, b Bits) Bits {
	if a.Big == nil {
		return Bits{Lo: mask(w, a.Lo+b.Lo)}
	}
	return fromBig(w, new(big.Int).Add(a.Big, b.Big))
}

func sub(w int, a, b Bits) Bits {
	if a.Big == nil {
		return Bits{Lo: mask(w, a.Lo-b.Lo)}
	}
	return fromBig(w, new(big.Int).Sub(a.Big, b.Big))
}

func and(a, b Bits) Bits {
	if a.Big == nil {
		return Bits{Lo: a.Lo & b.Lo}
	}
	return Bits{Big: new(big.Int).And(a.Big, b.Big)}
}

func or(a, b Bits) Bits {
	if a.Big == nil {
		return Bits{Lo: a.Lo | b.Lo}
	}
	return Bits{Big: new(big.Int).Or(a.Big, b.Big)}
}

func xor(a, b Bits) Bits {
	if a.Big == nil {
		return Bits{Lo: a.Lo ^ b.Lo}
	}
	return Bits{Big: new(big.Int).Xor(a.Big, b.Big)}
}

func not(w int, a Bits) Bits { return xor(a, allOnes(w)) }

// clz counts the leading zeros of the w-bit a.
func clz(w int, a Bits) int {
	if a.Big == nil {
		return bits.LeadingZeros64(a.Lo) - (64 - w)
	}
	return w - a.Big.BitLen()
}

// signBits is APInt's getNumSignBits.
func signBits(w int, a Bits) int {
	if Negative(w, a) {
		return clz(w, not(w, a))
	}
	return clz(w, a)
}

// lowOnes is the w-bit mask of the n low bits.
func lowOnes(w, n int) Bits {
	if small(w) {
		return Bits{Lo: allOnes64(n)}
	}
	return Bits{Big: new(big.Int).Sub(pow2(n), big.NewInt(1))}
}

// amount is b as a shift amount: false when it is w or more.
func amount(w int, b Bits) (uint, bool) {
	if !Below(b, uint64(w)) {
		return 0, false
	}
	if b.Big != nil {
		return uint(b.Big.Uint64()), true
	}
	return uint(b.Lo), true
}

// shl, lshr and ashr shift by n < w.
func shl(w int, a Bits, n uint) Bits {
	if a.Big == nil {
		return Bits{Lo: mask(w, a.Lo<<n)}
	}
	return fromBig(w, new(big.Int).Lsh(a.Big, n))
}

func lshr(a Bits, n uint) Bits {
	if a.Big == nil {
		return Bits{Lo: a.Lo >> n}
	}
	return Bits{Big: new(big.Int).Rsh(a.Big, n)}
}

func ashr(w int, a Bits, n uint) Bits {
	if a.Big == nil {
		return Bits{Lo: mask(w, uint64(sext(w, a.Lo)>>n))}
	}
	return fromBig(w, new(big.Int).Rsh(SignedValue(w, a), n))
}

// udiv and urem divide unsigned by b != 0.
func udiv(a, b Bits) Bits {
	if a.Big == nil {
		return Bits{Lo: a.Lo / b.Lo}
	}
	return Bits{Big: new(big.Int).Quo(a.Big, b.Big)}
}

func urem(a, b Bits) Bits {
	if a.Big == nil {
		return Bits{Lo: a.Lo % b.Lo}
	}
	return Bits{Big: new(big.Int).Rem(a.Big, b.Big)}
}

// sdiv is APInt's sdiv_ov: false for the one overflowing quotient.
func sdiv(w int, a, b Bits) (Bits, bool) {
	if isZero(b) || eq(a, signMin(w)) && eq(b, allOnes(w)) {
		return Bits{}, false // only an empty range (unreachable code) divides by 0
	}
	if a.Big == nil {
		return Bits{Lo: mask(w, uint64(sext(w, a.Lo)/sext(w, b.Lo)))}, true
	}
	return fromBig(w, new(big.Int).Quo(SignedValue(w, a), SignedValue(w, b))), true
}

// srem is APInt's srem (the sign of the dividend); 0 for a zero divisor.
func srem(w int, a, b Bits) Bits {
	switch {
	case isZero(b):
		return zero(w)
	case a.Big == nil:
		return Bits{Lo: mask(w, uint64(sext(w, a.Lo)%sext(w, b.Lo)))}
	}
	return fromBig(w, new(big.Int).Rem(SignedValue(w, a), SignedValue(w, b)))
}

// trunc, zext and sext change a's width from w to to.
func trunc(a Bits, to int) Bits {
	if a.Big == nil {
		return Bits{Lo: mask(to, a.Lo)}
	}
	return fromBig(to, a.Big)
}

func zext(a Bits, to int) Bits {
	if small(to) {
		return a
	}
	return Bits{Big: UnsignedValue(a)}
}

func sextTo(w int, a Bits, to int) Bits {
	if a.Big == nil && small(to) {
		return Bits{Lo: mask(to, uint64(sext(w, a.Lo)))}
	}
	return fromBig(to, SignedValue(w, a))
}
