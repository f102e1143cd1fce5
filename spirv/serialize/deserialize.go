package serialize

import (
	"errors"
	"fmt"
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
		extSets:     map[uint32]*spv.ExtInstSet{},
		names:       map[uint32]string{},
		decos:       map[uint32][]*spv.Instruction{},
		mdecos:      map[uint32][]*spv.Instruction{},
		types:       map[uint32]ir.Type{},
		consts:      map[uint32]constant{},
		symbols:     map[uint32]string{},
		symKinds:    map[uint32]spv.Opcode{},
		symOps:      map[uint32]*ir.Operation{},
		specOps:     map[uint32]*spv.Instruction{},
		specOfConst: map[uint32]string{},
		used:        map[string]bool{},
		undefs:      map[uint32]ir.Type{},

		constructOps: map[*ir.Operation]construct{},
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
	return ctx.NameLoc(file+":word "+strconv.Itoa(off), ctx.UnknownLoc())
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
	// opState and valueState are reused by newOp and value (NewOp copies
	// what they hold), saving the allocations of a fresh one per op.
	opState, valueState ir.OpState
	spareFn             *funcState // the last function's, reused by the next

	caps        []spv.Capability
	exts        []string
	addressing  uint32
	memoryModel uint32
	extSets     map[uint32]*spv.ExtInstSet
	names       map[uint32]string
	decos       map[uint32][]*spv.Instruction // OpDecorate by target
	mdecos      map[uint32][]*spv.Instruction // OpMemberDecorate by struct
	types       map[uint32]ir.Type
	forward     map[uint32]spv.StorageClass // OpTypeForwardPointer ids
	fwdTypes    map[uint32]ir.Type          // their types, known before their OpTypePointer
	consts      map[uint32]constant
	undefs      map[uint32]ir.Type
	symbols     map[uint32]string     // global variables, spec constants, functions
	symKinds    map[uint32]spv.Opcode // what defined each symbol
	symOps      map[uint32]*ir.Operation
	specOps     map[uint32]*spv.Instruction // OpSpecConstantOp, materialized at each use
	specOfConst map[uint32]string           // see constantAsSpec
	used        map[string]bool             // symbol names taken
	entryPoints []*spv.Instruction
	execModes   []*spv.Instruction

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

// loc is the location of the ops made from the current instruction: its
// word offset at module scope, the function's inside one (a location per
// instruction would cost a uniqued location per op).
func (d *deserializer) loc() ir.Location {
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
	for ; i < len(ins) && ins[i].Opcode != spv.OpFunction; i++ {
		d.cur = &ins[i]
		if err := d.global(d.cur); err != nil {
			return nil, err
		}
	}
	// Name every function first: calls may refer forward.
	for j := i; j < len(ins); j++ {
		if ins[j].Opcode == spv.OpFunction {
			d.cur = &ins[j]
			if _, dup := d.symbols[ins[j].Result]; dup {
				return nil, d.errorf("%%%d defined twice", ins[j].Result)
			}
			d.symbol(ins[j].Result, "spirv_fn")
		}
	}
	for i < len(ins) {
		n, err := d.function(ins[i:])
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
		if d.forward == nil {
			d.forward = map[uint32]spv.StorageClass{}
		}
		d.forward[ops[0].Value()] = spv.StorageClass(ops[1].Value())
	case spv.OpDecorate, spv.OpDecorateId:
		d.decos[ops[0].Value()] = append(d.decos[ops[0].Value()], in)
	case spv.OpMemberDecorate:
		d.mdecos[ops[0].Value()] = append(d.mdecos[ops[0].Value()], in)
	case spv.OpString, spv.OpSource, spv.OpSourceExtension, spv.OpSourceContinued, spv.OpMemberName,
		spv.OpModuleProcessed, spv.OpLine, spv.OpNoLine, spv.OpDecorationGroup, spv.OpGroupDecorate, spv.OpGroupMemberDecorate:
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
		case deco == spv.DecorationLinkageAttributes && len(params) == 2:
			st.AddAttr("linkage_attributes", spirv.Linkage(d.ctx, params[0].Str(), spv.LinkageType(params[1].Value())))
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
	if in.Opcode == spv.OpExecutionModeId {
		return d.errorf("not supported")
	}
	fnID := in.Operands[0].Value()
	sym, ok := d.symbols[fnID]
	if !ok || d.symKinds[fnID] != spv.OpFunction {
		return d.errorf("execution mode target %%%d is not a function", fnID)
	}
	var vals []ir.Attribute
	for _, o := range in.Operands[2:] {
		vals = append(vals, d.ctx.I32Attr(int64(int32(o.Value()))))
	}
	st := &ir.OpState{Name: "spirv.ExecutionMode", Loc: d.loc()}
	st.AddAttr("fn", d.ctx.SymbolRef(sym))
	st.AddAttr("execution_mode", spirv.Enum(d.ctx, spv.KindExecutionMode, in.Operands[1].Value()))
	st.AddAttr("values", d.ctx.ArrayAttr(vals...))
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
	return t || c || s || u || e || o
}
