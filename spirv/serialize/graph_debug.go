package serialize

import (
	"strconv"
	"strings"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/spirv/spv"
)

// Graph debug info, as MLIR writes it with Options.EmitDebugInfo: OpLine
// has no place in a graph, so the locations of a graph, its inputs and its
// ops travel as names, in the NonSemantic.Graph.DebugInfo.1 set: one
// DebugGraph per graph, one DebugTensor per input, one DebugOperation per
// name listing the instructions of the ops that bear it. They close the
// graph, before OpGraphEndARM; the deserializer gives each a NameLoc of
// its name.

// extGraphDebug is the NonSemantic.Graph.DebugInfo.1 set; the grammar
// tables Kiln generates do not hold it, and only its name is needed.
var extGraphDebug = &spv.ExtInstSet{Name: "NonSemantic.Graph.DebugInfo.1"}

// The instructions of NonSemantic.Graph.DebugInfo.1.
const (
	debugGraph     = 1 // Graph, Name
	debugOperation = 2 // DebugGraph, Name, Instructions...
	debugTensor    = 3 // Tensor, Name, Index?
)

// graphDebug collects a graph's debug info while the graph is written.
type graphDebug struct {
	graph  uint32
	name   string
	inputs []uint32 // OpGraphInputARM ids
	names  []string // of the inputs
	ops    []string // op names in first-use order
	insts  map[string][]uint32
}

// locName is the name a location gives a graph, input or op: a name, a
// file:line:col, a fused location's parts joined by ';'; "" for none.
func locName(l ir.Location) string {
	switch l := l.(type) {
	case *ir.NameLoc:
		return l.Name
	case *ir.FileLineColLoc:
		return l.File() + ":" + strconv.Itoa(int(l.Line)) + ":" + strconv.Itoa(int(l.Col))
	case *ir.CallSiteLoc:
		return locName(l.Callee)
	case *ir.FusedLoc:
		var parts []string
		for _, x := range l.Locs {
			if n := locName(x); n != "" {
				parts = append(parts, n)
			}
		}
		return strings.Join(parts, ";")
	}
	return ""
}

// addOp records the instructions of an op of the graph under its name.
func (g *graphDebug) addOp(s *serializer, op *ir.Operation) {
	n := locName(op.Loc())
	if n == "" || op.NumResults() == 0 {
		return
	}
	switch op.Name() {
	case "spirv.Constant", "spirv.ARM.GraphConstant":
		return // module-level instructions, shared by every use
	}
	if g.insts == nil {
		g.insts = map[string][]uint32{}
	}
	if _, ok := g.insts[n]; !ok {
		g.ops = append(g.ops, n)
	}
	for _, r := range op.Results() {
		if id, ok := s.values[r]; ok {
			g.insts[n] = append(g.insts[n], id)
		}
	}
}

// write emits the collected debug info into the graph being written.
func (g *graphDebug) write(s *serializer) error {
	void, err := s.typeID(s.ctx.None())
	if err != nil {
		return err
	}
	set := s.extImport(extGraphDebug)
	e := &s.sec[secFunction]
	inst := func(opc uint32, operands ...uint32) uint32 {
		id := s.newID()
		e.Op(spv.OpExtInst).Word(void, id, set, opc).Word(operands...)
		return id
	}
	dg := inst(debugGraph, g.graph, s.debugString(g.name))
	for i, in := range g.inputs {
		if g.names[i] != "" {
			inst(debugTensor, in, s.debugString(g.names[i]))
		}
	}
	for _, n := range g.ops {
		inst(debugOperation, append([]uint32{dg, s.debugString(n)}, g.insts[n]...)...)
	}
	return nil
}

// debugString returns the id of an OpString, writing it once.
func (s *serializer) debugString(str string) uint32 {
	if id, ok := s.strings[str]; ok {
		return id
	}
	if s.strings == nil {
		s.strings = map[string]uint32{}
	}
	id := s.newID()
	s.sec[secString].Op(spv.OpString).Word(id).Str(str)
	s.strings[str] = id
	return id
}

// graphDebugIn holds the debug info instructions of the graph being read,
// applied when it ends, whatever their order in it.
type graphDebugIn struct {
	ins []*spv.Instruction
}

// read checks and records one instruction of NonSemantic.Graph.DebugInfo.1.
func (g *graphDebugIn) read(d *deserializer, in *spv.Instruction) error {
	ops := in.Operands
	if len(ops) < 4 {
		return d.errorf("missing instruction number")
	}
	switch ops[3].Value() {
	case debugGraph, debugTensor, debugOperation:
	default:
		return d.errorf("instruction %d of %s is not a graph debug instruction", ops[3].Value(), extGraphDebug.Name)
	}
	// Each names something, then gives the name's OpString.
	if len(ops) < 6 {
		return d.errorf("%s instruction %d needs at least 2 operands", extGraphDebug.Name, ops[3].Value())
	}
	if _, ok := d.strings[ops[5].Value()]; !ok {
		return d.errorf("name %%%d is not an OpString", ops[5].Value())
	}
	g.ins = append(g.ins, in)
	return nil
}

// apply gives the graph, its inputs and its ops the names recorded.
func (g *graphDebugIn) apply(d *deserializer, graph *ir.Operation) {
	for _, in := range g.ins {
		ops := in.Operands
		name := d.strings[ops[5].Value()]
		if name == "" {
			continue
		}
		loc := d.ctx.NameLoc(name, nil)
		switch ops[3].Value() {
		case debugGraph:
			graph.SetLoc(loc)
		case debugTensor:
			if v, ok := d.fn.values[ops[4].Value()]; ok && v.IsBlockArgument() {
				v.SetLoc(loc)
			}
		case debugOperation:
			for _, o := range ops[6:] {
				if v, ok := d.fn.values[o.Value()]; ok && !v.IsBlockArgument() {
					v.DefiningOp().SetLoc(loc)
				}
			}
		}
	}
}
