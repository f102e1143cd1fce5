package spv

// Opcode is the 16-bit number of a core SPIR-V instruction.
type Opcode uint16

// OpcodeInfo is the grammar's entry for one opcode.
type OpcodeInfo struct {
	Name    string   // "OpIAdd"
	Opcode  Opcode   // 128
	Class   string   // the grammar's instruction class: "Arithmetic", "Memory", ...
	Aliases []string // other names of the same opcode: "OpSDotKHR" for OpSDot
	// Operands lists the logical operands in order, the result type and
	// result id included.
	Operands []OperandSpec
	Availability
}

// ResultTypeIndex returns the index in Operands of the result type, or -1.
func (o *OpcodeInfo) ResultTypeIndex() int { return o.operandIndex(KindIdResultType) }

// ResultIndex returns the index in Operands of the result id, or -1.
func (o *OpcodeInfo) ResultIndex() int { return o.operandIndex(KindIdResult) }

func (o *OpcodeInfo) operandIndex(k *OperandKind) int {
	for i, spec := range o.Operands {
		if spec.Kind == k {
			return i
		}
	}
	return -1
}

// OperandSpec is one logical operand of an instruction, of an extended
// instruction, or one parameter of an enumerant.
type OperandSpec struct {
	Kind       *OperandKind
	Name       string // the grammar's description, "Pointer"; often empty
	Quantifier Quantifier
}

// Quantifier says how many times an operand occurs.
type Quantifier uint8

const (
	One      Quantifier = iota // exactly once
	Optional                   // zero or one time (the grammar's "?")
	Variadic                   // zero or more times (the grammar's "*")
)

// String returns the grammar's spelling: "", "?" or "*".
func (q Quantifier) String() string { return [...]string{"", "?", "*"}[q] }

// Category classifies operand kinds as the grammar does.
type Category uint8

const (
	CategoryBitEnum   Category = iota // a mask of named bits: MemoryAccess
	CategoryValueEnum                 // one named value: StorageClass
	CategoryID                        // an <id>: IdRef, IdResult
	CategoryLiteral                   // a literal: LiteralInteger, LiteralString
	CategoryComposite                 // a tuple of other kinds: PairIdRefIdRef
)

// String returns the grammar's name of the category.
func (c Category) String() string {
	return [...]string{"BitEnum", "ValueEnum", "Id", "Literal", "Composite"}[c]
}

// OperandKind is the grammar's entry for one operand kind.
type OperandKind struct {
	Name     string // "StorageClass", "IdRef"
	Category Category
	Doc      string // the grammar's description, for Id and Literal kinds
	// Enumerants of BitEnum and ValueEnum kinds, one per value, sorted by
	// value. For bit enums each value is a single bit, or zero.
	Enumerants []Enumerant
	Bases      []*OperandKind // Composite kinds: the kinds of the parts in order
}

// IsEnum reports whether k is a bit enum or a value enum.
func (k *OperandKind) IsEnum() bool {
	return k.Category == CategoryBitEnum || k.Category == CategoryValueEnum
}

// Enumerant is one named value of an enum kind.
type Enumerant struct {
	Name    string // the canonical name: "StorageBuffer"
	Value   uint32
	Aliases []string // other names of the same value
	// Parameters are the operands that follow an operand with this value
	// (Decoration Binding is followed by a LiteralInteger).
	Parameters []OperandSpec
	// Availability says what allows the value. For enumerants of the
	// Capability kind, Capabilities are the ones it implicitly declares.
	Availability
}

// ExtInstSet is an extended instruction set: what OpExtInstImport names.
type ExtInstSet struct {
	Name              string // the import name, "GLSL.std.450"
	Version, Revision int    // of the set's grammar
	Instructions      []ExtInstInfo
}

// ExtInstInfo is the grammar's entry for one extended instruction.
type ExtInstInfo struct {
	Name     string // "Sqrt", "s_abs"
	Number   uint32
	Operands []OperandSpec // the operands after OpExtInst's Instruction operand
	Availability
}

// generatorTool is one registered writer of SPIR-V modules.
type generatorTool struct {
	ID           uint16
	Vendor, Tool string
}
