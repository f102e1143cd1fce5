package serialize

import (
	"slices"
	"sync"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/spirv"
	"github.com/kiln-gpu/kiln/spirv/spv"
)

// Generator is the header's generator word. Kiln has no tool id in
// Khronos' registry, and the spec allows 0 for that.
const Generator = 0

// Options are the serializer's choices beyond the module itself.
type Options struct {
	// VerifyAvailability makes an op, type or enum value that the module's
	// vce triple does not allow a diagnostic located at the op. Without it
	// the module is written as it is, as mlir-translate does (MLIR's
	// round-trip tests rely on that); spirv-val judges the binary.
	VerifyAvailability bool
	// EmitDebugInfo writes an OpLine before each op located in a file
	// (mlir-translate's --spirv-emit-debug-info).
	EmitDebugInfo bool
}

// Serialize turns a spirv.module op into SPIR-V words, as mlir-translate
// --serialize-spirv does. What has no SPIR-V form is a diagnostic located
// at the op.
func Serialize(module *ir.Operation) ([]uint32, error) {
	return SerializeWith(module, Options{})
}

// SerializeWith is Serialize with options.
func SerializeWith(module *ir.Operation, opts Options) ([]uint32, error) {
	if module.Name() != "spirv.module" {
		return nil, module.Errorf("expected a spirv.module, got '%s'", module.Name())
	}
	vce, ok := module.Attr("vce_triple").(*spirv.VCEAttr)
	if !ok {
		return nil, module.Errorf("cannot serialize a module without a vce triple ('requires #spirv.vce<...>')")
	}
	s := &serializer{
		ctx: module.Context(), module: module, vce: vce, debugInfo: opts.EmitDebugInfo,
		typeIDs:      map[ir.Type]uint32{},
		typeBusy:     map[ir.Type]bool{},
		typeKeys:     map[string]uint32{},
		constIDs:     map[constKey]uint32{},
		graphConsts:  map[constKey]uint32{},
		checked:      map[string][][]any{},
		symbols:      map[string]uint32{},
		symOps:       map[string]*ir.Operation{},
		values:       map[*ir.Value]uint32{},
		extImports:   map[string]uint32{},
		replicateIDs: map[constKey]uint32{},
		undefIDs:     map[ir.Type]uint32{},
	}
	if opts.VerifyAvailability {
		s.allowed = newAvailability(vce)
	}
	if err := s.writeModule(); err != nil {
		return nil, err
	}
	s.blockDecorations()
	return s.sec.assemble(spv.Header{Version: vce.Version, Generator: Generator, Bound: s.next + 1})
}

type serializer struct {
	ctx     *ir.Context
	module  *ir.Operation
	vce     *spirv.VCEAttr
	allowed *availability // nil: availability is not checked
	sec     sections
	next    uint32 // the last id given out

	typeIDs      map[ir.Type]uint32
	typeBusy     map[ir.Type]bool
	forwardPtrs  map[*spirv.StructType][]*spirv.PointerType // declared by OpTypeForwardPointer, awaiting their struct
	typeKeys     map[string]uint32
	constIDs     map[constKey]uint32
	graphConsts  map[constKey]uint32 // OpGraphConstantARM by id and type
	replicateIDs map[constKey]uint32 // OpConstantCompositeReplicateEXT
	undefIDs     map[ir.Type]uint32  // module-level OpUndef by type
	checked      map[string][][]any  // op signatures that passed available
	sig          []any               // available's buffer
	words        []uint32            // operandWords' buffer
	blockStructs []*spirv.StructType // reached through buffer pointers; see blockDecorations
	symbols      map[string]uint32   // global variables, spec constants, functions
	symOps       map[string]*ir.Operation
	values       map[*ir.Value]uint32
	extImports   map[string]uint32

	fn      *funcOut // the function being written
	spareFn *funcOut // the last one, whose maps the next reuses

	debugInfo  bool              // Options.EmitDebugInfo
	fileID     uint32            // the OpString of the module's file
	strings    map[string]uint32 // the OpStrings of graph debug info
	inGraph    bool              // writing a graph, where OpLine has no place
	afterMerge bool              // the last instruction written was a merge instruction
}

// debugLine writes an OpLine for loc, when it is a file location, into the
// section of the instruction that follows, as MLIR does. The instruction
// after a merge instruction gets none: it shares the construct's line.
func (s *serializer) debugLine(sec section, loc ir.Location) {
	if !s.debugInfo || s.inGraph {
		return
	}
	if s.afterMerge {
		s.afterMerge = false
		return
	}
	if f, ok := loc.(*ir.FileLineColLoc); ok {
		s.sec[sec].Op(spv.OpLine).Word(s.fileID, uint32(f.Line), uint32(f.Col))
	}
}

// mergeLine writes the OpLine of a construct's merge instruction.
func (s *serializer) mergeLine(c *ir.Operation) {
	s.debugLine(secFunction, c.Loc())
	s.afterMerge = s.debugInfo
}

// available checks what op needs (its instruction, enum values and types,
// from the spirv dialect's availability tables) against the vce triple.
// Ops of one signature need the same, so each signature is checked once.
func (s *serializer) available(op *ir.Operation) error {
	if s.allowed == nil {
		return nil
	}
	s.sig = signature(s.sig[:0], op)
	for _, seen := range s.checked[op.Name()] {
		if slices.Equal(seen, s.sig) {
			return nil
		}
	}
	if err := spirv.Availability(op).Check(s.vce.Version, s.vce.Capabilities, s.vce.Extensions); err != nil {
		return op.Errorf("is not available with the module's vce triple %s: %v", ir.AttrString(s.vce), err)
	}
	s.checked[op.Name()] = append(s.checked[op.Name()], slices.Clone(s.sig))
	return nil
}

// signature lists what spirv.Availability looks at: the types of operands
// and results, the enum and type attributes and built_in (all uniqued, so
// comparable; symbol names, which would make every signature new, are not
// looked at).
func signature(sig []any, op *ir.Operation) []any {
	for i := range op.NumOperands() {
		sig = append(sig, op.Operand(i).Type())
	}
	for i := range op.NumResults() {
		sig = append(sig, op.Result(i).Type())
	}
	for _, attrs := range [2][]ir.NamedAttr{op.Props(), op.DiscardableAttrs()} {
		for _, a := range attrs {
			switch a.Value.(type) {
			case *spirv.EnumAttr, *ir.TypeAttr:
				sig = append(sig, a.Value)
			case *ir.StringAttr:
				if a.Name == "built_in" {
					sig = append(sig, a.Value)
				}
			}
		}
	}
	return sig
}

func (s *serializer) newID() uint32 {
	s.next++
	return s.next
}

// at wraps an error about op as a diagnostic located at op.
func at(op *ir.Operation, err error) error {
	if err == nil {
		return nil
	}
	if _, ok := err.(*ir.Diagnostic); ok {
		return err
	}
	return op.Errorf("%v", err)
}

func (s *serializer) writeModule() error {
	for _, c := range s.vce.Capabilities {
		s.sec[secCapability].Op(spv.OpCapability).Word(uint32(c))
	}
	for _, e := range s.vce.Extensions {
		s.sec[secExtension].Op(spv.OpExtension).Str(e)
	}
	if s.debugInfo {
		if err := s.debugInfoHeader(); err != nil {
			return err
		}
	}
	am, ok1 := s.module.Attr("addressing_model").(*spirv.EnumAttr)
	mm, ok2 := s.module.Attr("memory_model").(*spirv.EnumAttr)
	if !ok1 || !ok2 {
		return s.module.Errorf("missing addressing or memory model")
	}
	if err := s.available(s.module); err != nil {
		return err
	}
	s.sec[secMemoryModel].Op(spv.OpMemoryModel).Word(am.Value, mm.Value)
	body := s.module.Region(0).Entry()
	if body == nil {
		return nil
	}
	// Symbols first: functions and variables may be used before their op.
	for op := range body.Ops() {
		if n, ok := op.Attr("sym_name").(*ir.StringAttr); ok {
			s.symbols[n.Value] = s.newID()
			s.symOps[n.Value] = op
		}
	}
	for op := range body.Ops() {
		var err error
		switch op.Name() {
		case "spirv.GlobalVariable":
			err = s.globalVariable(op)
		case "spirv.SpecConstant":
			err = s.specConstant(op)
		case "spirv.SpecConstantComposite":
			err = s.specConstantComposite(op)
		case "spirv.EXT.SpecConstantCompositeReplicate":
			err = s.specConstantCompositeReplicate(op)
		case "spirv.func":
			err = s.function(op)
		case "spirv.EntryPoint":
			err = s.entryPoint(op)
		case "spirv.ExecutionMode":
			err = s.executionMode(op)
		case "spirv.ExecutionModeId":
			err = s.executionModeID(op)
		case "spirv.ARM.Graph":
			err = s.graph(op)
		case "spirv.ARM.GraphEntryPoint":
			err = s.graphEntryPoint(op)
		default:
			err = op.Errorf("cannot serialize '%s' at module scope", op.Name())
		}
		if err != nil {
			return at(op, err)
		}
	}
	return nil
}

// debugInfoHeader declares what OpLine needs, as MLIR does: the
// SPV_KHR_non_semantic_info extension, which the target environment must
// allow when the vce triple does not list it, and the OpString of the
// module's file.
func (s *serializer) debugInfoHeader() error {
	const ext = "SPV_KHR_non_semantic_info"
	if !slices.Contains(s.vce.Extensions, ext) {
		env := spirv.LookupTargetEnv(s.module)
		if env == nil {
			env = spirv.DefaultTargetEnv(s.ctx)
		}
		if !slices.Contains(env.Extensions(), ext) {
			return s.module.Errorf("SPV_KHR_non_semantic_info extension not available")
		}
		s.sec[secExtension].Op(spv.OpExtension).Str(ext)
	}
	file := "<unknown>"
	if f, ok := s.module.Loc().(*ir.FileLineColLoc); ok {
		file = f.File()
	}
	s.fileID = s.newID()
	s.sec[secString].Op(spv.OpString).Word(s.fileID).Str(file)
	return nil
}

// symbolID returns the id of a module symbol an op refers to.
func (s *serializer) symbolID(op *ir.Operation, attr string) (uint32, string, error) {
	ref, ok := op.Attr(attr).(*ir.SymbolRefAttr)
	if !ok {
		return 0, "", op.Errorf("missing symbol reference '%s'", attr)
	}
	id, ok := s.symbols[ref.Root]
	if !ok {
		return 0, "", op.Errorf("'%s' refers to @%s, which the module does not define", attr, ref.Root)
	}
	return id, ref.Root, nil
}

func (s *serializer) name(id uint32, name string) {
	s.sec[secDebug].Op(spv.OpName).Word(id).Str(name)
}

func (s *serializer) decorate(id uint32, d spv.Decoration, params ...uint32) error {
	if err := s.allowed.enum(spv.KindDecoration, uint32(d)); err != nil {
		return err
	}
	s.sec[secAnnotation].Op(spv.OpDecorate).Word(id, uint32(d)).Word(params...)
	return nil
}

func symName(op *ir.Operation) string {
	n, _ := op.Attr("sym_name").(*ir.StringAttr)
	if n == nil {
		return ""
	}
	return n.Value
}

func (s *serializer) globalVariable(op *ir.Operation) error {
	ta, ok := op.Attr("type").(*ir.TypeAttr)
	if !ok {
		return op.Errorf("missing type")
	}
	ptr, ok := ta.Value.(*spirv.PointerType)
	if !ok {
		return op.Errorf("global variable type %s is not a pointer", ir.TypeString(ta.Value))
	}
	if err := s.available(op); err != nil {
		return err
	}
	tid, err := s.typeID(ptr)
	if err != nil {
		return err
	}
	name := symName(op)
	id := s.symbols[name]
	s.debugLine(secGlobal, op.Loc())
	e := &s.sec[secGlobal]
	e.Op(spv.OpVariable).Word(tid, id, uint32(ptr.StorageClass))
	if op.Attr("initializer") != nil {
		init, _, err := s.symbolID(op, "initializer")
		if err != nil {
			return err
		}
		e.Word(init)
	}
	s.name(id, name)
	return s.varDecorations(op, id)
}

// varDecorations writes a variable's decorations from its attributes.
func (s *serializer) varDecorations(op *ir.Operation, id uint32) error {
	for _, a := range op.Attrs() {
		switch a.Name {
		case "sym_name", "type", "initializer", "storage_class":
			continue
		case "cache_control_load_intel", "cache_control_store_intel":
			if err := s.cacheControls(op, id, a); err != nil {
				return err
			}
			continue
		case "descriptor_set", "binding":
			n, ok := a.Value.(*ir.IntegerAttr)
			if !ok {
				return op.Errorf("'%s' must be an integer", a.Name)
			}
			d := spv.DecorationBinding
			if a.Name == "descriptor_set" {
				d = spv.DecorationDescriptorSet
			}
			if err := s.decorate(id, d, uint32(n.Int())); err != nil {
				return err
			}
			continue
		case "built_in":
			str, ok := a.Value.(*ir.StringAttr)
			var b uint32
			if ok {
				b, ok = spirv.ParseEnum(spv.KindBuiltIn, str.Value)
			}
			if !ok {
				return op.Errorf("'built_in' is not a BuiltIn: %s", ir.AttrString(a.Value))
			}
			if err := s.decorate(id, spv.DecorationBuiltIn, b); err != nil {
				return err
			}
			continue
		case "linkage_attributes":
			l, ok := a.Value.(*spirv.LinkageAttr)
			if !ok {
				return op.Errorf("bad linkage attributes")
			}
			if err := s.allowed.enum(spv.KindDecoration, uint32(spv.DecorationLinkageAttributes)); err != nil {
				return err
			}
			s.sec[secAnnotation].Op(spv.OpDecorate).Word(id, uint32(spv.DecorationLinkageAttributes)).Str(l.Name).Word(uint32(l.Type))
			continue
		}
		if err := s.attrDecoration(op, id, a); err != nil {
			return err
		}
	}
	return nil
}

// resultDecorations writes the decorations of an ordinary op's result from
// its discardable attributes (no_signed_wrap, fp_fast_math_mode), as MLIR
// does.
func (s *serializer) resultDecorations(op *ir.Operation, id uint32) error {
	for _, a := range op.DiscardableAttrs() {
		if err := s.attrDecoration(op, id, a); err != nil {
			return err
		}
	}
	return nil
}

// attrDecoration writes the decoration that attribute a names: a unit
// attribute for one without a value, an integer or a SPIR-V enum
// (#spirv.fp_rounding_mode<RTE>) for one with. Other attributes have no
// place in SPIR-V and are left out.
func (s *serializer) attrDecoration(op *ir.Operation, id uint32, a ir.NamedAttr) error {
	d, ok := decorationByAttr(a.Name)
	if !ok {
		return nil
	}
	var params []uint32
	switch v := a.Value.(type) {
	case *ir.UnitAttr:
	case *ir.IntegerAttr:
		params = []uint32{uint32(v.Int())}
	case *spirv.EnumAttr:
		params = []uint32{v.Value}
	case *ir.SymbolRefAttr:
		// An id operand (AlignmentId, CounterBuffer): OpDecorateId.
		ref, ok := s.symbols[v.Root]
		if !ok {
			return op.Errorf("decoration attribute '%s' refers to @%s, which the module does not define", a.Name, v.Root)
		}
		if err := s.allowed.enum(spv.KindDecoration, uint32(d)); err != nil {
			return err
		}
		s.sec[secAnnotation].Op(spv.OpDecorateId).Word(id, uint32(d), ref)
		return nil
	default:
		return op.Errorf("decoration attribute '%s' must be unit, an integer, a SPIR-V enum or a symbol", a.Name)
	}
	return s.decorate(id, d, params...)
}

// cacheControls writes one CacheControlLoadINTEL or CacheControlStoreINTEL
// decoration per entry of a's list, with MLIR's diagnostics.
func (s *serializer) cacheControls(op *ir.Operation, id uint32, a ir.NamedAttr) error {
	d, store := spv.DecorationCacheControlLoadINTEL, false
	if a.Name == "cache_control_store_intel" {
		d, store = spv.DecorationCacheControlStoreINTEL, true
	}
	name := spv.KindDecoration.Format(uint32(d))
	arr, ok := a.Value.(*ir.ArrayAttr)
	if !ok {
		return op.Errorf("expecting array attribute of %s for %s", name, name)
	}
	if len(arr.Elems) == 0 {
		return op.Errorf("expecting non-empty array attribute of %s for %s", name, name)
	}
	for _, e := range arr.Elems {
		c, ok := e.(*spirv.CacheControlAttr)
		if !ok || c.Store != store {
			return op.Errorf("expecting array attribute of %s for %s", name, name)
		}
	}
	for _, e := range arr.Elems {
		c := e.(*spirv.CacheControlAttr)
		if err := s.decorate(id, d, c.Level, c.Control); err != nil {
			return err
		}
	}
	return nil
}

// decorationsByAttr maps MLIR's attribute names of decorations
// (non_writable) to them.
var decorationsByAttr = sync.OnceValue(func() map[string]spv.Decoration {
	m := map[string]spv.Decoration{}
	for _, e := range spv.KindDecoration.Enumerants {
		m[snake(e.Name)] = spv.Decoration(e.Value)
	}
	return m
})

func decorationByAttr(name string) (spv.Decoration, bool) {
	d, ok := decorationsByAttr()[name]
	return d, ok
}

func (s *serializer) specConstant(op *ir.Operation) error {
	v, ok := op.Attr("default_value").(ir.TypedAttr)
	if !ok {
		return op.Errorf("missing default_value")
	}
	t := v.Type()
	if err := s.available(op); err != nil {
		return err
	}
	tid, err := s.typeID(t)
	if err != nil {
		return err
	}
	opc, words, err := s.constantWords(v, t)
	if err != nil {
		return err
	}
	switch opc {
	case spv.OpConstantTrue:
		opc = spv.OpSpecConstantTrue
	case spv.OpConstantFalse:
		opc = spv.OpSpecConstantFalse
	case spv.OpConstant:
		opc = spv.OpSpecConstant
	default:
		return op.Errorf("spec constant of type %s is not a scalar", ir.TypeString(t))
	}
	name := symName(op)
	id := s.symbols[name]
	s.sec[secGlobal].Op(opc).Word(tid, id).Word(words...)
	s.name(id, name)
	if sid, ok := op.Attr("spec_id").(*ir.IntegerAttr); ok {
		return s.decorate(id, spv.DecorationSpecId, uint32(sid.Int()))
	}
	return nil
}

func (s *serializer) specConstantComposite(op *ir.Operation) error {
	ta, ok := op.Attr("type").(*ir.TypeAttr)
	parts, ok2 := op.Attr("constituents").(*ir.ArrayAttr)
	if !ok || !ok2 {
		return op.Errorf("missing type or constituents")
	}
	tid, err := s.typeID(ta.Value)
	if err != nil {
		return err
	}
	name := symName(op)
	id := s.symbols[name]
	e := &s.sec[secGlobal]
	var ids []uint32
	for _, p := range parts.Elems {
		ref, ok := p.(*ir.SymbolRefAttr)
		if !ok || s.symbols[ref.Root] == 0 {
			return op.Errorf("constituent %s is not a spec constant of the module", ir.AttrString(p))
		}
		ids = append(ids, s.symbols[ref.Root])
	}
	e.Op(spv.OpSpecConstantComposite).Word(tid, id).Word(ids...)
	s.name(id, name)
	return s.varDecorations(op, id)
}

func (s *serializer) entryPoint(op *ir.Operation) error {
	model, ok := op.Attr("execution_model").(*spirv.EnumAttr)
	if !ok {
		return op.Errorf("missing execution_model")
	}
	if err := s.available(op); err != nil {
		return err
	}
	fid, fname, err := s.symbolID(op, "fn")
	if err != nil {
		return err
	}
	iface, err := s.interfaceIDs(op)
	if err != nil {
		return err
	}
	s.sec[secEntryPoint].Op(spv.OpEntryPoint).Word(model.Value, fid).Str(fname).Word(iface...)
	return nil
}

// interfaceIDs are the ids of an entry point's interface variables.
func (s *serializer) interfaceIDs(op *ir.Operation) ([]uint32, error) {
	var iface []uint32
	if l, ok := op.Attr("interface").(*ir.ArrayAttr); ok {
		for _, a := range l.Elems {
			ref, ok := a.(*ir.SymbolRefAttr)
			if !ok || s.symbols[ref.Root] == 0 {
				return nil, op.Errorf("interface %s is not a variable of the module", ir.AttrString(a))
			}
			iface = append(iface, s.symbols[ref.Root])
		}
	}
	return iface, nil
}

// executionModeOf is the mode of a spirv.ExecutionMode(Id) and the id of
// its function.
func (s *serializer) executionModeOf(op *ir.Operation) (*spirv.EnumAttr, uint32, error) {
	mode, ok := op.Attr("execution_mode").(*spirv.EnumAttr)
	if !ok {
		return nil, 0, op.Errorf("missing execution_mode")
	}
	if err := s.available(op); err != nil {
		return nil, 0, err
	}
	fid, _, err := s.symbolID(op, "fn")
	return mode, fid, err
}

// executionModeID writes OpExecutionModeId with the ids of the
// specialization constants the op names.
func (s *serializer) executionModeID(op *ir.Operation) error {
	mode, fid, err := s.executionModeOf(op)
	if err != nil {
		return err
	}
	l, _ := op.Attr("values").(*ir.ArrayAttr)
	if l == nil {
		return op.Errorf("missing values")
	}
	ids := make([]uint32, len(l.Elems))
	for i, a := range l.Elems {
		ref, ok := a.(*ir.SymbolRefAttr)
		var c *ir.Operation
		if ok {
			c = ir.LookupSymbol(s.module, ref.Root)
		}
		if c == nil || (c.Name() != "spirv.SpecConstant" && c.Name() != "spirv.SpecConstantComposite") {
			return op.Errorf("execution mode operand %s is not a specialization constant of the module", ir.AttrString(a))
		}
		ids[i] = s.symbols[ref.Root]
	}
	s.sec[secExecutionMode].Op(spv.OpExecutionModeId).Word(fid, mode.Value).Word(ids...)
	return nil
}

func (s *serializer) executionMode(op *ir.Operation) error {
	mode, fid, err := s.executionModeOf(op)
	if err != nil {
		return err
	}
	e := &s.sec[secExecutionMode]
	e.Op(spv.OpExecutionMode).Word(fid, mode.Value)
	if l, ok := op.Attr("values").(*ir.ArrayAttr); ok {
		for _, a := range l.Elems {
			n, ok := a.(*ir.IntegerAttr)
			if !ok {
				return op.Errorf("execution mode value %s is not an integer", ir.AttrString(a))
			}
			e.Word(uint32(n.Int()))
		}
	}
	return nil
}
