package serialize

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/spirv"
	"github.com/kiln-gpu/kiln/spirv/spv"
)

// Deserialize decodes a SPIR-V binary into a detached spirv.module op. name
// is the file name used in diagnostics (which point at word offsets: a
// binary has no lines). Any valid module is accepted, glslang's output
// included; structured control flow comes back as spirv.mlir.selection and
// spirv.mlir.loop. Malformed input is an error, never a panic.
func Deserialize(ctx *ir.Context, words []uint32, name string) (*ir.Operation, error) {
	m, err := spv.Decode(words)
	if err != nil {
		var de *spv.DecodeError
		off := 0
		if errors.As(err, &de) {
			off = de.Offset
		}
		return nil, ir.Errorf(wordLoc(ctx, name, off), "invalid SPIR-V: %v", err)
	}
	d := &deserializer{
		ctx: ctx, file: name, mod: m,
		extSets:      map[uint32]*spv.ExtInstSet{},
		names:        map[uint32]string{},
		strings:      map[uint32]string{},
		decos:        map[uint32][]*spv.Instruction{},
		mdecos:       map[uint32][]*spv.Instruction{},
		types:        map[uint32]ir.Type{},
		consts:       map[uint32]constant{},
		graphConsts:  map[uint32]constant{},
		graphEntries: map[uint32]bool{},
		symbols:      map[uint32]string{},
		symKinds:     map[uint32]spv.Opcode{},
		symOps:       map[uint32]*ir.Operation{},
		specOps:      map[uint32]*spv.Instruction{},
		specOfConst:  map[uint32]string{},
		used:         map[string]bool{},
		structNames:  map[string]bool{},
		undefs:       map[uint32]ir.Type{},
		replicates:   map[uint32]constant{},

		constructOps: map[*ir.Operation]construct{},
		enums:        map[enumKey]ir.Attribute{},
		segs:         map[[2]int]ir.Attribute{},
		i32s:         map[int64]ir.Attribute{},
		typeAttrs:    map[ir.Type]ir.Attribute{},
		extNames:     map[extKey]string{},
	}
	return d.module()
}

// DeserializeBytes is Deserialize on the little-endian bytes of a module.
func DeserializeBytes(ctx *ir.Context, b []byte, name string) (*ir.Operation, error) {
	words, err := spv.BytesToWords(b)
	if err != nil {
		return nil, ir.Errorf(wordLoc(ctx, name, len(b)/4), "invalid SPIR-V: %v", err)
	}
	return Deserialize(ctx, words, name)
}

func wordLoc(ctx *ir.Context, file string, off int) ir.Location {
	var buf [64]byte // the name is built in one allocation, its string's
	b := strconv.AppendInt(append(append(buf[:0], file...), ":word "...), int64(off), 10)
	return ctx.NameLoc(string(b), ctx.UnknownLoc())
}

// constant is a module-level constant: its type and value.
type constant struct {
	typ ir.Type
	val ir.Attribute
}

type deserializer struct {
	ctx  *ir.Context
	file string
	mod  *spv.Module
	cur  *spv.Instruction // the instruction being read, for diagnostics
	// opState, valueState, termState, buildState and fnState are reused by
	// newOp, value, terminator, the builders and function (NewOp copies
	// what they hold), saving the allocations of a fresh one per op.
	opState, valueState, termState, buildState, fnState ir.OpState
	// Caches of attributes (see enum) and of extended instructions' op names.
	enums     map[enumKey]ir.Attribute
	segs      map[[2]int]ir.Attribute
	i32s      map[int64]ir.Attribute
	typeAttrs map[ir.Type]ir.Attribute
	extNames  map[extKey]string
	// Scratch space of structurizeOne and demote.
	scratchIn     map[*ir.Block]bool
	scratchExits  map[*ir.Block]bool
	scratchVals   []*ir.Value
	scratchBlocks []*ir.Block
	spareFn       *funcState // the last function's, reused by the next

	caps         []spv.Capability
	exts         []string
	addressing   uint32
	memoryModel  uint32
	extSets      map[uint32]*spv.ExtInstSet
	names        map[uint32]string
	strings      map[uint32]string             // OpString, for OpLine
	line         ir.Location                   // of the OpLine in effect, or nil
	decos        map[uint32][]*spv.Instruction // OpDecorate by target
	mdecos       map[uint32][]*spv.Instruction // OpMemberDecorate by struct
	types        map[uint32]ir.Type
	fwdTypes     map[uint32]ir.Type          // OpTypeForwardPointer ids' types, until their OpTypePointer
	fwdStructs   map[uint32]string           // the structs they point to: identified structs, by name
	fwdDecls     map[uint32]*spv.Instruction // the module's OpTypePointer and OpTypeStruct, by id, for forwardPointer
	structNames  map[string]bool             // the names of the identified structs made
	consts       map[uint32]constant
	graphConsts  map[uint32]constant // OpGraphConstantARM: type and graph_constant_id
	graphEntries map[uint32]bool     // graphs an OpGraphEntryPointARM names
	undefs       map[uint32]ir.Type
	symbols      map[uint32]string     // global variables, spec constants, functions
	symKinds     map[uint32]spv.Opcode // what defined each symbol
	symOps       map[uint32]*ir.Operation
	specOps      map[uint32]*spv.Instruction // OpSpecConstantOp, materialized at each use
	specOfConst  map[uint32]string           // see constantAsSpec
	used         map[string]bool             // symbol names taken
	entryPoints  []*spv.Instruction
	execModes    []*spv.Instruction
	replicates   map[uint32]constant // OpConstantCompositeReplicateEXT, materialized at each use

	body *ir.Block // the spirv.module's body

	fn *funcState // the function being read
	// blockIDs names the current function's blocks in diagnostics.
	blockIDs map[*ir.Block]uint32
	// constructOps maps the selection and loop ops made so far to what
	// they were made from.
	constructOps map[*ir.Operation]construct
}

func (d *deserializer) errorf(format string, args ...any) error {
	off := 0
	prefix := ""
	if d.cur != nil {
		off = d.cur.Offset
		prefix = d.cur.Opcode.String() + ": "
	}
	return ir.Errorf(wordLoc(d.ctx, d.file, off), "%s%s", prefix, fmt.Sprintf(format, args...))
}

// loc is the location of the ops made from the current instruction: the
// OpLine in effect, else its word offset at module scope, the function's
// inside one (a location per instruction would cost a uniqued location per
// op).
func (d *deserializer) loc() ir.Location {
	if d.line != nil {
		return d.line
	}
	if d.fn != nil && d.fn.loc != nil {
		return d.fn.loc
	}
	if d.cur == nil {
		return d.ctx.UnknownLoc()
	}
	return wordLoc(d.ctx, d.file, d.cur.Offset)
}

// module reads the module section by section.
func (d *deserializer) module() (*ir.Operation, error) {
	d.body = ir.NewBlock(nil, nil)
	ins := d.mod.Instructions
	i := 0
	for ; i < len(ins) && ins[i].Opcode != spv.OpFunction && !isGraphInst(ins[i].Opcode); i++ {
		d.cur = &ins[i]
		if d.cur.Opcode == spv.OpLine {
			d.line = d.lineLoc(d.cur)
			continue
		}
		if err := d.global(d.cur); err != nil {
			return nil, err
		}
		d.line = nil // at module scope an OpLine is for the next instruction
	}
	// Name every function first: calls may refer forward.
	for j := i; j < len(ins); j++ {
		if op := ins[j].Opcode; op == spv.OpFunction || op == spv.OpGraphARM {
			d.cur = &ins[j]
			if _, dup := d.symbols[ins[j].Result]; dup {
				return nil, d.errorf("%%%d defined twice", ins[j].Result)
			}
			prefix := "spirv_fn"
			if op == spv.OpGraphARM {
				prefix = "spirv_graph"
			}
			if d.names[ins[j].Result] == "" {
				// An entry point without OpName is named as it is entered.
				d.names[ins[j].Result] = d.entryPointName(ins[j].Result)
			}
			d.symbol(ins[j].Result, prefix)
		}
	}
	for i < len(ins) {
		var n int
		var err error
		switch ins[i].Opcode {
		case spv.OpGraphEntryPointARM:
			d.cur, n = &ins[i], 1
			err = d.graphEntryPoint(&ins[i])
		case spv.OpGraphARM:
			n, err = d.graph(ins[i:])
		default:
			n, err = d.function(ins[i:])
		}
		if err != nil {
			return nil, err
		}
		i += n
	}
	d.cur = nil
	for _, in := range d.entryPoints {
		d.cur = in
		if err := d.entryPoint(in); err != nil {
			return nil, err
		}
	}
	for _, in := range d.execModes {
		d.cur = in
		if err := d.executionMode(in); err != nil {
			return nil, err
		}
	}
	d.cur = nil
	st := &ir.OpState{Name: "spirv.module", Loc: wordLoc(d.ctx, d.file, 0)}
	st.AddAttr("addressing_model", spirv.Enum(d.ctx, spv.KindAddressingModel, d.addressing))
	st.AddAttr("memory_model", spirv.Enum(d.ctx, spv.KindMemoryModel, d.memoryModel))
	st.AddAttr("vce_triple", spirv.VCE(d.ctx, d.mod.Header.Version, d.caps, d.exts))
	st.AddRegion().Append(d.body)
	return d.ctx.NewOp(st), nil
}

// lineLoc is the location an OpLine gives, as MLIR makes it.
func (d *deserializer) lineLoc(in *spv.Instruction) ir.Location {
	file := d.strings[in.Operands[0].Value()]
	if file == "" {
		file = "<unknown>"
	}
	return d.ctx.FileLineColLoc(file, int(in.Operands[1].Value()), int(in.Operands[2].Value()))
}

// global reads one instruction before the first function.
func (d *deserializer) global(in *spv.Instruction) error {
	ops := in.Operands
	if in.Result != 0 && d.defined(in.Result) {
		return d.errorf("%%%d defined twice", in.Result)
	}
	switch in.Opcode {
	case spv.OpCapability:
		d.caps = append(d.caps, spv.Capability(ops[0].Value()))
	case spv.OpExtension:
		d.exts = append(d.exts, ops[0].Str())
	case spv.OpExtInstImport:
		name := ops[1].Str()
		set := spv.ExtInstSetByName(name)
		if name == extGraphDebug.Name {
			set = extGraphDebug
		}
		if set == nil {
			return d.errorf("unknown extended instruction set %q", name)
		}
		d.extSets[in.Result] = set
	case spv.OpMemoryModel:
		d.addressing, d.memoryModel = ops[0].Value(), ops[1].Value()
	case spv.OpEntryPoint:
		d.entryPoints = append(d.entryPoints, in)
	case spv.OpExecutionMode, spv.OpExecutionModeId:
		d.execModes = append(d.execModes, in)
	case spv.OpName:
		d.names[ops[0].Value()] = ops[1].Str()
	case spv.OpTypeForwardPointer:
		return d.forwardPointer(in)
	case spv.OpDecorate, spv.OpDecorateId:
		d.decos[ops[0].Value()] = append(d.decos[ops[0].Value()], in)
	case spv.OpMemberDecorate:
		d.mdecos[ops[0].Value()] = append(d.mdecos[ops[0].Value()], in)
	case spv.OpString:
		d.strings[in.Result] = ops[1].Str()
	case spv.OpSource, spv.OpSourceExtension, spv.OpSourceContinued, spv.OpMemberName,
		spv.OpModuleProcessed, spv.OpNoLine, spv.OpDecorationGroup, spv.OpGroupDecorate, spv.OpGroupMemberDecorate:
		// Debug information has no place in the dialect.
	case spv.OpVariable:
		return d.globalVariable(in)
	case spv.OpUndef:
		t, err := d.typeOf(in.ResultType)
		if err != nil {
			return err
		}
		d.undefs[in.Result] = t
	case spv.OpConstant, spv.OpConstantTrue, spv.OpConstantFalse, spv.OpConstantComposite, spv.OpConstantNull:
		return d.constant(in)
	case spv.OpSpecConstant, spv.OpSpecConstantTrue, spv.OpSpecConstantFalse, spv.OpSpecConstantComposite:
		return d.specConstant(in)
	case spv.OpGraphConstantARM:
		return d.graphConstant(in)
	case spv.OpConstantCompositeReplicateEXT:
		return d.replicate(in)
	case spv.OpSpecConstantCompositeReplicateEXT:
		return d.specReplicate(in)
	case spv.OpSpecConstantOp:
		if _, err := d.typeOf(in.ResultType); err != nil {
			return err
		}
		for _, o := range in.Operands[3:] {
			if o.Kind.Category == spv.CategoryID && !d.defined(o.Value()) {
				return d.errorf("operand %%%d is not a constant defined before", o.Value())
			}
		}
		d.specOps[in.Result] = in
	default:
		if strings.HasPrefix(in.Opcode.String(), "OpType") {
			return d.typeDecl(in)
		}
		return d.errorf("not supported at module scope")
	}
	return nil
}

// entryPointName is the name of the first OpEntryPoint of function id, or "".
func (d *deserializer) entryPointName(id uint32) string {
	for _, ep := range d.entryPoints {
		if len(ep.Operands) > 2 && ep.Operands[1].Value() == id {
			return ep.Operands[2].Str()
		}
	}
	return ""
}

// symbol picks the symbol name of a module-level id: its OpName when it has
// one that is free, else prefix_id, as MLIR names them.
func (d *deserializer) symbol(id uint32, prefix string) string {
	name := d.names[id]
	if name == "" || d.used[name] {
		name = fmt.Sprintf("%s_%d", prefix, id)
	}
	for d.used[name] {
		name += "_"
	}
	d.used[name] = true
	d.symbols[id] = name
	d.symKinds[id] = d.cur.Opcode
	return name
}

func (d *deserializer) globalVariable(in *spv.Instruction) error {
	t, err := d.typeOf(in.ResultType)
	if err != nil {
		return err
	}
	st := &ir.OpState{Name: "spirv.GlobalVariable", Loc: d.loc()}
	st.AddAttr("sym_name", d.ctx.StringAttr(d.symbol(in.Result, "spirv_var")))
	st.AddAttr("type", d.ctx.TypeAttr(t))
	if len(in.Operands) > 3 {
		init := in.Operands[3].Value()
		sym, ok := d.symbols[init]
		if !ok {
			return d.errorf("initializer %%%d is not a global variable or spec constant defined before", init)
		}
		st.AddAttr("initializer", d.ctx.SymbolRef(sym))
	}
	if err := d.decorationAttrs(in.Result, st); err != nil {
		return err
	}
	d.symOps[in.Result] = d.ctx.NewOp(st)
	d.body.Append(d.symOps[in.Result])
	return nil
}

// decorationAttrs turns the decorations of a variable into its attributes:
// binding and descriptor_set, built_in as a string, unit attributes for
// decorations without values (MLIR's spelling: NonWritable ->
// non_writable), integer ones for those with one.
func (d *deserializer) decorationAttrs(id uint32, st *ir.OpState) error {
	for _, in := range d.decos[id] {
		deco := spv.Decoration(in.Operands[1].Value())
		params := in.Operands[2:]
		switch {
		case deco == spv.DecorationBuiltIn && len(params) == 1:
			st.AddAttr("built_in", d.ctx.StringAttr(spv.KindBuiltIn.Format(params[0].Value())))
		case deco == spv.DecorationDescriptorSet && len(params) == 1:
			st.AddAttr("descriptor_set", d.ctx.I32Attr(int64(params[0].Value())))
		case deco == spv.DecorationBinding && len(params) == 1:
			st.AddAttr("binding", d.ctx.I32Attr(int64(params[0].Value())))
		case deco == spv.DecorationSpecId:
			// Read by specConstant.
		case (deco == spv.DecorationFPFastMathMode || deco == spv.DecorationFPRoundingMode) && len(params) == 1:
			k := spv.KindFPFastMathMode
			if deco == spv.DecorationFPRoundingMode {
				k = spv.KindFPRoundingMode
			}
			st.AddAttr(decorationAttrName(deco), spirv.Enum(d.ctx, k, params[0].Value()))
		case deco == spv.DecorationLinkageAttributes && len(params) == 2:
			st.AddAttr("linkage_attributes", spirv.Linkage(d.ctx, params[0].Str(), spv.LinkageType(params[1].Value())))
		case (deco == spv.DecorationCacheControlLoadINTEL || deco == spv.DecorationCacheControlStoreINTEL) && len(params) == 2:
			// Each decoration adds one entry to the op's list.
			name := decorationAttrName(deco)
			c := spirv.CacheControl(d.ctx, deco == spv.DecorationCacheControlStoreINTEL, params[0].Value(), params[1].Value())
			i := slices.IndexFunc(st.Attrs, func(a ir.NamedAttr) bool { return a.Name == name })
			if i < 0 {
				st.AddAttr(name, d.ctx.ArrayAttr(c))
			} else {
				prev := st.Attrs[i].Value.(*ir.ArrayAttr).Elems
				st.Attrs[i].Value = d.ctx.ArrayAttr(append(slices.Clone(prev), c)...)
			}
		case in.Opcode == spv.OpDecorateId && len(params) == 1:
			sym, ok := d.symbols[params[0].Value()]
			if !ok {
				d.cur = in
				return d.errorf("operand %%%d of decoration %s is not a module-scope symbol", params[0].Value(), spv.KindDecoration.Format(uint32(deco)))
			}
			st.AddAttr(decorationAttrName(deco), d.ctx.SymbolRef(sym))
		case len(params) == 0:
			st.AddAttr(decorationAttrName(deco), d.ctx.UnitAttr())
		case len(params) == 1 && params[0].Number != spv.NumberNone:
			st.AddAttr(decorationAttrName(deco), d.ctx.I32Attr(int64(params[0].Value())))
		default:
			d.cur = in
			return d.errorf("decoration %s is not supported", spv.KindDecoration.Format(uint32(deco)))
		}
	}
	return nil
}

// decorationAttrName is MLIR's attribute name of a decoration: snake case.
func decorationAttrName(deco spv.Decoration) string {
	return snake(spv.KindDecoration.Format(uint32(deco)))
}

func snake(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 'A' && c <= 'Z' {
			lowerBefore := i > 0 && s[i-1] >= 'a' && s[i-1] <= 'z'
			lowerAfter := i > 0 && i+1 < len(s) && s[i+1] >= 'a' && s[i+1] <= 'z' && s[i-1] >= 'A' && s[i-1] <= 'Z'
			if lowerBefore || lowerAfter {
				b.WriteByte('_')
			}
			c += 'a' - 'A'
		}
		b.WriteByte(c)
	}
	return b.String()
}

func (d *deserializer) entryPoint(in *spv.Instruction) error {
	fnID := in.Operands[1].Value()
	sym, ok := d.symbols[fnID]
	if !ok || d.symKinds[fnID] != spv.OpFunction {
		return d.errorf("entry point %%%d is not a function", fnID)
	}
	var iface []ir.Attribute
	for _, o := range in.Operands[3:] {
		v, ok := d.symbols[o.Value()]
		if !ok || d.symKinds[o.Value()] != spv.OpVariable {
			return d.errorf("interface %%%d is not a global variable", o.Value())
		}
		iface = append(iface, d.ctx.SymbolRef(v))
	}
	st := &ir.OpState{Name: "spirv.EntryPoint", Loc: d.loc()}
	st.AddAttr("execution_model", spirv.Enum(d.ctx, spv.KindExecutionModel, in.Operands[0].Value()))
	st.AddAttr("fn", d.ctx.SymbolRef(sym))
	st.AddAttr("interface", d.ctx.ArrayAttr(iface...))
	d.body.Append(d.ctx.NewOp(st))
	return nil
}

func (d *deserializer) executionMode(in *spv.Instruction) error {
	fnID := in.Operands[0].Value()
	sym, ok := d.symbols[fnID]
	if !ok || d.symKinds[fnID] != spv.OpFunction {
		return d.errorf("execution mode target %%%d is not a function", fnID)
	}
	mode := in.Operands[1].Value()
	name := "spirv.ExecutionMode"
	var vals []ir.Attribute
	switch {
	case in.Opcode == spv.OpExecutionModeId && d.allSpecConstants(in.Operands[2:]):
		name = "spirv.ExecutionModeId"
		for _, o := range in.Operands[2:] {
			vals = append(vals, d.ctx.SymbolRef(d.symbols[o.Value()]))
		}
	case in.Opcode == spv.OpExecutionModeId:
		var err error
		if mode, vals, err = d.executionModeID(sym, mode, in.Operands[2:]); err != nil {
			return err
		}
	default:
		for _, o := range in.Operands[2:] {
			vals = append(vals, d.ctx.I32Attr(int64(int32(o.Value()))))
		}
	}
	st := &ir.OpState{Name: name, Loc: d.loc()}
	st.AddAttr("fn", d.ctx.SymbolRef(sym))
	st.AddAttr("execution_mode", spirv.Enum(d.ctx, spv.KindExecutionMode, mode))
	st.AddAttr("values", d.ctx.ArrayAttr(vals...))
	d.body.Append(d.ctx.NewOp(st))
	return nil
}

// allSpecConstants reports whether every operand is the id of a
// specialization constant (which spirv.ExecutionModeId names).
func (d *deserializer) allSpecConstants(ops []spv.Operand) bool {
	for _, o := range ops {
		if k := d.symKinds[o.Value()]; k != spv.OpSpecConstant && k != spv.OpSpecConstantComposite {
			return false
		}
	}
	return len(ops) > 0
}

// executionModeID re-expresses an OpExecutionModeId whose operands are not
// all specialization constants, which spirv.ExecutionModeId cannot name, as
// the mode of the same name without "Id" (LocalSizeId is LocalSize) with
// the values of its operands, which must be constants. LocalSizeId with
// spec constants, what glslang writes for local_size_x_id in SPIR-V 1.6,
// becomes LocalSize with their default values and a spec constant
// composite decorated WorkgroupSize, which takes precedence over it
// (SPIR-V spec, BuiltIn WorkgroupSize), as glslang writes before 1.6.
func (d *deserializer) executionModeID(fn string, mode uint32, params []spv.Operand) (uint32, []ir.Attribute, error) {
	name := spv.KindExecutionMode.Format(mode)
	lit := spv.KindExecutionMode.EnumerantByName(strings.TrimSuffix(name, "Id"))
	if lit == nil || lit.Name == name || len(lit.Parameters) != len(params) {
		return 0, nil, d.errorf("execution mode %s has no form with literal operands: not supported", name)
	}
	vals := make([]ir.Attribute, len(params))
	spec := false
	for i, o := range params {
		var v ir.Attribute
		if c, ok := d.consts[o.Value()]; ok {
			v = c.val
		} else if g := d.symOps[o.Value()]; g != nil && d.symKinds[o.Value()] == spv.OpSpecConstant {
			v, spec = g.Attr("default_value"), true
		}
		n, ok := v.(*ir.IntegerAttr)
		if !ok || n.Int() < 0 || n.Int() > math.MaxUint32 {
			return 0, nil, d.errorf("operand %%%d of execution mode %s is not an integer constant or spec constant", o.Value(), name)
		}
		vals[i] = d.ctx.I32Attr(int64(int32(n.Int())))
	}
	if !spec {
		return lit.Value, vals, nil
	}
	if spv.ExecutionMode(mode) != spv.ExecutionModeLocalSizeId {
		return 0, nil, d.errorf("execution mode %s with spec constant operands is not supported", name)
	}
	if err := d.workgroupSize(fn, params); err != nil {
		return 0, nil, err
	}
	return lit.Value, vals, nil
}

// workgroupSize declares the spec constant composite decorated
// WorkgroupSize of LocalSizeId's operands (see executionModeID).
func (d *deserializer) workgroupSize(fn string, params []spv.Operand) error {
	var parts []ir.Attribute
	var elem ir.Type
	for _, o := range params {
		sym, ok := d.symbols[o.Value()]
		var t ir.Type
		if c, isConst := d.consts[o.Value()]; isConst {
			sym, t = d.constantAsSpec(o.Value(), c), c.typ
		} else if ok {
			t = d.symOps[o.Value()].Attr("default_value").(ir.TypedAttr).Type()
		}
		if elem == nil {
			elem = t
		}
		if it, ok := t.(*ir.IntegerType); !ok || it.Width != 32 || t != elem {
			return d.errorf("LocalSizeId operands are not 32-bit integers of one type")
		}
		parts = append(parts, d.ctx.SymbolRef(sym))
	}
	name := "spirv_workgroup_size_" + fn
	for d.used[name] {
		name += "_"
	}
	d.used[name] = true
	st := &ir.OpState{Name: "spirv.SpecConstantComposite", Loc: d.loc()}
	st.AddAttr("sym_name", d.ctx.StringAttr(name))
	st.AddAttr("type", d.ctx.TypeAttr(d.ctx.Vector([]int64{3}, elem)))
	st.AddAttr("constituents", d.ctx.ArrayAttr(parts...))
	st.AddAttr("built_in", d.ctx.StringAttr(spv.KindBuiltIn.Format(uint32(spv.BuiltInWorkgroupSize))))
	d.body.Append(d.ctx.NewOp(st))
	return nil
}

// defined reports whether a module-level id has a definition already.
func (d *deserializer) defined(id uint32) bool {
	_, t := d.types[id]
	_, c := d.consts[id]
	_, s := d.symbols[id]
	_, u := d.undefs[id]
	_, e := d.extSets[id]
	_, o := d.specOps[id]
	_, r := d.replicates[id]
	return t || c || s || u || e || o || r
}
