package kernels

import (
	"fmt"

	"github.com/kiln-gpu/kiln"
)

// Conv2D sets out to the "valid" 2-D convolution of the h x w f32 image
// in by the kh x kw filter f, as ML frameworks define it (without flipping
// f): out[y][x] = sum of in[y+i][x+j] * f[i][j], out being
// (h-kh+1) x (w-kw+1), empty when the filter is larger than the image.
func (l *Lib) Conv2D(out, in, f *kiln.Buffer, h, w, kh, kw int64) error {
	oh, ow := max(h-kh+1, 0), max(w-kw+1, 0)
	if h < 0 || w < 0 || kh < 1 || kw < 1 || in.Len() != h*w || f.Len() != kh*kw || out.Len() != oh*ow ||
		in.Elem() != "f32" || f.Elem() != "f32" || out.Elem() != "f32" {
		return fmt.Errorf("kernels.Conv2D: a %dx%d image and a %dx%d filter need f32 buffers of %d, %d and %d elements, got %d %s, %d %s and %d %s",
			h, w, kh, kw, h*w, kh*kw, oh*ow, in.Len(), in.Elem(), f.Len(), f.Elem(), out.Len(), out.Elem())
	}
	ts := l.tileSize()
	p, err := l.program("conv2d", struct{ TS int64 }{ts})
	if err != nil {
		return err
	}
	fin, _ := in.Reshape(h * w)
	ff, _ := f.Reshape(kh * kw)
	fout, _ := out.Reshape(oh * ow)
	return p.Launch("conv2d", kiln.Grid{int((ow + ts - 1) / ts), int((oh + ts - 1) / ts), 1}, fin, ff, fout, w, kh, kw, oh, ow)
}
