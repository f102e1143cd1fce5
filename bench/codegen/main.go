// Command codegen times Kiln's SPIR-V against glslang's for the same kernels:
// each NAME.mlir here is compiled by `kiln compile`, its twin NAME.comp by
// glslangValidator, both are checked to compute the same buffers, and then
// dispatched interleaved on the Vulkan device the environment selects
// (VK_DRIVER_FILES, KILN_DEVICE). It prints, per kernel, the median ratio of
// Kiln's device time to glslang's with its interquartile range, and the
// instructions inside functions (OpFunction to OpFunctionEnd) of each binary.
// Run it through bench/codegen-vs-glslang.sh, which runs it on lavapipe and SwiftShader.
package main

import (
	"encoding/binary"
	"encoding/json"
	"flag"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"

	kilngo "github.com/kiln-gpu/kiln"
	"github.com/kiln-gpu/kiln/runtime/vulkan"
	"github.com/kiln-gpu/kiln/spirv/spv"
)

// groups is the grid of each kernel: its MLIR file and GLSL twin assume it.
var groups = map[string][3]uint32{
	"vecadd":           {4096, 1, 1},
	"saxpy":            {4096, 1, 1},
	"transpose":        {64, 64, 1},
	"rowsum_shared":    {1024, 1, 1},
	"scan":             {1024, 1, 1},
	"rowsum_allreduce": {1024, 1, 1},
	"matmul":           {16, 16, 1},
	"matmul_tiled":     {16, 16, 1},
	"matmul_regs":      {2, 64, 1},
	"vec4":             {1024, 1, 1},
	"histogram":        {4096, 1, 1},
	"softmax":          {64, 1, 1},
	"conv3x3":          {64, 64, 1},
}

func main() {
	kiln := flag.String("kiln", "kiln", "the `kiln` binary")
	dir := flag.String("dir", "bench/codegen", "the `folder` of NAME.mlir and NAME.comp")
	work := flag.String("work", "", "scratch `folder` (default: a temporary one)")
	rounds := flag.Int("rounds", 15, "interleaved timing `rounds` per kernel")
	reps := flag.Int("reps", 3, "dispatches of each kernel per round")
	opt := flag.String("spirv-opt", "", "run spirv-opt with these `FLAGS` on both binaries")
	only := flag.String("only", "", "comma-separated kernel `names` (default: all)")
	flag.Parse()
	if err := run(*kiln, *dir, *work, *opt, *only, *rounds, *reps); err != nil {
		fmt.Fprintln(os.Stderr, "codegen:", err)
		os.Exit(1)
	}
}

// pair is one kernel compiled both ways.
type pair struct {
	name       string
	kiln, glsl []uint32
	args       []kilngo.Binding
	local      [3]uint32
}

func run(kiln, dir, work, opt, only string, rounds, reps int) error {
	if work == "" {
		d, err := os.MkdirTemp("", "kiln-kernels")
		if err != nil {
			return err
		}
		defer os.RemoveAll(d)
		work = d
	}
	var names []string
	for name := range groups {
		if only == "" || slices.Contains(strings.Split(only, ","), name) {
			names = append(names, name)
		}
	}
	slices.Sort(names)
	var pairs []*pair
	for _, name := range names {
		p, err := build(kiln, dir, work, opt, name)
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		pairs = append(pairs, p)
	}
	inst, err := vulkan.NewInstance(vulkan.InstanceConfig{})
	if err != nil {
		return err
	}
	defer inst.Close()
	i, err := inst.Select("")
	if err != nil {
		return err
	}
	dev, err := inst.Open(i, vulkan.DeviceConfig{})
	if err != nil {
		return err
	}
	defer dev.Close()
	fmt.Printf("device: %s; %d rounds of %d dispatches; spirv-opt: %q\n", dev.Info().Name, rounds, reps, opt)
	fmt.Printf("%-17s %8s %15s %11s %11s %6s %6s\n", "kernel", "ratio", "IQR", "kiln ms", "glsl ms", "kiln#", "glsl#")
	for _, p := range pairs {
		if err := measure(dev, p, rounds, reps); err != nil {
			return fmt.Errorf("%s: %w", p.name, err)
		}
	}
	return nil
}

// build compiles NAME.mlir with kiln and NAME.comp with glslangValidator.
func build(kiln, dir, work, opt, name string) (*pair, error) {
	out := filepath.Join(work, name)
	if err := command(kiln, "compile", filepath.Join(dir, name+".mlir"), "-o", out); err != nil {
		return nil, err
	}
	var man kilngo.Program
	b, err := os.ReadFile(filepath.Join(out, "manifest.json"))
	if err != nil {
		return nil, err
	}
	if err := json.Unmarshal(b, &man); err != nil {
		return nil, err
	}
	if len(man.Modules) != 1 || len(man.Modules[0].Kernels) != 1 {
		return nil, fmt.Errorf("want one gpu.module of one kernel")
	}
	m := man.Modules[0]
	k := m.Kernels[0]
	kspv := filepath.Join(out, m.File)
	gspv := filepath.Join(out, "glsl.spv")
	if err := command("glslangValidator", "-V", "--target-env", "vulkan1.1", "-o", gspv, filepath.Join(dir, name+".comp")); err != nil {
		return nil, err
	}
	if opt != "" {
		for _, f := range []string{kspv, gspv} {
			args := append(strings.Fields(opt), "--target-env=vulkan1.1", f, "-o", f)
			if f == gspv {
				// Debian 12's glslang (11.13) puts ArrayStride on workgroup arrays,
				// which current SPIR-V rules forbid (VUID-StandaloneSpirv-None-10684):
				// SPIRV-Tools 2026.4's spirv-opt would refuse the binary it must
				// optimize. Kiln's binary is validated as usual.
				args = append([]string{"--skip-validation"}, args...)
			}
			if err := command("spirv-opt", args...); err != nil {
				return nil, err
			}
		}
	}
	p := &pair{name: name, args: k.Args, local: k.WorkgroupSize}
	if p.kiln, err = readWords(kspv); err != nil {
		return nil, err
	}
	if p.glsl, err = readWords(gspv); err != nil {
		return nil, err
	}
	return p, nil
}

func command(name string, args ...string) error {
	out, err := exec.Command(name, args...).CombinedOutput()
	if err != nil {
		return fmt.Errorf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
	}
	return nil
}

func readWords(path string) ([]uint32, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return spv.BytesToWords(b)
}

// functionInstructions counts the instructions from each OpFunction to its
// OpFunctionEnd, both included.
func functionInstructions(words []uint32) (int, error) {
	m, err := spv.Decode(words)
	if err != nil {
		return 0, err
	}
	n, in := 0, false
	for _, ins := range m.Instructions {
		if ins.Opcode == spv.OpFunction {
			in = true
		}
		if in {
			n++
		}
		if ins.Opcode == spv.OpFunctionEnd {
			in = false
		}
	}
	return n, nil
}

// side is one binary's kernel and its buffers.
type side struct {
	kernel *vulkan.Kernel
	bufs   []*vulkan.Buffer
	args   []vulkan.Arg
}

func newSide(dev *vulkan.Device, p *pair, code []uint32, glsl bool) (*side, error) {
	s := &side{}
	var bindings []vulkan.Binding
	for i, a := range p.args {
		if a.Unused {
			continue
		}
		b := vulkan.Binding{Set: a.Set, Binding: a.Binding}
		if glsl {
			b = vulkan.Binding{Set: 0, Binding: uint32(i)}
		}
		bindings = append(bindings, b)
		buf, err := dev.NewBuffer(uint64(a.Size))
		if err != nil {
			return nil, err
		}
		s.bufs = append(s.bufs, buf)
		s.args = append(s.args, vulkan.Arg{Set: b.Set, Binding: b.Binding, Buffer: buf})
	}
	k, err := dev.NewKernel(vulkan.KernelSpec{Code: code, Entry: "main", Bindings: bindings, WorkgroupSize: p.local})
	if err != nil {
		return nil, err
	}
	s.kernel = k
	return s, nil
}

// fill writes the same pseudo-random floats in [0, 1) into both sides' buffers.
func fill(a, b *side) error {
	seed := uint32(12345)
	for i, buf := range a.bufs {
		data := make([]byte, buf.Size())
		for j := 0; j+4 <= len(data); j += 4 {
			seed = seed*1664525 + 1013904223
			binary.LittleEndian.PutUint32(data[j:], math.Float32bits(float32(seed>>8)/(1<<24)))
		}
		if err := a.bufs[i].Write(0, data); err != nil {
			return err
		}
		if err := b.bufs[i].Write(0, data); err != nil {
			return err
		}
	}
	return nil
}

// same compares every buffer of both sides after one dispatch each: bit for
// bit, or as floats within a relative 1e-5 (exp and division may round
// differently between two compilations).
func same(a, b *side) error {
	for i := range a.bufs {
		x := make([]byte, a.bufs[i].Size())
		y := make([]byte, b.bufs[i].Size())
		if err := a.bufs[i].Read(0, x); err != nil {
			return err
		}
		if err := b.bufs[i].Read(0, y); err != nil {
			return err
		}
		for j := 0; j+4 <= len(x); j += 4 {
			u, v := binary.LittleEndian.Uint32(x[j:]), binary.LittleEndian.Uint32(y[j:])
			f, g := float64(math.Float32frombits(u)), float64(math.Float32frombits(v))
			if u != v && math.Abs(f-g) > 1e-5*math.Max(math.Abs(f), math.Abs(g)) {
				return fmt.Errorf("buffer %d differs at element %d: kiln %#x (%g), glslang %#x (%g)", i, j/4, u, f, v, g)
			}
		}
	}
	return nil
}

func (s *side) free() {
	s.kernel.Free()
	for _, b := range s.bufs {
		b.Free()
	}
}

// time runs reps dispatches of s in one submission and returns their device
// time (wall time when the device has no timestamps).
func (s *side) time(dev *vulkan.Device, grid [3]uint32, reps int) (time.Duration, error) {
	ls := make([]vulkan.Launch, reps)
	for i := range ls {
		ls[i] = vulkan.Launch{Kernel: s.kernel, Groups: grid, Args: s.args}
	}
	t0 := time.Now()
	ts, err := dev.Run(ls...)
	if err != nil {
		return 0, err
	}
	var sum time.Duration
	for _, t := range ts {
		sum += t
	}
	if sum == 0 {
		sum = time.Since(t0)
	}
	return sum, nil
}

func measure(dev *vulkan.Device, p *pair, rounds, reps int) error {
	k, err := newSide(dev, p, p.kiln, false)
	if err != nil {
		return fmt.Errorf("kiln's binary: %w", err)
	}
	defer k.free()
	g, err := newSide(dev, p, p.glsl, true)
	if err != nil {
		return fmt.Errorf("glslang's binary: %w", err)
	}
	defer g.free()
	grid := groups[p.name]
	if err := fill(k, g); err != nil {
		return err
	}
	if _, err := k.time(dev, grid, 1); err != nil {
		return err
	}
	if _, err := g.time(dev, grid, 1); err != nil {
		return err
	}
	if err := same(k, g); err != nil {
		return fmt.Errorf("the two binaries disagree: %w", err)
	}
	var ratios, kt, gt []float64
	for r := range rounds {
		first, second := k, g
		if r%2 == 1 {
			first, second = g, k
		}
		t1, err := first.time(dev, grid, reps)
		if err != nil {
			return err
		}
		t2, err := second.time(dev, grid, reps)
		if err != nil {
			return err
		}
		if r%2 == 1 {
			t1, t2 = t2, t1
		}
		kt = append(kt, t1.Seconds()*1e3/float64(reps))
		gt = append(gt, t2.Seconds()*1e3/float64(reps))
		ratios = append(ratios, t1.Seconds()/t2.Seconds())
	}
	kn, err := functionInstructions(p.kiln)
	if err != nil {
		return err
	}
	gn, err := functionInstructions(p.glsl)
	if err != nil {
		return err
	}
	fmt.Printf("%-17s %7.3fx %6.3f-%6.3fx %11.3f %11.3f %6d %6d\n", p.name, quantile(ratios, 0.5),
		quantile(ratios, 0.25), quantile(ratios, 0.75), quantile(kt, 0.5), quantile(gt, 0.5), kn, gn)
	return nil
}

// quantile returns the q-quantile of xs by linear interpolation.
func quantile(xs []float64, q float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	pos := q * float64(len(s)-1)
	lo := int(pos)
	if lo+1 >= len(s) {
		return s[lo]
	}
	return s[lo] + (pos-float64(lo))*(s[lo+1]-s[lo])
}
