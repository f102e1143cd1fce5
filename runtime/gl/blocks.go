package gl

// SPIR-V numbers splitSharedBlocks reads, from the SPIR-V 1.6 specification.
const (
	opName                = 5
	opMemberName          = 6
	opEntryPoint          = 15
	opTypeStruct          = 30
	opTypePointer         = 32
	opFunction            = 54
	opVariable            = 59
	opAccessChain         = 65
	opInBoundsAccessChain = 66
	opArrayLength         = 68
	opDecorate            = 71
	opMemberDecorate      = 72
	storageUniform        = 2
	storageStorageBuffer  = 12
)

// splitSharedBlocks gives every uniform and storage block variable a struct
// type of its own. SPIR-V lets two variables share one block type (Vulkan
// shaders written in assembly do, as does any module from a compiler that
// uniques types), but NVIDIA's GL driver names a block after its type and
// refuses to link two bindings of one name ("binding mismatch between
// shaders for SSBO"). The copy has the same members and decorations, so the
// module means the same; a variable used other than as the base of an access
// chain or by OpArrayLength keeps the shared type, since its pointer type
// must then match elsewhere. words must have passed compute.ParseModule; the
// module is returned unchanged when nothing is shared.
func splitSharedBlocks(words []uint32) []uint32 {
	type pointer struct{ storage, pointee uint32 }
	pointers := map[uint32]pointer{}
	structs := map[uint32][]uint32{} // struct id -> its member type ids
	var annotations [][]uint32       // OpDecorate and OpMemberDecorate
	annotationEnd := 0               // the word after the last annotation
	varUses := map[uint32]bool{}
	var blockVars [][2]uint32 // variable id, its pointer type
	safe := map[uint32]bool{} // variables used only as access chain bases
	for i := 5; i < len(words); {
		n, op := int(words[i]>>16), words[i]&0xffff
		ops := words[i+1 : i+n]
		switch op {
		case opTypeStruct:
			structs[ops[0]] = ops[1:]
		case opTypePointer:
			pointers[ops[0]] = pointer{ops[1], ops[2]}
		case opDecorate, opMemberDecorate:
			annotations = append(annotations, words[i:i+n])
			annotationEnd = i + n
		case opVariable:
			if p, ok := pointers[ops[0]]; ok && structs[p.pointee] != nil &&
				(ops[2] == storageUniform || ops[2] == storageStorageBuffer) {
				blockVars = append(blockVars, [2]uint32{ops[1], ops[0]})
				varUses[ops[1]] = true
				safe[ops[1]] = true
			}
		case opName, opMemberName, opEntryPoint:
			// Debug names and interface lists do not depend on the type.
		default:
			// An id equal to a variable's anywhere else but as an access chain's
			// base or OpArrayLength's structure may need the shared type (a
			// literal that happens to equal it only costs the split).
			for j, w := range ops {
				if !varUses[w] {
					continue
				}
				if j == 2 && (op == opAccessChain || op == opInBoundsAccessChain || op == opArrayLength) {
					continue
				}
				safe[w] = false
			}
		}
		i += n
	}
	seen := map[uint32]bool{}
	retype := map[uint32]uint32{}  // variable -> its new pointer type
	after := map[uint32][]uint32{} // pointer type -> new types to place after it
	var decos []uint32
	bound := words[3]
	for _, v := range blockVars {
		id, ptr := v[0], v[1]
		p := pointers[ptr]
		if !seen[p.pointee] {
			seen[p.pointee] = true
			continue
		}
		if !safe[id] {
			continue
		}
		s, np := bound, bound+1
		bound += 2
		members := structs[p.pointee]
		after[ptr] = append(after[ptr], uint32(len(members)+2)<<16|opTypeStruct, s)
		after[ptr] = append(after[ptr], members...)
		after[ptr] = append(after[ptr], 4<<16|opTypePointer, np, p.storage, s)
		for _, a := range annotations {
			if a[1] == p.pointee {
				decos = append(decos, a[0], s)
				decos = append(decos, a[2:]...)
			}
		}
		retype[id] = np
	}
	if len(retype) == 0 {
		return words
	}
	out := make([]uint32, 0, len(words)+len(decos)+16*len(retype))
	out = append(out, words[:5]...)
	out[3] = bound
	for i := 5; i < len(words); {
		n, op := int(words[i]>>16), words[i]&0xffff
		inst := words[i : i+n]
		if op == opVariable {
			if np, ok := retype[inst[2]]; ok {
				out = append(out, inst[0], np)
				out = append(out, inst[2:]...)
				i += n
				continue
			}
		}
		out = append(out, inst...)
		if op == opTypePointer {
			out = append(out, after[inst[1]]...)
		}
		i += n
		if i == annotationEnd {
			out = append(out, decos...)
		}
	}
	return out
}
