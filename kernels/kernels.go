// Package kernels is a library of ready GPU kernels, written in MLIR
// (embedded from mlir/) and compiled by Kiln for the device they run on,
// each with a typed Go function: elementwise maps, reductions (sum, min,
// max, argmax; of a whole buffer and per row), inclusive and exclusive scans, transpose, matrix multiplication,
// row-wise softmax, 2-D convolution, histograms and bitonic sort. Sizes are arbitrary (the kernels check their
// bounds, and grid-stride loops cover sizes beyond the device's workgroup
// count); workgroup sizes come from the device's limits.
//
//	lib := kernels.New(dev)
//	sum, err := kernels.Sum[float32](lib, x)
package kernels

import (
	"bytes"
	"embed"
	"strings"
	"sync"
	"text/template"

	"github.com/kiln-gpu/kiln"
)

//go:embed mlir/*.mlir
var sources embed.FS

var templates = template.Must(template.New("kernels").Funcs(template.FuncMap{"treeArgs": treeArgs}).
	ParseFS(sources, "mlir/*.mlir"))

// tree is the parameters of the "tree" template (tree.mlir): fold the
// per-thread %Value of type T with Op in workgroup memory %sh, in Steps
// halvings; Name prefixes its SSA names.
type tree struct {
	Name, Op, Value, T string
	WG                 int64
	Steps              []int64
}

func treeArgs(name, op, value, t string, wg int64, steps []int64) tree {
	return tree{name, op, value, t, wg, steps}
}

// Lib runs the library's kernels on one device, compiling each kernel
// variant (element type, workgroup size) once. It is safe for concurrent
// use.
type Lib struct {
	dev *kiln.Device

	mu    sync.Mutex
	progs map[string]*kiln.Program // by MLIR source

	// matmulKernel, when set ("tiled", "tiled8" for 8 x 8 outputs a
	// thread, "regs", or "regs-scalar" for the CPU kernel without vector
	// loads of B), overrides MatMul's choice, so that tests run every
	// kernel on any device.
	matmulKernel string
	// partials, when set, overrides maxPartials' choice, likewise.
	partials int
}

// New returns the library for dev.
func New(dev *kiln.Device) *Lib {
	return &Lib{dev: dev, progs: map[string]*kiln.Program{}}
}

// Device returns the device the library runs on.
func (l *Lib) Device() *kiln.Device { return l.dev }

// program returns the compiled kernel of mlir/name.mlir for params.
func (l *Lib) program(name string, params any) (*kiln.Program, error) {
	var src bytes.Buffer
	if err := templates.ExecuteTemplate(&src, name+".mlir", params); err != nil {
		return nil, err
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if p := l.progs[src.String()]; p != nil {
		return p, nil
	}
	p, err := l.dev.Compile(src.String())
	if err != nil {
		return nil, err
	}
	l.progs[src.String()] = p
	return p, nil
}

// groupSize is the 1-d workgroup size: at most 256 (past that, larger
// groups only add barrier cost for these kernels), within the device's
// limits, and a power of two for the reductions' trees.
func (l *Lib) groupSize() int64 {
	lim := l.dev.Limits
	n := min(256, int64(lim.MaxWorkgroupInvocations), int64(lim.MaxWorkgroupSize[0]))
	p := int64(1)
	for p*2 <= n {
		p *= 2
	}
	return p
}

// tileSize is the side of the square 2-d workgroups: 16, or less when the
// device's limits (invocations, sizes, workgroup memory for two f32 or
// f64 tiles) do not allow it.
func (l *Lib) tileSize() int64 {
	lim := l.dev.Limits
	ts := int64(16)
	for ts > 1 && (ts*ts > int64(lim.MaxWorkgroupInvocations) || ts > int64(lim.MaxWorkgroupSize[0]) ||
		ts > int64(lim.MaxWorkgroupSize[1]) || 2*ts*ts*8 > int64(lim.MaxSharedMemory)) {
		ts /= 2
	}
	return ts
}

// maxPartials is the most partial results a pass of the whole-buffer
// reductions (Sum, Min, Max, ArgMax) leaves, one per workgroup of wg
// threads: wg on a CPU driver and the interpreter, so that two passes do
// (the second one workgroup); wg * wg on a GPU, in three passes, since wg
// workgroups are too few threads to keep its memory busy (an H200 holds
// 132 x 2048 threads at once).
func (l *Lib) maxPartials(wg int64) int {
	switch {
	case l.partials > 0:
		return l.partials
	case strings.HasSuffix(l.dev.Type, "gpu"):
		return int(wg * wg)
	}
	return int(wg)
}

// groups is the number of workgroups of size wg covering n items, capped
// at the device's workgroup count (the kernels loop over the rest), and
// at least one.
func (l *Lib) groups(n, wg int64) int {
	g := max(1, (n+wg-1)/wg)
	return int(min(g, int64(l.dev.Limits.MaxWorkgroupCount[0])))
}
