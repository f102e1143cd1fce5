package kernels

import (
	"fmt"

	"github.com/kiln-gpu/kiln"
)

// Map sets out[i] = body(ins[0][i], ins[1][i], ...) for every element:
// body is MLIR ops (arith, math, ...) that read %a0, %a1, ... (each of its
// input's element type) and define %r of out's element type, e.g.
// "%r = math.fma %a0, %a1, %a0 : f32". Every buffer holds as many
// elements, whatever their shapes. Errors in body are located in the
// generated kernel, whose text they quote.
func (l *Lib) Map(body string, out *kiln.Buffer, ins ...*kiln.Buffer) error {
	n := out.Len()
	params := struct {
		In   []string
		Out  string
		Body string
		WG   int64
	}{Out: out.Elem(), Body: body, WG: l.groupSize()}
	args := make([]any, 0, len(ins)+2)
	for i, b := range ins {
		if b.Len() != n {
			return fmt.Errorf("kernels.Map: input %d has %d elements, the output %d", i, b.Len(), n)
		}
		params.In = append(params.In, b.Elem())
		flat, err := b.Reshape(n)
		if err != nil {
			return err
		}
		args = append(args, flat)
	}
	flat, err := out.Reshape(n)
	if err != nil {
		return err
	}
	args = append(args, flat, n)
	p, err := l.program("map", params)
	if err != nil {
		return err
	}
	return p.Launch("map", kiln.Grid{l.groups(n, params.WG), 1, 1}, args...)
}
