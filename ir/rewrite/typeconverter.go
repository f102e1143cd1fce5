package rewrite

import (
	"sync"

	"github.com/kiln-gpu/kiln/ir"
)

// TypeConversion converts one type: to one type (1:1), several (1:N), none
// (an empty non-nil slice: the value is dropped), or it returns nil when it
// does not handle the type, so that the next conversion is tried.
type TypeConversion func(t ir.Type) []ir.Type

// Materialization builds a value of type t from inputs at b's insertion
// point, or returns nil when it cannot, so that the next one is tried.
type Materialization func(b *ir.Builder, t ir.Type, inputs []*ir.Value, loc ir.Location) *ir.Value

// TypeConverter maps the types of the source IR to legal types (MLIR's
// TypeConverter). Conversions are tried from the most recently added to the
// first, as in MLIR, so a catch-all such as the identity is added first and
// specific conversions after it. Results are cached; a TypeConverter may be
// shared by conversions running in parallel once it is configured.
//
// Where converted and unconverted values meet, the conversion driver calls
// the materializations: a source materialization turns converted values
// back into a value of the original type for an op that was not converted,
// a target materialization turns an unconverted value into the converted
// type for a pattern's operands. With none added, the driver leaves a
// builtin.unrealized_conversion_cast.
type TypeConverter struct {
	conversions []TypeConversion
	source      []Materialization
	target      []Materialization

	mu    sync.RWMutex
	cache map[ir.Type][]ir.Type // nil entry: no conversion
}

// NewTypeConverter returns a converter with no conversions: every type
// fails to convert until conversions are added.
func NewTypeConverter() *TypeConverter { return &TypeConverter{cache: map[ir.Type][]ir.Type{}} }

// AddConversion adds a conversion, tried before those added earlier.
func (tc *TypeConverter) AddConversion(fn TypeConversion) {
	tc.conversions = append(tc.conversions, fn)
	tc.mu.Lock()
	clear(tc.cache)
	tc.mu.Unlock()
}

// AddSourceMaterialization adds a source materialization, tried before
// those added earlier.
func (tc *TypeConverter) AddSourceMaterialization(fn Materialization) {
	tc.source = append(tc.source, fn)
}

// AddTargetMaterialization adds a target materialization, tried before
// those added earlier.
func (tc *TypeConverter) AddTargetMaterialization(fn Materialization) {
	tc.target = append(tc.target, fn)
}

// Convert returns the types t converts to, and false when no conversion
// handles t.
func (tc *TypeConverter) Convert(t ir.Type) ([]ir.Type, bool) {
	tc.mu.RLock()
	ts, ok := tc.cache[t]
	tc.mu.RUnlock()
	if ok {
		return ts, ts != nil
	}
	for i := len(tc.conversions) - 1; i >= 0; i-- {
		if ts = tc.conversions[i](t); ts != nil {
			break
		}
	}
	tc.mu.Lock()
	tc.cache[t] = ts
	tc.mu.Unlock()
	return ts, ts != nil
}

// ConvertType returns the single type t converts to, or nil when t does
// not convert or converts to a number of types other than one.
func (tc *TypeConverter) ConvertType(t ir.Type) ir.Type {
	if ts, ok := tc.Convert(t); ok && len(ts) == 1 {
		return ts[0]
	}
	return nil
}

// ConvertTypes converts each type 1:N and concatenates the results.
func (tc *TypeConverter) ConvertTypes(ts []ir.Type) ([]ir.Type, bool) {
	out := make([]ir.Type, 0, len(ts))
	for _, t := range ts {
		c, ok := tc.Convert(t)
		if !ok {
			return nil, false
		}
		out = append(out, c...)
	}
	return out, true
}

// IsLegal reports whether t converts to itself.
func (tc *TypeConverter) IsLegal(t ir.Type) bool {
	ts, ok := tc.Convert(t)
	return ok && len(ts) == 1 && ts[0] == t
}

func (tc *TypeConverter) allLegal(ts []ir.Type) bool {
	for _, t := range ts {
		if !tc.IsLegal(t) {
			return false
		}
	}
	return true
}

// IsLegalOp reports whether op's operand and result types are all legal.
func (tc *TypeConverter) IsLegalOp(op *ir.Operation) bool {
	return tc.allLegal(op.OperandTypes()) && tc.allLegal(op.ResultTypes())
}

// IsSignatureLegal reports whether a function type and the argument types
// of every block in body (which may be nil) are all legal.
func (tc *TypeConverter) IsSignatureLegal(ft *ir.FunctionType, body *ir.Region) bool {
	if !tc.allLegal(ft.Inputs) || !tc.allLegal(ft.Results) {
		return false
	}
	if body != nil {
		for b := range body.Blocks() {
			if !tc.allLegal(b.ArgTypes()) {
				return false
			}
		}
	}
	return true
}

// SignatureConversion maps the inputs of a signature (block arguments or
// function inputs) to their converted types: input i becomes the types
// [start, start+n) of ConvertedTypes.
type SignatureConversion struct {
	converted []ir.Type
	starts    []int
}

// ConvertSignature converts each input type 1:N, or reports false when one
// does not convert.
func (tc *TypeConverter) ConvertSignature(inputs []ir.Type) (*SignatureConversion, bool) {
	// Sized for 1:1, the usual case.
	sc := &SignatureConversion{converted: make([]ir.Type, 0, len(inputs)), starts: make([]int, len(inputs)+1)}
	for i, t := range inputs {
		ts, ok := tc.Convert(t)
		if !ok {
			return nil, false
		}
		sc.starts[i] = len(sc.converted)
		sc.converted = append(sc.converted, ts...)
	}
	sc.starts[len(inputs)] = len(sc.converted)
	return sc, true
}

// NumInputs returns the number of original inputs.
func (sc *SignatureConversion) NumInputs() int { return len(sc.starts) - 1 }

// ConvertedTypes returns the converted input types, in order.
func (sc *SignatureConversion) ConvertedTypes() []ir.Type { return sc.converted }

// Mapping returns the range of converted types that input i became.
func (sc *SignatureConversion) Mapping(i int) (start, n int) {
	return sc.starts[i], sc.starts[i+1] - sc.starts[i]
}
