package ir

// Parser hooks that the spirv dialect's types need (MLIR's
// DialectAsmParser::parseDimensionList with allowDynamic=false).

// ParseDimensionList parses a static dimension list such as `4x` or
// `8x16x` and stops before the element type; `N x T` with spaces works too.
func (p *Parser) ParseDimensionList() ([]int64, error) {
	d, _, err := p.parseDims("", false, false, nil)
	return d, err
}

// GenericOp writes op in the generic form without its results, for custom
// forms that embed another op (spirv.SpecConstantOperation's `wraps`).
func (p *OpPrinter) GenericOp(op *Operation) { p.printGenericOp(op) }

// ParseShape parses a shape such as `*x`, `4x?x` or `2x3x` (dynamic sizes
// allowed) and stops before the element type; ranked is false for `*x`.
func (p *Parser) ParseShape() (dims []int64, ranked bool, err error) {
	if p.isPunct("*") {
		p.consume()
		return nil, false, p.parseXInDims()
	}
	dims, _, err = p.parseDims("tensor", true, false, nil)
	return dims, true, err
}
