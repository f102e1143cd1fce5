package spirv

import (
	"strconv"
	"strings"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/spirv/spv"
)

// EnumAttr is a value of a SPIR-V enum kind, `#spirv.storage_class<StorageBuffer>`,
// `#spirv.memory_access<Volatile|Aligned>`. The mnemonic is the kind's name
// in snake case, as MLIR names these attributes.
type EnumAttr struct {
	ir.Storage
	Kind  *spv.OperandKind
	Value uint32
}

// Enum returns the enum attribute of kind k with value v.
func Enum(ctx *ir.Context, k *spv.OperandKind, v uint32) *EnumAttr {
	// UniqueKey: a lookup (the common case) does not copy the key.
	return ir.UniqueKey(ctx, ir.NewKey("spirv.enum").Str(k.Name).Int(int64(v)), func() *EnumAttr {
		return &EnumAttr{Kind: k, Value: v}
	})
}

// StorageClassAttr returns #spirv.storage_class<sc>, the memref memory space form.
func StorageClassAttr(ctx *ir.Context, sc spv.StorageClass) *EnumAttr {
	return Enum(ctx, spv.KindStorageClass, uint32(sc))
}

// Mnemonic returns the attribute's mnemonic, "storage_class".
func (a *EnumAttr) Mnemonic() string { return enumMnemonic(a.Kind) }

// enumMnemonic is the mnemonic MLIR gives kind k's attribute: its name in
// snake case, but for the ones ODS names otherwise.
func enumMnemonic(k *spv.OperandKind) string {
	if k == spv.KindFPFastMathMode {
		return "fastmath_mode"
	}
	return snakeCase(k.Name)
}

// Name returns the value's spelling, "StorageBuffer".
func (a *EnumAttr) Name() string { return EnumName(a.Kind, a.Value) }

// Print writes #spirv.<mnemonic><Value>.
func (a *EnumAttr) Print(p *ir.Printer) {
	p.WriteString("#spirv." + a.Mnemonic() + "<" + a.Name() + ">")
}

// enumKindsByMnemonic maps attribute mnemonics to enum kinds.
func enumKindByMnemonic(m string) *spv.OperandKind {
	for _, k := range spv.OperandKinds() {
		if k.IsEnum() && enumMnemonic(k) == m {
			return k
		}
	}
	return nil
}

// snakeCase converts CamelCase to snake_case keeping acronyms together
// (FPRoundingMode -> fp_rounding_mode, BuiltIn -> built_in).
func snakeCase(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 'A' && c <= 'Z' {
			if i > 0 {
				prev := s[i-1]
				nextLower := i+1 < len(s) && s[i+1] >= 'a' && s[i+1] <= 'z'
				if prev >= 'a' && prev <= 'z' || prev >= '0' && prev <= '9' || (prev >= 'A' && prev <= 'Z' && nextLower) {
					b.WriteByte('_')
				}
			}
			c += 'a' - 'A'
		}
		b.WriteByte(c)
	}
	return b.String()
}

// CoopMatrixLayoutAttr is #spirv.coop_matrix_layout<RowMajor>, the layout
// operand of the KHR cooperative matrix loads and stores.
type CoopMatrixLayoutAttr struct {
	ir.Storage
	Layout CoopMatrixLayout
}

// CoopMatrixLayoutOf returns the layout attribute.
func CoopMatrixLayoutOf(ctx *ir.Context, l CoopMatrixLayout) *CoopMatrixLayoutAttr {
	return ir.UniqueInt(ctx, "spirv.coop_layout", int64(l), func() *CoopMatrixLayoutAttr {
		return &CoopMatrixLayoutAttr{Layout: l}
	})
}

// Print writes #spirv.coop_matrix_layout<RowMajor>.
func (a *CoopMatrixLayoutAttr) Print(p *ir.Printer) {
	p.WriteString("#spirv.coop_matrix_layout<" + a.Layout.String() + ">")
}

// VCEAttr is #spirv.vce<v1.0, [Shader], [SPV_KHR_storage_buffer_storage_class]>:
// a version, capabilities and extensions.
type VCEAttr struct {
	ir.Storage
	Version      spv.Version
	Capabilities []spv.Capability
	Extensions   []string
}

// VCE returns the vce attribute.
func VCE(ctx *ir.Context, v spv.Version, caps []spv.Capability, exts []string) *VCEAttr {
	k := ir.NewKey("spirv.vce").Int(int64(v)).Int(int64(len(caps)))
	for _, c := range caps {
		k.Int(int64(c))
	}
	k.Int(int64(len(exts)))
	for _, e := range exts {
		k.Str(e)
	}
	return ir.Unique(ctx, k.String(), func() *VCEAttr {
		return &VCEAttr{Version: v, Capabilities: clone(caps), Extensions: clone(exts)}
	})
}

// Print writes #spirv.vce<vX.Y, [caps], [exts]>.
func (a *VCEAttr) Print(p *ir.Printer) {
	p.WriteString("#spirv.vce<v" + a.Version.String() + ", [")
	for i, c := range a.Capabilities {
		if i > 0 {
			p.WriteString(", ")
		}
		p.WriteString(EnumName(spv.KindCapability, uint32(c)))
	}
	p.WriteString("], [" + strings.Join(a.Extensions, ", ") + "]>")
}

// ResourceLimits are the target's limits that affect code generation, with
// MLIR's defaults (Vulkan's required minimums) from DefaultResourceLimits.
type ResourceLimits struct {
	MaxComputeSharedMemorySize     int64
	MaxComputeWorkgroupInvocations int64
	MaxComputeWorkgroupSize        [3]int64
	SubgroupSize                   int64
	// MinSubgroupSize and MaxSubgroupSize are 0 when not given.
	MinSubgroupSize, MaxSubgroupSize int64
	// Cooperative matrix properties, kept as written (nil: none).
	CoopMatrixPropertiesKHR, CoopMatrixPropertiesNV ir.Attribute
}

// DefaultResourceLimits returns MLIR's defaults.
func DefaultResourceLimits() ResourceLimits {
	return ResourceLimits{
		MaxComputeSharedMemorySize:     16384,
		MaxComputeWorkgroupInvocations: 128,
		MaxComputeWorkgroupSize:        [3]int64{128, 128, 64},
		SubgroupSize:                   32,
	}
}

// ResourceLimitsAttr is #spirv.resource_limits<...>; fields at their
// default values are not printed.
type ResourceLimitsAttr struct {
	ir.Storage
	ResourceLimits
}

// Limits returns the attribute for l.
func Limits(ctx *ir.Context, l ResourceLimits) *ResourceLimitsAttr {
	k := ir.NewKey("spirv.limits").Int(l.MaxComputeSharedMemorySize).Int(l.MaxComputeWorkgroupInvocations).
		Ints(l.MaxComputeWorkgroupSize[:]).Int(l.SubgroupSize).Int(l.MinSubgroupSize).Int(l.MaxSubgroupSize).
		Attr(l.CoopMatrixPropertiesKHR).Attr(l.CoopMatrixPropertiesNV).String()
	return ir.Unique(ctx, k, func() *ResourceLimitsAttr { return &ResourceLimitsAttr{ResourceLimits: l} })
}

// Print writes #spirv.resource_limits<name = value, ...>.
func (a *ResourceLimitsAttr) Print(p *ir.Printer) {
	d := DefaultResourceLimits()
	var parts []string
	add := func(name string, v int64, show bool) {
		if show {
			parts = append(parts, name+" = "+itoa(v))
		}
	}
	add("max_compute_shared_memory_size", a.MaxComputeSharedMemorySize, a.MaxComputeSharedMemorySize != d.MaxComputeSharedMemorySize)
	add("max_compute_workgroup_invocations", a.MaxComputeWorkgroupInvocations, a.MaxComputeWorkgroupInvocations != d.MaxComputeWorkgroupInvocations)
	if a.MaxComputeWorkgroupSize != d.MaxComputeWorkgroupSize {
		parts = append(parts, "max_compute_workgroup_size = "+intList(a.MaxComputeWorkgroupSize[:]))
	}
	add("subgroup_size", a.SubgroupSize, a.SubgroupSize != d.SubgroupSize)
	add("min_subgroup_size", a.MinSubgroupSize, a.MinSubgroupSize != 0)
	add("max_subgroup_size", a.MaxSubgroupSize, a.MaxSubgroupSize != 0)
	p.WriteString("#spirv.resource_limits<" + strings.Join(parts, ", "))
	sep := ""
	if len(parts) > 0 {
		sep = ", "
	}
	for _, c := range []struct {
		name string
		v    ir.Attribute
	}{{"cooperative_matrix_properties_khr", a.CoopMatrixPropertiesKHR}, {"cooperative_matrix_properties_nv", a.CoopMatrixPropertiesNV}} {
		if c.v != nil {
			p.WriteString(sep + c.name + " = ")
			p.Attr(c.v)
			sep = ", "
		}
	}
	p.WriteString(">")
}

func intList(vs []int64) string {
	s := make([]string, len(vs))
	for i, v := range vs {
		s[i] = itoa(v)
	}
	return "[" + strings.Join(s, ", ") + "]"
}

// UnknownDeviceID is the device id of a target environment that names none.
const UnknownDeviceID = 0x7FFFFFFF

// TargetEnv describes the target: #spirv.target_env<#spirv.vce<...>,
// api=Vulkan, NVIDIA:DiscreteGPU:1234, #spirv.resource_limits<...>>.
type TargetEnv struct {
	VCE        *VCEAttr
	API        ClientAPI
	Vendor     Vendor
	DeviceType DeviceType
	DeviceID   uint32 // UnknownDeviceID when not given
	Limits     *ResourceLimitsAttr
}

// key is t's uniquing key under the attribute name.
func (t TargetEnv) key(name string) string {
	return ir.NewKey(name).Attr(t.VCE).Int(int64(t.API)).Int(int64(t.Vendor)).
		Int(int64(t.DeviceType)).Int(int64(t.DeviceID)).Attr(t.Limits).String()
}

// TargetEnvAttr is the #spirv.target_env attribute.
type TargetEnvAttr struct {
	ir.Storage
	TargetEnv
}

// TargetAttr is #spirv.target<vce = ..., resource_limits = <...>, ...>, a
// gpu.module's SPIR-V target (MLIR's SPIRVTargetAttr): the same
// description as #spirv.target_env, in struct syntax.
type TargetAttr struct {
	ir.Storage
	TargetEnv
}

// NewTarget returns the #spirv.target attribute for t.
func NewTarget(ctx *ir.Context, t TargetEnv) *TargetAttr {
	return ir.Unique(ctx, t.key("spirv.target"), func() *TargetAttr { return &TargetAttr{TargetEnv: t} })
}

// Print writes #spirv.target<...>, leaving out parameters at their default.
func (a *TargetAttr) Print(p *ir.Printer) {
	p.WriteString("#spirv.target<vce = ")
	p.Attr(a.VCE)
	p.WriteString(", resource_limits = ")
	p.WriteString(strings.TrimPrefix(ir.AttrString(a.Limits), "#spirv.resource_limits"))
	if a.API != APIUnknown {
		p.WriteString(", client_api = " + a.API.String())
	}
	if a.Vendor != VendorUnknown {
		p.WriteString(", vendor_id = " + a.Vendor.String())
	}
	if a.DeviceType != DeviceUnknown {
		p.WriteString(", device_type = " + a.DeviceType.String())
	}
	if a.DeviceID != UnknownDeviceID {
		p.WriteString(", device_id = " + strconv.FormatUint(uint64(a.DeviceID), 10))
	}
	p.WriteString(">")
}

// TargetEnvAttrName is the attribute name that carries a TargetEnvAttr.
const TargetEnvAttrName = "spirv.target_env"

// EntryPointABIAttrName is the function attribute that carries an EntryPointABIAttr.
const EntryPointABIAttrName = "spirv.entry_point_abi"

// InterfaceVarABIAttrName is the argument attribute that carries an InterfaceVarABIAttr.
const InterfaceVarABIAttrName = "spirv.interface_var_abi"

// NewTargetEnv returns the attribute for t.
func NewTargetEnv(ctx *ir.Context, t TargetEnv) *TargetEnvAttr {
	return ir.Unique(ctx, t.key("spirv.target_env"), func() *TargetEnvAttr { return &TargetEnvAttr{TargetEnv: t} })
}

// Version returns the target's SPIR-V version.
func (a *TargetEnvAttr) Version() spv.Version { return a.VCE.Version }

// Capabilities returns the target's declared capabilities.
func (a *TargetEnvAttr) Capabilities() []spv.Capability { return a.VCE.Capabilities }

// Extensions returns the target's extensions.
func (a *TargetEnvAttr) Extensions() []string { return a.VCE.Extensions }

// Print writes #spirv.target_env<...> as MLIR does.
func (a *TargetEnvAttr) Print(p *ir.Printer) {
	p.WriteString("#spirv.target_env<")
	p.Attr(a.VCE)
	if a.API != APIUnknown {
		p.WriteString(", api=" + a.API.String())
	}
	if a.Vendor != VendorUnknown {
		p.WriteString(", " + a.Vendor.String())
		if a.DeviceType != DeviceUnknown {
			p.WriteString(":" + a.DeviceType.String())
			if a.DeviceID != UnknownDeviceID {
				p.WriteString(":" + strconv.FormatUint(uint64(a.DeviceID), 10))
			}
		}
	}
	p.WriteString(", ")
	p.Attr(a.Limits)
	p.WriteString(">")
}

// EntryPointABI says how a kernel function becomes an entry point.
type EntryPointABI struct {
	WorkgroupSize []int32 // nil when not given
	// SubgroupSize and TargetWidth are 0 when not given.
	SubgroupSize, TargetWidth int32
}

// EntryPointABIAttr is #spirv.entry_point_abi<workgroup_size = [32, 4, 1]>.
type EntryPointABIAttr struct {
	ir.Storage
	EntryPointABI
}

// NewEntryPointABI returns the attribute for e.
func NewEntryPointABI(ctx *ir.Context, e EntryPointABI) *EntryPointABIAttr {
	k := ir.NewKey("spirv.entry_point_abi").Int(b2i(e.WorkgroupSize != nil)).Int(int64(len(e.WorkgroupSize)))
	for _, v := range e.WorkgroupSize {
		k.Int(int64(v))
	}
	k.Int(int64(e.SubgroupSize)).Int(int64(e.TargetWidth))
	return ir.Unique(ctx, k.String(), func() *EntryPointABIAttr {
		e.WorkgroupSize = clone(e.WorkgroupSize)
		return &EntryPointABIAttr{EntryPointABI: e}
	})
}

// Print writes #spirv.entry_point_abi<...>.
func (a *EntryPointABIAttr) Print(p *ir.Printer) {
	var parts []string
	if a.WorkgroupSize != nil {
		ws := make([]int64, len(a.WorkgroupSize))
		for i, v := range a.WorkgroupSize {
			ws[i] = int64(v)
		}
		parts = append(parts, "workgroup_size = "+intList(ws))
	}
	if a.SubgroupSize != 0 {
		parts = append(parts, "subgroup_size = "+itoa(int64(a.SubgroupSize)))
	}
	if a.TargetWidth != 0 {
		parts = append(parts, "target_width = "+itoa(int64(a.TargetWidth)))
	}
	p.WriteString("#spirv.entry_point_abi<" + strings.Join(parts, ", ") + ">")
}

// InterfaceVarABIAttr is #spirv.interface_var_abi<(set, binding), StorageClass?>.
type InterfaceVarABIAttr struct {
	ir.Storage
	DescriptorSet, Binding uint32
	HasStorageClass        bool
	StorageClass           spv.StorageClass
}

// InterfaceVarABI returns the attribute; sc may be nil.
func InterfaceVarABI(ctx *ir.Context, set, binding uint32, sc *spv.StorageClass) *InterfaceVarABIAttr {
	a := InterfaceVarABIAttr{DescriptorSet: set, Binding: binding}
	if sc != nil {
		a.HasStorageClass, a.StorageClass = true, *sc
	}
	k := ir.NewKey("spirv.interface_var_abi").Int(int64(set)).Int(int64(binding)).Int(b2i(a.HasStorageClass)).Int(int64(a.StorageClass)).String()
	return ir.Unique(ctx, k, func() *InterfaceVarABIAttr { c := a; return &c })
}

// Print writes #spirv.interface_var_abi<(0, 1), StorageBuffer>.
func (a *InterfaceVarABIAttr) Print(p *ir.Printer) {
	p.WriteString("#spirv.interface_var_abi<(" + itoa(int64(a.DescriptorSet)) + ", " + itoa(int64(a.Binding)) + ")")
	if a.HasStorageClass {
		p.WriteString(", " + EnumName(spv.KindStorageClass, uint32(a.StorageClass)))
	}
	p.WriteString(">")
}

// LinkageAttr is #spirv.linkage_attributes<linkage_name = "f", linkage_type = <Import>>.
type LinkageAttr struct {
	ir.Storage
	Name string
	Type spv.LinkageType
}

// Linkage returns the linkage attribute.
func Linkage(ctx *ir.Context, name string, t spv.LinkageType) *LinkageAttr {
	return ir.UniqueKey(ctx, ir.NewKey("spirv.linkage").Str(name).Int(int64(t)), func() *LinkageAttr {
		return &LinkageAttr{Name: name, Type: t}
	})
}

// Print writes #spirv.linkage_attributes<...>.
func (a *LinkageAttr) Print(p *ir.Printer) {
	p.WriteString("#spirv.linkage_attributes<linkage_name = ")
	p.String(a.Name) // a StringAttr: current MLIR quotes it
	p.WriteString(", linkage_type = <" + EnumName(spv.KindLinkageType, uint32(a.Type)) + ">>")
}

// CoopMatrixPropsAttr is one entry of a target's cooperative matrix
// properties: #spirv.coop_matrix_props_khr<...> (KHR, with acc_sat) or
// #spirv.coop_matrix_props_nv<...>.
type CoopMatrixPropsAttr struct {
	ir.Storage
	KHR                             bool
	M, N, K                         int64
	AType, BType, CType, ResultType ir.Type
	AccSat                          bool
	Scope                           spv.Scope
}

// CoopMatrixProps returns the uniqued attribute.
func CoopMatrixProps(ctx *ir.Context, a CoopMatrixPropsAttr) *CoopMatrixPropsAttr {
	k := ir.NewKey("spirv.coop_matrix_props").Int(b2i(a.KHR)).Int(a.M).Int(a.N).Int(a.K).
		Type(a.AType).Type(a.BType).Type(a.CType).Type(a.ResultType).Int(b2i(a.AccSat)).Int(int64(a.Scope)).String()
	return ir.Unique(ctx, k, func() *CoopMatrixPropsAttr { c := a; c.Storage = ir.Storage{}; return &c })
}

// Print writes the attribute as MLIR's struct(params) format does.
func (a *CoopMatrixPropsAttr) Print(p *ir.Printer) {
	name := "nv"
	if a.KHR {
		name = "khr"
	}
	p.WriteString("#spirv.coop_matrix_props_" + name + "<m_size = " + itoa(a.M) + ", n_size = " + itoa(a.N) + ", k_size = " + itoa(a.K))
	for _, f := range []struct {
		name string
		t    ir.Type
	}{{"a_type", a.AType}, {"b_type", a.BType}, {"c_type", a.CType}, {"result_type", a.ResultType}} {
		p.WriteString(", " + f.name + " = ")
		p.Type(f.t)
	}
	if a.KHR {
		p.WriteString(", acc_sat = " + strconv.FormatBool(a.AccSat))
	}
	p.WriteString(", scope = <" + EnumName(spv.KindScope, uint32(a.Scope)) + ">>")
}

// CacheControlAttr is one cache control of SPV_INTEL_cache_controls:
// #spirv.cache_control_load_intel<cache_level = 0, load_cache_control = Cached>
// or #spirv.cache_control_store_intel<cache_level = 1, store_cache_control = WriteBack>.
// A list of them on an op is its CacheControlLoadINTEL or
// CacheControlStoreINTEL decorations.
type CacheControlAttr struct {
	ir.Storage
	Store   bool
	Level   uint32
	Control uint32
}

// MLIR's spellings of the LoadCacheControl and StoreCacheControl values
// (the grammar's, without the INTEL suffix, InvalidateAfterRead shortened).
var (
	loadCacheControlNames  = localEnum{"Uncached", "Cached", "Streaming", "InvalidateAfterR", "ConstCached"}
	storeCacheControlNames = localEnum{"Uncached", "WriteThrough", "WriteBack", "Streaming"}
)

// CacheControl returns the uniqued attribute.
func CacheControl(ctx *ir.Context, store bool, level, control uint32) *CacheControlAttr {
	k := ir.NewKey("spirv.cache_control").Int(b2i(store)).Int(int64(level)).Int(int64(control)).String()
	return ir.Unique(ctx, k, func() *CacheControlAttr {
		return &CacheControlAttr{Store: store, Level: level, Control: control}
	})
}

// Print writes the attribute as MLIR's struct(params) format does.
func (a *CacheControlAttr) Print(p *ir.Printer) {
	kind, names := "load", loadCacheControlNames
	if a.Store {
		kind, names = "store", storeCacheControlNames
	}
	p.WriteString("#spirv.cache_control_" + kind + "_intel<cache_level = " + itoa(int64(a.Level)) +
		", " + kind + "_cache_control = " + names.name(a.Control) + ">")
}
