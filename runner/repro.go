package runner

import (
	"encoding/binary"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/kiln-gpu/kiln"
	"github.com/kiln-gpu/kiln/interp"
	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/spirv/spv"
)

// reproArg is one bound kernel argument of a launch to reproduce: its
// binding, its type and its bytes before the launch and after the
// reference ran it (nil when the reference did not change it).
type reproArg struct {
	am          kiln.Binding
	elem        ir.Type
	narrow      bool // index elements narrowed to 32 bits
	input, want []byte
	tol         tolerance // of the argument's floats
}

// writeRepro writes an AmberScript file that reproduces a launch without
// Kiln: the kernel's SPIR-V assembly, its input buffers, the dispatch and
// EXPECT lines holding the reference interpreter's results. It returns
// the file's path.
func writeRepro(dir string, launch int, fn *ir.Operation, c *kiln.Module, km *kiln.Kernel, grid [3]int64, args []reproArg) (string, error) {
	asm, err := spv.Disassemble(c.Words, spv.DisasmOptions{})
	if err != nil {
		return "", err
	}
	var b strings.Builder
	fmt.Fprintf(&b, "#!amber\n# Launch %d of kernel %s, written by kiln's --save-repro:\n", launch, kernelName(fn))
	b.WriteString("# the EXPECT lines hold Kiln's reference interpreter's results, with the\n# tolerance Vulkan's precision table gives the operations each comes from:\n")
	for i, a := range args {
		if a.want != nil {
			fmt.Fprintf(&b, "#   arg%d: %s\n", i, a.tol.why)
		}
	}
	b.WriteString("\n")
	fmt.Fprintf(&b, "SHADER compute kernel SPIRV-ASM TARGET_ENV spv%d.%d\n%sEND\n\n", c.Words[1]>>16, c.Words[1]>>8&0xff, asm)
	for i, a := range args {
		typ := reproType(a.elem, a.narrow)
		fmt.Fprintf(&b, "BUFFER arg%d DATA_TYPE %s DATA\n%s\nEND\n", i, typ, reproValues(a.elem, a.narrow, a.input))
	}
	b.WriteString("\nPIPELINE compute pipeline\n")
	fmt.Fprintf(&b, "  ATTACH kernel ENTRY_POINT %s\n", km.Entry)
	for i, a := range args {
		class := "storage"
		if a.am.StorageClass == "Uniform" {
			class = "uniform"
		}
		fmt.Fprintf(&b, "  BIND BUFFER arg%d AS %s DESCRIPTOR_SET %d BINDING %d\n", i, class, a.am.Set, a.am.Binding)
	}
	fmt.Fprintf(&b, "END\n\nRUN pipeline %d %d %d\n\n", grid[0], grid[1], grid[2])
	for i, a := range args {
		if a.want == nil {
			continue
		}
		tolerance := ""
		if ft, ok := a.elem.(*ir.FloatType); ok {
			tolerance = reproTolerance(ft, a.tol, a.want)
		}
		fmt.Fprintf(&b, "EXPECT arg%d IDX 0%s EQ %s\n", i, tolerance, strings.ReplaceAll(reproValues(a.elem, a.narrow, a.want), "\n", " "))
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	name := strings.NewReplacer("@", "", "::", "-").Replace(kernelName(fn))
	path := filepath.Join(dir, fmt.Sprintf("%s-launch%d.amber", name, launch))
	return path, os.WriteFile(path, []byte(b.String()), 0o644)
}

// reproType is the AmberScript data type of elements of type t.
func reproType(t ir.Type, narrow bool) string {
	switch t := t.(type) {
	case *ir.IndexType:
		if narrow {
			return "int32"
		}
		return "int64"
	case *ir.FloatType:
		switch {
		case t.Kind == ir.BF16:
			return "uint16"
		case t.Width() == 16:
			return "float16"
		case t.Width() == 32:
			return "float"
		case t.Width() == 64:
			return "double"
		}
	}
	switch interp.ElementSize(t) {
	case 1:
		return "int8"
	case 2:
		return "int16"
	case 4:
		return "int32"
	}
	return "int64"
}

// reproValues writes data as values of reproType(t), eight a line.
func reproValues(t ir.Type, narrow bool, data []byte) string {
	typ := reproType(t, narrow)
	size := map[string]int{"int8": 1, "int16": 2, "uint16": 2, "float16": 2, "int32": 4, "float": 4}[typ]
	if size == 0 {
		size = 8
	}
	var vals []string
	for off := 0; off+size <= len(data); off += size {
		bits := uint64(0)
		for i := size - 1; i >= 0; i-- {
			bits = bits<<8 | uint64(data[off+i])
		}
		var s string
		switch typ {
		case "float16":
			s = strconv.FormatFloat(ir.FloatFromBits(ir.F16, bits), 'g', -1, 32)
		case "float":
			s = strconv.FormatFloat(float64(math.Float32frombits(uint32(bits))), 'g', -1, 32)
		case "double":
			s = strconv.FormatFloat(math.Float64frombits(bits), 'g', -1, 64)
		case "uint16":
			s = strconv.FormatUint(bits, 10)
		default:
			s = strconv.FormatInt(int64(bits<<(64-8*size))>>(64-8*size), 10)
		}
		vals = append(vals, s)
	}
	var b strings.Builder
	for i, v := range vals {
		if i > 0 && i%8 == 0 {
			b.WriteString("\n")
		} else if i > 0 {
			b.WriteString(" ")
		}
		b.WriteString(v)
	}
	return b.String()
}

// reproTolerance is an AmberScript TOLERANCE for the kernel's bound:
// absolute for bounds that are absolute only, else relative, the ULPs of
// the largest value of want as a percentage.
func reproTolerance(t *ir.FloatType, tol tolerance, want []byte) string {
	if tol.ulp == 0 && !tol.expULP {
		if tol.abs == 0 {
			return ""
		}
		return fmt.Sprintf(" TOLERANCE %g", tol.abs)
	}
	mant := map[int]int{16: 10, 32: 23, 64: 52}[t.Width()]
	ulps := tol.ulp
	if tol.expULP {
		size := t.Width() / 8
		for off := 0; off+size <= len(want); off += size {
			var v float64
			switch size {
			case 2:
				v = ir.FloatFromBits(ir.F16, uint64(binary.LittleEndian.Uint16(want[off:])))
			case 4:
				v = float64(math.Float32frombits(binary.LittleEndian.Uint32(want[off:])))
			default:
				v = math.Float64frombits(binary.LittleEndian.Uint64(want[off:]))
			}
			if v != 0 && !math.IsInf(v, 0) && !math.IsNaN(v) {
				ulps = max(ulps, tol.ulp+2*math.Abs(math.Log2(math.Abs(v))))
			}
		}
	}
	return fmt.Sprintf(" TOLERANCE %g%%", ulps*math.Ldexp(1, -mant)*100)
}
