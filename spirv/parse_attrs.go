package spirv

import (
	"math"
	"strings"
	"sync"

	"github.com/kiln-gpu/kiln/ir"
	"github.com/kiln-gpu/kiln/spirv/spv"
)

// parseAttr is the dialect's attribute hook: #spirv.<mnemonic><...>.
func parseAttr(p *ir.Parser, mnemonic string) (ir.Attribute, error) {
	switch mnemonic {
	case "vce":
		return parseVCE(p)
	case "resource_limits":
		return parseLimits(p)
	case "target_env":
		return parseTargetEnv(p)
	case "target":
		return parseTarget(p)
	case "entry_point_abi":
		return parseEntryPointABI(p)
	case "interface_var_abi":
		return parseInterfaceVarABI(p)
	case "linkage_attributes":
		return parseLinkage(p)
	case "coop_matrix_props_khr", "coop_matrix_props_nv":
		return parseCoopMatrixProps(p, mnemonic == "coop_matrix_props_khr")
	case "coop_matrix_operands":
		return parseBracketed(p, func() (ir.Attribute, error) {
			bits, err := parseCoopOperandBits(p)
			return CoopMatrixOperandsOf(p.Context(), bits), err
		})
	case "cache_control_load_intel", "cache_control_store_intel":
		return parseCacheControl(p, mnemonic == "cache_control_store_intel")
	case "matrix_layout":
		return parseBracketed(p, func() (ir.Attribute, error) {
			v, err := parseLocalEnum(p, jointMatrixLayoutNames)
			return JointMatrixLayoutOf(p.Context(), JointMatrixLayout(v)), err
		})
	case "coop_matrix_layout":
		return parseBracketed(p, func() (ir.Attribute, error) {
			v, err := parseLocalEnum(p, coopMatrixLayoutNames)
			return CoopMatrixLayoutOf(p.Context(), CoopMatrixLayout(v)), err
		})
	}
	if e := tosaEnumByMnemonic(mnemonic); e != nil {
		return parseTosaEnumAttr(p, e)
	}
	if k := enumKindByMnemonic(mnemonic); k != nil {
		return parseBracketed(p, func() (ir.Attribute, error) {
			v, err := parseKeywordEnum(p, k, mnemonic)
			return Enum(p.Context(), k, v), err
		})
	}
	return nil, p.Errorf("unknown SPIR-V attribute: %s", mnemonic)
}

// parseBracketed parses `<` body `>`.
func parseBracketed(p *ir.Parser, body func() (ir.Attribute, error)) (ir.Attribute, error) {
	if err := p.ParsePunct("<"); err != nil {
		return nil, err
	}
	a, err := body()
	if err != nil {
		return nil, err
	}
	return a, p.ParsePunct(">")
}

// parseKeywordList parses `[a, b, ...]` of bare words.
func parseKeywordList(p *ir.Parser, each func(word string, at ir.Pos) error) error {
	if err := p.ParsePunct("["); err != nil {
		return err
	}
	if p.ParseOptionalPunct("]") {
		return nil
	}
	for {
		at := p.Pos()
		w, err := p.ParseKeywordAny()
		if err != nil {
			return err
		}
		if err := each(w, at); err != nil {
			return err
		}
		if !p.ParseOptionalPunct(",") {
			break
		}
	}
	return p.ParsePunct("]")
}

func parseVCE(p *ir.Parser) (ir.Attribute, error) {
	if err := p.ParsePunct("<"); err != nil {
		return nil, err
	}
	at := p.Pos()
	vs, err := p.ParseKeywordAny()
	if err != nil {
		return nil, err
	}
	v, err := spv.ParseVersion(vs)
	if err != nil || vs[0] != 'v' {
		return nil, ir.Errorf(p.LocAt(at), "unknown version: %s", vs)
	}
	if err := p.ParsePunct(","); err != nil {
		return nil, err
	}
	var caps []spv.Capability
	if err := parseKeywordList(p, func(w string, at ir.Pos) error {
		v, ok := ParseEnum(spv.KindCapability, w)
		if !ok {
			return ir.Errorf(p.LocAt(at), "unknown capability: %s", w)
		}
		caps = append(caps, spv.Capability(v))
		return nil
	}); err != nil {
		return nil, err
	}
	if err := p.ParsePunct(","); err != nil {
		return nil, err
	}
	var exts []string
	if err := parseKeywordList(p, func(w string, at ir.Pos) error {
		name, ok := ExtensionName(w)
		if !ok {
			return ir.Errorf(p.LocAt(at), "unknown extension: %s", w)
		}
		exts = append(exts, name)
		return nil
	}); err != nil {
		return nil, err
	}
	return VCE(p.Context(), v, caps, exts), p.ParsePunct(">")
}

// parseIntList parses [1, 2, 3] (or dense<[...]> : vector<Nxi32>) into ints.
func parseIntList(p *ir.Parser) ([]int64, error) {
	at := p.Pos()
	a, err := p.ParseAttribute(nil)
	if err != nil {
		return nil, err
	}
	switch a := a.(type) {
	case *ir.ArrayAttr:
		out := make([]int64, len(a.Elems))
		for i, e := range a.Elems {
			ia, ok := e.(*ir.IntegerAttr)
			if !ok {
				return nil, ir.Errorf(p.LocAt(at), "expected a list of integers")
			}
			out[i] = ia.Int()
		}
		return out, nil
	case *ir.DenseArrayAttr:
		if a.Ints != nil || a.Floats == nil {
			return clone(a.Ints), nil
		}
	case *ir.DenseElementsAttr:
		out := make([]int64, a.Len())
		for i := range out {
			out[i] = a.IntAt(i)
		}
		return out, nil
	}
	return nil, ir.Errorf(p.LocAt(at), "expected a list of integers")
}

func parseLimits(p *ir.Parser) (ir.Attribute, error) {
	l := DefaultResourceLimits()
	ints := map[string]*int64{
		"max_compute_shared_memory_size":    &l.MaxComputeSharedMemorySize,
		"max_compute_workgroup_invocations": &l.MaxComputeWorkgroupInvocations,
		"subgroup_size":                     &l.SubgroupSize,
		"min_subgroup_size":                 &l.MinSubgroupSize,
		"max_subgroup_size":                 &l.MaxSubgroupSize,
	}
	err := p.ParseStructParams(0, func(name string, at ir.Pos) error {
		if dst, ok := ints[name]; ok {
			v, err := p.ParseInteger()
			*dst = v
			return err
		}
		var err error
		switch name {
		case "max_compute_workgroup_size":
			var ws []int64
			if ws, err = parseIntList(p); err == nil && len(ws) != 3 {
				return ir.Errorf(p.LocAt(at), "max_compute_workgroup_size must have 3 values")
			}
			if err == nil {
				copy(l.MaxComputeWorkgroupSize[:], ws)
			}
		case "cooperative_matrix_properties_khr":
			l.CoopMatrixPropertiesKHR, err = p.ParseAttribute(nil)
		case "cooperative_matrix_properties_nv":
			l.CoopMatrixPropertiesNV, err = p.ParseAttribute(nil)
		default:
			return ir.Errorf(p.LocAt(at), "struct has no parameter named '%s'", name)
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	return Limits(p.Context(), l), nil
}

func parseTargetEnv(p *ir.Parser) (ir.Attribute, error) {
	if err := p.ParsePunct("<"); err != nil {
		return nil, err
	}
	t := TargetEnv{DeviceID: UnknownDeviceID}
	at := p.Pos()
	a, err := p.ParseAttribute(nil)
	if err != nil {
		return nil, err
	}
	var ok bool
	if t.VCE, ok = a.(*VCEAttr); !ok {
		return nil, ir.Errorf(p.LocAt(at), "expected #spirv.vce attribute")
	}
	if err := p.ParsePunct(","); err != nil {
		return nil, err
	}
	if p.ParseOptionalKeyword("api") {
		if err := p.ParsePunct("="); err != nil {
			return nil, err
		}
		v, err := parseLocalEnum(p, clientAPINames)
		if err != nil {
			return nil, err
		}
		t.API = ClientAPI(v)
		if err := p.ParsePunct(","); err != nil {
			return nil, err
		}
	}
	if !p.IsPunct("#") {
		if w, ok := p.ParseOptionalKeywordAny(); ok {
			if err := parseDeviceInfo(p, w, &t); err != nil {
				return nil, err
			}
			if err := p.ParsePunct(","); err != nil {
				return nil, err
			}
		}
	}
	at = p.Pos()
	if a, err = p.ParseAttribute(nil); err != nil {
		return nil, err
	}
	if t.Limits, ok = a.(*ResourceLimitsAttr); !ok {
		return nil, ir.Errorf(p.LocAt(at), "expected #spirv.resource_limits attribute")
	}
	return NewTargetEnv(p.Context(), t), p.ParsePunct(">")
}

// parseTarget parses #spirv.target's struct of parameters, in any order;
// vce and resource_limits are required.
func parseTarget(p *ir.Parser) (ir.Attribute, error) {
	t := TargetEnv{DeviceID: UnknownDeviceID}
	start := p.Pos()
	err := p.ParseStructParams(0, func(name string, at ir.Pos) error {
		switch name {
		case "vce":
			a, err := p.ParseAttribute(nil)
			if err != nil {
				return err
			}
			var ok bool
			if t.VCE, ok = a.(*VCEAttr); !ok {
				return ir.Errorf(p.LocAt(at), "failed to parse SPIRV_TargetAttr parameter 'vce' which is to be a `spirv::VerCapExtAttr`")
			}
		case "resource_limits":
			a, err := parseLimits(p)
			if err != nil {
				return err
			}
			t.Limits = a.(*ResourceLimitsAttr)
		case "client_api", "vendor_id", "device_type":
			names, dst := clientAPINames, (*uint32)(&t.API)
			if name == "vendor_id" {
				names, dst = vendorNames, (*uint32)(&t.Vendor)
			} else if name == "device_type" {
				names, dst = deviceTypeNames, (*uint32)(&t.DeviceType)
			}
			v, err := parseLocalEnum(p, names)
			if err != nil {
				return err
			}
			*dst = v
		case "device_id":
			n, err := p.ParseInteger()
			if err != nil {
				return err
			}
			if n < 0 || n > math.MaxUint32 {
				return ir.Errorf(p.LocAt(at), "device_id %d is out of range", n)
			}
			t.DeviceID = uint32(n)
		default:
			return ir.Errorf(p.LocAt(at), "duplicate or unknown struct parameter name: %s", name)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	switch {
	case t.VCE == nil:
		return nil, ir.Errorf(p.LocAt(start), "struct is missing required parameter: vce")
	case t.Limits == nil:
		return nil, ir.Errorf(p.LocAt(start), "struct is missing required parameter: resource_limits")
	}
	return NewTarget(p.Context(), t), nil
}

// parseDeviceInfo parses Vendor(:DeviceType(:ID)?)? after its first word.
func parseDeviceInfo(p *ir.Parser, vendor string, t *TargetEnv) error {
	at := p.Pos()
	v, ok := vendorNames.parse(vendor)
	if !ok {
		return ir.Errorf(p.LocAt(at), "unknown vendor: %s", vendor)
	}
	t.Vendor = Vendor(v)
	if !p.ParseOptionalPunct(":") {
		return nil
	}
	d, err := parseLocalEnum(p, deviceTypeNames)
	if err != nil {
		return err
	}
	t.DeviceType = DeviceType(d)
	if !p.ParseOptionalPunct(":") {
		return nil
	}
	id, err := p.ParseInteger()
	t.DeviceID = uint32(id)
	return err
}

func parseEntryPointABI(p *ir.Parser) (ir.Attribute, error) {
	var e EntryPointABI
	err := p.ParseStructParams(0, func(name string, at ir.Pos) error {
		switch name {
		case "workgroup_size", "local_size": // local_size = dense<...> : vector<3xi32> is the older spelling
			if name == "workgroup_size" && !p.IsPunct("[") {
				// MLIR reports the missing bracket, then the parameter.
				p.Context().Emit(ir.Errorf(p.Loc(), "expected '['"))
				return ir.Errorf(p.LocAt(at), "failed to parse SPIRV_EntryPointABIAttr parameter 'workgroup_size' which is to be a `DenseI32ArrayAttr`")
			}
			ws, err := parseIntList(p)
			if err != nil {
				return err
			}
			e.WorkgroupSize = make([]int32, len(ws))
			for i, v := range ws {
				e.WorkgroupSize[i] = int32(v)
			}
			return nil
		case "subgroup_size", "target_width":
			v, err := p.ParseInteger()
			if name == "subgroup_size" {
				e.SubgroupSize = int32(v)
			} else {
				e.TargetWidth = int32(v)
			}
			return err
		}
		return ir.Errorf(p.LocAt(at), "struct has no parameter named '%s'", name)
	})
	if err != nil {
		return nil, err
	}
	return NewEntryPointABI(p.Context(), e), nil
}

func parseInterfaceVarABI(p *ir.Parser) (ir.Attribute, error) {
	if err := p.ParsePunct("<"); err != nil {
		return nil, err
	}
	if err := p.ParsePunct("("); err != nil {
		return nil, err
	}
	var ids [2]int64
	for i, what := range []string{"descriptor set", "binding"} {
		if i > 0 {
			if err := p.ParsePunct(","); err != nil {
				return nil, err
			}
		}
		at := p.Pos()
		v, ok, err := p.ParseOptionalInteger()
		if err != nil || !ok {
			return nil, ir.Errorf(p.LocAt(at), "missing %s", what)
		}
		ids[i] = v
	}
	if err := p.ParsePunct(")"); err != nil {
		return nil, err
	}
	var sc *spv.StorageClass
	if p.ParseOptionalPunct(",") {
		v, err := parseKeywordEnum(p, spv.KindStorageClass, "storage class")
		if err != nil {
			return nil, err
		}
		s := spv.StorageClass(v)
		sc = &s
	}
	return InterfaceVarABI(p.Context(), uint32(ids[0]), uint32(ids[1]), sc), p.ParsePunct(">")
}

func parseLinkage(p *ir.Parser) (ir.Attribute, error) {
	var name string
	var lt uint32
	err := p.ParseStructParams(0, func(field string, at ir.Pos) error {
		var err error
		switch field {
		case "linkage_name":
			if p.IsString() {
				name, err = p.ParseString()
			} else {
				name, err = p.ParseKeywordAny()
			}
		case "linkage_type":
			_, err = parseBracketed(p, func() (ir.Attribute, error) {
				lt, err = parseKeywordEnum(p, spv.KindLinkageType, "linkage type")
				return nil, err
			})
		default:
			err = ir.Errorf(p.LocAt(at), "struct has no parameter named '%s'", field)
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	return Linkage(p.Context(), name, spv.LinkageType(lt)), nil
}

// parseCoopMatrixProps parses the parameters of #spirv.coop_matrix_props_khr
// or _nv; every one must be given (acc_sat only for KHR).
func parseCoopMatrixProps(p *ir.Parser, khr bool) (ir.Attribute, error) {
	a := CoopMatrixPropsAttr{KHR: khr}
	at := p.Pos()
	seen := map[string]bool{}
	err := p.ParseStructParams(0, func(name string, at ir.Pos) error {
		if seen[name] {
			return ir.Errorf(p.LocAt(at), "duplicate parameter '%s'", name)
		}
		seen[name] = true
		var err error
		switch name {
		case "m_size":
			a.M, err = p.ParseInteger()
		case "n_size":
			a.N, err = p.ParseInteger()
		case "k_size":
			a.K, err = p.ParseInteger()
		case "a_type":
			a.AType, err = p.ParseType()
		case "b_type":
			a.BType, err = p.ParseType()
		case "c_type":
			a.CType, err = p.ParseType()
		case "result_type":
			a.ResultType, err = p.ParseType()
		case "scope":
			var v uint32
			if p.IsPunct("<") {
				v, err = parseBracketedEnum(p, spv.KindScope)
			} else {
				var sa ir.Attribute
				if sa, err = p.ParseAttribute(nil); err == nil {
					e, ok := sa.(*EnumAttr)
					if !ok || e.Kind != spv.KindScope {
						return ir.Errorf(p.LocAt(at), "expected a scope")
					}
					v = e.Value
				}
			}
			a.Scope = spv.Scope(v)
		case "acc_sat":
			if !khr {
				return ir.Errorf(p.LocAt(at), "struct has no parameter named '%s'", name)
			}
			var w string
			if w, err = p.ParseKeywordAny(); err == nil && w != "true" && w != "false" {
				return ir.Errorf(p.LocAt(at), "expected true or false")
			}
			a.AccSat = w == "true"
		default:
			return ir.Errorf(p.LocAt(at), "struct has no parameter named '%s'", name)
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	want := []string{"m_size", "n_size", "k_size", "a_type", "b_type", "c_type", "result_type", "scope"}
	if khr {
		want = append(want, "acc_sat")
	}
	for _, w := range want {
		if !seen[w] {
			return nil, ir.Errorf(p.LocAt(at), "struct is missing required parameter: %s", w)
		}
	}
	return CoopMatrixProps(p.Context(), a), nil
}

// parseBracketedEnum parses `<Value>` of enum kind k.
func parseBracketedEnum(p *ir.Parser, k *spv.OperandKind) (uint32, error) {
	if err := p.ParsePunct("<"); err != nil {
		return 0, err
	}
	v, err := parseEnumAttrValue(p, k)
	if err != nil {
		return 0, err
	}
	return v, p.ParsePunct(">")
}

// parseCacheControl parses the parameters of #spirv.cache_control_load_intel
// or _store_intel: cache_level and the cache control, both required.
func parseCacheControl(p *ir.Parser, store bool) (ir.Attribute, error) {
	kind, names := "load", loadCacheControlNames
	if store {
		kind, names = "store", storeCacheControlNames
	}
	at := p.Pos()
	var level, control uint32
	var haveLevel, haveControl bool
	err := p.ParseStructParams(0, func(name string, at ir.Pos) error {
		switch name {
		case "cache_level":
			v, err := p.ParseInteger()
			if err == nil && (v < 0 || v > math.MaxUint32) {
				return ir.Errorf(p.LocAt(at), "cache_level out of range")
			}
			level, haveLevel = uint32(v), true
			return err
		case kind + "_cache_control":
			v, err := parseLocalEnum(p, names)
			control, haveControl = v, true
			return err
		}
		return ir.Errorf(p.LocAt(at), "struct has no parameter named '%s'", name)
	})
	if err != nil {
		return nil, err
	}
	if !haveLevel {
		return nil, ir.Errorf(p.LocAt(at), "struct is missing required parameter: cache_level")
	}
	if !haveControl {
		return nil, ir.Errorf(p.LocAt(at), "struct is missing required parameter: %s_cache_control", kind)
	}
	return CacheControl(p.Context(), store, level, control), nil
}

// KnownExtension reports whether name is a SPIR-V extension: one that the
// grammar's instructions or enumerants name, or one MLIR's dialect knows that
// adds none of them.
func KnownExtension(name string) bool {
	return knownExtensions()[name]
}

// ExtensionName returns the name of the extension s spells: s itself, or,
// for the SPIRV_ spelling that MLIR's extension enum had for a while after
// the dialect's 2022 rename (SPIRV_INTEL_joint_matrix), the SPV_ name it
// stands for, as older op names read as the current ones. ok is false for
// an unknown extension.
func ExtensionName(s string) (name string, ok bool) {
	if KnownExtension(s) {
		return s, true
	}
	if rest, found := strings.CutPrefix(s, "SPIRV_"); found && KnownExtension("SPV_"+rest) {
		return "SPV_" + rest, true
	}
	return "", false
}

var knownExtensions = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{}
	for _, n := range []string{"SPV_KHR_non_semantic_info", "SPV_ARM_tensors", "SPV_ARM_graph"} {
		m[n] = true
	}
	add := func(a spv.Availability) {
		for _, e := range a.Extensions {
			m[e] = true
		}
	}
	for _, o := range spv.Opcodes() {
		add(o.Availability)
	}
	for _, k := range spv.OperandKinds() {
		for _, e := range k.Enumerants {
			add(e.Availability)
		}
	}
	return m
})
