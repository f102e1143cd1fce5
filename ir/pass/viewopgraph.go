package pass

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/kiln-gpu/kiln/ir"
)

// ViewOpGraph returns the view-op-graph pass: as MLIR's, it writes a
// Graphviz (DOT) graph of the op to the report output (stderr in kiln
// opt): ops without regions are record nodes with operand and result
// ports, colored by op name; an op with regions is a cluster holding a
// cluster per block between an input bar (its operands) and an output bar
// (its results); data flow edges go from result ports to operand ports,
// the uses of a region op's operands inside it from its input bar, and
// control flow edges (dashed) join the consecutive ops of a block.
func ViewOpGraph() *Pass {
	return &Pass{
		Name:     "ViewOpGraphPass",
		Argument: "view-op-graph",
		Summary:  "Print Graphviz visualization of an operation",
		Options: []Option{
			{Name: "max-label-len", Kind: UnsignedOption, Default: "20", Help: "Limit attribute/type length to number of chars"},
			{Name: "print-attrs", Kind: BoolOption, Default: "true", Help: "Print attributes of operations"},
			{Name: "print-control-flow-edges", Kind: BoolOption, Default: "false", Help: "Print control flow edges"},
			{Name: "print-data-flow-edges", Kind: BoolOption, Default: "true", Help: "Print data flow edges"},
			{Name: "print-result-types", Kind: BoolOption, Default: "true", Help: "Print result types of operations"},
		},
		Run: func(op *ir.Operation, pc *Context) error {
			top := op
			for top.ParentOp() != nil {
				top = top.ParentOp()
			}
			g := &opGraph{
				maxLabelLen:  pc.Options.Int("max-label-len"),
				attrs:        pc.Options.Bool("print-attrs"),
				controlFlow:  pc.Options.Bool("print-control-flow-edges"),
				dataFlow:     pc.Options.Bool("print-data-flow-edges"),
				resultTypes:  pc.Options.Bool("print-result-types"),
				names:        ir.NewValueNamer(top),
				colors:       map[string]string{},
				valueToNode:  map[*ir.Value]graphNode{},
				valueToInput: map[*ir.Value]inputBarPort{},
			}
			g.colorOps(op)
			g.line("digraph G {")
			g.indent++
			g.line("compound = true;")
			g.processOp(op)
			g.emitAllEdges()
			g.indent--
			g.line("}")
			pc.Report(g.b.String())
			return nil
		},
	}
}

// graphNode is a DOT node; in a cluster (a block's anchor) edges to it
// are clipped at the cluster's box.
type graphNode struct {
	id      int
	cluster int // 0 when none
}

type inputBarPort struct {
	bar  graphNode
	port string
}

// dataFlowEdge is an edge from the node of value (or from source, a
// region op's input bar, at its arg port) to node, kept until all nodes
// are out.
type dataFlowEdge struct {
	value            *ir.Value
	node             graphNode
	srcPort, dstPort string
	source           *graphNode
	sourceUsesArg    bool
}

type blockNodes struct{ anchor, last graphNode }

type opGraph struct {
	b                                         strings.Builder
	indent                                    int
	maxLabelLen                               int
	attrs, controlFlow, dataFlow, resultTypes bool
	names                                     *ir.ValueNamer
	colors                                    map[string]string
	valueToNode                               map[*ir.Value]graphNode
	valueToInput                              map[*ir.Value]inputBarPort
	dataFlowEdges                             []dataFlowEdge
	edges                                     []string
	counter                                   int
}

func (g *opGraph) line(s string) {
	g.b.WriteString(strings.Repeat("  ", g.indent))
	g.b.WriteString(s)
	g.b.WriteByte('\n')
}

// colorOps gives each op name a hue, in the order a post-order walk meets
// the names, as MLIR's initColorMapping.
func (g *opGraph) colorOps(root *ir.Operation) {
	var names []string
	root.Walk(func(op *ir.Operation) bool {
		if _, ok := g.colors[op.Name()]; !ok {
			g.colors[op.Name()] = ""
			names = append(names, op.Name())
		}
		return true
	})
	for i, n := range names {
		g.colors[n] = strconv.FormatFloat(float64(i)/float64(len(names)), 'f', 6, 64) + " 0.3 0.95"
	}
}

// attrList writes [key = value, ...] with the keys sorted, as MLIR's
// std::map.
func attrList(attrs map[string]string) string {
	keys := make([]string, 0, len(attrs))
	for k := range attrs {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = k + " = " + attrs[k]
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

func quote(s string) string { return `"` + s + `"` }

// escapeLabel escapes what a record label gives meaning to.
func escapeLabel(s string) string {
	var b strings.Builder
	for _, c := range []byte(s) {
		if strings.IndexByte("{|<}>\n\"", c) >= 0 {
			b.WriteByte('\\')
		}
		b.WriteByte(c)
	}
	return b.String()
}

func (g *opGraph) truncate(s string) string {
	if len(s) <= g.maxLabelLen {
		return s
	}
	return s[:g.maxLabelLen] + "..."
}

func (g *opGraph) emitNode(label, shape, background string) graphNode {
	g.counter++
	attrs := map[string]string{"label": quote(label), "shape": shape}
	if background != "" {
		attrs["style"] = "filled"
		attrs["fillcolor"] = quote(background)
	}
	g.line(fmt.Sprintf("v%d %s;", g.counter, attrList(attrs)))
	return graphNode{id: g.counter}
}

// emitCluster writes a cluster (a block's) with an invisible anchor node
// edges can point at, and returns the anchor.
func (g *opGraph) emitCluster(body func(), label string) graphNode {
	g.counter++
	cluster := g.counter
	g.line(fmt.Sprintf("subgraph cluster_%d {", cluster))
	g.indent++
	anchor := g.emitNode(" ", "plain", "")
	g.line("label = " + quote(label) + ";")
	body()
	g.indent--
	g.line("}")
	return graphNode{id: anchor.id, cluster: cluster}
}

func (g *opGraph) emitEdge(from, to graphNode, srcPort, dstPort, style string, sourceUsesArg bool) {
	attrs := map[string]string{"style": style}
	if from.cluster != 0 {
		attrs["ltail"] = "cluster_" + strconv.Itoa(from.cluster)
	}
	if to.cluster != 0 {
		attrs["lhead"] = "cluster_" + strconv.Itoa(to.cluster)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "v%d", from.id)
	if srcPort != "" && from.cluster == 0 {
		if sourceUsesArg {
			b.WriteString(":arg")
		} else {
			b.WriteString(":res")
		}
		b.WriteString(srcPort + ":s")
	}
	fmt.Fprintf(&b, " -> v%d", to.id)
	if dstPort != "" && to.cluster == 0 {
		b.WriteString(":arg" + dstPort + ":n")
	}
	b.WriteString(attrList(attrs))
	g.edges = append(g.edges, b.String())
}

func (g *opGraph) emitAllEdges() {
	if g.dataFlow {
		for _, e := range g.dataFlowEdges {
			source := g.valueToNode[e.value]
			if e.source != nil {
				source = *e.source
			}
			g.emitEdge(source, e.node, e.srcPort, e.dstPort, "solid", e.sourceUsesArg)
		}
	}
	for _, e := range g.edges {
		g.line(e + ";")
	}
	g.edges = nil
}

// valuePort is a value's name with % and # made _.
func (g *opGraph) valuePort(v *ir.Value) string {
	return strings.NewReplacer("%", "_", "#", "_").Replace(g.names.Name(v))
}

// operandPort is operand i's port, suffixed with i when the op uses the
// value more than once.
func (g *opGraph) operandPort(op *ir.Operation, i int) string {
	v := op.Operands()[i]
	name := g.valuePort(v)
	n := 0
	for _, w := range op.Operands() {
		if w == v {
			n++
		}
	}
	if n > 1 {
		name += "_" + strconv.Itoa(i)
	}
	return name
}

func (g *opGraph) mlirType(t ir.Type) string { return escapeLabel(g.truncate(ir.TypeString(t))) }

// mlirAttr prints an attribute, large ones elided, as MLIR's emitMlirAttr.
func (g *opGraph) mlirAttr(a ir.Attribute) string {
	const limit = 16 // the printer's default for eliding large elements
	if d, ok := a.(*ir.DenseElementsAttr); ok && d.IsSplat() {
		return escapeLabel(ir.AttrString(a))
	}
	switch a.(type) {
	case *ir.DenseElementsAttr, *ir.DenseResourceElementsAttr, *ir.SparseElementsAttr:
		t := a.(ir.TypedAttr).Type()
		if st, ok := t.(ir.ShapedType); ok && ir.NumElements(st) > limit {
			rank := len(st.Shape())
			return strings.Repeat("[", rank) + "..." + strings.Repeat("]", rank) + " : " + g.mlirType(t)
		}
	}
	if arr, ok := a.(*ir.ArrayAttr); ok && len(arr.Elems) > limit {
		return "[...]"
	}
	return escapeLabel(g.truncate(ir.AttrString(a)))
}

// sortedAttrs are op's attributes, inherent and discardable, by name.
func sortedAttrs(op *ir.Operation) []ir.NamedAttr {
	attrs := op.Attrs()
	slices.SortFunc(attrs, func(a, b ir.NamedAttr) int { return strings.Compare(a.Name, b.Name) })
	return attrs
}

func (g *opGraph) operandPorts(b *strings.Builder, op *ir.Operation) {
	for i, v := range op.Operands() {
		if i > 0 {
			b.WriteByte('|')
		}
		b.WriteString("<arg" + g.operandPort(op, i) + "> " + g.names.Name(v))
	}
}

func (g *opGraph) resultPorts(b *strings.Builder, op *ir.Operation) {
	for i, v := range op.Results() {
		if i > 0 {
			b.WriteByte('|')
		}
		b.WriteString("<res" + g.valuePort(v) + "> " + g.names.Name(v))
		if g.resultTypes {
			b.WriteString(" " + g.mlirType(v.Type()))
		}
	}
}

func (g *opGraph) recordLabel(op *ir.Operation) string {
	var b strings.Builder
	b.WriteByte('{')
	if len(op.Operands()) > 0 {
		b.WriteByte('{')
		g.operandPorts(&b, op)
		b.WriteString("}|")
	}
	b.WriteString(op.Name() + `\l`)
	if attrs := sortedAttrs(op); g.attrs && len(attrs) > 0 {
		b.WriteString(`\l`)
		for _, a := range attrs {
			b.WriteString(a.Name + ": " + g.mlirAttr(a.Value) + `\l`)
		}
	}
	if len(op.Results()) > 0 {
		b.WriteString("|{")
		g.resultPorts(&b, op)
		b.WriteByte('}')
	}
	b.WriteByte('}')
	return b.String()
}

func (g *opGraph) clusterLabel(op *ir.Operation) string {
	var b strings.Builder
	b.WriteString(op.Name() + `\l`)
	if g.attrs {
		for _, a := range sortedAttrs(op) {
			b.WriteString(escapeLabel(a.Name) + ": " + g.mlirAttr(a.Value) + `\l`)
		}
	}
	return b.String()
}

func (g *opGraph) processBlock(b *ir.Block) blockNodes {
	var last graphNode
	hasLast := false
	anchor := g.emitCluster(func() {
		for _, a := range b.Args() {
			label := "<res" + g.valuePort(a) + "> " + g.names.Name(a)
			if g.resultTypes {
				label += " " + g.mlirType(a.Type())
			}
			g.valueToNode[a] = g.emitNode(label, "Mrecord", "")
		}
		var prev *graphNode
		for o := range b.Ops() {
			next := g.processOp(o)
			if g.controlFlow && prev != nil {
				g.emitEdge(*prev, next, "", "", "dashed", false)
			}
			prev = &next
			last, hasLast = next, true
		}
	}, "")
	if !hasLast {
		last = anchor
	}
	return blockNodes{anchor, last}
}

// regionOpCluster writes the cluster of an op with regions and returns
// its input and output nodes (bars, or invisible anchors).
func (g *opGraph) regionOpCluster(op *ir.Operation) (in, out graphNode) {
	g.counter++
	g.line(fmt.Sprintf("subgraph cluster_%d {", g.counter))
	g.indent++
	g.line(`labeljust = "l";`)
	g.line(`labelloc = "t";`)
	g.line("label = " + quote(g.clusterLabel(op)) + ";")
	if len(op.Operands()) > 0 {
		var b strings.Builder
		b.WriteString("operands|")
		g.operandPorts(&b, op)
		in = g.emitNode(b.String(), "Mrecord", g.colors[op.Name()])
	} else {
		in = g.emitNode(" ", "plain", "")
	}
	// Uses of the operands inside go through the input bar.
	type saved struct {
		v    *ir.Value
		port inputBarPort
		had  bool
	}
	var restore []saved
	for i, v := range op.Operands() {
		p, had := g.valueToInput[v]
		restore = append(restore, saved{v, p, had})
		g.valueToInput[v] = inputBarPort{in, g.operandPort(op, i)}
	}
	var blocks []blockNodes
	for _, r := range op.Regions() {
		for b := range r.Blocks() {
			blocks = append(blocks, g.processBlock(b))
		}
	}
	for _, s := range slices.Backward(restore) {
		if s.had {
			g.valueToInput[s.v] = s.port
		} else {
			delete(g.valueToInput, s.v)
		}
	}
	if len(op.Results()) > 0 {
		var b strings.Builder
		b.WriteString("results|")
		g.resultPorts(&b, op)
		out = g.emitNode(b.String(), "Mrecord", g.colors[op.Name()])
	} else {
		out = g.emitNode(" ", "plain", "")
	}
	invisible := func(from, to graphNode) {
		g.line(fmt.Sprintf("v%d -> v%d%s;", from.id, to.id, attrList(map[string]string{"style": "invis"})))
	}
	if len(blocks) == 0 {
		invisible(in, out)
	}
	for _, b := range blocks {
		invisible(in, b.anchor)
		invisible(b.last, out)
	}
	g.indent--
	g.line("}")
	return in, out
}

// processOp writes op's node or cluster and returns the node taking its
// operands.
func (g *opGraph) processOp(op *ir.Operation) graphNode {
	var sink, source graphNode
	if op.NumRegions() > 0 {
		sink, source = g.regionOpCluster(op)
	} else {
		sink = g.emitNode(g.recordLabel(op), "Mrecord", g.colors[op.Name()])
		source = sink
	}
	if g.dataFlow {
		for i, v := range op.Operands() {
			dst := g.operandPort(op, i)
			if in, ok := g.valueToInput[v]; ok {
				bar := in.bar
				g.dataFlowEdges = append(g.dataFlowEdges, dataFlowEdge{value: v, node: sink, srcPort: in.port, dstPort: dst, source: &bar, sourceUsesArg: true})
			} else {
				g.dataFlowEdges = append(g.dataFlowEdges, dataFlowEdge{value: v, node: sink, srcPort: g.valuePort(v), dstPort: dst})
			}
		}
	}
	for _, v := range op.Results() {
		g.valueToNode[v] = source
	}
	return sink
}
