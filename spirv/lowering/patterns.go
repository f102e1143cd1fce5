package lowering

import (
	"github.com/kiln-gpu/kiln/ir/rewrite"
)

// Converter is what the patterns of one conversion share, as MLIR's
// SPIRVTypeConverter is: the target environment, the options, the type
// converter every pattern converts types through, and the caches of the
// spirv types, constants and built-in variables the patterns make.
type Converter struct{ e *env }

// TypeConverter converts source types to spirv types for the target:
// index to the target's index integer, memrefs to pointers in their
// storage class, narrow types emulated where the target lacks them.
func (c *Converter) TypeConverter() *rewrite.TypeConverter { return c.e.tc }

// A Populator returns the conversion patterns of one source dialect, over
// the state of the conversion they join, as MLIR's
// populate<Dialect>ToSPIRVPatterns add theirs to a pattern set. The
// combined conversion is the union of the populators of the dialects it
// converts (Options.Dialects) and of Options.Patterns.
type Populator func(c *Converter) []*rewrite.ConversionPattern

// The populators of the source dialects Kiln converts.
var (
	PopulateGPU    Populator = func(c *Converter) []*rewrite.ConversionPattern { return c.e.gpuPatterns() }
	PopulateArith  Populator = func(c *Converter) []*rewrite.ConversionPattern { return c.e.arithPatterns() }
	PopulateMath   Populator = func(c *Converter) []*rewrite.ConversionPattern { return c.e.mathPatterns() }
	PopulateMemRef Populator = func(c *Converter) []*rewrite.ConversionPattern { return c.e.memrefPatterns() }
	PopulateSCF    Populator = func(c *Converter) []*rewrite.ConversionPattern { return c.e.scfPatterns() }
	PopulateCF     Populator = func(c *Converter) []*rewrite.ConversionPattern { return c.e.cfPatterns() }
	PopulateFunc   Populator = func(c *Converter) []*rewrite.ConversionPattern { return c.e.funcPatterns() }
	PopulateVector Populator = func(c *Converter) []*rewrite.ConversionPattern { return c.e.vectorPatterns() }
	PopulateIndex  Populator = func(c *Converter) []*rewrite.ConversionPattern { return c.e.indexPatterns() }
	PopulateUB     Populator = func(c *Converter) []*rewrite.ConversionPattern { return c.e.ubPatterns() }
	PopulateTensor Populator = func(c *Converter) []*rewrite.ConversionPattern { return c.e.tensorPatterns() }
)

// DialectPatterns maps each source dialect in AllDialects to its populator.
var DialectPatterns = map[string]Populator{
	"gpu": PopulateGPU, "arith": PopulateArith, "math": PopulateMath, "memref": PopulateMemRef,
	"scf": PopulateSCF, "cf": PopulateCF, "func": PopulateFunc, "vector": PopulateVector,
	"index": PopulateIndex, "ub": PopulateUB, "tensor": PopulateTensor,
}
