package ir

import (
	"math/big"
	"strings"
	"testing"
)

// Integer literals that fit a word take a path without big.Int; each must
// give what the big.Int path gives: the value wrapped to the type's width,
// or the same error.
func TestWordIntegerLiteralsMatchBig(t *testing.T) {
	ctx := NewContext()
	lits := []string{"0", "-0", "1", "-1", "5", "007", "127", "128", "-128", "-129", "255", "256", "-256", "-257",
		"0xFF", "-0xFF", "0x1FF", "0x8000000000000000", "-0x8000000000000000", "0xFFFFFFFFFFFFFFFF",
		"9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
		"18446744073709551615", "-18446744073709551615", "18446744073709551616", "-18446744073709551616"}
	types := []string{"i1", "i4", "si4", "ui4", "i8", "ui8", "i32", "si32", "i64", "ui64", "si64", "index", "i65", "i128"}
	for _, ty := range types {
		typ, err := ParseTypeString(ctx, ty)
		if err != nil {
			t.Fatal(err)
		}
		w := intWidth(typ)
		for _, lit := range lits {
			got, err := ParseAttrString(ctx, lit+" : "+ty)
			neg := strings.HasPrefix(lit, "-")
			digits := strings.TrimPrefix(lit, "-")
			v, base := new(big.Int), 10
			if strings.HasPrefix(digits, "0x") {
				digits, base = digits[2:], 16
			}
			v.SetString(digits, base)
			if neg {
				v.Neg(v)
			}
			var wantErr string
			switch {
			case neg && strings.HasPrefix(ty, "ui"):
				wantErr = "negative integer literal not valid for unsigned integer type"
			case !mlirLiteralFits(v, neg, w, strings.HasPrefix(ty, "si") || ty == "index"):
				wantErr = "integer constant out of range for attribute"
			}
			if wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), wantErr) {
					t.Errorf("%s : %s: got %v, %v; want error %q", lit, ty, got, err, wantErr)
				}
				continue
			}
			if err != nil {
				t.Errorf("%s : %s: %v", lit, ty, err)
				continue
			}
			if want := ctx.IntegerAttrBig(typ, v); got != Attribute(want) {
				t.Errorf("%s : %s: got %s, want %s", lit, ty, AttrString(got), AttrString(want))
			}
		}
	}
}

// Dense elements wider than 64 bits print every bit of their value, and
// DenseBigInts builds the same attribute the parser does.
func TestDenseWideIntegers(t *testing.T) {
	ctx := NewContext()
	for _, src := range []string{
		"dense<[18446744073709551617, -170141183460469231731687303715884105728]> : tensor<2xi128>",
		"dense<[340282366920938463463374607431768211455, 5]> : tensor<2xui128>",
		"dense<-18446744073709551616> : tensor<i65>",
	} {
		a, err := ParseAttrString(ctx, src)
		if err != nil {
			t.Fatal(err)
		}
		if got := AttrString(a); got != src {
			t.Errorf("printed %s, want %s", got, src)
		}
		d := a.(*DenseElementsAttr)
		vals := make([]*big.Int, d.Len())
		for i := range vals {
			vals[i] = d.BigIntAt(i)
		}
		if b := ctx.DenseBigInts(d.ShapedType(), vals); b != d {
			t.Errorf("DenseBigInts gave %s, want %s", AttrString(b), src)
		}
	}
}

// mlirLiteralFits is MLIR's buildAttributeAPInt check, on the value itself:
// a negative literal in [-2^(w-1), -1], a positive one below 2^w, or below
// 2^(w-1) for signed and index types; -0 does not fit.
func mlirLiteralFits(v *big.Int, neg bool, w int, signed bool) bool {
	half := new(big.Int).Lsh(big.NewInt(1), uint(w-1))
	switch {
	case neg:
		return v.Sign() < 0 && new(big.Int).Neg(v).Cmp(half) <= 0
	case signed:
		return v.Cmp(half) < 0
	}
	return v.BitLen() <= w
}
