package ir

import "math/big"

// FitInt returns v as a w-bit integer read as signed (sign-extended from
// w bits), when v fits w bits as a signed or as an unsigned number, as the
// case literals of MLIR's switch ops must; ok is false when it does not.
func FitInt(v *big.Int, w int) (_ *big.Int, ok bool) {
	lo := new(big.Int).Neg(new(big.Int).Lsh(big.NewInt(1), uint(w-1)))
	mod := new(big.Int).Lsh(big.NewInt(1), uint(w))
	if v.Cmp(lo) < 0 || v.Cmp(mod) >= 0 {
		return nil, false
	}
	return wrapBig(v, w, true), true
}
