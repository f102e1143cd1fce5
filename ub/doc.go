// Package ub is MLIR's ub dialect: `ub.poison`, a constant whose value is
// undefined (deferred undefined behaviour), with the `#ub.poison` attribute
// it folds to. Its syntax comes from an assembly format.
package ub
