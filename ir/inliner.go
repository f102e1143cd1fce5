package ir

import "slices"

// Inliner is a dialect's part in inlining, MLIR's DialectInlinerInterface
// together with the call and callable op interfaces of the dialect's ops.
// A hook left nil answers as MLIR's default does: not a call, not a
// callable, not legal. A dialect without an Inliner takes no part at all:
// its ops are never inlined and nothing is inlined into their regions.
type Inliner struct {
	// Call returns the callee and the argument operands of op when op is a
	// call (MLIR's CallOpInterface); callee is nil for an indirect call.
	Call func(op *Operation) (callee *SymbolRefAttr, args []*Value, ok bool)
	// Callable returns the body and the result types of op when op is a
	// function (CallableOpInterface); body is nil for a declaration.
	Callable func(op *Operation) (body *Region, results []Type, ok bool)

	// CanInlineCall reports whether call, an op of this dialect, may be
	// replaced by the body of callable.
	CanInlineCall func(call, callable *Operation) bool
	// CanInlineInto reports whether a callee's body may be inlined into
	// dest, a region of an op of this dialect.
	CanInlineInto func(dest *Region) bool
	// CanInline reports whether op, of this dialect, may be inlined into
	// dest, which belongs to an op of any dialect.
	CanInline func(op *Operation, dest *Region) bool

	// ReturnTo replaces term, a terminator of this dialect that ends one of
	// several inlined blocks, when it returns: with a branch to cont that
	// passes the returned values. Other terminators stay.
	ReturnTo func(term *Operation, cont *Block)
	// Returned gives the values that replace the call's results when term
	// ends the only inlined block; false when term does not return (the
	// call is then not inlined).
	Returned func(term *Operation) ([]*Value, bool)
}

// BranchingReturns gives the ReturnTo and Returned hooks of a dialect whose
// return ops (named in Returns) return their operands, and which become a
// branch op named Branch to the code after the call.
type BranchingReturns struct {
	Branch  string
	Returns []string
}

// ReturnTo replaces term with the branch when it is a return.
func (r BranchingReturns) ReturnTo(term *Operation, cont *Block) {
	if !slices.Contains(r.Returns, term.Name()) {
		return
	}
	b := NewBuilder(term.Context())
	b.SetInsertionPointBefore(term)
	b.Create(&OpState{Name: r.Branch, Loc: term.Loc(), Operands: term.Operands(), Successors: []*Block{cont}})
	term.Erase()
}

// Returned gives term's operands when it is a return.
func (r BranchingReturns) Returned(term *Operation) ([]*Value, bool) {
	if !slices.Contains(r.Returns, term.Name()) {
		return nil, false
	}
	return term.Operands(), true
}

// OpsInlinable returns the Inliner of a dialect whose ops may all be
// inlined anywhere, and which has no calls, functions or returns.
func OpsInlinable() *Inliner {
	return &Inliner{CanInline: func(*Operation, *Region) bool { return true }}
}

// BodiesInlinable returns the Inliner of a dialect whose ops may all be
// inlined anywhere and whose regions may take any inlined body.
func BodiesInlinable() *Inliner {
	return &Inliner{
		CanInlineInto: func(*Region) bool { return true },
		CanInline:     func(*Operation, *Region) bool { return true },
	}
}

// InlinerOf returns the Inliner of op's dialect, or nil.
func InlinerOf(op *Operation) *Inliner {
	if op == nil || op.Def() == nil || op.Def().Dialect() == nil {
		return nil
	}
	return op.Def().Dialect().Inliner
}

// CallOf returns the callee and arguments of op when its dialect's Inliner
// knows it as a call.
func CallOf(op *Operation) (*SymbolRefAttr, []*Value, bool) {
	if in := InlinerOf(op); in != nil && in.Call != nil {
		return in.Call(op)
	}
	return nil, nil, false
}

// CallableOf returns the body and result types of op when its dialect's
// Inliner knows it as a function.
func CallableOf(op *Operation) (*Region, []Type, bool) {
	if in := InlinerOf(op); in != nil && in.Callable != nil {
		return in.Callable(op)
	}
	return nil, nil, false
}
