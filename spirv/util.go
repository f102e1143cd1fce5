package spirv

import (
	"strconv"

	"github.com/kiln-gpu/kiln/ir"
)

func typeString(t ir.Type) string { return ir.TypeString(t) }

// quotedType writes a type as MLIR's diagnostics do: in single quotes.
func quotedType(t ir.Type) string { return "'" + ir.TypeString(t) + "'" }

func itoa(v int64) string { return strconv.FormatInt(v, 10) }
