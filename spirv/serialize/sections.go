package serialize

import (
	"github.com/kiln-gpu/kiln/spirv/spv"
)

// section is one part of the logical layout of a module (SPIR-V spec 2.4).
// The serializer writes each instruction into the buffer of its section, so
// the order of the binary is right whatever order the ops come in.
type section int

const (
	secCapability section = iota
	secExtension
	secExtInstImport
	secMemoryModel
	secEntryPoint
	secExecutionMode
	secString     // OpString
	secDebug      // OpSource, OpName, OpMemberName
	secAnnotation // OpDecorate, OpMemberDecorate
	secGlobal     // types, constants, global variables
	secFunction
	secGraphEntryPoint // SPV_ARM_graph: OpGraphEntryPointARM
	secGraph           // SPV_ARM_graph: graph definitions
	numSections
)

// sections holds one encoder per section.
type sections [numSections]spv.Encoder

// assemble returns the header and the sections in layout order.
func (s *sections) assemble(h spv.Header) ([]uint32, error) {
	n := 5
	for i := range s {
		n += s[i].Len()
	}
	out := make([]uint32, 0, n)
	out = append(out, h.Words()...)
	for i := range s {
		out = append(out, s[i].Words()...)
		if err := s[i].Err(); err != nil {
			return nil, err
		}
	}
	return out, nil
}
