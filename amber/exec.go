package amber

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strings"

	"github.com/kiln-gpu/kiln/runtime/vulkan"
	"github.com/kiln-gpu/kiln/spirv/spv"
)

// A Mismatch is an EXPECT that did not hold: the first value that
// differs, or for RMSE_BUFFER the error found.
type Mismatch struct {
	File string
	Pos
	Buffer    string
	Index     int    // value index within the EXPECT (element index for EQ_BUFFER)
	Offset    uint64 // byte offset of the value in the buffer
	Cmp       Comparator
	Got, Want string
	Tolerance string // "" when none applies
	// Detail is set when the buffers cannot be compared value by value.
	Detail string
}

func (m *Mismatch) Error() string {
	msg := fmt.Sprintf("%s:%d:%d: EXPECT %s %s failed: ", m.File, m.Line, m.Col, m.Buffer, m.Cmp)
	if m.Detail != "" {
		return msg + m.Detail
	}
	msg += fmt.Sprintf("buffer %s, index %d (byte %d): got %s, want %s", m.Buffer, m.Index, m.Offset, m.Got, m.Want)
	if m.Tolerance != "" {
		msg += ", tolerance " + m.Tolerance
	}
	return msg
}

// Run executes the script on dev: it checks that the device has every feature
// and extension the script and its shaders need (an *UnsupportedError
// when not, before anything runs), compiles the shaders with c, then
// runs the commands in order. The first EXPECT that fails ends the run
// with a *Mismatch; other errors (a shader that does not compile, a
// kernel the runtime refuses) are returned as they are.
func (s *Script) Run(ctx context.Context, dev *vulkan.Device, c *Compiler) error {
	if c == nil {
		c = &Compiler{}
	}
	info := dev.Info()
	if err := s.checkRequirements(info); err != nil {
		return err
	}
	x := &execution{ctx: ctx, s: s, dev: dev, buffers: map[*Buffer]*vulkan.Buffer{}, kernels: map[*Pipeline]*vulkan.Kernel{}}
	defer x.free()
	code := map[*Pipeline][]uint32{}
	for _, pl := range sortedPipelines(s) {
		words, err := c.Compile(ctx, s.File, pl.Shader, pl.Optimize)
		if err != nil {
			return err
		}
		if err := s.checkModule(pl, words, info); err != nil {
			return err
		}
		code[pl] = words
	}
	for _, b := range s.Buffers {
		if len(b.Data) == 0 {
			continue
		}
		vb, err := dev.NewBuffer(uint64(len(b.Data)))
		if err != nil {
			return fmt.Errorf("%s:%d:%d: BUFFER %s: %w", s.File, b.Line, b.Col, b.Name, err)
		}
		x.buffers[b] = vb
		if err := vb.Write(0, b.Data); err != nil {
			return err
		}
	}
	for _, pl := range sortedPipelines(s) {
		if err := x.kernel(pl, code[pl]); err != nil {
			return err
		}
	}
	return x.commands(s.Commands)
}

func sortedPipelines(s *Script) []*Pipeline {
	var pls []*Pipeline
	for _, pl := range s.Pipelines {
		pls = append(pls, pl)
	}
	slices.SortFunc(pls, func(a, b *Pipeline) int { return a.Line - b.Line })
	return pls
}

type execution struct {
	ctx     context.Context
	s       *Script
	dev     *vulkan.Device
	buffers map[*Buffer]*vulkan.Buffer
	kernels map[*Pipeline]*vulkan.Kernel
}

func (x *execution) free() {
	for _, k := range x.kernels {
		k.Free()
	}
	for _, b := range x.buffers {
		b.Free()
	}
}

func (x *execution) errorf(p Pos, format string, args ...any) error {
	return fmt.Errorf("%s:%d:%d: %s", x.s.File, p.Line, p.Col, fmt.Sprintf(format, args...))
}

func (x *execution) kernel(pl *Pipeline, words []uint32) error {
	spec := vulkan.KernelSpec{Code: words, Entry: pl.Entry}
	for _, b := range pl.Bindings {
		class := vulkan.StorageBuffer
		if b.Uniform {
			class = vulkan.Uniform
		}
		spec.Bindings = append(spec.Bindings, vulkan.Binding{Set: b.Set, Binding: b.Binding, Class: class})
		if x.buffers[b.Buffer] == nil {
			return x.errorf(b.Pos, "buffer %s has no size to bind", b.Buffer.Name)
		}
	}
	if pl.Push != nil {
		spec.PushConstants = uint32(len(pl.Push.Data)+3) &^ 3
	}
	for _, sc := range pl.Specialize {
		spec.SpecConstants = append(spec.SpecConstants, vulkan.SpecConstant{ID: sc.ID, Value: sc.Value})
	}
	k, err := x.dev.NewKernel(spec)
	if err != nil {
		return x.errorf(pl.Pos, "PIPELINE %s: %v", pl.Name, err)
	}
	x.kernels[pl] = k
	return nil
}

func (x *execution) commands(cmds []Command) error {
	for _, c := range cmds {
		if err := x.ctx.Err(); err != nil {
			return err
		}
		var err error
		switch c := c.(type) {
		case *Run:
			err = x.run(c)
		case *Expect:
			err = x.expect(c)
		case *Copy:
			err = x.copy(c)
		case *Repeat:
			for i := 0; i < c.Count && err == nil; i++ {
				err = x.commands(c.Commands)
			}
		default: // a command the parser makes but this switch forgot
			err = x.errorf(c.pos(), "internal error: no execution for %T", c)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

func (x *execution) run(r *Run) error {
	pl := r.Pipeline
	var args []vulkan.Arg
	for _, b := range pl.Bindings {
		args = append(args, vulkan.Arg{Set: b.Set, Binding: b.Binding, Buffer: x.buffers[b.Buffer], Offset: b.Offset, Size: b.Range})
	}
	var push []byte
	if pl.Push != nil {
		data, err := x.read(pl.Push)
		if err != nil {
			return err
		}
		push = make([]byte, (len(data)+3)&^3)
		copy(push, data)
	}
	if _, err := x.dev.Dispatch(x.kernels[pl], r.Groups, args, push); err != nil {
		return x.errorf(r.Pos, "RUN %s: %v", pl.Name, err)
	}
	return nil
}

// read returns a buffer's current contents.
func (x *execution) read(b *Buffer) ([]byte, error) {
	vb := x.buffers[b]
	if vb == nil {
		return nil, nil
	}
	data := make([]byte, vb.Size())
	return data, vb.Read(0, data)
}

func (x *execution) copy(c *Copy) error {
	data, err := x.read(c.From)
	if err != nil {
		return err
	}
	to := x.buffers[c.To]
	if to == nil || to.Size() != uint64(len(data)) {
		return x.errorf(c.Pos, "COPY %s TO %s: the buffers differ in size", c.From.Name, c.To.Name)
	}
	return to.Write(0, data)
}

func (x *execution) expect(e *Expect) error {
	got, err := x.read(e.Buffer)
	if err != nil {
		return err
	}
	m := &Mismatch{File: x.s.File, Pos: e.Pos, Buffer: e.Buffer.Name, Cmp: e.Cmp}
	if e.Other != nil {
		want, err := x.read(e.Other)
		if err != nil {
			return err
		}
		if e.Cmp == RMSEBuffer {
			return rmse(m, e, got, want)
		}
		return equalBuffers(m, e.Buffer.Type, got, want, e.Other.Name)
	}
	sc := e.Buffer.Type.Scalar
	size := uint64(sc.Size())
	if end := e.Offset + uint64(len(e.Values))*size; end > uint64(len(got)) {
		m.Detail = fmt.Sprintf("bytes [%d, %d) are outside buffer %s of %d bytes", e.Offset, end, e.Buffer.Name, len(got))
		return m
	}
	var tol *Tolerance
	if len(e.Tolerances) > 0 {
		tol = &e.Tolerances[0]
		m.Tolerance = tol.String()
	}
	for i, v := range e.Values {
		off := e.Offset + uint64(i)*size
		if ok, g, w := compare(sc, got[off:], v, e.Cmp, tol); !ok {
			m.Index, m.Offset, m.Got, m.Want = i, off, g, w
			return m
		}
	}
	return nil
}

// epsilon is Amber's relative tolerance, in percent, of float EQ and NE
// without TOLERANCE.
const epsilon = 0.000001

// compare checks the value of type sc at b against want, which is first
// rounded to sc as Amber does; it returns the two as text.
func compare(sc Scalar, b []byte, want Value, cmp Comparator, tol *Tolerance) (bool, string, string) {
	var wb [8]byte
	if sc.IsFloat() {
		sc.putFloat(wb[:], want.Float)
		gf, _ := sc.load(b)
		wf, _ := sc.load(wb[:])
		g, w := fmt.Sprint(gf), fmt.Sprint(wf)
		switch cmp {
		case EQ:
			t := Tolerance{Value: epsilon, Percent: true}
			if tol != nil {
				t = *tol
			}
			return within(gf, wf, t), g, w
		case NE:
			return !within(gf, wf, Tolerance{Value: epsilon, Percent: true}), g, w
		case LT:
			return gf < wf, g, w
		case LE:
			return gf <= wf, g, w
		case GT:
			return gf > wf, g, w
		}
		return gf >= wf, g, w
	}
	sc.putInt(wb[:], want.Int)
	_, gi := sc.load(b)
	_, wi := sc.load(wb[:])
	g, w := fmt.Sprint(gi), fmt.Sprint(wi)
	if !sc.signed() {
		g, w = fmt.Sprint(uint64(gi)), fmt.Sprint(uint64(wi))
	}
	if tol != nil {
		return within(float64(gi), float64(wi), *tol), g, w
	}
	less := func(a, b int64) bool {
		if sc.signed() {
			return a < b
		}
		return uint64(a) < uint64(b)
	}
	switch cmp {
	case EQ:
		return gi == wi, g, w
	case NE:
		return gi != wi, g, w
	case LT:
		return less(gi, wi), g, w
	case LE:
		return !less(wi, gi), g, w
	case GT:
		return less(wi, gi), g, w
	}
	return !less(gi, wi), g, w
}

func within(got, want float64, t Tolerance) bool {
	d := math.Abs(got - want)
	if t.Percent {
		return d <= t.Value/100*math.Abs(want)
	}
	return d <= t.Value
}

// equalBuffers compares two buffers of type dt value by value (padding
// is not compared).
func equalBuffers(m *Mismatch, dt *DataType, got, want []byte, other string) error {
	if len(got) != len(want) {
		m.Detail = fmt.Sprintf("buffer %s has %d bytes, buffer %s %d", m.Buffer, len(got), other, len(want))
		return m
	}
	n, size := dt.Components(), dt.Size()
	for e := 0; e*size < len(got); e++ {
		for i := range n {
			off := e*size + dt.componentOffset(i)
			end := off + dt.Scalar.Size()
			if !bytes.Equal(got[off:end], want[off:end]) {
				m.Index, m.Offset = e*n+i, uint64(off)
				m.Got, m.Want = formatScalar(dt.Scalar, got[off:]), formatScalar(dt.Scalar, want[off:])+" (from "+other+")"
				return m
			}
		}
	}
	return nil
}

func formatScalar(sc Scalar, b []byte) string {
	f, i := sc.load(b)
	switch {
	case sc.IsFloat():
		return fmt.Sprint(f)
	case sc.signed():
		return fmt.Sprint(i)
	}
	return fmt.Sprint(uint64(i))
}

func scalarFloat(sc Scalar, b []byte) float64 {
	f, i := sc.load(b)
	switch {
	case sc.IsFloat():
		return f
	case sc.signed():
		return float64(i)
	}
	return float64(uint64(i))
}

// rmse checks the root-mean-square error of two buffers' values against
// the EXPECT's tolerance.
func rmse(m *Mismatch, e *Expect, got, want []byte) error {
	if len(got) != len(want) {
		m.Detail = fmt.Sprintf("buffer %s has %d bytes, buffer %s %d", m.Buffer, len(got), e.Other.Name, len(want))
		return m
	}
	dt := e.Buffer.Type
	n, size := dt.Components(), dt.Size()
	sum, count := 0.0, 0
	for el := 0; el*size < len(got); el++ {
		for i := range n {
			off := el*size + dt.componentOffset(i)
			d := scalarFloat(dt.Scalar, got[off:]) - scalarFloat(dt.Scalar, want[off:])
			sum += d * d
			count++
		}
	}
	if count == 0 {
		m.Detail = fmt.Sprintf("buffers %s and %s are empty", m.Buffer, e.Other.Name)
		return m
	}
	r := math.Sqrt(sum / float64(count))
	if r > e.Tolerances[0].Value {
		m.Detail = fmt.Sprintf("the RMSE of buffers %s and %s is %g, over the tolerance %s", m.Buffer, e.Other.Name, r, e.Tolerances[0])
		return m
	}
	return nil
}

// checkRequirements reports the first DEVICE_FEATURE or extension the
// device does not offer.
func (s *Script) checkRequirements(info vulkan.DeviceInfo) error {
	for _, f := range s.Features {
		name := f.Name[strings.LastIndex(f.Name, ".")+1:]
		has, known := deviceFeature(info.Features, name)
		switch {
		case !known:
			return &UnsupportedError{File: s.File, Pos: f.Pos, What: fmt.Sprintf("DEVICE_FEATURE %s (Kiln's runtime does not enable it)", f.Name)}
		case !has:
			return &UnsupportedError{File: s.File, Pos: f.Pos, What: fmt.Sprintf("DEVICE_FEATURE %s: device %q lacks %s", f.Name, info.Name, name)}
		}
	}
	for _, x := range s.Extensions {
		if why := extensionMissing(x, info); why != "" {
			return &UnsupportedError{File: s.File, Pos: x.Pos, What: why}
		}
	}
	return nil
}

// deviceFeature looks a feature up by its Vulkan name (the JSON name of
// the vulkan.Features field).
func deviceFeature(f vulkan.Features, name string) (has, known bool) {
	v := reflect.ValueOf(f)
	for i := range v.NumField() {
		if tag, _, _ := strings.Cut(v.Type().Field(i).Tag.Get("json"), ","); tag == name {
			return v.Field(i).Bool(), true
		}
	}
	return false, false
}

// coreExtensions maps the extensions a compute test may name to the
// Vulkan version that made them core: the runtime enables no extension,
// so only those a device's version includes can be used.
var coreExtensions = map[string]vulkan.Version{
	"VK_KHR_get_physical_device_properties2":  vk(1, 1),
	"VK_KHR_storage_buffer_storage_class":     vk(1, 1),
	"VK_KHR_16bit_storage":                    vk(1, 1),
	"VK_KHR_variable_pointers":                vk(1, 1),
	"VK_KHR_maintenance1":                     vk(1, 1),
	"VK_KHR_maintenance2":                     vk(1, 1),
	"VK_KHR_maintenance3":                     vk(1, 1),
	"VK_KHR_dedicated_allocation":             vk(1, 1),
	"VK_KHR_8bit_storage":                     vk(1, 2),
	"VK_KHR_shader_float16_int8":              vk(1, 2),
	"VK_KHR_vulkan_memory_model":              vk(1, 2),
	"VK_KHR_shader_atomic_int64":              vk(1, 2),
	"VK_KHR_shader_float_controls":            vk(1, 2),
	"VK_KHR_spirv_1_4":                        vk(1, 2),
	"VK_EXT_scalar_block_layout":              vk(1, 2),
	"VK_KHR_uniform_buffer_standard_layout":   vk(1, 2),
	"VK_KHR_shader_subgroup_extended_types":   vk(1, 2),
	"VK_KHR_zero_initialize_workgroup_memory": vk(1, 3),
	"VK_KHR_synchronization2":                 vk(1, 3),
	"VK_KHR_shader_terminate_invocation":      vk(1, 3),
	"VK_KHR_shader_integer_dot_product":       vk(1, 3),
	"VK_KHR_maintenance4":                     vk(1, 3),
}

func vk(major, minor uint32) vulkan.Version { return vulkan.Version(major<<22 | minor<<12) }

func extensionMissing(x Requirement, info vulkan.DeviceInfo) string {
	kind := "DEVICE_EXTENSION"
	if x.Instance {
		kind = "INSTANCE_EXTENSION"
	}
	core, ok := coreExtensions[x.Name]
	switch {
	case ok && info.APIVersion >= core:
		return ""
	case !x.Instance && !slices.Contains(info.Extensions, x.Name):
		return fmt.Sprintf("%s %s: device %q lacks it", kind, x.Name, info.Name)
	case ok:
		return fmt.Sprintf("%s %s: core only from Vulkan %d.%d, and device %q has %s", kind, x.Name, core.Major(), core.Minor(), info.Name, info.APIVersion)
	}
	return fmt.Sprintf("%s %s (Kiln's runtime does not enable extensions)", kind, x.Name)
}

// capabilityFeatures maps SPIR-V capabilities to the device features
// they need.
var capabilityFeatures = map[spv.Capability]string{
	spv.CapabilityFloat64:                            "shaderFloat64",
	spv.CapabilityInt64:                              "shaderInt64",
	spv.CapabilityInt16:                              "shaderInt16",
	spv.CapabilityInt8:                               "shaderInt8",
	spv.CapabilityFloat16:                            "shaderFloat16",
	spv.CapabilityStorageBuffer16BitAccess:           "storageBuffer16BitAccess",
	spv.CapabilityUniformAndStorageBuffer16BitAccess: "uniformAndStorageBuffer16BitAccess",
	spv.CapabilityStoragePushConstant16:              "storagePushConstant16",
	spv.CapabilityStorageBuffer8BitAccess:            "storageBuffer8BitAccess",
	spv.CapabilityUniformAndStorageBuffer8BitAccess:  "uniformAndStorageBuffer8BitAccess",
	spv.CapabilityStoragePushConstant8:               "storagePushConstant8",
	spv.CapabilityVariablePointersStorageBuffer:      "variablePointersStorageBuffer",
	spv.CapabilityVariablePointers:                   "variablePointers",
	spv.CapabilityVulkanMemoryModel:                  "vulkanMemoryModel",
	spv.CapabilityVulkanMemoryModelDeviceScope:       "vulkanMemoryModelDeviceScope",
}

// subgroupCapabilities maps subgroup capabilities to the
// VkSubgroupFeatureFlags names of vulkan.Subgroup.
var subgroupCapabilities = map[spv.Capability]string{
	spv.CapabilityGroupNonUniform:                "basic",
	spv.CapabilityGroupNonUniformVote:            "vote",
	spv.CapabilityGroupNonUniformArithmetic:      "arithmetic",
	spv.CapabilityGroupNonUniformBallot:          "ballot",
	spv.CapabilityGroupNonUniformShuffle:         "shuffle",
	spv.CapabilityGroupNonUniformShuffleRelative: "shuffle-relative",
	spv.CapabilityGroupNonUniformClustered:       "clustered",
	spv.CapabilityGroupNonUniformQuad:            "quad",
}

// checkModule reports what a pipeline's SPIR-V needs that the device
// lacks: its SPIR-V version, the features behind its capabilities, its
// subgroup operations.
func (s *Script) checkModule(pl *Pipeline, words []uint32, info vulkan.DeviceInfo) error {
	unsupported := func(format string, args ...any) error {
		return &UnsupportedError{File: s.File, Pos: pl.Shader.Pos, What: fmt.Sprintf("SHADER %s: ", pl.Shader.Name) + fmt.Sprintf(format, args...)}
	}
	if words[0] != 0x07230203 {
		return fmt.Errorf("%s:%d:%d: SHADER %s: not a SPIR-V module (magic %#x)", s.File, pl.Shader.Line, pl.Shader.Col, pl.Shader.Name, words[0])
	}
	version := words[1]
	maxVersion := map[uint32]uint32{0: 0x10000, 1: 0x10300, 2: 0x10500}[info.APIVersion.Minor()]
	if info.APIVersion.Minor() >= 3 {
		maxVersion = 0x10600
	}
	if version > maxVersion {
		return unsupported("SPIR-V %d.%d needs a newer Vulkan than device %q's %s", version>>16, version>>8&0xff, info.Name, info.APIVersion)
	}
	for i := 5; i < len(words); {
		n := int(words[i] >> 16)
		if n == 0 {
			break
		}
		if spv.Opcode(words[i]&0xffff) == spv.OpCapability && n >= 2 && i+1 < len(words) {
			c := spv.Capability(words[i+1])
			name := spv.KindCapability.Format(uint32(c))
			if f, ok := capabilityFeatures[c]; ok {
				if has, _ := deviceFeature(info.Features, f); !has {
					return unsupported("capability %s needs device feature %s, which device %q lacks", name, f, info.Name)
				}
			}
			if op, ok := subgroupCapabilities[c]; ok && (!slices.Contains(info.Subgroup.Operations, op) || !slices.Contains(info.Subgroup.Stages, "compute")) {
				return unsupported("capability %s needs %s subgroup operations in compute shaders, which device %q lacks", name, op, info.Name)
			}
		}
		i += n
	}
	return nil
}
